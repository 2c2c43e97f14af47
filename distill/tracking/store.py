"""MLflow set-up from ``mlflow.yaml``: tracking URI, artifact location, experiment names.

Precedence for the tracking URI: an explicit argument (the ``--tracking-uri`` flag),
then ``MLFLOW_TRACKING_URI``, then ``mlflow.yaml``. The file is looked up in the
working folder first, then beside the installed project.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import socket
import sys
import warnings
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from distill.errors import DistillError, first_line
from distill.files.atomic import file_lock
from distill.files.paths import check_name, check_output_file, check_output_folder
from distill.files.userfiles import read_yaml_mapping

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SQLITE_PREFIX = "sqlite:///"
# The tracking stores MLflow 3 knows (mlflow/tracking/_tracking_service/utils.py); "" is a local folder.
STORE_SCHEMES = ("", "file", "sqlite", "postgresql", "mysql", "mssql", "http", "https", "databricks")
TRIAL_STATE_TAG = "distill.trial_state"  # a sweep trial's run (sweeps.runs sets it); not resumed alone
DEFAULT_EXPERIMENTS = {
    "train": "distill-train",
    "evaluate": "distill-evaluate",
    "sweep": "distill-sweep",
    "bench": "distill-bench",
}

EXPERIMENT_DESCRIPTIONS = {
    "train": "Training runs (distill train): a student learns a teacher's word-embedding table; "
             "metrics per epoch, the student as the 'student' artifact.",
    "evaluate": "Evaluations (distill evaluate): the untouched model against its swapped students on the same "
                "samples per seed, with paired t-tests; tables and charts as artifacts.",
    "sweep": "Sweeps (distill sweep): one parent run per Optuna study with the summary and charts, one nested "
             "run per trial named after what it varies.",
    "bench": "Benchmarks (distill bench): training speed, time to quality and surgery costs.",
    "heads": "Pre-training heads (distill heads): BERT's MLM and NSP heads fitted to an encoder that has none; "
             "the training curve and the held-out accuracy of the model made.",
}
# MLflow 3's UI reads this experiment tag (mlflow/server/js: ExperimentKind); without it, it guesses.
EXPERIMENT_KIND_TAG, CLASSIC_KIND = "mlflow.experimentKind", "custom_model_development"
# MLflow 3.17's UI has a GenAI / "Model training" switch, GenAI by default, that overrides the tag above
# (mlflow/server/js, WorkflowTypeProvider: the URL's workflowType, else the browser's last choice): an
# address with this query opens the classic runs view (checked in headless Chromium).
CLASSIC_VIEW_QUERY = "workflowType=machine_learning"
LOCAL_UI = "http://127.0.0.1:5000"  # where `mlflow ui` serves by default
CONNECT_SECONDS = 10.0  # to open a connection to a tracking server


@dataclass(frozen=True)
class TrackingSettings:
    tracking_uri: str
    artifact_location: str
    experiments: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_EXPERIMENTS))


_UNSAFE_IN_NAMES = re.compile(r"[^\w.\-/: ]+")


# MLflow's limits (mlflow.utils.validation): a parameter's value, a tag's value, and any key (metric, param, tag).
PARAM_VALUE_MAX, TAG_VALUE_MAX, KEY_MAX = 6000, 8000, 250


def shortened(text: str, limit: int) -> str:
    """``text`` as it is when it has at most ``limit`` characters, else a readable prefix and a short hash of the
    whole (``<prefix>-<12 hex digits>``, ``limit`` characters): distinct texts stay distinct."""
    if len(text) <= limit:
        return text
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{text[:limit - len(digest) - 1]}-{digest}"


def safe_name(name: str) -> str:
    """``name`` as a valid MLflow metric or parameter name: what MLflow refuses (the ``+`` of ``pydoc+stdlib``)
    becomes ``_``."""
    return _UNSAFE_IN_NAMES.sub("_", name)

def _find_settings_file() -> Path | None:
    for folder in (Path.cwd(), PROJECT_ROOT):
        candidate = folder / "mlflow.yaml"
        if candidate.is_file():
            return candidate
    return None


def _absolute_sqlite(uri: str) -> str:
    """``sqlite:///rel.db`` → ``sqlite:////abs/rel.db`` so that every process agrees on the file."""
    if uri.startswith(SQLITE_PREFIX) and not uri.startswith(SQLITE_PREFIX + "/"):
        return SQLITE_PREFIX + str(Path.cwd() / uri[len(SQLITE_PREFIX) :])
    return uri


def read_settings_file(path: Path) -> dict[str, Any]:
    """``mlflow.yaml``: a mapping of known keys, each a string, ``experiments`` a mapping of strings."""
    raw = read_yaml_mapping(path, "MLflow settings file")
    unknown = set(raw) - {"tracking_uri", "artifact_location", "experiments"}
    if unknown:
        raise DistillError(f"{path}: unknown keys {sorted(unknown)}")
    for key in ("tracking_uri", "artifact_location"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise DistillError(f"{path}: {key} must be a string, got {raw[key]!r}")
    experiments = raw.get("experiments") or {}
    if not isinstance(experiments, dict) or not all(isinstance(name, str) for name in experiments.values()):
        raise DistillError(f"{path}: experiments must map a command to an experiment name, got {experiments!r}")
    return raw


def load_settings(tracking_uri: str | None = None) -> TrackingSettings:
    settings_file = _find_settings_file()
    raw = read_settings_file(settings_file) if settings_file is not None else {}
    if tracking_uri is not None:
        check_name(tracking_uri, "--tracking-uri")
    uri = tracking_uri or os.environ.get("MLFLOW_TRACKING_URI") or raw.get("tracking_uri") or "sqlite:///mlflow.db"
    check_name(uri, "MLflow tracking URI")
    artifacts = raw.get("artifact_location") or "./mlartifacts"
    if "://" not in artifacts:
        artifacts = Path(artifacts).resolve().as_uri()
    return TrackingSettings(
        tracking_uri=_absolute_sqlite(uri),
        artifact_location=artifacts,
        experiments={**DEFAULT_EXPERIMENTS, **(raw.get("experiments") or {})},
    )


def check_store(tracking_uri: str | None = None) -> TrackingSettings:
    """The tracking settings, refused in one line when their store's scheme is none MLflow knows; cheap
    (MLflow is not imported), so every command checks it before its first expensive step."""
    settings = load_settings(tracking_uri)
    scheme = urlparse(settings.tracking_uri).scheme.split("+")[0]
    if scheme not in STORE_SCHEMES:
        raise DistillError(f"cannot use the MLflow store {settings.tracking_uri}: unknown scheme {scheme!r}; "
                           f"use one of {', '.join(scheme + '://' for scheme in STORE_SCHEMES if scheme)} or a folder")
    location = local_store_path(settings.tracking_uri)
    if scheme in ("http", "https"):
        check_server(settings.tracking_uri)
    elif location is not None and scheme == "sqlite":
        check_output_file(location, "MLflow database")  # not a folder, writable
    elif location is not None:
        check_output_folder(location, "MLflow store folder")
    return settings


def local_store_path(uri: str) -> Path | None:
    """The file (a SQLite database) or folder that holds a local store; None for a server or a database server."""
    if uri.startswith(SQLITE_PREFIX):
        return Path(uri[len(SQLITE_PREFIX):])
    address = urlparse(uri)
    return Path(address.path) if address.scheme in ("", "file") else None


def configure_existing(kind: str, tracking_uri: str | None = None) -> str | None:
    """:func:`configure` where the configured store exists; None, and nothing made, where it is a local database or
    folder that does not exist. MLflow makes an empty store wherever it is first pointed: a command that only
    reads a run (a student, a run to resume) must not leave one behind when the run is not found."""
    location = local_store_path(check_store(tracking_uri).tracking_uri)
    if location is not None and not location.exists():
        return None
    return configure(kind, tracking_uri)


def check_server(uri: str) -> None:
    """A tracking server that accepts a connection within :data:`CONNECT_SECONDS`. MLflow's own client retries a
    refused request for minutes (``MLFLOW_HTTP_REQUEST_MAX_RETRIES`` 7, backoff factor 2: about 4 min) before
    it fails; a server that is not there is refused in one line before any work instead."""
    address = urlparse(uri)
    port = address.port or (443 if address.scheme == "https" else 80)
    try:
        with socket.create_connection((address.hostname or "", port), timeout=CONNECT_SECONDS):
            pass
    except OSError as error:
        reason = "no answer" if isinstance(error, TimeoutError) else error.strerror or first_line(error)
        raise DistillError(f"cannot reach the MLflow tracking server {uri}: {reason}") from None


def configure(kind: str, tracking_uri: str | None = None) -> str:
    """Point MLflow at the configured store and select the experiment for ``kind``.

    Returns the experiment id. ``kind`` is one of ``train``, ``evaluate``, ``sweep``, ``bench``.
    """
    import mlflow

    logging.getLogger("mlflow").setLevel(logging.WARNING)  # no "Creating initial MLflow database tables"
    logging.getLogger("alembic").setLevel(logging.WARNING)
    settings = check_store(tracking_uri)
    name = settings.experiments.get(kind, f"distill-{kind}")
    try:
        with store_lock(settings.tracking_uri):
            mlflow.set_tracking_uri(settings.tracking_uri)
            experiment = mlflow.get_experiment_by_name(name)
            tags = experiment_tags(kind)
            if experiment is None:
                experiment_id = mlflow.create_experiment(name, artifact_location=settings.artifact_location,
                                                         tags=tags)
            else:
                experiment_id = experiment.experiment_id
                client = mlflow.MlflowClient()
                for key, value in tags.items():  # experiments made before these tags existed
                    if key not in experiment.tags:
                        client.set_experiment_tag(experiment_id, key, value)
            mlflow.set_experiment(experiment_id=experiment_id)
    except Exception as error:  # the store's own errors (MLflow, SQLAlchemy, the file system) as one line
        raise DistillError(f"cannot use the MLflow store {settings.tracking_uri}: {first_line(error)}") from None
    return experiment_id


def experiment_tags(kind: str) -> dict[str, str]:
    """The experiment's description (shown above its runs) and its kind: MLflow 3's UI opens an
    experiment without a kind in its GenAI mode; this kind opens the classic runs and charts view."""
    return {"mlflow.note.content": EXPERIMENT_DESCRIPTIONS.get(kind, f"distill {kind} runs"),
            EXPERIMENT_KIND_TAG: CLASSIC_KIND}


def store_lock(uri: str) -> AbstractContextManager[None]:
    """For a SQLite store, a file lock beside the database: two processes creating the same new store
    at once would otherwise both run MLflow's table migrations and one would fail half-way."""
    if not uri.startswith(SQLITE_PREFIX):
        return nullcontext()
    database = Path(uri[len(SQLITE_PREFIX):])
    return file_lock(database.with_name(database.name + ".lock"))


def ui_command(tracking_uri: str, experiment_id: str | None = None) -> str:
    """The one command that shows ``tracking_uri``'s runs in the MLflow UI, with the ``mlflow`` that works:
    the one on the PATH, else the one beside this Python (the project's ``.venv/bin/mlflow``); with
    ``experiment_id``, also the address of that experiment's runs in the classic view."""
    if tracking_uri.startswith(("http://", "https://")):
        server, command = tracking_uri.rstrip("/"), "open"
    else:
        executable = "mlflow" if shutil.which("mlflow") else str(Path(sys.executable).with_name("mlflow"))
        server, command = LOCAL_UI, f"{executable} ui --backend-store-uri {tracking_uri}"
    if experiment_id is None:
        return f"open {server} in a browser" if command == "open" else command
    page = f"{server}/#/experiments/{experiment_id}?{CLASSIC_VIEW_QUERY}"
    return f"open {page}" if command == "open" else f"{command}   then open {page}"


def run_experiment(run_id: str) -> str:
    """The experiment ``run_id`` belongs to (on the tracking URI in use)."""
    import mlflow

    return mlflow.get_run(run_id).info.experiment_id


def dataset_source(source: str) -> Any:
    """``source`` as an MLflow ``DatasetSource``: a local file or URI MLflow resolves as it is; any other
    name (a split or joined corpus such as ``pydoc:heldout`` or ``pydoc+stdlib``, which MLflow would read as
    an unknown URI scheme) as a source that only carries the name."""
    from mlflow.data.code_dataset_source import CodeDatasetSource
    from mlflow.data.dataset_source_registry import resolve_dataset_source
    from mlflow.exceptions import MlflowException

    if Path(source).exists():
        try:
            return resolve_dataset_source(str(Path(source).resolve()))
        except MlflowException:
            pass
    return CodeDatasetSource(tags={"distill.source": source})


def log_dataset_input(name: str, digest: str, source: str, context: str, columns: dict[str, Any]) -> None:
    """Record what the active run read as an MLflow dataset input (shown in the run's "Datasets" panel,
    comparable across runs by ``digest``): ``columns`` are its arrays, ``source`` where it came from.
    Recording is secondary to the results: a failure is a one-line warning on stderr, never an exception."""
    import mlflow
    import pandas as pd
    from mlflow.data.pandas_dataset import from_pandas  # what `mlflow.data.from_pandas` is bound to at import

    with warnings.catch_warnings():  # MLflow's guesses about the source's kind and integer columns
        warnings.simplefilter("ignore", UserWarning)
        try:
            dataset = from_pandas(pd.DataFrame(columns), source=dataset_source(source), name=name, digest=digest)
            try:
                mlflow.log_input(dataset, context=context)
            except mlflow.exceptions.MlflowException:
                # Two runs (sweep workers) logging the same new dataset at once: MLflow checks, then inserts,
                # and the slower insert breaks the unique key. The dataset exists now; link to it.
                mlflow.log_input(dataset, context=context)
        except Exception as failure:  # noqa: BLE001 - any recording failure leaves the results intact
            print(f"warning: dataset {name!r} not recorded as an MLflow input: {first_line(failure)}",
                  file=sys.stderr)

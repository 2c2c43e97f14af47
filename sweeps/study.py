"""The Optuna side of a sweep, built from its spec: storage, study, sampler, pruner, the budget, and the worker
loop that runs trials until the budget is spent.

Workers. Each worker loops (:func:`work`): it runs one trial while the budget has room or a trial waits to be
retried; it idles (failing stale trials) while only other workers' trials are running; it stops when nothing is
left. Workers on several machines cooperate the same way through one database (``sweeps.runner`` starts them).
The accounting of its trials (lost, retried, counted against the budget): :mod:`sweeps.accounting`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import socket
import threading
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import optuna
import sqlalchemy
from optuna.storages import RDBStorage
from optuna.trial import FrozenTrial

from distill.errors import DistillError, first_line
from sweeps.accounting import MAX_RETRIES, progress, requeue, retry_history
from sweeps.carry import CarriedStudy
from sweeps.document import ResultsDocument
from sweeps.options import check_trial_count, duration_text, parsed_storage_url
from sweeps.runs import PARENT_RUN_ATTR, mark_trial_run
from sweeps.space import Choice
from sweeps.spec import GRID, PRUNERS, Heartbeat, SweepSpec, experimental_api
from sweeps.trial import TrialObjective, axis
from sweeps.trial_record import TrialRecord

if TYPE_CHECKING:
    from sweeps.evaluation import TrialEvaluator

DEFAULT_STORAGE = "sqlite:///optuna.db"

# Study user attributes (a trial's are its TrialRecord)
SPEC_ATTR = "distill.spec"  # fingerprint of the sweep file the study belongs to
SOURCE_ATTR = "distill.source"
# Left out of a fingerprint at their default (_bound_evaluation).
LATER_EVALUATION_SETTINGS = ("correct_spelling", "truth_spelling")
TRIAL_TIME_ATTR = "distill.trial_time"  # time_per_trial and fill_time: what each trial trains for
INTERRUPTED = threading.Event()  # set in a worker by its SIGINT handler, even where the exception is dropped


@dataclass(frozen=True)
class WorkerJob:
    """Everything a worker process needs (picklable: it crosses the spawn boundary)."""

    spec: SweepSpec
    storage: str
    study_name: str
    budget: int
    parent_run_id: str
    tracking_uri: str
    quiet: bool
    rank: int = 0
    threads: int | None = None
    results: ResultsDocument | None = None
    carry: CarriedStudy | None = None  # the study's SQL dump, rewritten after every trial (sweeps.carry)


def work(job: WorkerJob, evaluator: TrialEvaluator | None = None) -> None:
    """The worker loop (see the module docstring); ``evaluator``: one already prepared in this process."""
    spec = job.spec
    study = optuna.load_study(study_name=job.study_name, storage=open_storage(job.storage, spec.heartbeat))
    study.sampler = build_sampler(spec, f"{socket.gethostname()}/{job.rank}/{len(study.trials)}")
    study.pruner = build_pruner(spec)
    if evaluator is None and spec.evaluation is not None:
        from sweeps.evaluation import TrialEvaluator

        evaluator = TrialEvaluator(spec.evaluation, quiet=job.quiet)
    objective = TrialObjective(spec, parent_run_id=job.parent_run_id, tracking_uri=job.tracking_uri,
                               quiet=job.quiet, evaluator=evaluator)
    while True:
        if INTERRUPTED.is_set():  # a Ctrl-C that a library's cleanup callback swallowed
            raise KeyboardInterrupt
        state = progress(study)
        if state.waiting or state.remaining(job.budget) > 0:
            study.optimize(objective, n_trials=1, catch=(Exception,), gc_after_trial=True)
            if job.results is not None:
                job.results.update(study, spec)
            if job.carry is not None:
                job.carry.write()
        elif state.running:
            with experimental_api():
                optuna.storages.fail_stale_trials(study)
            time.sleep(spec.heartbeat.interval)
        else:
            return


# --- what the spec makes of the study ----------------------------------------------------------------------


def grid(spec: SweepSpec) -> dict[str, list[Any]]:
    """Each parameter's values: a grid's search space (its parameters are choices; a range is refused when the
    file is read)."""
    values = {}
    for parameter in spec.space:
        assert isinstance(parameter, Choice), "a grid's space holds choices only"
        values[parameter.name] = list(parameter.values)
    return values


def trial_budget(spec: SweepSpec, n_trials: int | None = None) -> int:
    """How many trials the study runs: every grid point and every point beside it (at most ``n_trials``), or the
    search's budget (``n_trials``, default the file's)."""
    check_trial_count(n_trials)
    requested = n_trials if n_trials is not None else spec.n_trials
    if spec.sampler.kind == GRID:
        size = math.prod(len(values) for values in grid(spec).values()) + len(spec.points)
        return min(size, requested or size)
    assert requested is not None, "a search's file names n_trials (checked when it is read)"
    return requested


def fingerprint(spec: SweepSpec) -> str:
    """What a study is bound to: resuming it with a different search (budget aside) is refused."""
    content = {"sampler": spec.sampler, "seed": spec.seed, "fixed": spec.fixed, "space": spec.space,
               "objective": spec.objective, "pruner": spec.pruner, "evaluation": _bound_evaluation(spec)}
    if spec.points:  # a study started before points existed keeps its fingerprint
        content["points"] = spec.points
    text = json.dumps(_plain(content), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _bound_evaluation(spec: SweepSpec) -> dict[str, Any] | None:
    """The evaluation settings a study is bound to: all of them, but a setting added after studies were shipped
    (:data:`LATER_EVALUATION_SETTINGS`) while it stays at its default, so that those studies keep their fingerprint."""
    if spec.evaluation is None:
        return None
    defaults = {field.name: field.default for field in dataclasses.fields(spec.evaluation)}
    return {name: value for name, value in _plain(spec.evaluation).items()
            if not (name in LATER_EVALUATION_SETTINGS and value == defaults[name])}


def fingerprints_before_last_points(spec: SweepSpec) -> set[str]:
    """The fingerprints of ``spec`` with only its first points (none, one, ... all but the last): a study started
    from the file before points were appended to it resumes with them (:func:`open_study`), as a grid extended
    with new students, or a search given a new known recipe, should."""
    return {fingerprint(dataclasses.replace(spec, points=spec.points[:count])) for count in range(len(spec.points))}


def refuse_new_choices(spec: SweepSpec, recorded: str, name: str) -> None:
    """Refuse, in one line, points appended to a grid's file that give a parameter a value its study never had
    (``student: retvec-w1344`` beside a grid of BytesCNNs): Optuna keeps a parameter's choices for a study's life."""
    count = next(count for count in range(len(spec.points))
                 if fingerprint(dataclasses.replace(spec, points=spec.points[:count])) == recorded)
    earlier = dataclasses.replace(spec, points=spec.points[:count])
    for parameter in spec.space:
        if isinstance(parameter, Choice):
            new = [value for value in axis(parameter, spec) if value not in axis(parameter, earlier)]
            if new:
                raise DistillError(f"the points appended to study {name!r} give {parameter.name} the value "
                                   f"{new[0]!r}, which its trials never had (Optuna keeps a parameter's choices "
                                   "for a study's life); run them in a study of their own: --study NEW_NAME")


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {item.name: _plain(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def build_pruner(spec: SweepSpec) -> optuna.pruners.BasePruner:
    return PRUNERS[spec.pruner.kind](**spec.pruner.options)


# --- storage and study ------------------------------------------------------------------------------------


def storage_url(url: str | None) -> str:
    """``url`` (default ``sqlite:///optuna.db``) with a relative SQLite path made absolute."""
    parsed = parsed_storage_url(url or DEFAULT_STORAGE)
    database = parsed.database
    if parsed.get_backend_name() == "sqlite" and database and database != ":memory:":
        path = Path(database).expanduser().resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        parsed = parsed.set(database=str(path))
    return parsed.render_as_string(hide_password=False)


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite storage URL (``None`` for other databases and in-memory SQLite)."""
    parsed = sqlalchemy.engine.make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def discard_unstarted(study: optuna.Study, storage: RDBStorage, created_file: Path | None) -> None:
    """Undo a refused sweep: delete ``study`` if it has no trial, and ``created_file`` (the SQLite
    file this sweep created) if no study is left in it."""
    if study.trials:
        return
    optuna.delete_study(study_name=study.study_name, storage=storage)
    if created_file is not None and not optuna.get_all_study_summaries(storage):
        storage.engine.dispose()
        created_file.unlink(missing_ok=True)


def display_url(url: str) -> str:
    """The URL with its password masked, for messages and MLflow tags."""
    return sqlalchemy.engine.make_url(url).render_as_string(hide_password=True)


def open_storage(url: str, heartbeat: Heartbeat) -> RDBStorage:
    """An ``RDBStorage`` with heartbeats; lost trials are failed, re-queued and their MLflow runs failed."""
    sqlite = sqlalchemy.engine.make_url(url).get_backend_name() == "sqlite"
    engine_kwargs = {"connect_args": {"timeout": 120}} if sqlite else {"pool_pre_ping": True}
    try:
        with experimental_api():
            return RDBStorage(url, engine_kwargs=engine_kwargs, heartbeat_interval=heartbeat.interval,
                              grace_period=heartbeat.grace_period, heartbeat_stale_trial_callback=_retry_lost_trial)
    except ImportError as error:
        cause = error.__cause__ or error  # optuna re-raises the driver's ModuleNotFoundError
        raise DistillError(
            f"no database driver for {display_url(url)} ({cause}); for PostgreSQL install psycopg2-binary "
            "(pip install 'embedding-distill-workbench[postgres]') and write postgresql+psycopg2://..."
        ) from None
    except sqlalchemy.exc.SQLAlchemyError as error:
        cause = getattr(error, "orig", None) or error  # a DBAPIError's driver error
        raise DistillError(f"cannot open the study storage {display_url(url)}: {first_line(cause)}") from None


class GridSampler(optuna.samplers.GridSampler):
    """Optuna's grid sampler, letting the points run beside the grid (``points:``, enqueued) finish: they have no
    grid id, and Optuna's ``after_trial`` reads one once a single grid point is left."""

    def after_trial(self, study: optuna.Study, trial: FrozenTrial, state: optuna.trial.TrialState,
                    values: Sequence[float] | None) -> None:
        if "grid_id" in trial.system_attrs:
            super().after_trial(study, trial, state, values)


def build_sampler(spec: SweepSpec, worker_key: str = "") -> optuna.samplers.BaseSampler:
    """:class:`GridSampler` with the file's seed (every worker must shuffle the grid alike), or ``TPESampler``.

    A TPE worker's seed mixes in ``worker_key`` (host, rank, trials so far) so that workers
    and resumed runs do not draw the same random start-up points.
    """
    if spec.sampler.kind == GRID:
        return GridSampler(grid(spec), seed=spec.seed)
    with experimental_api():
        return optuna.samplers.TPESampler(seed=zlib.crc32(f"{spec.seed}/{worker_key}".encode()),
                                          **spec.sampler.options)


def open_study(spec: SweepSpec, storage: RDBStorage, name: str, worker_key: str = "") -> optuna.Study:
    """Create the study, or load it to resume; a study made from another sweep file is refused."""
    study = optuna.create_study(storage=storage, study_name=name, direction=spec.objective.direction,
                                load_if_exists=True, sampler=build_sampler(spec, worker_key),
                                pruner=build_pruner(spec))
    recorded = study.user_attrs.get(SPEC_ATTR)
    if recorded is None:
        study.set_user_attr(SPEC_ATTR, fingerprint(spec))
        study.set_user_attr(SOURCE_ATTR, spec.source)
    elif recorded in fingerprints_before_last_points(spec):  # the file appended points: they run, the rest is kept
        refuse_new_choices(spec, recorded, name)
        study.set_user_attr(SPEC_ATTR, fingerprint(spec))
    elif recorded != fingerprint(spec):
        raise DistillError(
            f"study {name!r} in {display_url(storage.url)} was started from a different sweep "
            f"({study.user_attrs.get(SOURCE_ATTR)}); restore that file to resume it, or pass --study NEW_NAME"
        )
    bind_trial_time(study, spec, name, storage)
    return study


def trial_time(spec: SweepSpec) -> dict[str, Any]:
    """What each trial of ``spec`` trains for: its ``time_per_trial`` in seconds (None: its epochs as they are) and
    whether a trial that would end sooner fills it."""
    return {"seconds": spec.seconds_per_trial, "fill": spec.fill_time}


def trial_time_text(recorded: Mapping[str, Any]) -> str:
    """A :func:`trial_time` for people: ``15 min, filled``, ``at most 15 min`` or ``its epochs, untimed``."""
    if recorded["seconds"] is None:
        return "its epochs, untimed"
    seconds = duration_text(recorded["seconds"])
    return f"{seconds}, filled" if recorded["fill"] else f"at most {seconds}"


def bind_trial_time(study: optuna.Study, spec: SweepSpec, name: str, storage: RDBStorage) -> None:
    """Bind the study to its file's training time a trial: trials that trained for other times do not compare, so
    resuming with another ``time_per_trial`` or ``fill_time`` is refused. The fingerprint leaves the time out (a
    study started before the time was recorded keeps its fingerprint); such a study takes its file's time."""
    recorded, wanted = study.user_attrs.get(TRIAL_TIME_ATTR), trial_time(spec)
    if recorded is None:
        study.set_user_attr(TRIAL_TIME_ATTR, wanted)
    elif recorded != wanted:
        raise DistillError(
            f"study {name!r} in {display_url(storage.url)} trains each trial for {trial_time_text(recorded)}, not "
            f"{trial_time_text(wanted)} as its file now says; restore time_per_trial and fill_time to resume it, or "
            "pass --study NEW_NAME")


def enqueue_points(study: optuna.Study, spec: SweepSpec, budget: int) -> None:
    """Queue, in the file's order, the points (beside a grid, or a search's known recipes) that the study does not
    hold yet (a resumed study keeps its own), as many as ``budget`` still has room for; they run before the trials
    the sampler draws next."""
    held = [(trial.system_attrs.get("fixed_params"), TrialRecord.from_trial(trial).settings)
            for trial in study.get_trials(deepcopy=False) if "grid_id" not in trial.system_attrs]
    missing = [point for point in spec.points if (point.params, point.settings) not in held]
    for point in missing[:max(0, progress(study).remaining(budget))]:
        study.enqueue_trial(point.params, user_attrs=TrialRecord(settings=point.settings).to_attrs())


def _retry_lost_trial(study: optuna.Study, trial: FrozenTrial) -> None:
    """Heartbeat-stale callback: re-queue the trial (within MAX_RETRIES) and fail its MLflow run, which
    nobody will end."""
    queued_again = len(retry_history(trial)) < MAX_RETRIES  # Optuna's own test in RetryHeartbeatStaleTrialCallback
    requeue(study, trial)
    parent = study.user_attrs.get(PARENT_RUN_ATTR)
    if parent:
        worker = TrialRecord.from_trial(trial).worker or "?"
        outcome = "trial queued again" if queued_again else f"left failed after {MAX_RETRIES} retries"
        mark_trial_run(parent, trial, "FAIL", f"worker {worker} lost (no heartbeat); {outcome}")

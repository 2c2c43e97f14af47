"""The Optuna side of a sweep: storage, study, samplers, and the accounting that makes resuming exact.

Lost and interrupted trials. Every worker records a heartbeat for its running trial
(``RDBStorage(heartbeat_interval=...)``). A trial whose heartbeat stops — its worker was
SIGKILLed, crashed, or its machine went away — is failed by the next worker that looks
(``optuna.storages.fail_stale_trials``) and re-queued with the same parameters by
``RetryHeartbeatStaleTrialCallback``; a trial stopped by Ctrl-C is re-queued the same
way by its own worker. The failed attempt stays in the study, *superseded* by its retry.

Budget. A study runs ``budget`` trials: superseded attempts and grid duplicates do not
count. Grid points are handed out by ``GridSampler`` (trial ``n`` gets point ``n`` of a
seeded shuffle, later trials an unvisited point), so several workers never pick the same
point unless the last points race; such a *surplus* trial is detected when it starts and
ends pruned without running (``TrialRecord.surplus``).
"""

from __future__ import annotations

import os
import socket
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import optuna
import sqlalchemy
from optuna.storages import RDBStorage, RetryHeartbeatStaleTrialCallback
from optuna.trial import FrozenTrial, TrialState

from distill.errors import DistillError, first_line
from sweeps.spec import Heartbeat, SweepSpec, experimental_api
from sweeps.trial_record import TrialRecord
from sweeps.trial_runs import mark_trial_run

DEFAULT_STORAGE = "sqlite:///optuna.db"
MAX_RETRIES = 2  # lost trials are queued again at most this many times; the next loss leaves it failed

# Study user attributes (a trial's are its TrialRecord)
SPEC_ATTR = "distill.spec"  # fingerprint of the sweep file the study belongs to
SOURCE_ATTR = "distill.source"
PARENT_RUN_ATTR = "distill.mlflow_parent_run"


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# --- storage and study ------------------------------------------------------------------------------------


def storage_url(url: str | None) -> str:
    """``url`` (default ``sqlite:///optuna.db``) with a relative SQLite path made absolute."""
    url = url or DEFAULT_STORAGE
    try:
        parsed = sqlalchemy.engine.make_url(url)
    except sqlalchemy.exc.ArgumentError:
        raise DistillError(
            f"--storage {url!r} is not a database URL (sqlite:///optuna.db, postgresql://user@host/db, ...)"
        ) from None
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


def build_sampler(spec: SweepSpec, worker_key: str = "") -> optuna.samplers.BaseSampler:
    """``GridSampler`` with the file's seed (every worker must shuffle the grid alike), or ``TPESampler``.

    A TPE worker's seed mixes in ``worker_key`` (host, rank, trials so far) so that workers
    and resumed runs do not draw the same random start-up points.
    """
    if spec.is_grid:
        return optuna.samplers.GridSampler(spec.grid(), seed=spec.seed)
    with experimental_api():
        return optuna.samplers.TPESampler(seed=zlib.crc32(f"{spec.seed}/{worker_key}".encode()),
                                          **spec.sampler.options)


def open_study(spec: SweepSpec, storage: RDBStorage, name: str, worker_key: str = "") -> optuna.Study:
    """Create the study, or load it to resume; a study made from another sweep file is refused."""
    study = optuna.create_study(storage=storage, study_name=name, direction=spec.objective.direction,
                                load_if_exists=True, sampler=build_sampler(spec, worker_key),
                                pruner=spec.pruner.build())
    recorded = study.user_attrs.get(SPEC_ATTR)
    if recorded is None:
        study.set_user_attr(SPEC_ATTR, spec.fingerprint())
        study.set_user_attr(SOURCE_ATTR, spec.source)
    elif recorded != spec.fingerprint():
        raise DistillError(
            f"study {name!r} in {display_url(storage.url)} was started from a different sweep "
            f"({study.user_attrs.get(SOURCE_ATTR)}); restore that file to resume it, or pass --study NEW_NAME"
        )
    return study


# --- accounting -------------------------------------------------------------------------------------------


def retry_history(trial: FrozenTrial) -> list[int]:
    """The attempts ``trial`` retries, oldest first (empty for a first attempt)."""
    with experimental_api():
        return RetryHeartbeatStaleTrialCallback.retry_history(trial)


def retry_of(trials: Iterable[FrozenTrial]) -> dict[int, int]:
    """Superseded attempt number → the number of the trial that retried it."""
    return {retry_history(trial)[-1]: trial.number for trial in trials if retry_history(trial)}


def superseded(trials: Iterable[FrozenTrial]) -> set[int]:
    """Numbers of failed attempts that a retry replaced (each attempt of a chain is the last
    one retried by the next)."""
    return set(retry_of(trials))


@dataclass(frozen=True)
class SweepTrials:
    """A study's trials as its summary reads them, each trial's record decoded once."""

    listed: list[tuple[FrozenTrial, TrialRecord]]  # every trial but the grid duplicates (``surplus``)
    retried: dict[int, int]  # superseded attempt → the trial that retried it (:func:`retry_of`)

    @classmethod
    def of(cls, study: optuna.Study) -> SweepTrials:
        trials = study.get_trials(deepcopy=False)
        records = [(trial, TrialRecord.from_trial(trial)) for trial in trials]
        return cls([(trial, record) for trial, record in records if not record.surplus], retry_of(trials))

    def complete(self) -> list[tuple[FrozenTrial, TrialRecord]]:
        return [(trial, record) for trial, record in self.listed if trial.state == TrialState.COMPLETE]


@dataclass(frozen=True)
class Progress:
    counted: int  # trials that use the budget: done, running or waiting, retries included
    waiting: int
    running: int

    def remaining(self, budget: int) -> int:
        return budget - self.counted

    def finished(self, budget: int) -> bool:
        return self.remaining(budget) <= 0 and not self.waiting and not self.running


def progress(study: optuna.Study) -> Progress:
    trials = study.get_trials(deepcopy=False)
    replaced = superseded(trials)
    counted = [trial for trial in trials if trial.number not in replaced and not TrialRecord.from_trial(trial).surplus]
    return Progress(
        counted=len(counted),
        waiting=sum(trial.state == TrialState.WAITING for trial in trials),
        running=sum(trial.state == TrialState.RUNNING for trial in trials),
    )


def is_grid_duplicate(study: optuna.Study, number: int) -> bool:
    """Whether an earlier live trial already holds the grid point that trial ``number`` was given."""
    trials = {trial.number: trial for trial in study.get_trials(deepcopy=False)}
    replaced = superseded(trials.values())
    grid_id = trials[number].system_attrs.get("grid_id")
    return any(
        trial.number < number and trial.system_attrs.get("grid_id") == grid_id
        and trial.number not in replaced and not TrialRecord.from_trial(trial).surplus
        for trial in trials.values()
    )


def frozen(study: optuna.Study, number: int) -> FrozenTrial:
    return next(trial for trial in study.get_trials(deepcopy=False) if trial.number == number)


def requeue(study: optuna.Study, trial: FrozenTrial, max_retry: int | None = MAX_RETRIES) -> None:
    """Queue ``trial``'s parameters again as a WAITING trial that supersedes it."""
    with experimental_api():
        RetryHeartbeatStaleTrialCallback(max_retry=max_retry)(study, trial)


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

"""A study's trials, accounted for: which count against the budget, which a retry replaced, which are surplus.

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
from collections.abc import Iterable
from dataclasses import dataclass

import optuna
from optuna.storages import RetryHeartbeatStaleTrialCallback
from optuna.trial import FrozenTrial, TrialState

from sweeps.spec import experimental_api
from sweeps.trial_record import TrialRecord

MAX_RETRIES = 2  # lost trials are queued again at most this many times; the next loss leaves it failed


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


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
        return self.unfinished(budget) <= 0

    def unfinished(self, budget: int) -> int:
        """Trials not done yet: those still to start, queued retries, and those running (a running trial whose
        worker was lost is retried once its heartbeat is found stale)."""
        return max(self.remaining(budget), 0) + self.waiting + self.running


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
    if grid_id is None:  # a point beside the grid, queued once
        return False
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



"""Pruning trials whose epochs differ: Optuna's median rule, with each learning curve read at the same share of its
training (:class:`ShareMedianPruner`).

Optuna's :class:`~optuna.pruners.MedianPruner` compares a trial's value at epoch *n* with the completed trials'
values at epoch *n*. Under ``time_per_trial`` each trial gets the epochs that fit its time, so the trials of one
study run for different numbers of epochs (RETVec's study: 82 to 142 table epochs), and late in a long trial only
the trials fitted to as many epochs still have values: a trial at epoch 120 of 130 was compared with the one complete
trial that had reached epoch 120, a trial at epoch 60 of 80 with trials at a third of their schedule. Here the
trial's epoch is read as its place in its training (the share of its table phase, then of its context phase; the
two phases' epochs are in its configuration, :class:`Phases`), and each completed trial's
curve is read at the same place, linearly between the epochs it reported. Where every trial has the same epochs it
is Optuna's median rule. A trial is not judged while its learning rate still warms up (a ``warmup-cosine``
schedule's ``warmup_fraction`` of its table phase): the studies search the warm-up's length, and a trial that
ramps its rate for a fifth of its training would otherwise be judged on its first steps against trials at full rate.
"""

from __future__ import annotations

import bisect
import math
import statistics
from dataclasses import dataclass

import optuna
from optuna.study import StudyDirection
from optuna.trial import FrozenTrial, TrialState

from sweeps.trial_record import TrialRecord


@dataclass(frozen=True)
class Phases:
    """A trial's training as its configuration records it: table and context epochs, and the share of the table
    phase its learning rate warms up for (0 without a ``warmup-cosine`` schedule)."""

    table: int
    context: int
    warmup: float

    @classmethod
    def of(cls, trial: FrozenTrial) -> Phases | None:
        """``trial``'s phases; ``None`` for a trial without its epochs on record."""
        config = TrialRecord.from_trial(trial).config
        if not config.get("epochs"):
            return None
        warmup = config.get("warmup_fraction", 0.0) if config.get("schedule") == "warmup-cosine" else 0.0
        return cls(config["epochs"], config.get("context_epochs") or 0, warmup)

    def place(self, epoch: float) -> float:
        """Where ``epoch`` lies in the training: 0 to 1 over the table epochs, 1 to 2 over the context epochs."""
        if epoch <= self.table or not self.context:
            return epoch / self.table
        return 1 + (epoch - self.table) / self.context

    def epoch(self, place: float) -> float | None:
        """The epoch (fractional) at ``place`` (the inverse of :meth:`place`); ``None`` past a phase it lacks."""
        if place <= 1:
            return place * self.table
        return self.table + (place - 1) * self.context if self.context else None


def value_at(curve: dict[int, float], epoch: float) -> float | None:
    """``curve`` (epoch → value) at ``epoch``, linearly between the two epochs around it; ``None`` outside it."""
    epochs = sorted(step for step, value in curve.items() if math.isfinite(value))
    if not epochs or not epochs[0] <= epoch <= epochs[-1]:
        return None
    after = bisect.bisect_left(epochs, epoch)
    if epochs[after] == epoch:
        return curve[epochs[after]]
    low, high = epochs[after - 1], epochs[after]
    share = (epoch - low) / (high - low)
    return curve[low] + share * (curve[high] - curve[low])


class ShareMedianPruner(optuna.pruners.BasePruner):
    """Prunes a trial whose best value so far is worse than the median of the completed trials' values at the same
    place in their training, once its learning rate has warmed up. The options are
    :class:`~optuna.pruners.MedianPruner`'s: nothing is pruned before ``n_startup_trials`` trials are complete,
    before the trial's epoch ``n_warmup_steps``, between the epochs that ``interval_steps`` names, nor where fewer
    than ``n_min_trials`` completed curves reach the trial's place."""

    def __init__(self, n_startup_trials: int = 5, n_warmup_steps: int = 0, interval_steps: int = 1,
                 n_min_trials: int = 1) -> None:
        if n_startup_trials < 0 or n_warmup_steps < 0 or interval_steps < 1 or n_min_trials < 1:
            raise ValueError("n_startup_trials and n_warmup_steps must be ≥ 0, interval_steps and n_min_trials ≥ 1")
        self.n_startup_trials, self.n_warmup_steps = n_startup_trials, n_warmup_steps
        self.interval_steps, self.n_min_trials = interval_steps, n_min_trials

    def prune(self, study: optuna.Study, trial: FrozenTrial) -> bool:
        completed = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
        step = trial.last_step
        if step is None or len(completed) < max(self.n_startup_trials, 1) or step < self.n_warmup_steps:
            return False
        if not self._first_in_interval(step, trial):
            return False
        maximize = study.direction == StudyDirection.MAXIMIZE
        reported = [value for value in trial.intermediate_values.values() if math.isfinite(value)]
        if not reported:
            return True
        best = max(reported) if maximize else min(reported)
        phases = Phases.of(trial)
        if phases is None:
            return False
        place = phases.place(step)
        if place < phases.warmup:
            return False
        others = [value for other in completed
                  if (their := Phases.of(other)) is not None and (epoch := their.epoch(place)) is not None
                  and (value := value_at(other.intermediate_values, epoch)) is not None]
        if len(others) < self.n_min_trials:
            return False
        median = statistics.median(others)
        return best < median if maximize else best > median

    def _first_in_interval(self, step: int, trial: FrozenTrial) -> bool:
        """Whether ``step`` is the first reported epoch of its interval (as Optuna's percentile pruner decides)."""
        interval_start = (step - self.n_warmup_steps) // self.interval_steps * self.interval_steps
        previous = max((earlier for earlier in trial.intermediate_values if earlier != step), default=-1)
        return previous < interval_start + self.n_warmup_steps

"""Pruning trials whose epochs differ: Optuna's median rule, with each learning curve read at the same share of its
training (:class:`ShareMedianPruner`).

Optuna's :class:`~optuna.pruners.MedianPruner` compares a trial's value at epoch *n* with the completed trials'
values at epoch *n*. Under ``time_per_trial`` each trial gets the epochs that fit its time, so the trials of one
study run for different numbers of epochs (RETVec's study: 82 to 142 table epochs), and late in a long trial only
the trials fitted to as many epochs still have values: a trial at epoch 120 of 130 was compared with the one complete
trial that had reached epoch 120, a trial at epoch 60 of 80 with trials at a third of their schedule. Here the
trial's epoch is read as its place in its training (the share of its table phase, then of its context phase; the
two phases' epochs are in its configuration, :class:`~sweeps.trial_record.TrialRecord`), and each completed trial's
curve is read at the same place, linearly between the epochs it reported. Where every trial has the same epochs it
is Optuna's median rule. A trial is not judged while its learning rate still warms up (a ``warmup-cosine``
schedule's ``warmup_fraction`` of its table phase): the studies search the warm-up's length, and a trial that
ramps its rate for a fifth of its training would otherwise be judged on its first steps against trials at full rate.
"""

from __future__ import annotations

import bisect
import math
import statistics

import optuna
from optuna.study import StudyDirection
from optuna.trial import FrozenTrial, TrialState

from sweeps.trial_record import TrialRecord


def training_place(trial: FrozenTrial, epoch: float) -> float | None:
    """Where ``epoch`` lies in ``trial``'s training: 0 to 1 over its table epochs, 1 to 2 over its context epochs;
    ``None`` for a trial without its epochs on record."""
    config = TrialRecord.from_trial(trial).config
    table, context = config.get("epochs"), config.get("context_epochs") or 0
    if not table:
        return None
    if epoch <= table or not context:
        return epoch / table
    return 1 + (epoch - table) / context


def warming_up(trial: FrozenTrial, place: float) -> bool:
    """Whether ``place`` (:func:`training_place`) lies in ``trial``'s learning-rate warm-up."""
    config = TrialRecord.from_trial(trial).config
    return config.get("schedule") == "warmup-cosine" and place < config.get("warmup_fraction", 0.0)


def epoch_at(trial: FrozenTrial, place: float) -> float | None:
    """The epoch (fractional) at ``place`` in ``trial``'s training (the inverse of :func:`training_place`)."""
    config = TrialRecord.from_trial(trial).config
    table, context = config.get("epochs"), config.get("context_epochs") or 0
    if not table or (place > 1 and not context):
        return None
    return place * table if place <= 1 else table + (place - 1) * context


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
        place = training_place(trial, step)
        if place is None or warming_up(trial, place):
            return False
        others = [value for other in completed
                  if (epoch := epoch_at(other, place)) is not None
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

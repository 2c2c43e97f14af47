"""A machine's pace against the study's first machine, so that ``time_per_trial`` buys every trial the same work.

A trial of a timed sweep times an epoch of its own recipe and gets the epochs that fit ``time_per_trial``
(:func:`distill.training.budget.scaled_to_seconds`). Trials that run on different machines — workers on several
hosts, or a long study resumed on a machine other than the one it started on — would then train for the same
seconds but not the same work, and a faster machine's trials would win the comparison. Each worker therefore times
one reference recipe (the sweep file's first point, else its first probe: :func:`reference_config`) before its first
trial; the study keeps the first machine's times (:data:`REFERENCE_ATTR`), and every trial's epoch times are
divided by this machine's pace before they are fitted: the epochs each trial gets are those that ``time_per_trial``
buys on the study's first machine. The reference is the study's own kind of work (the same student, the same
phases), not a matrix-multiply rate, which does not tell how fast a small student's epochs run (docs/defaults.md,
"A study on several machines").
"""

from __future__ import annotations

from dataclasses import dataclass

import optuna
import torch

from distill.bench.machine import cpu_model, provenance
from distill.config.training import ValidConfig
from distill.devices import OtherWork
from distill.training.budget import epoch_seconds_alone
from sweeps.spec import SweepSpec, probe_points, trial_config

REFERENCE_ATTR = "distill.reference_epochs"  # the first machine: its reference epochs' seconds, and which


@dataclass(frozen=True)
class Pace:
    """This machine's seconds for the reference recipe's table and context epochs, over the study's first
    machine's (1.0: the same speed; 2.0: this machine takes twice as long)."""

    table: float = 1.0
    context: float = 1.0

    def on_first_machine(self, epoch_times: tuple[float, float]) -> tuple[float, float]:
        """``epoch_times`` (seconds of a table and a context epoch here) as the study's first machine takes them."""
        return epoch_times[0] / self.table, epoch_times[1] / self.context

    def describe(self) -> str:
        if self.table == self.context:
            return f"{self.table:.2f}"
        return f"{self.table:.2f} a table epoch, {self.context:.2f} a context epoch"


def reference_config(spec: SweepSpec) -> ValidConfig:
    """The recipe every worker of ``spec``'s study times: its first point (a search's known recipe), else the
    parameters of its first probe (each grid axis's first value, each range's low end)."""
    if spec.points:
        point = spec.points[0]
        return trial_config({**spec.fixed, **point.settings}, point.params, spec.source)
    return trial_config(spec.fixed, next(probe_points(spec)), spec.source)


def measure_pace(study: optuna.Study, spec: SweepSpec, device: torch.device, *, quiet: bool = False
                 ) -> tuple[Pace, OtherWork]:
    """Time :func:`reference_config` here (again while other processes keep the machine busy:
    :func:`~distill.training.budget.epoch_seconds_alone`); the first worker of ``study`` records its times as the
    study's (with the cores other processes kept busy meanwhile, where measurable), and each worker's pace is its
    times over the recorded ones (a recipe without context distillation gives the context phase the table's pace).
    Also returns what other processes took while the reference was timed: a reference timed slow makes every trial
    of a first machine, or of this worker, get fewer epochs."""
    (table, context), others = epoch_seconds_alone(reference_config(spec), device, quiet=quiet)
    if REFERENCE_ATTR not in study.user_attrs:
        study.set_user_attr(REFERENCE_ATTR, {"table": table, "context": context, "cpu": cpu_model(),
                                             "device": str(device), **provenance(), **others.as_record()})
    recorded = study.user_attrs[REFERENCE_ATTR]  # read back: of workers starting a study together, the last to write
    table_pace = table / recorded["table"]
    context_pace = context / recorded["context"] if recorded["context"] and context else table_pace
    return Pace(table=table_pace, context=context_pace), others

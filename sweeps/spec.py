"""A sweep as data: what is searched, what is fixed, what is optimised (:class:`SweepSpec`), and each trial's
training configuration (:func:`trial_config`). :mod:`sweeps.sweep_file` reads and validates the YAML file that
gives one, before any trial."""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal

import optuna

from distill.config.training import (
    ValidConfig,
    config_from_mapping,
    with_overrides,
)
from distill.evaluation.settings import EvaluationSettings
from distill.objectives.registry import objective_metrics
from sweeps.pruning import ShareMedianPruner
from sweeps.space import Choice, Parameter

GRID = "grid"
SAMPLERS = (GRID, "tpe")
PRUNERS = {"none": optuna.pruners.NopPruner, "median": optuna.pruners.MedianPruner,
           "median-by-share": ShareMedianPruner, "hyperband": optuna.pruners.HyperbandPruner}
Direction = Literal["maximize", "minimize"]
DIRECTIONS: tuple[Direction, ...] = ("maximize", "minimize")
# What training logs per epoch, declared by the objectives (distill.objectives.registry, which imports no torch).
ALIGNMENT_METRICS = objective_metrics()


@contextmanager
def experimental_api() -> Iterator[None]:
    """Use Optuna's experimental API (heartbeats, retries, some options) without a warning at every call."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        yield


def evaluation_metrics() -> dict[str, str]:
    """Every evaluation metric → the task that produces it (all are maximised)."""
    from distill.evaluation import TASKS  # imports transformers: only when a sweep is read

    return {metric: task.name for task in TASKS.values() for metric in task.metrics}


def after_surgery(metric: str) -> bool:
    """Whether the objective ``metric`` is measured on the swapped model (an evaluation metric), not by training."""
    return metric not in ALIGNMENT_METRICS


@dataclass(frozen=True)
class Objective:
    metric: str
    direction: Direction


@dataclass(frozen=True)
class SamplerSpec:
    kind: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PrunerSpec:
    kind: str  # a name of PRUNERS
    metric: str | None  # the per-epoch metric reported to Optuna; None: nothing is reported
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Heartbeat:
    interval: int = 15
    grace_period: int = 60


@dataclass(frozen=True)
class Point:
    """A trial run once, first (``points:``): beside a grid, or before a search draws its own. A value for each of
    the space's parameters (``params``, what Optuna records and the tables show) and training settings of its own
    on top of ``fixed`` (``settings``)."""

    params: dict[str, Any]
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SweepSpec:
    """A validated sweep file, as data: the study (:mod:`sweeps.study`) builds its sampler, pruner and budget
    from it, each trial (:mod:`sweeps.trial`) its training configuration (:func:`trial_config`). ``name`` (the
    file's stem) is the default study name."""

    name: str
    source: str
    text: str
    description: str
    sampler: SamplerSpec
    seed: int
    n_trials: int | None
    fixed: dict[str, Any]
    space: tuple[Parameter, ...]
    objective: Objective
    pruner: PrunerSpec
    evaluation: EvaluationSettings | None
    heartbeat: Heartbeat
    points: tuple[Point, ...] = ()
    published: str | None = None  # the published study whose tables the results document sets beside this one's
    seconds_per_trial: float | None = None  # each trial's training fitted to this time (``time_per_trial``)
    fill_time: bool = False  # a trial whose epochs end sooner is stretched to ``seconds_per_trial`` (``fill_time``)


def trial_config(fixed: Mapping[str, Any], params: Mapping[str, Any], source: str, **settings: Any) -> ValidConfig:
    """A trial's training configuration: ``fixed`` with the trial's parameters merged in (``loss_options.alpha``
    into ``loss_options``) and ``settings`` on top, validated; ``source`` names the sweep file in its errors."""
    return config_from_mapping({**with_overrides(fixed, params), **settings}, source=source)


def probe_points(spec: SweepSpec) -> Iterator[dict[str, Any]]:
    """Parameter sets that together use every value a trial may get: the whole grid, or the range ends (the
    :class:`Point` trials beside a grid are :attr:`SweepSpec.points`)."""
    probes = {parameter.name: _probes(parameter) for parameter in spec.space}
    if spec.sampler.kind == GRID:
        for values in itertools.product(*probes.values()):
            yield dict(zip(probes, values))
        return
    base = {name: values[0] for name, values in probes.items()}
    yield base
    for name, values in probes.items():
        for value in values[1:]:
            yield {**base, name: value}


def _probes(parameter: Parameter) -> tuple[Any, ...]:
    """The values of ``parameter`` that a check must see: a choice's every value, a range's ends."""
    if isinstance(parameter, Choice):
        return parameter.values
    return (int(parameter.low), int(parameter.high)) if parameter.integer else (parameter.low, parameter.high)

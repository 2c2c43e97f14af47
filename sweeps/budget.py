"""A grid sweep fitted to a time budget (``distill quickstart --budget``): how much of the sweep file's work the
measured machine runs in the time, and what is cut.

The sweep file gives the most work: its table epochs (``epochs``), its context distillation (``context_epochs`` of
``context_steps_per_epoch`` steps) and every point of its grid. :func:`plan_sweep` keeps all of it when it fits.
Otherwise it scales the table epochs and the context steps by one share, the largest that fits (as ``distill bench
--fidelity`` sizes a contender's epochs to its budget, ``distill.bench.fidelity.contenders``), down to
:data:`LEAST_SHARE` of the file's: below that the students are no longer worth comparing, and the grid is cut
instead, first to its trials without context distillation (the costliest), then to one trial (each axis's first
value), and scaled again. The time a trial takes is a sum of what :class:`Speed` holds, measured on this machine
(:mod:`sweeps.calibration`): the same measurements give the same plan.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass
from typing import Any

from distill.config.training import TrainConfig
from distill.errors import DistillError
from distill.objectives.registry import OBJECTIVES
from sweeps.options import duration_text
from sweeps.space import Choice
from sweeps.spec import GRID, SweepSpec, trial_config

TABLE, CONTEXT = "table", "context"  # the phases whose work is sized (distill.objectives.registry)
SIZED = {TABLE: "epochs", CONTEXT: "context_steps_per_epoch"}  # the setting that sizes each
LEAST_SHARE = 0.2  # of the file's table epochs and context steps; below it the grid is cut instead
SHARES = [step / 100 for step in range(100, round(LEAST_SHARE * 100) - 1, -1)]  # tried from the whole work down
RESERVE = 0.05  # of the budget, for what is not measured: the trials' MLflow records, the summary's charts


@dataclass(frozen=True)
class Speed:
    """Seconds the parts of a trial took on this machine (:func:`sweeps.calibration.measure`), and the machine's
    fp32 matrix-multiply rate (:func:`distill.bench.machine.matmul_rate`), the figure ``distill bench`` compares
    machines by."""

    matmul_gflops: float
    setup: float  # a trial's training set-up: the teacher loaded, the student built, the vocabulary encoded
    build: dict[str, float]  # building each phase (context distillation: the transformer loaded, the text encoded)
    epoch: dict[str, float]  # an epoch of each phase; of context distillation, one step (its epochs are sized)
    evaluation: dict[str, float]  # each phase's evaluation (at its end, and every eval_every epochs)
    checkpoint: float  # a checkpoint: the student, the optimisers' state, their checksums
    save: float  # saving the trained student (logging it to MLflow copies it as much again)
    swap: float  # the student swapped into the evaluation model (surgery, the vocabulary-free path)
    seed: float  # every variant scored on one seed's samples
    measured_in: float  # what measuring took, the evaluation's preparation included

    def describe(self, context_steps: int | None = None) -> str:
        """The machine's speed in words: matmul rate, seconds per epoch of each phase (of context distillation,
        per epoch of ``context_steps`` steps, else per step) and per evaluation seed."""
        parts = [f"fp32 matmul {self.matmul_gflops:.0f} GFLOP/s"]
        for name, seconds in self.epoch.items():
            if name != CONTEXT:
                parts.append(f"a {name} epoch {seconds:.1f} s")
            elif context_steps:
                parts.append(f"a {CONTEXT} epoch of {context_steps} steps {seconds * context_steps:.0f} s")
            else:
                parts.append(f"a {CONTEXT} step {seconds:.2f} s")
        if self.seed:
            parts.append(f"an evaluation seed {self.seed:.1f} s")
        return ", ".join(parts)


@dataclass(frozen=True)
class Plan:
    """What of a sweep file runs in ``budget`` seconds: ``share`` of its table epochs and context steps, on
    ``points`` of its grid; ``cuts`` says in words what of the grid was left out; ``seconds`` is what the
    trials are expected to take."""

    budget: float
    share: float
    epochs: int
    context_steps: int
    points: list[dict[str, Any]]
    cuts: tuple[str, ...]
    seconds: float
    file_epochs: int
    file_context_steps: int
    context: bool  # whether a trial runs context distillation

    @property
    def whole(self) -> bool:
        """The sweep as its file gives it."""
        return self.share == 1 and not self.cuts

    def describe(self) -> str:
        """What runs, in words: ``12 of 30 table epochs and 20 of 50 context steps per epoch``, and the cuts."""
        if self.whole:
            return "the sweep as its file gives it"
        work = f"{self.epochs} of {self.file_epochs} table epochs"
        if self.context:
            work += f" and {self.context_steps} of {self.file_context_steps} context steps per epoch"
        cuts = f"; {', '.join(self.cuts)} left out" if self.cuts else ""
        return f"{len(self.points)} trial(s), {work}{cuts}"


def grid_points(spec: SweepSpec) -> list[dict[str, Any]]:
    """Every point of a grid sweep's space, in the file's order."""
    if spec.sampler.kind != GRID:
        raise DistillError(f"{spec.source}: a time budget sizes a grid sweep, not a {spec.sampler.kind} search")
    axes = [(parameter.name, parameter.values) for parameter in spec.space if isinstance(parameter, Choice)]
    return [dict(zip([name for name, _ in axes], values)) for values in itertools.product(*(v for _, v in axes))]


def shapes(points: list[dict[str, Any]]) -> list[tuple[list[dict[str, Any]], tuple[str, ...]]]:
    """The grids tried, with what each leaves out: the whole grid, its points without context distillation (when
    it has both), and its first point."""
    found: list[tuple[list[dict[str, Any]], tuple[str, ...]]] = [(points, ())]
    without = [point for point in points if not point.get("context_epochs", 1)]
    if without and len(without) < len(points):
        found.append((without, ("the trials with context distillation",)))
    smaller, cuts = found[-1]
    if len(smaller) > 1:
        kept = smaller[0]
        dropped = sorted({f"{key} {value}" for point in smaller[1:] for key, value in point.items()
                          if value != kept[key]})
        found.append(([kept], (*cuts, *dropped)))
    return found


def periodic(first: int, last: int, every: int) -> int:
    """How many of epochs ``first`` .. ``last`` (numbered run-wide) are multiples of ``every`` or the last: the
    evaluations of a phase (``distill.training.Trainer.train_epoch``), the checkpoints of a run
    (``distill.training.RunRecord``)."""
    return last // every - (first - 1) // every + (last % every != 0)


def trial_seconds(config: TrainConfig, speed: Speed, seeds: int) -> float:
    """One trial of ``config``: its set-up, each phase's build, epochs and evaluations, its checkpoints, the
    student saved and logged, and its evaluation over ``seeds`` (none without an evaluation: ``speed.swap`` and
    ``speed.seed`` 0)."""
    seconds = speed.setup + 2 * speed.save + speed.swap + seeds * speed.seed
    first = 1
    for listing in OBJECTIVES:
        epochs = getattr(config, listing.epochs)
        if not epochs:
            continue
        per_epoch = speed.epoch[listing.name] * (config.context_steps_per_epoch if listing.name == CONTEXT else 1)
        seconds += (speed.build[listing.name] + epochs * per_epoch
                    + periodic(first, first + epochs - 1, config.eval_every) * speed.evaluation[listing.name])
        first += epochs
    return seconds + periodic(1, first - 1, config.checkpoint_every) * speed.checkpoint


def plan_sweep(spec: SweepSpec, speed: Speed, budget: float, elapsed: float) -> Plan:
    """The most of ``spec``'s work that ends within ``budget`` seconds, ``elapsed`` of which are gone (see the
    module docstring); a budget too small for its smallest form is refused in one line."""
    base = trial_config(spec.fixed, {}, spec.source)
    file_epochs, file_steps = base.epochs, base.context_steps_per_epoch
    searched = [setting for setting in SIZED.values() if any(parameter.name == setting for parameter in spec.space)]
    if searched or not file_steps:
        raise DistillError(f"{spec.source}: a time budget sizes fixed epochs and context_steps_per_epoch > 0; "
                           f"this sweep {'searches ' + ', '.join(searched) if searched else 'reads whole passes'}")
    seeds = spec.evaluation.seeds if spec.evaluation is not None else 0
    available = budget * (1 - RESERVE) - elapsed
    smallest = math.inf
    for points, cuts in shapes(grid_points(spec)):
        configs = [trial_config(spec.fixed, point, spec.source) for point in points]
        context = any(config.context_epochs for config in configs)
        for share in SHARES:
            epochs, steps = max(1, round(file_epochs * share)), max(1, round(file_steps * share))
            seconds = sum(trial_seconds(dataclasses.replace(config, epochs=epochs, context_steps_per_epoch=steps),
                                        speed, seeds) for config in configs)
            smallest = min(smallest, seconds)
            if seconds <= available:
                return Plan(budget, share, epochs, steps, points, cuts, seconds, file_epochs, file_steps, context)
    needed = (smallest + elapsed) / (1 - RESERVE)
    raise DistillError(f"a budget of {duration_text(budget)} cannot hold even one trial of {spec.name} on this "
                       f"machine ({speed.describe()}): it needs about {duration_text(needed)}; give --budget "
                       f"{math.ceil(needed / 60)}m or more")


def fitted_spec(spec: SweepSpec, plan: Plan) -> SweepSpec:
    """``spec`` cut to ``plan``: its fixed table epochs and context steps, the grid's axes narrowed to the planned
    points, named (and so its study) after what was cut; ``spec`` itself when it runs whole, so that its study
    resumes as ``distill sweep`` would."""
    if plan.whole:
        return spec
    fixed = {**spec.fixed, SIZED[TABLE]: plan.epochs, **({SIZED[CONTEXT]: plan.context_steps} if plan.context else {})}
    space = tuple(Choice(parameter.name, tuple(dict.fromkeys(point[parameter.name] for point in plan.points)))
                  if isinstance(parameter, Choice) else parameter for parameter in spec.space)
    narrowed = [f"{new.name}={','.join(map(str, new.values))}" for old, new in zip(spec.space, space)
                if isinstance(new, Choice) and old != new]
    sizes = f"e{plan.epochs}" + (f"-c{plan.context_steps}" if plan.context else "")
    note = f"fitted to a {duration_text(plan.budget)} budget: {plan.describe()}"
    return dataclasses.replace(spec, name="-".join([spec.name, sizes, *narrowed]), fixed=fixed, space=space,
                               description=f"{spec.description} ({note})" if spec.description else note,
                               text=f"# {note}; the file as written follows\n{spec.text}")


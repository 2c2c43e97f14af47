"""A sweep fitted to a time budget on this machine (``distill quickstart``): its first epochs timed, the rest sized.

:func:`fit_to_budget` times the parts of a trial on the sweep's own work before the first trial
(:func:`measure`): a student of the grid's costliest point trains one epoch of each of its phases (a few steps of
context distillation), each phase evaluated at its end; a checkpoint is written and the student saved, swapped
into the evaluation model and scored on one seed; and the fp32 matrix-multiply rate is taken as ``distill bench``
takes it. The probe's student is thrown away; the evaluation it prepared scores the trials.
:func:`sweeps.budget.plan_sweep` then sizes the sweep to what is left of the budget.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import torch

from distill.bench.machine import CPU_MATMUL_SIZE, GPU_MATMUL_SIZE, matmul_rate
from distill.config.training import ValidConfig
from distill.devices import resolve_device
from distill.evaluation.settings import EvaluationSettings
from distill.objectives.registry import OBJECTIVES, phase_builders
from distill.objectives.sources import PhaseSources
from distill.tracking.progress import announce
from distill.training import Trainer, TrainerCallback, build_setup, prepare
from distill.training.checkpoint import save_checkpoint
from sweeps.budget import CONTEXT, Plan, Speed, fitted_spec, plan_sweep
from sweeps.evaluation import TrialEvaluator
from sweeps.options import duration_text
from sweeps.space import Choice
from sweeps.spec import SweepSpec, trial_config

PROBE_CONTEXT_STEPS = 4  # context distillation's steps timed (its epochs are the slowest part of a trial)


@dataclass(frozen=True)
class FittedSweep:
    """A sweep sized to its budget: the spec to run, the plan and the measured speed it came from, and the
    evaluation the measuring prepared (the trials reuse it)."""

    spec: SweepSpec
    plan: Plan
    speed: Speed
    evaluator: TrialEvaluator | None


class PhaseClock(TrainerCallback):
    """Each epoch's phase, training seconds and the seconds its evaluation took after them (the epoch's wall
    time less its training, ``distill.training.Trainer.train_epoch``)."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.epochs: list[tuple[str, int, float, float]] = []  # (phase, steps, training seconds, evaluation)

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        now = time.perf_counter()
        phase = trainer.phase(epoch)
        self.epochs.append((phase.name, phase.steps_per_epoch, metrics["epoch_seconds"],
                            now - self.last - metrics["epoch_seconds"]))
        self.last = now
        return False


def fit_to_budget(spec: SweepSpec, budget: float, *, started: float, quiet: bool = False) -> FittedSweep:
    """``spec`` sized to end ``budget`` seconds after ``started`` (a ``time.monotonic()`` reading: the
    command's start), from what :func:`measure` finds on this machine."""
    announce(f"timing this machine on the first epochs of a {spec.name} trial, then sizing the sweep to "
             f"{duration_text(budget)}", quiet=quiet)
    speed, evaluator = measure(probe_config(spec), spec.evaluation, quiet=quiet)
    plan = plan_sweep(spec, speed, budget, elapsed=time.monotonic() - started)
    announce(f"this machine: {speed.describe(plan.file_context_steps)} (measured in "
             f"{duration_text(speed.measured_in)}); "
             f"running {plan.describe()}, about {duration_text(plan.seconds)}", quiet=quiet)
    return FittedSweep(fitted_spec(spec, plan), plan, speed, evaluator)


def probe_config(spec: SweepSpec) -> ValidConfig:
    """The trial the machine is timed on: the grid's first value of each axis but the epoch counts, which take
    their largest (every phase a trial may run is timed); one epoch of each phase, a few context steps."""
    point = {parameter.name: max(parameter.values) if parameter.name.endswith("epochs") else parameter.values[0]
             for parameter in spec.space if isinstance(parameter, Choice)}
    config = trial_config(spec.fixed, point, spec.source)
    epochs = {listing.epochs: min(1, getattr(config, listing.epochs)) for listing in OBJECTIVES}
    steps = min(PROBE_CONTEXT_STEPS, config.context_steps_per_epoch or PROBE_CONTEXT_STEPS)
    return trial_config(spec.fixed, point, spec.source, **epochs, context_steps_per_epoch=steps)


def measure(config: ValidConfig, evaluation: EvaluationSettings | None, *,
            quiet: bool = False) -> tuple[Speed, TrialEvaluator | None]:
    """Time a trial's parts on ``config`` (:func:`probe_config`) and on the ``evaluation``, prepared here and
    returned for the trials (see the module docstring)."""
    started = time.perf_counter()
    device = resolve_device(config.device)
    matmul = matmul_rate(device, torch.float32, CPU_MATMUL_SIZE if device.type == "cpu" else GPU_MATMUL_SIZE)
    began = time.perf_counter()
    teacher, student, loss = prepare(config)
    setup = build_setup(config, teacher, student, loss, device)
    setup_seconds = time.perf_counter() - began
    sources, phases, build = PhaseSources(setup, loss), [], {}
    for make, epochs in phase_builders(lambda name: getattr(config, name)):
        began = time.perf_counter()
        phase = make(sources)
        build[phase.name] = time.perf_counter() - began
        phases.append((phase, epochs))
    clock = PhaseClock()
    trainer = Trainer(setup, phases)
    trainer.fit([clock])
    epoch = {name: seconds / steps if name == CONTEXT else seconds for name, steps, seconds, _ in clock.epochs}
    evaluated = {name: seconds for name, _, _, seconds in clock.epochs}
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        save_checkpoint(Path(folder) / "checkpoints", trainer.total_epochs, trainer.student,
                        trainer.state(trainer.total_epochs), config.to_yaml())
        saved = time.perf_counter()
        trainer.student.save_pretrained(Path(folder) / "student")
        checkpoint, save = saved - began, time.perf_counter() - saved
    swap = seed = 0.0
    evaluator = None
    if evaluation is not None:  # the trials' own evaluation: prepared once, a student swapped in, one seed scored
        evaluator = TrialEvaluator(evaluation, quiet=quiet)
        evaluator.prepare()
        began = time.perf_counter()
        variants = evaluator.variants(trainer.student, device)
        swapped = time.perf_counter()
        evaluator.score_variants(variants, seeds=1)
        swap, seed = swapped - began, time.perf_counter() - swapped
    speed = Speed(matmul, setup_seconds, build, epoch, evaluated, checkpoint, save, swap, seed,
                  measured_in=time.perf_counter() - started)
    return speed, evaluator

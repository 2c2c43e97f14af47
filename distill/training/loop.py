"""The loop of epochs over a run's phases (:class:`Trainer`), and what runs after each epoch
(:class:`TrainerCallback`).

Every epoch draws its batches from a generator seeded by (seed, epoch) alone, so a run resumed from its last
checkpoint replays exactly the epochs an uninterrupted run would have seen.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import torch
from torch import Tensor
from tqdm.auto import tqdm

from distill.config.training import TrainConfig
from distill.objectives.base import Objective, Setup
from distill.training.phases import build_phases, build_setup
from losses import AlignmentLoss
from students import StudentEncoder
from teachers import TeacherTable


def epoch_generator(seed: int, epoch: int, device: torch.device) -> torch.Generator:
    """The random stream of one epoch, derived from (seed, epoch) alone so resumes replay it."""
    return torch.Generator(device=device).manual_seed(seed * 1_000_003 + epoch)


class TrainerCallback:
    """What happens after each epoch of :meth:`Trainer.fit`, besides training: logging, checkpoints,
    a clock. Override what you need (transformers' ``TrainerCallback``, trainer_callback.py, in small).
    """

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        """Called with run-wide ``epoch``'s metrics (see :meth:`Trainer.train_epoch`); return True to stop
        training after it."""
        return False


class NonFiniteLoss(Exception):
    def __init__(self, epoch: int, step: int, value: float) -> None:
        super().__init__(f"loss became {value} at epoch {epoch}, step {step}")
        self.epoch, self.step = epoch, step


class Trainer:
    """Runs the epochs of a run's phases (:mod:`distill.objectives`), numbered across the run.

    An epoch of phase ``p`` is a pass over ``p.epoch_batches`` with ``p``'s loss, optimiser
    and schedule; the trainer knows nothing else of the objectives.
    """

    def __init__(self, setup: Setup, phases: list[tuple[Objective, int]]) -> None:
        self.setup, self.phases = setup, phases
        self.config, self.teacher, self.student, self.device = setup.config, setup.teacher, setup.student, setup.device

    @property
    def total_epochs(self) -> int:
        return sum(epochs for _, epochs in self.phases)

    def phase(self, epoch: int) -> Objective:
        """The phase that run-wide ``epoch`` (1-based) belongs to."""
        for objective, epochs in self.phases:
            if epoch <= epochs:
                return objective
            epoch -= epochs
        raise IndexError(f"epoch {epoch} is past the run's {self.total_epochs} epochs")

    @property
    def steps_per_epoch(self) -> int:
        return self.phase(1).steps_per_epoch

    def fit(self, callbacks: Sequence[TrainerCallback] = (), first_epoch: int = 1,
            steps: tqdm | None = None) -> dict[str, float]:
        """Train epochs ``first_epoch`` to the last; return the metrics of the last one trained.

        After each epoch every callback's ``on_epoch_end`` runs, in order; training stops after the
        first epoch that one of them asks to stop at. ``steps`` counts the steps of each epoch.
        """
        metrics: dict[str, float] = {}
        for epoch in range(first_epoch, self.total_epochs + 1):
            metrics = self.train_epoch(epoch, steps)
            stops = [callback.on_epoch_end(self, epoch, metrics) for callback in callbacks]  # each sees the epoch
            if any(stops):
                break
        return metrics

    def train_epoch(self, epoch: int, steps: tqdm | None = None) -> dict[str, float]:
        """Train run-wide ``epoch``; return its metrics: the phase's mean loss, the learning rate,
        ``epoch_seconds`` (training alone) and, every ``eval_every`` epochs and at the phase's end,
        the phase's evaluation (after the clock stopped)."""
        phase = self.phase(epoch)
        if steps is not None:
            steps.reset(total=phase.steps_per_epoch)
        started = time.perf_counter()
        epoch_loss = self.run_epoch(epoch, steps)
        metrics = {phase.loss_name: epoch_loss, "lr": phase.optimizer.param_groups[0]["lr"],
                   "epoch_seconds": time.perf_counter() - started}
        phase_ends = epoch == self.total_epochs or self.phase(epoch + 1) is not phase
        if epoch % self.config.eval_every == 0 or phase_ends:
            if steps is not None:
                steps.set_description(f"{phase.name}: evaluating")
            metrics.update(phase.evaluate())
            if steps is not None:
                steps.set_description("steps")
        return metrics

    def run_epoch(self, epoch: int, progress: tqdm | None = None) -> float:
        """Train run-wide epoch ``epoch``; return its mean loss. Raises on a non-finite loss, naming the step."""
        self.student.train()
        phase = self.phase(epoch)
        generator = epoch_generator(self.config.seed, epoch, self.device)
        step_losses = []
        for batch in phase.epoch_batches(generator):
            step_losses.append(self.train_step(phase, batch, generator))
            if progress is not None:
                progress.update(1)
        losses = torch.stack(step_losses)
        finite = torch.isfinite(losses)
        if not bool(finite.all()):  # one host sync per epoch, not per step
            bad_step = int((~finite).nonzero()[0]) + 1
            raise NonFiniteLoss(epoch, bad_step, float(losses[bad_step - 1]))
        mean_loss = losses.mean().item()
        if isinstance(phase.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            phase.scheduler.step(mean_loss)
        return mean_loss

    @staticmethod
    def train_step(phase: Objective, batch: Tensor, generator: torch.Generator) -> Tensor:
        """One optimisation step of ``phase`` on ``batch``; returns the detached loss (no host sync)."""
        loss = phase.batch_loss(batch, generator)
        phase.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        phase.optimizer.step()
        if not isinstance(phase.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            phase.scheduler.step()
        return loss.detach()

    def state(self, epoch: int) -> dict[str, Any]:
        state: dict[str, Any] = {"epoch": epoch}
        for phase, _ in self.phases:
            state[f"{phase.name}_optimizer"] = phase.optimizer.state_dict()
            state[f"{phase.name}_scheduler"] = phase.scheduler.state_dict()
        state["torch_rng"] = torch.get_rng_state()
        state["cuda_rng"] = torch.cuda.get_rng_state_all() if torch.cuda.is_available() else []
        return state

    def load_state(self, state: dict[str, Any]) -> None:
        for phase, _ in self.phases:
            phase.optimizer.load_state_dict(state[f"{phase.name}_optimizer"])
            phase.scheduler.load_state_dict(state[f"{phase.name}_scheduler"])
        torch.set_rng_state(state["torch_rng"].cpu())
        if state["cuda_rng"] and torch.cuda.is_available():
            torch.cuda.set_rng_state_all([rng.cpu() for rng in state["cuda_rng"]])


def build_trainer(config: TrainConfig, teacher: TeacherTable, student: StudentEncoder, loss: AlignmentLoss,
                  device: torch.device) -> Trainer:
    setup = build_setup(config, teacher, student, loss, device)
    return Trainer(setup, build_phases(setup, loss))

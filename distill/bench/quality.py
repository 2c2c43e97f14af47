"""Time to quality: training wall time until the student reaches a target alignment.

The run is the workbench's own training loop (:meth:`distill.training.Trainer.fit`) with
a :class:`QualityClock` callback. The clock adds up the epochs' ``epoch_seconds``, which
cover training alone: the alignment evaluation after each epoch (embedding the
vocabulary, nearest-neighbour search over the whole table) is measurement and is not
counted. Times are therefore known at epoch ends: a target met during epoch ``e`` is
reported at the end of ``e``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import torch

from distill.bench.timing import Probes
from distill.config.training import TrainConfig, recipe_settings
from distill.training import Trainer, TrainerCallback, build_trainer, prepare
from teachers import TeacherTable

TARGETS = {"recall_at_1": 0.8, "mean_cosine": 0.8}


@dataclass
class QualityResult:
    """Where one recipe got to, and when.

    ``seconds_to``/``epochs_to`` map each metric of :data:`TARGETS` to the training
    time and epochs it took to reach its target, or None when the run stopped first;
    ``reached`` holds the metrics at the last epoch run, ``stopped_by`` why it ended.
    """

    recipe: str
    batch_size: int
    lr: float
    schedule: str
    seconds: float = 0.0
    epochs: int = 0
    seconds_to: dict[str, float | None] = field(default_factory=lambda: dict.fromkeys(TARGETS))
    epochs_to: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(TARGETS))
    reached: dict[str, float] = field(default_factory=dict)
    history: list[dict[str, float]] = field(default_factory=list)
    stopped_by: str = ""


def new_trainer(config: TrainConfig, teacher: TeacherTable, device: torch.device) -> Trainer:
    """The trainer ``distill train`` would build for ``config``, on an already loaded ``teacher``."""
    return build_trainer(config, *prepare(config, teacher), device)


def alignment_trainer(student: str, teacher: TeacherTable, device: torch.device, *, batch_size: int,
                      bf16: bool = False, compile_forward: bool = False) -> Trainer:
    """A trainer of table alignment alone (phase 1), for timing its steps on ``teacher``'s rows.

    The later phases are left out: they read the teacher's transformer, whose width a GPU run's stand-in
    table (``distill.bench.runner.throughput_teacher``) does not share, and their set-up is not timed.
    """
    config = TrainConfig(student=student, loss="cosine", batch_size=batch_size, device=device.type, bf16=bf16,
                         compile=compile_forward, whole_word_epochs=0, context_epochs=0).validate()
    return new_trainer(config, teacher, device)


class QualityClock(TrainerCallback):
    """Fills ``result`` after each epoch and stops training once every target is met or, unless the
    epoch was the last, once the training time has reached ``time_cap`` seconds.

    ``probes``, when given, measures the matmul rate after each epoch (off the clock), so that
    the contention during the run is on record. The epochs' metrics must hold the targets'
    metrics (an evaluation every epoch).
    """

    def __init__(self, result: QualityResult, time_cap: float, probes: Probes | None = None) -> None:
        self.result, self.time_cap, self.probes = result, time_cap, probes

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        result = self.result
        result.seconds += metrics["epoch_seconds"]
        result.epochs = epoch
        if self.probes is not None:
            self.probes()
        result.reached = {name: metrics[name] for name in TARGETS}
        loss = metrics[trainer.phase(epoch).loss_name]
        result.history.append({"epoch": epoch, "seconds": result.seconds, "loss": loss, **result.reached})
        for name, target in TARGETS.items():
            if result.seconds_to[name] is None and metrics[name] >= target:
                result.seconds_to[name], result.epochs_to[name] = result.seconds, epoch
        if all(value is not None for value in result.seconds_to.values()):
            result.stopped_by = "every target met"
            return True
        if epoch == trainer.total_epochs:
            result.stopped_by = f"its {epoch} epochs ran"
            return False
        if result.seconds >= self.time_cap:
            result.stopped_by = f"the {self.time_cap:.0f} s cap"
            return True
        return False


def time_to_quality(
    config: TrainConfig,
    teacher: TeacherTable,
    device: torch.device,
    time_cap: float,
    probes: Probes | None = None,
) -> QualityResult:
    """Train ``config`` until every target of :data:`TARGETS` is met, its epochs ran, or ``time_cap`` s passed.

    The alignment is evaluated after every epoch, whatever ``config.eval_every`` says.
    """
    config = dataclasses.replace(config, eval_every=1).validate()
    result = QualityResult(config.recipe, *recipe_settings(config))
    new_trainer(config, teacher, device).fit([QualityClock(result, time_cap, probes)])
    return result

"""Time to quality: training wall time until the student reaches a target alignment.

The clock runs only while the trainer trains; the alignment evaluation after each
epoch (embedding the vocabulary, nearest-neighbour search over the whole table) is
measurement and is not counted. Times are therefore known at epoch ends: a target
met during epoch ``e`` is reported at the end of ``e``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import torch

from distill.bench.timing import Probes
from distill.config import TrainConfig
from distill.training import Trainer
from distill.training import build_trainer as build_run_trainer
from losses import build_loss
from students import build_student
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


def build_trainer(
    config: TrainConfig, teacher: TeacherTable, device: torch.device
) -> Trainer:
    """A trainer for ``config`` on an already loaded ``teacher`` (seeded like ``distill train``)."""
    loss = build_loss(config.loss, **config.loss_options)
    torch.manual_seed(config.seed)
    student = build_student(config.student, teacher.dim, **config.student_options)
    return build_run_trainer(config, teacher, student, loss, device)


def time_to_quality(
    config: TrainConfig,
    teacher: TeacherTable,
    device: torch.device,
    time_cap: float,
    probes: Probes | None = None,
) -> QualityResult:
    """Train ``config`` until every target of :data:`TARGETS` is met, ``config.epochs`` ran, or ``time_cap`` s passed.

    ``probes``, when given, measures the matmul rate after each epoch (off the clock),
    so that the contention during the run is on record.
    """
    config = config.validate()
    trainer = build_trainer(config, teacher, device)
    result = QualityResult(config.recipe, config.batch_size, config.lr, config.schedule)
    for epoch in range(1, config.epochs + 1):
        started = time.perf_counter()
        loss = trainer.run_epoch(epoch)  # its host sync (the epoch's loss) ends the epoch's device work
        result.seconds += time.perf_counter() - started
        result.epochs = epoch
        metrics = trainer.phase(epoch).evaluate()
        if probes is not None:
            probes()
        result.reached = {name: metrics[name] for name in TARGETS}
        result.history.append({"epoch": epoch, "seconds": result.seconds, "loss": loss, **result.reached})
        for name, target in TARGETS.items():
            if result.seconds_to[name] is None and metrics[name] >= target:
                result.seconds_to[name], result.epochs_to[name] = result.seconds, epoch
        if all(value is not None for value in result.seconds_to.values()):
            result.stopped_by = "every target met"
            break
        if epoch == config.epochs:
            result.stopped_by = f"its {epoch} epochs ran"
        elif result.seconds >= time_cap:
            result.stopped_by = f"the {time_cap:.0f} s cap"
            break
    return result

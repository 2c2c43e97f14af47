"""The training loop, split by job: building a run's phases (:mod:`~distill.training.phases`), the loop of
epochs (:mod:`~distill.training.loop`), the run's life cycle — MLflow run, lock, resume
(:mod:`~distill.training.lifecycle`) — and what is recorded after each epoch (:mod:`~distill.training.record`).

:meth:`Trainer.fit` is the loop of epochs; what follows each epoch is a :class:`TrainerCallback`: a run's MLflow
metrics, bars and checkpoints (:class:`RunRecord`), or the bench's clocks (:mod:`distill.bench.quality`), which
may stop training.
"""

from distill.training.lifecycle import (
    CHECKPOINT_TAG,
    FAILURE_TAG,
    TrainingResult,
    mark_failed,
    resume,
    run_lock,
    train,
    writable_folder,
)
from distill.training.loop import NonFiniteLoss, Trainer, TrainerCallback, build_trainer, epoch_generator
from distill.training.phases import build_phases, build_setup, prepare, split_rows
from distill.training.record import RunRecord, epoch_line, last_logged_epoch

__all__ = [
    "CHECKPOINT_TAG",
    "FAILURE_TAG",
    "NonFiniteLoss",
    "RunRecord",
    "Trainer",
    "TrainerCallback",
    "TrainingResult",
    "build_phases",
    "build_setup",
    "build_trainer",
    "epoch_generator",
    "epoch_line",
    "last_logged_epoch",
    "mark_failed",
    "prepare",
    "resume",
    "run_lock",
    "split_rows",
    "train",
    "writable_folder",
]

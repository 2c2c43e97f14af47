"""A training run's life cycle: the MLflow run, the lock on its checkpoint folder, resuming, the end.

A run chains objectives (:mod:`distill.objectives`) as phases — typo pre-training,
table alignment, context distillation — numbered as one sequence of epochs, all in
one MLflow run (nested under a sweep's run when given a parent). The teacher table and
the encoded vocabulary go to the device once; a run resumed from its last checkpoint
replays exactly the epochs an uninterrupted run would have seen (:mod:`distill.training.loop`).
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mlflow
import torch
from tqdm.auto import tqdm

from distill.config.training import ValidConfig, config_from_mapping
from distill.devices import resolve_device, subnormals_flushed
from distill.errors import DistillError, first_line
from distill.files.atomic import LockHeld, atomic_write_text, file_lock
from distill.files.userfiles import read_yaml_mapping
from distill.swap.surgery import SPECIAL_ROWS_KEY
from distill.tracking import store
from distill.tracking.progress import Clock, StepLines, announce
from distill.tracking.store import TRIAL_STATE_TAG
from distill.training.checkpoint import (
    CONFIG_NAME,
    NoIntactCheckpoint,
    checkpoint_folders,
    drop_resume_checkpoints,
    load_checkpoint,
)
from distill.training.loop import NonFiniteLoss, Trainer, TrainerCallback, build_trainer
from distill.training.phases import prepare
from distill.training.record import RunRecord, last_logged_epoch
from students import StudentEncoder

CHECKPOINT_TAG = "distill.checkpoint_dir"
FAILURE_TAG = "distill.failure"
PARENT_RUN_TAG = "mlflow.parentRunId"  # set by MLflow on nested runs: a sweep's trials
LOCK_NAME = ".lock"  # in a run's checkpoint folder, held by the process training it


@dataclass
class TrainingResult:
    run_id: str
    metrics: dict[str, float]
    student: StudentEncoder
    student_dir: Path


def train(
    config: ValidConfig,
    *,
    tracking_uri: str | None = None,
    quiet: bool = False,
    parent_run_id: str | None = None,
    callbacks: Sequence[TrainerCallback] = (),
    experiment: str = "train",
) -> TrainingResult:
    """Train a new run of ``config``, validated on its way in (``TrainConfig.validate``, ``load_config`` and
    ``config_from_mapping`` return a :data:`~distill.config.training.ValidConfig`), not again here. ``callbacks`` run
    after each epoch, once it is logged and checkpointed; one may stop training, or raise to end the run (a
    sweep's pruning).

    ``experiment`` is the ``store.configure`` kind the run is filed under (a sweep's
    trials go to the sweep experiment, beside their parent run).
    """
    store.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    announce(f"loading teacher {config.teacher} and building student {config.student}", quiet=quiet)
    teacher, student, loss = prepare(config)
    device = resolve_device(config.device)
    trainer = build_trainer(config, teacher, student, loss, device)
    config = ValidConfig(trainer.setup.config)  # with what the device decided (the defaults table's "native")
    epochs = ", ".join(f"{objective.name} {count}" for objective, count in trainer.phases)
    evaluations = "each phase's end" if config.eval_every >= trainer.total_epochs else (
        f"every {config.eval_every} epoch(s) and each phase's end")
    learnt = len(trainer.setup.train_rows)
    announce(f"training {trainer.total_epochs} epochs ({epochs}) on {device}, learning {learnt} of the teacher's "
             f"{len(teacher)} rows; the whole-vocabulary evaluation runs after {evaluations}", quiet=quiet)
    store.configure(experiment, tracking_uri)
    work_dir = writable_folder(Path(config.work_dir))
    nested = mlflow.active_run() is not None
    with mlflow.start_run(run_name=config.run_name, nested=nested, parent_run_id=parent_run_id) as run:
        checkpoint_root = work_dir / run.info.run_id
        with run_lock(checkpoint_root, run.info.run_id):
            atomic_write_text(checkpoint_root / CONFIG_NAME, config.to_yaml())
            mlflow.set_tag(CHECKPOINT_TAG, str(checkpoint_root))
            mlflow.log_params(_flatten({**config.to_dict(), "device_resolved": str(device)}))
            mlflow.log_params(_flatten({"teacher": teacher.stats(), "student_parameters": _count(trainer.student)}))
            mlflow.log_text(config.to_yaml(), "config.yaml")
            store.log_dataset_input(
                f"{teacher.name} embedding table", teacher.revision, teacher.model_path, "teacher",
                {"token": teacher.vocab_tokens, "id": teacher.ids.numpy(), "norm": teacher.table.norm(dim=1).numpy()},
            )
            result = _run_epochs(trainer, run.info.run_id, checkpoint_root, 1, quiet, callbacks)
    drop_resume_checkpoints(checkpoint_root)  # the run is FINISHED now
    return result


def writable_folder(folder: Path) -> Path:
    """``folder``, absolute, created if missing; refused in one line when files cannot be written in it
    (checked before any MLflow run is opened)."""
    folder = folder.expanduser().resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise DistillError(f"cannot write in the work folder {folder}: {error.strerror or error}") from None
    return folder


@contextmanager
def run_lock(checkpoint_root: Path, run_id: str) -> Iterator[None]:
    """One process trains a run at a time: a second one (a ``--resume`` of a live run) is refused."""
    owner = f"pid {os.getpid()} on {socket.gethostname()}"
    try:
        with file_lock(checkpoint_root / LOCK_NAME, wait=False, owner=owner):
            yield
    except LockHeld as held:
        raise DistillError(f"run {run_id} is being trained by {held.owner or 'another process'}; "
                           "wait for it to end, or stop it, before resuming") from None


def resume(run_id: str, *, tracking_uri: str | None = None, quiet: bool = False) -> TrainingResult:
    """Continue a killed run from its last checkpoint, in the same MLflow run."""
    if store.configure_existing("train", tracking_uri) is None:
        raise DistillError(f"no MLflow run {run_id!r}: there is no MLflow store at "
                           f"{store.load_settings(tracking_uri).tracking_uri}")
    try:
        run = mlflow.get_run(run_id)
    except mlflow.exceptions.MlflowException:
        raise DistillError(f"no MLflow run {run_id!r} in {mlflow.get_tracking_uri()}") from None
    if run.info.status == "FINISHED":
        raise DistillError(f"run {run_id} already finished; nothing to resume")
    if TRIAL_STATE_TAG in run.data.tags or PARENT_RUN_TAG in run.data.tags:
        raise DistillError(f"run {run_id} is a sweep trial; rerun the sweep to resume its trials")
    if CHECKPOINT_TAG not in run.data.tags:
        raise DistillError(f"run {run_id} is not a training run with checkpoints (a sweep's parent run?); "
                           "rerun the sweep to resume a sweep")
    checkpoint_root = Path(run.data.tags[CHECKPOINT_TAG])
    config_file = checkpoint_root / CONFIG_NAME
    if not config_file.is_file():
        raise DistillError(f"run {run_id} has no checkpoint folder on this machine ({checkpoint_root})")
    with run_lock(checkpoint_root, run_id):
        config = config_from_mapping(read_yaml_mapping(config_file), source=str(config_file))
        teacher, student, loss = prepare(config)
        device = resolve_device(config.device)
        try:
            checkpoint = load_checkpoint(checkpoint_root, device)
        except NoIntactCheckpoint as error:
            raise DistillError(f"no intact checkpoint of run {run_id} in {checkpoint_root} ({error}); "
                               "start a new run with distill train") from None
        if checkpoint is not None:
            student = checkpoint.student
        trainer = build_trainer(config, teacher, student, loss, device)
        first_epoch = 1
        if checkpoint is not None:
            trainer.load_state(checkpoint.trainer_state)
            first_epoch = checkpoint.epoch + 1
        if not quiet:
            print(f"resuming run {run_id} at epoch {first_epoch} of {trainer.total_epochs}", file=sys.stderr)
        with mlflow.start_run(run_id=run_id, nested=mlflow.active_run() is not None):
            result = _run_epochs(trainer, run_id, checkpoint_root, first_epoch, quiet, (), resumed=True)
    drop_resume_checkpoints(checkpoint_root)  # the run is FINISHED now
    return result


def _run_epochs(
    trainer: Trainer,
    run_id: str,
    checkpoint_root: Path,
    first_epoch: int,
    quiet: bool,
    callbacks: Sequence[TrainerCallback],
    *,
    resumed: bool = False,
) -> TrainingResult:
    config = trainer.config
    last_epoch = trainer.total_epochs
    # A resume re-runs the epochs after the last checkpoint; they were logged before the
    # interruption, with the same values (resuming is deterministic), so they are not logged twice.
    logged_until = last_logged_epoch(run_id) if resumed else 0
    if first_epoch == 1 and trainer.phase(1).logged_at_start:
        # What the first phase starts from, as step 0 (the untrained student's typo fidelity).
        mlflow.log_metrics(trainer.phase(1).evaluate(), step=0)
    # Bars on a terminal; to a file or a pipe, one plain line per epoch (no carriage returns).
    bars = not quiet and sys.stderr.isatty()
    epochs = tqdm(desc="epochs", initial=first_epoch - 1, total=last_epoch, disable=not bars, dynamic_ncols=True)
    steps = (tqdm(total=trainer.steps_per_epoch, desc="steps", leave=False, dynamic_ncols=True) if bars
             else StepLines(trainer.steps_per_epoch, quiet=quiet))
    record = RunRecord(checkpoint_root, logged_until, epochs, not quiet and not bars,
                       Clock(last_epoch - first_epoch + 1,
                             kinds=[trainer.phase(epoch).name for epoch in range(first_epoch, last_epoch + 1)]),
                       first_epoch)
    try:
        with subnormals_flushed(trainer.setup.device):
            metrics = trainer.fit([record, *callbacks], first_epoch, steps)
    except NonFiniteLoss as error:
        mark_failed(error)
        kept = (f"last good checkpoint kept in {checkpoint_root}" if checkpoint_folders(checkpoint_root)
                else "no checkpoint was written before it")
        raise DistillError(f"{error}; run {run_id} marked failed, {kept}") from None
    except (KeyboardInterrupt, SystemExit):
        mlflow.end_run(status="KILLED")  # interrupted: resumable with distill train --resume
        raise
    except BaseException as error:
        mark_failed(error)
        raise
    finally:
        steps.close()
        epochs.close()
    if resumed and FAILURE_TAG in mlflow.get_run(run_id).data.tags:  # a resume after a failure succeeded
        mlflow.delete_tag(FAILURE_TAG)
    student_dir = checkpoint_root / "final" / "student"
    trainer.student.provenance = {"run_id": run_id, "loss": config.loss_name, "teacher": trainer.teacher.name,
                                  "teacher_revision": trainer.teacher.revision,
                                  "objectives": [phase.name for phase, _ in trainer.phases],
                                  SPECIAL_ROWS_KEY: config.keep_special_rows}
    try:
        trainer.student.save_pretrained(student_dir)
    except BaseException:  # a full disk, say: no half-written student (the last checkpoint still resumes the run)
        shutil.rmtree(student_dir, ignore_errors=True)
        raise
    mlflow.log_artifacts(str(student_dir), "student")
    return TrainingResult(run_id=run_id, metrics=metrics, student=trainer.student.cpu(), student_dir=student_dir)


def mark_failed(error: BaseException) -> None:
    """End the active run as FAILED, with the error's first line as its ``distill.failure`` tag. Where the
    tracking store cannot be written either (the same full disk), say so in one line and let ``error`` stand."""
    try:
        mlflow.set_tag(FAILURE_TAG, f"{type(error).__name__}: {first_line(error)}"[:5000])
        mlflow.end_run(status="FAILED")
    except Exception as logging_error:  # the run's own error is the one to report
        print(f"warning: could not mark the run failed in MLflow: {first_line(logging_error)}", file=sys.stderr)


def _count(module: torch.nn.Module) -> int:
    return sum(parameter.numel() for parameter in module.parameters())


def _flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in values.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat

"""The training loop: a run's phases, checkpoints, resume and MLflow logging.

A run chains objectives (:mod:`distill.objectives`) as phases — typo pre-training,
table alignment, context distillation — numbered as one sequence of epochs, all in
one MLflow run (nested under a sweep's run when given a parent). The teacher table and
the encoded vocabulary go to the device once; every epoch draws its batches from a
generator seeded by (seed, epoch) alone, so a run resumed from its last checkpoint
replays exactly the epochs an uninterrupted run would have seen.

:meth:`Trainer.fit` is the loop of epochs; what follows each epoch is a
:class:`TrainerCallback`: a run's MLflow metrics, bars and checkpoints (:class:`RunRecord`),
or the bench's clocks (:mod:`distill.bench.quality`), which may stop training.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mlflow
import torch
from torch import Tensor
from tqdm.auto import tqdm

from distill import tracking
from distill.bounds import check_layers, check_length, model_limits, planned_student
from distill.checkpoint import (
    CONFIG_NAME,
    NoIntactCheckpoint,
    checkpoint_folders,
    load_checkpoint,
    save_checkpoint,
)
from distill.config import TrainConfig, config_from_mapping
from distill.devices import resolve_device
from distill.errors import DistillError, first_line
from distill.io import LockHeld, atomic_write_text, file_lock
from distill.objectives import (
    ContextDistillation,
    Objective,
    Setup,
    TableAlignment,
    TypoPretraining,
    WholeWordTargets,
)
from distill.objectives.text import corpus_part, english_row_counts, judged_texts, row_counts
from distill.objectives.words import english_split_words, split_words
from distill.progress import Clock, StepLines, announce
from distill.surgery import SPECIAL_ROWS_KEY
from distill.tracking import TRIAL_STATE_TAG
from distill.userfiles import read_yaml_mapping
from losses import AlignmentLoss, build_loss
from students import StudentEncoder, build_student
from teachers import TeacherTable, load_teacher, load_tokenizer

CHECKPOINT_TAG = "distill.checkpoint_dir"
FAILURE_TAG = "distill.failure"
PARENT_RUN_TAG = "mlflow.parentRunId"  # set by MLflow on nested runs: a sweep's trials
LOCK_NAME = ".lock"  # in a run's checkpoint folder, held by the process training it
LOGGED_AT_START = ("typo",)  # phases whose metrics are also logged before their first epoch


@dataclass
class TrainingResult:
    run_id: str
    metrics: dict[str, float]
    student: StudentEncoder
    student_dir: Path


def split_rows(num_rows: int, holdout: float, seed: int, sample: int = 0,
               among: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """Seeded split of row indices into (training rows, held-out rows).

    With ``sample`` > 0 only that many rows, drawn at random, take part at all; with
    ``among``, only those rows (the others are neither trained nor held out).
    """
    order = torch.randperm(num_rows, generator=torch.Generator().manual_seed(seed))
    if among is not None:
        allowed = torch.zeros(num_rows, dtype=torch.bool)
        allowed[among] = True
        order = order[allowed[order]]
    if sample:
        order = order[:sample]
    num_holdout = round(holdout * len(order))
    return order[num_holdout:].sort().values, order[:num_holdout].sort().values


def epoch_generator(seed: int, epoch: int, device: torch.device) -> torch.Generator:
    """The random stream of one epoch, derived from (seed, epoch) alone so resumes replay it."""
    return torch.Generator(device=device).manual_seed(seed * 1_000_003 + epoch)


def build_setup(config: TrainConfig, teacher: TeacherTable, student: StudentEncoder, loss: AlignmentLoss,
                device: torch.device) -> Setup:
    """Rows, encodings and student on ``device``, shared by every objective of the run."""
    student = student.to(device)
    # Surgery reads this to keep the model's rows for the special tokens (distill.surgery).
    student.provenance = {**student.provenance, SPECIAL_ROWS_KEY: config.keep_special_rows}
    if loss.direction_only:
        # Paper §2.2: a norm-free loss leaves lengths untrained; predict at the mean teacher norm.
        student.rescale_norm = teacher.norm_mean
    learnable = (~teacher.is_special).nonzero().squeeze(1) if config.keep_special_rows else None
    train_rows, holdout_rows = split_rows(len(teacher.tokens), config.holdout, config.seed, config.vocab_sample,
                                          among=learnable)
    if not len(train_rows):
        raise DistillError("no teacher row is left to train on; lower holdout or raise vocab_sample")
    return Setup(config, teacher, student, device, train_rows.to(device), holdout_rows.to(device),
                 student.encode(teacher.tokens).to(device))


def build_objectives(setup: Setup, loss: AlignmentLoss) -> list[tuple[Objective, int]]:
    """The run's phases in order, each with its number of epochs: typo pre-training, table
    alignment, whole-word targets, context distillation (a phase with no epochs is left out).

    Row and word frequencies come from general English (wordfreq) or, with ``frequency_source: corpus``,
    from counts on the corpus's training documents."""
    config = setup.config
    counted = config.frequency_source == "corpus" and (config.frequency_exponent > 0 or config.whole_word_epochs > 0)
    train_text = corpus_part(config.corpus, "train") if config.context_epochs > 0 or counted else None
    tokenizer = load_tokenizer(setup.teacher.model_path)
    phases: list[tuple[Objective, int]] = []
    if config.typo_pretrain_epochs:
        phases.append((TypoPretraining(setup), config.typo_pretrain_epochs))
    table = None
    joint_words = config.whole_word_epochs > 0 and config.whole_word_table_weight > 0
    if config.epochs or config.context_table_weight > 0 or joint_words:
        counts = None
        if config.frequency_exponent > 0:
            counts = (row_counts(setup.teacher, tokenizer, list(train_text.sentences)) if train_text is not None
                      else english_row_counts(setup.teacher, tokenizer))
        table = TableAlignment(setup, loss, counts)
    if config.epochs and table is not None:
        phases.append((table, config.epochs))
    if config.whole_word_epochs:
        words = (split_words(tokenizer, train_text.sentences, config.whole_word_count) if counted and train_text
                 else english_split_words(tokenizer, config.whole_word_count))
        phases.append((WholeWordTargets(setup, words, table if joint_words else None), config.whole_word_epochs))
    if config.context_epochs and train_text is not None:
        context = ContextDistillation(setup, train_text, judged_texts(config.corpus),
                                      table if config.context_table_weight else None)
        phases.append((context, config.context_epochs))
    return phases


class TrainerCallback:
    """What happens after each epoch of :meth:`Trainer.fit`, besides training: logging, checkpoints,
    a clock. Override what you need (transformers' ``TrainerCallback``, trainer_callback.py, in small).
    """

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        """Called with run-wide ``epoch``'s metrics (see :meth:`Trainer.train_epoch`); return True to stop
        training after it."""
        return False


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

    def first_epoch_of(self, objective: Objective) -> int:
        first = 1
        for candidate, epochs in self.phases:
            if candidate is objective:
                return first
            first += epochs
        raise ValueError(f"{objective.name} is not a phase of this run")

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


class NonFiniteLoss(Exception):
    def __init__(self, epoch: int, step: int, value: float) -> None:
        super().__init__(f"loss became {value} at epoch {epoch}, step {step}")
        self.epoch, self.step = epoch, step


def prepare(
    config: TrainConfig, teacher: TeacherTable | None = None
) -> tuple[TeacherTable, StudentEncoder, AlignmentLoss]:
    """Resolve every name in the config before anything is written (bad input fails here).

    ``teacher``, when given, stands for ``config.teacher`` (the bench loads one for all its runs).
    """
    loss = build_loss(config.loss, **config.loss_options)
    planned_student(config.student, 8, config.student_options)  # validates name and options early
    teacher = teacher if teacher is not None else load_teacher(config.teacher)
    planned_student(config.student, teacher.dim, config.student_options)
    if config.context_epochs:
        limits = model_limits(teacher.model_path)
        check_layers(config.context_layers, limits, "context_layers")
        check_length(config.context_max_length, limits, "context_max_length")
    torch.manual_seed(config.seed)
    student = build_student(config.student, teacher.dim, **config.student_options)
    return teacher, student, loss


def train(
    config: TrainConfig,
    *,
    tracking_uri: str | None = None,
    quiet: bool = False,
    parent_run_id: str | None = None,
    callbacks: Sequence[TrainerCallback] = (),
    experiment: str = "train",
) -> TrainingResult:
    """Train a new run. ``callbacks`` run after each epoch, once it is logged and checkpointed; one may
    stop training, or raise to end the run (a sweep's pruning).

    ``experiment`` is the ``tracking.configure`` kind the run is filed under (a sweep's
    trials go to the sweep experiment, beside their parent run).
    """
    config = config.validate()
    tracking.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    announce(f"loading teacher {config.teacher} and building student {config.student}", quiet=quiet)
    teacher, student, loss = prepare(config)
    device = resolve_device(config.device)
    trainer = build_trainer(config, teacher, student, loss, device)
    epochs = ", ".join(f"{objective.name} {count}" for objective, count in trainer.phases)
    evaluations = "each phase's end" if config.eval_every >= trainer.total_epochs else (
        f"every {config.eval_every} epoch(s) and each phase's end")
    learnt = len(trainer.setup.train_rows)
    announce(f"training {trainer.total_epochs} epochs ({epochs}) on {device}, learning {learnt} of the teacher's "
             f"{len(teacher)} rows; the whole-vocabulary evaluation runs after {evaluations}", quiet=quiet)
    tracking.configure(experiment, tracking_uri)
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
            tracking.log_dataset_input(
                f"{teacher.name} embedding table", teacher.revision, teacher.model_path, "teacher",
                {"token": teacher.vocab_tokens, "id": teacher.ids.numpy(), "norm": teacher.table.norm(dim=1).numpy()},
            )
            return _run_epochs(trainer, run.info.run_id, checkpoint_root, 1, quiet, callbacks)


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
    tracking.configure("train", tracking_uri)
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
            return _run_epochs(trainer, run_id, checkpoint_root, first_epoch, quiet, (), resumed=True)


def build_trainer(config: TrainConfig, teacher: TeacherTable, student: StudentEncoder, loss: AlignmentLoss,
             device: torch.device) -> Trainer:
    setup = build_setup(config, teacher, student, loss, device)
    return Trainer(setup, build_objectives(setup, loss))


class RunRecord(TrainerCallback):
    """What ``distill train`` does after each epoch: its metrics to MLflow (except those a resume
    replays), the progress bar or a plain line, and a checkpoint every ``checkpoint_every`` epochs and
    at the last."""

    def __init__(self, checkpoint_root: Path, logged_until: int, epochs: tqdm, plain_lines: bool, clock: Clock,
                 first_epoch: int) -> None:
        self.checkpoint_root, self.logged_until, self.epochs = checkpoint_root, logged_until, epochs
        self.plain_lines, self.clock, self.first_epoch = plain_lines, clock, first_epoch

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        config, last_epoch = trainer.config, trainer.total_epochs
        if epoch > self.logged_until:
            mlflow.log_metrics(metrics, step=epoch)
        self.epochs.update(1)
        self.epochs.set_postfix({name: f"{value:.4g}" for name, value in metrics.items() if name != "lr"})
        if self.plain_lines:
            line = epoch_line(epoch, last_epoch, trainer.phase(epoch).name, metrics)
            print(f"{line} ({self.clock.status(epoch - self.first_epoch + 1)})", file=sys.stderr, flush=True)
        if epoch % config.checkpoint_every == 0 or epoch == last_epoch:
            save_checkpoint(self.checkpoint_root, epoch, trainer.student, trainer.state(epoch), config.to_yaml())
        return False


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
    if first_epoch == 1 and trainer.phase(1).name in LOGGED_AT_START:
        # What the first phase starts from, as step 0 (the untrained student's typo fidelity).
        mlflow.log_metrics(trainer.phase(1).evaluate(), step=0)
    # Bars on a terminal; to a file or a pipe, one plain line per epoch (no carriage returns).
    bars = not quiet and sys.stderr.isatty()
    epochs = tqdm(desc="epochs", initial=first_epoch - 1, total=last_epoch, disable=not bars, dynamic_ncols=True)
    steps = (tqdm(total=trainer.steps_per_epoch, desc="steps", leave=False, dynamic_ncols=True) if bars
             else StepLines(trainer.steps_per_epoch, quiet=quiet))
    record = RunRecord(checkpoint_root, logged_until, epochs, not quiet and not bars,
                       Clock(last_epoch - first_epoch + 1), first_epoch)
    try:
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
    trainer.student.provenance = {"run_id": run_id, "loss": config.loss, "teacher": trainer.teacher.name,
                                  "teacher_revision": trainer.teacher.revision,
                                  "objectives": [phase.name for phase, _ in trainer.phases],
                                  SPECIAL_ROWS_KEY: config.keep_special_rows}
    trainer.student.save_pretrained(student_dir)
    mlflow.log_artifacts(str(student_dir), "student")
    return TrainingResult(run_id=run_id, metrics=metrics, student=trainer.student.cpu(), student_dir=student_dir)


def epoch_line(epoch: int, last_epoch: int, phase: str, metrics: dict[str, float]) -> str:
    """``epoch 3/10 table: train_loss 0.2154, recall_at_1 0.4125, …``: an epoch in a plain log."""
    shown = ", ".join(f"{name} {value:.4g}" for name, value in metrics.items() if name != "lr")
    return f"epoch {epoch}/{last_epoch} {phase}: {shown}"


def mark_failed(error: BaseException) -> None:
    """End the active run as FAILED, with the error's first line as its ``distill.failure`` tag. Where the
    tracking store cannot be written either (the same full disk), say so in one line and let ``error`` stand."""
    try:
        mlflow.set_tag(FAILURE_TAG, f"{type(error).__name__}: {first_line(error)}"[:5000])
        mlflow.end_run(status="FAILED")
    except Exception as logging_error:  # the run's own error is the one to report
        print(f"warning: could not mark the run failed in MLflow: {first_line(logging_error)}", file=sys.stderr)


def last_logged_epoch(run_id: str) -> int:
    """The last epoch whose metrics the run holds (0 for a new run)."""
    history = mlflow.MlflowClient().get_metric_history(run_id, "epoch_seconds")
    return max((point.step for point in history), default=0)


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

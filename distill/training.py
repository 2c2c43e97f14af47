"""The alignment loop: train a student to reproduce a teacher's embedding table.

One MLflow run per training run (nested under a sweep's run when given a parent).
The teacher table and the encoded vocabulary go to the device once; an epoch is a
seeded permutation of the training rows, so a run resumed from its last checkpoint
replays exactly the epochs an uninterrupted run would have seen.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol

import mlflow
import torch
from torch import Tensor
from tqdm.auto import tqdm

from distill import tracking
from distill.checkpoint import CONFIG_NAME, load_checkpoint, save_checkpoint
from distill.config import TrainConfig, config_from_mapping, read_yaml_mapping
from distill.errors import DistillError
from distill.io import atomic_write_text
from distill.metrics import alignment_metrics
from distill.noise import noisy_tokens
from distill.schedules import warmup_cosine
from distill.typo_pretraining import TypoPretraining
from losses import AlignmentLoss, build_loss, select_negatives
from students import StudentEncoder, build_student
from teachers import TeacherTable, load_teacher

CHECKPOINT_TAG = "distill.checkpoint_dir"
FUSED_ADAM_DEVICES = ("cpu", "cuda")
EpochCallback = Callable[[int, dict[str, float]], None]


@dataclass
class TrainingResult:
    run_id: str
    metrics: dict[str, float]
    student: StudentEncoder
    student_dir: Path


def resolve_device(name: str) -> torch.device:
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise DistillError("--device cuda was asked for but no CUDA device is available")
    return torch.device(name)


def split_rows(num_rows: int, holdout: float, seed: int, sample: int = 0) -> tuple[Tensor, Tensor]:
    """Seeded split of row indices into (training rows, held-out rows).

    With ``sample`` > 0 only that many rows, drawn at random, take part at all.
    """
    order = torch.randperm(num_rows, generator=torch.Generator().manual_seed(seed))
    if sample:
        order = order[:sample]
    num_holdout = int(round(holdout * len(order)))
    return order[num_holdout:].sort().values, order[:num_holdout].sort().values


def encode_variants(student: StudentEncoder, tokens: list[str], rate: float, copies: int, seed: int) -> Tensor:
    """``(1 + copies, V, ...)``: the clean encoding, then ``copies`` typo variants (none at rate 0).

    The noisy strings are drawn once per run (RETVec's typo families at ``rate`` per
    character, within its per-token limits, §3), so the loop only indexes tensors.
    """
    variants = [student.encode(tokens)]
    if rate > 0:
        spec = f"typo:{rate},max_edits:4,max_fraction:0.25"
        variants += [student.encode(noisy_tokens(tokens, spec, seed=seed + copy)) for copy in range(copies)]
    return torch.stack(variants)


def epoch_generator(seed: int, epoch: int, device: torch.device) -> torch.Generator:
    """The random stream of one epoch, derived from (seed, epoch) alone so resumes replay it."""
    return torch.Generator(device=device).manual_seed(seed * 1_000_003 + epoch)


class Phase(Protocol):
    """One kind of training epoch: its batches, loss, optimiser and metrics."""

    loss_name: str
    rows_per_step: int
    optimizer: torch.optim.Optimizer
    scheduler: torch.optim.lr_scheduler.LRScheduler | torch.optim.lr_scheduler.ReduceLROnPlateau

    @property
    def steps_per_epoch(self) -> int: ...

    def batch_loss(self, rows: Tensor, generator: torch.Generator) -> Tensor: ...

    def evaluate(self) -> dict[str, float]: ...


class AlignmentTrainer:
    """Holds everything one training run needs on the device and runs its epochs.

    Its epochs are numbered across the run: the ``typo_pretrain_epochs`` of typo
    pre-training (:mod:`distill.typo_pretraining`) first, then the ``epochs`` of
    alignment. The trainer is itself the alignment phase.
    """

    loss_name = "loss"

    def __init__(
        self,
        config: TrainConfig,
        teacher: TeacherTable,
        student: StudentEncoder,
        loss: AlignmentLoss,
        device: torch.device,
    ) -> None:
        self.config, self.teacher, self.loss, self.device = config, teacher, loss, device
        self.student = student.to(device)
        self.student_forward = torch.compile(student.forward_encoded) if config.compile else student.forward_encoded
        if loss.direction_only:
            # Paper §2.2: a norm-free loss leaves lengths untrained; predict at the mean teacher norm.
            self.student.rescale_norm = teacher.norm_mean
        self.table = teacher.table.to(device)
        self.labels = teacher.ids.to(device)
        self.variants = encode_variants(student, teacher.tokens, config.augment, config.augment_copies,
                                        seed=config.seed * 1_000).to(device)
        self.encoded = self.variants[0]
        train_rows, holdout_rows = split_rows(len(teacher.tokens), config.holdout, config.seed, config.vocab_sample)
        self.train_rows, self.holdout_rows = train_rows.to(device), holdout_rows.to(device)
        self.train_table = self.table[self.train_rows]  # triplet negatives come from these rows
        self.rows_per_step = config.batch_size
        self.optimizer = self.new_optimizer()
        self.scheduler: torch.optim.lr_scheduler.LRScheduler | torch.optim.lr_scheduler.ReduceLROnPlateau
        if config.schedule == "plateau":
            self.scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(
                self.optimizer, mode="min", factor=config.plateau_factor, patience=config.plateau_patience
            )
        else:
            total_steps = config.epochs * self.steps_per_epoch
            self.scheduler = torch.optim.lr_scheduler.LambdaLR(
                self.optimizer, warmup_cosine(total_steps, config.warmup_fraction)
            )
        self.pretraining: TypoPretraining | None = None
        if config.typo_pretrain_epochs:
            typo_variants = encode_variants(student, teacher.tokens, config.typo_pretrain_rate,
                                            config.augment_copies, seed=config.seed * 1_000 + 500).to(device)
            self.pretraining = TypoPretraining(config, self.forward, self.student.embed_vocabulary,
                                               self.new_optimizer(), typo_variants, self.train_rows)

    def new_optimizer(self) -> torch.optim.Adam:
        """Adam over the student's parameters, as the config sets it."""
        # One fused kernel per parameter instead of a dozen passes over all of them (3-5x faster on a CPU).
        config = self.config
        return torch.optim.Adam(self.student.parameters(), lr=config.lr, betas=config.betas, eps=config.eps,
                                fused=self.device.type in FUSED_ADAM_DEVICES)

    @property
    def total_epochs(self) -> int:
        return self.config.typo_pretrain_epochs + self.config.epochs

    def phase(self, epoch: int) -> Phase:
        """The phase that run-wide ``epoch`` (1-based) belongs to."""
        if self.pretraining is not None and epoch <= self.config.typo_pretrain_epochs:
            return self.pretraining
        return self

    @property
    def steps_per_epoch(self) -> int:
        return math.ceil(len(self.train_rows) / self.rows_per_step)

    def forward(self, encoded: Tensor) -> Tensor:
        """The student's training forward, under bf16 autocast when asked for."""
        with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.config.bf16):
            return self.student_forward(encoded)

    def batch_inputs(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        """Encoded inputs of ``rows``: clean, or with probability ``augment_share`` a typo variant."""
        if len(self.variants) == 1:
            return self.encoded[rows]
        noisy = torch.rand(len(rows), generator=generator, device=self.device) < self.config.augment_share
        copy = torch.randint(1, len(self.variants), (len(rows),), generator=generator, device=self.device)
        return self.variants[torch.where(noisy, copy, 0), rows]

    def batch_loss(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        predicted = self.forward(self.batch_inputs(rows, generator)).float()
        targets = self.table[rows]
        if self.loss.kind == "pair":
            return self.loss(predicted, targets)
        if self.loss.kind == "labelled":
            return self.loss(predicted, targets, self.labels[rows])
        # Triplet: DistillEmb's negative, nearest to the positive in a random window of training rows.
        positions = torch.searchsorted(self.train_rows, rows)
        negatives = select_negatives(
            positions, self.train_table, self.config.negative_window, generator, self.loss.negative_metric
        )
        return self.loss(predicted, targets, self.train_table[negatives])

    def run_epoch(self, epoch: int, progress: tqdm | None = None) -> float:
        """Train run-wide epoch ``epoch``; return its mean loss. Raises on a non-finite loss, naming the step."""
        self.student.train()
        phase = self.phase(epoch)
        generator = epoch_generator(self.config.seed, epoch, self.device)
        order = self.train_rows[torch.randperm(len(self.train_rows), generator=generator, device=self.device)]
        step_losses = torch.empty(phase.steps_per_epoch, device=self.device)
        for step, rows in enumerate(order.split(phase.rows_per_step)):
            step_losses[step] = self.train_step(rows, generator, phase)
            if progress is not None:
                progress.update(1)
        finite = torch.isfinite(step_losses)
        if not bool(finite.all()):  # one host sync per epoch, not per step
            bad_step = int((~finite).nonzero()[0]) + 1
            raise NonFiniteLoss(epoch, bad_step, float(step_losses[bad_step - 1]))
        mean_loss = step_losses.mean().item()
        if isinstance(phase.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            phase.scheduler.step(mean_loss)
        return mean_loss

    def train_step(self, rows: Tensor, generator: torch.Generator, phase: Phase | None = None) -> Tensor:
        """One optimisation step of ``phase`` (alignment by default) on ``rows``; returns the
        detached loss (no host sync)."""
        phase = phase or self
        loss = phase.batch_loss(rows, generator)
        phase.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        phase.optimizer.step()
        if not isinstance(phase.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            phase.scheduler.step()
        return loss.detach()

    def evaluate(self) -> dict[str, float]:
        predicted = self.student.embed_vocabulary(self.encoded)
        metrics = alignment_metrics(predicted[self.train_rows], self.table, self.train_rows)
        if len(self.holdout_rows):
            held_out = alignment_metrics(predicted[self.holdout_rows], self.table, self.holdout_rows)
            metrics.update({f"holdout_{name}": value for name, value in held_out.items()})
        return metrics

    def phases_by_prefix(self) -> dict[str, Phase]:
        """The run's phases under the prefix of their optimiser and scheduler in a checkpoint."""
        return {"": self, **({"typo_": self.pretraining} if self.pretraining is not None else {})}

    def state(self, epoch: int) -> dict[str, Any]:
        state: dict[str, Any] = {"epoch": epoch}
        for prefix, phase in self.phases_by_prefix().items():
            state[f"{prefix}optimizer"] = phase.optimizer.state_dict()
            state[f"{prefix}scheduler"] = phase.scheduler.state_dict()
        state["torch_rng"] = torch.get_rng_state()
        state["cuda_rng"] = torch.cuda.get_rng_state_all() if torch.cuda.is_available() else []
        return state

    def load_state(self, state: dict[str, Any]) -> None:
        for prefix, phase in self.phases_by_prefix().items():
            phase.optimizer.load_state_dict(state[f"{prefix}optimizer"])
            phase.scheduler.load_state_dict(state[f"{prefix}scheduler"])
        torch.set_rng_state(state["torch_rng"].cpu())
        if state["cuda_rng"] and torch.cuda.is_available():
            torch.cuda.set_rng_state_all([rng.cpu() for rng in state["cuda_rng"]])


class NonFiniteLoss(Exception):
    def __init__(self, epoch: int, step: int, value: float) -> None:
        super().__init__(f"loss became {value} at epoch {epoch}, step {step}")
        self.epoch, self.step = epoch, step


def prepare(config: TrainConfig) -> tuple[TeacherTable, StudentEncoder, AlignmentLoss]:
    """Resolve every name in the config before anything is written (bad input fails here)."""
    loss = build_loss(config.loss, **config.loss_options)
    build_student(config.student, 8, **config.student_options)  # validates name and options early
    teacher = load_teacher(config.teacher)
    torch.manual_seed(config.seed)
    student = build_student(config.student, teacher.dim, **config.student_options)
    return teacher, student, loss


def train(
    config: TrainConfig,
    *,
    tracking_uri: str | None = None,
    quiet: bool = False,
    parent_run_id: str | None = None,
    epoch_callback: EpochCallback | None = None,
    experiment: str = "train",
) -> TrainingResult:
    """Train a new run. ``epoch_callback(epoch, metrics)`` may raise to stop it (sweep pruning).

    ``experiment`` is the ``tracking.configure`` kind the run is filed under (a sweep's
    trials go to the sweep experiment, beside their parent run).
    """
    config.validate()
    teacher, student, loss = prepare(config)
    device = resolve_device(config.device)
    trainer = AlignmentTrainer(config, teacher, student, loss, device)
    tracking.configure(experiment, tracking_uri)
    nested = mlflow.active_run() is not None
    with mlflow.start_run(run_name=config.run_name, nested=nested, parent_run_id=parent_run_id) as run:
        checkpoint_root = Path(config.work_dir).resolve() / run.info.run_id
        atomic_write_text(checkpoint_root / CONFIG_NAME, config.to_yaml())
        mlflow.set_tag(CHECKPOINT_TAG, str(checkpoint_root))
        mlflow.log_params(_flatten({**config.to_dict(), "device_resolved": str(device)}))
        mlflow.log_params(_flatten({"teacher": teacher.stats(), "student_parameters": _count(trainer.student)}))
        mlflow.log_text(config.to_yaml(), "config.yaml")
        return _run_epochs(trainer, run.info.run_id, checkpoint_root, 1, quiet, epoch_callback)


def resume(run_id: str, *, tracking_uri: str | None = None, quiet: bool = False) -> TrainingResult:
    """Continue a killed run from its last checkpoint, in the same MLflow run."""
    tracking.configure("train", tracking_uri)
    try:
        run = mlflow.get_run(run_id)
    except mlflow.exceptions.MlflowException:
        raise DistillError(f"no MLflow run {run_id!r} in {mlflow.get_tracking_uri()}") from None
    if run.info.status == "FINISHED":
        raise DistillError(f"run {run_id} already finished; nothing to resume")
    checkpoint_root = Path(run.data.tags.get(CHECKPOINT_TAG, ""))
    config_file = checkpoint_root / CONFIG_NAME
    if not config_file.is_file():
        raise DistillError(f"run {run_id} has no checkpoint folder on this machine ({checkpoint_root})")
    config = config_from_mapping(read_yaml_mapping(config_file), source=str(config_file))
    teacher, student, loss = prepare(config)
    device = resolve_device(config.device)
    checkpoint = load_checkpoint(checkpoint_root, device)
    if checkpoint is not None:
        student = checkpoint.student
    trainer = AlignmentTrainer(config, teacher, student, loss, device)
    first_epoch = 1
    if checkpoint is not None:
        trainer.load_state(checkpoint.trainer_state)
        first_epoch = checkpoint.epoch + 1
    with mlflow.start_run(run_id=run_id, nested=mlflow.active_run() is not None):
        return _run_epochs(trainer, run_id, checkpoint_root, first_epoch, quiet, None)


def _run_epochs(
    trainer: AlignmentTrainer,
    run_id: str,
    checkpoint_root: Path,
    first_epoch: int,
    quiet: bool,
    epoch_callback: EpochCallback | None,
) -> TrainingResult:
    config = trainer.config
    metrics: dict[str, float] = {}
    last_epoch = trainer.total_epochs
    if first_epoch == 1 and trainer.pretraining is not None:
        # The untrained student's typo fidelity, as step 0: what pre-training starts from.
        mlflow.log_metrics(trainer.pretraining.evaluate(), step=0)
    epochs = tqdm(range(first_epoch, last_epoch + 1), desc="epochs", initial=first_epoch - 1,
                  total=last_epoch, disable=quiet, dynamic_ncols=True)
    steps = tqdm(total=trainer.steps_per_epoch, desc="steps", leave=False, disable=quiet, dynamic_ncols=True)
    try:
        for epoch in epochs:
            phase = trainer.phase(epoch)
            steps.reset(total=phase.steps_per_epoch)
            started = time.perf_counter()
            epoch_loss = trainer.run_epoch(epoch, steps)
            metrics = {phase.loss_name: epoch_loss, "lr": phase.optimizer.param_groups[0]["lr"],
                       "epoch_seconds": time.perf_counter() - started}
            if epoch % config.eval_every == 0 or epoch == last_epoch:
                metrics.update(phase.evaluate())
            mlflow.log_metrics(metrics, step=epoch)
            epochs.set_postfix({name: f"{value:.4g}" for name, value in metrics.items() if name != "lr"})
            if epoch % config.checkpoint_every == 0 or epoch == last_epoch:
                save_checkpoint(checkpoint_root, epoch, trainer.student, trainer.state(epoch), config.to_yaml())
            if epoch_callback is not None:
                epoch_callback(epoch, metrics)
    except NonFiniteLoss as error:
        mlflow.set_tag("distill.failure", str(error))
        mlflow.end_run(status="FAILED")
        raise DistillError(f"{error}; run {run_id} marked failed, last good checkpoint kept in {checkpoint_root}") from None
    except BaseException:
        mlflow.end_run(status="KILLED")
        raise
    finally:
        steps.close()
        epochs.close()
    student_dir = checkpoint_root / "final" / "student"
    trainer.student.provenance = {"run_id": run_id, "loss": config.loss, "teacher": trainer.teacher.name,
                                  "teacher_revision": trainer.teacher.revision}
    trainer.student.save_pretrained(student_dir)
    mlflow.log_artifacts(str(student_dir), "student")
    return TrainingResult(run_id=run_id, metrics=metrics, student=trainer.student.cpu(), student_dir=student_dir)


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

"""What every training objective shares, and the interface the training loop drives.

An *objective* is one kind of training epoch: which batches an epoch holds, the loss
of a batch, its own optimiser and learning-rate schedule, and the metrics that say how
far it got. The loop (:mod:`distill.training`) chains the registered objectives (:mod:`distill.objectives.registry`)
as phases of one run and knows nothing else of them (model2vec's ``train/`` keeps objectives apart from the
loop in the same way).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

import torch
from torch import Tensor, nn

from distill.config.training import TrainConfig, recipe_settings
from distill.objectives.english import EnglishWordMetric
from distill.objectives.metrics import alignment_metrics
from distill.objectives.schedules import warmup_cosine
from students import StudentEncoder
from teachers import TeacherTable, load_tokenizer

# Adam's ``fused=True``: one kernel per parameter instead of a dozen passes over all of them.
FUSED_ADAM_DEVICES = ("cpu", "cuda")
Scheduler = torch.optim.lr_scheduler.LRScheduler | torch.optim.lr_scheduler.ReduceLROnPlateau
# Batches whose rows :func:`grouped_by_length` sorts together: enough that a batch's rows share a length, few enough
# that the lengths of an epoch's batches still come in a random order.
LENGTH_POOL_BATCHES = 50


class Objective(Protocol):
    """One phase of a training run, as the loop sees it."""

    name: ClassVar[str]  # prefix of its optimiser and schedule in a checkpoint
    loss_name: ClassVar[str]  # MLflow metric of its mean epoch loss
    logged_at_start: ClassVar[bool]  # whether its metrics are also logged before its first epoch, as step 0

    @property
    def optimizer(self) -> torch.optim.Optimizer: ...

    @property
    def scheduler(self) -> Scheduler: ...

    @property
    def steps_per_epoch(self) -> int: ...

    def epoch_batches(self, generator: torch.Generator) -> Iterable[Tensor]:
        """The batches of one epoch (index tensors), drawn from ``generator`` alone."""

    def batch_loss(self, batch: Tensor, generator: torch.Generator) -> Tensor: ...

    def evaluate(self) -> dict[str, float]: ...


def sparse_parameters(module: nn.Module) -> list[Tensor]:
    """The weights of ``module``'s embeddings built with ``sparse=True`` (their gradients are sparse)."""
    return [layer.weight for layer in module.modules()
            if isinstance(layer, nn.Embedding | nn.EmbeddingBag) and layer.sparse]


@dataclass(eq=False)
class Setup:
    """What the objectives of one run share: the config, the teacher, the student, the rows.

    ``train_rows`` are the teacher rows the student may learn from; ``holdout_rows`` are
    never trained (``--holdout``), nor, with ``keep_special_rows``, the special tokens.
    ``encoded`` is the student's encoding of every teacher row, on ``device``.
    """

    config: TrainConfig
    teacher: TeacherTable
    student: StudentEncoder
    device: torch.device
    train_rows: Tensor
    holdout_rows: Tensor
    encoded: Tensor
    table: Tensor = field(init=False)
    student_forward: Callable[[Tensor], Tensor] = field(init=False)

    def __post_init__(self) -> None:
        self.table = self.teacher.table.to(self.device)
        forward = self.student.forward_encoded
        self.student_forward = torch.compile(forward) if self.config.compile else forward

    @property
    def batch_size(self) -> int:
        """Table rows per step: the config's, else its recipe's (filled in by ``TrainConfig.validate``)."""
        return recipe_settings(self.config)[0]

    @property
    def lr(self) -> float:
        """The table alignment's learning rate: the config's, else its recipe's (as :attr:`batch_size`)."""
        return recipe_settings(self.config)[1]

    def forward(self, encoded: Tensor) -> Tensor:
        """The student's training forward, under bf16 autocast when asked for."""
        with self.autocast():
            return self.student_forward(encoded)

    def autocast(self) -> torch.autocast:
        bf16 = self.config.bf16
        assert bf16 is not None, "needs the Setup of build_setup (it decides an unset bf16 on the run's device)"
        return torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=bf16)

    def new_optimizer(self, lr: float) -> torch.optim.Optimizer:
        """Adam over the student's parameters with the config's betas and eps.

        A student whose parameters all get sparse gradients (``ngrams``) gets ``SparseAdam``: it updates
        the moments of the rows a step touched only, so a step costs the batch, not the whole table
        (lazy Adam: a row's moments do not decay while it is not drawn).
        """
        config = self.config
        parameters = list(self.student.parameters())
        sparse = sparse_parameters(self.student)
        if sparse and len(sparse) == len(parameters):
            return torch.optim.SparseAdam(parameters, lr=lr, betas=config.betas, eps=config.eps)
        if sparse:
            raise ValueError(f"{type(self.student).__name__} mixes sparse and dense gradients; one optimiser "
                             "cannot step both")
        return torch.optim.Adam(parameters, lr=lr, betas=config.betas, eps=config.eps,
                                fused=self.device.type in FUSED_ADAM_DEVICES)

    def warmup_cosine(self, optimizer: torch.optim.Optimizer, total_steps: int) -> Scheduler:
        return torch.optim.lr_scheduler.LambdaLR(optimizer, warmup_cosine(total_steps, self.config.warmup_fraction))

    @functools.cached_property
    def english_metric(self) -> EnglishWordMetric | None:
        """The whole-vocabulary metric over general English's most frequent words (built on first use)."""
        tokenizer = load_tokenizer(self.teacher.model_path)
        return EnglishWordMetric.for_tokenizer(self.teacher, tokenizer, self.student, self.device)

    def vocabulary_metrics(self) -> dict[str, float]:
        """Alignment metrics of the trained rows, ``holdout_*`` of the rows never trained, and ``english_*`` of
        the most frequent English words (:mod:`distill.objectives.english`)."""
        predicted = self.student.embed_vocabulary(self.encoded)
        metrics = alignment_metrics(predicted[self.train_rows], self.table, self.train_rows)
        if self.english_metric is not None:
            metrics.update(self.english_metric(self.student))
        if len(self.holdout_rows):
            held_out = alignment_metrics(predicted[self.holdout_rows], self.table, self.holdout_rows)
            metrics.update({f"holdout_{name}": value for name, value in held_out.items()})
        return metrics


def shuffled_batches(rows: Tensor, batch_size: int, generator: torch.Generator) -> tuple[Tensor, ...]:
    """``rows`` in a random order drawn from ``generator``, in batches of ``batch_size``."""
    return rows[torch.randperm(len(rows), generator=generator, device=rows.device)].split(batch_size)


def grouped_by_length(rows: Tensor, lengths: Tensor, batch_size: int, generator: torch.Generator) -> list[Tensor]:
    """``rows`` (in the order drawn) in batches of like ``lengths``, the batches in a random order.

    Each run of ``LENGTH_POOL_BATCHES`` batches' rows is sorted by length and cut into batches, so a batch is padded
    to a length near its rows' own and every batch but the last keeps ``batch_size`` rows: the epoch's rows and its
    number of steps are those of plain batches. (Hugging Face ``transformers``, ``trainer_pt_utils.py``,
    ``get_length_grouped_indices``, sorts "megabatches" of 50 batches the same way.)
    """
    batches = []
    for pool in rows.split(LENGTH_POOL_BATCHES * batch_size):
        batches += pool[lengths[pool].argsort(stable=True)].split(batch_size)
    order = torch.randperm(len(batches), generator=generator, device=generator.device)
    return [batches[index] for index in order.tolist()]


def steps_for(count: int, batch_size: int) -> int:
    return math.ceil(count / batch_size)

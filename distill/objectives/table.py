"""Table alignment (paper §2): the student reproduces the teacher's rows from their strings.

Every loss of :mod:`losses` plugs in here. Two additions to the paper's recipe:

* **Typo augmentation** (``augment``): a share of the examples reads a typo variant of
  the token, with the clean row as target (RETVec's families, §3).
* **Frequency-aware sampling** (``frequency_exponent`` > 0): an epoch draws as many rows
  as it has training rows, with replacement, in proportion to ``(count + 1) ** exponent``
  where ``count`` is how often the tokenizer emits the row on the training text. The
  rows that text is made of are learnt first; with exponent 0 an epoch is a permutation
  of the rows, as in the paper. (The +1 keeps every row in play; word2vec smooths its
  negative-sampling distribution with exponent 0.75 for the same reason.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import torch
from torch import Tensor

from distill.noise import noisy_tokens
from distill.objectives.base import Scheduler, Setup, shuffled_batches, steps_for
from distill.objectives.registry import register_objective
from losses import AlignmentLoss

if TYPE_CHECKING:
    from distill.objectives.sources import PhaseSources


def encode_variants(setup: Setup, rate: float, copies: int, seed: int) -> Tensor:
    """``(1 + copies, V, ...)``: the clean encoding, then ``copies`` typo variants (none at rate 0).

    The noisy strings are drawn once per run (RETVec's typo families at ``rate`` per
    character, within its per-token limits, §3), so the loop only indexes tensors.
    """
    variants = [setup.encoded]
    if rate > 0:
        spec = f"typo:{rate},max_edits:4,max_fraction:0.25"
        tokens = setup.teacher.tokens
        variants += [setup.student.encode(noisy_tokens(tokens, spec, seed=seed + copy)).to(setup.device)
                     for copy in range(copies)]
    return torch.stack(variants)


@register_objective
class TableAlignment:
    """The alignment phase: batches of teacher rows, the configured loss, the run's recipe."""

    name: ClassVar[str] = "table"
    loss_name: ClassVar[str] = "train_loss"
    logged_at_start: ClassVar[bool] = False

    def __init__(self, setup: Setup, loss: AlignmentLoss, row_counts: Tensor | None = None) -> None:
        """``row_counts``: ``(len(teacher),)`` occurrences of each row in the training text, for
        frequency-aware sampling (required when ``frequency_exponent`` > 0)."""
        config = setup.config
        self.setup, self.loss = setup, loss
        self.batch_size = setup.batch_size
        self.variants = encode_variants(setup, config.augment, config.augment_copies, seed=config.seed * 1_000)
        # Labels are teacher rows; a loss that mines negatives (triplet) draws them from the training rows.
        loss.set_negative_pool(setup.table[setup.train_rows], setup.train_rows, config.negative_window)
        self.row_weights: Tensor | None = None
        if config.frequency_exponent > 0:
            if row_counts is None:
                raise ValueError("frequency-aware sampling needs the rows' counts on the training text")
            counts = row_counts.to(setup.device)[setup.train_rows].double()
            self.row_weights = (counts + 1.0) ** config.frequency_exponent
        self.optimizer = setup.new_optimizer(setup.lr)
        if config.schedule == "plateau":
            self.scheduler: Scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(
                self.optimizer, mode="min", factor=config.plateau_factor, patience=config.plateau_patience
            )
        else:
            self.scheduler = setup.warmup_cosine(self.optimizer, config.epochs * self.steps_per_epoch)

    @classmethod
    def build(cls, sources: PhaseSources) -> TableAlignment:
        return sources.table  # the instance the other phases' joint table terms use

    @property
    def steps_per_epoch(self) -> int:
        return steps_for(len(self.setup.train_rows), self.batch_size)

    def epoch_batches(self, generator: torch.Generator) -> Iterable[Tensor]:
        rows = self.setup.train_rows
        if self.row_weights is None:
            return shuffled_batches(rows, self.batch_size, generator)
        return self.draw_rows(len(rows), generator).split(self.batch_size)

    def draw_rows(self, count: int, generator: torch.Generator) -> Tensor:
        """``count`` training rows drawn with replacement, ∝ the row weights (uniform without them)."""
        rows = self.setup.train_rows
        if self.row_weights is None:
            return rows[torch.randint(len(rows), (count,), generator=generator, device=rows.device)]
        return rows[torch.multinomial(self.row_weights, count, replacement=True, generator=generator)]

    def batch_inputs(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        """Encoded inputs of ``rows``: clean, or with probability ``augment_share`` a typo variant."""
        if len(self.variants) == 1:
            return self.variants[0, rows]
        device = self.setup.device
        noisy = torch.rand(len(rows), generator=generator, device=device) < self.setup.config.augment_share
        copy = torch.randint(1, len(self.variants), (len(rows),), generator=generator, device=device)
        return self.variants[torch.where(noisy, copy, 0), rows]

    def batch_loss(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        predicted = self.setup.forward(self.batch_inputs(rows, generator)).float()
        return self.loss(predicted, self.setup.table[rows], rows, generator=generator)

    def evaluate(self) -> dict[str, float]:
        return self.setup.vocabulary_metrics()

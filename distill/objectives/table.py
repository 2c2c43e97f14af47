"""Table alignment (paper §2): the student reproduces the teacher's rows from their strings.

Every loss of :mod:`losses` plugs in here. Two additions to the paper's recipe:

* **Typo augmentation** (``augment``): a share of the examples reads a typo variant of
  the token, with the clean row as target (RETVec's families, §3); ``augment_noise`` draws the
  variants with any :mod:`distill.noise.specs` specs instead, e.g. human misspellings
  (``misspell:1``), so that a misspelt word is read as the word (Piktus et al., NAACL 2019,
  "Misspelling Oblivious Word Embeddings", train fastText's subwords on misspellings so).
* **Frequency-aware sampling** (``frequency_exponent`` > 0): an epoch draws as many rows
  as it has training rows, with replacement, in proportion to ``(count + 1) ** exponent``
  where ``count`` is how often the tokenizer emits the row on the training text. The
  rows that text is made of are learnt first; with exponent 0 an epoch is a permutation
  of the rows, as in the paper. (The +1 keeps every row in play; word2vec smooths its
  negative-sampling distribution with exponent 0.75 for the same reason.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import torch
from torch import Tensor

from distill.noise.specs import NoiseSpec, noise_mix, noisy_tokens
from distill.objectives.base import Scheduler, Setup, grouped_by_length, steps_for
from distill.objectives.registry import register_objective
from losses import AlignmentLoss

if TYPE_CHECKING:
    from distill.config.training import TrainConfig
    from distill.objectives.sources import PhaseSources


def retvec_typos(rate: float) -> list[NoiseSpec]:
    """RETVec's typo families at ``rate`` per character, at most 4 edits and 25 % of a token (§3); none at 0."""
    return [NoiseSpec.parse(f"typo:{rate},max_edits:4,max_fraction:0.25")] if rate > 0 else []


def augment_specs(config: TrainConfig) -> list[NoiseSpec]:
    """The noise of the table phase's variants: ``augment_noise``'s specs, else :func:`retvec_typos` at
    ``augment``'s rate."""
    return noise_mix(config.augment_noise) if config.augment_noise else retvec_typos(config.augment)


def encode_variants(setup: Setup, specs: Sequence[NoiseSpec], copies: int, seed: int) -> Tensor:
    """``(1 + copies, V, ...)``: the clean encoding, then ``copies`` noisy variants, copy ``k`` noised with
    ``specs[k % len(specs)]`` (none without specs).

    The noisy strings are drawn once per run, so the loop only indexes tensors. All variants are encoded in
    one call: a student whose encoding is as wide as its longest input (``ngrams``) pads them alike.
    """
    tokens = setup.teacher.tokens
    if not specs:
        return setup.encoded.unsqueeze(0)
    strings = list(tokens)
    for copy in range(copies):
        strings += noisy_tokens(tokens, specs[copy % len(specs)], seed=seed + copy)
    encoded = setup.student.encode(strings).to(setup.device)
    return encoded.view(1 + copies, len(tokens), *encoded.shape[1:])


@register_objective
class TableAlignment:
    """The alignment phase: batches of teacher rows, the configured loss, the run's recipe."""

    name: ClassVar[str] = "table"
    loss_name: ClassVar[str] = "train_loss"
    logged_at_start: ClassVar[bool] = False

    def __init__(self, setup: Setup, loss: AlignmentLoss, row_counts: Tensor | None = None,
                 frequency_exponent: float = 0.0) -> None:
        """``row_counts``: ``(len(teacher),)`` occurrences of each row in the training text, for
        frequency-aware sampling (required when ``frequency_exponent`` > 0)."""
        config = setup.config
        self.setup, self.loss = setup, loss
        self.batch_size = setup.batch_size
        self.variants = encode_variants(setup, augment_specs(config), config.augment_copies, seed=config.seed * 1_000)
        # Labels are teacher rows; a loss that mines negatives (triplet) draws them from the training rows.
        loss.set_negative_pool(setup.table[setup.train_rows], setup.train_rows, config.negative_window)
        self.row_weights: Tensor | None = None
        if frequency_exponent > 0:
            if row_counts is None:
                raise ValueError("frequency-aware sampling needs the rows' counts on the training text")
            counts = row_counts.to(setup.device)[setup.train_rows].double()
            self.row_weights = (counts + 1.0) ** frequency_exponent
        self.row_lengths = setup.student.input_lengths(setup.encoded)
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
        """The epoch's rows (a permutation, or drawn ∝ the row weights) in batches; rows of like length together
        where the student's step costs its batch's longest row (:meth:`StudentEncoder.input_lengths`)."""
        rows = self.setup.train_rows
        if self.row_weights is None:
            rows = rows[torch.randperm(len(rows), generator=generator, device=rows.device)]
        else:
            rows = self.draw_rows(len(rows), generator)
        if self.row_lengths is None:
            return rows.split(self.batch_size)
        return grouped_by_length(rows, self.row_lengths, self.batch_size, generator)

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

"""RETVec's typo pre-training: Multi-Similarity over typo variants of the same token.

RETVec trains its encoder so that a word and its typos land together and other words
apart, before any downstream use (Bursztein et al. 2023, RETVec, §3): every batch holds
two views of each word labelled by the word, under Multi-Similarity loss with α 4,
β 40, λ (base) 0.5 and ε-mining 0.1 (§3.3, Appendix E) — the registered
``multi-similarity`` loss with those parameters here. With
``typo_pretrain_epochs`` set, training runs these epochs first and the alignment
then starts from their weights, with a fresh optimiser.

Choices and deviations:

* The loss acts on the student's output. For RETVec the projection after the 256-d
  tanh layer plays the part of the paper's training-only similarity head; the same
  code therefore pre-trains any student family.
* The words are the teacher's training rows, not 88.8M fastText words; the two views
  are two distinct draws among the clean string and ``augment_copies`` typo variants
  (RETVec: 4 clean : 16 noisy versions per word).
* The typos come from :mod:`distill.noise.specs` — RETVec's four families at one
  per-character rate, at most 4 edits and 25 % of the token — not the 22 operations at
  a per-token rate drawn from 0–25 %.
* Learning rate: the run's recipe, warm-up then cosine decay over the pre-training
  steps (RETVec: Adam 1e-3 → 1e-4, 10k warm-up steps of batch 1024, 500k steps).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import torch
from torch import Tensor
from torch.nn import functional as F

from distill.objectives.base import Setup, shuffled_batches, steps_for
from distill.objectives.registry import register_objective
from distill.objectives.table import encode_variants, retvec_typos
from losses import build_loss

if TYPE_CHECKING:
    from distill.objectives.sources import PhaseSources

FIDELITY_SAMPLE = 4096  # rows whose views are compared by ``evaluate``


@register_objective
class TypoPretraining:
    """The pre-training phase of a run: its batches, loss, optimiser and metrics.

    ``variants`` is ``(1 + copies, V, ...)``: the clean encoding of the vocabulary,
    then its typo variants; ``rows`` the training rows. Each step takes
    ``batch_size // 2`` rows and two distinct views of each, so a batch holds
    ``batch_size`` embeddings, every one with exactly one positive.
    """

    name: ClassVar[str] = "typo"
    loss_name: ClassVar[str] = "typo_loss"
    logged_at_start: ClassVar[bool] = True  # the untrained student's typo fidelity, as step 0

    def __init__(self, setup: Setup) -> None:
        config = setup.config
        self.setup, self.rows = setup, setup.train_rows
        self.variants = encode_variants(setup, retvec_typos(config.typo_pretrain_rate), config.augment_copies,
                                        seed=config.seed * 1_000 + 500)
        self.rows_per_step = max(1, setup.batch_size // 2)
        # RETVec's parameters: §3.3 / Appendix E and google-research/retvec's training config agree on them.
        self.loss = build_loss("multi-similarity", alpha=4, beta=40, base=0.5, miner_epsilon=0.1)
        self.optimizer = setup.new_optimizer(setup.lr)
        self.scheduler = setup.warmup_cosine(self.optimizer, config.typo_pretrain_epochs * self.steps_per_epoch)

    @classmethod
    def build(cls, sources: PhaseSources) -> TypoPretraining:
        return cls(sources.setup)

    @property
    def steps_per_epoch(self) -> int:
        return steps_for(len(self.rows), self.rows_per_step)

    def epoch_batches(self, generator: torch.Generator) -> Iterable[Tensor]:
        return shuffled_batches(self.rows, self.rows_per_step, generator)

    def two_views(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        """``(2, B)`` variant indices: two different versions of each row."""
        count = len(self.variants)
        first = torch.randint(0, count, (len(rows),), generator=generator, device=rows.device)
        shift = torch.randint(1, count, (len(rows),), generator=generator, device=rows.device)
        return torch.stack([first, (first + shift) % count])

    def batch_loss(self, rows: Tensor, generator: torch.Generator) -> Tensor:
        views = self.two_views(rows, generator)
        labels = torch.cat([rows, rows])
        embeddings = self.setup.forward(self.variants[views.flatten(), labels]).float()
        return self.loss(embeddings, labels=labels)  # no targets: the views are each other's positives

    @torch.no_grad()
    def evaluate(self) -> dict[str, float]:
        """RETVec's typo fidelity (Figure 2) on up to :data:`FIDELITY_SAMPLE` training rows.

        ``typo_view_cosine``: mean cosine between a row's clean and first typo variant
        embeddings; ``typo_other_cosine``: between its clean embedding and the next
        sampled row's. Pre-training should raise the first well above the second.
        """
        rows = self.rows[:FIDELITY_SAMPLE]
        clean = self.setup.student.embed_vocabulary(self.variants[0, rows])
        noisy = self.setup.student.embed_vocabulary(self.variants[1, rows])
        return {
            "typo_view_cosine": F.cosine_similarity(clean, noisy).mean().item(),
            "typo_other_cosine": F.cosine_similarity(clean, clean.roll(1, dims=0)).mean().item(),
        }

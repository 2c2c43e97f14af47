"""Hard-negative mining for the triplet losses (paper §2.3, following DistillEmb).

DistillEmb (leobitz/DistillEmb, README) draws a random window of 32 corpus words, drops the target
and takes the word whose vector is nearest to the target's as the negative: the
hardest negative of a random sample. Here the candidates are rows of a reference
table (the teacher's training rows), drawn uniformly; that stands in for DistillEmb's
corpus window, whose words are frequency-weighted. Everything runs as batched tensor
operations on the table's device.
"""

from __future__ import annotations

import torch
from torch import Tensor

from losses.distances import Distance
from losses.errors import LossError


def sample_candidates(
    positive_rows: Tensor,
    num_rows: int,
    window: int,
    generator: torch.Generator | None = None,
) -> Tensor:
    """Candidate negatives ``(B, W)`` for each positive row, never the positive itself.

    With ``window < num_rows − 1``, ``W = window`` rows are drawn uniformly *with*
    replacement from the ``num_rows − 1`` other rows (a repeat only shrinks the window
    a little; it cannot produce a wrong negative). Otherwise every other row is a
    candidate, ``W = num_rows − 1``, and the selection is exhaustive.

    The draw happens on ``generator``'s device (so a CPU generator works with a CUDA
    table) and the result is on ``positive_rows``' device.
    """
    if num_rows < 2:
        raise LossError(f"negative mining needs a table of at least 2 rows, got {num_rows}")
    if window < 1:
        raise LossError(f"the negative window must be at least 1, got {window}")
    others = num_rows - 1
    device = positive_rows.device
    if window >= others:
        candidates = torch.arange(others, device=device).expand(len(positive_rows), others)
    else:
        draw_device = device if generator is None else generator.device
        candidates = torch.randint(
            others, (len(positive_rows), window), generator=generator, device=draw_device
        ).to(device)
    # Ids 0..num_rows−2 → every row but the positive: those at or past it move up one.
    return candidates + (candidates >= positive_rows.unsqueeze(1)).long()


class WindowNegativeMiner:
    """For each label, the reference row nearest to its own among ``window`` random other rows.

    pytorch-metric-learning's miners take ``(embeddings, labels, ref_emb, ref_labels)`` and
    return indices; this one needs no embeddings, since "nearest" is measured from the
    positive's teacher row (DistillEmb), and draws its window from ``generator``.

    Args:
        distance: what "nearest" means; the loss that owns the miner penalises the same one.
        window: candidates per anchor (DistillEmb: 32); ``>= N − 1`` searches every other
            row of the reference, at ``B × (N − 1) × d`` memory.
    """

    def __init__(self, distance: Distance, window: int = 32) -> None:
        self.distance, self.window = distance, window

    @torch.no_grad()
    def __call__(
        self,
        labels: Tensor,
        ref_emb: Tensor,
        ref_labels: Tensor,
        generator: torch.Generator | None = None,
    ) -> Tensor:
        """``(B,)`` rows of ``ref_emb`` (on its device), never the row labelled ``labels[i]`` itself.

        Args:
            labels: ``(B,)`` labels of the anchors, each present in ``ref_labels``.
            ref_emb: ``(N, d)`` reference rows the negatives are drawn from.
            ref_labels: ``(N,)`` labels of ``ref_emb``, strictly ascending.
            generator: makes the draw reproducible.
        """
        positives = torch.searchsorted(ref_labels, labels.to(ref_labels.device)).to(ref_emb.device)
        candidates = sample_candidates(positives, len(ref_emb), self.window, generator)
        nearest = self.distance.nearest(ref_emb[positives], ref_emb[candidates])
        return candidates.gather(1, nearest.unsqueeze(1)).squeeze(1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(distance={self.distance!r}, window={self.window})"

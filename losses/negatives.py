"""Hard-negative selection for the triplet losses (paper §2.3, following DistillEmb).

DistillEmb (leobitz/DistillEmb, README) draws a random window of 32 corpus words, drops the target
and takes the word whose vector is nearest to the target's as the negative: the
hardest negative of a random sample. Here the candidates are rows of the teacher
table, drawn uniformly; that stands in for DistillEmb's corpus window, whose words
are frequency-weighted. Everything runs as batched tensor operations on the table's
device.
"""

from __future__ import annotations

from typing import Literal, get_args

import torch
import torch.nn.functional as F
from torch import Tensor

from distill.errors import DistillError

NegativeMetric = Literal["euclidean", "cosine"]


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
        raise DistillError(f"negative selection needs a table of at least 2 rows, got {num_rows}")
    if window < 1:
        raise DistillError(f"the negative window must be at least 1, got {window}")
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


@torch.no_grad()
def select_negatives(
    positive_rows: Tensor,
    table: Tensor,
    window: int = 32,
    generator: torch.Generator | None = None,
    metric: NegativeMetric = "euclidean",
) -> Tensor:
    """For each positive row, the nearest (by ``metric``) of its random candidate rows.

    Args:
        positive_rows: ``(B,)`` long tensor of rows of ``table`` (the tokens of the batch).
        table: ``(V, d)`` teacher embedding table, or the part of it being trained on.
        window: candidates drawn per positive (DistillEmb: 32); ``>= V − 1`` searches
            every other row, at ``B × (V − 1) × d`` memory.
        generator: makes the draw reproducible.
        metric: ``"euclidean"`` (smallest ``|t_c − t_p|``) or ``"cosine"`` (largest
            ``cos(t_c, t_p)``), where ``t_p`` is the positive's row.

    Returns:
        ``(B,)`` long tensor of rows of ``table`` on its device, never equal to the
        positive at the same position.
    """
    if metric not in get_args(NegativeMetric):
        raise DistillError(
            f"unknown negative metric {metric!r}; valid metrics: "
            f"{', '.join(get_args(NegativeMetric))}"
        )
    positive_rows = positive_rows.to(table.device)
    candidates = sample_candidates(positive_rows, table.shape[0], window, generator)
    anchors = table[positive_rows].unsqueeze(1)  # (B, 1, d)
    rows = table[candidates]  # (B, W, d)
    if metric == "euclidean":
        distances = (rows - anchors).pow(2).sum(dim=-1)
    else:
        distances = -F.cosine_similarity(rows, anchors, dim=-1)
    nearest = distances.argmin(dim=1, keepdim=True)
    return candidates.gather(1, nearest).squeeze(1)

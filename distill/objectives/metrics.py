"""Alignment metrics of student vectors against the teacher table.

All three are computed over whole sets of rows (the kept vocabulary, or its
held-out part); nearest-neighbour search runs in blocks so memory stays
``block × V`` whatever the vocabulary size.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor


@torch.no_grad()
def alignment_metrics(predicted: Tensor, table: Tensor, rows: Tensor, block_size: int = 2048) -> dict[str, float]:
    """Compare ``predicted[i]`` with its teacher row ``table[rows[i]]``.

    - ``mean_cosine``: mean cosine similarity to the own teacher row;
    - ``rel_norm_error``: mean of ``| |x| - |y| | / |y|``;
    - ``recall_at_1``: share of predictions whose nearest teacher row by cosine,
      among *all* rows of ``table``, is their own row.
    """
    targets = table[rows]
    cosine = F.cosine_similarity(predicted, targets, dim=-1)
    target_norms = targets.norm(dim=-1)
    rel_norm_error = (predicted.norm(dim=-1) - target_norms).abs() / target_norms.clamp_min(1e-12)
    return {
        "mean_cosine": cosine.mean().item(),
        "rel_norm_error": rel_norm_error.mean().item(),
        "recall_at_1": nearest_row_recall(predicted, table, rows, block_size),
    }


@torch.no_grad()
def nearest_row_recall(predicted: Tensor, table: Tensor, rows: Tensor, block_size: int = 2048) -> float:
    """Fraction of ``predicted`` whose cosine-nearest row of ``table`` is ``rows[i]``."""
    if len(predicted) == 0:
        return float("nan")
    unit_table = F.normalize(table.float(), dim=-1)
    hits = 0
    for start in range(0, len(predicted), block_size):
        unit_block = F.normalize(predicted[start : start + block_size].float(), dim=-1)
        nearest = (unit_block @ unit_table.T).argmax(dim=-1)
        hits += int((nearest == rows[start : start + block_size]).sum())
    return hits / len(predicted)

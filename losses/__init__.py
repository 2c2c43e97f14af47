"""Alignment losses between a student's rows and the teacher's, built by registry name.

Every loss is called as ``loss(embeddings, targets, labels, generator=...)`` (see
:mod:`losses.base`).

>>> import torch
>>> from losses import build_loss
>>> loss = build_loss("aec", alpha=0.5)
>>> loss.direction_only, loss.params
(False, {'alpha': 0.5})
>>> y = torch.tensor([[3.0, 4.0]])
>>> float(loss(-y, y))  # |x − y| + α(1 − cos(x, y)) = 10 + 0.5 · 2
11.0
"""

from losses import multi_similarity, regression, triplet  # noqa: F401  (register losses)
from losses.base import AlignmentLoss, Param
from losses.distances import CosineDistance, Distance, SquaredEuclideanDistance
from losses.errors import LossError
from losses.miners import WindowNegativeMiner, sample_candidates
from losses.registry import build_loss, loss_names, register_loss, resolve_loss

__all__ = [
    "AlignmentLoss",
    "CosineDistance",
    "Distance",
    "LossError",
    "Param",
    "SquaredEuclideanDistance",
    "WindowNegativeMiner",
    "build_loss",
    "loss_names",
    "register_loss",
    "resolve_loss",
    "sample_candidates",
]

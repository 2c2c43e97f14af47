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

Importing the package imports no torch: the names of the torch modules are imported on first use (PEP 562),
and each loss's module when its name is first resolved (:mod:`losses.registry`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from losses.errors import LossError
from losses.registry import build_loss, check_loss_name, loss_names, register_loss, resolve_loss

if TYPE_CHECKING:
    from losses.base import AlignmentLoss, Param
    from losses.distances import CosineDistance, Distance, SquaredEuclideanDistance
    from losses.miners import WindowNegativeMiner, sample_candidates

_LAZY = {
    "AlignmentLoss": "losses.base",
    "Param": "losses.base",
    "CosineDistance": "losses.distances",
    "Distance": "losses.distances",
    "SquaredEuclideanDistance": "losses.distances",
    "WindowNegativeMiner": "losses.miners",
    "sample_candidates": "losses.miners",
}

__all__ = [
    "AlignmentLoss",
    "CosineDistance",
    "Distance",
    "LossError",
    "Param",
    "SquaredEuclideanDistance",
    "WindowNegativeMiner",
    "build_loss",
    "check_loss_name",
    "loss_names",
    "register_loss",
    "resolve_loss",
    "sample_candidates",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Row geometry: the dissimilarities the losses are written in, one place for each.

The row functions compare ``x`` and ``y`` along their last dimension, so ``(B, d)``
rows give ``(B,)`` and ``(B, W, d)`` against ``(B, 1, d)`` gives ``(B, W)``. A
:class:`Distance` wraps one of them for a triplet loss and its miner, which must agree
on what "near" means (as a pytorch-metric-learning loss and its miner share one
``distances`` object).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import torch.nn.functional as F
from torch import Tensor


def euclidean_distance(x: Tensor, y: Tensor) -> Tensor:
    """``|x − y|``; its gradient at ``x == y`` is 0, not NaN."""
    return (x - y).norm(dim=-1)


def squared_euclidean_distance(x: Tensor, y: Tensor) -> Tensor:
    """``|x − y|²``."""
    return (x - y).pow(2).sum(dim=-1)


def cosine_error(x: Tensor, y: Tensor) -> Tensor:
    """``1 − cos(x, y)`` (paper eq. 1)."""
    return 1 - F.cosine_similarity(x, y, dim=-1)


class Distance(ABC):
    """A dissimilarity between rows: what a triplet loss penalises and what its miner ranks by."""

    @abstractmethod
    def __call__(self, x: Tensor, y: Tensor) -> Tensor:
        """The dissimilarity along the last dimension (smaller is nearer)."""

    def nearest(self, anchors: Tensor, candidates: Tensor) -> Tensor:
        """``(B,)`` position along ``W`` of the candidate ``(B, W, d)`` nearest to each anchor ``(B, d)``."""
        return self(candidates, anchors.unsqueeze(1)).argmin(dim=1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class SquaredEuclideanDistance(Distance):
    """``|x − y|²`` (paper eq. 4); it ranks rows as ``|x − y|`` does."""

    def __call__(self, x: Tensor, y: Tensor) -> Tensor:
        return squared_euclidean_distance(x, y)


class CosineDistance(Distance):
    """``1 − cos(x, y)`` (paper eqs. 1 and 5)."""

    def __call__(self, x: Tensor, y: Tensor) -> Tensor:
        return cosine_error(x, y)

    def nearest(self, anchors: Tensor, candidates: Tensor) -> Tensor:
        # The largest cosine itself: ``1 − cos`` can round two nearby cosines below 0.5 to one value.
        return F.cosine_similarity(candidates, anchors.unsqueeze(1), dim=-1).argmax(dim=1)

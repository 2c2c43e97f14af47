"""Triplet losses of paper §2.3: student row ``x`` (anchor), teacher row ``y_p`` of the same
token (positive) and teacher row ``y_n`` of another token (negative, mined by
:class:`losses.miners.WindowNegativeMiner` from the loss's negative pool).

Both are ``max(D(x, y_p) − D(x, y_n) + α, 0)`` for a distance ``D``, averaged over the
batch, with the margin ``α = 1`` by default as in the paper. They are implemented
directly rather than with ``torch.nn.TripletMarginLoss`` because eq. 4 uses *squared*
distances, whereas torch (and DistillEmb, which calls it) uses plain ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import torch
import torch.nn.functional as F
from torch import Tensor

from losses.base import AlignmentLoss, Param, required
from losses.distances import CosineDistance, Distance, SquaredEuclideanDistance
from losses.miners import WindowNegativeMiner
from losses.registry import register_loss


class TripletLoss(AlignmentLoss):
    """A hinge on ``D(x, y_p) − D(x, y_n) + α`` with ``D = self.distance``.

    ``targets`` are the positives; the negative of anchor ``i`` is the row of the negative
    pool that ``self.miner``, measuring with the same ``distance``, finds nearest to the
    pool's row of ``labels[i]``. The pool must be set (:meth:`set_negative_pool`) first.
    """

    param_specs: ClassVar[Mapping[str, Param]] = {"alpha": Param(1.0, minimum=0.0)}
    distance_type: ClassVar[type[Distance]]

    def __init__(self, **params: float | None) -> None:
        super().__init__(**params)
        self.distance = self.distance_type()
        self.miner = WindowNegativeMiner(self.distance)
        self.pool: tuple[Tensor, Tensor] | None = None

    def set_negative_pool(self, rows: Tensor, labels: Tensor, window: int) -> None:
        if len(labels) > 1 and not bool((labels[1:] > labels[:-1]).all()):
            raise ValueError("the labels of a negative pool must be strictly ascending")
        self.pool = (rows, labels)
        self.miner.window = window

    def forward(
        self,
        embeddings: Tensor,
        targets: Tensor | None = None,
        labels: Tensor | None = None,
        generator: torch.Generator | None = None,
    ) -> Tensor:
        if self.pool is None:
            raise RuntimeError(f"loss {self.registry_name!r} has no negative pool; call set_negative_pool first")
        rows, pool_labels = self.pool
        negatives = self.miner(required(self, "labels", labels), rows, pool_labels, generator)
        return self.hinge(embeddings, required(self, "targets", targets), rows[negatives])

    def hinge(self, x: Tensor, y_p: Tensor, y_n: Tensor) -> Tensor:
        """The batch mean of the hinge for given triplets of ``(B, d)`` rows."""
        violation = self.distance(x, y_p) - self.distance(x, y_n) + self.param("alpha")
        return F.relu(violation).mean()


@register_loss("triplet-euclidean")
class EuclideanTriplet(TripletLoss):
    """``max(|x − y_p|² − |x − y_n|² + α, 0)`` (paper eq. 4).

    Negatives are the nearest in Euclidean distance, as in DistillEmb (Mersha & Stephen,
    2022), which the paper follows.
    """

    direction_only = False
    distance_type = SquaredEuclideanDistance


@register_loss("triplet-angular")
class AngularTriplet(TripletLoss):
    """``max(cos(x, y_n) − cos(x, y_p) + α, 0)`` (paper eq. 5), written as the difference of
    cosine distances ``(1 − cos(x, y_p)) − (1 − cos(x, y_n))``, which is the same quantity.

    Negatives are the nearest in cosine similarity: our choice, so that "hardest" is
    measured in the geometry the loss optimises; the paper does not say. On a table
    with nearly constant row norms, as BERT's (§2.2), it barely differs from Euclidean.
    """

    direction_only = True
    distance_type = CosineDistance

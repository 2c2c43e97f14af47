"""Triplet losses of paper §2.3: student row ``x`` (anchor), teacher row ``y_p`` of the same
token (positive) and teacher row ``y_n`` of another token (negative, chosen by
:func:`losses.negatives.select_negatives`).

Both are ``max(D(x, y_p) − D(x, y_n) + α, 0)`` for a dissimilarity ``D``, averaged over
the batch, with the margin ``α = 1`` by default as in the paper. They are implemented
directly rather than with ``torch.nn.TripletMarginLoss`` because eq. 4 uses *squared*
distances, whereas torch (and DistillEmb, which calls it) uses plain ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import torch.nn.functional as F
from torch import Tensor

from losses.base import AlignmentLoss, Param, cosine_error, squared_euclidean_distance
from losses.negatives import NegativeMetric
from losses.registry import register_loss


class TripletLoss(AlignmentLoss):
    """A hinge on ``D(x, y_p) − D(x, y_n) + α``, called as ``loss(x, y_p, y_n)``.

    ``negative_metric`` is the metric the training loop passes to ``select_negatives``.
    """

    kind = "triplet"
    param_specs: ClassVar[Mapping[str, Param]] = {"alpha": Param(1.0, minimum=0.0)}
    negative_metric: ClassVar[NegativeMetric]

    def dissimilarity(self, x: Tensor, y: Tensor) -> Tensor:
        """``D`` per row, shape ``(B,)``."""
        raise NotImplementedError

    def forward(self, x: Tensor, y_p: Tensor, y_n: Tensor) -> Tensor:
        violation = self.dissimilarity(x, y_p) - self.dissimilarity(x, y_n) + self.params["alpha"]
        return F.relu(violation).mean()


@register_loss("triplet-euclidean")
class EuclideanTriplet(TripletLoss):
    """``max(|x − y_p|² − |x − y_n|² + α, 0)`` (paper eq. 4).

    Negatives are the nearest in Euclidean distance, as in DistillEmb (Mersha & Stephen,
    2022), which the paper follows.
    """

    direction_only = False
    negative_metric = "euclidean"

    def dissimilarity(self, x: Tensor, y: Tensor) -> Tensor:
        return squared_euclidean_distance(x, y)


@register_loss("triplet-angular")
class AngularTriplet(TripletLoss):
    """``max(cos(x, y_n) − cos(x, y_p) + α, 0)`` (paper eq. 5), written as the difference of
    cosine errors ``(1 − cos(x, y_p)) − (1 − cos(x, y_n))``, which is the same quantity.

    Negatives are the nearest in cosine similarity: our choice, so that "hardest" is
    measured in the geometry the loss optimises; the paper does not say. On a table
    with nearly constant row norms, as BERT's (§2.2), it barely differs from Euclidean.
    """

    direction_only = True
    negative_metric = "cosine"

    def dissimilarity(self, x: Tensor, y: Tensor) -> Tensor:
        return cosine_error(x, y)

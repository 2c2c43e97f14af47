"""Pair losses of paper §2.2: each student row ``x`` against the teacher row ``y`` of its token.

``x`` is a row of ``embeddings`` and ``y`` the row of ``targets`` at the same position;
``|·|`` is the Euclidean norm of the row difference and ``cos`` the cosine of the angle
between the two rows; every loss returns the mean over the batch. Labels play no part.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import torch
import torch.nn.functional as F
from torch import Tensor

from losses.base import AlignmentLoss, Param, required
from losses.distances import cosine_error, euclidean_distance
from losses.registry import register_loss


class PairLoss(AlignmentLoss):
    """A loss of each embedding ``x`` and its target ``y`` alone; subclasses implement ``pair_loss``."""

    direction_only = False

    def forward(
        self,
        embeddings: Tensor,
        targets: Tensor | None = None,
        labels: Tensor | None = None,
        generator: torch.Generator | None = None,
    ) -> Tensor:
        return self.pair_loss(embeddings, required(self, "targets", targets))

    def pair_loss(self, x: Tensor, y: Tensor) -> Tensor:
        """The batch mean for rows ``x, y`` of shape ``(B, d)``."""
        raise NotImplementedError


@register_loss("mse")
class MeanSquaredError(PairLoss):
    """``F.mse_loss(x, y)``: the mean over all ``B × d`` elements, i.e. ``|x − y|² / d``
    averaged over the batch (the "conventional MSE" of paper §2.2)."""

    def pair_loss(self, x: Tensor, y: Tensor) -> Tensor:
        return F.mse_loss(x, y)


@register_loss("cosine")
class CosineError(PairLoss):
    """``1 − cos(x, y)`` (paper eq. 1). It leaves the norm of ``x`` free, so the student
    is rescaled to the teacher's mean row norm at prediction time (§2.2)."""

    direction_only = True

    def pair_loss(self, x: Tensor, y: Tensor) -> Tensor:
        return cosine_error(x, y).mean()


class EuclideanCosineError(PairLoss):
    """A combination of ``|x − y|`` and ``1 − cos(x, y)`` weighted by ``alpha`` (§2.2).

    Both terms constrain the norm through ``|x − y|``; the cosine term puts extra
    weight on the direction. Subclasses only say how the two terms combine.
    """

    param_specs: ClassVar[Mapping[str, Param]] = {"alpha": Param(1.0, minimum=0.0)}

    def combine(self, distance: Tensor, angular: Tensor, alpha: float) -> Tensor:
        raise NotImplementedError

    def pair_loss(self, x: Tensor, y: Tensor) -> Tensor:
        distance, angular = euclidean_distance(x, y), cosine_error(x, y)
        return self.combine(distance, angular, self.param("alpha")).mean()


@register_loss("aec")
class AdditiveEuclideanCosineError(EuclideanCosineError):
    """``|x − y| + α(1 − cos(x, y))`` (paper eq. 2)."""

    def combine(self, distance: Tensor, angular: Tensor, alpha: float) -> Tensor:
        return distance + alpha * angular


@register_loss("mec")
class MultiplicativeEuclideanCosineError(EuclideanCosineError):
    """``α|x − y|(1 − cos(x, y)) + |x − y|`` (paper eq. 3); the distance is penalised
    more the further ``x`` points away from ``y``."""

    def combine(self, distance: Tensor, angular: Tensor, alpha: float) -> Tensor:
        return distance * (1 + alpha * angular)

"""What every alignment loss shares: the one call signature, validated parameters.

Every loss is called the same way, in the manner of pytorch-metric-learning's
``BaseMetricLossFunction.forward(embeddings, labels, indices_tuple, ref_emb, ref_labels)``::

    loss(embeddings, targets, labels, generator=generator)

* ``embeddings``: ``(B, d)`` the student's output rows for a batch of tokens.
* ``targets``: ``(B, d)`` the teacher's rows of the same tokens, in the same order: the
  reference embeddings (pml's ``ref_emb``), row ``i`` the positive of embedding ``i``
  (paper §2.2–2.3). ``None`` compares the embeddings with one another, as pml does
  without ``ref_emb``; only a loss that reads positives off the labels can do that
  (multi-similarity, for typo pre-training).
* ``labels``: ``(B,)`` which token each row is (equal labels, same token): the teacher
  table's row indices. The triplet losses find each token in their negative pool by it,
  multi-similarity its positive pairs; the pair losses ignore it.
* ``generator``: the stream a loss's random draws come from (the triplet miner's
  window), so that a run and its resume replay them.

The result is the batch mean, a 0-d tensor. A loss mines what it needs itself (its
``miner``, like pml's losses paired with a miner), so the training loop never looks at
the concrete class; it reads ``direction_only`` to know whether the trained student must
be rescaled at prediction time, and hands every loss the rows it may draw negatives from
(:meth:`AlignmentLoss.set_negative_pool`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import torch
from torch import Tensor, nn

from foundation.checks import Interval, problem
from losses.errors import LossError


@dataclass(frozen=True)
class Param:
    """One numeric loss parameter: its default and the values it accepts (checked by :mod:`foundation.checks`).

    ``minimum`` bounds the value from below (``exclusive`` forbids the bound itself);
    ``optional`` lets ``None`` through, for parameters whose absence switches a
    feature off (the multi-similarity miner).
    """

    default: float | None
    minimum: float | None = None
    exclusive: bool = False
    optional: bool = False

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` (``must be positive``...), or None."""
        interval = None if self.minimum is None else Interval(self.minimum, low_open=self.exclusive)
        return problem(value, float | None if self.optional else float, interval)


class AlignmentLoss(nn.Module):
    """Base class of all alignment losses.

    Subclasses set the class attributes below and implement ``forward`` with the signature
    of this module's docstring. Constructor keyword arguments are the loss parameters;
    they are checked against ``param_specs`` and stored, defaults filled in, as floats in
    ``self.params`` (logged with the run).

    Class attributes:
        registry_name: the name the loss is registered under (set by ``register_loss``).
        direction_only: True when the loss ignores the norm of ``embeddings``; a student
            trained with it is rescaled at prediction time to the teacher table's mean row
            norm (``StudentEncoder.rescale_norm``). Paper §2.2 prescribes this for the
            cosine loss; extending it to every norm-free loss (triplet-angular,
            multi-similarity) is this workbench's choice.
        param_specs: the accepted parameters, by name.
    """

    registry_name: ClassVar[str] = ""
    direction_only: ClassVar[bool]
    param_specs: ClassVar[Mapping[str, Param]] = {}

    def __init__(self, **params: Any) -> None:
        super().__init__()
        self.params: dict[str, float | None] = self.resolve_params(params)

    @classmethod
    def resolve_params(cls, given: Mapping[str, Any]) -> dict[str, float | None]:
        """``given`` with defaults filled in; ``LossError`` for unknown or invalid values."""
        unknown = sorted(set(given) - set(cls.param_specs))
        if unknown:
            valid = ", ".join(cls.param_specs) or "none"
            raise LossError(
                f"loss {cls.registry_name!r} has no parameter {', '.join(unknown)}; "
                f"valid parameters: {valid}"
            )
        resolved: dict[str, float | None] = {}
        for name, spec in cls.param_specs.items():
            value = given.get(name, spec.default)
            wrong = spec.problem(value)
            if wrong:
                raise LossError(f"loss {cls.registry_name!r}: {name} {wrong}, got {value!r}")
            resolved[name] = None if value is None else float(value)
        return resolved

    def param(self, name: str) -> float:
        """The value of parameter ``name``, one whose spec is not ``optional`` (so never None)."""
        value = self.params[name]
        assert value is not None, f"parameter {name} of loss {self.registry_name!r} is optional"
        return value

    def forward(
        self,
        embeddings: Tensor,
        targets: Tensor | None = None,
        labels: Tensor | None = None,
        generator: torch.Generator | None = None,
    ) -> Tensor:
        """The batch mean of the loss; the arguments are described in this module's docstring."""
        raise NotImplementedError

    def set_negative_pool(self, rows: Tensor, labels: Tensor, window: int) -> None:
        """The rows a loss may draw negatives from beyond the batch, ``window`` candidates per anchor.

        ``rows`` is ``(N, d)``, the teacher's training rows; ``labels`` ``(N,)`` their
        labels, strictly ascending. Only a loss whose miner draws from a table keeps them
        (the triplet losses); every other loss ignores them.
        """

    def extra_repr(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.params.items())


def required(loss: AlignmentLoss, name: str, value: Tensor | None) -> Tensor:
    """``value``, or a ``TypeError`` saying that ``loss`` cannot be called without argument ``name``."""
    if value is None:
        raise TypeError(f"loss {loss.registry_name!r} needs {name}")
    return value

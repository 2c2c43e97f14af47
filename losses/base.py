"""What every alignment loss shares: dispatch attributes, validated parameters, row geometry.

An alignment loss compares the student's output row ``x`` for a token with the
teacher's embedding row ``y`` of the same token (paper §2.2–2.3) and returns the
batch mean as a scalar tensor. The training loop never looks at the concrete class:
it reads ``kind`` to know what to pass to ``forward`` and ``direction_only`` to know
whether the trained student must be rescaled at prediction time.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import torch.nn.functional as F
from torch import Tensor, nn

from distill.errors import DistillError

LossKind = Literal["pair", "triplet", "labelled"]
"""How the training loop calls a loss.

- ``"pair"``: ``loss(x, y)``, student rows and the teacher rows of the same tokens.
- ``"triplet"``: ``loss(x, y_p, y_n)``, plus teacher rows of negatives from
  :func:`losses.negatives.select_negatives`.
- ``"labelled"``: ``loss(x, y, labels)``, plus the vocabulary ids of the tokens.
"""


@dataclass(frozen=True)
class Param:
    """One numeric loss parameter: its default and the values it accepts.

    ``minimum`` bounds the value from below (``exclusive`` forbids the bound itself);
    ``optional`` lets ``None`` through, for parameters whose absence switches a
    feature off (the multi-similarity miner).
    """

    default: float | None
    minimum: float | None = None
    exclusive: bool = False
    optional: bool = False

    @property
    def requirement(self) -> str:
        """The accepted values in words, for error messages."""
        text = "a number"
        if self.minimum is not None:
            text += f" {'>' if self.exclusive else '>='} {self.minimum:g}"
        return f"None or {text}" if self.optional else text

    def accepts(self, value: Any) -> bool:
        if value is None:
            return self.optional
        # bool is an int to Python, but `alpha: true` in a config is a mistake.
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return False
        if not math.isfinite(value):
            return False
        if self.minimum is None:
            return True
        return value > self.minimum if self.exclusive else value >= self.minimum


class AlignmentLoss(nn.Module):
    """Base class of all alignment losses.

    Subclasses set the class attributes below and implement ``forward``, which returns
    the batch mean as a 0-d tensor. Constructor keyword arguments are the loss
    parameters; they are checked against ``param_specs`` and stored, defaults filled
    in, as floats in ``self.params`` (logged with the run).

    Class attributes:
        registry_name: the name the loss is registered under (set by ``register_loss``).
        kind: how ``forward`` is called, see :data:`LossKind`.
        direction_only: True when the loss ignores the norm of ``x``; a student trained
            with it is rescaled at prediction time to the teacher table's mean row norm
            (``StudentEncoder.rescale_norm``). Paper §2.2 prescribes this for the cosine
            loss; extending it to every norm-free loss (triplet-angular,
            multi-similarity) is this workbench's choice.
        param_specs: the accepted parameters, by name.
    """

    registry_name: ClassVar[str] = ""
    kind: ClassVar[LossKind]
    direction_only: ClassVar[bool]
    param_specs: ClassVar[Mapping[str, Param]] = {}

    def __init__(self, **params: Any) -> None:
        super().__init__()
        self.params: dict[str, float | None] = self.resolve_params(params)

    @classmethod
    def resolve_params(cls, given: Mapping[str, Any]) -> dict[str, float | None]:
        """``given`` with defaults filled in; ``DistillError`` for unknown or invalid values."""
        unknown = sorted(set(given) - set(cls.param_specs))
        if unknown:
            valid = ", ".join(cls.param_specs) or "none"
            raise DistillError(
                f"loss {cls.registry_name!r} has no parameter {', '.join(unknown)}; "
                f"valid parameters: {valid}"
            )
        resolved: dict[str, float | None] = {}
        for name, spec in cls.param_specs.items():
            value = given.get(name, spec.default)
            if not spec.accepts(value):
                raise DistillError(
                    f"loss {cls.registry_name!r}: {name} must be {spec.requirement}, "
                    f"got {value!r}"
                )
            resolved[name] = None if value is None else float(value)
        return resolved

    def extra_repr(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.params.items())


def euclidean_distance(x: Tensor, y: Tensor) -> Tensor:
    """``|x − y|`` per row, shape ``(B,)``; its gradient at ``x == y`` is 0, not NaN."""
    return (x - y).norm(dim=-1)


def squared_euclidean_distance(x: Tensor, y: Tensor) -> Tensor:
    """``|x − y|²`` per row, shape ``(B,)``."""
    return (x - y).pow(2).sum(dim=-1)


def cosine_error(x: Tensor, y: Tensor) -> Tensor:
    """``1 − cos(x, y)`` per row, shape ``(B,)`` (paper eq. 1)."""
    return 1 - F.cosine_similarity(x, y, dim=-1)

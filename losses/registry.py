"""Name → loss class registry, so configurations and sweeps pick losses by name.

As for the students, the packaged losses are listed with the module that registers them
(:data:`LOSS_MODULES`), imported when one of its losses is first resolved
(:class:`foundation.registry.LazyRegistry`): listing or checking a name imports no torch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from foundation.registry import LazyRegistry
from losses.errors import LossError

if TYPE_CHECKING:
    from losses.base import AlignmentLoss

LOSS_MODULES = {
    "losses.regression": ("mse", "cosine", "aec", "mec"),
    "losses.triplet": ("triplet-euclidean", "triplet-angular"),
    "losses.multi_similarity": ("multi-similarity",),
}
_REGISTRY: LazyRegistry[type[AlignmentLoss]] = LazyRegistry("loss", "losses", LOSS_MODULES, LossError)

L = TypeVar("L", bound="type[AlignmentLoss]")


def register_loss(name: str) -> Callable[[L], L]:
    """Register an :class:`AlignmentLoss` subclass under ``name``.

    The class must define ``direction_only``: the training loop reads it, so a class
    without it is rejected at import time.
    """

    def decorate(cls: L) -> L:
        if "registry_name" in vars(cls):
            raise ValueError(f"{cls.__name__} is already registered as {cls.registry_name!r}")
        if not isinstance(getattr(cls, "direction_only", None), bool):
            raise ValueError(f"{cls.__name__}.direction_only must be a bool")
        _REGISTRY.register(name, cls)
        cls.registry_name = name
        return cls

    return decorate


loss_names = _REGISTRY.names
check_loss_name = _REGISTRY.check
resolve_loss = _REGISTRY.resolve  # the class registered as a name (to read ``direction_only`` before building)


def build_loss(name: str, **params: Any) -> AlignmentLoss:
    """The loss registered as ``name`` with ``params``; ``LossError`` on bad input.

    >>> build_loss("aec", alpha=0.5).params
    {'alpha': 0.5}
    """
    return resolve_loss(name)(**params)

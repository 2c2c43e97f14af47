"""Name → loss class registry, so configurations and sweeps pick losses by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from losses.base import AlignmentLoss
from losses.errors import LossError

_REGISTRY: dict[str, type[AlignmentLoss]] = {}

L = TypeVar("L", bound=type[AlignmentLoss])


def register_loss(name: str) -> Callable[[L], L]:
    """Register an :class:`AlignmentLoss` subclass under ``name``.

    The class must define ``direction_only``: the training loop reads it, so a class
    without it is rejected at import time.
    """

    def decorate(cls: L) -> L:
        if name in _REGISTRY:
            raise ValueError(f"loss {name!r} is registered twice")
        if "registry_name" in vars(cls):
            raise ValueError(f"{cls.__name__} is already registered as {cls.registry_name!r}")
        if not isinstance(getattr(cls, "direction_only", None), bool):
            raise ValueError(f"{cls.__name__}.direction_only must be a bool")
        cls.registry_name = name
        _REGISTRY[name] = cls
        return cls

    return decorate


def loss_names() -> list[str]:
    return sorted(_REGISTRY)


def resolve_loss(name: str) -> type[AlignmentLoss]:
    """The class registered as ``name`` (to read ``direction_only`` etc. before building)."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise LossError(
            f"unknown loss {name!r}; valid losses: {', '.join(loss_names())}"
        ) from None


def build_loss(name: str, **params: Any) -> AlignmentLoss:
    """The loss registered as ``name`` with ``params``; ``LossError`` on bad input.

    >>> build_loss("aec", alpha=0.5).params
    {'alpha': 0.5}
    """
    return resolve_loss(name)(**params)

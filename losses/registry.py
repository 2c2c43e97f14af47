"""Name → loss class registry, so configurations and sweeps pick losses by name.

As for the students (:mod:`students.registry`), the packaged losses are listed by name with the module that
registers them (:data:`LOSS_MODULES`), imported when one of its losses is first resolved: listing or checking a
name imports no torch.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from losses.errors import LossError

if TYPE_CHECKING:
    from losses.base import AlignmentLoss

LOSS_MODULES: dict[str, str] = {
    "mse": "losses.regression",
    "cosine": "losses.regression",
    "aec": "losses.regression",
    "mec": "losses.regression",
    "triplet-euclidean": "losses.triplet",
    "triplet-angular": "losses.triplet",
    "multi-similarity": "losses.multi_similarity",
}
_REGISTRY: dict[str, type[AlignmentLoss]] = {}

L = TypeVar("L", bound="type[AlignmentLoss]")


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
    """The packaged losses and any registered since, without importing a loss module."""
    return sorted({*LOSS_MODULES, *_REGISTRY})


def check_loss_name(name: str) -> None:
    """``LossError`` in one line unless ``name`` is a loss (imports nothing)."""
    if name not in LOSS_MODULES and name not in _REGISTRY:
        raise LossError(f"unknown loss {name!r}; valid losses: {', '.join(loss_names())}")


def resolve_loss(name: str) -> type[AlignmentLoss]:
    """The class registered as ``name`` (to read ``direction_only`` etc. before building), importing its module
    on first use."""
    check_loss_name(name)
    if name not in _REGISTRY:
        importlib.import_module(LOSS_MODULES[name])
    return _REGISTRY[name]


def build_loss(name: str, **params: Any) -> AlignmentLoss:
    """The loss registered as ``name`` with ``params``; ``LossError`` on bad input.

    >>> build_loss("aec", alpha=0.5).params
    {'alpha': 0.5}
    """
    return resolve_loss(name)(**params)

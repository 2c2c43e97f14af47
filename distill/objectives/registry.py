"""The objectives a run can chain, registered by their own modules: the loop builds its phases from here.

An objective class registers itself with :func:`register_objective`, saying where it stands in a run
(``order``: typo pre-training, then table alignment, whole-word targets, context distillation) and which
setting of :class:`~distill.config.TrainConfig` counts its epochs; its ``build(sources)`` class method makes the
phase from what the run shares (:class:`~distill.objectives.sources.PhaseSources`). A new objective is its
module, its settings in ``distill/config.py`` and one import line in ``distill/objectives/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    from distill.objectives.base import Objective
    from distill.objectives.sources import PhaseSources


@dataclass(frozen=True)
class Registered:
    """An objective as the loop sees it before the run: its place, its epochs' setting and its builder."""

    name: str
    order: int
    epochs: str  # the TrainConfig field that counts the phase's epochs; 0 leaves the phase out
    build: Callable[[PhaseSources], Objective]


_OBJECTIVES: dict[str, Registered] = {}


class Buildable(Protocol):
    """What :func:`register_objective` needs of an objective class."""

    name: ClassVar[str]

    @classmethod
    def build(cls, sources: PhaseSources) -> Objective: ...


C = TypeVar("C", bound="type[Buildable]")


def register_objective(*, order: int, epochs: str) -> Callable[[C], C]:
    """Register an objective class (with ``name`` and a ``build(sources)`` class method) at ``order`` in a run,
    its epochs counted by setting ``epochs``."""

    def decorate(cls: C) -> C:
        if cls.name in _OBJECTIVES or any(entry.order == order for entry in _OBJECTIVES.values()):
            raise ValueError(f"objective {cls.name!r} (order {order}) is registered twice")
        _OBJECTIVES[cls.name] = Registered(cls.name, order, epochs, cls.build)
        return cls

    return decorate


def registered_objectives() -> list[Registered]:
    """Every registered objective, in the order of a run's phases."""
    return sorted(_OBJECTIVES.values(), key=lambda entry: entry.order)

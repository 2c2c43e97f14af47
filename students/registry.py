"""Name → student class registry, so configurations and sweeps pick students by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from students.errors import StudentError

if TYPE_CHECKING:
    from students.base import StudentEncoder  # which imports this module

_REGISTRY: dict[str, tuple[type[StudentEncoder], dict[str, Any]]] = {}

T = TypeVar("T", bound="type[StudentEncoder]")


def register_student(name: str, **preset: Any) -> Callable[[T], T]:
    """Register a student class under ``name`` with preset constructor arguments.

    One class may be registered several times with different presets
    (``bytescnn-small`` and ``bytescnn-big`` are one class, two filter banks).
    """

    def decorate(cls: T) -> T:
        if name in _REGISTRY:
            raise ValueError(f"student {name!r} is registered twice")
        _REGISTRY[name] = (cls, dict(preset))
        return cls

    return decorate


def student_names() -> list[str]:
    return sorted(_REGISTRY)


def resolve_student(name: str) -> tuple[type[StudentEncoder], dict[str, Any]]:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise StudentError(
            f"unknown student {name!r}; valid students: {', '.join(student_names())}"
        ) from None

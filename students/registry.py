"""Name → student class registry, so configurations and sweeps pick students by name.

The packaged students are listed with the module that registers them (:data:`STUDENT_MODULES`); a module is
imported when one of its students is first resolved (:class:`foundation.registry.LazyRegistry`), so listing or
checking a name imports no student module and no torch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from foundation.registry import LazyRegistry
from students.errors import StudentError

if TYPE_CHECKING:
    from students.base import StudentEncoder  # which imports this module

STUDENT_MODULES = {
    "students.bytescnn": ("bytescnn-small", "bytescnn-big"),
    "students.hlm": ("hlm-intra", "hlm-intra-small"),
    "students.ngrams": ("ngrams",),
    "students.retvec": ("retvec", "retvec-raw"),
}
_REGISTRY: LazyRegistry[tuple[type[StudentEncoder], dict[str, Any]]] = LazyRegistry(
    "student", "students", STUDENT_MODULES, StudentError)

T = TypeVar("T", bound="type[StudentEncoder]")


def register_student(name: str, **preset: Any) -> Callable[[T], T]:
    """Register a student class under ``name`` with preset constructor arguments.

    One class may be registered several times with different presets
    (``bytescnn-small`` and ``bytescnn-big`` are one class, two filter banks).
    """

    def decorate(cls: T) -> T:
        _REGISTRY.register(name, (cls, dict(preset)))
        return cls

    return decorate


student_names = _REGISTRY.names
check_student_name = _REGISTRY.check
resolve_student = _REGISTRY.resolve  # the class registered as a name and its preset

"""Name → student class registry, so configurations and sweeps pick students by name.

The packaged students are listed by name with the module that registers them (:data:`STUDENT_MODULES`), and a
module is imported only when one of its students is first resolved, as transformers' auto classes map a model
type to a module path and import it on demand (``models/auto/configuration_auto.py``). Listing or checking a
name therefore imports no student module and no torch; a student registered by other code (a test's) is found
once its module has run :func:`register_student`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from students.errors import StudentError

if TYPE_CHECKING:
    from students.base import StudentEncoder  # which imports this module

STUDENT_MODULES: dict[str, str] = {
    "bytescnn-small": "students.bytescnn",
    "bytescnn-big": "students.bytescnn",
    "hlm-intra": "students.hlm",
    "hlm-intra-small": "students.hlm",
    "ngrams": "students.ngrams",
    "retvec": "students.retvec",
    "retvec-raw": "students.retvec",
}
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
    """The packaged students and any registered since, without importing a student module."""
    return sorted({*STUDENT_MODULES, *_REGISTRY})


def check_student_name(name: str) -> None:
    """``StudentError`` in one line unless ``name`` is a student (imports nothing)."""
    if name not in STUDENT_MODULES and name not in _REGISTRY:
        raise StudentError(f"unknown student {name!r}; valid students: {', '.join(student_names())}")


def resolve_student(name: str) -> tuple[type[StudentEncoder], dict[str, Any]]:
    """The class registered as ``name`` and its preset, importing its module on first use."""
    check_student_name(name)
    if name not in _REGISTRY:
        importlib.import_module(STUDENT_MODULES[name])
    return _REGISTRY[name]

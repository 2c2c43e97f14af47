"""Vocabulary-free student encoders, built by registry name.

>>> from students import build_student
>>> student = build_student("bytescnn-small", dim=768)
>>> student(["hello", "##ing"]).shape
torch.Size([2, 768])

Importing the package imports no torch: the names defined by :mod:`students.base` are imported on first use
(PEP 562), and each student's module when its name is first resolved (:mod:`students.registry`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from students.config import StudentConfig
from students.errors import StudentError
from students.registry import (
    build_student,
    check_student_name,
    load_student,
    register_student,
    student_config,
    student_names,
)

if TYPE_CHECKING:
    from students.base import StudentEncoder, rescale_rows

_LAZY = {name: "students.base" for name in ("StudentEncoder", "rescale_rows")}

__all__ = [
    "StudentConfig",
    "StudentEncoder",
    "StudentError",
    "build_student",
    "check_student_name",
    "load_student",
    "register_student",
    "rescale_rows",
    "student_config",
    "student_names",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

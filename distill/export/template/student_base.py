"""What the copied student code needs from the workbench, and nothing else.

The student's module is copied from the distill workbench (``students/``) with its
imports of ``students.base`` and ``students.registry`` pointed here: the base class keeps
the configuration (``config.py``, copied as it is) and the registry decorator does
nothing (there is one student here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from torch import Tensor, nn

from .config import StudentConfig

T = TypeVar("T", bound=type)


def register_student(name: str, **preset: Any) -> Callable[[T], T]:
    """The workbench registers students by name; here the class is used directly."""
    return lambda cls: cls


class StudentEncoder(nn.Module):
    """A word's encoded characters ``(B, L)`` → its vector ``(B, dim)``, via ``forward_encoded``."""

    def __init__(self, config: StudentConfig) -> None:
        super().__init__()
        self.config = config

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        raise NotImplementedError

    def forward(self, encoded: Tensor) -> Tensor:
        return self.forward_encoded(encoded)

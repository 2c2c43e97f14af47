"""A student's configuration: one typed dataclass per family, as transformers' ``BertConfig``.

``StudentConfig`` holds what every student has; each family subclasses it with its own
fields and checks them in ``__post_init__``, so a bad option is refused (``StudentError``)
before any weight is allocated. The saved form (``to_dict``) is the ``student_config.json``
the workbench has always written: ``name``, ``dim``, ``hparams`` (the family's fields),
``rescale_norm`` and ``provenance``.

This module imports nothing but the standard library and ``students.errors``, so that a
vocabulary-free export can carry it as it is.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Self

from students.errors import StudentError

COMMON_FIELDS = ("dim", "name", "rescale_norm", "provenance")


@dataclass(kw_only=True)
class StudentConfig:
    """What every student's configuration holds.

    Args:
        dim: output width, the teacher's embedding width.
        name: the registry name the student was built by (``bytescnn-small``…).
        rescale_norm: the norm every output row is rescaled to at prediction time
            (cosine-trained students, paper §2.2); None means the raw output is used.
        provenance: free-form record of how the student was trained (loss, teacher, run id).
    """

    dim: int
    name: str = ""
    rescale_norm: float | None = None
    provenance: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.dim <= 0:
            raise StudentError(f"student dim must be positive, got {self.dim}")

    @classmethod
    def option_names(cls) -> list[str]:
        """The family's own fields, the options ``build_student(name, dim, **options)`` takes."""
        return [item.name for item in dataclasses.fields(cls) if item.name not in COMMON_FIELDS]

    def options(self) -> dict[str, Any]:
        """The family's fields and their values (the saved ``hparams``)."""
        return {name: getattr(self, name) for name in self.option_names()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "dim": self.dim,
            "hparams": self.options(),
            "rescale_norm": self.rescale_norm,
            "provenance": self.provenance,
        }

    @classmethod
    def from_dict(cls, saved: dict[str, Any]) -> Self:
        """The configuration ``to_dict`` wrote; an unknown option is a ``StudentError``."""
        unknown = set(saved.get("hparams", {})) - set(cls.option_names())
        if unknown:
            raise StudentError(
                f"student {saved.get('name')!r}: unknown options {', '.join(sorted(unknown))}; "
                f"valid options: {', '.join(cls.option_names()) or 'none'}"
            )
        return cls(
            dim=saved["dim"],
            name=saved.get("name", ""),
            rescale_norm=saved.get("rescale_norm"),
            provenance=dict(saved.get("provenance") or {}),
            **saved.get("hparams", {}),
        )

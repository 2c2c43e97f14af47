"""A student's configuration: one typed dataclass per family, as transformers' ``BertConfig``.

``StudentConfig`` holds what every student has; each family subclasses it with its own
fields, declared with :func:`option` where a value has bounds. Every field is checked against
its annotation and bounds when the configuration is made, and a family checks what ties its
fields together in its own ``__post_init__``, so a bad option is refused in one line
(``StudentError``) before any weight is allocated. The saved form (``to_dict``) is the
``student_config.json`` the workbench has always written: ``name``, ``dim``, ``hparams``
(the family's fields), ``rescale_norm`` and ``provenance``.

The checks are the workbench's one scheme (:mod:`foundation.checks`). This module imports nothing but the
standard library, ``students.errors`` and ``foundation.checks``, so that a vocabulary-free export can carry the
three as they are.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from dataclasses import MISSING, dataclass, field
from typing import Any, TypeVar

from foundation.checks import Interval, conform, problem
from students.errors import StudentError

COMMON_FIELDS = ("dim", "name", "rescale_norm", "provenance")


def option(
    default: Any = MISSING,
    *,
    default_factory: Any = MISSING,
    minimum: float | None = None,
    maximum: float | None = None,
    expects: str | None = None,
) -> Any:
    """A family's field: ``dataclasses.field`` with the bounds its value must lie in.

    ``minimum`` and ``maximum`` are inclusive and apply to each number of a list; ``expects``
    says in words what a value of the wrong type should have been (default: the annotation).
    """
    interval = Interval(-math.inf if minimum is None else minimum, math.inf if maximum is None else maximum)
    metadata = {"interval": interval, "expects": expects}
    return field(default=default, default_factory=default_factory, metadata=metadata)


ConfigType = TypeVar("ConfigType", bound="StudentConfig")


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

    dim: int = option(minimum=1)
    name: str = ""
    rescale_norm: float | None = None
    provenance: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Conform every field to its annotation and check its bounds (see :func:`option`)."""
        hints = typing.get_type_hints(type(self))
        for item in dataclasses.fields(self):
            value, hint = getattr(self, item.name), hints[item.name]
            wrong = problem(value, hint, item.metadata.get("interval"), item.metadata.get("expects"))
            if wrong:
                raise StudentError(f"{item.name} {wrong}, got {value!r}")
            setattr(self, item.name, conform(value, hint))

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
    def from_dict(cls: type[ConfigType], saved: dict[str, Any]) -> ConfigType:
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

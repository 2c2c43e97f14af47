"""A student's configuration: one typed dataclass per family, as transformers' ``BertConfig``.

``StudentConfig`` holds what every student has; each family subclasses it with its own
fields, declared with :func:`option` where a value has bounds. Every field is checked against
its annotation and bounds when the configuration is made, and a family checks what ties its
fields together in its own ``__post_init__``, so a bad option is refused in one line
(``StudentError``) before any weight is allocated. The saved form (``to_dict``) is the
``student_config.json`` the workbench has always written: ``name``, ``dim``, ``hparams``
(the family's fields), ``rescale_norm`` and ``provenance``.

This module imports nothing but the standard library and ``students.errors``, so that a
vocabulary-free export can carry it as it is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import MISSING, dataclass, field
from typing import Any, TypeVar

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
    metadata = {"minimum": minimum, "maximum": maximum, "expects": expects}
    return field(default=default, default_factory=default_factory, metadata=metadata)


def conform(value: Any, hint: Any) -> Any:
    """``value`` as a field annotated ``hint`` holds it, or ``TypeError``.

    A tuple becomes a list (registry presets are tuples, the saved JSON has lists), an
    integer a float, and a whole float an integer (YAML 1.1 numbers may arrive as floats).
    ``True`` and ``False`` are not numbers here.
    """
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin is types.UnionType:
        if value is None and type(None) in arguments:
            return None
        (hint,) = [argument for argument in arguments if argument is not type(None)]
        return conform(value, hint)
    if origin is list:
        if isinstance(value, list | tuple):
            return [conform(item, arguments[0]) for item in value]
    elif origin is dict:
        if isinstance(value, dict):
            return value
    elif hint is Any:
        return value
    elif hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif hint is int and isinstance(value, float):
        if value.is_integer():
            return int(value)
    elif isinstance(value, hint) and (hint is bool or not isinstance(value, bool)):
        return value
    raise TypeError(hint)


def type_name(hint: Any) -> str:
    """``int``, ``list[int]``, ``int | None``: an annotation as it is written."""
    return hint.__name__ if isinstance(hint, type) else str(hint)


def numbers(value: Any) -> list[Any]:
    """The numbers in ``value``: itself, or those of a (nested) list; none for None."""
    if isinstance(value, list):
        return [number for item in value for number in numbers(item)]
    return [] if value is None else [value]


def bounds_problem(value: Any, minimum: float | None, maximum: float | None) -> str | None:
    """What is out of bounds in ``value`` (a number, a list of numbers, or None), or None."""
    for number in numbers(value):
        if minimum is not None and maximum is not None and not minimum <= number <= maximum:
            return f"must be between {minimum} and {maximum}"
        if minimum is not None and not minimum <= number:
            return f"must be at least {minimum}"
        if maximum is not None and not number <= maximum:
            return f"must be at most {maximum}"
    return None


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
            value = getattr(self, item.name)
            try:
                conformed = conform(value, hints[item.name])
            except TypeError:
                expects = item.metadata.get("expects") or f"of type {type_name(hints[item.name])}"
                raise StudentError(f"{item.name} must be {expects}, got {value!r}") from None
            problem = bounds_problem(conformed, item.metadata.get("minimum"), item.metadata.get("maximum"))
            if problem:
                raise StudentError(f"{item.name} {problem}, got {value!r}")
            setattr(self, item.name, conformed)

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

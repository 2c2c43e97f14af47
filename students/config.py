"""A student's configuration: one typed dataclass per family, as transformers' ``BertConfig``.

``StudentConfig`` holds what every student has; each family subclasses it with its own
fields, declaring with :func:`option` the bounds a value must lie in, and checks what ties its
fields together in its own ``__post_init__``. The saved form (``to_dict``) is the
``student_config.json`` the workbench has always written: ``name``, ``dim``, ``hparams``
(the family's fields), ``rescale_norm`` and ``provenance``.

The declarations are data: :mod:`students.registry`, through which the workbench makes every configuration from
options or a saved file, checks each value against its annotation and bounds by the workbench's one scheme
(:mod:`foundation.checks`) before the configuration is made, so that a bad option is refused in one line
(``StudentError``) before any weight is allocated. This module imports the standard library and
:mod:`students.errors` alone: a vocabulary-free export carries it as it is, and makes its student's configuration
from the ``config.json`` the workbench checked when it wrote it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field
from typing import Any, TypeVar

from .errors import StudentError

COMMON_FIELDS = ("dim", "name", "rescale_norm", "provenance")
# How a table of rows may be stored (:class:`students.rows.StoredRows`); here, without torch, for the command line.
PRECISIONS = ("fp32", "fp16", "int8", "int4", "nf4")


def option(
    default: Any = MISSING,
    *,
    default_factory: Any = MISSING,
    minimum: float | None = None,
    maximum: float | None = None,
    expects: str | None = None,
) -> Any:
    """A family's field: ``dataclasses.field`` with the bounds its value must lie in, in its ``metadata``.

    ``minimum`` and ``maximum`` are inclusive and apply to each number of a list; ``expects``
    says in words what a value of the wrong type should have been (default: the annotation).
    """
    metadata = {"minimum": minimum, "maximum": maximum, "expects": expects}
    return field(default=default, default_factory=default_factory, metadata=metadata)


ConfigType = TypeVar("ConfigType", bound="StudentConfig")


def _numbers(value: Any) -> list[float]:
    """The numbers of ``value`` and of the lists in it, at any depth (booleans aside)."""
    if isinstance(value, list | tuple):
        return [number for item in value for number in _numbers(item)]
    return [value] if isinstance(value, int | float) and not isinstance(value, bool) else []


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

    def word_encoder(self) -> tuple[Callable[..., Any], dict[str, Any]]:
        """The torch-only function of the family's modules that turns words into the student's input, and its
        options: ``function(words, **options)`` is the ``(len(words), ...)`` integer tensor the student reads.

        A vocabulary-free export's tokenizer encodes words with it, as the student was trained.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say how its words are encoded")

    def fixed_width_encoder(self) -> tuple[Callable[..., Any], dict[str, Any]]:
        """:meth:`word_encoder`, giving every word a row of one width whatever the other words, as a tokenizer that
        encodes texts apart and pads them into one batch needs. A family whose rows vary with the words (n-grams)
        overrides it; the others' rows have one width already."""
        return self.word_encoder()

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
    def saved_arguments(cls, saved: dict[str, Any]) -> dict[str, Any]:
        """The keyword arguments of the configuration ``to_dict`` wrote; an unknown option is a ``StudentError``."""
        unknown = set(saved.get("hparams", {})) - set(cls.option_names())
        if unknown:
            raise StudentError(
                f"student {saved.get('name')!r}: unknown options {', '.join(sorted(unknown))}; "
                f"valid options: {', '.join(cls.option_names()) or 'none'}"
            )
        return {
            "dim": saved["dim"],
            "name": saved.get("name", ""),
            "rescale_norm": saved.get("rescale_norm"),
            "provenance": dict(saved.get("provenance") or {}),
            **saved.get("hparams", {}),
        }

    @classmethod
    def from_dict(cls: type[ConfigType], saved: dict[str, Any]) -> ConfigType:
        """The configuration ``to_dict`` wrote, each number within its field's bounds (a ``StudentError`` naming
        the field otherwise): what a vocabulary-free export reads from its files, with no workbench to check them
        (``students.registry.config_from_dict`` checks every value's type as well)."""
        arguments = cls.saved_arguments(saved)
        for item in dataclasses.fields(cls):
            low, high = item.metadata.get("minimum"), item.metadata.get("maximum")
            value = arguments.get(item.name)
            if any((low is not None and number < low) or (high is not None and number > high)
                   for number in _numbers(value)):
                bounds = f"at least {low}" if high is None else f"at most {high}" if low is None else \
                    f"between {low} and {high}"
                raise StudentError(f"{item.name} must be {bounds}, got {value!r}")
        return cls(**arguments)

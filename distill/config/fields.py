"""Settings declared once, as dataclass fields: type annotation, default, help text and valid values.

:func:`setting` puts a field's help and valid values (an :class:`Interval`, :class:`Choices`, a ``check``
function) in its ``metadata``, the extension point of :mod:`dataclasses` that transformers' ``HfArgumentParser``
also reads (src/transformers/hf_argparser.py). From the same fields :func:`check_fields` validates a value from
anywhere (a flag, a YAML file, a sweep), by the scheme student configurations and loss parameters use too
(:mod:`foundation.checks`), and :mod:`distill.config.arguments` derives the command-line flags, so that a new
setting is one field.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from distill.errors import DistillError
from foundation.checks import Interval, conform, problem

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Checked = TypeVar("Checked", bound="DataclassInstance")


POSITIVE = Interval(0, low_open=True)
NON_NEGATIVE = Interval(0)
UNIT = Interval(0, 1)
SEEDS = Interval(0, 2**32 - 1)  # what numpy's and torch's generators take
EPOCHS = Interval(0, 10**6)  # the paper's longest run is 10**4 epochs
COUNT = Interval(0, 10**9)  # steps, rows, sentences: finite work
POSITIVE_COUNT = Interval(0, 10**9, low_open=True)


class Choices:
    """The valid names of a setting: given, or read on first use from a registry.

    The students' and losses' registries import torch, so their names are read only when a value is checked
    or ``--help`` lists them, never while the command line is built. ``resolve`` (the registry's own look-up)
    raises the registry's one-line error for an unknown name.
    """

    def __init__(self, names: Iterable[str] | Callable[[], Iterable[str]],
                 resolve: Callable[[str], object] | None = None) -> None:
        self._names = names
        self._resolve = resolve

    def __iter__(self) -> Iterator[str]:
        return iter(self._names() if callable(self._names) else self._names)

    def check(self, name: str, value: str) -> None:
        if self._resolve is not None:
            self._resolve(value)
        elif value not in tuple(self):
            raise DistillError(f"{name} must be one of {', '.join(self)}, got {value!r}")


class Option(NamedTuple):
    """One entry of a mapping setting with a flag of its own: ``--alpha`` sets ``loss_options["alpha"]``."""

    type: Callable[[str], Any]
    help: str


def setting(default: Any = dataclasses.MISSING, help: str = "", *, factory: Callable[[], Any] | None = None,
            interval: Interval | None = None, choices: Iterable[str] | Choices | None = None,
            check: Callable[[Any], object] | None = None, flag: str | None = None, metavar: str | None = None,
            options: Mapping[str, Option] | None = None, separator: str | None = None) -> Any:
    """A dataclass field with its help text and valid values.

    ``interval`` bounds a number (each number of a list); ``choices`` are the valid names; ``check`` raises a
    one-line error for a bad value. ``flag`` (default ``--field-name``) and ``metavar`` name it on the command
    line; each of ``options`` is a flag of its own that sets one entry of a mapping setting. A list flag with a
    ``separator`` also splits each of its words on it (``--tasks mlm,nsp`` as ``--tasks mlm nsp``).
    """
    if not help:
        raise TypeError("a setting needs a help text (--help shows it)")
    if choices is not None and not isinstance(choices, Choices):
        choices = Choices(tuple(choices))
    metadata = {"help": help, "interval": interval, "choices": choices, "check": check, "flag": flag,
                "metavar": metavar, "options": options, "separator": separator}
    metadata = {key: value for key, value in metadata.items() if value is not None}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


@functools.cache
def field_hints(cls: type) -> dict[str, Any]:
    """Each field of the dataclass ``cls`` → its resolved type annotation (``int | None``, ``tuple[float, float]``)."""
    return typing.get_type_hints(cls)


def default_of(item: dataclasses.Field) -> Any:
    """A field's default value (a fresh one for a ``default_factory``)."""
    if item.default_factory is not dataclasses.MISSING:
        return item.default_factory()
    return item.default


def check_fields(instance: Checked) -> Checked:
    """A copy of a dataclass instance whose every field is checked against its type and valid values
    (:func:`check_field`), holding each value as its field does (``(0.9, 0.999)`` for a list of two numbers)."""
    hints = field_hints(type(instance))
    conformed = {item.name: check_field(item, hints[item.name], getattr(instance, item.name))
                 for item in dataclasses.fields(instance)}
    return dataclasses.replace(instance, **conformed)


def check_field(item: dataclasses.Field, hint: Any, value: Any) -> Any:
    """One value against its field: of the annotated type, finite and inside the field's interval
    (:func:`foundation.checks.problem`), then one of its choices and passing its check; a ``None`` the type allows goes
    no further. Returns the value as the field holds it (:func:`foundation.checks.conform`); raises one line naming
    the key."""
    wrong = problem(value, hint, item.metadata.get("interval"))
    if wrong:
        raise DistillError(f"{item.name} {wrong}, got {value!r}")
    value = conform(value, hint)
    if value is None:
        return None
    if "choices" in item.metadata:
        item.metadata["choices"].check(item.name, value)
    if "check" in item.metadata:
        item.metadata["check"](value)
    return value

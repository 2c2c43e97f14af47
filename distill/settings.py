"""Settings declared once, as dataclass fields: type annotation, default, help text and valid values.

:func:`setting` puts a field's help and valid values (an :class:`Interval`, :class:`Choices`, a ``check``
function) in its ``metadata``, the extension point of :mod:`dataclasses` that transformers' ``HfArgumentParser``
also reads (src/transformers/hf_argparser.py). From the same fields :func:`check_fields` validates a value from
anywhere (a flag, a YAML file, a sweep) and :mod:`distill.arguments` derives the command-line flags, so that a
new setting is one field.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from distill.errors import DistillError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclasses.dataclass(frozen=True)
class Interval:
    """Where a number (or each number of a list) lies; ``high`` is ``inf`` for none."""

    low: float
    high: float = math.inf
    low_open: bool = False
    high_open: bool = False

    def __contains__(self, value: float) -> bool:
        above = value > self.low if self.low_open else value >= self.low
        below = value < self.high if self.high_open else value <= self.high
        return above and below

    def describe(self, integer: bool) -> str:
        """The interval in an error message: ``a positive integer``, ``positive``, ``in [0, 1)``..."""
        if self.low == 0 and integer and not self.high_open:
            words = "a positive integer" if self.low_open else "a non-negative integer"
            return words + (f" up to {int(self.high)}" if math.isfinite(self.high) else "")
        if self.low == 0 and self.high == math.inf:
            return "positive" if self.low_open else "a finite number >= 0"
        low, high = (f"{int(bound)}" if integer and math.isfinite(bound) else f"{bound:g}"
                     for bound in (self.low, self.high))
        return f"in {'(' if self.low_open else '['}{low}, {high}{')' if self.high_open else ']'}"


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


def value_type(hint: Any) -> Any:
    """The type a setting holds when it is set: ``int`` for ``int | None``."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        arguments = [argument for argument in typing.get_args(hint) if argument is not type(None)]
        if len(arguments) == 1:
            return arguments[0]
    return hint


def default_of(item: dataclasses.Field) -> Any:
    """A field's default value (a fresh one for a ``default_factory``)."""
    if item.default_factory is not dataclasses.MISSING:
        return item.default_factory()
    return item.default


def check_fields(instance: DataclassInstance) -> None:
    """Every field of a dataclass instance against its type and valid values (:func:`check_field`)."""
    hints = field_hints(type(instance))
    for item in dataclasses.fields(instance):
        check_field(item, hints[item.name], getattr(instance, item.name))


def check_field(item: dataclasses.Field, hint: Any, value: Any) -> None:
    """One value against its field: of the annotated type, finite, then inside the field's interval, one of its
    choices and passing its check; a ``None`` the type allows goes no further. Raises one line naming the key."""
    name = item.name
    if not matches(value, hint):
        raise DistillError(f"{name} must be {describe(hint)}, got {value!r}")
    if value is None:
        return
    sequence = isinstance(value, (list, tuple))
    numbers = value if sequence else [value]
    if any(isinstance(number, float) and not math.isfinite(number) for number in numbers):
        raise DistillError(f"{name} must be finite, got {value!r}")
    interval = item.metadata.get("interval")
    if interval is not None and not all(number in interval for number in numbers):
        what = interval.describe(integer=value_type(hint) is int)
        raise DistillError(f"{name} must be {describe(hint) + ' ' if sequence else ''}{what}, got {value!r}")
    if "choices" in item.metadata:
        item.metadata["choices"].check(name, value)
    if "check" in item.metadata:
        item.metadata["check"](value)


def matches(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type ``hint`` (an int passes for a float, a list for a tuple)."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return any(matches(value, argument) for argument in arguments)
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is dict:
        return isinstance(value, dict)
    if origin is list:
        return isinstance(value, list) and all(matches(item, arguments[0]) for item in value)
    if origin is tuple:
        return (isinstance(value, (list, tuple)) and len(value) == len(arguments)
                and all(matches(item, argument) for item, argument in zip(value, arguments)))
    return True


def describe(hint: Any) -> str:
    """``hint`` in words, for an error message."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        named = [describe(argument) for argument in arguments if argument is not type(None)]
        return " or ".join(named) + (" or null" if type(None) in arguments else "")
    if origin is list:
        return f"a list of {describe(arguments[0]).removeprefix('an ').removeprefix('a ')}s"
    if origin is tuple:
        return f"a list of {len(arguments)} numbers"
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(hint, "a mapping" if origin is dict else str(hint))

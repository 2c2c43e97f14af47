"""A value against its declared type and bounds: the one scheme of the workbench's settings
(:mod:`distill.config.fields`), the students' configurations (:mod:`students.config`) and the losses' parameters
(:mod:`losses.base`).

A value is first *conformed* to its type annotation (:func:`conform`: an integer passes for a float, a list for
a tuple, a whole float for an integer, ``True`` never for a number), then it must be finite and inside its
:class:`Interval`. :func:`problem` says in words what is wrong ("must be an integer", "must be in [0, 1)"), and
each caller raises its own one-line error with it, naming the key.

It imports the standard library alone (as all of :mod:`foundation`), so that every layer may import it, and
a vocabulary-free export carries it beside the student's configuration.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any


@dataclasses.dataclass(frozen=True)
class Interval:
    """Where a number (or each number of a list) lies; ``high`` is ``inf`` for none."""

    low: float = -math.inf
    high: float = math.inf
    low_open: bool = False
    high_open: bool = False

    def __contains__(self, value: float) -> bool:
        above = value > self.low if self.low_open else value >= self.low
        below = value < self.high if self.high_open else value <= self.high
        return above and below

    def describe(self, integer: bool) -> str:
        """The interval in an error message: ``a positive integer``, ``positive``, ``at least 7``, ``in [0, 1)``..."""
        if self.low == 0 and integer and not self.high_open:
            words = "a positive integer" if self.low_open else "a non-negative integer"
            return words + (f" up to {int(self.high)}" if math.isfinite(self.high) else "")
        if self.low == 0 and self.high == math.inf:
            return "positive" if self.low_open else "a finite number >= 0"
        low, high = (f"{int(bound)}" if integer and math.isfinite(bound) else f"{bound:g}"
                     for bound in (self.low, self.high))
        if self.high == math.inf:
            return f"greater than {low}" if self.low_open else f"at least {low}"
        if self.low == -math.inf:
            return f"less than {high}" if self.high_open else f"at most {high}"
        return f"in {'(' if self.low_open else '['}{low}, {high}{')' if self.high_open else ']'}"


def value_type(hint: Any) -> Any:
    """The type a field holds when it is set: ``int`` for ``int | None``."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        arguments = [argument for argument in typing.get_args(hint) if argument is not type(None)]
        if len(arguments) == 1:
            return arguments[0]
    return hint


def conform(value: Any, hint: Any) -> Any:
    """``value`` as a field annotated ``hint`` holds it, or ``TypeError``.

    An integer becomes a float, a whole float an integer (YAML 1.1 numbers may arrive as floats), a tuple a
    list and a list a tuple where the annotation says so; ``True`` and ``False`` are not numbers here.
    """
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in arguments:
            return None
        for argument in arguments:
            if argument is not type(None):
                try:
                    return conform(value, argument)
                except TypeError:
                    pass
    elif origin in (list, tuple) and isinstance(value, list | tuple):
        if origin is list:
            return [conform(item, arguments[0]) for item in value]
        if len(value) == len(arguments):
            return tuple(conform(item, argument) for item, argument in zip(value, arguments))
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
    elif isinstance(hint, type) and isinstance(value, hint) and (hint is bool or not isinstance(value, bool)):
        return value
    raise TypeError(hint)


def describe(hint: Any) -> str:
    """``hint`` in words, for an error message: ``an integer``, ``a list of 2 numbers``, ``a number or null``."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        named = [describe(argument) for argument in arguments if argument is not type(None)]
        return " or ".join(named) + (" or null" if type(None) in arguments else "")
    if origin is list:
        item = describe(arguments[0]).removeprefix("an ").removeprefix("a ")
        head, of, rest = item.partition(" of ")  # "list of integers": the head noun takes the plural
        return f"a list of {head}s{of}{rest}"
    if origin is tuple:
        return f"a list of {len(arguments)} numbers"
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(hint, "a mapping" if origin is dict else str(hint))


def numbers(value: Any) -> list[Any]:
    """The numbers in ``value``: itself, or those of a (nested) list or tuple; none for None."""
    if isinstance(value, list | tuple):
        return [number for item in value for number in numbers(item)]
    return [] if value is None else [value]


def problem(value: Any, hint: Any, interval: Interval | None = None, expects: str | None = None) -> str | None:
    """What is wrong with ``value`` for a field annotated ``hint`` within ``interval`` (each number of a list),
    or None: ``must be an integer`` (``expects`` says what a value of the wrong type should have been, default
    the annotation in words), ``must be finite``, ``must be in [0, 1)``."""
    try:
        conformed = conform(value, hint)
    except TypeError:
        return f"must be {expects or describe(hint)}"
    found = numbers(conformed)
    if any(isinstance(number, float) and not math.isfinite(number) for number in found):
        return "must be finite"
    if interval is not None and not all(number in interval for number in found):
        kind = describe(hint) + ", each " if isinstance(conformed, list | tuple) else ""
        return f"must be {kind}{interval.describe(integer=value_type(hint) is int)}"
    return None

"""A sweep file's search space (``space:``), and the checks of the values a sweep file holds.

Each key of ``space`` is a :class:`~distill.config.training.TrainConfig` key (or ``loss_options.<name>`` /
``student_options.<name>``) with a list of values (:class:`Choice`, the only kind a grid takes) or a numeric
range (:class:`Range`); keys the sweep sets for every trial (:data:`SET_BY_SWEEP`) and keys also ``fixed``
are refused. Every mistake is one line naming the file and the key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from distill.config.fields import field_hints
from distill.config.training import OPTION_GROUPS, TrainConfig, coerce_number
from distill.errors import DistillError
from foundation.checks import value_type
from sweeps.options import MAX_OPTION

SET_BY_SWEEP = ("run_name",)  # each trial's run is named after the trial
RANGE_KEYS = ("low", "high", "log", "step", "type")


@dataclass(frozen=True)
class Choice:
    """A categorical parameter (``trial.suggest_categorical``), or one axis of a grid."""

    name: str
    values: tuple[Any, ...]

    def describe(self) -> str:
        return ", ".join(map(str, self.values))

    def contains(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices, of its type (``1`` is not ``true``)."""
        return any(value == choice and type(value) is type(choice) for choice in self.values)


@dataclass(frozen=True)
class Range:
    """A numeric range (``trial.suggest_int`` or ``trial.suggest_float``; searches only)."""

    name: str
    low: float
    high: float
    log: bool = False
    step: float | None = None
    integer: bool = False

    def describe(self) -> str:
        text = f"{self.low:g}..{self.high:g}"
        return text + (" log" if self.log else "") + (f" step {self.step:g}" if self.step else "")

    def contains(self, value: Any) -> bool:
        """Whether ``value`` is one the trial could draw: a number in the range, an integer on its steps."""
        if isinstance(value, bool) or not isinstance(value, int | float) or not self.low <= value <= self.high:
            return False
        if self.integer and not isinstance(value, int):
            return False
        step = self.step or (1 if self.integer else None)
        return step is None or math.isclose((value - self.low) / step, round((value - self.low) / step), abs_tol=1e-9)


Parameter = Choice | Range


def check_keys(data: Mapping[str, Any], valid: tuple[str, ...], where: str) -> None:
    unknown = sorted(set(map(str, data)) - set(valid))
    if unknown:
        raise DistillError(f"{where}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(valid)}")


def mapping(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise DistillError(f"{where} must be a mapping, not {type(value).__name__}")
    return dict(value)


def integer(value: Any, where: str, minimum: int = 1, maximum: int = MAX_OPTION) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise DistillError(f"{where} must be an integer >= {minimum} and <= {maximum}, got {value!r}")
    return value


def number(value: Any, where: str) -> float:
    value = coerce_number(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise DistillError(f"{where} must be a finite number, got {value!r}")
    return value


def parse_space(raw: dict[str, Any], fixed: Mapping[str, Any], source: str) -> tuple[Parameter, ...]:
    if not raw:
        raise DistillError(f"{source}: space is empty; give at least one parameter to search")
    hints = field_hints(TrainConfig)
    valid = [key for key in hints if key not in SET_BY_SWEEP and key not in OPTION_GROUPS]
    parameters: list[Parameter] = []
    for name, value in raw.items():
        group, _, option = str(name).partition(".")
        if (option and group not in OPTION_GROUPS) or (not option and name not in valid):
            raise DistillError(
                f"{source}: unknown space key {name!r}; valid keys: {', '.join(valid)}, "
                + ", ".join(f"{group}.<name>" for group in OPTION_GROUPS)
            )
        if name in fixed or (option and option in (fixed.get(group) or {})):
            raise DistillError(f"{source}: {name} is both fixed and searched; keep it in one place")
        kind = float if option else value_type(hints[name])  # an option: numeric strings coerced, ranges allowed
        parameters.append(_parse_parameter(name, value, kind in (int, float), kind is int, source))
    for key in SET_BY_SWEEP:
        if key in fixed:
            raise DistillError(f"{source}: fixed.{key} is set by the sweep for every trial; remove it")
    return tuple(parameters)


def _parse_parameter(name: str, raw: Any, numeric: bool, integer_field: bool, source: str) -> Parameter:
    where = f"{source}: space.{name}"
    if isinstance(raw, list):
        if not raw:
            raise DistillError(f"{where} is an empty list; give at least one value")
        values = tuple(coerce_number(value) if numeric else value for value in raw)
        for value in values:
            if value is not None and not isinstance(value, (str, int, float, bool)):
                raise DistillError(f"{where}: values must be numbers or strings, got {value!r}")
        if len(set(map(repr, values))) != len(values):
            raise DistillError(f"{where} lists a value twice")
        return Choice(name, values)
    if not isinstance(raw, Mapping):
        raise DistillError(f"{where} must be a list of values or a range {{low: ..., high: ...}}, got {raw!r}")
    check_keys(raw, RANGE_KEYS, where)
    if not numeric:
        raise DistillError(f"{where} is not numeric; give a list of values")
    if "low" not in raw or "high" not in raw:
        raise DistillError(f"{where}: a range needs both low and high")
    low, high = number(raw["low"], f"{where}.low"), number(raw["high"], f"{where}.high")
    if not low < high:
        raise DistillError(f"{where}: empty range, low {low:g} must be below high {high:g}")
    log = raw.get("log", False)
    if not isinstance(log, bool):
        raise DistillError(f"{where}.log must be true or false, got {log!r}")
    if log and low <= 0:
        raise DistillError(f"{where}: a log range needs low > 0, got {low:g}")
    step = None if raw.get("step") is None else number(raw["step"], f"{where}.step")
    if step is not None and (step <= 0 or step > high - low or log):
        raise DistillError(f"{where}: step must be in (0, high - low] and cannot be combined with log")
    kind = raw.get("type", "int" if integer_field else "float")
    if kind not in ("int", "float"):
        raise DistillError(f"{where}.type must be int or float, got {kind!r}")
    integer = kind == "int"
    if integer and not all(float(value).is_integer() for value in (low, high, step or 1)):
        raise DistillError(f"{where}: an int range needs whole-number low, high and step")
    return Range(name, float(low), float(high), log, step, integer)


def kind_and_options(raw: Any, where: str, kinds: tuple[str, ...] | Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    if isinstance(raw, str):
        kind, options = raw, {}
    elif isinstance(raw, Mapping) and isinstance(raw.get("kind"), str):
        options = {key: coerce_number(value) for key, value in raw.items() if key != "kind"}
        kind = raw["kind"]
    else:
        raise DistillError(f"{where} must be a name or a mapping with a 'kind' name, got {raw!r}")
    if kind not in kinds:
        raise DistillError(f"{where}: unknown kind {kind!r}; valid kinds: {', '.join(kinds)}")
    return kind, options

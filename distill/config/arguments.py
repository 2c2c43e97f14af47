"""Command-line flags derived from a settings dataclass, after transformers' ``HfArgumentParser``
(src/transformers/hf_argparser.py): one flag per field, its type from the annotation, its help and valid
values from the field's metadata (:func:`distill.config.fields.setting`).

Unlike ``HfArgumentParser``, ``distill train``'s flags default to ``argparse.SUPPRESS``: only the flags given
on the command line reach the namespace (:func:`given_settings`), so that they win over a YAML file, which
wins over the defaults; the other commands read no settings file, and their flags take the defaults (read
back by :func:`settings_from`). argparse only reads the text (``--lr abc`` is refused there); every value is
checked by the dataclass's own validation, the same for a flag, a YAML file and a sweep.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import typing
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from distill.config.fields import Choices, check_fields, default_of, field_hints
from distill.errors import DistillError
from distill.files.userfiles import parse_yaml
from foundation.checks import value_type

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


class ChoiceAction(argparse.Action):
    """Stores a name as given: its valid names (``valid``) are listed by ``--help`` and checked, with every other
    value, by the settings' validation. argparse's own ``choices`` would read a registry's names as soon as the
    flag is added (to format its metavar) and refuse a name with a message of its own."""

    def __init__(self, option_strings: Sequence[str], dest: str, valid: Choices, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.valid = valid

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)


class SettingsHelpFormatter(argparse.HelpFormatter):
    """Ends the help of a :class:`ChoiceAction` with its valid names, read only when the help is shown; in a
    description or epilog, wraps each paragraph as argparse does but keeps a table's lines (``| ... |``) whole."""

    def add_argument(self, action: argparse.Action) -> None:
        if isinstance(action, ChoiceAction) and action.help:
            action = copy.copy(action)
            action.help = f"{action.help}; one of: {', '.join(action.valid)}"
        super().add_argument(action)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = text.split("\n\n")
        return "\n\n".join(indent + paragraph.replace("\n", "\n" + indent) if paragraph.startswith("|")
                             else super(SettingsHelpFormatter, self)._fill_text(paragraph, width, indent)
                             for paragraph in paragraphs)


def add_settings_arguments(parser: argparse.ArgumentParser, cls: type, title: str, *,
                           only: Collection[str] | None = None, defaults: Mapping[str, Any] | None = None,
                           layered: bool = False) -> list[argparse.Action]:
    """A flag for every field of the dataclass ``cls`` (or each field named in ``only``; and for each of a mapping
    field's ``options``), in a group named ``title``; returns their actions, as ``add_argument`` does.

    A flag not given takes the field's default, or the value ``defaults`` gives it (its help says which); a field
    without a default is a required flag. ``layered`` (``distill train``): a flag not given is absent from the
    namespace instead, so that a YAML file underneath keeps its value (:func:`given_settings`).
    """
    group = parser.add_argument_group(title)
    hints = field_hints(cls)
    actions = []
    for item in dataclasses.fields(cls):
        if only is not None and item.name not in only:
            continue
        flag = item.metadata.get("flag", "--" + item.name.replace("_", "-"))
        default = (defaults or {}).get(item.name, default_of(item))
        required = not layered and default is dataclasses.MISSING
        actions.append(group.add_argument(
            flag, dest=item.name, default=argparse.SUPPRESS if layered or required else default, required=required,
            help=_help(item, default),
            **_value_arguments(item, value_type(hints[item.name])),
        ))
        for option, spec in item.metadata.get("options", {}).items():
            actions.append(group.add_argument(
                "--" + option.replace("_", "-"), dest=f"{item.name}.{option}", type=spec.type,
                metavar=option.upper(), default=argparse.SUPPRESS, help=f"{spec.help} (sets {item.name}.{option})",
            ))
    return actions


def given_settings(args: argparse.Namespace, cls: type) -> dict[str, Any]:
    """The settings given as flags: field name (or ``field.option``) → value."""
    names = {item.name for item in dataclasses.fields(cls)}
    return {key: value for key, value in vars(args).items() if key.partition(".")[0] in names}


def settings_from(args: argparse.Namespace, cls: type[T], defaults: Mapping[str, Any] | None = None) -> T:
    """The settings of the dataclass ``cls`` on the command line (a field without a flag takes its value in
    ``defaults``, or its own default), each checked against its field (:func:`distill.config.fields.check_fields`)."""
    return check_fields(cls(**{**(defaults or {}), **given_settings(args, cls)}))


class Switch(argparse.BooleanOptionalAction):
    """``--flag`` / ``--no-flag``, whose help states its default once (Python 3.11's action appends it again)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.help = help


class ListAction(argparse.Action):
    """A list flag: ``--noise a b`` and ``--noise a --noise b`` give the same list, which replaces the default.
    With its setting's ``separator``, each word is also split on it: ``--tasks mlm,nsp``."""

    def __init__(self, option_strings: Sequence[str], dest: str, separator: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.separator = separator

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if self.separator is not None:
            words = [part.strip() for value in values for part in value.split(self.separator)]
            values = [word for word in words if word]
        given = getattr(namespace, self.dest, None)
        earlier = given if isinstance(given, list) and given is not self.default else []
        setattr(namespace, self.dest, [*earlier, *values])


def _value_arguments(item: dataclasses.Field, kind: Any) -> dict[str, Any]:
    """How argparse reads a value of type ``kind``: an action, or a type, a count and a metavar."""
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    metavar = item.metadata.get("metavar", item.name.upper())
    if kind is bool:
        return {"action": Switch}
    if "choices" in item.metadata:
        return {"action": ChoiceAction, "valid": item.metadata["choices"], "metavar": metavar}
    if origin is tuple:
        return {"type": arguments[0], "nargs": len(arguments), "metavar": metavar}
    if origin is list:
        return {"action": ListAction, "separator": item.metadata.get("separator"), "type": arguments[0], "nargs": "+",
                "metavar": metavar}
    if origin is dict:
        return {"type": yaml_value, "metavar": item.metadata.get("metavar", "YAML")}
    return {"type": kind, "metavar": metavar}


def yaml_value(text: str) -> Any:
    """A value written as YAML (``'{alpha: 0.5}'``); whether it is a mapping is checked with the others."""
    try:
        return parse_yaml(text, "the value")
    except DistillError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _help(item: dataclasses.Field, default: Any) -> str:
    """The field's help text, with its default as it would be written on the command line."""
    text = item.metadata["help"]
    if default is not None and default is not dataclasses.MISSING:
        text += f" (default: {_as_flag(default)})"
    return text.replace("%", "%%")


def _as_flag(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return " ".join(map(_as_flag, value))
    if isinstance(value, dict) or value == "":
        return yaml.safe_dump(value, default_flow_style=True).strip()
    return str(value)

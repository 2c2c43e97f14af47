"""A setting is declared once: its flag, its YAML key, its default and its check all come from one field.

``EvaluationSettings`` gives ``distill evaluate`` and ``distill robustness`` their flags and a sweep file's
``evaluation:`` block its keys; ``CommonOptions`` gives every command ``--tracking-uri``, ``--quiet``,
``--device`` and ``--work-dir`` with one help text. A new evaluation option is one field (and the code that
reads it): the test adds a field to a subclass, puts it where the declaration is read, and finds the flag, the
YAML key and the check without any other change.
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass

import pytest

from distill.cli import COMMANDS, build_parser
from distill.config.arguments import settings_from
from distill.config.common import CommonOptions, settings_from_mapping
from distill.config.fields import POSITIVE_COUNT, setting
from distill.errors import DistillError
from distill.evaluation.settings import EvaluationSettings
from distill.workflows.robustness import FIXED, STUDY
from sweeps.sweep_file import parse_spec


@dataclass(frozen=True)
class WithWindow(EvaluationSettings):
    window: int = setting(3, "tokens of context kept around each sample", interval=POSITIVE_COUNT, metavar="N")


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (action,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(action.choices)


def flags(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {option: action for action in parser._actions for option in action.option_strings}


def sweep(evaluation: dict) -> dict:
    return {"fixed": {"epochs": 1}, "space": {"loss": ["cosine"]}, "objective": "sentence_cosine",
            "evaluation": {"tasks": ["fidelity"], **evaluation}}


def test_a_new_evaluation_setting_is_a_flag_a_sweep_key_and_a_check_from_one_field(monkeypatch) -> None:
    for module in ("distill.cli.commands.evaluate", "distill.cli.commands.robustness", "sweeps.sweep_file"):
        monkeypatch.setattr(f"{module}.EvaluationSettings", WithWindow)
    commands = subcommands(build_parser())
    for command in ("evaluate", "robustness"):
        assert flags(commands[command])["--window"].help.startswith("tokens of context kept around each sample")
    args = build_parser().parse_args(["evaluate", "--students", "run", "--window", "5"])
    assert settings_from(args, WithWindow).window == 5
    assert settings_from(build_parser().parse_args(["robustness"]), WithWindow, STUDY).window == 3  # its default
    spec = parse_spec(sweep({"window": 7}), name="window", source="window.yaml")
    assert isinstance(spec.evaluation, WithWindow) and spec.evaluation.window == 7

    with pytest.raises(DistillError) as from_flag:
        settings_from(build_parser().parse_args(["evaluate", "--students", "run", "--window", "0"]), WithWindow)
    with pytest.raises(DistillError) as from_file:
        parse_spec(sweep({"window": 0}), name="window", source="window.yaml")
    assert str(from_flag.value) == "window must be a positive integer up to 1000000000, got 0"
    assert str(from_file.value) == f"window.yaml: evaluation: {from_flag.value}"


def test_every_evaluation_setting_has_its_flag_and_its_sweep_key() -> None:
    commands = subcommands(build_parser())
    for item in dataclasses.fields(EvaluationSettings):
        flag = "--" + item.name.replace("_", "-")
        assert flags(commands["evaluate"])[flag].help.startswith(item.metadata["help"].replace("%", "%%"))
        assert (flag in flags(commands["robustness"])) == (item.name not in FIXED)
    every_key = dataclasses.asdict(EvaluationSettings())
    spec = parse_spec(sweep({**every_key, "tasks": ["fidelity"]}), name="all", source="all.yaml")
    assert spec.evaluation == EvaluationSettings(**{**every_key, "tasks": ["fidelity"]})


def test_the_robustness_study_shows_its_own_defaults() -> None:
    robustness = flags(subcommands(build_parser())["robustness"])
    assert robustness["--samples"].default == STUDY["samples"] == 256
    assert "(default: 256)" in robustness["--samples"].help
    assert robustness["--alpha"].default == 0.01 and EvaluationSettings().alpha == 0.05  # one field, two defaults
    evaluate = flags(subcommands(build_parser())["evaluate"])
    assert evaluate["--samples"].default == EvaluationSettings().samples == 512


def test_common_options_have_one_help_text_in_every_command() -> None:
    commands = subcommands(build_parser())
    assert set(commands) == set(COMMANDS)
    for item in dataclasses.fields(CommonOptions):
        flag = "--" + item.name.replace("_", "-")
        helps = {action.help for parser in commands.values() if (action := flags(parser).get(flag)) is not None}
        assert len(helps) == 1, (flag, helps)
    assert all("--tracking-uri" in flags(parser) for parser in commands.values())


def test_a_yaml_block_is_checked_as_its_flags_are() -> None:
    with pytest.raises(DistillError, match=r"^block: unknown key\(s\) colour; valid keys: model, revision, tasks"):
        settings_from_mapping(EvaluationSettings, {"colour": "blue"}, "block")
    with pytest.raises(DistillError, match=r"^block: alpha must be in \(0, 1\), got 1.5"):
        settings_from_mapping(EvaluationSettings, {"alpha": "1.5"}, "block")  # YAML 1.1's numeric strings read
    assert settings_from_mapping(EvaluationSettings, {"alpha": "1e-2"}, "block").alpha == 0.01

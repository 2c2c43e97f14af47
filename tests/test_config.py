"""The training configuration: one field per setting, from which the flags, their help and the checks come;
bad values end in one line naming the key, exit code 2, and leave no run behind."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from distill.cli import build_parser, main
from distill.config.arguments import SettingsHelpFormatter, add_settings_arguments, given_settings
from distill.config.fields import POSITIVE, Option, check_fields, setting
from distill.config.training import TrainConfig, load_config
from distill.errors import DistillError

BAD_YAML_VALUES = [
    ("lr", ".inf"), ("lr", ".nan"), ("lr", "-1"), ("lr", "abc"), ("lr", "true"),
    ("eps", "-1"), ("eps", "0"), ("eps", "abc"), ("eps", ".inf"),
    ("betas", "[0.9]"), ("betas", "abc"), ("betas", "[0.9, 1.5]"), ("betas", "[0.9, 0.99, 0.999]"),
    ("betas", "[a, b]"),
    ("holdout", "abc"), ("holdout", "1.0"), ("holdout", "-0.1"), ("holdout", ".nan"),
    ("augment", "2"), ("augment", "abc"), ("augment_share", "-1"), ("warmup_fraction", ".inf"),
    ("plateau_factor", "0"), ("typo_pretrain_rate", "abc"), ("frequency_exponent", "-1"),
    ("context_lr", ".inf"), ("context_token_weight", ".nan"), ("batch_size", "0"), ("epochs", "-1"),
    ("negative_window", "abc"), ("device", "tpu"), ("schedule", "linear"), ("recipe", "slow"),
    ("bf16", "maybe"), ("context_layers", "[]"), ("context_loss", "l1"),
]

BAD_FLAGS = [
    ("lr", ["--lr", "inf"]), ("lr", ["--lr", "nan"]), ("lr", ["--lr", "-1"]),
    ("holdout", ["--holdout", "1.5"]), ("augment", ["--augment", "inf"]),
    ("typo_pretrain_rate", ["--typo-rate", "0"]), ("frequency_exponent", ["--frequency-exponent", "nan"]),
    ("context_lr", ["--context-lr", "-1"]), ("batch_size", ["--batch-size", "0"]),
    ("eval_every", ["--eval-every", "0"]), ("betas", ["--betas", "0.9", "1"]), ("schedule", ["--schedule", "step"]),
    ("plateau_patience", ["--plateau-patience", "-1"]), ("context_table_weight", ["--context-table-weight", "-1"]),
    ("loss_options", ["--loss-options", "[0.5]"]),
]


def refused(argv: list[str], key: str, capsys: pytest.CaptureFixture[str], work: Path) -> str:
    """Run ``distill train`` in-process; assert exit 2, one line naming ``key``, no run or checkpoint."""
    code = main(["train", *argv, "--work-dir", str(work / "runs"), "--tracking-uri", f"sqlite:///{work}/db.sqlite"])
    message = capsys.readouterr().err.strip()
    assert code == 2
    assert "\n" not in message and message.startswith("error:")
    assert key in message
    assert not (work / "runs").exists() and not (work / "db.sqlite").exists()
    return message


@pytest.mark.parametrize(("key", "value"), BAD_YAML_VALUES)
def test_bad_yaml_value_is_one_line_naming_file_and_key(key, value, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config_file = tmp_path / "train.yaml"
    config_file.write_text(f"{key}: {value}\n")
    message = refused(["--config", str(config_file)], key, capsys, tmp_path)
    assert str(config_file) in message


@pytest.mark.parametrize(("key", "argv"), BAD_FLAGS)
def test_bad_flag_is_one_line_naming_key(key, argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(argv, key, capsys, tmp_path)


def test_holdout_that_is_not_a_number_names_the_key(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config_file = tmp_path / "train.yaml"
    config_file.write_text("holdout: abc\n")
    assert "holdout must be a number" in refused(["--config", str(config_file)], "holdout", capsys, tmp_path)


def test_validate_returns_a_new_config_and_leaves_the_original_alone():
    original = TrainConfig(recipe="paper", betas=[0.9, 0.99])  # type: ignore[arg-type]
    validated = original.validate()
    assert original.lr is None and original.batch_size is None and original.betas == [0.9, 0.99]
    assert validated.lr == 1e-3 and validated.batch_size == 100 and validated.betas == (0.9, 0.99)
    assert validated.validate() == validated


# --- flags derived from the fields ------------------------------------------------------------------------


def train_flags() -> dict[str, argparse.Action]:
    """dest → action of every flag ``distill train`` derives from TrainConfig."""
    actions = add_settings_arguments(argparse.ArgumentParser(), TrainConfig, "settings", layered=True)
    return {action.dest: action for action in actions}


def parsed_settings(argv: list[str]) -> dict[str, Any]:
    """The settings ``distill train ARGV`` gives on its command line."""
    return given_settings(build_parser().parse_args(["train", *argv]), TrainConfig)


def test_every_setting_has_a_flag_with_its_help_text() -> None:
    flags = train_flags()
    for item in dataclasses.fields(TrainConfig):
        action = flags[item.name]
        assert item.metadata["help"] and action.help.startswith(item.metadata["help"].replace("%", "%%"))
        assert action.option_strings[0].startswith("--") and action.default is argparse.SUPPRESS
    assert flags["typo_pretrain_epochs"].option_strings == ["--typo-pretrain"]  # flag names kept from before
    assert flags["typo_pretrain_rate"].option_strings == ["--typo-rate"]
    assert flags["loss_options.alpha"].option_strings == ["--alpha"] and flags["loss_options.alpha"].type is float
    with pytest.raises(TypeError, match="needs a help text"):
        setting(1)


def test_a_flag_takes_its_type_default_and_choices_from_its_field(capsys) -> None:
    @dataclasses.dataclass
    class Settings:
        size: int = setting(3, "how many", interval=POSITIVE)
        rates: tuple[float, float] = setting((0.1, 0.2), "two rates")
        colour: str = setting("red", "paint", choices=("red", "blue"))
        loud: bool = setting(False, "say it")
        extra: dict[str, Any] = setting(help="anything else", factory=dict,
                                        options={"level": Option(int, "the level")})

    parser = argparse.ArgumentParser(formatter_class=SettingsHelpFormatter)
    add_settings_arguments(parser, Settings, "settings", layered=True)
    argv = ["--size", "4", "--rates", "0.5", "1", "--colour", "green", "--loud", "--extra", "{a: 1}", "--level", "2"]
    given = given_settings(parser.parse_args(argv), Settings)
    assert given == {"size": 4, "rates": [0.5, 1.0], "colour": "green", "loud": True, "extra": {"a": 1},
                     "extra.level": 2}
    assert given_settings(parser.parse_args(["--no-loud"]), Settings) == {"loud": False}
    assert given_settings(parser.parse_args([]), Settings) == {}
    text = " ".join(parser.format_help().split())
    assert "paint (default: red); one of: red, blue" in text and "how many (default: 3)" in text
    assert "--rates RATES RATES two rates (default: 0.1 0.2)" in text and "--loud, --no-loud" in text
    with pytest.raises(DistillError, match="colour must be one of red, blue, got 'green'"):
        check_fields(Settings(colour="green"))  # argparse reads names; the field's check refuses them
    with pytest.raises(DistillError, match="size must be a positive integer, got 0"):
        check_fields(Settings(size=0))
    with pytest.raises(SystemExit):
        parser.parse_args(["--size", "many"])
    assert "invalid int value: 'many'" in capsys.readouterr().err


def test_train_flags_read_every_kind_of_setting() -> None:
    argv = ["--epochs", "3", "--lr", "2e-3", "--betas", "0.8", "0.9", "--context-layers", "-1", "-2",
            "--keep-special-rows", "--no-bf16", "--student-options", "{max_bytes_per_token: 16}", "--alpha", "0.5",
            "--schedule", "plateau", "--typo-pretrain", "2"]
    assert parsed_settings(argv) == {
        "epochs": 3, "lr": 0.002, "betas": [0.8, 0.9], "context_layers": [-1, -2], "keep_special_rows": True,
        "bf16": False, "student_options": {"max_bytes_per_token": 16}, "loss_options.alpha": 0.5,
        "schedule": "plateau", "typo_pretrain_epochs": 2,
    }


def test_yaml_and_flags_give_the_same_validated_config(tmp_path) -> None:
    values = {"epochs": 3, "lr": 0.002, "betas": [0.8, 0.9], "context_layers": [-1, -2], "keep_special_rows": True,
              "student_options": {"max_bytes_per_token": 16}, "loss": "aec", "loss_options": {"alpha": 0.5},
              "schedule": "plateau", "typo_pretrain_epochs": 2, "context_noise": "typo:0.1"}
    config_file = tmp_path / "train.yaml"
    config_file.write_text(yaml.safe_dump(values))
    argv = ["--epochs", "3", "--lr", "0.002", "--betas", "0.8", "0.9", "--context-layers", "-1", "-2",
            "--keep-special-rows", "--student-options", "{max_bytes_per_token: 16}", "--loss", "aec",
            "--alpha", "0.5", "--schedule", "plateau", "--typo-pretrain", "2", "--context-noise", "typo:0.1"]
    from_flags = load_config(None, parsed_settings(argv))
    assert from_flags == load_config(config_file) == TrainConfig(**values).validate()
    assert from_flags.betas == (0.8, 0.9) and from_flags.batch_size == 256  # the fast recipe's


def test_a_flag_wins_over_the_yaml_file_which_wins_over_the_defaults(tmp_path) -> None:
    config_file = tmp_path / "train.yaml"
    config_file.write_text("epochs: 3\nlr: 2e-3\nrecipe: paper\nloss: aec\nloss_options: {alpha: 0.5, margin: 1}\n"
                           "keep_special_rows: true\n")
    config = load_config(config_file, parsed_settings(["--epochs", "5", "--alpha", "0.7", "--no-keep-special-rows"]))
    assert (config.epochs, config.lr, config.keep_special_rows) == (5, 0.002, False)  # flags, then the file
    assert config.loss_options == {"alpha": 0.7, "margin": 1}  # --alpha sets one option and keeps the others
    assert (config.batch_size, config.schedule) == (100, "plateau")  # the file's recipe fills what no one set
    assert (config.seed, config.student, config.context_layers) == (0, "ngrams", [-1])  # defaults
    assert load_config(config_file, parsed_settings(["--recipe", "fast"])).batch_size == 256


@pytest.mark.parametrize(("student", "loss", "rates", "weights"), [
    ("ngrams", "cosine", (1e-2, 3e-3), (3.0, 1.0)),  # the sparse student's rates, tuned under the cosine loss
    ("ngrams", "mse", (1e-3, 3e-4), (900.0, 600.0)),  # mse keeps the rows' lengths: lower rates, its scale's weights
    ("bytescnn-small", "mse", (4e-3, 5e-4), (900.0, 600.0)),  # a dense student keeps the recipe's rates
    ("bytescnn-small", "triplet-angular", (4e-3, 5e-4), (3.0, 1.0)),
])
def test_the_loss_fills_in_the_later_phases_rates_and_joint_table_weights(student, loss, rates, weights) -> None:
    """(whole-word lr, context lr) and (whole-word, context) joint table weights."""
    config = TrainConfig(student=student, loss=loss).validate()
    assert (config.whole_word_lr, config.context_lr) == rates
    assert (config.whole_word_table_weight, config.context_table_weight) == weights
    explicit = TrainConfig(student=student, loss=loss, whole_word_lr=2e-3, context_lr=1e-3,
                           whole_word_table_weight=4.0, context_table_weight=2.0).validate()
    assert (explicit.whole_word_lr, explicit.context_lr) == (2e-3, 1e-3)  # a value set wins
    assert (explicit.whole_word_table_weight, explicit.context_table_weight) == (4.0, 2.0)
    assert TrainConfig(student=student, loss=loss, lr=5e-3).validate().whole_word_lr == (
        rates[0] if (student, loss) == ("ngrams", "mse") else 5e-3)  # otherwise the table's rate
    assert TrainConfig(student=student, loss=loss).context_table_weight is None  # validation never mutates

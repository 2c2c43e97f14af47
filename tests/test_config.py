"""The training configuration: one field per setting, from which the flags, their help and the checks come;
bad values end in one line naming the key, exit code 2, and leave no run behind."""

from __future__ import annotations

import argparse
import dataclasses
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest
import torch
import yaml

from distill import devices
from distill.cli import build_parser, main
from distill.config import defaults
from distill.config.arguments import SettingsHelpFormatter, add_settings_arguments, given_settings
from distill.config.defaults import (
    ANY,
    NATIVE,
    Defaults,
    SameAs,
    default_loss,
    defaults_for,
    matching_row,
    recipe_names,
)
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
    row = matching_row("paper", original.student, validated.loss)
    assert (validated.lr, validated.batch_size, validated.betas) == (row.lr, row.batch_size, (0.9, 0.99))
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
    assert from_flags.betas == (0.8, 0.9)
    assert from_flags.batch_size == matching_row(from_flags.recipe, from_flags.student, "aec").batch_size


def test_a_flag_wins_over_the_yaml_file_which_wins_over_the_defaults(tmp_path) -> None:
    config_file = tmp_path / "train.yaml"
    config_file.write_text("epochs: 3\nlr: 2e-3\nrecipe: paper\nloss: aec\nloss_options: {alpha: 0.5, margin: 1}\n"
                           "keep_special_rows: true\n")
    config = load_config(config_file, parsed_settings(["--epochs", "5", "--alpha", "0.7", "--no-keep-special-rows"]))
    assert (config.epochs, config.lr, config.keep_special_rows) == (5, 0.002, False)  # flags, then the file
    assert config.loss_options == {"alpha": 0.7, "margin": 1}  # --alpha sets one option and keeps the others
    paper = matching_row("paper", config.student, "aec")
    assert (config.batch_size, config.schedule) == (paper.batch_size, paper.schedule)  # the file's recipe fills
    assert (config.seed, config.context_layers) == (0, [-1])  # defaults
    fast = load_config(config_file, parsed_settings(["--recipe", "fast"]))
    assert fast.batch_size == matching_row("fast", config.student, "aec").batch_size


# --- the defaults table ----------------------------------------------------------------------------------

# A made-up table, so that the mechanism is tested and not today's values: two recipes, rows from the most
# specific to each recipe's catch-all.
MADE_UP = (
    Defaults("slow", "ngrams", "mse", 0.1, 11, "plateau", 0.2, 5.0, 0.3, 6.0, 0.0, False),
    Defaults("slow", ANY, "mse", 0.4, 12, "plateau", SameAs("lr"), 7.0, 0.5, 8.0, 0.25, NATIVE),
    Defaults("slow", ANY, ANY, 0.6, 13, "warmup-cosine", SameAs("lr"), 9.0, 0.7, 10.0, 1.0, True),
    Defaults("fast", ANY, ANY, 0.0123, 14, "warmup-cosine", 0.8, 11.0, 0.9, 12.0, 0.5, False),
)


def test_validate_fills_each_unset_setting_from_the_first_row_that_matches(monkeypatch) -> None:
    monkeypatch.setattr(defaults, "DEFAULTS", MADE_UP)
    table = ("lr", "batch_size", "schedule", "whole_word_lr", "whole_word_table_weight", "context_lr",
             "context_table_weight")

    def filled(**settings: Any) -> tuple[Any, ...]:
        config = TrainConfig(**settings).validate()
        return tuple(getattr(config, name) for name in table)

    assert filled(recipe="slow", student="ngrams", loss="mse") == (0.1, 11, "plateau", 0.2, 5.0, 0.3, 6.0)
    assert filled(recipe="slow", student="bytescnn-small", loss="mse") == (0.4, 12, "plateau", 0.4, 7.0, 0.5, 8.0)
    assert filled(recipe="slow", student="ngrams", loss="cosine")[:4] == (0.6, 13, "warmup-cosine", 0.6)
    # "= lr" follows the rate given; a value given wins over the table's; the original is left unset
    assert filled(recipe="slow", student="ngrams", loss="cosine", lr=2.0)[3] == 2.0
    assert filled(recipe="slow", student="ngrams", loss="mse", lr=2.0)[3] == 0.2  # the row's own value
    assert filled(recipe="slow", loss="mse", context_lr=1.5, batch_size=3)[1::4] == (3, 1.5)
    assert TrainConfig(recipe="slow").context_lr is None
    assert recipe_names() == ("slow", "fast")
    with pytest.raises(DistillError, match="recipe must be one of slow, fast, got 'paper'"):
        TrainConfig(recipe="paper").validate()


def test_a_run_without_a_loss_takes_its_students() -> None:
    """mse for the n-gram table, cosine for a dense student; a loss named wins; the table's row follows it."""
    assert (TrainConfig().loss, TrainConfig().validate().loss) == (None, "mse")
    dense = TrainConfig(student="retvec").validate()
    assert (dense.loss, dense.loss_name) == ("cosine", "cosine")
    assert dense.context_table_weight == matching_row(dense.recipe, "retvec", "cosine").context_table_weight != (
        matching_row(dense.recipe, "retvec", "mse").context_table_weight)
    assert TrainConfig(student="retvec", loss="mse").validate().loss == "mse"
    assert default_loss("ngrams") == "mse" and default_loss("hlm-intra-small") == "cosine"


def test_a_dense_student_draws_rows_by_frequency_and_leaves_bf16_to_its_device() -> None:
    """The n-gram table draws uniformly in fp32; under the fast recipe a dense student draws by frequency and its
    bf16 stays unset for the run to decide on its device (the table's ``native``); a value given wins."""
    default = TrainConfig().validate()
    assert (default.frequency_exponent, default.bf16) == (0.0, False)
    dense = TrainConfig(student="bytescnn-small").validate()
    assert (dense.frequency_exponent, dense.bf16) == (0.5, None)
    paper = TrainConfig(student="bytescnn-small", recipe="paper").validate()
    assert (paper.frequency_exponent, paper.bf16) == (0.0, False)  # the paper's §3: every row an epoch, fp32
    given = TrainConfig(student="bytescnn-small", frequency_exponent=0.0, bf16=False).validate()
    assert (given.frequency_exponent, given.bf16) == (0.0, False)


def test_native_bf16_reads_the_cpu_probes(monkeypatch) -> None:
    cpu = torch.device("cpu")
    for found in (True, False):
        monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda found=found: found, raising=False)
        monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: False, raising=False)
        assert devices.native_bf16(cpu) is found
    monkeypatch.delattr(torch.cpu, "_is_avx512_bf16_supported")
    assert devices.native_bf16(cpu) is False  # a build without the probe: fp32
    assert devices.native_bf16(torch.device("meta")) is False


def test_every_run_finds_a_row_and_every_row_is_reached() -> None:
    """Each recipe ends with a catch-all row; no row is hidden behind an earlier one; every row's values pass
    the settings' checks and name registered students and losses."""
    from losses import loss_names
    from students import student_names

    reached = set()
    for recipe in recipe_names():
        for student in student_names():
            for loss in loss_names():
                row = matching_row(recipe, student, loss)
                reached.add(row)
                config = TrainConfig(recipe=recipe, student=student, loss=loss).validate()
                filled = {name: getattr(config, name) for name in defaults.SETTINGS}
                assert {name: NATIVE if value is None else value for name, value in filled.items()} == defaults_for(
                    recipe, student, loss, {"lr": config.lr})
    assert reached == set(defaults.DEFAULTS)
    assert all(any(fnmatchcase(name, row.student) for name in student_names()) for row in defaults.DEFAULTS)
    # a pattern names a family (every HLM-intra size takes its own step), a name one size (RETVec's own design)
    for pattern, lr in (("hlm-intra*", 1.5e-3), ("retvec-w*", 2e-3), ("bytescnn*", 2e-3), ("retvec", 4e-3)):
        for student in (name for name in student_names() if fnmatchcase(name, pattern)):
            assert matching_row("fast", student, "cosine").lr == matching_row("fast", student, "mse").lr == lr
    assert {row.loss for row in defaults.DEFAULTS} <= {ANY, *loss_names()}


def test_train_help_shows_the_default_runs_values_and_prints_the_table(monkeypatch, capsys) -> None:
    monkeypatch.setattr(defaults, "DEFAULTS", MADE_UP)
    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    text = capsys.readouterr().out
    flat = " ".join(text.split())
    assert TrainConfig().recipe == "fast"  # the made-up table's last row is the default run's
    shown_defaults = {"--lr LR": "0.0123", "--batch-size BATCH_SIZE": "14", "--whole-word-lr WHOLE_WORD_LR": "0.8",
                      "--context-lr CONTEXT_LR": "0.9", "--context-table-weight CONTEXT_TABLE_WEIGHT": "12"}
    for flag, shown in shown_defaults.items():
        start = flat.index(f" {flag} ") + len(flag) + 2
        help_text = flat[start:flat.index(" --", start)]
        assert "from the defaults table at the end" in help_text and help_text.endswith(f"(default: {shown})")
    assert "0 = uniform; from the defaults table at the end (default: 0.5)" in flat  # --frequency-exponent
    lines = text.splitlines()
    header = lines.index("| recipe | student | loss | lr | batch_size | schedule | whole_word_lr | "
                         "whole_word_table_weight | context_lr | context_table_weight | frequency_exponent | bf16 |")
    assert lines[header + 2: header + 6] == [
        "| slow | ngrams | mse | 0.1 | 11 | plateau | 0.2 | 5 | 0.3 | 6 | 0 | False |",
        "| slow | * | mse | 0.4 | 12 | plateau | = lr | 7 | 0.5 | 8 | 0.25 | native |",
        "| slow | * | * | 0.6 | 13 | warmup-cosine | = lr | 9 | 0.7 | 10 | 1 | True |",
        "| fast | * | * | 0.0123 | 14 | warmup-cosine | 0.8 | 11 | 0.9 | 12 | 0.5 | False |"]

"""Bad configuration values end in one line naming the key, exit code 2, and leave no run behind."""

from pathlib import Path

import pytest

from distill.cli import main
from distill.config import TrainConfig

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
    ("eval_every", ["--eval-every", "0"]),
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

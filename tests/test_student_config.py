"""Students as configuration + weights: typed per-family configs, save/load as a pair, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from distill.cli import main
from students import StudentConfig, StudentEncoder, StudentError, build_student, student_config
from students.bytescnn import BytesCNN, BytesCNNConfig
from students.hlm import HLMIntra
from students.retvec import RETVecConfig


def test_config_is_typed_and_checked_before_any_weight() -> None:
    config = student_config("bytescnn-small", 16, max_bytes_per_token=20)
    assert isinstance(config, BytesCNNConfig) and config.max_bytes_per_token == 20 and config.widest == 7
    assert config.filters[0] == [1, 32]  # the preset's tuples, as JSON-ready lists
    assert isinstance(student_config("retvec-raw", 16), RETVecConfig)
    with pytest.raises(StudentError, match="max_bytes_per_token must be at least 7"):
        student_config("bytescnn-small", 16, max_bytes_per_token=5)
    with pytest.raises(StudentError, match="valid options: .*max_bytes_per_token"):
        student_config("bytescnn-small", 16, max_bytes=20)
    with pytest.raises(StudentError, match="dim must be positive"):
        student_config("retvec", 0)


def test_student_is_built_from_its_config() -> None:
    student = BytesCNN(BytesCNNConfig(dim=8, filters=[[1, 4], [3, 4]], max_bytes_per_token=10))
    assert student(["word"]).shape == (1, 8)
    assert student.hparams == {"filters": [[1, 4], [3, 4]], "byte_embedding_dim": 16, "num_highway": 2,
                               "max_bytes_per_token": 10}
    with pytest.raises(StudentError, match="needs a BytesCNNConfig"):
        BytesCNN(StudentConfig(dim=8))


def test_from_pretrained_reads_a_folder_saved_before_typed_configs(tmp_path: Path) -> None:
    torch.manual_seed(0)
    student = build_student("bytescnn-small", 8, filters=[[1, 4], [2, 4]], max_bytes_per_token=6).eval()
    student.save_pretrained(tmp_path)
    # The file as main 4c581ac wrote it: the same keys, so old folders load unchanged.
    saved = json.loads((tmp_path / "student_config.json").read_text())
    assert saved == {"name": "bytescnn-small", "dim": 8, "rescale_norm": None, "provenance": {},
                     "hparams": {"filters": [[1, 4], [2, 4]], "byte_embedding_dim": 16, "num_highway": 2,
                                 "max_bytes_per_token": 6}}
    loaded = StudentEncoder.from_pretrained(tmp_path).eval()
    assert isinstance(loaded, BytesCNN) and torch.equal(loaded(["cat"]), student(["cat"]))
    assert BytesCNN.from_pretrained(tmp_path).config == student.config
    with pytest.raises(StudentError, match="holds a BytesCNN, not a HLMIntra"):
        HLMIntra.from_pretrained(tmp_path)


def test_cli_reports_a_bad_student_option_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "train.yaml"
    config.write_text("student: bytescnn-small\nstudent_options:\n  max_bytes_per_token: 2\n")
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "max_bytes_per_token must be at least" in error

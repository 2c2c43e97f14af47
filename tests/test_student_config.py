"""Students as configuration + weights: typed per-family configs, save/load as a pair, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
import yaml
from test_bad_inputs import runs_recorded

from distill.cli import main
from students import StudentConfig, StudentError, build_student, load_student, student_config, student_names
from students.bytescnn import BytesCNN, BytesCNNConfig
from students.registry import resolve_student
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
    with pytest.raises(StudentError, match="dim must be at least 1"):
        student_config("retvec", 0)


def test_options_are_conformed_to_their_annotations() -> None:
    # YAML and Optuna give tuples, whole floats and integers where lists, integers and floats are meant.
    config = student_config("retvec", 16, hidden_dims=(8,), word_length=8.0, spatial_dropout=0, embedding_dim=None)
    assert config.hidden_dims == [8] and config.embedding_dim is None
    assert type(config.word_length) is int and type(config.spatial_dropout) is float
    with pytest.raises(StudentError, match="word_length must be an integer, got 8.5"):
        student_config("retvec", 16, word_length=8.5)


def test_student_is_built_from_its_config() -> None:
    student = BytesCNN(BytesCNNConfig(dim=8, filters=[[1, 4], [3, 4]], max_bytes_per_token=10))
    assert student(["word"]).shape == (1, 8)
    assert student.hparams == {"filters": [[1, 4], [3, 4]], "byte_embedding_dim": 16, "num_highway": 2,
                               "max_bytes_per_token": 10}
    with pytest.raises(StudentError, match="needs a BytesCNNConfig"):
        BytesCNN(StudentConfig(dim=8))


def test_load_student_reads_a_folder_saved_before_typed_configs(tmp_path: Path) -> None:
    torch.manual_seed(0)
    student = build_student("bytescnn-small", 8, filters=[[1, 4], [2, 4]], max_bytes_per_token=6).eval()
    student.save_pretrained(tmp_path)
    # The file as main 4c581ac wrote it: the same keys, so old folders load unchanged.
    saved = json.loads((tmp_path / "student_config.json").read_text())
    assert saved == {"name": "bytescnn-small", "dim": 8, "rescale_norm": None, "provenance": {},
                     "hparams": {"filters": [[1, 4], [2, 4]], "byte_embedding_dim": 16, "num_highway": 2,
                                 "max_bytes_per_token": 6}}
    loaded = load_student(tmp_path).eval()
    assert isinstance(loaded, BytesCNN) and torch.equal(loaded(["cat"]), student(["cat"]))
    assert loaded.config == student.config


# (student, student_options, what the one-line error says): an unknown option, a value of the wrong
# type and one out of range, for every registered student.
BAD_OPTIONS: list[tuple[str, dict, str]] = [
    ("bytescnn-small", {"kernel": 3}, "student 'bytescnn-small': unknown options kernel; valid options: filters"),
    ("bytescnn-small", {"num_highway": "two"}, "num_highway must be an integer, got 'two'"),
    ("bytescnn-small", {"num_highway": -1}, "num_highway must be a non-negative integer, got -1"),
    ("bytescnn-big", {"highways": 1}, "student 'bytescnn-big': unknown options highways"),
    ("bytescnn-big", {"filters": [[3]]}, "filters must be (width, channels) pairs, got [[3]]"),
    ("bytescnn-big", {"byte_embedding_dim": 2.5}, "byte_embedding_dim must be an integer, got 2.5"),
    ("bytescnn-big", {"max_bytes_per_token": 2}, "max_bytes_per_token must be at least 7"),
    ("bytescnn-tiny", {"filters": [[7, 0]]}, "filters must be a list of lists of integers, each at least 1"),
    ("bytescnn-c320", {"filters": []}, "filters must be (width, channels) pairs, got []"),
    ("bytescnn-c768", {"num_highway": 1.5}, "num_highway must be an integer, got 1.5"),
    ("retvec", {"layers": 2}, "student 'retvec': unknown options layers"),
    ("retvec", {"hidden_dims": "wide"}, "hidden_dims must be a list of integers, got 'wide'"),
    ("retvec", {"spatial_dropout": 2}, "spatial_dropout must be in [0, 1], got 2"),
    ("retvec-raw", {"pooling": "mean"}, "student 'retvec-raw': unknown options pooling"),
    ("retvec-raw", {"word_length": True}, "word_length must be an integer, got True"),
    ("retvec-raw", {"bits_per_char": 40}, "bits_per_char must be in [21, 31], got 40"),
    ("hlm-intra", {"heads": 2}, "student 'hlm-intra': unknown options heads"),
    ("hlm-intra", {"pooling": 3}, "pooling must be a string, got 3"),
    ("hlm-intra", {"num_heads": 0}, "num_heads must be at least 1, got 0"),
    ("hlm-intra", {"hidden_size": 100}, "hidden_size 100 is no multiple of num_heads 12"),
    ("hlm-intra-small", {"filters": [[1, 4]]}, "student 'hlm-intra-small': unknown options filters"),
    ("hlm-intra-small", {"norm_first": "yes"}, "norm_first must be true or false, got 'yes'"),
    ("hlm-intra-small", {"dropout": -0.1}, "dropout must be in [0, 1], got -0.1"),
    ("hlm-intra-small", {"pooling": "sum"}, "unknown pooling 'sum'; valid poolings: word_cls, mean, max"),
    ("hlm-intra-1k-h128", {"hashed_chars": -1}, "hashed_chars must be a non-negative integer, got -1"),
    ("hlm-intra-1k-h256", {"hashed_chars": 1.5}, "hashed_chars must be an integer, got 1.5"),
    ("hlm-intra-1k-h384", {"num_heads": 5}, "hidden_size 384 is no multiple of num_heads 5"),
    ("retvec-w448", {"hidden_dims": [0]}, "hidden_dims must be a list of integers, each at least 1"),
    ("retvec-w1024", {"embedding_dim": 0}, "embedding_dim must be"),
    ("retvec-w1344", {"spatial_dropout": -1}, "spatial_dropout must be in [0, 1], got -1"),
    ("ngrams", {"n": 3}, "student 'ngrams': unknown options n; valid options: buckets, min_n, max_n"),
    ("ngrams", {"buckets": 0}, "buckets must be in [1, 2147483646], got 0"),
    ("ngrams", {"sparse": "no"}, "sparse must be true or false, got 'no'"),
    ("ngrams", {"min_n": 5, "max_n": 3}, "min_n must be at most max_n, got 5 > 3"),
]


def test_every_student_has_bad_option_cases() -> None:
    # Other test modules register students of their own (tests/test_surgery.py's lookup table).
    packaged = {name for name in student_names() if resolve_student(name)[0].__module__.startswith("students.")}
    assert {name for name, _, _ in BAD_OPTIONS} == packaged


@pytest.mark.parametrize(("name", "options", "message"), BAD_OPTIONS,
                         ids=[f"{name}-{next(iter(options))}" for name, options, _ in BAD_OPTIONS])
def test_cli_reports_a_bad_student_option_in_one_line(tmp_path: Path, tiny_bert_dir: Path,
                                                      capsys: pytest.CaptureFixture[str], name: str, options: dict,
                                                      message: str) -> None:
    config = tmp_path / "train.yaml"
    config.write_text(yaml.safe_dump({"teacher": str(tiny_bert_dir), "student": name, "student_options": options,
                                      "epochs": 1, "work_dir": str(tmp_path / "runs")}))
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"error: student {name!r}: ") and error.count("\n") == 1 and message in error, error
    assert runs_recorded() == 0 and not (tmp_path / "runs").exists()

"""Bad input across the sub-commands: one line on stderr, exit status 2, and no MLflow run (issue #15).

Each case is a command line; ``{name}`` fields are filled with the files of :func:`bad_files`.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
import yaml
from output import without_phase_lines

from distill.cli import main

TRAIN = ["train", "--teacher", "{teacher}", "--quiet", "--work-dir", "{tmp}/runs"]
EVALUATE = ["evaluate", "--model", "{teacher}", "--students", "{student}", "--quiet"]
SURGERY = ["surgery", "--model", "{teacher}", "--quiet"]

BAD_INPUTS: list[tuple[list[str], str]] = [
    # bench: budgets and contenders are refused before anything is measured (#26)
    (["bench", "--time-cap", "nan"], "time_cap must be finite, got nan"),
    (["bench", "--fidelity", "--budgets", "-5"],
     "fidelity_budgets must be a list of numbers, each positive, got [-5.0]"),
    (["bench", "--fidelity", "--best-budgets", "inf"], "best_budgets must be finite, got [inf]"),
    (["bench", "--fidelity", "--contenders", "table", "nope"], "unknown contender 'nope'; choose from table"),
    # train: names, numbers, files
    ([*TRAIN, "--student", "nope"], "unknown student 'nope'"),
    ([*TRAIN, "--loss", "nope"], "unknown loss 'nope'"),
    (["train", "--teacher", "/does/not/exist", "--quiet"], "/does/not/exist"),
    (["train", "--teacher", "{file}", "--quiet"], "is a file"),
    ([*TRAIN, "--epochs", "0", "--whole-word-epochs", "0", "--context-epochs", "0"], "nothing to train"),
    ([*TRAIN, "--epochs", "-1"], "epochs must be a non-negative integer"),
    ([*TRAIN, "--epochs", "abc"], "invalid int value"),
    ([*TRAIN, "--lr", "0"], "lr must be positive"),
    ([*TRAIN, "--lr", "-1"], "lr must be positive"),
    ([*TRAIN, "--lr", "inf"], "lr must be finite"),
    ([*TRAIN, "--lr", "nan"], "lr must be finite"),
    ([*TRAIN, "--batch-size", "0"], "batch_size must be a positive integer"),
    ([*TRAIN, "--holdout", "1.0"], "holdout must be in [0, 1)"),
    ([*TRAIN, "--holdout", "-0.1"], "holdout must be in [0, 1)"),
    ([*TRAIN, "--augment", "1.5"], "augment must be in [0, 1]"),
    ([*TRAIN, "--augment-noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    ([*TRAIN, "--augment", "0.1", "--augment-noise", "human"], "augment_noise (noise specs), not both"),
    ([*TRAIN, "--vocab-sample", "-3"], "vocab_sample must be a non-negative integer"),
    ([*TRAIN, "--device", "tpu"], "device must be one of auto, cpu, cuda, got 'tpu'"),
    ([*TRAIN, "--recipe", "nope"], "recipe must be one of paper, fast, got 'nope'"),
    ([*TRAIN, "--schedule", "linear"], "schedule must be one of plateau, warmup-cosine, got 'linear'"),
    ([*TRAIN, "--betas", "0.9", "1.5"], "betas must be a list of 2 numbers, each in [0, 1), got [0.9, 1.5]"),
    ([*TRAIN, "--betas", "0.9"], "expected 2 arguments"),
    ([*TRAIN, "--context-layers"], "expected at least one argument"),
    ([*TRAIN, "--student-options", "wide"], "student_options must be a mapping, got 'wide'"),
    ([*TRAIN, "--loss-options", "alpha: [1"], "--loss-options: the value is not valid YAML"),
    ([*TRAIN, "--frequency-exponent", "-1"], "frequency_exponent must be a finite number >= 0"),
    ([*TRAIN, "--context-noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    ([*TRAIN, "--context-noise", "typo:2"], "typo"),
    ([*TRAIN, "--context-noise-share", "2"], "context_noise_share must be in [0, 1]"),
    ([*TRAIN, "--whole-word-epochs", "-1"], "whole_word_epochs must be a non-negative integer"),
    ([*TRAIN, "--whole-word-count", "0"], "whole_word_count must be a positive integer"),
    ([*TRAIN, "--context-epochs", "1", "--corpus", "missing.txt"], "corpus file missing.txt does not exist"),
    ([*TRAIN, "--alpha", "abc"], "invalid float value"),
    (["train", "--resume", "0123456789abcdef", "--quiet"], "no MLflow run '0123456789abcdef'"),
    ([*TRAIN, "--config", "{missing}"], "does not exist"),
    ([*TRAIN, "--config", "{bad_yaml}"], "is not valid YAML"),
    ([*TRAIN, "--config", "{list_yaml}"], "must hold a mapping of config keys"),
    ([*TRAIN, "--config", "{unknown_key}"], "unknown key(s) colour"),
    ([*TRAIN, "--config", "{short_betas}"], "betas must be a list of 2 numbers"),
    ([*TRAIN, "--config", "{large_beta}"], "betas must be a list of 2 numbers, each in [0, 1)"),
    ([*TRAIN, "--config", "{zero_eps}"], "eps must be positive"),
    ([*TRAIN, "--config", "{text_holdout}"], "holdout must be a number, got 'abc'"),
    ([*TRAIN, "--config", "{empty_layers}"], "context_layers must be a non-empty list"),
    ([*TRAIN, "--config", "{huber}"], "context_loss must be one of cosine, mse"),
    ([*TRAIN, "--config", "{bad_filters}"], "filters must be (width, channels) pairs, got 3"),
    ([*TRAIN, "--config", "{text_options}"], "student_options must be a mapping"),
    (["train", "--teacher", "{teacher}", "--quiet", "--work-dir", "{file}"], "work folder"),
    ([*TRAIN, "--tracking-uri", "bogus://x"], "cannot use the MLflow store bogus://x"),
    # evaluate
    (["evaluate", "--students", "{missing}", "--model", "{teacher}", "--quiet"], "is neither a student folder"),
    ([*EVALUATE, "--seeds", "1"], "seeds must be in [2, 1000], got 1"),
    ([*EVALUATE, "--samples", "2"], "samples must be in [4, 10000000], got 2"),
    ([*EVALUATE, "--max-length", "4"], "max_length must be in [8, 1000000], got 4"),
    ([*EVALUATE, "--alpha", "2"], "alpha must be in (0, 1), got 2.0"),
    ([*EVALUATE, "--batch-size", "0"], "batch_size must be in [1, 65536], got 0"),
    ([*EVALUATE, "--noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    ([*EVALUATE, "--noise", "given"], "and no corpus ('wiki:heldout', 'pydoc+stdlib:heldout') has any"),
    ([*EVALUATE, "--tasks", "ner"], "ner"),
    (["evaluate", "--model", "/does/not/exist", "--students", "{student}", "--quiet"], "/does/not/exist"),
    ([*EVALUATE, "--datasets", "{missing}.txt"], "does not exist"),
    ([*EVALUATE, "--students"], "expected at least one argument"),
    # surgery
    ([*SURGERY, "--student", "{missing}", "--out", "{tmp}/out"], "is neither a student folder"),
    ([*SURGERY, "--student", "{empty}", "--out", "{tmp}/out"], "is not a saved student"),
    (["surgery", "--model", "/does/not/exist", "--student", "{student}", "--out", "{tmp}/out", "--quiet"],
     "/does/not/exist"),
    ([*SURGERY, "--student", "{student}", "--out", "{file}"], "is a file, not a folder"),
    # oov
    (["oov", "--samples", "0"], "samples must be in [1, 10000000], got 0"),
    (["oov", "--samples", "-5"], "samples must be in [1, 10000000], got -5"),
    (["oov", "--noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    (["oov", "--noise", "given"], "and no corpus ('pydoc') has any"),
    (["oov", "--datasets", "{missing}.txt"], "does not exist"),
    # sweep
    (["sweep", "--config", "nowhere"], "sweep file nowhere not found"),
    (["sweep", "--config", "{bad_yaml}"], "is not valid YAML"),
    (["sweep", "--config", "quick", "--workers", "0"], "workers must be a positive integer"),
    (["sweep", "--config", "quick", "--n-trials", "0"], "n_trials must be a positive integer"),
    (["sweep", "--config", "{infinite_range}"], "must be a finite number"),
    (["sweep", "--config", "{sweep_short_betas}"], "betas must be a list of 2 numbers"),
    (["sweep", "--config", "{sweep_missing_teacher}"], "model folder /does/not/exist does not exist"),
    (["sweep", "--config", "{sweep_negative_width}"], "embedding_dim"),
    # robustness
    (["robustness", "--students", "{student}", "--noise", "smudge:0.1", "--out", "{tmp}/r.md"],
     "unknown noise kind 'smudge'"),
    (["robustness", "--students", "{missing}", "--model", "{teacher}", "--out", "{tmp}/r.md",
      "--exports", "{tmp}/exports"], "is neither a student folder"),
    # the command itself
    (["nope"], "invalid choice: 'nope'"),
]


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory, tiny_bert_dir: Path) -> dict[str, str]:
    """The files the bad command lines name (read only: shared by every case)."""
    from test_surgery import small_bytescnn

    tmp_path = tmp_path_factory.mktemp("bad-inputs")
    def config(name: str, values: dict) -> str:
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump({"teacher": str(tiny_bert_dir), "epochs": 1, **values}))
        return str(path)

    def sweep(name: str, fixed: dict, space: dict) -> str:
        path = tmp_path / f"{name}.yaml"
        data = {"fixed": {"teacher": str(tiny_bert_dir), "epochs": 1, **fixed}, "space": space,
                "objective": "mean_cosine"}
        path.write_text(yaml.safe_dump(data))
        return str(path)

    texts = {"bad_yaml": "epochs: [1, 2\n", "list_yaml": "- epochs\n"}
    for name, text in texts.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    (tmp_path / "empty").mkdir()
    return {
        "tmp": str(tmp_path), "teacher": str(tiny_bert_dir), "file": str(a_file), "missing": str(tmp_path / "nope"),
        "empty": str(tmp_path / "empty"),
        "student": str(small_bytescnn(32).save_pretrained(tmp_path / "student")),
        **{name: str(tmp_path / f"{name}.yaml") for name in texts},
        "unknown_key": config("unknown_key", {"colour": "blue"}),
        "short_betas": config("short_betas", {"betas": [0.9]}),
        "large_beta": config("large_beta", {"betas": [0.9, 1.2]}),
        "zero_eps": config("zero_eps", {"eps": 0}),
        "text_holdout": config("text_holdout", {"holdout": "abc"}),
        "empty_layers": config("empty_layers", {"context_layers": []}),
        "huber": config("huber", {"context_loss": "huber"}),
        "bad_filters": config("bad_filters", {"student": "bytescnn-small", "student_options": {"filters": 3}}),
        "text_options": config("text_options", {"student_options": "wide"}),
        "infinite_range": sweep("infinite_range", {}, {"lr": {"low": 1e-4, "high": float("inf")}}),
        "sweep_short_betas": sweep("sweep_short_betas", {"betas": [0.9]}, {"loss": ["mse", "cosine"]}),
        "sweep_missing_teacher": sweep("sweep_missing_teacher", {"teacher": "/does/not/exist"},
                                       {"loss": ["mse"]}),
        "sweep_negative_width": sweep("sweep_negative_width", {"student": "retvec"},
                                      {"student_options.embedding_dim": [-5, 16]}),
    }


def runs_recorded() -> int:
    """Runs in the test's MLflow store, read with sqlite3: creating the store to ask would take seconds."""
    database = Path(os.environ["MLFLOW_TRACKING_URI"].removeprefix("sqlite:///"))
    if not database.exists():
        return 0
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("select name from sqlite_master where type = 'table'")}
        return connection.execute("select count(*) from runs").fetchone()[0] if "runs" in tables else 0


def test_there_are_at_least_sixty_bad_inputs() -> None:
    assert len(BAD_INPUTS) >= 60


@pytest.mark.parametrize(("argv", "message"), BAD_INPUTS, ids=[" ".join(argv)[:60] for argv, _ in BAD_INPUTS])
def test_bad_input_is_one_line_exit_2_and_no_run(bad_files, capsys, argv, message) -> None:
    argv = [argument.format(**bad_files) for argument in argv]
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(main(argv))
    assert exited.value.code == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.startswith("error: ") and error.count("\n") == 1 and message in error, error
    assert runs_recorded() == 0


RUN_LOOKUPS = [
    [*SURGERY, "--student", "0123456789abcdef", "--out", "{tmp}/unread"],
    [*EVALUATE[:3], "--students", "0123456789abcdef", "--quiet"],
    ["train", "--resume", "0123456789abcdef", "--quiet"],
    ["robustness", "--students", "0123456789abcdef", "--model", "{teacher}", "--out", "{tmp}/unread.md",
     "--exports", "{tmp}/unread"],
]


NOT_A_DATABASE = bytes(range(256)) * 8
STORE_CASES = [(argv, None, "there is no MLflow store at") for argv in RUN_LOOKUPS] + [
    (argv, NOT_A_DATABASE, "cannot use the MLflow store") for argv in (RUN_LOOKUPS[0], RUN_LOOKUPS[2])]


@pytest.mark.parametrize(("argv", "content", "message"), STORE_CASES,
                         ids=[f"{argv[0]}-{'missing' if content is None else 'not-a-database'}"
                              for argv, content, _ in STORE_CASES])
def test_a_run_looked_up_where_there_is_no_store_makes_none(bad_files, capsys, monkeypatch, tmp_path, argv, content,
                                                            message) -> None:
    """MLflow makes an empty store wherever it is first pointed: a command that only reads a run says that there
    is no store, and leaves none behind; a file that is no database is refused in one line."""
    database = tmp_path / "store.db"
    if content is not None:
        database.write_bytes(content)
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{database}")
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(main([argument.format(**bad_files) for argument in argv]))
    assert exited.value.code == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.count("\n") == 1 and f"{message} sqlite:///{database}" in error, error
    assert database.exists() == (content is not None) and not Path(bad_files["tmp"], "unread").exists()

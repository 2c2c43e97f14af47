"""Every cheap check runs before a command's first expensive step, for every sub-command (issue 23, finding 3):
a bad value of any kind (MLflow store, work folder, output folders, options, corpus names, noise specs, teacher)
ends in one line and exit status 2 before the command's ``run`` starts, so nothing is loaded, trained or logged."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import yaml
from output import without_phase_lines

from distill.cli import main

REQUIRED = {  # what each sub-command needs besides the bad value
    "train": [], "evaluate": ["--students", "RUN"], "surgery": ["--student", "RUN", "--out", "swapped"],
    "robustness": [], "oov": [], "bench": [], "sweep": ["--config", "quick"], "quickstart": [], "heads": [],
}
BAD = {  # kind of check → (its flags, with {file} an existing file and {folder} an existing folder; the message)
    "tracking URI": (["--tracking-uri", "bogus://x"], "cannot use the MLflow store bogus://x"),
    "work folder": (["--work-dir", "{file}"], "work folder {file} is a file"),
    "teacher": (["--teacher", "./missing-teacher"], "model folder ./missing-teacher does not exist"),
    "model": (["--model", "./missing-model"], "model folder ./missing-model does not exist"),
    "corpus": (["--corpus", "nosuch"], "unknown corpus 'nosuch'"),
    "corpus file": (["--datasets", "missing.txt"], "corpus file missing.txt does not exist"),
    "joined corpus": (["--datasets", "pydoc+nosuch:heldout"], "unknown corpus 'nosuch'"),
    "fidelity corpus": (["--fidelity", "--fidelity-corpora", "wiki:heldout", "nosuch"], "unknown corpus 'nosuch'"),
    "noise": (["--noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    "context noise": (["--context-noise", "smudge:0.1"], "unknown noise kind 'smudge'"),
    "option": (["--seeds", "1"], "seeds must be"),
    "epochs": (["--epochs", "-1"], "epochs must be"),
    "samples": (["--samples", "0"], "samples must be"),
    "eval samples": (["--eval-samples", "0"], "eval_samples must be"),
    "workers": (["--workers", "0"], "workers must be a positive integer"),
    "output folder": (["--out", "{file}"], "output folder {file} is a file"),
    "exports folder": (["--exports", "{file}"], "exports folder {file} is a file"),
    "report": (["--out", "{folder}"], "report {folder} is a folder"),
    "results file": (["--results", "{folder}"], "results file {folder} is a folder"),
    "combination": (["--keep-vocabulary"], "--keep-vocabulary needs --vocabulary-free"),
    "budget": (["--budget", "20"], "--budget must be a time such as 90s, 20m or 1h"),
}
CASES = {
    "train": ["tracking URI", "work folder", "teacher", "corpus", "context noise", "epochs"],
    "evaluate": ["tracking URI", "model", "corpus file", "joined corpus", "noise", "option"],
    "surgery": ["tracking URI", "model", "output folder", "combination"],
    "robustness": ["tracking URI", "work folder", "model", "corpus file", "noise", "option", "exports folder",
                   "report"],
    "oov": ["tracking URI", "model", "corpus file", "noise", "samples"],
    "bench": ["tracking URI", "teacher", "fidelity corpus", "results file"],
    "sweep": ["tracking URI", "workers"],
    "quickstart": ["tracking URI", "workers", "budget"],
    "heads": ["tracking URI", "model", "corpus", "output folder", "eval samples"],
}


@pytest.mark.parametrize(("command", "kind"), [(command, kind) for command, kinds in CASES.items()
                                               for kind in kinds])
def test_a_bad_value_is_one_line_before_the_command_starts(command: str, kind: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    started = []
    monkeypatch.setattr(importlib.import_module(f"distill.cli.commands.{command}"), "run",
                        lambda args: started.append(args) or 0)
    (tmp_path / "a-file").write_text("x")
    flags, message = BAD[kind]
    names = {"file": str(tmp_path / "a-file"), "folder": str(tmp_path)}
    code = main([command, *REQUIRED[command], *(flag.format(**names) for flag in flags)])
    captured = capsys.readouterr()
    assert code == 2 and not started  # refused, and the command never started: nothing expensive ran
    error = without_phase_lines(captured.err)
    assert error.count("\n") == 1 and error.startswith("error: ") and message.format(**names) in error, error
    assert captured.out == ""


def test_every_sub_command_is_covered() -> None:
    from distill.cli import COMMANDS

    assert set(CASES) == set(COMMANDS)
    assert all("tracking URI" in kinds for kinds in CASES.values())


@pytest.mark.parametrize(("fixed", "evaluation", "message"), [
    ({"teacher": "./missing-teacher"}, None, "model folder ./missing-teacher does not exist"),
    ({"corpus": "nosuch"}, None, "unknown corpus 'nosuch'"),
    ({}, {"tasks": ["fidelity"], "datasets": ["wiki:heldout", "nosuch.txt"]}, "corpus file nosuch.txt does not exist"),
])
def test_what_a_sweep_file_names_is_checked_before_the_sweep_starts(fixed, evaluation, message, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import sweeps

    monkeypatch.setattr(sweeps, "run_sweep", lambda *args, **kwargs: pytest.fail("the sweep started"))
    spec = {"fixed": {"epochs": 1, **fixed}, "space": {"loss": ["mse"]}, "objective": "mean_cosine",
            **({"evaluation": evaluation} if evaluation else {})}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(spec))
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error


@pytest.mark.parametrize(("name", "message"), [
    ("wiki", None), ("pydoc+stdlib:heldout", None), ("wikitext", None),
    ("nosuch", "unknown corpus 'nosuch'"), ("pydoc+nosuch", "unknown corpus 'nosuch'"),
    ("nosuch.txt:train", "corpus file nosuch.txt does not exist"), ("notes.doc", "unknown corpus 'notes.doc'"),
])
def test_corpus_names_are_checked_without_reading_text(name: str, message: str | None) -> None:
    from distill.data import check_corpus_name
    from distill.errors import DistillError

    if message is None:
        check_corpus_name(name)
    else:
        with pytest.raises(DistillError, match=message):
            check_corpus_name(name)

"""Recording is secondary to results: corpora of every naming are logged as MLflow dataset inputs, and a
failure to record is a one-line warning, never a lost result (issue 23, finding 1)."""
from __future__ import annotations

from pathlib import Path

import mlflow
import pytest

from distill.tracking import store


def _logged_inputs(names_and_sources: list[tuple[str, str]]) -> dict[str, str]:
    store.configure("evaluate")
    with mlflow.start_run() as run:
        for name, source in names_and_sources:
            store.log_dataset_input(name, f"digest-{len(name)}", source, "evaluation", {"sentence": ["a b"]})
    inputs = mlflow.get_run(run.info.run_id).inputs.dataset_inputs
    return {entry.dataset.name: entry.dataset.source for entry in inputs}


def test_split_joined_and_local_corpora_are_logged_as_dataset_inputs(tmp_path: Path, capsys) -> None:
    corpus_file = tmp_path / "notes.txt"
    corpus_file.write_text("one sentence.\n")
    logged = _logged_inputs([("pydoc:heldout", "pydoc:heldout"), ("pydoc+stdlib", "pydoc+stdlib"),
                             ("notes", str(corpus_file))])
    assert set(logged) == {"pydoc:heldout", "pydoc+stdlib", "notes"}
    assert "pydoc:heldout" in logged["pydoc:heldout"]
    assert "notes.txt" in logged["notes"]
    assert "warning" not in capsys.readouterr().err


def test_a_failure_to_record_a_dataset_is_a_one_line_warning(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise mlflow.exceptions.MlflowException("store unavailable\nwith pages of context")

    monkeypatch.setattr(mlflow, "log_input", refuse)
    store.configure("evaluate")
    with mlflow.start_run():
        store.log_dataset_input("pydoc", "d", "pydoc", "evaluation", {"sentence": ["a b"]})
    error = capsys.readouterr().err.strip().splitlines()
    assert error == ["warning: dataset 'pydoc' not recorded as an MLflow input: store unavailable"]


@pytest.mark.parametrize("command", [
    ["train", "--student", "bytescnn-small", "--loss", "cosine"],
    ["evaluate", "--students", "RUN"],
    ["surgery", "--student", "RUN", "--out", "swapped"],
    ["robustness"],
])
def test_a_bad_tracking_uri_is_refused_before_any_expensive_step(command: list[str], capsys) -> None:
    """Issue 23, finding 3: `distill train --tracking-uri bogus://x` loaded the teacher before refusing."""
    from distill.cli import main

    assert main([*command, "--tracking-uri", "bogus://x"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no phase line: nothing was announced, let alone loaded
    assert captured.err.strip().splitlines() == [
        "error: cannot use the MLflow store bogus://x: unknown scheme 'bogus'; "
        "use one of file://, sqlite://, postgresql://, mysql://, mssql://, http://, https://, databricks:// "
        "or a folder"]


def test_a_robustness_study_that_stops_after_training_names_the_command_that_finishes_it(
        monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """Issue 23, finding 2: the trained run survived in MLflow, but nothing said so nor how to finish."""
    from distill.cli import main
    from distill.errors import DistillError
    from distill.workflows import robustness

    def fail(*args: object, **kwargs: object) -> None:
        raise DistillError("cannot log the dataset")

    monkeypatch.setattr(robustness, "train_recipe", lambda *a, **k: robustness.TrainedStudent("run123", 3600.0))
    monkeypatch.setattr(robustness, "run_study", fail)
    assert main(["robustness", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert "MLflow run run123" in error and "distill robustness --students run123" in error
    assert error.strip().splitlines()[-1] == "error: cannot log the dataset"


@pytest.mark.parametrize("quiet", [[], ["--quiet"]])
def test_surgery_from_a_logged_run_prints_no_mlflow_download_bar(quiet: list[str], tiny_bert_dir: Path,
                                                                   tmp_path: Path, capsys) -> None:
    """Issue 23, finding 4: MLflow's `Downloading artifacts: 100%|…|` between the project's phase lines."""
    from test_surgery import lookup_student

    from distill.cli import main

    store.configure("train")
    with mlflow.start_run() as run:
        student = lookup_student(tiny_bert_dir, noise=0.05)
        student.provenance = {"run_id": run.info.run_id, "loss": "mse"}
        mlflow.log_artifacts(str(student.save_pretrained(tmp_path / "logged")), "student")
    code = main(["surgery", "--student", run.info.run_id, "--model", str(tiny_bert_dir),
                 "--out", str(tmp_path / "swapped"), *quiet])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Downloading artifacts" not in captured.err and "%|" not in captured.err


@pytest.mark.parametrize("error", [KeyboardInterrupt(), OSError(28, "No space left on device")])
def test_a_training_stopped_after_some_epochs_names_the_run_and_the_command_that_resumes_it(
        error: BaseException, tmp_path: Path, tiny_bert_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """Issue 23: a long command that stops after its expensive phase says what survived and how to go on."""
    from test_training import write_config

    from distill import training
    from distill.cli import main

    original = training.RunRecord.on_epoch_end

    def stop_after_epoch_2(self, trainer, epoch, metrics):
        original(self, trainer, epoch, metrics)  # logged and checkpointed
        if epoch == 2:
            raise error

    config = write_config(tmp_path, tiny_bert_dir, epochs=3)
    with monkeypatch.context() as patch:
        patch.setattr(training.RunRecord, "on_epoch_end", stop_after_epoch_2)
        if isinstance(error, KeyboardInterrupt):
            assert main(["train", "--config", str(config), "--quiet"]) == 130
        else:  # a full disk ends in one line after the note
            assert main(["train", "--config", str(config), "--quiet"]) == 2
    error_lines = capsys.readouterr().err.splitlines()
    (note,) = [line for line in error_lines if "survives" in line]
    if isinstance(error, OSError):
        assert error_lines[-1].startswith("error: the disk is full")
    run_id = note.split()[1]
    checkpoint = tmp_path / "runs" / run_id / "epoch-000002"
    assert note == (f"run {run_id} survives in MLflow with its checkpoint {checkpoint}; "
                    f"continue it with: distill train --resume {run_id}")
    assert main(["train", "--resume", run_id, "--quiet"]) == 0  # the command it names works
    assert mlflow.get_run(run_id).info.status == "FINISHED"


def test_a_training_that_stops_before_its_first_checkpoint_names_no_run(
        tmp_path: Path, tiny_bert_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from test_training import write_config

    from distill import training
    from distill.cli import main

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(training.Trainer, "train_epoch", interrupt)
    assert main(["train", "--config", str(write_config(tmp_path, tiny_bert_dir)), "--quiet"]) == 130
    assert "survives" not in capsys.readouterr().err

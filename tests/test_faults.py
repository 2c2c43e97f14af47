"""Faults end cleanly and are recorded truthfully: unreadable weights, corrupt checkpoints, concurrent
runs, refused resumes, file modes. Each test names the case of the issue it covers (#15, cases 1-13)."""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import mlflow
import pytest
import torch
import yaml
from callbacks import RaiseAt
from output import without_phase_lines
from test_training import runs_in_store, write_config
from tiny_models import TABLE_ONLY_BYTESCNN

from distill.cli import main
from distill.config.training import TrainConfig
from distill.files.atomic import atomic_write_text
from distill.training import FAILURE_TAG, train
from distill.training.checkpoint import LATEST, MANIFEST_NAME, STATE_NAME, load_checkpoint


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    error = without_phase_lines(capsys.readouterr().err)
    assert error.startswith("error: ") and error.count("\n") == 1, error
    return error


def broken_copy(source: Path, folder: Path, damage: str) -> Path:
    """A copy of the model folder ``source`` whose ``model.safetensors`` is truncated or garbled."""
    copy = shutil.copytree(source, folder)
    weights = copy / "model.safetensors"
    data = weights.read_bytes()
    weights.write_bytes(data[: len(data) // 2] if damage == "truncated" else b"\x07" * 64 + data[64:])
    return copy


def killed_run(tmp_path: Path, teacher: Path, stop_at: int = 3, **values) -> str:
    """A run interrupted (KeyboardInterrupt) after epoch ``stop_at``, with its checkpoints on disk."""

    settings = {"epochs": 6, "batch_size": 32, "lr": 3e-3, "loss": "mse", **values}
    config = TrainConfig(teacher=str(teacher), **TABLE_ONLY_BYTESCNN, work_dir=str(tmp_path / "runs"),
                         **settings).validate()
    with pytest.raises(KeyboardInterrupt):
        train(config, quiet=True, callbacks=[RaiseAt(stop_at, KeyboardInterrupt())])
    (run,) = [run for run in runs_in_store() if run.info.status == "KILLED"]
    return run.info.run_id


# --- case 1: unreadable weights ------------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["truncated", "garbled"])
def test_unreadable_teacher_or_model_weights_are_one_line(tmp_path, tiny_bert_dir, capsys, damage) -> None:
    broken = broken_copy(tiny_bert_dir, tmp_path / "broken", damage)
    assert main(["train", "--teacher", str(broken), "--epochs", "1", "--quiet",
                 "--work-dir", str(tmp_path / "runs")]) == 2
    assert "cannot build a transformers model" in one_line_error(capsys)
    assert main(["evaluate", "--model", str(broken), "--students", str(tmp_path), "--quiet"]) == 2
    one_line_error(capsys)
    assert runs_in_store() == [] and not (tmp_path / "runs").exists()


def test_a_pickled_only_teacher_is_refused_without_unpickling(tmp_path, tiny_bert_dir, capsys) -> None:
    folder = shutil.copytree(tiny_bert_dir, tmp_path / "pickled")
    (folder / "model.safetensors").unlink()
    torch.save({"weights": torch.zeros(2)}, folder / "pytorch_model.bin")
    assert main(["train", "--teacher", str(folder), "--epochs", "1", "--quiet"]) == 2
    assert "model.safetensors only" in one_line_error(capsys)


def test_unreadable_student_weights_are_one_line(tmp_path, tiny_bert_dir, capsys) -> None:
    from test_surgery import small_bytescnn

    student = small_bytescnn(32).save_pretrained(tmp_path / "student")
    weights = student / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:100])
    assert main(["surgery", "--model", str(tiny_bert_dir), "--student", str(student),
                 "--out", str(tmp_path / "out"), "--quiet"]) == 2
    assert "is not a readable safetensors file" in one_line_error(capsys)
    assert not (tmp_path / "out").exists()


# --- case 2 and 13: configuration values ---------------------------------------------------------------


@pytest.mark.parametrize(("yaml_text", "message"), [
    ("betas: [0.9]\n", "betas must be a list of 2 numbers, got [0.9]"),
    ("betas: abc\n", "betas must be a list of 2 numbers, got 'abc'"),
    ("eps: -1\n", "eps must be positive"),
    ("lr: .inf\n", "lr must be finite"),
    ("holdout: abc\n", "holdout must be a number, got 'abc'"),
])
def test_optimiser_and_split_settings_are_checked_before_a_run(tmp_path, tiny_bert_dir, capsys, yaml_text,
                                                               message) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text(f"teacher: {tiny_bert_dir}\n{yaml_text}")
    assert main(["train", "--config", str(config), "--quiet", "--work-dir", str(tmp_path / "runs")]) == 2
    assert message in one_line_error(capsys)
    assert runs_in_store() == [] and not (tmp_path / "runs").exists()


# --- case 4: no training rows; FAILED is not KILLED ----------------------------------------------------


def test_no_training_rows_is_refused_before_a_run(tmp_path, tiny_bert_dir, capsys) -> None:
    assert main(["train", "--teacher", str(tiny_bert_dir), "--student", "retvec", "--epochs", "1",
                 "--vocab-sample", "10", "--holdout", "0.95", "--quiet", "--work-dir", str(tmp_path / "runs")]) == 2
    assert "no teacher row is left to train on" in one_line_error(capsys)
    assert runs_in_store() == []


def test_an_error_inside_training_marks_the_run_failed_not_killed(tmp_path, tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=2,
                         work_dir=str(tmp_path / "runs")).validate()
    with pytest.raises(RuntimeError):
        train(config, quiet=True, callbacks=[RaiseAt(1, RuntimeError("disk on fire"))])
    (run,) = runs_in_store()
    assert run.info.status == "FAILED" and run.data.tags[FAILURE_TAG] == "RuntimeError: disk on fire"


# --- case 5: corrupt checkpoints -----------------------------------------------------------------------


def damage_truncate_state(folder: Path) -> None:
    state = folder / STATE_NAME
    state.write_bytes(state.read_bytes()[:50])


def damage_delete_state(folder: Path) -> None:
    (folder / STATE_NAME).unlink()


def damage_garble_student(folder: Path) -> None:
    weights = folder / "student" / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-20:] = b"\xff" * 20  # same size: only the checksum can tell
    weights.write_bytes(bytes(data))


def damage_empty_latest(folder: Path) -> None:
    (folder.parent / LATEST).write_text("")


def damage_missing_latest_target(folder: Path) -> None:
    (folder.parent / LATEST).write_text("epoch-000099")


@pytest.mark.parametrize("damage", [damage_truncate_state, damage_delete_state, damage_garble_student,
                                    damage_empty_latest, damage_missing_latest_target])
def test_resume_falls_back_to_the_newest_intact_checkpoint(tmp_path, tiny_bert_dir, capsys, damage) -> None:
    run_id = killed_run(tmp_path, tiny_bert_dir)
    root = tmp_path / "runs" / run_id
    assert sorted(path.name for path in root.glob("epoch-*")) == ["epoch-000002", "epoch-000003"]
    damage(root / "epoch-000003")
    expected = 3 if damage in (damage_empty_latest, damage_missing_latest_target) else 2
    assert load_checkpoint(root).epoch == expected
    assert main(["train", "--resume", run_id, "--quiet"]) == 0
    assert mlflow.get_run(run_id).info.status == "FINISHED"


MANIFEST_DAMAGE = {  # what is written as MANIFEST.json (None: removed) → what the refusal says of it
    "missing": (None, "no readable MANIFEST.json"),
    "not JSON": (b"{", "no readable MANIFEST.json"),
    "not UTF-8": (b"\xff\xfe", "no readable MANIFEST.json"),
    "a list": (b'["student/model.safetensors"]', "not a mapping of file names to checksums"),
    "a number as checksum": (b'{"trainer_state.pt": 5}', "not a mapping of file names to checksums"),
    "a file outside": (b'{"../../train.yaml": "0"}', "outside the checkpoint"),
}


@pytest.mark.parametrize("damage", MANIFEST_DAMAGE)
def test_resume_says_when_no_checkpoint_is_intact(tmp_path, tiny_bert_dir, capsys, damage) -> None:
    written, message = MANIFEST_DAMAGE[damage]
    run_id = killed_run(tmp_path, tiny_bert_dir)
    for folder in (tmp_path / "runs" / run_id).glob("epoch-*"):
        (folder / MANIFEST_NAME).unlink() if written is None else (folder / MANIFEST_NAME).write_bytes(written)
    assert main(["train", "--resume", run_id, "--quiet"]) == 2
    error = one_line_error(capsys)
    assert "no intact checkpoint" in error and message in error


def test_a_successful_resume_clears_the_failure_tag(tmp_path, tiny_bert_dir, capsys) -> None:
    run_id = killed_run(tmp_path, tiny_bert_dir)
    client = mlflow.MlflowClient()
    client.set_tag(run_id, FAILURE_TAG, "loss became nan at epoch 4, step 1")  # as a failed attempt leaves it
    assert main(["train", "--resume", run_id]) == 0
    assert f"resuming run {run_id} at epoch 4 of 6" in capsys.readouterr().err
    assert FAILURE_TAG not in mlflow.get_run(run_id).data.tags


def test_a_failure_without_checkpoint_does_not_claim_one(tmp_path, tiny_bert_dir, capsys) -> None:
    config = write_config(tmp_path, tiny_bert_dir, epochs=3, batch_size=4096, lr=1e30, checkpoint_every=5)
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = one_line_error(capsys)
    assert "no checkpoint was written before it" in error and "last good checkpoint" not in error


# --- case 6: one writer per run; each epoch logged once --------------------------------------------------


def test_a_live_run_cannot_be_resumed_by_a_second_process(tmp_path, tiny_bert_dir, capsys) -> None:
    config = write_config(tmp_path, tiny_bert_dir, epochs=400, batch_size=8)
    process = subprocess.Popen([sys.executable, "-m", "distill.cli", "train", "--config", str(config), "--quiet"],
                               env=os.environ.copy())
    try:
        deadline, latest = time.monotonic() + 120, []
        while time.monotonic() < deadline and not latest:
            latest = list((tmp_path / "runs").glob("*/LATEST"))
            time.sleep(0.1)
        assert latest and process.poll() is None
        run_id = latest[0].parent.name
        assert main(["train", "--resume", run_id, "--quiet"]) == 2
        assert f"run {run_id} is being trained by pid {process.pid}" in one_line_error(capsys)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert (tmp_path / "runs" / run_id / ".lock").exists()  # left behind, yet free: the holder is dead


def test_epochs_replayed_by_a_resume_are_logged_once(tmp_path, tiny_bert_dir) -> None:
    run_id = killed_run(tmp_path, tiny_bert_dir, stop_at=3, checkpoint_every=2)  # epoch 3 is re-run
    assert main(["train", "--resume", run_id, "--quiet"]) == 0
    steps = [point.step for point in mlflow.MlflowClient().get_metric_history(run_id, "train_loss")]
    assert steps == [1, 2, 3, 4, 5, 6]


# --- case 7: two first runs in a fresh folder -----------------------------------------------------------


def test_two_runs_started_at_once_in_a_fresh_folder_both_finish(tmp_path, tiny_bert_dir) -> None:
    config = write_config(tmp_path, tiny_bert_dir, epochs=1)
    environment = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path / 'fresh' / 'mlflow.db'}"}
    (tmp_path / "fresh").mkdir()
    processes = [subprocess.Popen([sys.executable, "-m", "distill.cli", "train", "--config", str(config),
                                   "--quiet"], env=environment, stderr=subprocess.PIPE, text=True)
                 for _ in range(2)]
    outcomes = [(process.wait(), process.stderr.read()) for process in processes]
    assert [code for code, _ in outcomes] == [0, 0], outcomes


# --- case 8: file-system faults, before any run -------------------------------------------------------


@pytest.mark.parametrize(("arguments", "message"), [
    (["--work-dir", "{file}"], "is a file, not a folder"),
    (["--work-dir", "/proc/distill-runs"], "cannot write in /proc (for the work folder /proc/distill-runs)"),
    (["--work-dir", "{long}"], "has a name longer than 255 bytes"),
    (["--tracking-uri", "bogus://x"], "cannot use the MLflow store bogus://x"),
    (["--tracking-uri", "sqlite:////proc/distill/mlflow.db"], "(for the folder of the MLflow database /proc/distill)"),
])
def test_file_system_faults_are_one_line_before_any_run(tmp_path, tiny_bert_dir, capsys, arguments,
                                                          message) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    values = {"file": str(a_file), "long": str(tmp_path / ("x" * 300))}
    arguments = [argument.format(**values) for argument in arguments]
    assert main(["train", "--teacher", str(tiny_bert_dir), "--epochs", "1", "--quiet", *arguments]) == 2
    assert message in one_line_error(capsys)
    assert runs_in_store() == []


# --- case 9: resumes that are not for distill train ----------------------------------------------------


def test_resume_refuses_sweep_trials_and_runs_without_checkpoints(tmp_path, tiny_bert_dir, capsys) -> None:
    (tmp_path / "train_config.yaml").write_text("epochs: [broken\n")  # never read from the working folder
    mlflow.set_tracking_uri(os.environ["MLFLOW_TRACKING_URI"])
    client = mlflow.MlflowClient()
    experiment = client.create_experiment("distill-sweep")
    parent = client.create_run(experiment).info.run_id
    trial = client.create_run(experiment, tags={"mlflow.parentRunId": parent}).info.run_id
    capsys.readouterr()  # MLflow's own messages on creating the store
    assert main(["train", "--resume", trial, "--quiet"]) == 2
    assert "rerun the sweep to resume its trials" in one_line_error(capsys)
    assert main(["train", "--resume", parent, "--quiet"]) == 2
    assert "is not a training run with checkpoints" in one_line_error(capsys)


# --- case 10: oov sample counts ---------------------------------------------------------------------------


@pytest.mark.parametrize("samples", ["0", "-5"])
def test_oov_sample_count_must_be_positive(capsys, samples) -> None:
    assert main(["oov", "--samples", samples]) == 2
    assert f"samples must be in [1, 10000000], got {samples}" in one_line_error(capsys)


# --- case 12: modes follow the umask ---------------------------------------------------------------------


def test_written_files_follow_the_umask(tmp_path, tiny_bert_dir) -> None:
    previous = os.umask(0o022)
    try:
        path = atomic_write_text(tmp_path / "note.txt", "hello")
        assert path.stat().st_mode & 0o777 == 0o644
        run_id = killed_run(tmp_path, tiny_bert_dir, stop_at=1)
        root = tmp_path / "runs" / run_id
        for written in [root / "train_config.yaml", *root.glob("epoch-*/**/*")]:
            assert written.stat().st_mode & 0o777 == (0o755 if written.is_dir() else 0o644), written
    finally:
        os.umask(previous)


# --- case 13: --quiet ------------------------------------------------------------------------------------


def test_quiet_commands_print_nothing_on_stderr(tmp_path, tiny_bert_dir, capfd) -> None:
    from test_surgery import small_bytescnn

    corpus = tmp_path / "text.txt"
    corpus.write_text("\n\n".join(f"The cat {index} sat on the mat. The dog ran." for index in range(12)))
    student = small_bytescnn(32).save_pretrained(tmp_path / "student")
    capfd.readouterr()
    assert main(["evaluate", "--model", str(tiny_bert_dir), "--students", str(student), "--datasets", str(corpus),
                 "--seeds", "2", "--samples", "4", "--tasks", "fidelity", "--quiet"]) == 0
    assert main(["surgery", "--model", str(tiny_bert_dir), "--student", str(student),
                 "--out", str(tmp_path / "out"), "--quiet"]) == 0
    assert capfd.readouterr().err == ""


def test_sweep_validation_errors_name_the_file(tmp_path, capsys) -> None:
    sweep = tmp_path / "mine.yaml"
    sweep.write_text(yaml.safe_dump({"space": {"loss": ["mse"]}, "objective": "accuracy"}))
    assert main(["sweep", "--config", str(sweep)]) == 2
    assert one_line_error(capsys).startswith(f"error: {sweep}: ")


# --- model folders with code of their own (issue #44) ------------------------------------------------------------


@pytest.mark.parametrize("command", ["evaluate", "robustness", "surgery", "train"])
def test_a_model_folders_own_code_never_runs_even_when_stdin_says_yes(tmp_path, tiny_bert_dir, capsys, monkeypatch,
                                                                      command) -> None:
    """transformers asks "Do you wish to run the custom code? [y/N]" when trust_remote_code is not given: a
    script waited, and ``yes y | distill evaluate`` ran the folder's Python. It is never asked now."""
    from test_surgery import small_bytescnn
    from tiny_models import with_custom_code

    planted = tmp_path / "PLANTED"
    model = str(with_custom_code(tiny_bert_dir, tmp_path / "custom", planted))
    student = str(small_bytescnn().save_pretrained(tmp_path / "student"))
    argv = {"evaluate": ["evaluate", "--model", model, "--students", student],
            "robustness": ["robustness", "--model", model, "--students", student, "--out", str(tmp_path / "r.md"),
                           "--exports", str(tmp_path / "exports")],
            "surgery": ["surgery", "--model", model, "--student", student, "--out", str(tmp_path / "out")],
            "train": ["train", "--teacher", model, "--work-dir", str(tmp_path / "runs")]}[command]
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n" * 100))
    assert main([*argv, "--quiet"]) == 2
    assert "holds model code of its own" in one_line_error(capsys)
    assert sys.stdin.read() == "y\n" * 100  # nothing was asked
    assert sorted(path.name for path in tmp_path.iterdir()) == ["custom", "student"]  # nothing else written
    assert not planted.exists() and runs_in_store() == []


def test_a_tokenizer_with_code_of_its_own_is_refused_without_running_it(tmp_path, tiny_bert_dir, capsys) -> None:
    """A tokenizer_config.json that names its own class (auto_map) is refused in one line naming the class, its
    code never run and the tokenizer never quietly replaced by transformers' built-in one."""
    from tiny_models import with_custom_code

    planted = tmp_path / "PLANTED"
    model = with_custom_code(tiny_bert_dir, tmp_path / "custom", planted, part="tokenizer")
    assert main(["oov", "--model", str(model), "--samples", "4"]) == 2
    assert "declares a tokenizer of its own code (custom_code.CustomTokenizer" in one_line_error(capsys)
    assert not planted.exists()

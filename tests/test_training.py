"""``distill train`` end to end on a tiny local teacher: MLflow run, metrics, student, resume, bad input."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mlflow
import pytest
import torch
import yaml
from output import without_phase_lines
from tiny_models import TABLE_ONLY_BYTESCNN

from distill.cli import main
from distill.config.training import TrainConfig
from distill.swap.trained import load_student_from
from distill.training import train


def write_config(folder: Path, teacher: Path, **values) -> Path:
    settings = {"teacher": str(teacher), **TABLE_ONLY_BYTESCNN,
                "loss": "mse", "epochs": 3, "batch_size": 32, "lr": 3e-3, "work_dir": str(folder / "runs"),
                **values}
    path = folder / "train.yaml"
    path.write_text(yaml.safe_dump(settings))
    return path


def runs_in_store() -> list:
    mlflow.set_tracking_uri(os.environ["MLFLOW_TRACKING_URI"])
    return mlflow.search_runs(search_all_experiments=True, output_format="list")


def test_train_end_to_end_records_run_metrics_and_loadable_student(
    tmp_path, tiny_bert_dir, capsys, monkeypatch
) -> None:
    config = write_config(tmp_path, tiny_bert_dir, holdout=0.2)
    assert main(["train", "--config", str(config), "--quiet"]) == 0
    (run,) = runs_in_store()
    assert run.info.status == "FINISHED"
    client = mlflow.MlflowClient()
    for metric in ("train_loss", "mean_cosine", "recall_at_1", "rel_norm_error", "holdout_recall_at_1"):
        history = client.get_metric_history(run.info.run_id, metric)
        assert [point.step for point in history] == [1, 2, 3], metric
    losses = [point.value for point in client.get_metric_history(run.info.run_id, "train_loss")]
    assert losses[-1] < losses[0]
    assert run.data.params["loss"] == "mse" and run.data.params["student"] == "bytescnn-small"
    assert float(run.data.params["teacher.norm_mean"]) > 0
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    student = load_student_from(run.info.run_id)
    assert student.registry_name == "bytescnn-small" and student.provenance["run_id"] == run.info.run_id
    assert not list(scratch.iterdir())  # the downloaded artifact is gone once loaded
    # A finished run cannot be resumed: its resume checkpoints (optimiser state included) are dropped.
    checkpoint_root = tmp_path / "runs" / run.info.run_id
    assert sorted(path.name for path in checkpoint_root.iterdir() if not path.name.startswith(".")) == [
        "final", "train_config.yaml"]
    assert student(["hello"]).shape[-1] == 32  # the tiny teacher's hidden size
    out = capsys.readouterr().out
    assert run.info.run_id in out and f"next: distill surgery --student {run.info.run_id}" in out
    assert "ui --backend-store-uri" in out


@pytest.mark.parametrize("fixture", ["tiny_roberta_dir", "tiny_gpt2_dir"])
def test_byte_level_bpe_teachers_train_and_log_their_vocabulary(request, fixture, tmp_path) -> None:
    """Byte-level BPE rows that hold part of a UTF-8 character are not text (lone surrogates after
    ``teachers.byte_level_to_text``): the student reads their bytes, and the run's dataset input logs the
    vocabulary's own spelling (``Ġthe``), which is always valid UTF-8."""
    teacher = request.getfixturevalue(fixture)
    assert main(["train", "--config", str(write_config(tmp_path, teacher, epochs=2)), "--quiet"]) == 0
    (run,) = runs_in_store()
    assert run.info.status == "FINISHED"
    (logged,) = run.inputs.dataset_inputs
    assert logged.tags[0].value == "teacher"
    assert load_student_from(run.info.run_id)(["caf\udcc3"]).shape[-1] == 32  # a stray byte embeds too


def test_a_full_disk_fails_the_run_in_one_line_and_leaves_no_half_checkpoint(
    tmp_path, tiny_bert_dir, monkeypatch, capsys
) -> None:
    import errno

    import distill.training.checkpoint

    real_write = distill.training.checkpoint.atomic_write

    def write(path: Path, writer) -> None:
        if "epoch-000002" in str(path):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, writer)

    monkeypatch.setattr(distill.training.checkpoint, "atomic_write", write)
    config = write_config(tmp_path, tiny_bert_dir, checkpoint_every=1)
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.count("\n") == 1 and "could not write the checkpoint of epoch 2" in error, error
    assert "No space left on device" in error and "LATEST still names epoch-000001" in error
    (run,) = runs_in_store()
    assert run.info.status == "FAILED"
    (root,) = (tmp_path / "runs").iterdir()
    assert sorted(path.name for path in root.glob("epoch-*")) == ["epoch-000001"]


def test_a_full_disk_at_the_first_checkpoint_leaves_no_run_folder(tmp_path, tiny_bert_dir, monkeypatch,
                                                                  capsys) -> None:
    """With no checkpoint to resume from, the run's folder (its configuration and lock) is removed too; the
    MLflow run stays, marked failed."""
    import errno

    import distill.training.checkpoint

    def write(path: Path, writer) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(distill.training.checkpoint, "atomic_write", write)
    config = write_config(tmp_path, tiny_bert_dir, checkpoint_every=1)
    (tmp_path / "runs").mkdir()
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.count("\n") == 1 and "could not write the checkpoint of epoch 1" in error, error
    assert "no earlier checkpoint, so the run's folder was removed" in error
    (run,) = runs_in_store()
    assert run.info.status == "FAILED" and list((tmp_path / "runs").iterdir()) == []


def test_cosine_student_is_rescaled_to_teacher_mean_norm(tmp_path, tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, loss="cosine", epochs=1,
                         work_dir=str(tmp_path / "runs")).validate()
    result = train(config, quiet=True)
    from teachers import load_teacher

    expected = load_teacher(str(tiny_bert_dir)).norm_mean
    assert result.student.rescale_norm == pytest.approx(expected)
    norms = result.student.eval().embed(["hello", "##ing"]).norm(dim=-1)
    assert torch.allclose(norms, torch.full_like(norms, expected), rtol=1e-4)


@pytest.mark.parametrize("loss", ["aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"])
def test_every_loss_trains(tmp_path, tiny_bert_dir, loss) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, loss=loss, epochs=1,
                         batch_size=16, work_dir=str(tmp_path / "runs")).validate()
    result = train(config, quiet=True)
    assert 0.0 <= result.metrics["recall_at_1"] <= 1.0 and result.metrics["train_loss"] >= 0


def _final_metrics(run_id: str) -> dict[str, float]:
    return mlflow.get_run(run_id).data.metrics


@pytest.mark.parametrize("typo_pretrain_epochs", [0, 15], ids=["alignment", "typo-pretraining-first"])
def test_resume_after_sigkill_matches_an_uninterrupted_run(tmp_path, tiny_bert_dir, typo_pretrain_epochs) -> None:
    # With typo pre-training the kill lands in its epochs: both phases' optimisers must resume.
    settings = {"epochs": 30 - typo_pretrain_epochs, "typo_pretrain_epochs": typo_pretrain_epochs,
                "batch_size": 16, "lr": 1e-3, "seed": 3}
    reference = train(TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, loss="mse",
                                  work_dir=str(tmp_path / "ref"), **settings).validate(), quiet=True)
    config = write_config(tmp_path, tiny_bert_dir, **settings)
    work_dir = tmp_path / "runs"
    process = subprocess.Popen([sys.executable, "-m", "distill.cli", "train", "--config", str(config), "--quiet"],
                               env=os.environ.copy())
    deadline = time.monotonic() + 120
    latest: list[Path] = []
    while time.monotonic() < deadline and process.poll() is None:
        latest = list(work_dir.glob("*/LATEST"))
        if latest and latest[0].read_text().strip() >= "epoch-000002":
            break
        time.sleep(0.05)
    assert process.poll() is None, "training finished before it could be killed; make the run longer"
    process.send_signal(signal.SIGKILL)
    process.wait()
    run_id = latest[0].parent.name
    assert mlflow.get_run(run_id).info.status == "RUNNING"  # what a SIGKILL leaves behind
    assert main(["train", "--resume", run_id, "--quiet"]) == 0
    resumed = mlflow.get_run(run_id)
    assert resumed.info.status == "FINISHED"
    expected = {name: value for name, value in reference.metrics.items() if name != "epoch_seconds"}
    for name, value in expected.items():
        assert resumed.data.metrics[name] == pytest.approx(value, rel=1e-6, abs=1e-7), name
    assert main(["train", "--resume", run_id, "--quiet"]) == 2  # finished runs are not resumed
    assert not list((work_dir / run_id).glob("epoch-*")) and not (work_dir / run_id / "LATEST").exists()


def test_non_finite_loss_stops_naming_epoch_and_step(tmp_path, tiny_bert_dir, capsys) -> None:
    config = write_config(tmp_path, tiny_bert_dir, epochs=5, batch_size=4096, lr=1e30)
    assert main(["train", "--config", str(config), "--quiet"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("error: loss became") and "epoch 2, step 1" in error and "\n" not in error
    (run,) = runs_in_store()
    assert run.info.status == "FAILED"
    checkpoint_root = tmp_path / "runs" / run.info.run_id
    assert (checkpoint_root / "LATEST").read_text() == "epoch-000001"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--student", "nope"], "unknown student 'nope'"),
        (["--loss", "nope"], "unknown loss 'nope'"),
        (["--teacher", "/does/not/exist"], "/does/not/exist"),
        (["--epochs", "0", "--whole-word-epochs", "0", "--context-epochs", "0"], "nothing to train"),
        (["--epochs", "-1"], "epochs must be a non-negative integer"),
        (["--config", "{bad_key}"], "unknown key(s) colour"),
        (["--config", "{bad_yaml}"], "is not valid YAML"),
        (["--teacher", "{no_embeddings}"], "has no input word embeddings"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    tmp_path, tiny_bert_dir, tiny_no_embeddings_dir, capsys, arguments, message
) -> None:
    bad_key = tmp_path / "bad_key.yaml"
    bad_key.write_text("colour: blue\n")
    bad_yaml = tmp_path / "bad_yaml.yaml"
    bad_yaml.write_text("epochs: [1, 2\n")
    arguments = [argument.format(bad_key=bad_key, bad_yaml=bad_yaml, no_embeddings=tiny_no_embeddings_dir)
                 for argument in arguments]
    base = ["train", "--quiet", "--teacher", str(tiny_bert_dir), "--work-dir", str(tmp_path / "runs")]
    assert main(base + arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("error:") and message in error
    assert runs_in_store() == []
    assert not (tmp_path / "runs").exists()


def test_augmentation_trains_noisy_variants_against_clean_targets(tiny_bert_dir) -> None:
    from distill.training import build_trainer, prepare

    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, loss="mse", epochs=1,
                         augment=0.3, augment_copies=2, augment_share=1.0).validate()
    teacher, student, loss = prepare(config)
    trainer = build_trainer(config, teacher, student, loss, torch.device("cpu")).phase(1)
    assert trainer.variants.shape[0] == 3 and torch.equal(trainer.variants[0], student.encode(teacher.tokens))
    assert not torch.equal(trainer.variants[1], trainer.variants[0])  # the copies are noisy
    rows = trainer.setup.train_rows[:32]
    inputs = trainer.batch_inputs(rows, torch.Generator().manual_seed(0))
    # Every input is one of the row's own variants (never another token's), and with share 1.0 a noisy one.
    for row, encoded in zip(rows.tolist(), inputs):
        matches = [torch.equal(encoded, trainer.variants[copy, row]) for copy in range(3)]
        assert any(matches[1:])
    # The target of a row is always its clean teacher row, whatever variant is fed.
    recorded = []
    trainer.loss.register_forward_hook(lambda module, inputs, output: recorded.append(inputs[1]))
    trainer.batch_loss(rows, torch.Generator().manual_seed(0))
    assert torch.equal(recorded[0], teacher.table[rows])


def test_augment_noise_draws_each_copy_with_its_spec_in_turn(tiny_bert_dir) -> None:
    from distill.noise.specs import noisy_tokens
    from distill.training import build_trainer, prepare

    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=1, augment_noise="case:1; repeat:0",
                         augment_copies=3).validate()
    teacher, student, loss = prepare(config)
    variants = build_trainer(config, teacher, student, loss, torch.device("cpu")).phase(1).variants
    assert variants.shape[0] == 4 and torch.equal(variants[0], student.encode(teacher.tokens))
    # Copies 1 and 3 read every cased letter flipped, copy 2 the clean token (repeat at rate 0).
    flipped = student.encode(noisy_tokens(teacher.tokens, "case:1", seed=0))
    assert torch.equal(variants[1], flipped) and torch.equal(variants[3], flipped)
    assert torch.equal(variants[2], variants[0]) and not torch.equal(variants[1], variants[0])


def test_vocab_sample_and_fast_recipe(tmp_path, tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, loss="cosine", epochs=2,
                         recipe="fast", vocab_sample=40, holdout=0.25, work_dir=str(tmp_path / "runs")).validate()
    result = train(config, quiet=True)
    run = mlflow.get_run(result.run_id)
    assert run.data.params["schedule"] == "warmup-cosine" and run.data.params["batch_size"] == "256"
    lrs = [point.value for point in mlflow.MlflowClient().get_metric_history(result.run_id, "lr")]
    assert lrs[-1] == pytest.approx(0.0, abs=1e-12)  # cosine decays to zero at the last step
    from distill.training import split_rows

    train_rows, holdout_rows = split_rows(1000, 0.25, seed=0, sample=40)
    assert len(train_rows) == 30 and len(holdout_rows) == 10
    assert not set(train_rows.tolist()) & set(holdout_rows.tolist())


@pytest.mark.parametrize("native", [True, False])
def test_a_dense_run_that_leaves_bf16_unset_takes_its_devices_answer(tmp_path, tiny_bert_dir, monkeypatch,
                                                                     native) -> None:
    """The defaults table's ``native``: the run decides on its device, and logs and checkpoints the decision."""
    from distill.training import phases

    monkeypatch.setattr(phases, "native_bf16", lambda device: native)
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=1,
                         work_dir=str(tmp_path / "runs")).validate()
    assert config.bf16 is None
    result = train(config, quiet=True)
    run = mlflow.get_run(result.run_id)
    assert run.data.params["bf16"] == str(native)
    logged = yaml.safe_load(mlflow.artifacts.load_text(f"runs:/{result.run_id}/config.yaml"))
    assert logged["bf16"] is native


def test_bf16_training_from_the_command_line_keeps_fp32_weights(tmp_path, tiny_bert_dir, capsys) -> None:
    config = write_config(tmp_path, tiny_bert_dir, epochs=2)
    assert main(["train", "--config", str(config), "--bf16", "--quiet"]) == 0
    (run,) = runs_in_store()
    assert run.info.status == "FINISHED" and run.data.params["bf16"] == "True"
    assert run.data.params["compile"] == "False"
    assert all(torch.isfinite(torch.tensor(value)) for value in run.data.metrics.values())
    student = load_student_from(run.info.run_id)
    assert {parameter.dtype for parameter in student.parameters()} == {torch.float32}
    assert main(["train", "--config", str(config), "--no-bf16", "--quiet"]) == 0  # the same run in fp32
    fp32_run = next(other for other in runs_in_store() if other.info.run_id != run.info.run_id)
    assert fp32_run.data.metrics["train_loss"] != run.data.metrics["train_loss"]  # the flag did reach the forward
    assert fp32_run.data.metrics["train_loss"] == pytest.approx(run.data.metrics["train_loss"], rel=0.05)


SUBNORMAL = 1e-39  # below float32's smallest normal number, 1.2e-38


def subnormal_kept() -> bool:
    """Whether float32 arithmetic keeps a subnormal value (it reads as zero where subnormals are flushed)."""
    return bool(torch.tensor([SUBNORMAL], dtype=torch.float32).mul(1.0).item() != 0.0)


def test_training_flushes_subnormal_floats_while_it_runs_and_not_after(tmp_path, tiny_bert_dir) -> None:
    """On the CPU the epochs run with subnormals flushed to zero (a step that meets them runs many times slower),
    and the flags are off again once training ends, so the process around it computes as before."""
    from distill.training import TrainerCallback

    class Probe(TrainerCallback):
        def __init__(self) -> None:
            self.kept: list[bool] = []

        def on_epoch_end(self, trainer, epoch, metrics) -> bool:
            self.kept.append(subnormal_kept())
            return False

    assert subnormal_kept()
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=2,
                         work_dir=str(tmp_path / "runs")).validate()
    probe = Probe()
    train(config, quiet=True, callbacks=[probe])
    assert probe.kept == [False, False]
    assert subnormal_kept()

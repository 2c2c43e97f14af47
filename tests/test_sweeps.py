"""Sweeps on a tiny local teacher: grid and TPE studies, pruning, resume after SIGKILL, failing trials,
several workers on SQLite and on a real PostgreSQL server, and what MLflow (and its server) shows."""

from __future__ import annotations

import csv
import glob
import multiprocessing
import os
import pwd
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import mlflow
import optuna
import pytest
import tiny_models
import yaml
from mlflow import MlflowClient
from output import without_phase_lines
from tiny_models import TABLE_ONLY_BYTESCNN

from distill.cli import main
from distill.errors import DistillError
from distill.evaluation import ScoreKey, ScoreTable
from distill.objectives.table import TableAlignment
from distill.tracking import CLASSIC_KIND, EXPERIMENT_KIND_TAG
from sweeps import load_spec, shipped_configs
from sweeps.curves import read_curves
from sweeps.record import TrialRecord
from sweeps.runs import TRIAL_STATE_TAG, trial_run_name
from sweeps.study import (
    Progress,
    SweepTrials,
    frozen,
    is_grid_duplicate,
    open_storage,
    open_study,
    progress,
    requeue,
    storage_url,
    superseded,
)
from sweeps.trial import TrialObjective

SWEEP_EXPERIMENT = "distill-sweep"
SUMMARY_FILES = {"trials.csv", "trials.md", "best.yaml", "optimization_history.png", "sweep.yaml"}


def fixed_settings(folder: Path, teacher: Path, **changes) -> dict:
    """Training settings of every trial; a change to None drops the setting (to search it instead)."""
    fixed = {"teacher": str(teacher), **TABLE_ONLY_BYTESCNN, "epochs": 2, "batch_size": 32, "lr": 3e-3,
             "work_dir": str(folder / "runs"), **changes}
    return {key: value for key, value in fixed.items() if value is not None}


def write_sweep(folder: Path, teacher: Path, name: str = "tiny", **sections) -> Path:
    """A sweep file over the tiny teacher: 2 losses, 2 epochs, 1 s heartbeats (so lost trials are found fast)."""
    data = {
        "sampler": "grid",
        "fixed": fixed_settings(folder, teacher),
        "space": {"loss": ["mse", "cosine"]},
        "objective": "mean_cosine",
        "heartbeat": {"interval": 1, "grace_period": 3},
        **sections,
    }
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def write_corpus(folder: Path) -> Path:
    """Paragraphs of sentences in the tiny BERT's words, for MLM and fidelity evaluation."""
    rng = random.Random(0)
    paragraphs = []
    for _ in range(6):
        sentences = [" ".join(rng.choices(tiny_models.WORDS, k=rng.randint(5, 9))) for _ in range(5)]
        paragraphs.append(" ".join(sentence.capitalize() + "." for sentence in sentences))
    path = folder / "corpus.txt"
    path.write_text("\n\n".join(paragraphs) + "\n")
    return path


def tiny_evaluation(corpus: Path) -> dict:
    return {"tasks": ["mlm", "fidelity"], "datasets": [str(corpus)], "seeds": 3, "samples": 8, "max_length": 16,
            "batch_size": 8}


def load_study(folder: Path, name: str = "tiny", storage: str | None = None) -> optuna.Study:
    return optuna.load_study(study_name=name, storage=storage or f"sqlite:///{folder / 'optuna.db'}")


def sweep_runs(tracking_uri: str | None = None) -> tuple[mlflow.entities.Run, list[mlflow.entities.Run]]:
    """The sweep experiment's parent run and its children."""
    client = MlflowClient(tracking_uri or os.environ["MLFLOW_TRACKING_URI"])
    experiment = client.get_experiment_by_name(SWEEP_EXPERIMENT)
    runs = client.search_runs([experiment.experiment_id])
    (parent,) = [run for run in runs if "mlflow.parentRunId" not in run.data.tags]
    children = [run for run in runs if run.data.tags.get("mlflow.parentRunId") == parent.info.run_id]
    assert len(children) + 1 == len(runs)
    return parent, children


def complete_params(study: optuna.Study) -> list[tuple]:
    return sorted(tuple(sorted(trial.params.items())) for trial in study.trials
                  if trial.state == optuna.trial.TrialState.COMPLETE)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# --- one grid sweep with pruning and evaluation, looked at from several sides -------------------------


@pytest.fixture(scope="module")
def grid_sweep(tmp_path_factory: pytest.TempPathFactory, tiny_bert_dir: Path) -> Iterator[tuple[Path, str]]:
    """lr ∈ {0.003, 0.01, 1e-7} (seed 3 runs them in this order): the last is pruned after epoch 1."""
    folder = tmp_path_factory.mktemp("grid-sweep")
    tracking_uri = f"sqlite:///{folder / 'mlflow.db'}"
    path = write_sweep(folder, tiny_bert_dir, seed=3, fixed=fixed_settings(folder, tiny_bert_dir, lr=None),
                       space={"lr": [0.01, 0.003, 1e-7]},
                       pruner={"kind": "median", "n_startup_trials": 1},
                       evaluation=tiny_evaluation(write_corpus(folder)), description="lr grid on the tiny BERT")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)  # MLflow's ./mlartifacts
        patch.setenv("MLFLOW_TRACKING_URI", tracking_uri)
        assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    yield folder, tracking_uri


def test_grid_sweep_prunes_and_nests_trial_runs(grid_sweep) -> None:
    folder, tracking_uri = grid_sweep
    study = load_study(folder)
    states = {trial.params["lr"]: trial.state.name for trial in study.trials}
    assert states == {0.003: "COMPLETE", 0.01: "COMPLETE", 1e-7: "PRUNED"}
    pruned = next(trial for trial in study.trials if trial.params["lr"] == 1e-7)
    assert list(pruned.intermediate_values) == [1]
    for trial in study.trials:
        if trial.state.name == "COMPLETE":
            assert list(trial.intermediate_values) == [1, 2]
            assert TrialRecord.from_trial(trial).scores.models == ["baseline", "student"]

    parent, children = sweep_runs(tracking_uri)
    assert parent.info.status == "FINISHED" and parent.info.run_name == "tiny"
    by_name = {run.info.run_name: run for run in children}
    assert set(by_name) == {trial_run_name(trial) for trial in study.trials}
    client = MlflowClient(tracking_uri)
    for trial in study.trials:
        run = by_name[trial_run_name(trial)]
        assert float(run.data.params["lr"]) == trial.params["lr"]
        assert [point.step for point in client.get_metric_history(run.info.run_id, "mean_cosine")] == \
            list(range(1, 1 + len(trial.intermediate_values)))
        artifacts = {item.path for item in client.list_artifacts(run.info.run_id)}
        if trial.state.name == "COMPLETE":
            assert run.info.status == "FINISHED" and {"student", "evaluation"} <= artifacts
            assert run.data.metrics["objective/mean_cosine"] == pytest.approx(trial.value)
            assert "eval/corpus/token_cosine/p_value" in run.data.metrics
        else:
            assert run.info.status == "KILLED" and run.data.tags["distill.trial_state"] == "PRUNED"
            assert "student" not in artifacts


def test_parent_run_summary_holds_every_trial(grid_sweep) -> None:
    folder, tracking_uri = grid_sweep
    study = load_study(folder)
    parent, children = sweep_runs(tracking_uri)
    local = Path(mlflow.artifacts.download_artifacts(run_id=parent.info.run_id, tracking_uri=tracking_uri,
                                                      dst_path=str(folder / "download")))
    assert SUMMARY_FILES | {"objective_by_loss_and_student.png", "evaluation"} <= {p.name for p in local.iterdir()}
    with (local / "trials.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert sorted(int(row["trial"]) for row in rows) == [trial.number for trial in study.trials]
    assert {row["mlflow_run"] for row in rows if row["state"] == "COMPLETE"} == \
        {run.info.run_id for run in children if run.info.status == "FINISHED"}
    best = yaml.safe_load((local / "best.yaml").read_text())
    assert best["trial"] == study.best_trial.number and best["config"]["lr"] == study.best_trial.params["lr"]
    assert best["params"] == study.best_trial.params and best["config"]["epochs"] == 2
    table3 = (local / "evaluation" / "table3_p_values.md").read_text()
    for run in children:  # every completed student against the baseline, named as its run is in the UI
        if run.info.status == "FINISHED":
            assert f"| {run.info.run_name} |" in table3
    assert "1e-07" not in table3  # the pruned trial has no student
    note = parent.data.tags["mlflow.note.content"]
    assert "Paired t-tests against the baseline" in note and "| 0.003 |" in note
    assert note.startswith("lr grid on the tiny BERT\n")  # the summary keeps what the sweep is for


def test_mlflow_server_shows_parent_children_and_artifacts(grid_sweep) -> None:
    """What the UI shows: the sweep through a tracking server on loopback over the sweep's store."""
    folder, tracking_uri = grid_sweep
    port = free_port()
    log = (folder / "mlflow-server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "mlflow", "server", "--backend-store-uri", tracking_uri, "--host", "127.0.0.1",
         "--port", str(port), "--workers", "1"], cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, (folder / "mlflow-server.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                assert time.monotonic() < deadline, "mlflow server did not come up"
                time.sleep(0.5)
        client = MlflowClient(url)
        experiment = client.get_experiment_by_name(SWEEP_EXPERIMENT)
        (parent,) = client.search_runs([experiment.experiment_id], filter_string="tags.`distill.study` = 'tiny'")
        children = client.search_runs([experiment.experiment_id],
                                      filter_string=f"tags.`mlflow.parentRunId` = '{parent.info.run_id}'")
        assert len(children) == len(load_study(folder).trials) == 3
        # Labelled for the UI: the experiment opens the classic view, runs are named by the lr they tried,
        # and the training loss is not a second axis called "loss" beside the loss parameter.
        assert experiment.tags[EXPERIMENT_KIND_TAG] == CLASSIC_KIND
        assert sorted(run.info.run_name.split(" · ")[0] for run in children) == ["lr=0.003", "lr=0.01", "lr=1e-07"]
        assert all("train_loss" in run.data.metrics and "loss" not in run.data.metrics for run in children)
        summary = {item.path for item in client.list_artifacts(parent.info.run_id)}
        assert SUMMARY_FILES | {"epoch_curves.png"} <= summary  # every trial's per-epoch curves on one chart
        charts = {item.path for item in client.list_artifacts(parent.info.run_id, "evaluation")}
        assert "evaluation/differences.png" in charts  # each student minus the baseline, grouped by loss
        assert all(not metric.step for metric in client.get_metric_history(parent.info.run_id, "trials_complete"))
        finished = [run for run in children if run.info.status == "FINISHED"]
        assert len(finished) == 2
        for run in finished:
            student = {item.path for item in client.list_artifacts(run.info.run_id, "student")}
            assert "student/model.safetensors" in student
        trials_md = mlflow.artifacts.download_artifacts(run_id=parent.info.run_id, artifact_path="trials.md",
                                                        tracking_uri=url, dst_path=str(folder / "via-server"))
        assert Path(trials_md).read_text().count("| COMPLETE |") == 2
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


# --- the trial record, the shared evaluation set-up, the parent run's charts ------------------------------


def test_trial_record_round_trips_through_optuna_user_attrs() -> None:
    scores = ScoreTable([0, 1])
    for model in ("baseline", "student"):  # a dataset name with "/" and "~" stays whole
        scores.values[ScoreKey(model, "news/2024 ~ typo:0.1", "fidelity", "token_cosine")] = [0.5, 0.75]
    scores.fingerprints[("news/2024 ~ typo:0.1", "fidelity", 1)] = "abc123"
    study = optuna.create_study(storage=optuna.storages.InMemoryStorage())
    trial = study.ask()
    record = TrialRecord(worker="host:1")
    record.save(trial)
    assert set(trial.user_attrs) == {"distill.worker"}  # unset fields are not written
    record.run_id, record.scores, record.metrics = "run-1", scores, {"recall_at_1": 0.25}
    record.save(trial, "run_id", "scores", "metrics")
    study.tell(trial, 0.5)
    (frozen_trial,) = study.trials
    assert TrialRecord.from_trial(frozen_trial) == record
    assert TrialRecord.from_trial(frozen_trial).scores.fingerprints == {
        ("news/2024 ~ typo:0.1", "fidelity", 1): "abc123"}
    assert TrialRecord.from_trial(study.ask()) == TrialRecord()


def test_evaluate_and_sweeps_share_one_set_up(tiny_bert_dir, tmp_path, monkeypatch) -> None:
    """A tokenizer without padding is refused by the one set-up both use, with the same message."""
    from distill.evaluation import EvaluationSettings, evaluate, setup
    from sweeps.evaluation import TrialEvaluator

    def without_padding(path):
        tokenizer = original(path)
        tokenizer.pad_token = None
        return tokenizer

    original = setup.load_tokenizer
    monkeypatch.setattr(setup, "load_tokenizer", without_padding)
    corpus = write_corpus(tmp_path)
    message = f"the tokenizer of {tiny_bert_dir} has no padding token; batched evaluation needs one"
    with pytest.raises(DistillError) as from_evaluate:
        evaluate([str(tmp_path)], EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(corpus)], seeds=2,
                                                     samples=8))
    evaluator = TrialEvaluator(EvaluationSettings(**{**tiny_evaluation(corpus), "tasks": ["mlm"],
                                                     "model": str(tiny_bert_dir)}))
    with pytest.raises(DistillError) as from_sweep:
        evaluator.prepare()
    assert str(from_evaluate.value) == str(from_sweep.value) == message


def test_parent_run_charts_every_trial_per_epoch_and_the_differences(grid_sweep) -> None:
    folder, tracking_uri = grid_sweep
    study = load_study(folder)
    parent, children = sweep_runs(tracking_uri)
    client = MlflowClient(tracking_uri)
    artifacts = {item.path for item in client.list_artifacts(parent.info.run_id)}
    evaluation = {item.path for item in client.list_artifacts(parent.info.run_id, "evaluation")}
    assert "epoch_curves.png" in artifacts and "evaluation/differences.png" in evaluation
    spec = load_spec(str(folder / "tiny.yaml"))
    curves = {curve.name: curve for curve in read_curves(client, parent.info.run_id, SweepTrials.of(study), spec)}
    assert set(curves) == {run.info.run_name for run in children}  # one line per trial, named by its run
    for trial in study.trials:
        curve = curves[trial_run_name(trial)]
        assert curve.state == trial.state and curve.loss == "cosine"  # the default loss
        assert [epoch for epoch, _ in curve.history["train_loss"]] == list(trial.intermediate_values)
        assert [epoch for epoch, _ in curve.history["mean_cosine"]] == list(trial.intermediate_values)
    # Summaries are single values: logged once, not as a series over made-up steps.
    for name in ("best/mean_cosine", "trials_complete"):
        assert [point.step for point in client.get_metric_history(parent.info.run_id, name)] == [0]
    complete = next(run for run in children if run.info.status == "FINISHED")
    assert [point.step for point in client.get_metric_history(complete.info.run_id,
                                                              "eval/corpus/token_cosine/p_value")] == [0]


# --- TPE search ---------------------------------------------------------------------------------------


def test_tpe_search_with_pruning_reports_every_epoch(tmp_path, tiny_bert_dir, capsys) -> None:
    path = write_sweep(
        tmp_path, tiny_bert_dir, sampler={"kind": "tpe", "n_startup_trials": 2}, n_trials=4,
        fixed=fixed_settings(tmp_path, tiny_bert_dir, loss="aec", epochs=3, lr=None, batch_size=None),
        space={"lr": {"low": 1e-4, "high": 3e-2, "log": True}, "batch_size": {"low": 16, "high": 64, "step": 16},
               "loss_options.alpha": {"low": 0.1, "high": 2.0}},
        pruner={"kind": "median", "n_startup_trials": 2},
    )
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    assert len(study.trials) == 4
    assert {trial.state.name for trial in study.trials} <= {"COMPLETE", "PRUNED"}
    for trial in study.trials:
        assert 1e-4 <= trial.params["lr"] <= 3e-2 and trial.params["batch_size"] in (16, 32, 48, 64)
        assert list(trial.intermediate_values) == list(range(1, len(trial.intermediate_values) + 1))
        if trial.state.name == "COMPLETE":
            assert len(trial.intermediate_values) == 3
    parent, children = sweep_runs()
    assert len(children) == 4
    assert {float(run.data.params["loss_options.alpha"]) for run in children} == \
        {trial.params["loss_options.alpha"] for trial in study.trials}
    artifacts = {item.path for item in MlflowClient().list_artifacts(parent.info.run_id)}
    assert SUMMARY_FILES | {"param_importances.png"} <= artifacts
    assert f"Best: trial {study.best_trial.number}" in capsys.readouterr().out


# --- failures, resume, several workers -----------------------------------------------------------------


def test_failing_trial_is_recorded_and_the_sweep_goes_on(tmp_path, tiny_bert_dir, monkeypatch) -> None:
    original = TableAlignment.evaluate

    def evaluate(self):
        if self.setup.config.loss == "mse":
            raise RuntimeError("boom in the mse trial")
        return original(self)

    monkeypatch.setattr(TableAlignment, "evaluate", evaluate)
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    by_loss = {trial.params["loss"]: trial for trial in study.trials}
    assert by_loss["mse"].state.name == "FAIL" and by_loss["cosine"].state.name == "COMPLETE"
    assert TrialRecord.from_trial(by_loss["mse"]).error == "RuntimeError: boom in the mse trial"
    parent, children = sweep_runs()
    failed = next(run for run in children if run.info.run_name == trial_run_name(by_loss["mse"]))
    assert failed.info.status == "FAILED" and "boom" in failed.data.tags["distill.note"]
    assert parent.info.status == "FINISHED" and parent.data.metrics["trials_fail"] == 1
    # The study is complete: the same command again runs nothing, and keeps the failure.
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    assert len(load_study(tmp_path).trials) == 2


def test_non_finite_objective_fails_the_trial_in_optuna_and_mlflow(tmp_path, tiny_bert_dir, monkeypatch) -> None:
    original = TableAlignment.evaluate

    def evaluate(self):
        metrics = original(self)
        return {**metrics, "mean_cosine": float("nan")} if self.setup.config.loss == "mse" else metrics

    monkeypatch.setattr(TableAlignment, "evaluate", evaluate)
    assert main(["sweep", "--config", str(write_sweep(tmp_path, tiny_bert_dir)), "--quiet"]) == 0
    by_loss = {trial.params["loss"]: trial for trial in load_study(tmp_path).trials}
    assert by_loss["mse"].state.name == "FAIL" and by_loss["cosine"].state.name == "COMPLETE"
    assert TrialRecord.from_trial(by_loss["mse"]).error == "objective mean_cosine is nan"
    _, children = sweep_runs()
    failed = next(run for run in children if run.info.run_name == trial_run_name(by_loss["mse"]))
    assert failed.info.status == "FAILED" and failed.data.tags[TRIAL_STATE_TAG] == "FAIL"


def test_an_objective_no_phase_of_the_trial_logs_fails_it_in_one_line(tmp_path, tiny_bert_dir, capsys) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, objective="words_cosine", space={"loss": ["cosine"]})
    rc = main(["sweep", "--config", str(path), "--quiet"])
    (trial,) = load_study(tmp_path).trials
    assert trial.state.name == "FAIL"
    assert TrialRecord.from_trial(trial).error == "objective words_cosine was not logged: no phase of this trial " \
                                                  "computes it"
    assert rc == 2 and "Traceback" not in capsys.readouterr().err


def test_interrupted_trial_runs_again_on_resume(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    original = TableAlignment.evaluate
    interrupted = []

    def evaluate(self):
        if self.setup.config.loss == "cosine" and not interrupted:
            interrupted.append(True)
            raise KeyboardInterrupt  # Ctrl-C in the middle of the cosine trial
        return original(self)

    monkeypatch.setattr(TableAlignment, "evaluate", evaluate)
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 130
    assert "interrupted" in capsys.readouterr().err
    parent, _ = sweep_runs()
    assert parent.info.status == "KILLED"
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    assert complete_params(study) == [(("loss", "cosine"),), (("loss", "mse"),)]
    (lost,) = [trial for trial in study.trials if trial.state.name == "FAIL"]
    assert lost.params == {"loss": "cosine"} and superseded(study.trials) == {lost.number}
    parent, children = sweep_runs()
    assert parent.info.status == "FINISHED"
    assert next(run for run in children if run.info.run_name == trial_run_name(lost)).info.status == "FAILED"


def _sleep_deaf_to_ctrl_c() -> None:
    """A worker whose Ctrl-C was dropped (as in a library's cleanup callback): it goes on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    time.sleep(600)


def test_ctrl_c_stops_every_worker_within_seconds() -> None:
    """The parent interrupts, then terminates, workers still running after the grace period (#26)."""
    from sweeps.runner import stop_workers

    context = multiprocessing.get_context("fork")  # the targets live in this test module
    obedient = context.Process(target=time.sleep, args=(600,))
    deaf = context.Process(target=_sleep_deaf_to_ctrl_c)
    for process in (obedient, deaf):
        process.start()
    time.sleep(0.5)  # let the deaf one ignore SIGINT before it is sent
    started = time.monotonic()
    stop_workers([obedient, deaf], grace=1.0)
    assert time.monotonic() - started < 4
    assert not obedient.is_alive() and obedient.exitcode == 1  # its KeyboardInterrupt ended it
    assert not deaf.is_alive() and deaf.exitcode == -signal.SIGTERM


def test_resume_after_sigkill_loses_and_duplicates_no_trial(tmp_path, tiny_bert_dir) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["mse", "cosine", "aec"]},
                       fixed=fixed_settings(tmp_path, tiny_bert_dir, epochs=80, batch_size=16))
    process = subprocess.Popen([sys.executable, "-m", "distill.cli", "sweep", "--config", str(path), "--quiet"],
                               env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and process.poll() is None:
        try:
            states = Counter(trial.state.name for trial in load_study(tmp_path).trials)
        except KeyError:  # the study does not exist yet
            states = Counter()
        if states["COMPLETE"] >= 1 and states["RUNNING"] == 1:
            time.sleep(0.3)  # into the second trial's training, far from its end (80 epochs)
            break
        time.sleep(0.2)
    assert process.poll() is None, "the sweep finished before it could be killed; make the trials longer"
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed = next(trial for trial in load_study(tmp_path).trials if trial.state.name == "RUNNING")

    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    lost = study.trials[killed.number]
    assert lost.state.name == "FAIL" and superseded(study.trials) == {killed.number}
    assert complete_params(study) == [(("loss", loss),) for loss in sorted(["mse", "cosine", "aec"])]
    retry = next(trial for trial in study.trials if trial.system_attrs.get("failed_trial") == killed.number)
    assert retry.params == lost.params and retry.state.name == "COMPLETE"
    parent, children = sweep_runs()
    statuses = {run.info.run_name: run.info.status for run in children}
    assert statuses.pop(trial_run_name(killed)) == "FAILED"
    assert sorted(statuses.values()) == ["FINISHED"] * 3
    assert parent.info.status == "FINISHED"


def run_two_workers(folder: Path, teacher: Path, storage: str | None = None) -> optuna.Study:
    path = write_sweep(folder, teacher, space={"loss": ["mse", "cosine", "aec", "triplet-angular"]},
                       fixed=fixed_settings(folder, teacher, epochs=4, batch_size=16))
    argv = ["sweep", "--config", str(path), "--workers", "2", "--quiet"] + (["--storage", storage] if storage else [])
    assert main(argv) == 0
    study = load_study(folder, storage=storage)
    assert complete_params(study) == sorted((("loss", loss),) for loss in ["mse", "cosine", "aec", "triplet-angular"])
    assert {trial.state.name for trial in study.trials} == {"COMPLETE"}
    assert len({TrialRecord.from_trial(trial).worker for trial in study.trials}) == 2  # both workers ran trials
    _, children = sweep_runs()
    assert sorted(run.info.status for run in children) == ["FINISHED"] * 4
    return study


def test_two_workers_share_one_sqlite_study(tmp_path, tiny_bert_dir) -> None:
    run_two_workers(tmp_path, tiny_bert_dir)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server on a free loopback port, data and socket in a fresh folder, stopped after.

    initdb refuses to run as root, so as root the server runs as the ``postgres`` account
    (which the Debian ``postgresql`` package creates); the folder lies under /tmp, where it can reach it.
    """
    binaries = {name: shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                                                             reverse=True)), None)
                for name in ("initdb", "pg_ctl")}
    if None in binaries.values():
        pytest.fail("PostgreSQL server binaries (initdb, pg_ctl) not found; install the Debian package postgresql")
    folder = Path(tempfile.mkdtemp(prefix="distill-postgres-"))
    as_server = {}
    if os.geteuid() == 0:
        account = pwd.getpwnam("postgres")
        os.chown(folder, account.pw_uid, account.pw_gid)
        as_server = {"user": account.pw_uid, "group": account.pw_gid}
    port, data = free_port(), folder / "data"
    subprocess.run([binaries["initdb"], "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True, **as_server)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([binaries["pg_ctl"], "-D", str(data), "-l", str(folder / "server.log"), "-o", options, "-w",
                    "start"], check=True, capture_output=True, **as_server)
    try:
        import psycopg2

        connection = psycopg2.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres")
        connection.autocommit = True
        connection.cursor().execute("CREATE DATABASE sweeps")
        connection.close()
        yield f"postgresql+psycopg2://postgres@127.0.0.1:{port}/sweeps"
    finally:
        subprocess.run([binaries["pg_ctl"], "-D", str(data), "-m", "immediate", "stop"], check=False,
                       capture_output=True, **as_server)
        shutil.rmtree(folder, ignore_errors=True)


def test_two_workers_share_one_postgresql_study(tmp_path, tiny_bert_dir, postgres_url) -> None:
    study = run_two_workers(tmp_path, tiny_bert_dir, storage=postgres_url)
    assert not (tmp_path / "optuna.db").exists()  # the study lives in PostgreSQL only
    parent, _ = sweep_runs()
    assert parent.data.tags["distill.storage"] == postgres_url  # no password to mask here
    assert study.user_attrs["distill.mlflow_parent_run"] == parent.info.run_id


def test_grid_duplicates_are_surplus_and_retries_replace_lost_trials(tmp_path, tiny_bert_dir) -> None:
    """The accounting behind resume and workers, without training: three workers ask a grid of two at once."""
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir)))
    study = open_study(spec, open_storage(storage_url(None), spec.heartbeat), "unit")
    first, second, third = (study.ask() for _ in range(3))
    study.sampler = optuna.samplers.RandomSampler()  # GridSampler.after_trial may only run inside optimize()
    objective = TrialObjective(spec, parent_run_id="-", tracking_uri="-", quiet=True, evaluator=None)
    assert not is_grid_duplicate(study, first.number) and not is_grid_duplicate(study, second.number)
    with pytest.raises(optuna.TrialPruned, match="grid point is already taken"):
        objective(third)  # the grid was exhausted: GridSampler handed out a point again
    study.tell(third, state=optuna.trial.TrialState.PRUNED)
    assert progress(study) == Progress(counted=2, waiting=0, running=2)

    study.tell(first, state=optuna.trial.TrialState.FAIL)  # as fail_stale_trials does to a lost trial
    requeue(study, frozen(study, first.number))
    assert progress(study) == Progress(counted=2, waiting=1, running=1)
    retry = study.ask()
    assert retry.number == 3 and not is_grid_duplicate(study, retry.number)
    assert study.trials[retry.number].system_attrs["grid_id"] == study.trials[first.number].system_attrs["grid_id"]
    study.tell(retry, 0.5)
    study.tell(second, 0.25)
    assert superseded(study.trials) == {first.number} and progress(study).finished(spec.budget())


# --- the command line ---------------------------------------------------------------------------------


def test_quickstart_prints_the_comparison_and_the_ui_command(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, name="quick", objective="sentence_cosine",
                       evaluation=tiny_evaluation(write_corpus(tmp_path)))
    monkeypatch.setattr("distill.commands.quickstart.QUICK_SWEEP", str(path))
    assert main(["quickstart", "--quiet"]) == 0
    out = capsys.readouterr().out
    print(out)  # the final screen (issue 23's closing note quotes it)
    lines = out.splitlines()
    assert lines[0].startswith("Best student: trial ") and "differs from the untouched model's by" in lines[1]
    assert "95 % interval" in lines[1] and "p = " in lines[1] and sum("<- worst" in line for line in lines) == 1
    # The tables are a file among the sweep run's artifacts, named in the output, not printed (issue 23, finding 5)
    assert "(Table 2)" not in out and "| COMPLETE |" not in out and len(lines) <= 12
    parent_run_id = re.search(r"summary.md and evaluation/ among the artifacts of MLflow run (\w+)", out).group(1)
    summary = mlflow.artifacts.load_text(f"runs:/{parent_run_id}/summary.md")
    assert "Scores, mean ± std over seeds (Table 2)" in summary and summary.count("| COMPLETE |") == 2
    assert "distill surgery --student " in out
    assert f"mlflow ui --backend-store-uri {os.environ['MLFLOW_TRACKING_URI']}" in out


def test_shipped_sweeps_validate_and_resolve_by_name(tmp_path) -> None:
    assert shipped_configs() == ["paper", "quick", "search"]
    paper = load_spec("paper")
    assert paper.is_grid and paper.grid() == {
        "student": ["bytescnn-small", "bytescnn-big"],
        "loss": ["mse", "cosine", "aec", "mec", "triplet-euclidean", "triplet-angular"],
    }
    config = paper.trial_config({"student": "bytescnn-big", "loss": "aec"})
    assert (config.teacher, config.epochs, config.batch_size, config.lr, config.plateau_factor, config.schedule) == \
        ("bert-base-uncased", 10_000, 100, 1e-3, 0.9, "plateau")
    assert (config.keep_special_rows, config.whole_word_epochs, config.context_epochs) == (False, 0, 0)  # table only
    assert paper.evaluation.tasks == ["mlm", "nsp"] and paper.evaluation.datasets == ["wikitext", "imdb"]
    assert paper.evaluation.seeds == 5 and paper.objective.metric == "mlm_accuracy"
    quick = load_spec("quick")
    assert quick.is_grid and len(quick.grid()["loss"]) >= 2 and quick.evaluation.tasks == ["fidelity"]
    assert 0 in quick.grid()["context_epochs"] and max(quick.grid()["context_epochs"]) > 0  # context is a contender
    trial = quick.trial_config({"loss": "cosine", "context_epochs": 3})
    assert (trial.student, trial.epochs, trial.whole_word_epochs) == ("ngrams", 30, 2)  # distill train's defaults
    assert trial.teacher == "embedded" and trial.vocab_sample == 0  # the whole vocabulary
    # judged on held-out documents of general English and of a domain training never reads, vocabulary-free
    assert quick.evaluation.datasets == ["wiki:heldout", "pydoc+stdlib:heldout"] and trial.corpus == "wiki"
    assert quick.evaluation.whole_words and trial.context_whole_words and trial.frequency_source == "wordfreq"
    search = load_spec("search")
    assert not search.is_grid and search.pruner.kind == "median" and search.budget() == 20
    assert {parameter.name for parameter in search.space} == {"lr", "batch_size", "loss_options.alpha"}
    for name in ("quick.yaml", "sweeps/quick.yaml"):
        assert load_spec(name).fingerprint() == quick.fingerprint()


def test_denoising_settings_are_searchable(tmp_path, tiny_bert_dir) -> None:
    space = {"context_noise": ["", "typo:0.1; hlm"], "context_whole_words": [False, True],
             "context_noise_share": [0.25, 0.5]}
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir, space=space)))
    configs = [spec.trial_config(point) for point in spec.probe_points()]
    assert len(configs) == 8
    assert {(config.context_noise, config.context_whole_words) for config in configs} == {
        ("", False), ("", True), ("typo:0.1; hlm", False), ("typo:0.1; hlm", True)}


# --- bad sweep files: one line, exit 2, nothing started --------------------------------------------------

BAD_SWEEPS = [
    ({"samplr": "grid"}, "unknown key(s) samplr"),
    ({"space": {"learning_rate": [0.1]}}, "unknown space key 'learning_rate'"),
    ({"space": {"student": ["bytescnn-tiny"]}}, "unknown student 'bytescnn-tiny'; valid students: bytescnn-big"),
    ({"space": {"loss": ["mse", "hinge"]}}, "unknown loss 'hinge'; valid losses: aec"),
    ({"fixed": {"teacher": "embedded", "epoch": 3}}, "unknown key(s) epoch"),
    ({"space": {"loss": []}}, "space.loss is an empty list"),
    ({"space": {"loss": ["mse", "mse"]}}, "lists a value twice"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0.2, "high": 1e-4}}},
     "space.warmup_fraction: empty range, low 0.2 must be below high 0.0001"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"negative_window": {"low": 64, "high": 64}}}, "empty range"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0, "high": 1, "log": True}}},
     "a log range needs low > 0"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0.1}}}, "needs both low and high"),
    ({"space": {"warmup_fraction": {"low": 0.0, "high": 0.2}}}, "a grid needs lists of values; warmup_fraction is"),
    ({"sampler": "tpe", "space": {"warmup_fraction": {"low": 0.0, "high": 0.2}}}, "a tpe search needs n_trials"),
    ({"sampler": "annealing"}, "unknown kind 'annealing'; valid kinds: grid, tpe"),
    ({"objective": "accuracy"}, "unknown metric 'accuracy'; alignment metrics: recall_at_1"),
    ({"objective": {"metric": "recall_at_1", "direction": "up"}}, "direction must be one of maximize, minimize"),
    ({"objective": "mlm_accuracy"}, "mlm_accuracy is measured after surgery; add an evaluation section"),
    ({"objective": "holdout_recall_at_1"}, "holdout_recall_at_1 needs fixed.holdout > 0"),
    ({"objective": "holdout_sentence_cosine"}, "unknown metric 'holdout_sentence_cosine'"),  # heldout_: context's
    ({"pruner": "patient"}, "unknown kind 'patient'; valid kinds: none, median, hyperband"),
    ({"pruner": {"kind": "median", "n_warmup_step": 1}}, "unexpected keyword argument 'n_warmup_step'"),
    ({"pruner": {"kind": "median", "metric": "train_loss"}}, "pruning needs one direction"),
    ({"space": {"loss": ["mse"], "loss_options.alpha": [1.0]}}, "loss 'mse' has no parameter alpha"),
    ({"space": {"loss": ["aec"], "student_options.width": [3]}}, "unknown options width"),
    ({"space": {"loss": ["mse"], "epochs": [2]}}, "epochs is both fixed and searched"),
    ({"space": {"loss": ["mse"], "epochs": [-1]}, "fixed": {"teacher": "embedded"}},
     "epochs must be a non-negative integer up to 1000000, got -1"),
    ({"fixed": {"teacher": "embedded", "betas": [0.9]}}, "bad.yaml: betas must be a list of 2 numbers, got [0.9]"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"context_lr": {"low": 1e-3, "high": float("inf")}}},
     "bad.yaml: space.context_lr.high must be a finite number, got inf"),
    ({"space": {"loss": ["mse"], "student_options.embedding_dim": [-5, 16]}}, "student_options.embedding_dim=-5"),
    ({"space": {"loss": ["mse"], "context_noise": ["", "typo:0.1; smudge:0.1"]}}, "unknown noise kind 'smudge'"),
    ({"evaluation": {"tasks": ["mlm", "ner"]}}, "unknown task 'ner'; valid tasks: mlm, nsp, fidelity"),
    ({"evaluation": {"tasks": ["mlm"], "seeds": 1}}, "evaluation: seeds must be in [2, 1000], got 1"),
    ({"heartbeat": {"interval": 5, "grace_period": 5}}, "grace_period (5) must exceed interval (5)"),
    ({"fixed": {"epochs": 2}, "space": {"teacher": ["embedded", "bert-base-uncased"]},
      "evaluation": {"tasks": ["fidelity"]}}, "a sweep that searches 'teacher' must name evaluation.model"),
]


@pytest.mark.parametrize(("change", "message"), BAD_SWEEPS, ids=[message for _, message in BAD_SWEEPS])
def test_bad_sweep_file_is_refused_before_any_trial(tmp_path, tiny_bert_dir, capsys, change, message) -> None:
    data = yaml.safe_load(write_sweep(tmp_path, tiny_bert_dir).read_text())
    data.update(change)
    if "student" in (data.get("space") or {}):
        del data["fixed"]["student"]  # the tiny BytesCNN's fixed name gives way to the searched one
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    assert main(["sweep", "--config", str(path)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "optuna.db").exists() and not (tmp_path / "mlflow.db").exists()


@pytest.mark.parametrize(("metric", "direction"), [("heldout_sentence_cosine", "maximize"),
                                                  ("english_weighted_cosine", "maximize"), ("words_loss", "minimize")])
def test_a_sweep_optimises_any_metric_an_objective_declares(tmp_path, tiny_bert_dir, metric, direction) -> None:
    data = yaml.safe_load(write_sweep(tmp_path, tiny_bert_dir).read_text())
    path = tmp_path / "declared.yaml"
    path.write_text(yaml.safe_dump({**data, "objective": metric}))
    objective = load_spec(str(path)).objective
    assert (objective.metric, objective.direction, objective.after_surgery) == (metric, direction, False)


@pytest.mark.parametrize(("argv", "message"), [
    (["--config", "nowhere"], "sweep file nowhere not found; shipped sweeps: paper, quick, search"),
    (["--config", "quick", "--workers", "0"], "workers must be a positive integer"),
    (["--config", "quick", "--n-trials", "0"], "n_trials must be a positive integer"),
    (["--config", "quick", "--storage", "not a url"], "is not a database URL"),
    (["--config", "quick", "--storage", "mysql://u@127.0.0.1/db"], "no database driver for mysql://u@127.0.0.1/db"),
    (["--config", "quick", "--storage", "postgresql+psycopg2://u@127.0.0.1:{port}/db"],
     "cannot open the study storage postgresql+psycopg2://u@127.0.0.1:{port}/db"),
])
def test_bad_command_line_is_one_line(tmp_path, capsys, argv, message) -> None:
    port = free_port()  # nothing listens there
    assert main(["sweep", *(arg.format(port=port) for arg in argv)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert err.startswith("error: ") and err.count("\n") == 1 and message.format(port=port) in err, err
    assert not (tmp_path / "mlflow.db").exists()


def test_a_sweep_refused_before_its_first_trial_leaves_no_study(tmp_path, tiny_bert_dir, capsys) -> None:
    """The evaluation corpus is only found missing once the study is open (the preflight): the study is deleted
    again, and so is the database file when the refused sweep created it, but not a database that holds others."""
    offline_corpus = {**tiny_evaluation(write_corpus(tmp_path)), "datasets": ["wikitext"]}
    refused = write_sweep(tmp_path, tiny_bert_dir, name="refused", evaluation=offline_corpus)
    assert main(["sweep", "--config", str(refused)]) == 2
    assert "cannot load corpus 'wikitext'" in capsys.readouterr().err
    assert not (tmp_path / "optuna.db").exists()
    assert main(["sweep", "--config", str(write_sweep(tmp_path, tiny_bert_dir)), "--quiet"]) == 0
    assert main(["sweep", "--config", str(refused)]) == 2
    assert optuna.get_all_study_names(f"sqlite:///{tmp_path / 'optuna.db'}") == ["tiny"]


def test_invalid_yaml_and_resuming_with_another_file_are_refused(tmp_path, tiny_bert_dir, capsys) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("space: [loss\n")
    assert main(["sweep", "--config", str(broken)]) == 2
    assert "is not valid YAML" in capsys.readouterr().err
    path = write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["cosine"]})
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["mse"]})  # same file, another search
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    assert "was started from a different sweep" in capsys.readouterr().err


# --- workers that die, trials that all fail ---------------------------------------------------------------


def test_a_dead_worker_is_a_warning_when_the_others_finished_the_study(tmp_path, tiny_bert_dir, monkeypatch,
                                                                       capsys) -> None:
    from sweeps import runner

    def one_survivor(job, workers: int) -> list[str]:
        runner.work(job)  # the surviving worker runs every trial
        return ["worker 0 (exit -9)"]

    monkeypatch.setattr(runner, "_run_processes", one_survivor)
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--workers", "2", "--quiet"]) == 0
    assert "warning: worker 0 (exit -9) stopped early; the other workers finished the study" in capsys.readouterr().err
    parent, _ = sweep_runs()
    assert parent.info.status == "FINISHED"


def test_a_dead_worker_with_trials_left_is_an_error(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    from sweeps import runner

    monkeypatch.setattr(runner, "_run_processes", lambda job, workers: ["worker 1 (exit -9)"])
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--workers", "2", "--quiet"]) == 2
    assert "worker 1 (exit -9) stopped early; run the same command again" in capsys.readouterr().err


def test_a_sweep_whose_trials_all_failed_exits_2(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    def explode(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(TableAlignment, "evaluate", explode)
    path = write_sweep(tmp_path, tiny_bert_dir)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert "every trial of study tiny failed (2)" in error
    shown = [f"{warning.filename}:{warning.lineno} {warning.message}" for warning in caught
             if not issubclass(warning.category, DeprecationWarning)]
    assert shown == []  # no "No artists with labels found to put in legend" from the empty curves chart
    assert "Trial 0 failed" not in error  # Optuna's own report of it is off under --quiet

"""Sweeps on a tiny local teacher: grid and TPE studies, pruning, failing trials, resume, and what MLflow (and its
server) shows. Sweep files: test_sweep_files.py; several workers: test_sweep_workers.py."""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import mlflow
import optuna
import pytest
import torch
import yaml
from mlflow import MlflowClient
from sweep_files import (
    SWEEP_EXPERIMENT,
    complete_params,
    fixed_settings,
    free_port,
    load_study,
    sweep_runs,
    tiny_evaluation,
    write_corpus,
    write_sweep,
)

from distill.bench.machine import running_commit
from distill.cli import main
from distill.errors import DistillError
from distill.evaluation import ScoreKey, ScoreTable
from distill.objectives.table import TableAlignment
from distill.tracking.store import CLASSIC_KIND, EXPERIMENT_KIND_TAG
from distill.training import CHECKPOINT_TAG
from sweeps import load_spec
from sweeps.accounting import SweepTrials, superseded
from sweeps.curves import curve_metrics, read_curves
from sweeps.runs import TRIAL_STATE_TAG, trial_run_name
from sweeps.trial import axis
from sweeps.trial_record import TrialRecord

SUMMARY_FILES = {"trials.csv", "trials.md", "best.yaml", "optimization_history.png", "sweep.yaml"}


# --- one grid sweep with pruning and evaluation, looked at from several sides -------------------------


@pytest.fixture(scope="module")
def grid_sweep(tmp_path_factory: pytest.TempPathFactory, tiny_bert_dir: Path) -> Iterator[tuple[Path, str]]:
    """lr ∈ {0.003, 0.01, 1e-7} (seed 3 runs them in this order): the last is pruned after epoch 1."""
    folder = tmp_path_factory.mktemp("grid-sweep")
    tracking_uri = f"sqlite:///{folder / 'mlflow.db'}"
    path = write_sweep(folder, tiny_bert_dir, seed=3,
                       fixed=fixed_settings(folder, tiny_bert_dir, lr=None, loss="cosine"),
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
            # nothing resumes a pruned trial: its checkpoints are gone, its config stays
            assert sorted(path.name for path in Path(run.data.tags[CHECKPOINT_TAG]).iterdir()) == \
                [".lock", "train_config.yaml"]


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
    curves = {curve.name: curve for curve in read_curves(client, parent.info.run_id, SweepTrials.of(study),
                                                         curve_metrics(spec.objective.metric))}
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


def search_with_points(tmp_path: Path, tiny_bert_dir: Path, points: list[dict[str, Any]]) -> Path:
    return write_sweep(
        tmp_path, tiny_bert_dir, sampler={"kind": "tpe", "n_startup_trials": 1}, n_trials=2, points=points,
        fixed=fixed_settings(tmp_path, tiny_bert_dir, loss="aec", epochs=1, lr=None, batch_size=None),
        space={"lr": {"low": 1e-4, "high": 3e-2, "log": True}, "batch_size": {"low": 16, "high": 64, "step": 16}})


def test_a_search_runs_its_points_first_then_draws_its_own(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """A search's ``points`` (a known recipe) are its first trials, run once: resumed with a larger budget, the
    study draws new trials and does not run the point again."""
    known = {"lr": 1e-3, "batch_size": 32}
    path = search_with_points(tmp_path, tiny_bert_dir, [known])
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    trials = load_study(tmp_path).trials
    assert len(trials) == 2 and trials[0].params == known and trials[1].params != known
    assert main(["sweep", "--config", str(path), "--n-trials", "3", "--quiet"]) == 0
    trials = load_study(tmp_path).trials
    assert len(trials) == 3 and [trial.params == known for trial in trials] == [True, False, False]


@pytest.mark.parametrize("point, message", [
    ({"lr": 0.5, "batch_size": 32}, "points[0].lr: 0.5 is outside the search's space (0.0001..0.03 log)"),
    ({"lr": 1e-3, "batch_size": 40}, "points[0].batch_size: 40 is outside the search's space (16..64 step 16)"),
])
def test_a_search_refuses_a_point_it_could_not_draw(point: dict[str, Any], message: str, tmp_path: Path,
                                                     tiny_bert_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "--config", str(search_with_points(tmp_path, tiny_bert_dir, [point])), "--quiet"]) == 2
    error = capsys.readouterr().err.strip()
    assert message in error and len(error.splitlines()) == 1


# --- failures and resume (several workers: test_sweep_workers.py) ----------------------------------------


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


def test_results_for_a_sweep_without_an_evaluation_are_refused_in_one_line(tmp_path, tiny_bert_dir, capsys) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--results", str(tmp_path / "RESULTS.md")]) == 2
    err = capsys.readouterr().err
    assert "--results writes Tables 1-3 from each trial's evaluation after surgery; " in err
    assert err.count("\n") <= 2 and not (tmp_path / "optuna.db").exists() and not (tmp_path / "RESULTS.md").exists()


def test_quickstart_prints_the_comparison_and_the_ui_command(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, name="quick", objective="sentence_cosine",
                       evaluation=tiny_evaluation(write_corpus(tmp_path)))
    monkeypatch.setattr("distill.cli.commands.quickstart.QUICK_SWEEP", str(path))
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
    # the budget (10 min by default) and the machine's measured speed; the tiny sweep fits whole
    assert re.search(r"^This machine: fp32 matmul \d+ GFLOP/s, a table epoch [\d.]+ s, an evaluation seed [\d.]+ s; "
                     r"within 10 min it ran the sweep as its file gives it\.$", out, flags=re.M)
    assert re.search(r"^quickstart done in .* of its 10 min budget\. Next:$", out, flags=re.M)


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


# --- points beside a grid (the paper's grid, extended) ---------------------------------------------------------


def test_points_beside_a_grid_run_once_each_and_join_its_tables(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """Two grid trials and two points, one with a setting of its own; run in two halves (the second resumes),
    every trial once, each point with its settings, all four in Tables 2 and 3."""
    corpus = write_corpus(tmp_path)
    points = [{"loss": "aec"}, {"loss": "mse", "epochs": 1, "student_options": {"filters": [[1, 8], [2, 8]],
                                                                               "max_bytes_per_token": 16}}]
    path = write_sweep(tmp_path, tiny_bert_dir, points=points, evaluation=tiny_evaluation(corpus))
    spec = load_spec(str(path))
    assert [point.params for point in spec.points] == [{"loss": "aec"}, {"loss": "mse"}]
    assert axis(spec.space[0], spec) == ["mse", "cosine", "aec"]
    assert main(["sweep", "--config", str(path), "--n-trials", "3", "--quiet"]) == 0
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    assert [trial.state.name for trial in study.trials] == ["COMPLETE"] * 4
    runs = {trial_run_name(trial): TrialRecord.from_trial(trial) for trial in study.trials}
    assert sorted(name.rpartition(" · ")[0] for name in runs) == sorted(
        ["mse", "cosine", "aec", "mse · epochs=1 · student_options={'filters': [[1, 8], [2, 8]], "
         "'max_bytes_per_token': 16}"])
    narrow = next(record for name, record in runs.items() if "epochs=1" in name)
    assert narrow.config["epochs"] == 1 and narrow.config["student_options"]["filters"] == [[1, 8], [2, 8]]
    assert all(record.config["epochs"] == 2 for name, record in runs.items() if "epochs=1" not in name)
    parent, _ = sweep_runs()
    table = mlflow.artifacts.load_text(f"runs:/{parent.info.run_id}/evaluation/table2_scores.md")
    assert all(name in table for name in runs)


@pytest.mark.parametrize("points, message", [
    ([{"lr": 0.1}], "give a value for every space key; missing loss"),
    ([{"loss": "aec"}, {"loss": "aec"}], "points[1] repeats an earlier point"),
    ([{"loss": ["aec"]}], "points[0].loss must be a string, a number"),
    ([{"loss": "hinge"}], "unknown loss 'hinge'"),
    ([{"loss": "aec", "epoch": 3}], "points[0]: unknown key(s) epoch"),
    ({"loss": "aec"}, "must be a non-empty list of mappings"),
])
def test_bad_points_are_refused_in_one_line(points: object, message: str, tmp_path: Path, tiny_bert_dir: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, points=points)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    error = capsys.readouterr().err.strip()
    assert message in error and len(error.splitlines()) == 1


def test_results_document_sets_the_published_tables_beside_the_study(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """``--results``: Tables 1-3 with the paper's figures beside them and each of its claims checked, written as a
    block of the file (the rest kept); rerun on the finished study, the block is rewritten without training."""
    corpus = write_corpus(tmp_path)
    evaluation = {**tiny_evaluation(corpus), "tasks": ["mlm", "nsp"], "noise": ["clean", "typo:0.1"],
                  "vocabulary_free": True, "seeds": 2}
    path = write_sweep(tmp_path, tiny_bert_dir, published="paper", evaluation=evaluation,
                       fixed=fixed_settings(tmp_path, tiny_bert_dir, student=None),
                       space={"student": ["bytescnn-small", "bytescnn-big"], "loss": ["mse", "cosine"]},
                       points=[{"student": "ngrams", "loss": "mse", "student_options": {"buckets": 512}}])
    results = tmp_path / "paper.md"
    results.write_text("# Reading\n\nWritten by hand.\n")
    assert main(["sweep", "--config", str(path), "--results", str(results), "--quiet"]) == 0
    text = results.read_text()
    assert text.startswith("# Reading\n\nWritten by hand.\n") and "<!-- study tiny -->" in text
    assert "### Table 1: parameters of the embedding layers" in text and "22,677,504" in text  # the paper's
    assert f"commit {running_commit()}, " in text  # the one the trials ran, each recorded in its trial
    assert {TrialRecord.from_trial(trial).commit for trial in load_study(tmp_path).trials} == {running_commit()}
    assert "### Table 2: mlm_accuracy, clean text" in text and "0.6226" in text and "0.9421" in text
    assert "### mlm_accuracy under noise" in text and "typo:0.1" in text
    assert "### Table 3: p-values against the untouched model" in text and "0.013" in text
    for claim in ("The big BytesCNN beats the small one", "Cosine-based losses", "not more robust to noise"):
        assert claim in text
    for row in ("| bytescnn-small | mse |  |", "| bytescnn-big | cosine |  |", "| ngrams | mse | student_options="):
        assert row in text
    results.write_text(text.replace("Written by hand.", "Edited by hand."))
    assert main(["sweep", "--config", str(path), "--results", str(results), "--quiet"]) == 0
    again = results.read_text()
    assert "Edited by hand." in again and again.count("<!-- study tiny -->") == 1
    assert len(load_study(tmp_path).trials) == 5  # nothing trained again


def test_table_1_gives_each_student_its_bytes_as_an_export_stores_them() -> None:
    """The n-gram student ships its rows in int8 (a quarter of its fp32 bytes, plus a scale and offset per row);
    the others in fp32."""
    from sweeps.document import student_sizes, table1
    from sweeps.results import Student

    students = [Student("ngrams", {"student": "ngrams", "student_options": {"buckets": 512}}, 60.0),
                Student("bytescnn-tiny", {"student": "bytescnn-tiny"}, 60.0)]
    sizes = student_sizes(students, dim=32)
    ngrams, bytescnn = sizes['ngrams {"buckets": 512}'], sizes["bytescnn-tiny"]
    assert ngrams.precision == "int8" and ngrams.parameters < ngrams.exported_bytes < 2 * ngrams.parameters
    assert bytescnn.precision == "fp32" and bytescnn.exported_bytes >= 4 * bytescnn.parameters

    results = SimpleNamespace(students=students)  # all Table 1 reads of a study's results
    table = table1(results, table_rows=1000, dim=32, published=None)  # type: ignore[arg-type]
    row = next(line for line in table.splitlines() if line.startswith("| ngrams"))
    assert f"{ngrams.exported_bytes / 1e6:.1f} (int8)" in row
    assert row.endswith(f"| {ngrams.exported_bytes / (1000 * 32 * 4):.2f} |")  # against the fp32 table


def test_a_study_resumed_across_commits_names_each_with_its_trials() -> None:
    from sweeps.document import trial_commits
    from sweeps.results import Student

    trials = [Student(str(number), {"student": "ngrams"}, 60.0, commit) for number, commit in
              enumerate(["fe94d67", "fe94d67", None, "757a606+"])]
    assert trial_commits(trials) == "fe94d67 (2 trials), not recorded (1 trial), 757a606+ (1 trial)"
    assert trial_commits(trials[:2]) == "fe94d67"


def test_a_results_row_names_the_trials_student_and_loss_whatever_it_varies() -> None:
    """A student sweep varies the rate first and keeps the student fixed: its rows still name the student and the
    loss in their columns, the trial's other settings in the third."""
    from sweeps.document import student_cells
    from sweeps.results import Student

    swept = Student("lr=0.002 · batch_size=192 · triplet-angular · word_cls",
                    {"student": "hlm-intra-1k-h384", "loss": "triplet-angular"}, 60.0)
    assert student_cells(swept) == ["hlm-intra-1k-h384", "triplet-angular", "lr=0.002 · batch_size=192 · word_cls"]
    grid = Student("bytescnn-small · cosine", {"student": "bytescnn-small", "loss": "cosine"}, 60.0)
    assert student_cells(grid) == ["bytescnn-small", "cosine", ""]


def test_results_document_follows_a_study_stopped_part_way(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """The document is rewritten after each trial, so a study stopped part-way has its tables so far on the page;
    the same command resumes the study and completes it."""
    from sweeps import run_sweep
    from sweeps.document import ResultsDocument

    corpus = write_corpus(tmp_path)
    evaluation = {**tiny_evaluation(corpus), "tasks": ["mlm"], "seeds": 2}
    path = write_sweep(tmp_path, tiny_bert_dir, published="paper", evaluation=evaluation,
                       fixed=fixed_settings(tmp_path, tiny_bert_dir, student=None),
                       space={"student": ["bytescnn-small"], "loss": ["mse", "cosine"]})
    results = tmp_path / "paper.md"
    run_sweep(load_spec(str(path)), n_trials=1, storage=f"sqlite:///{tmp_path / 'optuna.db'}", quiet=True,
              results=ResultsDocument(str(results), "distill sweep"))
    text = results.read_text()  # written by the worker after its trial, not by the command
    assert "1 trials (1 complete)" in text and text.count("| bytescnn-small | ") >= 2
    assert main(["sweep", "--config", str(path), "--results", str(results), "--quiet"]) == 0
    assert "2 trials (2 complete)" in results.read_text()


def test_a_sweep_naming_embedded_pretraining_makes_it_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``distill sweep --config paper`` from a fresh clone: the model with heads is made (distill heads' defaults)
    before the first trial, and only where this machine lacks it."""
    from distill.pretraining import run as pretraining_run
    from sweeps.runner import make_missing_models
    from teachers.cache import made_model_folder
    from teachers.loading import EMBEDDED_PRETRAINING

    monkeypatch.setenv("DISTILL_CACHE_DIR", str(tmp_path / "cache"))
    made: list[object] = []

    def make(settings: object, **_: object) -> None:
        made.append(settings)
        folder = made_model_folder(EMBEDDED_PRETRAINING)
        folder.mkdir(parents=True)
        (folder / "config.json").write_text("{}")

    monkeypatch.setattr(pretraining_run, "make_pretraining_model", make)
    paper = load_spec("paper")
    make_missing_models(paper, tracking_uri=None, quiet=True)
    make_missing_models(paper, tracking_uri=None, quiet=True)
    assert len(made) == 1 and made[0] == pretraining_run.PretrainingSettings()
    make_missing_models(load_spec("quick"), tracking_uri=None, quiet=True)  # names the embedded model alone
    assert len(made) == 1


def test_the_untouched_models_scores_are_computed_once_where_no_task_reads_a_reference(
        tmp_path: Path, tiny_bert_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MLM and NSP score each model on its own: every trial's baseline is the same, scored once per process, and
    the tables are those of scoring it beside each student."""
    from test_surgery import lookup_student

    from distill.evaluation import EvaluationSettings
    from sweeps.evaluation import TrialEvaluator

    corpus = write_corpus(tmp_path)
    settings = EvaluationSettings(model=str(tiny_bert_dir), tasks=["mlm", "nsp"], datasets=[str(corpus)], seeds=2,
                                  samples=8, max_length=16, batch_size=8, vocabulary_free=True)
    evaluator = TrialEvaluator(settings, quiet=True)
    scored: list[list[str]] = []
    score = evaluator.prepare().score
    monkeypatch.setattr(evaluator.prepare(), "score", lambda variants, *args, **kwargs: (
        scored.append(list(variants)), score(variants, *args, **kwargs))[1])
    students = [lookup_student(tiny_bert_dir, noise=noise) for noise in (0.05, 0.5)]
    tables = [evaluator.score(student, torch.device("cpu")) for student in students]
    assert scored == [["baseline"], ["student", "student-vocabfree"], ["student", "student-vocabfree"]]
    together = score(evaluator.variants(students[1], torch.device("cpu")), range(2), samples=8, max_length=16,
                     batch_size=8)
    assert tables[1].values == together.values and tables[0].models == together.models


def test_trial_run_names_stay_within_mlflows_limit() -> None:
    """A trial whose parameters are long (a corpus path, student options) is named by a readable prefix and a
    hash, its number last, within the 250 characters MLflow keeps; distinct trials keep distinct names."""

    def named(path: str) -> str:
        return trial_run_name(SimpleNamespace(number=7, params={"loss": "mse", "corpus": path}, user_attrs={}))

    short, long, other = named("wiki"), named("/data/" + "c" * 400 + ".txt"), named("/data/" + "c" * 401 + ".txt")
    assert short == "mse · wiki · #7"
    assert len(long) == 250 and long.startswith("mse · /data/ccc") and long.endswith(" · #7") and long != other

"""Sweep files and studies on the tiny local teacher, shared by the sweep tests."""

from __future__ import annotations

import os
import random
import socket
from pathlib import Path

import mlflow
import optuna
import tiny_models
import yaml
from mlflow import MlflowClient
from tiny_models import TABLE_ONLY_BYTESCNN

SWEEP_EXPERIMENT = "distill-sweep"
SHIPPED_SWEEPS = Path(__file__).resolve().parents[1] / "sweeps"  # the sweep files the package ships


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

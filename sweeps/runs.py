"""MLflow runs of a sweep: one parent run per study, one nested run per trial, both in the sweep experiment.

The parent run (:func:`open_parent_run`) holds the sweep file, its settings as parameters and, at the end, the
study's summary (:mod:`sweeps.report`). A trial's run is the training run (``distill.training.train`` with the
parent's id), named after what the trial varies (:func:`trial_run_name`) and tagged with the trial's final Optuna
state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import optuna
from mlflow import MlflowClient
from mlflow.entities import Param
from mlflow.exceptions import MlflowException

from distill.files.paths import RUN_NAME_MAX
from distill.tracking.store import TRIAL_STATE_TAG, shortened
from distill.training import CHECKPOINT_TAG
from distill.training.checkpoint import drop_resume_checkpoints
from sweeps.spec import SweepSpec
from sweeps.trial_record import TrialRecord

NOTE_TAG = "distill.note"
PARENT_RUN_ATTR = "distill.mlflow_parent_run"  # the study's user attribute that names its parent run
RUN_STATUS = {"COMPLETE": "FINISHED", "PRUNED": "KILLED", "FAIL": "FAILED"}


class TrialLike(Protocol):
    """An Optuna trial, live or frozen: what names its run."""

    @property
    def number(self) -> int: ...

    @property
    def params(self) -> dict[str, Any]: ...

    @property
    def user_attrs(self) -> dict[str, Any]: ...


def trial_run_name(trial: TrialLike) -> str:
    """The run's name in the MLflow UI: what the trial varies, then its number — ``cosine · context_epochs=3 · #1``;
    a point beside the grid adds its own settings.

    Legends, bars and compare columns then say which loss or setting a run is, not only which trial.
    """
    varied = {**trial.params, **TrialRecord.from_attrs(trial.user_attrs).settings}
    parts = [value if isinstance(value, str) else f"{name.split('.')[-1]}={value:g}"
             if isinstance(value, float) else f"{name.split('.')[-1]}={value}"
             for name, value in varied.items()]
    number = f" · #{trial.number}"
    return shortened(" · ".join(parts), RUN_NAME_MAX - len(number)) + number


def find_trial_run(parent_run_id: str, trial: TrialLike) -> str | None:
    """The id of ``trial``'s run under the parent run, if training got as far as starting it."""
    client = MlflowClient()
    parent = client.get_run(parent_run_id)
    runs = client.search_runs(
        [parent.info.experiment_id],
        filter_string=f"tags.`mlflow.parentRunId` = '{parent_run_id}' "
                      f"and tags.`mlflow.runName` = '{trial_run_name(trial)}'",
        max_results=1,
    )
    return runs[0].info.run_id if runs else None


def mark_trial_run(parent_run_id: str, trial: TrialLike, state: str, note: str = "") -> None:
    """Tag ``trial``'s run with its Optuna ``state`` and end it accordingly (no-op without a run).

    A pruned trial's resume checkpoints are removed (up to 1.9 GB for the n-gram student on MiniLM): the
    sweep has stopped it, and running the sweep again draws new trials instead of resuming it. A failed or
    interrupted trial keeps them, as every run that did not finish does.
    """
    run_id = find_trial_run(parent_run_id, trial)
    if run_id is None:
        return
    client = MlflowClient()
    client.set_tag(run_id, TRIAL_STATE_TAG, state)
    if note:
        client.set_tag(run_id, NOTE_TAG, note[:5000])
    client.set_terminated(run_id, status=RUN_STATUS[state])
    if state == "PRUNED" and (checkpoint_root := client.get_run(run_id).data.tags.get(CHECKPOINT_TAG)):
        drop_resume_checkpoints(Path(checkpoint_root))


def open_parent_run(study: optuna.Study, spec: SweepSpec, storage: str, experiment_id: str) -> str:
    """The study's MLflow parent run, created on first use and reopened on resume; ``storage``: the study
    database's URL, password masked."""
    client = MlflowClient()
    run_id = study.user_attrs.get(PARENT_RUN_ATTR)
    if run_id is not None:
        try:
            run = client.get_run(run_id)
        except MlflowException:  # the study was started against another tracking store
            run = None
        if run is not None and run.info.lifecycle_stage == "active" and run.info.experiment_id == experiment_id:
            client.update_run(run_id, status="RUNNING")
            return run_id
    run = client.create_run(experiment_id, run_name=study.study_name, tags={
        "distill.study": study.study_name, "distill.storage": storage, "distill.sweep_file": spec.source,
        "mlflow.note.content": spec.description,
    })
    run_id = run.info.run_id
    params = {"sampler": spec.sampler.kind, "seed": spec.seed, "objective": spec.objective.metric,
              "direction": spec.objective.direction, "pruner": spec.pruner.kind,
              **{f"fixed.{key}": value for key, value in spec.fixed.items()},
              **{f"space.{parameter.name}": parameter.describe() for parameter in spec.space}}
    client.log_batch(run_id, params=[Param(key, str(value)[:6000]) for key, value in params.items()])
    if spec.text:
        client.log_text(run_id, spec.text, "sweep.yaml")
    study.set_user_attr(PARENT_RUN_ATTR, run_id)
    return run_id

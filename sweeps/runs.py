"""MLflow runs of a sweep: one parent run per study, one nested run per trial, both in the sweep experiment.

A trial's run is the training run (``distill.training.train`` with the parent's id), named
``trial-<number>`` and tagged with the trial's final Optuna state.
"""

from __future__ import annotations

from mlflow import MlflowClient

from distill.tracking import TRIAL_STATE_TAG

NOTE_TAG = "distill.note"
RUN_STATUS = {"COMPLETE": "FINISHED", "PRUNED": "KILLED", "FAIL": "FAILED"}


def trial_run_name(number: int) -> str:
    return f"trial-{number}"


def find_trial_run(parent_run_id: str, number: int) -> str | None:
    """The id of trial ``number``'s run under the parent run, if training got as far as starting it."""
    client = MlflowClient()
    parent = client.get_run(parent_run_id)
    runs = client.search_runs(
        [parent.info.experiment_id],
        filter_string=f"tags.`mlflow.parentRunId` = '{parent_run_id}' "
                      f"and tags.`mlflow.runName` = '{trial_run_name(number)}'",
        max_results=1,
    )
    return runs[0].info.run_id if runs else None


def mark_trial_run(parent_run_id: str, number: int, state: str, note: str = "") -> None:
    """Tag trial ``number``'s run with its Optuna ``state`` and end it accordingly (no-op without a run)."""
    run_id = find_trial_run(parent_run_id, number)
    if run_id is None:
        return
    client = MlflowClient()
    client.set_tag(run_id, TRIAL_STATE_TAG, state)
    if note:
        client.set_tag(run_id, NOTE_TAG, note[:5000])
    client.set_terminated(run_id, status=RUN_STATUS[state])


def ui_command(tracking_uri: str) -> str:
    """The one command that shows ``tracking_uri``'s runs in the MLflow UI."""
    if tracking_uri.startswith(("http://", "https://")):
        return f"open {tracking_uri} in a browser"
    return f"mlflow ui --backend-store-uri {tracking_uri}"

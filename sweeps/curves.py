"""Every trial's per-epoch curves on one chart: ``epoch_curves.png`` in the sweep's parent run.

The curves are the trial runs' own MLflow metric histories, one line per trial, named by its run
(what the trial varies: ``cosine · bytescnn-small · #3``) and coloured by its loss. Losses differ in
scale (AEC's and MSE's ``train_loss`` lie orders of magnitude apart), so each trial's training losses are
drawn relative to their first epoch; the alignment metrics, which mean the same whatever the loss,
share one axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mlflow import MlflowClient
from optuna.trial import TrialState

from distill.evaluation import style
from sweeps.accounting import SweepTrials
from sweeps.runs import trial_run_name
from sweeps.spec import ALIGNMENT_METRICS

if TYPE_CHECKING:
    from matplotlib.artist import Artist

RELATIVE = ("train_loss", "context_loss")  # drawn ÷ the trial's first value
SHARED = ("recall_at_1", "mean_cosine")
MARKERS_UP_TO = 30  # points per line; longer lines are drawn without markers


@dataclass(frozen=True)
class TrialCurves:
    """One trial's per-epoch metrics: ``history[metric]`` lists (epoch, value) in epoch order."""

    name: str  # its run's name
    loss: str
    state: TrialState
    history: dict[str, list[tuple[int, float]]]


def curve_metrics(objective: str) -> list[str]:
    """The training losses, recall@1, mean cosine, and the ``objective`` where it is a per-epoch metric."""
    return [*RELATIVE, *SHARED, *([objective] if objective in ALIGNMENT_METRICS and objective not in
                                  (*RELATIVE, *SHARED) else [])]


def read_curves(client: MlflowClient, parent_run_id: str, trials: SweepTrials,
                metrics: Sequence[str]) -> list[TrialCurves]:
    """The ``metrics`` curves of every trial that started a run (superseded attempts and grid duplicates left
    out), each named by its run and labelled with the loss its record says it trained with."""
    parent = client.get_run(parent_run_id)
    runs = {run.info.run_name: run for run in client.search_runs(
        [parent.info.experiment_id], filter_string=f"tags.`mlflow.parentRunId` = '{parent_run_id}'",
        max_results=50_000)}
    curves = []
    for trial, record in trials.listed:
        run = runs.get(trial_run_name(trial))
        if run is None or trial.number in trials.retried:
            continue
        history = {metric: [(point.step, point.value) for point in sorted(
                       client.get_metric_history(run.info.run_id, metric), key=lambda point: point.step)]
                   for metric in metrics if metric in run.data.metrics}
        curves.append(TrialCurves(run.info.run_name, record.config.get("loss", ""), trial.state, history))
    return curves


def plot_curves(curves: Sequence[TrialCurves], path: Path) -> None:
    """One panel per metric, one line per trial; colour by loss when losses vary, else one per trial."""
    from matplotlib.ticker import MaxNLocator

    metrics = list(dict.fromkeys(name for curve in curves for name in curve.history))
    losses = list(dict.fromkeys(curve.loss for curve in curves))
    by_loss = len(losses) > 1
    curves = sorted(curves, key=lambda curve: losses.index(curve.loss))  # the legend lists trials by loss
    colours = style.group_colours(curve.loss if by_loss else curve.name for curve in curves)
    columns = min(2, len(metrics))
    rows = -(-len(metrics) // columns)
    legend_rows = -(-len(curves) // 2)
    with style.chart(path, rows=rows, columns=columns, height=2.4 * rows + 0.6 + 0.2 * legend_rows) as (figure,
                                                                                                        axes):
        for axis, metric in zip(axes.flat, metrics):
            relative = metric in RELATIVE
            drawn_in_group: dict[str, int] = {}
            for curve in curves:
                points = curve.history.get(metric, [])
                key = curve.loss if by_loss else curve.name
                index = drawn_in_group[key] = drawn_in_group.get(key, -1) + 1
                if not points:
                    continue
                first = points[0][1] if relative and points[0][1] else 1.0
                finished = curve.state == TrialState.COMPLETE
                axis.plot([epoch for epoch, _ in points], [value / first for _, value in points],
                          color=colours[key], linestyle=style.LINESTYLES[index % len(style.LINESTYLES)],
                          marker="o" if len(points) <= MARKERS_UP_TO else None, markersize=3,
                          linewidth=1.6 if finished else 1.0, alpha=1.0 if finished else 0.6,
                          label=curve.name if finished else f"{curve.name} ({curve.state.name.lower()})")
            axis.set_title(f"{metric} ÷ its first epoch" if relative else metric)
            axis.set_xlabel("epoch")
            axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        for axis in axes.flat[len(metrics):]:
            axis.set_visible(False)
        handles: dict[str, Artist] = {}
        for axis in axes.flat:
            for handle, label in zip(*axis.get_legend_handles_labels()):
                handles.setdefault(label, handle)
        figure.legend(list(handles.values()), list(handles), loc="outside lower center", ncols=2)

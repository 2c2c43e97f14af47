"""The study summary the parent run holds: every trial, the best configuration, plots, Tables 2 and 3.

:func:`log_summary` writes it to the parent run at the end of a sweep (or of its interruption), from the trials'
records alone (:class:`~sweeps.trial_record.TrialRecord`: what each trial ran and measured). Files written by
:func:`write_summary`:

* ``trials.csv`` / ``trials.md``: one row per trial (grid duplicates left out), with its
  parameters, objective, last alignment metrics, MLflow run and what went wrong;
* ``best.yaml``: the best trial's parameters and the full training configuration that
  reproduces it (``distill train --config``-ready under ``config``);
* ``optimization_history.png`` (once a trial completed); ``param_importances.png`` for searches;
  ``objective_by_loss_and_student.png`` for grids;
* ``epoch_curves.png``: every trial's per-epoch curves on one chart (``sweeps.curves``);
* ``evaluation/``: with an evaluation section, Table 2 and Table 3 over every completed trial (the paper's
  Tables 2 and 3 compare its whole grid so; the baseline's scores are the first trial's, as every trial scores the
  same model on the same samples), and ``differences.png``, each student's difference from the baseline grouped
  by loss;
* ``summary.md``: the whole summary as text (counts, best trial, trial table, Tables 2 and 3), which the
  quickstart names instead of printing it (its verdict: :mod:`sweeps.verdict`).
"""

from __future__ import annotations

import csv
import math
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import mlflow
import optuna
import yaml
from mlflow import MlflowClient
from optuna.trial import FrozenTrial, TrialState

from distill.evaluation import BASELINE, ScoreTable, differences, paired_tests, style, summarize
from distill.evaluation.report import render, write_report
from distill.evaluation.settings import EvaluationSettings
from distill.files.markdown import markdown_table
from distill.swap.vocabulary_free import SUFFIX
from sweeps.accounting import SweepTrials
from sweeps.curves import curve_metrics, plot_curves, read_curves
from sweeps.evaluation import STUDENT, STUDENT_VOCABULARY_FREE
from sweeps.runs import trial_run_name
from sweeps.spec import GRID, SweepSpec, experimental_api
from sweeps.verdict import Verdict, study_verdict

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

TRIALS = "trials"
BEST = "best.yaml"
HISTORY_PLOT = "optimization_history.png"
IMPORTANCE_PLOT = "param_importances.png"
GRID_PLOT = "objective_by_loss_and_student.png"
CURVES_PLOT = "epoch_curves.png"
EVALUATION_FOLDER = "evaluation"
SUMMARY = "summary.md"
SHOWN_METRICS = ("recall_at_1", "mean_cosine", "rel_norm_error")


@dataclass
class StudySummary:
    rows: list[dict[str, Any]]
    best: dict[str, Any] | None
    text: str  # Markdown: counts, best trial, trial table, evaluation tables
    counts: dict[str, int]  # trials per final state: COMPLETE, PRUNED, FAIL
    verdict: Verdict | None = None  # the best student against the baseline, with an evaluation section


def trial_rows(trials: SweepTrials, spec: SweepSpec) -> list[dict[str, Any]]:
    rows = []
    for trial, record in trials.listed:
        note = record.error or ""
        if trial.number in trials.retried:
            note = f"lost or interrupted; run again as trial {trials.retried[trial.number]}"
        elif trial.state == TrialState.PRUNED:
            note = f"pruned after epoch {trial.last_step}"
        rows.append({
            "trial": trial.number,
            "label": trial_run_name(trial),
            "state": trial.state.name,
            **{parameter.name: trial.params.get(parameter.name) for parameter in spec.space},
            "objective": trial.value if trial.state == TrialState.COMPLETE else None,
            **{name: record.metrics.get(name) for name in SHOWN_METRICS},
            "seconds": trial.duration.total_seconds() if trial.duration else None,
            "mlflow_run": record.run_id,
            "note": note,
        })
    return rows


def _cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value).replace("|", "/").replace("\n", " ")


def rows_markdown(rows: list[dict[str, Any]], metric: str) -> str:
    """The trial table for people: the CSV's columns but label and run id, the objective named."""
    if not rows:
        return "(no trials)\n"
    columns = [name for name in rows[0] if name not in ("label", "mlflow_run")]
    header = [f"objective: {metric}" if name == "objective" else name for name in columns]
    return markdown_table(header, [[_cell(row[name]) for name in columns] for row in rows]) + "\n"


def best_configuration(study: optuna.Study, trials: SweepTrials, spec: SweepSpec) -> dict[str, Any] | None:
    """The best trial, and the training configuration it ran (``distill train --config``-ready)."""
    if not trials.complete():
        return None
    best = study.best_trial
    record = next(record for trial, record in trials.listed if trial.number == best.number)  # complete: listed
    return {
        "trial": best.number,
        "label": trial_run_name(best),
        "objective": {"metric": spec.objective.metric, "direction": spec.objective.direction, "value": best.value},
        "params": best.params,
        "mlflow_run": record.run_id,
        "config": record.config,
    }


def log_summary(study: optuna.Study, spec: SweepSpec, run_id: str, status: str) -> StudySummary:
    """Write the summary files as the parent run's artifacts, its text as the run's note, counts and the best
    value as summary metrics (single values, no step); end the run with ``status`` unless it is RUNNING."""
    client = MlflowClient()
    with tempfile.TemporaryDirectory() as folder:
        trials = SweepTrials.of(study)  # each trial's record decoded once for the whole summary
        curves = read_curves(client, run_id, trials, curve_metrics(spec.objective.metric))
        summary = write_summary(study, spec, Path(folder), trials)
        if any(curve.history for curve in curves):
            plot_curves(curves, Path(folder) / CURVES_PLOT)
        client.log_artifacts(run_id, folder)
    metrics: dict[str, float] = {f"trials_{state.lower()}": count for state, count in summary.counts.items()}
    if summary.best is not None:
        metrics[f"best/{spec.objective.metric}"] = summary.best["objective"]["value"]
    mlflow.log_metrics(metrics, run_id=run_id)
    note = f"{spec.description}\n\n{summary.text}" if spec.description else summary.text  # keep what it is for
    client.set_tag(run_id, "mlflow.note.content", note)
    if status != "RUNNING":
        client.set_terminated(run_id, status=status)
    return summary


def write_summary(study: optuna.Study, spec: SweepSpec, folder: Path, trials: SweepTrials) -> StudySummary:
    """Write every summary file into ``folder`` but the per-epoch chart (:func:`log_summary` draws it) and return
    the summary; ``trials`` are the study's, each record decoded once (:meth:`SweepTrials.of`)."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = trial_rows(trials, spec)
    if rows:
        with (folder / f"{TRIALS}.csv").open("w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    table = rows_markdown(rows, spec.objective.metric)
    (folder / f"{TRIALS}.md").write_text(table)
    best = best_configuration(study, trials, spec)
    if best is not None:
        (folder / BEST).write_text(yaml.safe_dump(best, sort_keys=False))
    _plot(study, trials, spec, folder)

    counts = {state: sum(row["state"] == state for row in rows) for state in ("COMPLETE", "PRUNED", "FAIL")}
    objective = spec.objective
    lines = [f"Sweep {study.study_name}: {len(rows)} trials, "
             + ", ".join(f"{count} {state.lower()}" for state, count in counts.items()),
             f"Objective: {objective.metric} ({objective.direction})"]
    if best is not None:
        value = best["objective"]["value"]
        lines.append(f"Best: trial {best['trial']} ({best['label']}), {objective.metric} = {value:.4g}")
    text = "\n".join(lines) + "\n\n" + table
    students, losses = {}, {}
    for trial, record in trials.complete():
        if record.scores is not None:
            students[trial_run_name(trial)] = record.scores  # named as its MLflow run
            losses[trial_run_name(trial)] = record.config.get("loss", "")
    verdict = None
    if spec.evaluation is not None and students:
        text += "\n" + write_tables(students, spec.evaluation, folder / EVALUATION_FOLDER, losses)
        if best is not None:
            verdict = study_verdict(combined_scores(students), best, objective.metric, spec.evaluation.alpha)
    (folder / SUMMARY).write_text(text)
    return StudySummary(rows, best, text, counts, verdict)


def combined_scores(students: Mapping[str, ScoreTable]) -> ScoreTable:
    """One score table: the baseline (from the first trial) and each trial's student under its label."""
    first = next(iter(students.values()))
    table = ScoreTable(list(first.seeds), fingerprints=dict(first.fingerprints))
    entries = [(BASELINE, BASELINE, first)] + [(label + suffix, model, scores) for label, scores in students.items()
                                               for model, suffix in ((STUDENT, ""), (STUDENT_VOCABULARY_FREE, SUFFIX))]
    for label, model, scores in entries:
        for key, values in scores.values.items():
            if key.model == model:
                table.values[key._replace(model=label)] = list(values)
    return table


def write_tables(students: Mapping[str, ScoreTable], settings: EvaluationSettings, folder: Path,
                 groups: Mapping[str, str]) -> str:
    """Write Table 2 / Table 3 (CSV, Markdown), the differences between students and the charts for ``students``
    (label → scores), each student's differences coloured by its group in ``groups`` (label → loss); return
    Tables 2 and 3 as text (the differences table, a row per pair of students, stays in its files)."""
    scores = combined_scores(students)
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, settings.alpha)
    diffs = differences(scores, BASELINE, settings.alpha)
    write_report(folder, scores, summaries, tests, diffs, {**groups, **{label + SUFFIX: group
                                                                       for label, group in groups.items()}})
    return render(summaries, tests, settings.seeds) + (
        f"\nDifferences between students, with intervals and effect sizes: {folder.name}/differences.md "
        "(and .csv, differences.png) among the sweep run's artifacts\n")


def _plot(study: optuna.Study, trials: SweepTrials, spec: SweepSpec, folder: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from optuna.visualization import matplotlib as optuna_plots

    complete = [trial for trial, _ in trials.complete()]
    if not complete:  # nothing to draw: Optuna's history chart would warn "No artists with labels" on stderr
        return
    with experimental_api():
        figures = {HISTORY_PLOT: _figure_of(optuna_plots.plot_optimization_history(study))}
        if spec.sampler.kind != GRID and len(complete) >= 2:
            figures[IMPORTANCE_PLOT] = _figure_of(optuna_plots.plot_param_importances(study))
    for name, figure in figures.items():
        figure.tight_layout()
        figure.savefig(folder / name, dpi=style.DPI)
        plt.close(figure)
    if spec.sampler.kind == GRID and complete:
        _grid_chart(complete, spec, folder / GRID_PLOT)


def _figure_of(axes: Axes) -> Figure:
    """The figure of one of Optuna's charts (a figure of its own, never a subfigure)."""
    from matplotlib.figure import Figure

    figure = axes.figure
    assert isinstance(figure, Figure)
    return figure


def _grid_chart(trials: list[FrozenTrial], spec: SweepSpec, path: Path) -> None:
    """Bars of the objective: one group per loss (or first grid parameter), one bar per student.

    Where other grid parameters vary too, a bar shows the best trial of its loss and student.
    """
    names = [parameter.name for parameter in spec.space]
    across = "loss" if "loss" in names else names[0]
    within = "student" if "student" in names and across != "student" else None
    groups = list(dict.fromkeys(str(trial.params[across]) for trial in trials))
    series = list(dict.fromkeys(str(trial.params[within]) for trial in trials)) if within else [spec.objective.metric]
    pick = max if spec.objective.direction == "maximize" else min
    best: dict[tuple[str, str], float] = {}
    for trial in trials:
        key = (str(trial.params[across]), str(trial.params[within]) if within else spec.objective.metric)
        value = trial.value
        assert value is not None  # a complete trial of a single-objective study has its value
        best[key] = pick(best.get(key, value), value)
    width = 0.8 / len(series)
    colours = style.group_colours(series if within else groups)  # one series: each loss its own colour
    with style.chart(path, height=3.6) as (figure, axes):
        axis = axes[0][0]
        for index, name in enumerate(series):
            shown = [(position, group, best[(group, name)]) for position, group in enumerate(groups)
                     if (group, name) in best]
            axis.bar([position + index * width for position, _, _ in shown], [value for _, _, value in shown], width,
                     label=name, color=[colours[name if within else group] for _, group, _ in shown])
        axis.set_xticks([position + 0.4 - width / 2 for position in range(len(groups))], groups, rotation=30,
                        ha="right")
        axis.set_xlabel(across)
        axis.set_ylabel(spec.objective.metric)
        axis.set_title(f"{spec.objective.metric} ({spec.objective.direction}), best trial per bar")
        axis.grid(axis="x", visible=False)
        if within:
            figure.legend(loc="outside lower center", ncols=min(len(series), 4))

"""The study summary the parent run holds: every trial, the best configuration, plots, Tables 2 and 3.

Files written by :func:`write_summary`:

* ``trials.csv`` / ``trials.md``: one row per trial (grid duplicates left out), with its
  parameters, objective, last alignment metrics, MLflow run and what went wrong;
* ``best.yaml``: the best trial's parameters and the full training configuration that
  reproduces it (``distill train --config``-ready under ``config``);
* ``optimization_history.png``; ``param_importances.png`` for searches;
  ``objective_by_loss_and_student.png`` for grids;
* ``evaluation/``: with an evaluation section, Table 2 and Table 3 over every completed trial.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import optuna
import yaml
from optuna.trial import FrozenTrial, TrialState

from distill.evaluation.report import markdown_table
from sweeps.evaluation import write_tables
from sweeps.spec import SweepSpec, experimental_api
from sweeps.study import (
    ERROR_ATTR,
    LABEL_ATTR,
    METRICS_ATTR,
    RUN_ATTR,
    SCORES_ATTR,
    SURPLUS_ATTR,
    retry_of,
)

TRIALS = "trials"
BEST = "best.yaml"
HISTORY_PLOT = "optimization_history.png"
IMPORTANCE_PLOT = "param_importances.png"
GRID_PLOT = "objective_by_loss_and_student.png"
EVALUATION_FOLDER = "evaluation"
SHOWN_METRICS = ("recall_at_1", "mean_cosine", "rel_norm_error")


@dataclass
class StudySummary:
    rows: list[dict[str, Any]]
    best: dict[str, Any] | None
    text: str  # Markdown: counts, best trial, trial table, evaluation tables
    counts: dict[str, int]  # trials per final state: COMPLETE, PRUNED, FAIL


def listed_trials(study: optuna.Study) -> list[FrozenTrial]:
    return [trial for trial in study.get_trials(deepcopy=False) if not trial.user_attrs.get(SURPLUS_ATTR)]


def trial_rows(study: optuna.Study, spec: SweepSpec) -> list[dict[str, Any]]:
    trials = listed_trials(study)
    retried = retry_of(study.get_trials(deepcopy=False))
    rows = []
    for trial in trials:
        metrics = trial.user_attrs.get(METRICS_ATTR, {})
        note = trial.user_attrs.get(ERROR_ATTR, "")
        if trial.number in retried:
            note = f"lost or interrupted; run again as trial {retried[trial.number]}"
        elif trial.state == TrialState.PRUNED:
            note = f"pruned after epoch {trial.last_step}"
        rows.append({
            "trial": trial.number,
            "label": trial.user_attrs.get(LABEL_ATTR, spec.label(trial.params, trial.number)),
            "state": trial.state.name,
            **{parameter.name: trial.params.get(parameter.name) for parameter in spec.space},
            "objective": trial.value if trial.state == TrialState.COMPLETE else None,
            **{name: metrics.get(name) for name in SHOWN_METRICS},
            "seconds": trial.duration.total_seconds() if trial.duration else None,
            "mlflow_run": trial.user_attrs.get(RUN_ATTR),
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
    return markdown_table(header, [[_cell(row[name]) for name in columns] for row in rows])


def best_configuration(study: optuna.Study, spec: SweepSpec) -> dict[str, Any] | None:
    complete = [trial for trial in listed_trials(study) if trial.state == TrialState.COMPLETE]
    if not complete:
        return None
    best = study.best_trial
    config = spec.trial_config(best.params).to_dict()
    config.pop("run_name")
    return {
        "trial": best.number,
        "label": best.user_attrs.get(LABEL_ATTR),
        "objective": {"metric": spec.objective.metric, "direction": spec.objective.direction, "value": best.value},
        "params": best.params,
        "mlflow_run": best.user_attrs.get(RUN_ATTR),
        "config": config,
    }


def write_summary(study: optuna.Study, spec: SweepSpec, folder: Path) -> StudySummary:
    """Write every summary file into ``folder`` and return the summary's text."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = trial_rows(study, spec)
    if rows:
        with (folder / f"{TRIALS}.csv").open("w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    table = rows_markdown(rows, spec.objective.metric)
    (folder / f"{TRIALS}.md").write_text(table)
    best = best_configuration(study, spec)
    if best is not None:
        (folder / BEST).write_text(yaml.safe_dump(best, sort_keys=False))
    _plot(study, spec, folder)

    counts = {state: sum(row["state"] == state for row in rows) for state in ("COMPLETE", "PRUNED", "FAIL")}
    objective = spec.objective
    lines = [f"Sweep {study.study_name}: {len(rows)} trials, "
             + ", ".join(f"{count} {state.lower()}" for state, count in counts.items()),
             f"Objective: {objective.metric} ({objective.direction})"]
    if best is not None:
        value = best["objective"]["value"]
        lines.append(f"Best: trial {best['trial']} ({best['label']}), {objective.metric} = {value:.4g}")
    text = "\n".join(lines) + "\n\n" + table
    students = [(trial.user_attrs[LABEL_ATTR], trial.user_attrs[SCORES_ATTR]) for trial in listed_trials(study)
                if trial.state == TrialState.COMPLETE and SCORES_ATTR in trial.user_attrs]
    if spec.evaluation is not None and students:
        text += "\n" + write_tables(students, spec.evaluation, folder / EVALUATION_FOLDER)
    return StudySummary(rows, best, text, counts)


def _plot(study: optuna.Study, spec: SweepSpec, folder: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from optuna.visualization import matplotlib as optuna_plots

    complete = [trial for trial in listed_trials(study) if trial.state == TrialState.COMPLETE]
    with experimental_api():
        figures = {HISTORY_PLOT: optuna_plots.plot_optimization_history(study).figure}
        if not spec.is_grid and len(complete) >= 2:
            figures[IMPORTANCE_PLOT] = optuna_plots.plot_param_importances(study).figure
    if spec.is_grid and complete:
        figures[GRID_PLOT] = _grid_chart(complete, spec)
    for name, figure in figures.items():
        figure.tight_layout()
        figure.savefig(folder / name, dpi=120)
        plt.close(figure)


def _grid_chart(trials: list[FrozenTrial], spec: SweepSpec) -> Any:
    """Bars of the objective: one group per loss (or first grid parameter), one bar per student.

    Where other grid parameters vary too, a bar shows the best trial of its loss and student.
    """
    import matplotlib.pyplot as plt

    names = [parameter.name for parameter in spec.space]
    across = "loss" if "loss" in names else names[0]
    within = "student" if "student" in names and across != "student" else None
    groups = list(dict.fromkeys(str(trial.params[across]) for trial in trials))
    series = list(dict.fromkeys(str(trial.params[within]) for trial in trials)) if within else [spec.objective.metric]
    pick = max if spec.objective.direction == "maximize" else min
    best: dict[tuple[str, str], float] = {}
    for trial in trials:
        key = (str(trial.params[across]), str(trial.params[within]) if within else spec.objective.metric)
        best[key] = pick(best.get(key, trial.value), trial.value)
    width = 0.8 / len(series)
    figure, axis = plt.subplots(figsize=(max(5.0, 1.0 + 0.5 * len(groups) * len(series)), 4))
    for index, name in enumerate(series):
        shown = [(position, best[(group, name)]) for position, group in enumerate(groups) if (group, name) in best]
        axis.bar([position + index * width for position, _ in shown], [value for _, value in shown], width, label=name)
    axis.set_xticks([position + 0.4 - width / 2 for position in range(len(groups))], groups, rotation=30, ha="right")
    axis.set_xlabel(across)
    axis.set_ylabel(spec.objective.metric)
    axis.set_title(f"{spec.objective.metric} ({spec.objective.direction})", fontsize="medium")
    if within:
        axis.legend(fontsize="small")
    return figure

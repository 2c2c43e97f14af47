"""Evaluation tables and chart, laid out like the paper.

* ``table2_scores``: mean ± std over seeds per task × metric × model × dataset (Table 2).
* ``table3_p_values``: paired t-test p-values per student × dataset × metric (Table 3);
  in Markdown, bold marks a student not significantly different from the baseline, as
  the paper highlights the cases where the null hypothesis cannot be rejected.
* ``per_seed_scores``: every score with the fingerprint of the samples it was computed on.
* ``scores.png``: bars with ±std error bars, one panel per metric.

Each table is written as CSV (long form, one row per value) and as Markdown.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable
from pathlib import Path

from distill.evaluation.statistics import PairedTest, ScoreTable, Summary

TABLE2 = "table2_scores"
TABLE3 = "table3_p_values"
PER_SEED = "per_seed_scores"
CHART = "scores.png"


def _ordered(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _format_p(p_value: float) -> str:
    return "nan" if math.isnan(p_value) else f"{p_value:.3g}"


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def table2_rows(summaries: list[Summary]) -> list[dict[str, object]]:
    return [{**summary.key._asdict(), "mean": summary.mean, "std": summary.std} for summary in summaries]


def table2_markdown(summaries: list[Summary]) -> str:
    datasets = _ordered(summary.key.dataset for summary in summaries)
    cells = {summary.key: f"{summary.mean:.4f} ± {summary.std:.4f}" for summary in summaries}
    models = _ordered(summary.key.model for summary in summaries)
    rows = [
        [task, metric, model, *(cells.get((model, dataset, task, metric), "") for dataset in datasets)]
        for task, metric in _ordered((s.key.task, s.key.metric) for s in summaries)
        for model in models
    ]
    return markdown_table(["task", "metric", "model", *datasets], rows)


def table3_rows(tests: list[PairedTest]) -> list[dict[str, object]]:
    return [
        {"student": test.key.model, "dataset": test.key.dataset, "task": test.key.task, "metric": test.key.metric,
         "statistic": test.statistic, "p_value": test.p_value, "alpha": test.alpha, "significant": test.significant}
        for test in tests
    ]


def table3_markdown(tests: list[PairedTest]) -> str:
    columns = _ordered((test.key.dataset, test.key.metric) for test in tests)
    by_student: dict[str, dict[tuple[str, str], PairedTest]] = {}
    for test in tests:
        by_student.setdefault(test.key.model, {})[(test.key.dataset, test.key.metric)] = test
    alpha = tests[0].alpha
    rows = []
    for student, found in by_student.items():
        cells = [_format_p(found[c].p_value) if c in found else "" for c in columns]
        cells = [f"{cell} n.s." if column in found and not found[column].significant else cell
                 for column, cell in zip(columns, cells)]
        differing = sum(test.significant for test in found.values())
        verdict = ("all scores" if differing == len(found) else "none (not significantly different)"
                   if differing == 0 else f"{differing}/{len(found)} scores")
        rows.append([student, *cells, verdict])
    header = ["student", *(f"{dataset} {metric}" for dataset, metric in columns),
              f"significantly different from baseline (α={alpha:g})"]
    note = (f"\np-values of two-sided paired t-tests over seeds against the baseline; "
            f"n.s.: not significantly different at α={alpha:g} (which is not the same as equal).\n")
    return markdown_table(header, rows) + note


def per_seed_rows(scores: ScoreTable) -> list[dict[str, object]]:
    return [
        {**key._asdict(), "seed": seed, "value": value,
         "samples": scores.fingerprints[(key.dataset, key.task, seed)]}
        for key, values in scores.values.items()
        for seed, value in zip(scores.seeds, values)
    ]


def write_csv(path: Path, rows: list[dict[str, object]]) -> None:
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def plot_scores(summaries: list[Summary], path: Path) -> None:
    """One panel per metric: for each dataset a group of bars, one per model, with ±std error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metrics = _ordered(summary.key.metric for summary in summaries)
    models = _ordered(summary.key.model for summary in summaries)
    datasets = _ordered(summary.key.dataset for summary in summaries)
    found = {(s.key.model, s.key.dataset, s.key.metric): s for s in summaries}
    width = 0.8 / len(models)
    figure, axes = plt.subplots(1, len(metrics), figsize=(4 + 2 * len(datasets) * len(metrics), 4), squeeze=False)
    for axis, metric in zip(axes[0], metrics):
        for index, model in enumerate(models):
            shown = [(position, found[(model, dataset, metric)]) for position, dataset in enumerate(datasets)
                     if (model, dataset, metric) in found]
            axis.bar([position + index * width for position, _ in shown], [s.mean for _, s in shown], width,
                     yerr=[0 if math.isnan(s.std) else s.std for _, s in shown], capsize=3, label=model)
        axis.set_xticks([position + 0.4 - width / 2 for position in range(len(datasets))], datasets)
        axis.set_title(metric)
    figure.tight_layout()
    handles, labels = axes[0][0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0), ncol=min(len(models), 3),
                  fontsize="small")
    figure.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(figure)


def write_report(folder: Path, scores: ScoreTable, summaries: list[Summary], tests: list[PairedTest]) -> list[Path]:
    """Write every table (CSV and Markdown) and the chart into ``folder``; return the files."""
    folder.mkdir(parents=True, exist_ok=True)
    write_csv(folder / f"{TABLE2}.csv", table2_rows(summaries))
    (folder / f"{TABLE2}.md").write_text(table2_markdown(summaries))
    write_csv(folder / f"{PER_SEED}.csv", per_seed_rows(scores))
    write_csv(folder / f"{TABLE3}.csv", table3_rows(tests))
    (folder / f"{TABLE3}.md").write_text(table3_markdown(tests))
    plot_scores(summaries, folder / CHART)
    return sorted(folder.iterdir())


MIN_SEEDS_FOR_POWER = 5


def seeds_warning(seeds: int) -> str:
    """A warning when a paired t-test over ``seeds`` pairs has little power, else ""."""
    if seeds >= MIN_SEEDS_FOR_POWER:
        return ""
    return (f"warning: {seeds} seeds: a paired t-test over fewer than {MIN_SEEDS_FOR_POWER} seeds rarely finds a "
            "difference, so 'not significantly different' says little here; use --seeds 5 or more.\n\n")


def render(summaries: list[Summary], tests: list[PairedTest], seeds: int = MIN_SEEDS_FOR_POWER) -> str:
    """The text printed at the end of ``distill evaluate``: both tables in Markdown (plain text in a terminal)."""
    return (
        seeds_warning(seeds)
        + "Scores, mean ± std over seeds (Table 2)\n\n" + table2_markdown(summaries)
        + "\nPaired t-tests against the baseline (Table 3)\n\n" + table3_markdown(tests)
    )

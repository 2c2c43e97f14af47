"""Evaluation tables and chart, laid out like the paper.

* ``table2_scores``: mean ± std over seeds per task × metric × model × dataset (Table 2).
* ``table3_p_values``: paired t-test p-values per student × dataset × metric (Table 3);
  ``n.s.`` marks a student not significantly different from the baseline, the cases the
  paper highlights because the null hypothesis cannot be rejected.
* ``differences``: each student minus the baseline, and each student minus each other, with the
  95 % interval of the mean paired difference, Cohen's d_z and Holm-adjusted paired t-tests.
* ``per_seed_scores``: every score with the fingerprint of the samples it was computed on.
* ``scores.png``: bars with ±std error bars, one panel per metric.
* ``differences.png``: each student's difference from the baseline with its 95 % interval, one
  panel per metric, students grouped and coloured by their loss (students apart from the baseline's
  1.0 are told apart here).

Each table is written as CSV (long form, one row per value) and as Markdown.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from distill.evaluation import style
from distill.evaluation.statistics import Difference, PairedTest, ScoreKey, ScoreTable, Summary
from distill.files.markdown import markdown_table

TABLE2 = "table2_scores"
TABLE3 = "table3_p_values"
PER_SEED = "per_seed_scores"
CHART = "scores.png"
DIFFERENCES = "differences"
DIFFERENCE_CHART = "differences.png"

Key = TypeVar("Key", str, tuple[str, str])


def _ordered(values: Iterable[Key]) -> list[Key]:
    return list(dict.fromkeys(values))


def _format_p(p_value: float) -> str:
    return "nan" if math.isnan(p_value) else f"{p_value:.3g}"


def table2_rows(summaries: list[Summary]) -> list[dict[str, object]]:
    return [{**summary.key._asdict(), "mean": summary.mean, "std": summary.std} for summary in summaries]


def worst_domains(summaries: Iterable[Summary]) -> dict[tuple[str, str, str], Summary]:
    """(model, task, metric) → the summary of its worst dataset: the lowest mean (every metric is higher-better).

    A student faithful on the text it trained on can be far off on other text; the worst judged domain is
    the figure that cannot be raised by training on the judged domain alone.
    """
    worst: dict[tuple[str, str, str], Summary] = {}
    for summary in summaries:
        key = (summary.key.model, summary.key.task, summary.key.metric)
        if key not in worst or summary.mean < worst[key].mean:
            worst[key] = summary
    return worst


def table2_markdown(summaries: list[Summary]) -> str:
    """Table 2; with two or more datasets, a last column gives each row's worst dataset and its mean."""
    datasets = _ordered(summary.key.dataset for summary in summaries)
    cells = {summary.key: f"{summary.mean:.4f} ± {summary.std:.4f}" for summary in summaries}
    models = _ordered(summary.key.model for summary in summaries)
    worst = worst_domains(summaries) if len(datasets) > 1 else {}
    rows = [
        [task, metric, model, *(cells.get(ScoreKey(model, dataset, task, metric), "") for dataset in datasets),
         *([f"{worst[model, task, metric].mean:.4f} ({worst[model, task, metric].key.dataset})"] if worst else [])]
        for task, metric in _ordered((s.key.task, s.key.metric) for s in summaries)
        for model in models
        if any(ScoreKey(model, dataset, task, metric) in cells for dataset in datasets)  # spell-check first: fidelity
    ]
    return markdown_table(["task", "metric", "model", *datasets, *(["worst domain"] if worst else [])], rows) + "\n"


def table3_rows(tests: list[PairedTest]) -> list[dict[str, object]]:
    return [
        {"student": test.key.model, "dataset": test.key.dataset, "task": test.key.task, "metric": test.key.metric,
         "statistic": test.statistic, "p_value": test.p_value, "p_holm": test.adjusted, "alpha": test.alpha,
         "significant": test.significant}
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
        cells = [_format_p(found[c].adjusted) if c in found else "" for c in columns]
        cells = [f"{cell} n.s." if column in found and not found[column].significant else cell
                 for column, cell in zip(columns, cells)]
        differing = sum(test.significant for test in found.values())
        verdict = ("all scores" if differing == len(found) else "none (not significantly different)"
                   if differing == 0 else f"{differing}/{len(found)} scores")
        rows.append([student, *cells, verdict])
    header = ["student", *(f"{dataset} {metric}" for dataset, metric in columns),
              f"significantly different from baseline (α={alpha:g})"]
    note = (f"\np-values of two-sided paired t-tests over seeds against the baseline, Holm-adjusted over the students "
            f"tested on each score; n.s.: not significantly different at α={alpha:g} (which is not the same as "
            "equal).\n")
    return markdown_table(header, rows) + "\n" + note


def difference_rows(diffs: Sequence[Difference]) -> list[dict[str, object]]:
    return [{**diff.key._asdict(), "reference": diff.reference, "mean_difference": diff.mean, "ci_low": diff.low,
             "ci_high": diff.high, "effect_size_dz": diff.effect_size, "p_value": diff.p_value,
             "p_holm": diff.p_holm, "significant": diff.significant} for diff in diffs]


def differences_markdown(diffs: Sequence[Difference]) -> str:
    rows = [[diff.key.model, diff.reference, diff.key.dataset, diff.key.metric,
             f"{diff.mean:+.4f} [{diff.low:+.4f}, {diff.high:+.4f}]",
             "nan" if math.isnan(diff.effect_size) else f"{diff.effect_size:+.2f}",
             _format_p(diff.p_holm) + ("" if diff.significant else " n.s.")] for diff in diffs]
    header = ["model", "minus", "dataset", "metric", "mean difference [95 % CI]", "d_z", "p (Holm)"]
    alpha = diffs[0].alpha if diffs else 0.05
    note = (f"\nPaired over seeds; d_z: mean difference / sd of the differences; p: paired t-test, Holm-adjusted "
            f"within each score; n.s.: not significantly different at α={alpha:g}.\n")
    return markdown_table(header, rows) + "\n" + note


def per_seed_rows(scores: ScoreTable) -> list[dict[str, object]]:
    return [
        {**key._asdict(), "seed": seed, "value": value,
         "samples": scores.fingerprints[(key.dataset, key.task, seed)]}
        for key, values in scores.values.items()
        for seed, value in zip(scores.seeds, values)
    ]


def write_csv(path: Path, rows: Sequence[Mapping[str, object]]) -> None:
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def plot_scores(summaries: list[Summary], path: Path) -> None:
    """One panel per metric: for each dataset a group of bars, one per model, with ±std error bars."""
    metrics = _ordered(summary.key.metric for summary in summaries)
    models = _ordered(summary.key.model for summary in summaries)
    datasets = _ordered(summary.key.dataset for summary in summaries)
    found = {(s.key.model, s.key.dataset, s.key.metric): s for s in summaries}
    colours = style.group_colours(models)
    width = 0.8 / len(models)
    columns = min(len(metrics), 3)
    rows = math.ceil(len(metrics) / columns)
    with style.chart(path, rows=rows, columns=columns, height=0.6 + 2.6 * rows + 0.2 * len(models)) as (figure,
                                                                                                          axes):
        for axis, metric in zip(axes.flat, metrics):
            for index, model in enumerate(models):
                shown = [(position, found[(model, dataset, metric)]) for position, dataset in enumerate(datasets)
                         if (model, dataset, metric) in found]
                axis.bar([position + index * width for position, _ in shown], [s.mean for _, s in shown], width,
                         yerr=[0 if math.isnan(s.std) else s.std for _, s in shown], capsize=3, label=model,
                         color=colours[model])
            axis.set_xticks([position + 0.4 - width / 2 for position in range(len(datasets))], datasets)
            axis.set_title(metric)
            axis.grid(axis="x", visible=False)
        for axis in axes.flat[len(metrics):]:
            axis.set_visible(False)
        figure.suptitle("mean ± std over seeds")
        handles, labels = axes[0][0].get_legend_handles_labels()
        figure.legend(handles, labels, loc="outside lower center", ncols=min(len(models), 3))


def plot_differences(diffs: Sequence[Difference], path: Path, groups: Mapping[str, str] | None = None) -> None:
    """Each student's difference from the baseline with its 95 % interval over seeds, one panel per metric.

    Students are listed and coloured by their group in ``groups`` (model → the loss it was trained with),
    so the losses can be compared at a glance; a hollow marker is not significant (Holm-adjusted).
    """
    from matplotlib.lines import Line2D

    groups = groups or {}
    reference = diffs[0].reference
    from_baseline = [diff for diff in diffs if diff.reference == reference]
    models = _ordered(diff.key.model for diff in from_baseline)
    order = _ordered(groups.get(model, "") for model in models)
    models.sort(key=lambda model: order.index(groups.get(model, "")))
    datasets = _ordered(diff.key.dataset for diff in from_baseline)
    metrics = _ordered(diff.key.metric for diff in from_baseline)
    rows = [(model, dataset) for model in models for dataset in datasets
            if any(diff.key.model == model and diff.key.dataset == dataset for diff in from_baseline)]
    names = [model if len(datasets) == 1 else f"{model} · {dataset}" for model, dataset in rows]
    colours = style.group_colours(order)
    panel = 0.9 + 0.28 * len(rows)
    with style.chart(path, rows=len(metrics), height=0.5 + panel * len(metrics)) as (figure, axes):
        for axis, metric in zip(axes[:, 0], metrics):
            for diff in (diff for diff in from_baseline if diff.key.metric == metric):
                colour = colours[groups.get(diff.key.model, "")]
                axis.errorbar([diff.mean], [rows.index((diff.key.model, diff.key.dataset))],
                              xerr=[[diff.mean - diff.low], [diff.high - diff.mean]], fmt="o", capsize=3,
                              color=colour, markerfacecolor=colour if diff.significant else "white")
            axis.axvline(0.0, color="black", linewidth=0.8)
            axis.set_title(f"{metric}: student − {reference}, mean and 95 % interval over seeds")
            axis.set_yticks(range(len(rows)), names)
            axis.set_ylim(len(rows) - 0.5, -0.5)
            axis.grid(axis="y", visible=False)
        handles = [Line2D([], [], color=colour, marker="o", linestyle="", label=group)
                   for group, colour in colours.items() if group]
        handles.append(Line2D([], [], color="black", marker="o", markerfacecolor="white", linestyle="",
                              label="hollow: not significant (Holm)"))
        figure.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), 4),
                      title="loss" if len(handles) > 1 else None)


def write_report(folder: Path, scores: ScoreTable, summaries: list[Summary], tests: list[PairedTest],
                 diffs: Sequence[Difference] = (), groups: Mapping[str, str] | None = None) -> list[Path]:
    """Write every table (CSV and Markdown) and the charts into ``folder``; return the files.

    ``groups`` (model → the loss it was trained with) groups and colours the students in ``differences.png``.
    """
    folder.mkdir(parents=True, exist_ok=True)
    write_csv(folder / f"{TABLE2}.csv", table2_rows(summaries))
    (folder / f"{TABLE2}.md").write_text(table2_markdown(summaries))
    write_csv(folder / f"{PER_SEED}.csv", per_seed_rows(scores))
    write_csv(folder / f"{TABLE3}.csv", table3_rows(tests))
    (folder / f"{TABLE3}.md").write_text(table3_markdown(tests))
    plot_scores(summaries, folder / CHART)
    if diffs:
        write_csv(folder / f"{DIFFERENCES}.csv", difference_rows(diffs))
        (folder / f"{DIFFERENCES}.md").write_text(differences_markdown(diffs))
        plot_differences(diffs, folder / DIFFERENCE_CHART, groups)
    return sorted(folder.iterdir())


MIN_SEEDS_FOR_POWER = 5


def seeds_warning(seeds: int) -> str:
    """A warning when a paired t-test over ``seeds`` pairs has little power, else ""."""
    if seeds >= MIN_SEEDS_FOR_POWER:
        return ""
    return (f"warning: {seeds} seeds: a paired t-test over fewer than {MIN_SEEDS_FOR_POWER} seeds rarely finds a "
            "difference, so 'not significantly different' says little here; use --seeds 5 or more.\n\n")


MAX_SHARED = 0.1  # seeds sharing more of their sentences than this are far from independent samples


def overlap_warning(sizes: Mapping[str, int], samples: int, seeds: int) -> str:
    """A warning for each corpus of ``sizes`` (name → sentences) whose seeds share many sentences, else "".

    Each seed draws ``samples`` sentences without replacement, independently of the others, so two seeds share
    ``samples / sentences`` of them on average: their scores are correlated, and a paired t-test over seeds,
    which takes them as independent, gives optimistic p-values there.
    """
    if seeds < 2:
        return ""
    return "".join(
        f"warning: {name} has {size:,} sentences and each seed draws {samples}: two seeds share about "
        f"{samples / size:.0%} of their sentences, so the seeds are not independent and the p-values on {name} "
        f"are optimistic; use --samples {int(MAX_SHARED * size)} or fewer, or a larger corpus.\n\n"
        for name, size in sizes.items() if samples > MAX_SHARED * size)


def render(summaries: list[Summary], tests: list[PairedTest], seeds: int = MIN_SEEDS_FOR_POWER,
           diffs: Sequence[Difference] = (), sizes: Mapping[str, int] | None = None, samples: int = 0) -> str:
    """The text printed at the end of ``distill evaluate``: the tables in Markdown (plain text in a terminal),
    after the warnings about the seeds (few of them; ``samples`` drawn from corpora of ``sizes`` sentences)."""
    text = (
        seeds_warning(seeds) + overlap_warning(sizes or {}, samples, seeds)
        + "Scores, mean ± std over seeds (Table 2)\n\n" + table2_markdown(summaries)
        + "\nPaired t-tests against the baseline (Table 3)\n\n" + table3_markdown(tests)
    )
    if diffs:
        text += "\nDifferences between models, with effect sizes\n\n" + differences_markdown(diffs)
    return text

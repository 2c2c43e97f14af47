"""The claims a published study drew from its grid, each checked on a study's results with its figures.

The reference study (§3) concludes that the big BytesCNN beats the small one, that cosine-based losses beat
Euclidean ones, and that the swapped model is not more robust to noisy text without fine-tuning; this workbench
adds what its default student keeps of the model. Each claim is measured on the worst clean domain, on the
form the paper measures (the student baked into the table, read on the tokenizer's pieces), but robustness, which
is read on the vocabulary-free path the workbench ships.
"""

from __future__ import annotations

import math
import statistics

from distill.config.training import TrainConfig
from distill.evaluation import BASELINE
from distill.swap.vocabulary_free import SUFFIX
from sweeps.published import TASK_METRICS, PublishedStudy
from sweeps.results import CLEAN, Student, StudyResults, ratio

# Settings that say where and how a run is recorded, not what it trains: a trial with every other setting at
# distill train's default trains distill train's default student.
NOT_RECIPE = ("teacher", "work_dir", "eval_every", "checkpoint_every", "device", "seed", "run_name")


def grid_students(results: StudyResults) -> dict[tuple[str, str], Student]:
    """The students of the grid proper, by (family, loss): trials that set nothing of their own."""
    return {(student.family, student.loss): student for student in results.students
            if student.label == f"{student.family} · {student.loss}"}


def default_student(results: StudyResults) -> Student | None:
    """The trial that ran distill train's default recipe, if the study has one."""
    defaults = TrainConfig().validate().to_dict()
    for student in results.students:
        if all(student.config.get(key) == value for key, value in defaults.items() if key not in NOT_RECIPE):
            return student
    return None


def _worst(results: StudyResults, model: str, metric: str) -> float:
    return results.worst(model, metric, CLEAN)[0]


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else math.nan


def bigger_is_better(results: StudyResults, published: PublishedStudy) -> str:
    grid = grid_students(results)
    losses = [loss for (family, loss) in grid if family == "bytescnn-small" and ("bytescnn-big", loss) in grid]
    if not losses:
        return "- *The big BytesCNN beats the small one*: not measured (the study has no pair of sizes)."
    parts, everywhere = [], True
    reference = published.datasets[0]
    for metric in TASK_METRICS.values():
        gains = {loss: _worst(results, grid["bytescnn-big", loss].label, metric)
                 - _worst(results, grid["bytescnn-small", loss].label, metric) for loss in losses}
        wins = sum(gain > 0 for gain in gains.values())
        everywhere &= wins == len(losses)
        paper = [published.accuracy[("bytescnn-big", loss, metric, reference)]
                 - published.accuracy[("bytescnn-small", loss, metric, reference)]
                 for loss in losses if ("bytescnn-big", loss, metric, reference) in published.accuracy]
        paper_text = f" (paper, {reference}: {min(paper):+.4f} to {max(paper):+.4f})" if paper else ""
        parts.append(f"{metric}: big ahead under {wins} of {len(losses)} losses, big − small "
                     f"{min(gains.values()):+.4f} to {max(gains.values()):+.4f}{paper_text}")
    verdict = "holds" if everywhere else "does not hold under every loss"
    return f"- *The big BytesCNN beats the small one* {verdict} at this budget: " + "; ".join(parts) + "."


def cosine_beats_euclidean(results: StudyResults, published: PublishedStudy) -> str:
    grid = grid_students(results)
    claim = (f"*Cosine-based losses ({', '.join(published.cosine_based)}) beat Euclidean ones "
             f"({', '.join(published.euclidean)})*")
    families = [family for family in dict.fromkeys(family for family, _ in grid)
                if any((family, loss) in grid for loss in published.cosine_based)
                and any((family, loss) in grid for loss in published.euclidean)]
    if not families:
        return f"- {claim}: not measured (no student family trained under losses of both kinds)."
    parts, holds = [], True
    for family in families:
        for metric in TASK_METRICS.values():
            cosine = [loss for loss in published.cosine_based if (family, loss) in grid]
            euclid = [loss for loss in published.euclidean if (family, loss) in grid]
            ours = [_mean([_worst(results, grid[family, loss].label, metric) for loss in group])
                    for group in (cosine, euclid)]
            paper = [_mean([published.accuracy.get((family, loss, metric, published.datasets[0]), math.nan)
                            for loss in group]) for group in (cosine, euclid)]
            holds &= ours[0] > ours[1]
            paper_text = (f" (paper, the same losses: {paper[0]:.4f} vs {paper[1]:.4f})"
                          if not any(math.isnan(value) for value in paper) else "")
            parts.append(f"{family} {metric} {ours[0]:.4f} ({', '.join(cosine)}) vs {ours[1]:.4f} "
                         f"({', '.join(euclid)}){paper_text}")
    return (f"- {claim} {'holds' if holds else 'does not hold everywhere'}: mean of each group's worst-domain "
            "accuracy, " + "; ".join(parts) + ".")


def robustness(results: StudyResults) -> str:
    noises = [noise for noise in results.noises() if noise != CLEAN]
    if not noises:
        return "- *Not more robust to noise without fine-tuning*: not measured (no noise setting)."
    metric = TASK_METRICS["mlm"]
    ahead: dict[str, list[str]] = {}
    for student in results.students:
        for noise in noises:
            value, dataset = results.worst(student.label + SUFFIX, metric, noise)
            better = value > results.mean(BASELINE, dataset, metric)
            if better and results.holm_p(student.label + SUFFIX, dataset, metric) < results.alpha:
                ahead.setdefault(noise, []).append(student.label)
    counts = "; ".join(f"{noise}: {len(ahead.get(noise, []))} of {len(results.students)}"
                       + (f" ({', '.join(ahead[noise])})" if ahead.get(noise) else "") for noise in noises)
    return ("- *The swapped model is not more robust to noise without fine-tuning*: students whose vocabulary-free "
            f"{metric} on noisy text beats the untouched model's on the same text (worst domain, Holm p < "
            f"{results.alpha:g}): {counts}. The grid's students learn the table alone, as the paper's; the default "
            "student is trained on misspelt text (denoising context distillation).")


def default_figures(results: StudyResults) -> list[str]:
    student = default_student(results)
    if student is None:
        return []
    model = student.label + SUFFIX
    parts = []
    for metric in TASK_METRICS.values():
        value, baseline = _worst(results, model, metric), _worst(results, BASELINE, metric)
        parts.append(f"{metric} {value:.4f} against {baseline:.4f} ({ratio(value, baseline)}×)")
    noisy = []
    metric = TASK_METRICS["mlm"]
    for noise in (noise for noise in results.noises() if noise != CLEAN):
        value, dataset = results.worst(model, metric, noise)
        test = results.test(model, dataset, metric)
        p_values = "no test" if test is None else f"p = {test.p_value:.2g}, Holm {test.adjusted:.2g}"
        noisy.append(f"{noise} {value:.4f} against {results.mean(BASELINE, dataset, metric):.4f} ({p_values})")
    return [f"- *distill train's default student* ({student.label}), vocabulary-free, worst clean domain: "
            + "; ".join(parts) + (f". On noisy text, {metric}: " + "; ".join(noisy) if noisy else "") + "."]


def claims(results: StudyResults, published: PublishedStudy) -> list[str]:
    """One line per claim, with the figures that decide it."""
    return [bigger_is_better(results, published), cosine_beats_euclidean(results, published), robustness(results),
            *default_figures(results)]

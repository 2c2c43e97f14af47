"""The verdict a sweep with an evaluation ends with: which trial's student won, by how much it differs from the
untouched model on each judged domain (mean paired difference over seeds, its 95 % interval, the Holm-adjusted
p-value), which domain is its worst, and what to run next. The full tables stay in files (``summary.md`` and the
``evaluation/`` folder of the sweep's parent run); the verdict is the few lines a user reads first (issue 23).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from distill.evaluation import BASELINE, ScoreTable, differences
from distill.evaluation.statistics import Difference
from distill.swap.vocabulary_free import SUFFIX


@dataclass(frozen=True)
class DomainFigure:
    """The best student on one judged domain: its mean and the baseline's, and the difference between them."""

    dataset: str
    student_mean: float
    baseline_mean: float
    difference: Difference


@dataclass(frozen=True)
class Verdict:
    trial: int
    label: str  # the trial's MLflow run name
    run_id: str | None  # its training run
    model: str  # the scored model: the student, or its vocabulary-free path
    metric: str
    seeds: int
    domains: list[DomainFigure]

    @property
    def worst(self) -> DomainFigure:
        """The domain the student does worst on (the lowest mean; every metric is higher-better)."""
        return min(self.domains, key=lambda figure: figure.student_mean)

    def render(self) -> str:
        path = ", on the vocabulary-free path" if self.model.endswith(SUFFIX) else ""
        worst = self.worst
        lines = [f"Best student: trial {self.trial}, {self.label}{path}.",
                 f"On its worst domain, {worst.dataset}, {self.metric} differs from the untouched model's by "
                 f"{_difference(worst.difference)}.",
                 f"{self.metric} per judged domain, student vs untouched, over {self.seeds} seeds:"]
        width = max(len(figure.dataset) for figure in self.domains)
        for figure in self.domains:
            mark = "   <- worst" if figure is worst else ""
            lines.append(f"  {figure.dataset:<{width}}  {figure.student_mean:.4f} vs {figure.baseline_mean:.4f}: "
                         f"{_difference(figure.difference)}{mark}")
        return "\n".join(lines)

    def next_commands(self) -> list[str]:
        """What to run with the winning student: ship it, then judge it on noisy text."""
        if self.run_id is None:
            return []
        return [f"distill surgery --student {self.run_id} --out swapped/ --vocabulary-free   # ship it",
                f"distill evaluate --students {self.run_id} --vocabulary-free --noise clean typo:0.1 hlm   "
                "# judge it on misspelt text"]


def _difference(difference: Difference) -> str:
    verdict = "significant" if difference.significant else "not significant"
    return (f"{difference.mean:+.4f} (95 % interval {difference.low:+.4f} to {difference.high:+.4f}; "
            f"p = {difference.p_holm:.2g}, {verdict} at α = {difference.alpha:g})")


def study_verdict(scores: ScoreTable, best: Mapping[str, Any], metric: str, alpha: float) -> Verdict | None:
    """The verdict on the best trial ``best`` (:func:`sweeps.report.best_configuration`) from every trial's
    ``scores`` (:func:`sweeps.report.combined_scores`, each student under its trial's label); None when
    the objective ``metric`` was not scored (an alignment objective)."""
    label = str(best["label"])
    model = label + SUFFIX if label + SUFFIX in scores.models else label
    found = [diff for diff in differences(scores, BASELINE, alpha)
             if diff.reference == BASELINE and diff.key.model == model and diff.key.metric == metric]
    if not found:
        return None

    def mean(key: Any) -> float:
        values = scores.values[key]
        return sum(values) / len(values)

    domains = [DomainFigure(diff.key.dataset, mean(diff.key), mean(diff.key._replace(model=BASELINE)), diff)
               for diff in found]
    return Verdict(int(best["trial"]), label, best.get("mlflow_run"), model, metric, len(scores.seeds), domains)

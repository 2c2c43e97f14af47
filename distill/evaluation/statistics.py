"""Per-seed scores, their mean ± std, paired t-tests of each student against the baseline, and the
differences (with confidence intervals, effect sizes and Holm-adjusted tests) between every two models.

The paper (§3, Table 3) runs two-sample *paired* t-tests: the pairs are the seeds, each
of which fixes the samples that both models see. ``scipy.stats.ttest_rel``, two-sided.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
from scipy import stats


class ScoreKey(NamedTuple):
    model: str
    dataset: str
    task: str
    metric: str


@dataclass
class ScoreTable:
    """Every score of an evaluation: one value per seed, in ``seeds`` order, per key."""

    seeds: list[int]
    values: dict[ScoreKey, list[float]] = field(default_factory=lambda: defaultdict(list))
    # (dataset, task, seed) → fingerprint of the samples every model saw
    fingerprints: dict[tuple[str, str, int], str] = field(default_factory=dict)

    @property
    def models(self) -> list[str]:
        return list(dict.fromkeys(key.model for key in self.values))

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data, one record per score and per sample set (:meth:`from_dict` reads it)."""
        return {
            "seeds": list(self.seeds),
            "values": [{**key._asdict(), "values": list(values)} for key, values in self.values.items()],
            "fingerprints": [{"dataset": dataset, "task": task, "seed": seed, "fingerprint": fingerprint}
                             for (dataset, task, seed), fingerprint in self.fingerprints.items()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreTable:
        table = cls(list(data["seeds"]))
        for row in data["values"]:
            table.values[ScoreKey(row["model"], row["dataset"], row["task"], row["metric"])] = list(row["values"])
        for row in data["fingerprints"]:
            table.fingerprints[(row["dataset"], row["task"], row["seed"])] = row["fingerprint"]
        return table


@dataclass(frozen=True)
class Summary:
    key: ScoreKey
    mean: float
    std: float  # sample standard deviation over seeds (ddof=1)


@dataclass(frozen=True)
class PairedTest:
    """``ttest_rel(student, baseline)``; a NaN p-value means identical scores on every seed. ``p_holm`` is the
    p-value adjusted by Holm's method within its family, every student tested against the baseline on the same
    dataset, task and metric (the p-value itself where the test stands alone)."""

    key: ScoreKey
    statistic: float
    p_value: float
    alpha: float
    p_holm: float | None = None

    @property
    def adjusted(self) -> float:
        return self.p_value if self.p_holm is None else self.p_holm

    @property
    def significant(self) -> bool:
        """Whether the student differs from the baseline at level ``alpha``, Holm-adjusted (NaN: it does not)."""
        return below_alpha(self.adjusted, self.alpha)


def below_alpha(p_value: float, alpha: float) -> bool:
    """Whether a test's ``p_value`` is below ``alpha``; a NaN p-value (no test) never is."""
    return not math.isnan(p_value) and p_value < alpha


def paired_t_test(values: Sequence[float], reference: Sequence[float]) -> tuple[float, float]:
    """(statistic, p-value) of the two-sided paired t-test of ``values`` against ``reference`` over seeds, the
    one test of this module: NaN for a single seed or identical scores on every seed."""
    with warnings.catch_warnings():  # zero variance of the differences: NaN, reported as such
        warnings.simplefilter("ignore", RuntimeWarning)
        result = stats.ttest_rel(values, reference)
    return float(result.statistic), float(result.pvalue)


def summarize(scores: ScoreTable) -> list[Summary]:
    return [
        Summary(key, float(np.mean(values)), float(np.std(values, ddof=1)) if len(values) > 1 else math.nan)
        for key, values in scores.values.items()
    ]


def paired_tests(scores: ScoreTable, baseline: str, alpha: float) -> list[PairedTest]:
    """A two-sided paired t-test over seeds for every student score against the baseline's, Holm-adjusted within
    each family (the students tested on one dataset, task and metric)."""
    keys = [key for key in scores.values if key.model != baseline]
    measured = {key: paired_t_test(scores.values[key], scores.values[key._replace(model=baseline)]) for key in keys}
    families: dict[tuple[str, str, str], list[ScoreKey]] = {}
    for key in keys:
        families.setdefault((key.dataset, key.task, key.metric), []).append(key)
    adjusted = {key: value for family in families.values()
                for key, value in zip(family, holm([measured[key][1] for key in family]))}
    return [PairedTest(key, *measured[key], alpha, adjusted[key]) for key in keys]


@dataclass(frozen=True)
class Difference:
    """``key.model`` minus ``reference`` on one score over the seeds (each seed a pair).

    ``low``/``high`` bound the 95 % confidence interval of the mean paired difference (Student's t);
    ``effect_size`` is Cohen's d_z, the mean difference over the standard deviation of the differences
    (NaN when they do not vary); ``p_holm`` is the paired t-test's p-value adjusted by Holm's method
    within its family (the comparisons made on the same dataset, task and metric).
    """

    key: ScoreKey
    reference: str
    mean: float
    low: float
    high: float
    effect_size: float
    p_value: float
    p_holm: float
    alpha: float

    @property
    def significant(self) -> bool:
        return below_alpha(self.p_holm, self.alpha)


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment (Holm 1979): the k-th smallest p-value times (m - k + 1), kept
    monotone and at most 1; NaN stays NaN and does not count towards m."""
    order = sorted((index for index, value in enumerate(p_values) if not math.isnan(value)),
                   key=lambda index: p_values[index])
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(order) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def paired_difference(values: list[float], reference: list[float]) -> tuple[float, float, float, float, float]:
    """(mean, CI low, CI high, d_z, p) of ``values - reference``, paired by seed."""
    differences = np.asarray(values, dtype=float) - np.asarray(reference, dtype=float)
    mean = float(differences.mean())
    spread = float(differences.std(ddof=1)) if len(differences) > 1 else math.nan
    _, p_value = paired_t_test(values, reference)
    if not spread > 0:  # a constant difference, or one seed: no interval, no effect size
        return mean, mean, mean, math.nan, p_value
    half_width = float(stats.t.ppf(0.975, len(differences) - 1)) * spread / math.sqrt(len(differences))
    return mean, mean - half_width, mean + half_width, mean / spread, p_value


def differences(scores: ScoreTable, baseline: str, alpha: float) -> list[Difference]:
    """Each student against the baseline, then each pair of students, per dataset, task and metric;
    Holm's adjustment within each family (all the comparisons of one score)."""
    students = [model for model in scores.models if model != baseline]
    pairs = [(student, baseline) for student in students] + list(itertools.combinations(students, 2))
    scores_of_one_model = [key for key in scores.values if students and key.model == students[0]]
    result = []
    for score in scores_of_one_model:
        family = [(score._replace(model=model), reference) for model, reference in pairs
                  if score._replace(model=model) in scores.values and score._replace(model=reference) in scores.values]
        measured = [paired_difference(scores.values[key], scores.values[key._replace(model=reference)])
                    for key, reference in family]
        adjusted = holm([p_value for *_, p_value in measured])
        result += [Difference(key, reference, *measure, p_holm, alpha)
                   for (key, reference), measure, p_holm in zip(family, measured, adjusted)]
    return result

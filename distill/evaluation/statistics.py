"""Per-seed scores, their mean ± std, and paired t-tests of each student against the baseline.

The paper (§3, Table 3) runs two-sample *paired* t-tests: the pairs are the seeds, each
of which fixes the samples that both models see. ``scipy.stats.ttest_rel``, two-sided.
"""

from __future__ import annotations

import math
import warnings
from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

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


@dataclass(frozen=True)
class Summary:
    key: ScoreKey
    mean: float
    std: float  # sample standard deviation over seeds (ddof=1)


@dataclass(frozen=True)
class PairedTest:
    """``ttest_rel(student, baseline)``; a NaN p-value means identical scores on every seed."""

    key: ScoreKey
    statistic: float
    p_value: float
    alpha: float

    @property
    def significant(self) -> bool:
        """Whether the student differs from the baseline at level ``alpha`` (NaN: it does not)."""
        return not math.isnan(self.p_value) and self.p_value < self.alpha


def summarize(scores: ScoreTable) -> list[Summary]:
    return [
        Summary(key, float(np.mean(values)), float(np.std(values, ddof=1)) if len(values) > 1 else math.nan)
        for key, values in scores.values.items()
    ]


def paired_tests(scores: ScoreTable, baseline: str, alpha: float) -> list[PairedTest]:
    """A two-sided paired t-test over seeds for every student score against the baseline's."""
    tests = []
    for key, values in scores.values.items():
        if key.model == baseline:
            continue
        reference = scores.values[key._replace(model=baseline)]
        with warnings.catch_warnings():  # zero variance of the differences: NaN, reported as such
            warnings.simplefilter("ignore", RuntimeWarning)
            result = stats.ttest_rel(values, reference)
        tests.append(PairedTest(key, float(result.statistic), float(result.pvalue), alpha))
    return tests

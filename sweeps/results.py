"""A finished (or partly finished) study's results as the results document reads them: the students it trained,
every score, and the paired tests against the untouched model (:mod:`sweeps.document` renders them,
:mod:`sweeps.claims` checks a published study's conclusions on them)."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import optuna

from distill.evaluation import BASELINE, ScoreTable
from distill.evaluation.statistics import PairedTest, paired_tests
from sweeps.accounting import SweepTrials
from sweeps.report import combined_scores
from sweeps.runs import trial_run_name
from sweeps.spec import SweepSpec
from sweeps.trial_record import TrialRecord

NOISE_SEPARATOR = " ~ "  # "<corpus> ~ <noise>" (distill.evaluation.settings.noised_dataset_name)
CLEAN = "clean"


@dataclass(frozen=True)
class Student:
    """One complete trial of the study: its label (the trial's run name less its number), its training
    configuration, how long the trial took, and the commit it ran."""

    label: str
    config: dict[str, Any]
    seconds: float
    commit: str | None = None  # the commit it ran; None for a trial of a study made before trials recorded it

    @property
    def family(self) -> str:
        return str(self.config["student"])

    @property
    def loss(self) -> str:
        return str(self.config["loss"])


@dataclass
class StudyResults:
    """What the document reads: the students, every score (the baseline's and each student's, baked and
    vocabulary-free), the test level, and the trials' wall time."""

    students: list[Student]
    scores: ScoreTable
    alpha: float
    seeds: int
    trials: dict[str, int]  # trials per final state

    @classmethod
    def of(cls, study: optuna.Study, spec: SweepSpec) -> StudyResults:
        trials = SweepTrials.of(study)
        complete: list[tuple[optuna.trial.FrozenTrial, TrialRecord]] = [
            (trial, record) for trial, record in trials.complete() if record.scores is not None]
        students = [Student(trial_run_name(trial).rpartition(" · #")[0], record.config,
                            trial.duration.total_seconds() if trial.duration else math.nan, record.commit)
                    for trial, record in complete]
        scores = combined_scores({student.label: record.scores for student, (_, record) in zip(students, complete)
                                  if record.scores is not None})
        states = [trial.state.name for trial, _ in trials.listed]
        assert spec.evaluation is not None, "a results document reads an evaluation"
        return cls(students, scores, spec.evaluation.alpha, spec.evaluation.seeds,
                   {state: states.count(state) for state in dict.fromkeys(states)})

    def mean(self, model: str, dataset: str, metric: str) -> float:
        found = [values for key, values in self.scores.values.items()
                 if (key.model, key.dataset, key.metric) == (model, dataset, metric)]
        return statistics.fmean(found[0]) if found else math.nan

    def datasets(self, noise: str | None = CLEAN) -> list[str]:
        """The datasets read under ``noise`` (``clean``: as they are; None: all), worst for the baseline first."""
        names = list(dict.fromkeys(key.dataset for key in self.scores.values))
        chosen = [name for name in names if noise is None or noise_of(name) == noise]
        metric = self.metrics()[0]
        return sorted(chosen, key=lambda name: self.mean(BASELINE, name, metric))

    def metrics(self) -> list[str]:
        return list(dict.fromkeys(key.metric for key in self.scores.values))

    def noises(self) -> list[str]:
        return list(dict.fromkeys(noise_of(key.dataset) for key in self.scores.values))

    def worst(self, model: str, metric: str, noise: str = CLEAN) -> tuple[float, str]:
        """The lowest mean of ``model``'s ``metric`` over the domains read under ``noise``, and that domain."""
        return min((self.mean(model, dataset, metric), dataset) for dataset in self.datasets(noise))

    def test(self, model: str, dataset: str, metric: str) -> PairedTest | None:
        """The paired t-test of ``model`` against the baseline on one score, Holm-adjusted within that score's
        family (every model compared with the baseline on it: :func:`~distill.evaluation.statistics.paired_tests`)."""
        found = [test for test in self.tests if (test.key.model, test.key.dataset, test.key.metric) ==
                 (model, dataset, metric)]
        return found[0] if found else None

    def holm_p(self, model: str, dataset: str, metric: str) -> float:
        test = self.test(model, dataset, metric)
        return math.nan if test is None else test.adjusted

    @cached_property
    def tests(self) -> list[PairedTest]:
        return paired_tests(self.scores, BASELINE, self.alpha)


def noise_of(dataset: str) -> str:
    return dataset.partition(NOISE_SEPARATOR)[2] or CLEAN


def domain_of(dataset: str) -> str:
    return dataset.partition(NOISE_SEPARATOR)[0]


def ratio(value: float, reference: float) -> str:
    """``value`` as a multiple of ``reference``, ``"-"`` where the reference is zero."""
    return f"{value / reference:.3f}" if reference else "-"

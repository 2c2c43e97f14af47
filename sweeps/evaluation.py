"""Surgery and evaluation after each trial (paper §3).

Each trial's student is baked into the evaluation model and scored against the untouched
model on the same seeded samples (``distill.evaluation.prepare_evaluation``, the set-up
``distill evaluate`` uses too). The per-seed scores go into the trial's record
(``sweeps.trial_record.TrialRecord``) so that, at the end, the students of every
trial are compared with the baseline in one pair of tables (``sweeps.report``), as the paper's Tables 2 and 3
compare its whole grid.
"""

from __future__ import annotations

import tempfile
from collections import defaultdict
from pathlib import Path

import mlflow
import torch

from distill.config.bounds import fitted_length, model_limits
from distill.evaluation import (
    BASELINE,
    EvaluationSetup,
    ScoreTable,
    differences,
    paired_tests,
    prepare_evaluation,
    summarize,
)
from distill.evaluation.report import worst_domains, write_report
from distill.evaluation.scoring import Variant
from distill.evaluation.settings import EvaluationSettings, noise_specs
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import StudentEmbedding, input_embeddings
from distill.swap.vocabulary_free import SUFFIX, VocabularyFreePath
from distill.tracking.store import safe_name
from students import StudentEncoder
from students.segmenter import WordSegmenter
from teachers import resolve_model_path

STUDENT = "student"
STUDENT_VOCABULARY_FREE = STUDENT + SUFFIX  # the student on the vocabulary-free path


class TrialEvaluator:
    """Prepares the evaluation model, its tasks and the corpora once per process and scores trial students."""

    def __init__(self, settings: EvaluationSettings, *, quiet: bool = False) -> None:
        self.settings, self.quiet = settings, quiet
        self._setup: EvaluationSetup | None = None
        self._segmenter: WordSegmenter | None = None
        self._max_length = 0
        self._baseline: ScoreTable | None = None  # the untouched model's scores, where no task reads a reference

    def prepare(self) -> EvaluationSetup:
        """Load the model and check tasks and corpora: run before the first trial, so bad input fails early."""
        if self._setup is None:
            settings = self.settings
            limits = model_limits(resolve_model_path(settings.model, settings.revision)[0])
            self._max_length = fitted_length(settings.max_length, limits, "evaluation.max_length")
            self._setup = prepare_evaluation(settings.model, revision=settings.revision, tasks=settings.tasks,
                                             datasets=settings.datasets, samples=settings.samples,
                                             vocabulary_free=settings.vocabulary_free,
                                             noise=noise_specs(settings.noise))
            if settings.vocabulary_free and settings.segment_words:  # the default export's layout
                self._segmenter = segmenter_for(self._setup.tokenizer)
        return self._setup

    def score(self, student: StudentEncoder, device: torch.device) -> ScoreTable:
        """The baseline and ``student`` swapped into the model, on every dataset (clean and under each noise
        setting), task and seed."""
        return self.score_variants(self.variants(student, device), self.settings.seeds)

    def variants(self, student: StudentEncoder, device: torch.device) -> dict[str, Variant]:
        """What is scored: the untouched model, ``student`` baked into its table (surgery) and, with
        ``vocabulary_free``, the student on the vocabulary-free path; on ``device``."""
        setup = self.prepare().to(device)
        live = StudentEmbedding.from_model(setup.model, student, setup.tokenizer)
        baked = live.baked()
        variants: dict[str, Variant] = {BASELINE: input_embeddings(setup.model), STUDENT: baked}
        if self.settings.vocabulary_free:
            variants[STUDENT_VOCABULARY_FREE] = VocabularyFreePath(live.eval(), baked, setup.tokenizer,
                                                                   self._segmenter)
        return variants

    def score_variants(self, variants: dict[str, Variant], seeds: int) -> ScoreTable:
        """``variants`` (:meth:`variants`) on every dataset, task and seed ``0 .. seeds - 1``.

        Where every task scores each model on its own (MLM, NSP: no reference read), the untouched model's scores
        are the same for every trial: they are computed once in this process and reused."""
        setup = self.prepare()
        if any(task.compares_with_reference for task in setup.tasks):
            return self._score(variants, seeds)
        if self._baseline is None or self._baseline.seeds != list(range(seeds)):
            self._baseline = self._score({BASELINE: variants[BASELINE]}, seeds)
        students = self._score({label: variant for label, variant in variants.items() if label != BASELINE}, seeds)
        return joined(self._baseline, students)

    def _score(self, variants: dict[str, Variant], seeds: int) -> ScoreTable:
        return self.prepare().score(variants, range(seeds), samples=self.settings.samples,
                                    max_length=self._max_length, batch_size=self.settings.batch_size,
                                    noise=noise_specs(self.settings.noise))


def joined(first: ScoreTable, second: ScoreTable) -> ScoreTable:
    """One table of the models of two tables scored on the same samples (their fingerprints agree)."""
    assert first.seeds == second.seeds and first.fingerprints == second.fingerprints, "scored on other samples"
    values = defaultdict(list, {**first.values, **second.values})
    return ScoreTable(list(first.seeds), values, dict(first.fingerprints))


def objective_value(scores: ScoreTable, metric: str) -> float:
    """The student's ``metric`` on its worst dataset (averaged over seeds), on the vocabulary-free path where it
    was scored: a student is only as faithful as on the text it does worst on, exported as it is used."""
    model = STUDENT_VOCABULARY_FREE if STUDENT_VOCABULARY_FREE in scores.models else STUDENT
    means = [sum(found) / len(found) for key, found in scores.values.items()
             if key.model == model and key.metric == metric]
    return min(means)


def log_trial_scores(run_id: str, scores: ScoreTable, settings: EvaluationSettings, group: str) -> None:
    """Means, the baseline's means and p-values as summary metrics of the trial's run; the tables as artifacts."""
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, settings.alpha)
    means = {s.key: s.mean for s in summaries}
    metrics = {}
    for test in tests:
        path = "vocabfree/" if test.key.model == STUDENT_VOCABULARY_FREE else ""
        name = safe_name(f"eval/{path}{test.key.dataset}/{test.key.metric}")  # pydoc+stdlib: no + in a key
        metrics.update({name: means[test.key], f"{name}/baseline": means[test.key._replace(model=BASELINE)],
                        f"{name}/p_value": test.p_value})
    metrics.update({f"eval/{'vocabfree/' if model == STUDENT_VOCABULARY_FREE else ''}worst/{metric}": summary.mean
                    for (model, _, metric), summary in worst_domains(summaries).items() if model != BASELINE})
    mlflow.log_metrics(metrics, run_id=run_id)
    with tempfile.TemporaryDirectory() as folder:
        write_report(Path(folder), scores, summaries, tests, differences(scores, BASELINE, settings.alpha),
                     {STUDENT: group})
        mlflow.MlflowClient().log_artifacts(run_id, folder, "evaluation")

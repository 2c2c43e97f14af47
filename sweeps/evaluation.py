"""Surgery and evaluation after each trial, and the whole sweep's Tables 2 and 3 (paper §3).

Each trial's student is baked into the evaluation model and scored against the untouched
model on the same seeded samples (``distill.evaluation.score_variants``). The per-seed
scores go into the trial (Optuna user attribute) so that, at the end, the students of every
trial are compared with the baseline in one pair of tables, as the paper's Tables 2 and 3
compare its whole grid. The baseline's scores are taken from the first trial: every trial
scores the same model on the same samples.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from mlflow import MlflowClient
from mlflow.entities import Metric
from transformers import PreTrainedModel, PreTrainedTokenizerBase

from distill.errors import DistillError
from distill.evaluation import (
    BASELINE,
    Corpus,
    ScoreKey,
    ScoreTable,
    differences,
    load_corpus,
    paired_tests,
    resolve_tasks,
    score_variants,
    summarize,
)
from distill.evaluation.report import render, write_report
from distill.evaluation.tasks import Task
from distill.surgery import StudentEmbedding, input_embeddings, load_transformer
from students import StudentEncoder
from sweeps.spec import EvaluationSpec
from teachers import load_tokenizer

STUDENT = "student"
# {"scores": {model: {"dataset/task/metric": [one value per seed]}}, "samples": {"dataset/task/seed": fingerprint}}
ScoresAttr = dict[str, dict]


@dataclass
class _Setup:
    model: PreTrainedModel
    tokenizer: PreTrainedTokenizerBase
    tasks: list[Task]
    corpora: list[Corpus]


class TrialEvaluator:
    """Loads each evaluation model, its tasks and the corpora once per process and scores trial students."""

    def __init__(self, spec: EvaluationSpec) -> None:
        self.spec = spec
        self._setups: dict[str, _Setup] = {}

    def model_for(self, teacher: str) -> str:
        return self.spec.model or teacher

    def prepare(self, model: str) -> _Setup:
        """Load ``model`` and check tasks and corpora: run before the first trial, so bad input fails early."""
        if model not in self._setups:
            loaded = load_transformer(model, self.spec.revision)
            tokenizer = load_tokenizer(loaded.path)
            if tokenizer.pad_token_id is None:
                raise DistillError(f"the tokenizer of {model} has no padding token; batched evaluation needs one")
            tasks = resolve_tasks(list(self.spec.tasks), loaded.model)
            corpora = [load_corpus(name) for name in dict.fromkeys(self.spec.datasets)]
            for corpus in corpora:
                for task in tasks:
                    task.require(corpus, self.spec.samples)
            self._setups[model] = _Setup(loaded.model, tokenizer, tasks, corpora)
        return self._setups[model]

    def score(self, student: StudentEncoder, model: str, device: torch.device) -> ScoreTable:
        """The baseline and ``student`` swapped into ``model``, on every dataset, task and seed."""
        setup = self.prepare(model)
        network = setup.model.to(device)
        variants = {
            BASELINE: input_embeddings(network),
            STUDENT: StudentEmbedding.from_model(network, student, setup.tokenizer).baked(),
        }
        return score_variants(network, setup.tokenizer, variants, setup.corpora, setup.tasks,
                              range(self.spec.seeds), samples=self.spec.samples, max_length=self.spec.max_length,
                              batch_size=self.spec.batch_size, quiet=True)


def objective_value(scores: ScoreTable, metric: str) -> float:
    """The student's ``metric`` averaged over datasets and seeds."""
    values = [value for key, found in scores.values.items() if key.model == STUDENT and key.metric == metric
              for value in found]
    return sum(values) / len(values)


def to_attr(scores: ScoreTable) -> ScoresAttr:
    """The scores as JSON for an Optuna user attribute (:data:`ScoresAttr`)."""
    by_model: dict[str, dict[str, list[float]]] = {}
    for key, values in scores.values.items():
        by_model.setdefault(key.model, {})[f"{key.dataset}/{key.task}/{key.metric}"] = list(values)
    samples = {f"{dataset}/{task}/{seed}": fingerprint for (dataset, task, seed), fingerprint in
               scores.fingerprints.items()}
    return {"scores": by_model, "samples": samples}


def combined_scores(students: Sequence[tuple[str, ScoresAttr]], seeds: int) -> ScoreTable:
    """One score table: the baseline (from the first trial) and each trial's student under its label."""
    first = students[0][1]
    table = ScoreTable(list(range(seeds)))
    entries = [(BASELINE, first["scores"][BASELINE])] + [(label, attr["scores"][STUDENT]) for label, attr in students]
    for model, values in entries:
        for name, found in values.items():
            dataset, task, metric = name.split("/")
            table.values[ScoreKey(model, dataset, task, metric)] = list(found)
    for name, fingerprint in first["samples"].items():
        dataset, task, seed = name.rsplit("/", 2)
        table.fingerprints[(dataset, task, int(seed))] = fingerprint
    return table


def write_tables(students: Sequence[tuple[str, ScoresAttr]], spec: EvaluationSpec, folder: Path) -> str:
    """Write Table 2 / Table 3 (CSV, Markdown) and the chart for ``students``; return both tables as text."""
    scores = combined_scores(students, spec.seeds)
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, spec.alpha)
    diffs = differences(scores, BASELINE, spec.alpha)
    write_report(folder, scores, summaries, tests, diffs)
    return render(summaries, tests, spec.seeds, diffs)


def log_trial_scores(run_id: str, scores: ScoreTable, spec: EvaluationSpec) -> None:
    """Means, the baseline's means and p-values as metrics of the trial's run; the tables as artifacts."""
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, spec.alpha)
    means = {s.key: s.mean for s in summaries}
    metrics = {}
    for test in tests:
        name = f"eval/{test.key.dataset}/{test.key.metric}"
        metrics.update({name: means[test.key], f"{name}/baseline": means[test.key._replace(model=BASELINE)],
                        f"{name}/p_value": test.p_value})
    client, now = MlflowClient(), int(time.time() * 1000)
    client.log_batch(run_id, metrics=[Metric(name, value, now, 0) for name, value in metrics.items()])
    with tempfile.TemporaryDirectory() as folder:
        write_report(Path(folder), scores, summaries, tests, differences(scores, BASELINE, spec.alpha))
        client.log_artifacts(run_id, folder, "evaluation")

"""Measure what surgery loses: the baseline and each swapped student on the same seeded samples.

>>> from distill.evaluation import evaluate
>>> result = evaluate(["RUN_ID"], model="embedded", datasets=["pydoc"], seeds=3)  # doctest: +SKIP
>>> print(result.report)  # doctest: +SKIP

Modules: ``corpora`` (text sources, noised per seed), ``samples`` (seeded sample sets),
``tasks`` (MLM, NSP, fidelity), ``wholeword`` (the vocabulary-free path),
``setup`` (the model, tokenizer, tasks and corpora, loaded and checked once: what ``distill evaluate``,
the sweeps and the bench share), ``scoring`` (every model on the same batches), ``statistics``
(mean ± std, paired t-tests), ``report`` (tables and charts), ``style`` (the charts' common look),
``runner`` (the evaluation and its MLflow run).
"""

from distill.data import JUDGED_DOMAINS, Corpus, load_corpus
from distill.evaluation.runner import BASELINE, EvaluationResult, evaluate
from distill.evaluation.scoring import score_variants
from distill.evaluation.setup import EvaluationSetup, prepare_evaluation
from distill.evaluation.statistics import (
    Difference,
    PairedTest,
    ScoreKey,
    ScoreTable,
    Summary,
    differences,
    paired_tests,
    summarize,
)
from distill.evaluation.tasks import TASKS, resolve_tasks, supported_tasks

__all__ = [
    "BASELINE",
    "JUDGED_DOMAINS",
    "TASKS",
    "Corpus",
    "EvaluationResult",
    "EvaluationSetup",
    "PairedTest",
    "ScoreKey",
    "ScoreTable",
    "Summary",
    "evaluate",
    "load_corpus",
    "paired_tests",
    "prepare_evaluation",
    "differences",
    "Difference",
    "resolve_tasks",
    "score_variants",
    "summarize",
    "supported_tasks",
]

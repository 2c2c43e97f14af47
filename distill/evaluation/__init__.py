"""Measure what surgery loses: the baseline and each swapped student on the same seeded samples.

>>> from distill.evaluation import EvaluationSettings, evaluate
>>> result = evaluate(["RUN_ID"], EvaluationSettings(datasets=["pydoc"], seeds=3))  # doctest: +SKIP
>>> print(result.report)  # doctest: +SKIP

Modules: ``settings`` (:class:`EvaluationSettings`, declared once: the flags of ``distill evaluate`` and
``distill robustness`` and the keys of a sweep's ``evaluation:`` block), ``samples`` (seeded sample sets),
``tasks`` (MLM, NSP, fidelity), ``oov`` (what a tokenizer makes of a corpus),
``setup`` (the model, tokenizer, tasks and corpora, loaded and checked once: what ``distill evaluate``,
the sweeps and the bench share), ``scoring`` (every model on the same batches), ``statistics``
(mean ± std, paired t-tests), ``report`` (tables and charts), ``style`` (the charts' common look),
``runner`` (the evaluation and its MLflow run).

The names below are imported on first use (as transformers' ``__init__`` does), so that reading the
settings (``distill evaluate --help``, a sweep file) does not load torch.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distill.data import JUDGED_DOMAINS, Corpus, load_corpus
    from distill.evaluation.runner import BASELINE, EvaluationResult, evaluate
    from distill.evaluation.scoring import score_variants
    from distill.evaluation.settings import EvaluationSettings
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
    from distill.tasks import TASKS, resolve_tasks, supported_tasks

MODULES = {
    "distill.data": ("JUDGED_DOMAINS", "Corpus", "load_corpus"),
    "distill.evaluation.runner": ("BASELINE", "EvaluationResult", "evaluate"),
    "distill.evaluation.scoring": ("score_variants",),
    "distill.evaluation.settings": ("EvaluationSettings",),
    "distill.evaluation.setup": ("EvaluationSetup", "prepare_evaluation"),
    "distill.evaluation.statistics": ("Difference", "PairedTest", "ScoreKey", "ScoreTable", "Summary", "differences",
                                      "paired_tests", "summarize"),
    "distill.tasks": ("TASKS", "resolve_tasks", "supported_tasks"),
}
_HOME = {name: module for module, names in MODULES.items() for name in names}

__all__ = [
    "BASELINE",
    "JUDGED_DOMAINS",
    "TASKS",
    "Corpus",
    "Difference",
    "EvaluationResult",
    "EvaluationSettings",
    "EvaluationSetup",
    "PairedTest",
    "ScoreKey",
    "ScoreTable",
    "Summary",
    "differences",
    "evaluate",
    "load_corpus",
    "paired_tests",
    "prepare_evaluation",
    "resolve_tasks",
    "score_variants",
    "summarize",
    "supported_tasks",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOME[name]), name)

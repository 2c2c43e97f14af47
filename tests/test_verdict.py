"""The quickstart's verdict (issue 23, finding 5): the best student, its difference from the baseline with its
interval and p-value on each judged domain, the worst domain and the next commands, on a synthetic study."""

from __future__ import annotations

import pytest
from scipy import stats

from distill.evaluation import BASELINE, ScoreTable
from distill.evaluation.statistics import ScoreKey
from distill.swap.vocabulary_free import SUFFIX
from sweeps.verdict import study_verdict

SEEDS = [0, 1, 2, 3, 4]
WIKI, PYDOC = "wiki:heldout", "pydoc+stdlib:heldout"


def synthetic_scores() -> ScoreTable:
    """The baseline at 1, trial 0's student far off, trial 1's close on wiki and further off on pydoc."""
    table = ScoreTable(list(SEEDS))
    per_model = {
        BASELINE: {WIKI: [1.0] * 5, PYDOC: [1.0] * 5},
        "mse · #0": {WIKI: [0.60, 0.62, 0.61, 0.63, 0.60], PYDOC: [0.50, 0.52, 0.51, 0.49, 0.50]},
        f"mse · #0{SUFFIX}": {WIKI: [0.61, 0.63, 0.62, 0.64, 0.61], PYDOC: [0.52, 0.53, 0.51, 0.50, 0.51]},
        "cosine · #1": {WIKI: [0.90, 0.92, 0.91, 0.93, 0.90], PYDOC: [0.80, 0.82, 0.81, 0.79, 0.80]},
        f"cosine · #1{SUFFIX}": {WIKI: [0.95, 0.96, 0.94, 0.97, 0.95], PYDOC: [0.85, 0.86, 0.84, 0.83, 0.85]},
    }
    for model, domains in per_model.items():
        for dataset, values in domains.items():
            table.values[ScoreKey(model, dataset, "fidelity", "sentence_cosine")] = values
            table.values[ScoreKey(model, dataset, "fidelity", "token_cosine")] = [value - 0.1 for value in values]
    return table


def test_the_verdict_names_the_best_student_its_differences_and_its_worst_domain() -> None:
    scores = synthetic_scores()
    best = {"trial": 1, "label": "cosine · #1", "mlflow_run": "a" * 32}
    verdict = study_verdict(scores, best, "sentence_cosine", alpha=0.05)
    assert verdict is not None and verdict.model == f"cosine · #1{SUFFIX}"  # judged as it is exported
    assert [figure.dataset for figure in verdict.domains] == [WIKI, PYDOC]
    assert verdict.worst.dataset == PYDOC and verdict.worst.student_mean == pytest.approx(0.846)
    student = scores.values[ScoreKey(f"cosine · #1{SUFFIX}", PYDOC, "fidelity", "sentence_cosine")]
    difference = verdict.worst.difference
    assert difference.mean == pytest.approx(0.846 - 1.0)
    interval = stats.t.interval(0.95, 4, loc=difference.mean, scale=stats.sem(student))
    assert (difference.low, difference.high) == pytest.approx(interval)
    text = verdict.render()
    lines = text.splitlines()
    assert lines[0] == "Best student: trial 1, cosine · #1, on the vocabulary-free path."
    assert lines[1].startswith(f"On its worst domain, {PYDOC}, sentence_cosine differs from the untouched model's "
                               "by -0.1540 (95 % interval ")
    assert f"p = {difference.p_holm:.2g}, significant at α = 0.05" in lines[1]
    assert any(line.strip().startswith(WIKI) and "0.9540 vs 1.0000: -0.0460" in line for line in lines)
    assert any(line.strip().startswith(PYDOC) and line.endswith("<- worst") for line in lines)
    assert len(lines) == 5  # a verdict, not the tables
    assert verdict.next_commands()[0].startswith(f"distill surgery --student {'a' * 32} ")


def test_no_verdict_on_a_metric_that_was_not_scored() -> None:
    best = {"trial": 0, "label": "mse · #0", "mlflow_run": None}
    assert study_verdict(synthetic_scores(), best, "recall_at_1", alpha=0.05) is None
    verdict = study_verdict(synthetic_scores(), best, "token_cosine", alpha=0.05)
    assert verdict is not None and verdict.next_commands() == []

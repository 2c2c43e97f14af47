"""sweeps.pruning: Optuna's median rule with learning curves read at the same share of each trial's training."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import optuna
import pytest
from optuna.distributions import FloatDistribution
from optuna.trial import FrozenTrial, TrialState, create_trial

from sweeps.pruning import Phases, ShareMedianPruner, value_at
from sweeps.study import SPEC_ATTR, fingerprint
from sweeps.sweep_file import load_spec
from sweeps.trial_record import TrialRecord


def fitted_trial(curve: dict[int, float], table: int, context: int = 0,
                 state: TrialState = TrialState.COMPLETE) -> FrozenTrial:
    """A trial fitted to ``table`` and ``context`` epochs that reported ``curve`` (epoch → whole-table cosine)."""
    attrs = TrialRecord(config={"epochs": table, "context_epochs": context}).to_attrs()
    return create_trial(state=state, value=max(curve.values()) if state == TrialState.COMPLETE else None,
                        params={"lr": 1e-3}, distributions={"lr": FloatDistribution(1e-4, 1e-2)},
                        user_attrs=attrs, intermediate_values=curve)


def study_of(*trials: FrozenTrial) -> optuna.Study:
    study = optuna.create_study(direction="maximize")
    for trial in trials:
        study.add_trial(trial)
    return study


def every_fifth(table: int, rise: float) -> dict[int, float]:
    """A curve reported every 5 epochs and at the table phase's end, rising by ``rise`` a share of training."""
    return {epoch: rise * epoch / table for epoch in [*range(5, table, 5), table]}


def test_a_curve_is_read_between_the_epochs_it_reported() -> None:
    curve = {5: 0.2, 10: 0.4, 15: 0.5}
    assert value_at(curve, 10) == 0.4
    assert value_at(curve, 12.5) == pytest.approx(0.45)
    assert value_at(curve, 4) is None and value_at(curve, 16) is None
    assert value_at({5: float("nan"), 10: 0.4}, 5) is None


def test_a_trials_place_counts_its_table_then_its_context_epochs() -> None:
    phases = Phases.of(fitted_trial({5: 0.1}, table=100, context=10))
    assert phases is not None and phases.place(50) == 0.5 and phases.place(100) == 1.0
    assert phases.place(105) == 1.5
    assert phases.epoch(1.5) == 105 and phases.epoch(0.25) == 25
    table_only = Phases.of(fitted_trial({5: 0.1}, table=100))
    assert table_only is not None and table_only.epoch(1.5) is None  # no context phase to read
    without_epochs = create_trial(state=TrialState.COMPLETE, value=0.1, intermediate_values={5: 0.1})
    assert Phases.of(without_epochs) is None


def test_a_long_trial_late_in_its_training_meets_every_completed_trial() -> None:
    """RETVec's trial 9: 130 table epochs, at its 120th behind the one complete trial that reached epoch 120 and ahead
    of those fitted to fewer epochs. Optuna's median compares it with that one trial alone and prunes it; read at
    the same share of their training, the median of all three is below it."""
    completed = [fitted_trial(every_fifth(127, 0.86), table=127),
                 fitted_trial(every_fifth(102, 0.62), table=102),
                 fitted_trial(every_fifth(82, 0.51), table=82)]
    running = fitted_trial({**every_fifth(120, 0.80), 120: 0.80}, table=130, state=TrialState.RUNNING)
    study = study_of(*completed)
    assert optuna.pruners.MedianPruner(n_startup_trials=3).prune(study, running)
    assert not ShareMedianPruner(n_startup_trials=3).prune(study, running)
    behind = fitted_trial({**every_fifth(120, 0.55), 120: 0.55}, table=130, state=TrialState.RUNNING)
    assert ShareMedianPruner(n_startup_trials=3).prune(study, behind)


def test_a_trial_is_not_judged_while_its_learning_rate_warms_up() -> None:
    """A fifth of its 100 table epochs of warm-up: behind the others at epoch 15, not pruned; at epoch 25, pruned."""
    study = study_of(*(fitted_trial(every_fifth(100, 0.8), table=100) for _ in range(2)))
    attrs = TrialRecord(config={"epochs": 100, "context_epochs": 0, "schedule": "warmup-cosine",
                                "warmup_fraction": 0.2}).to_attrs()
    for epoch, pruned in ((15, False), (25, True)):
        slow_start = create_trial(state=TrialState.RUNNING, user_attrs=attrs,
                                  intermediate_values={step: 0.01 for step in range(5, epoch + 1, 5)})
        assert ShareMedianPruner(n_startup_trials=2).prune(study, slow_start) is pruned


def test_a_trial_in_its_context_phase_meets_the_others_context_phases() -> None:
    """Two trials' curves: 0.8 at their table phase's end, then 0.9 by the end of their context phases; a third
    trial half-way through its context phase (0.84) is behind their 0.85 there, though ahead of their table ends."""
    completed = [fitted_trial({10: 0.8, 11: 0.85, 12: 0.9}, table=10, context=2),
                 fitted_trial({20: 0.8, 22: 0.85, 24: 0.9}, table=20, context=4)]
    study = study_of(*completed)
    assert ShareMedianPruner(n_startup_trials=2).prune(study, fitted_trial(
        {15: 0.81, 18: 0.84}, table=15, context=6, state=TrialState.RUNNING))
    assert not ShareMedianPruner(n_startup_trials=2).prune(study, fitted_trial(
        {15: 0.81, 18: 0.86}, table=15, context=6, state=TrialState.RUNNING))


def test_with_equal_epochs_it_decides_as_optunas_median_pruner() -> None:
    """The same options, the same curves, every trial fitted to the same epochs: the same decision at every step."""
    rng = random.Random(0)
    options = {"n_startup_trials": 3, "n_warmup_steps": 4, "interval_steps": 3, "n_min_trials": 2}
    for _ in range(30):
        curves = [{epoch: rng.random() for epoch in range(1, 21)} for _ in range(rng.randint(2, 6))]
        study = study_of(*(fitted_trial(curve, table=20) for curve in curves))
        for step in range(1, 21):
            running = fitted_trial({epoch: rng.random() for epoch in range(1, step + 1)}, table=20,
                                   state=TrialState.RUNNING)
            ours = ShareMedianPruner(**options).prune(study, running)
            assert ours == optuna.pruners.MedianPruner(**options).prune(study, running), (curves, step)


def test_a_sweep_file_names_it() -> None:
    for family in ("bytescnn", "hlm-intra"):
        spec = load_spec(f"students-{family}")
        assert spec.pruner.kind == "median-by-share" and spec.pruner.metric == "mean_cosine"


@pytest.mark.parametrize("dump", sorted((Path(__file__).parents[1] / "docs" / "studies").glob("*.sql")),
                         ids=lambda path: path.stem)
def test_a_carried_study_resumes_with_its_shipped_file(tmp_path, dump: Path) -> None:
    """A study carried in docs/studies/ is bound to its sweep file's search, pruner included (sweeps.study):
    the file shipped today must give the fingerprint the study recorded, or its resume is refused."""
    database = tmp_path / "optuna.db"
    with sqlite3.connect(database) as connection:
        connection.executescript(dump.read_text())
    study = optuna.load_study(study_name=dump.stem, storage=f"sqlite:///{database}")
    assert study.user_attrs[SPEC_ATTR] == fingerprint(load_spec(dump.stem))

"""The quickstart's time budget (issue 42, item 8): the sweep sized from measured seconds, deterministically.

The plans are computed from injected timings (:class:`sweeps.budget.Speed`), never from a clock: a machine whose
trial parts take the seconds below, on the shipped quick sweep with a grid of 2 losses × context epochs 0 and 2 (30
table epochs, context epochs of 50 steps, 5 evaluation seeds, evaluated at each phase's end). One trial without context
distillation then takes 93 s (set-up 10 + the student saved and logged 2 × 0.5 + one checkpoint 1 + swap 2 + 5
seeds × 3; table build 1 + 30 epochs × 2 + one evaluation 3), one with it 152 s (+ build 5 + 2 epochs × 50 steps ×
0.5 + one evaluation 4): 490 s in all.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import tiny_models
import yaml
from sweep_files import fixed_settings, tiny_evaluation, write_corpus, write_sweep

import sweeps
from distill.cli import main
from distill.errors import DistillError
from sweeps import load_spec
from sweeps.budget import RESERVE, Speed, fitted_spec, periodic, plan_sweep, trial_seconds
from sweeps.calibration import measure, probe_config
from sweeps.options import duration_text, parse_duration
from sweeps.spec import trial_config
from sweeps.study import trial_budget

SPEED = Speed(matmul_gflops=57.0, setup=10.0, build={"table": 1.0, "context": 5.0},
              epoch={"table": 2.0, "context": 0.5}, evaluation={"table": 3.0, "context": 4.0}, checkpoint=1.0,
              save=0.5, swap=2.0, seed=3.0, measured_in=20.0)
BUDGET = 600.0  # the default 10 minutes
AVAILABLE = BUDGET * (1 - RESERVE)  # 570 s for what was measured; the rest is kept for what was not


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory):
    """The shipped quick sweep, its grid crossed with context epochs 0 and 2: trials of two costs to cut between."""
    spec = yaml.safe_load((Path(sweeps.__file__).parent / "quick.yaml").read_text())
    spec["fixed"].pop("context_epochs")
    spec["space"] = {"loss": ["mse", "cosine"], "context_epochs": [0, 2]}
    path = tmp_path_factory.mktemp("sweeps") / "quick.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return load_spec(str(path))


def test_a_trial_is_the_sum_of_its_measured_parts(quick) -> None:
    seconds = {point["context_epochs"]: trial_seconds(trial_config(quick.fixed, point, quick.source), SPEED, 5)
               for point in ({"loss": "mse", "context_epochs": 0}, {"loss": "mse", "context_epochs": 2})}
    assert seconds == {0: 93.0, 2: 152.0}


@pytest.mark.parametrize(("first", "last", "every", "count"), [(1, 30, 100, 1), (1, 30, 5, 6), (1, 7, 5, 2),
                                                                (31, 32, 100, 1), (31, 32, 1, 2), (6, 10, 5, 1)])
def test_a_phase_is_evaluated_every_eval_every_epochs_and_at_its_end(first, last, every, count) -> None:
    assert periodic(first, last, every) == count


def test_a_machine_that_runs_the_sweep_in_time_runs_it_whole(quick) -> None:
    plan = plan_sweep(quick, SPEED, BUDGET, elapsed=AVAILABLE - 490)
    assert plan.whole and plan.seconds == 490 and len(plan.points) == 4
    assert fitted_spec(quick, plan) is quick  # its study is the file's: a second run resumes it
    assert plan.describe() == "the sweep as its file gives it"


def test_a_slower_machine_gets_the_largest_share_of_training_that_fits(quick) -> None:
    """200 s spent before the plan leave 370 s: the trials' fixed parts take 150 s, and a share f of the training
    240 f (4 trials × 30 epochs × 2 s) + 100 f (2 trials × 2 epochs × 50 steps × 0.5 s); 0.64 of it fits (19 table
    epochs and 32 steps: 366 s), 0.65 (20 and 32: 374 s) does not."""
    plan = plan_sweep(quick, SPEED, BUDGET, elapsed=200)
    assert (plan.share, plan.epochs, plan.context_steps, plan.seconds, plan.cuts) == (0.64, 19, 32, 366, ())
    assert plan.describe() == "4 trial(s), 19 of 30 table epochs and 32 of 50 context steps per epoch"
    fitted = fitted_spec(quick, plan)
    assert fitted.fixed == {**quick.fixed, "epochs": 19, "context_steps_per_epoch": 32}
    assert fitted.space == quick.space and fitted.name == "quick-e19-c32" and trial_budget(fitted) == 4
    assert fitted.text.startswith("# fitted to a 10 min budget: 4 trial(s), 19 of 30 table epochs")
    assert plan_sweep(quick, SPEED, BUDGET, elapsed=200) == plan  # the same seconds, the same plan


def test_below_the_least_share_the_context_trials_are_cut_first(quick) -> None:
    """200 s left: the whole grid needs 218 s at the least share (6 epochs, 10 steps); its two trials without
    context distillation need 186 s with every epoch."""
    plan = plan_sweep(quick, SPEED, BUDGET, elapsed=AVAILABLE - 200)
    assert (plan.share, plan.epochs, plan.context, plan.seconds) == (1.0, 30, False, 186)
    assert plan.cuts == ("the trials with context distillation",)
    assert [point["context_epochs"] for point in plan.points] == [0, 0]
    fitted = fitted_spec(quick, plan)
    assert fitted.name == "quick-e30-context_epochs=0" and trial_budget(fitted) == 2
    assert "context_steps_per_epoch" not in fitted.fixed and fitted.fixed["epochs"] == 30


def test_then_the_grid_is_cut_to_one_trial(quick) -> None:
    plan = plan_sweep(quick, SPEED, BUDGET, elapsed=AVAILABLE - 80)  # one trial: 33 s fixed + 2 s per epoch
    assert (len(plan.points), plan.epochs, plan.seconds) == (1, 23, 79)
    assert plan.cuts == ("the trials with context distillation", "loss cosine")
    assert fitted_spec(quick, plan).name == "quick-e23-loss=mse-context_epochs=0"


def test_a_budget_that_cannot_hold_one_trial_is_refused_with_the_budget_it_needs(quick) -> None:
    """The smallest form, one trial of 6 epochs, takes 45 s; with 100 s gone, 145 s are 152.6 s of a budget."""
    with pytest.raises(DistillError, match=r"a budget of 2 min cannot hold even one trial of quick on this machine "
                                           r"\(fp32 matmul 57 GFLOP/s, .*\): it needs about 2 min 33 s; give "
                                           r"--budget 3m or more"):
        plan_sweep(quick, SPEED, 120, elapsed=100)


def test_durations_are_read_and_written_for_people() -> None:
    assert [parse_duration(text) for text in ("90s", "20m", "1h", "1.5h", " 10m ")] == [90, 1200, 3600, 5400, 600]
    for bad in ("20", "0m", "-1m", "1d", "m", "8 days", "200h"):
        with pytest.raises(DistillError, match="--budget must be a time such as 90s, 20m or 1h"):
            parse_duration(bad)
    assert [duration_text(seconds) for seconds in (45.4, 90, 485, 600, 5400)] == [
        "45 s", "1 min 30 s", "8 min 05 s", "10 min", "1 h 30 min"]


def test_a_bad_budget_is_one_line_before_anything_loads(capsys) -> None:
    assert main(["quickstart", "--budget", "20"]) == 2
    error = capsys.readouterr().err
    assert error == "error: --budget must be a time such as 90s, 20m or 1h (at most a week), got '20'\n"


def test_measuring_times_every_phase_of_a_trial_and_keeps_its_evaluation(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """The probe is the grid's costliest trial, one epoch of each phase and a few context steps; the evaluation it
    prepares is the one the trials reuse. (What the seconds are is the machine's: only their presence is tested.)"""
    rng = random.Random(0)
    documents = [" ".join(" ".join(rng.choices(tiny_models.WORDS, k=6)).capitalize() + "." for _ in range(3))
                 for _ in range(40)]
    (tmp_path / "text.txt").write_text("\n\n".join(documents) + "\n")
    fixed = fixed_settings(tmp_path, tiny_bert_dir, corpus=str(tmp_path / "text.txt"), context_epochs=None,
                           context_steps_per_epoch=6, context_batch_size=4, context_max_length=16)
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, space={"loss": ["mse", "cosine"],
                                                                                   "context_epochs": [0, 2]},
                                     evaluation={**tiny_evaluation(write_corpus(tmp_path)), "tasks": ["fidelity"]})))
    config = probe_config(spec)
    assert (config.loss, config.epochs, config.context_epochs, config.context_steps_per_epoch) == ("mse", 1, 1, 4)
    speed, evaluator = measure(config, spec.evaluation, quiet=True)
    assert set(speed.build) == set(speed.epoch) == set(speed.evaluation) == {"table", "context"}
    timed = [speed.matmul_gflops, speed.setup, speed.checkpoint, speed.save, speed.swap, speed.seed,
             *speed.epoch.values(),
             *speed.evaluation.values(), *speed.build.values()]
    assert all(seconds > 0 for seconds in timed) and speed.measured_in > speed.setup + sum(speed.build.values())
    assert evaluator is not None and evaluator.settings is spec.evaluation
    assert "a context epoch of 50 steps" in speed.describe(50) and "a context step" in speed.describe()

"""A recipe fitted to a time budget (distill.training.budget): one share scales the table and the context epochs,
from an epoch timed here; a sweep file's ``time_per_trial`` fits every trial to it (the bench's size points too)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import optuna
import pytest
import torch
from sweep_files import fixed_settings, load_study, write_sweep
from tiny_models import TABLE_ONLY_BYTESCNN

import sweeps.pace
import sweeps.pruning
import sweeps.trial
from distill import devices
from distill.cli import main
from distill.config.training import TrainConfig
from distill.devices import OtherWork
from distill.errors import DistillError
from distill.training import budget
from sweeps import load_spec
from sweeps.pace import REFERENCE_ATTR, reference_config
from sweeps.study import SPEC_ATTR, TRIAL_TIME_ATTR, fingerprint, open_storage, open_study, storage_url
from sweeps.trial_record import TrialRecord

CPU = torch.device("cpu")
ALONE = OtherWork(cores=0.0)  # a timing with the machine to itself


def timed(times: Callable[[], tuple[float, float]]) -> Callable[..., tuple[tuple[float, float], OtherWork]]:
    """A stand-in for ``epoch_seconds_alone``: ``times()`` a table and a context epoch, the machine to itself."""
    return lambda config, device, quiet=False: (times(), ALONE)


@pytest.mark.parametrize(("seconds", "stretch", "epochs", "context_epochs"), [
    (550.0, False, 40, 3),  # half of 80 x 10 s + 6 x 50 s
    (1100.0, False, 80, 6),  # it fits: unchanged
    (5000.0, False, 80, 6),  # not stretched unless asked
    (2200.0, True, 160, 12),  # stretched: twice the recipe fills twice its time
    (550.0, True, 40, 3),  # a recipe that does not fit is scaled down all the same
    (1.0, False, 1, 0),  # at least one table epoch
])
def test_one_share_scales_both_phases(seconds, stretch, epochs, context_epochs) -> None:
    config = TrainConfig(epochs=80, context_epochs=6).validate()
    fitted = budget.scaled_to_seconds(config, seconds, (10.0, 50.0), stretch=stretch)
    assert (fitted.epochs, fitted.context_epochs) == (epochs, context_epochs)
    assert fitted.lr == config.lr and fitted.student == config.student  # the recipe keeps its shape


def test_an_epoch_is_timed_on_the_run_itself(tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=50).validate()
    (table, context), _ = budget.epoch_seconds_alone(config, CPU)
    assert 0 < table < 60 and context == 0  # no context distillation in this recipe
    # Budgets far from the epoch's time give the same answer however fast this machine is.
    assert budget.scaled_to_seconds(config, 1e-6, (table, context)).epochs == 1  # less than an epoch: one epoch
    assert budget.scaled_to_seconds(config, 1e6, (table, context)).epochs == 50  # ample: the recipe as it is


def test_a_sweep_fits_every_trial_to_its_time_per_trial(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sweeps.trial, "epoch_seconds_alone", timed(lambda: (0.5, 0.0)))
    path = write_sweep(tmp_path, tiny_bert_dir, fixed=fixed_settings(tmp_path, tiny_bert_dir, epochs=8),
                       time_per_trial="2s", pruner={"kind": "median", "n_startup_trials": 2})
    assert load_spec(str(path)).seconds_per_trial == 2.0
    assert main(["sweep", "--config", str(path)]) == 0
    err = capsys.readouterr().err
    assert "0.5 s a table epoch, 0.0 s a context epoch here (other processes kept " in err, err
    assert "at pace 1.00 of the study's first machine: 4 and 0 fit" in err
    trials = load_study(tmp_path).trials
    assert [trial.state.name for trial in trials] == ["COMPLETE", "COMPLETE"]
    for trial in trials:
        record = TrialRecord.from_trial(trial)
        assert record.config["epochs"] == 4  # 2 s of 0.5 s epochs, not the file's 8
        assert record.timing["table_seconds"] == 0.5 and record.timing["context_seconds"] == 0.0
        assert record.timing["other_cores"] == 0.0  # what the rest of the machine took, on record
        assert list(trial.intermediate_values) == [1, 2, 3, 4]  # the learning curve the pruner reads


def test_the_pruner_reads_each_trial_at_its_place_in_its_own_epochs(tmp_path, tiny_bert_dir, monkeypatch) -> None:
    """Trials fitted to 4 and to 8 epochs: the running trial's epochs, on record before it trains, give the pruner
    its place in its training (sweeps.pruning), epoch by epoch."""
    fitted_epochs = iter([(0.5, 0.0), (0.25, 0.0)])  # 2 s buy the first trial 4 epochs, the second 8
    monkeypatch.setattr(sweeps.trial, "epoch_seconds_alone", timed(lambda: next(fitted_epochs)))
    places: list[float] = []
    read_place = sweeps.pruning.Phases.place
    monkeypatch.setattr(sweeps.pruning.Phases, "place",
                        lambda phases, epoch: places.append(read_place(phases, epoch)) or places[-1])
    path = write_sweep(tmp_path, tiny_bert_dir, fixed=fixed_settings(tmp_path, tiny_bert_dir, epochs=8),
                       time_per_trial="2s", pruner={"kind": "median-by-share", "n_startup_trials": 1})
    assert main(["sweep", "--config", str(path)]) == 0
    first, second = load_study(tmp_path).trials
    assert TrialRecord.from_trial(first).config["epochs"] == 4 and TrialRecord.from_trial(second).config["epochs"] == 8
    assert places == [epoch / 8 for epoch in sorted(second.intermediate_values)]  # the second trial, read by place
    assert places[:2] == [0.125, 0.25]


def test_fill_time_stretches_a_trial_that_would_end_sooner(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sweeps.trial, "epoch_seconds_alone", timed(lambda: (0.5, 0.0)))
    path = write_sweep(tmp_path, tiny_bert_dir, fixed=fixed_settings(tmp_path, tiny_bert_dir, epochs=2),
                       time_per_trial="2s", fill_time=True, n_trials=1)
    assert load_spec(str(path)).fill_time
    assert main(["sweep", "--config", str(path)]) == 0
    assert "timing an epoch to fill 2 s of training" in capsys.readouterr().err
    (trial,) = load_study(tmp_path).trials
    assert TrialRecord.from_trial(trial).config["epochs"] == 4  # 2 s of 0.5 s epochs, not the file's 2


@pytest.mark.parametrize(("settings", "message"), [
    ({"fill_time": True}, "fill_time needs a time_per_trial to fill"),
    ({"fill_time": "yes", "time_per_trial": "2s"}, "fill_time must be true or false, got 'yes'"),
])
def test_a_bad_fill_time_is_one_line(tmp_path, tiny_bert_dir, capsys, settings, message) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, **settings)
    assert main(["sweep", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") <= 2 and not (tmp_path / "optuna.db").exists()


@pytest.mark.parametrize("value", ["soon", "0s", "-5m"])
def test_a_bad_time_per_trial_is_one_line(tmp_path, tiny_bert_dir, capsys, value) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, time_per_trial=value)
    assert main(["sweep", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"time_per_trial must be a time such as 90s, 20m or 1h (at most a week), got '{value}'" in err
    assert err.count("\n") <= 2 and not (tmp_path / "optuna.db").exists()


def test_a_study_resumes_only_with_the_time_a_trial_it_started_with(tmp_path, tiny_bert_dir, monkeypatch,
                                                                      capsys) -> None:
    """Trials that trained for other times do not compare: a study run with 2 s a trial, filled, refuses in one line
    to resume with 3 s or unfilled, and resumes once the file is restored."""
    monkeypatch.setattr(sweeps.trial, "epoch_seconds_alone", timed(lambda: (0.5, 0.0)))
    fixed = fixed_settings(tmp_path, tiny_bert_dir, epochs=2)
    path = write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, time_per_trial="2s", fill_time=True, n_trials=1)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    capsys.readouterr()
    for changed, asked in (({"time_per_trial": "3s", "fill_time": True}, "3 s, filled"),
                           ({"time_per_trial": "2s"}, "at most 2 s"), ({}, "its epochs, untimed")):
        write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, n_trials=2, **changed)
        assert main(["sweep", "--config", str(path), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert f"trains each trial for 2 s, filled, not {asked} as its file now says" in err, err
        assert err.count("\n") <= 2 and len(load_study(tmp_path).trials) == 1
    write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, time_per_trial="2s", fill_time=True, n_trials=2)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    assert [trial.state.name for trial in load_study(tmp_path).trials] == ["COMPLETE", "COMPLETE"]


def test_a_study_started_before_its_time_was_recorded_takes_its_files(tmp_path, tiny_bert_dir) -> None:
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir, time_per_trial="2s", fill_time=True)))
    storage = open_storage(storage_url(None), spec.heartbeat)
    earlier = optuna.create_study(storage=storage, study_name="unit")
    earlier.set_user_attr(SPEC_ATTR, fingerprint(spec))  # as a study of the file before the time was recorded
    assert open_study(spec, storage, "unit").user_attrs[TRIAL_TIME_ATTR] == {"seconds": 2.0, "fill": True}
    with pytest.raises(DistillError, match="trains each trial for 2 s, filled, not at most 2 s"):
        open_study(dataclasses.replace(spec, fill_time=False), storage, "unit")


def test_a_study_resumed_on_a_slower_machine_gives_its_trials_the_work_of_its_first(tmp_path, tiny_bert_dir,
                                                                                   monkeypatch, capsys) -> None:
    """A trial on a machine twice as slow as the study's first gets the epochs that time_per_trial buys on the
    first (4 of 0.5 s there), not those it buys here (2 of 1 s): each machine's pace is its time for the study's
    reference recipe over the first machine's."""
    machine = {"slowness": 1.0}
    monkeypatch.setattr(sweeps.trial, "epoch_seconds_alone", timed(lambda: (0.5 * machine["slowness"], 0.0)))
    monkeypatch.setattr(sweeps.pace, "epoch_seconds_alone", timed(lambda: (0.8 * machine["slowness"], 0.0)))
    fixed = fixed_settings(tmp_path, tiny_bert_dir, epochs=2)
    path = write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, time_per_trial="2s", fill_time=True, n_trials=1)
    assert main(["sweep", "--config", str(path)]) == 0
    assert "pace 1.00 of the study's first machine: 4 and 0 fit" in capsys.readouterr().err
    machine["slowness"] = 2.0  # the study resumed on another machine
    write_sweep(tmp_path, tiny_bert_dir, fixed=fixed, time_per_trial="2s", fill_time=True, n_trials=2)
    assert main(["sweep", "--config", str(path)]) == 0
    err = capsys.readouterr().err
    assert "1.0 s a table epoch, 0.0 s a context epoch here (" in err, err
    assert "at pace 2.00 of the study's first machine: 4 and 0 fit" in err, err
    study = load_study(tmp_path)
    records = [TrialRecord.from_trial(trial) for trial in study.trials]
    assert [record.config["epochs"] for record in records] == [4, 4]
    assert [record.pace for record in records] == [{"table": 1.0, "context": 1.0}, {"table": 2.0, "context": 2.0}]
    assert study.user_attrs[REFERENCE_ATTR]["table"] == 0.8  # the first machine's, kept
    assert study.user_attrs[REFERENCE_ATTR]["other_cores"] == 0.0  # and what else ran while it was timed


def test_the_reference_recipe_is_the_files_first_point_else_its_first_probe(tmp_path, tiny_bert_dir) -> None:
    grid = load_spec(str(write_sweep(tmp_path, tiny_bert_dir, time_per_trial="2s")))
    assert reference_config(grid).loss_name == "mse"  # the grid's first loss
    search = load_spec(str(write_sweep(
        tmp_path, tiny_bert_dir, sampler={"kind": "tpe"}, n_trials=3, time_per_trial="2s",
        fixed=fixed_settings(tmp_path, tiny_bert_dir, lr=None),
        space={"loss": ["mse", "cosine"], "lr": {"low": 1e-4, "high": 1e-2, "log": True}},
        points=[{"loss": "cosine", "lr": 2e-3}])))
    assert (reference_config(search).loss_name, reference_config(search).lr) == ("cosine", 2e-3)
    search = dataclasses.replace(search, points=[])
    assert (reference_config(search).loss_name, reference_config(search).lr) == ("mse", 1e-4)


@pytest.fixture
def other_processes(monkeypatch) -> dict[str, float]:
    """The machine's busy CPU seconds as this process's own plus ``elsewhere``, which a test raises: other
    processes' work, deterministic."""
    load = {"elsewhere": 0.0}
    monkeypatch.setattr(devices, "busy_cpu_seconds", lambda: time.process_time() + load["elsewhere"])
    return load


def test_the_cores_other_processes_keep_busy_are_measured_beside_a_timing(other_processes) -> None:
    with devices.other_work() as others:
        time.sleep(0.5)
        other_processes["elsewhere"] += 0.5  # half a CPU second elsewhere in half a second: one core
    assert others.cores is not None and 0.5 < others.cores <= 1.0  # a busy test machine may oversleep
    assert others.busy and "so slower than on this machine alone" in others.describe("it was timed")


def test_this_process_s_own_work_is_not_counted_as_other_work(other_processes) -> None:
    with devices.other_work() as others:
        spun = time.process_time() + 0.2
        while time.process_time() < spun:  # this process busy, the rest of the machine idle
            pass
    assert others.cores == pytest.approx(0.0, abs=1e-6) and not others.busy
    assert others.describe("it was timed").startswith("other processes kept 0.00 of ")


def test_a_machine_without_proc_stat_says_its_load_is_not_measurable(tmp_path, monkeypatch) -> None:
    assert devices.busy_cpu_seconds(tmp_path / "stat") is None
    (tmp_path / "stat").write_text("cpu  100 20 50 1000 30 5 5 10 0 0\ncpu0 50 10 25 500 15 2 3 5 0 0\n")
    assert devices.busy_cpu_seconds(tmp_path / "stat") == pytest.approx(190 / os.sysconf("SC_CLK_TCK"))
    monkeypatch.setattr(devices, "busy_cpu_seconds", lambda: None)
    with devices.other_work() as others:
        pass
    assert others.cores is None and not others.busy and "not measurable" in others.describe("it was timed")


@pytest.mark.skipif(not Path("/proc/stat").is_file(), reason="the system's counters are Linux's /proc/stat")
def test_a_process_spinning_beside_a_timing_is_seen() -> None:
    spin = "import time\nend = time.time() + 3\nwhile time.time() < end: pass"
    spinner = subprocess.Popen([sys.executable, "-c", spin])
    try:
        time.sleep(0.5)  # started
        with devices.other_work() as others:
            time.sleep(1.0)
    finally:
        spinner.kill()
        spinner.wait()
    assert others.cores is not None and others.cores > 0.6  # a whole core, give or take the scheduler


@pytest.mark.parametrize(("timings", "kept"), [
    ([(False, (2.0, 20.0))], (2.0, 20.0)),  # the machine to itself: timed once
    ([(True, (1.0, 10.0)), (False, (1.5, 15.0))], (1.5, 15.0)),  # busy, then alone: the timing alone is kept
    ([(True, (2.0, 20.0)), (True, (1.0, 10.0)), (True, (1.5, 15.0))], (1.0, 10.0)),  # busy each time: the fastest
])
def test_an_epoch_timed_beside_other_work_is_timed_again(other_processes, monkeypatch, capsys, timings,
                                                           kept) -> None:
    """A probe epoch timed while other processes keep the machine busy is slow (docs/defaults.md: 13.1 s for an
    epoch that then ran in 9-10 s): ``epoch_seconds_alone`` times it again, up to ``TIMING_TRIES`` times."""
    scripted = iter(timings)

    def epoch_seconds(config, device):
        busy, times = next(scripted)
        time.sleep(0.05)
        other_processes["elsewhere"] += 0.05 if busy else 0.0  # a whole core elsewhere, or none
        return times

    monkeypatch.setattr(budget, "epoch_seconds", epoch_seconds)
    times, others = budget.epoch_seconds_alone(TrainConfig().validate(), CPU)
    assert next(scripted, None) is None  # every scripted timing taken, and no other
    assert times == kept and others.busy == timings[-1][0]
    err = capsys.readouterr().err
    assert err.count("timing it again") == len(timings) - 1
    if len(timings) > 1:
        assert "so slower than on this machine alone: timing it again (2 of 3)" in err

"""Several sweep workers: Ctrl-C, SIGKILL and resume, SQLite and PostgreSQL studies, dead workers, retried and
duplicate grid trials."""

from __future__ import annotations

import glob
import multiprocessing
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import optuna
import pytest
from stop_targets import sleep_when_ready
from sweep_files import complete_params, fixed_settings, free_port, load_study, sweep_runs, write_sweep

from distill.cli import main
from sweeps import load_spec
from sweeps.accounting import Progress, frozen, is_grid_duplicate, progress, requeue, superseded
from sweeps.runs import trial_run_name
from sweeps.study import open_storage, open_study, storage_url, trial_budget
from sweeps.trial import TrialObjective
from sweeps.trial_record import TrialRecord


def test_ctrl_c_stops_every_worker_within_seconds() -> None:
    """The parent interrupts, then terminates, workers still running after the grace period (#26)."""
    from sweeps.runner import stop_workers

    # Spawned, as the sweep's workers are, and each setting its own Ctrl-C handling (stop_targets): a stand-in that
    # inherited it ignored SIGINT whenever the tests ran where SIGINT is ignored (a background job of a shell
    # without job control), and was ended by SIGTERM.
    context = multiprocessing.get_context("spawn")
    ready = {deaf: context.Event() for deaf in (False, True)}
    obedient, deaf = (context.Process(target=sleep_when_ready, args=(ready[kind], kind)) for kind in (False, True))
    for process in (obedient, deaf):
        process.start()
    assert all(event.wait(60) for event in ready.values())  # both asleep, the deaf one deaf to SIGINT
    started = time.monotonic()
    stop_workers([obedient, deaf], grace=1.0)
    assert time.monotonic() - started < 4
    assert not obedient.is_alive() and obedient.exitcode == 1  # its KeyboardInterrupt ended it
    assert not deaf.is_alive() and deaf.exitcode == -signal.SIGTERM


def training_trials() -> int:
    """The sweep's trials whose MLflow run is open: past their set-up, training."""
    try:
        return sum(run.info.status == "RUNNING" for run in sweep_runs()[1])
    except (AttributeError, ValueError):  # no sweep experiment, or no parent run, yet
        return 0


def test_resume_after_sigkill_loses_and_duplicates_no_trial(tmp_path, tiny_bert_dir) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["mse", "cosine", "aec"]},
                       fixed=fixed_settings(tmp_path, tiny_bert_dir, epochs=80, batch_size=16))
    process = subprocess.Popen([sys.executable, "-m", "distill.cli", "sweep", "--config", str(path), "--quiet"],
                               env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and process.poll() is None:
        try:
            states = Counter(trial.state.name for trial in load_study(tmp_path).trials)
        except KeyError:  # the study does not exist yet
            states = Counter()
        if states["COMPLETE"] >= 1 and states["RUNNING"] == 1 and training_trials() == 1:
            time.sleep(0.3)  # into the second trial's training, far from its end (80 epochs)
            break
        time.sleep(0.2)
    assert process.poll() is None, "the sweep finished before it could be killed; make the trials longer"
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed = next(trial for trial in load_study(tmp_path).trials if trial.state.name == "RUNNING")

    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    study = load_study(tmp_path)
    lost = study.trials[killed.number]
    assert lost.state.name == "FAIL" and superseded(study.trials) == {killed.number}
    assert complete_params(study) == [(("loss", loss),) for loss in sorted(["mse", "cosine", "aec"])]
    retry = next(trial for trial in study.trials if trial.system_attrs.get("failed_trial") == killed.number)
    assert retry.params == lost.params and retry.state.name == "COMPLETE"
    parent, children = sweep_runs()
    statuses = {run.info.run_name: run.info.status for run in children}
    assert statuses.pop(trial_run_name(killed)) == "FAILED"
    assert sorted(statuses.values()) == ["FINISHED"] * 3
    assert parent.info.status == "FINISHED"


def run_two_workers(folder: Path, teacher: Path, storage: str | None = None) -> optuna.Study:
    path = write_sweep(folder, teacher, space={"loss": ["mse", "cosine", "aec", "triplet-angular"]},
                       fixed=fixed_settings(folder, teacher, epochs=4, batch_size=16))
    argv = ["sweep", "--config", str(path), "--workers", "2", "--quiet"] + (["--storage", storage] if storage else [])
    assert main(argv) == 0
    study = load_study(folder, storage=storage)
    assert complete_params(study) == sorted((("loss", loss),) for loss in ["mse", "cosine", "aec", "triplet-angular"])
    # Two workers may race for the last grid point: the later one is a surplus trial, pruned without running.
    unfinished = [trial for trial in study.trials if trial.state.name != "COMPLETE"]
    assert all(trial.state.name == "PRUNED" and TrialRecord.from_trial(trial).surplus for trial in unfinished)
    ran = [trial for trial in study.trials if trial.state.name == "COMPLETE"]
    assert len({TrialRecord.from_trial(trial).worker for trial in ran}) == 2  # both workers ran trials
    _, children = sweep_runs()
    assert sorted(run.info.status for run in children) == ["FINISHED"] * 4
    return study


def test_two_workers_share_one_sqlite_study(tmp_path, tiny_bert_dir) -> None:
    run_two_workers(tmp_path, tiny_bert_dir)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server on a free loopback port, data and socket in a fresh folder, stopped after.

    initdb refuses to run as root, so as root the server runs as the ``postgres`` account
    (which the Debian ``postgresql`` package creates); the folder lies under /tmp, where it can reach it.
    """
    binaries = {name: shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                                                             reverse=True)), None)
                for name in ("initdb", "pg_ctl")}
    if None in binaries.values():
        pytest.fail("PostgreSQL server binaries (initdb, pg_ctl) not found; install the Debian package postgresql")
    folder = Path(tempfile.mkdtemp(prefix="distill-postgres-"))
    as_server = {}
    if os.geteuid() == 0:
        account = pwd.getpwnam("postgres")
        os.chown(folder, account.pw_uid, account.pw_gid)
        as_server = {"user": account.pw_uid, "group": account.pw_gid}
    port, data = free_port(), folder / "data"
    subprocess.run([binaries["initdb"], "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True, **as_server)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([binaries["pg_ctl"], "-D", str(data), "-l", str(folder / "server.log"), "-o", options, "-w",
                    "start"], check=True, capture_output=True, **as_server)
    try:
        import psycopg2

        connection = psycopg2.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres")
        connection.autocommit = True
        connection.cursor().execute("CREATE DATABASE sweeps")
        connection.close()
        yield f"postgresql+psycopg2://postgres@127.0.0.1:{port}/sweeps"
    finally:
        subprocess.run([binaries["pg_ctl"], "-D", str(data), "-m", "immediate", "stop"], check=False,
                       capture_output=True, **as_server)
        shutil.rmtree(folder, ignore_errors=True)


def test_two_workers_share_one_postgresql_study(tmp_path, tiny_bert_dir, postgres_url) -> None:
    study = run_two_workers(tmp_path, tiny_bert_dir, storage=postgres_url)
    assert not (tmp_path / "optuna.db").exists()  # the study lives in PostgreSQL only
    parent, _ = sweep_runs()
    assert parent.data.tags["distill.storage"] == postgres_url  # no password to mask here
    assert study.user_attrs["distill.mlflow_parent_run"] == parent.info.run_id


def test_grid_duplicates_are_surplus_and_retries_replace_lost_trials(tmp_path, tiny_bert_dir) -> None:
    """The accounting behind resume and workers, without training: three workers ask a grid of two at once."""
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir)))
    study = open_study(spec, open_storage(storage_url(None), spec.heartbeat), "unit")
    first, second, third = (study.ask() for _ in range(3))
    study.sampler = optuna.samplers.RandomSampler()  # GridSampler.after_trial may only run inside optimize()
    objective = TrialObjective(spec, parent_run_id="-", tracking_uri="-", quiet=True, evaluator=None)
    assert not is_grid_duplicate(study, first.number) and not is_grid_duplicate(study, second.number)
    with pytest.raises(optuna.TrialPruned, match="grid point is already taken"):
        objective(third)  # the grid was exhausted: GridSampler handed out a point again
    study.tell(third, state=optuna.trial.TrialState.PRUNED)
    assert progress(study) == Progress(counted=2, waiting=0, running=2)

    study.tell(first, state=optuna.trial.TrialState.FAIL)  # as fail_stale_trials does to a lost trial
    requeue(study, frozen(study, first.number))
    assert progress(study) == Progress(counted=2, waiting=1, running=1)
    assert progress(study).unfinished(trial_budget(spec)) == 2  # the retry and the second, none new to start
    retry = study.ask()
    assert retry.number == 3 and not is_grid_duplicate(study, retry.number)
    assert study.trials[retry.number].system_attrs["grid_id"] == study.trials[first.number].system_attrs["grid_id"]
    study.tell(retry, 0.5)
    study.tell(second, 0.25)
    assert superseded(study.trials) == {first.number} and progress(study).finished(trial_budget(spec))


# --- the command line ---------------------------------------------------------------------------------


def test_a_dead_worker_is_a_warning_when_the_others_finished_the_study(tmp_path, tiny_bert_dir, monkeypatch,
                                                                       capsys) -> None:
    from sweeps import runner, study

    def one_survivor(job, workers: int) -> list[str]:
        study.work(job)  # the surviving worker runs every trial
        return ["worker 0 (exit -9)"]

    monkeypatch.setattr(runner, "_run_processes", one_survivor)
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--workers", "2", "--quiet"]) == 0
    assert "warning: worker 0 (exit -9) stopped early; the other workers finished the study" in capsys.readouterr().err
    parent, _ = sweep_runs()
    assert parent.info.status == "FINISHED"


def test_a_dead_worker_with_trials_left_is_an_error(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    from sweeps import runner

    monkeypatch.setattr(runner, "_run_processes", lambda job, workers: ["worker 1 (exit -9)"])
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--workers", "2", "--quiet"]) == 2
    assert "worker 1 (exit -9) stopped early; run the same command again" in capsys.readouterr().err

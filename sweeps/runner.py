"""Run a sweep: open or resume the study and its MLflow parent run, run K workers, log the summary.

Each worker loops: it runs one trial while the budget has room or a trial waits to be
retried; it idles (failing stale trials) while only other workers' trials are running;
it stops when nothing is left. Workers on several machines cooperate the same way
through one database and one tracking server; ``--workers K`` starts K such processes
here (spawned, each with its share of the CPU threads).

Ctrl-C reaches every worker of the terminal's process group: each re-queues its trial and exits.
A ``KeyboardInterrupt`` raised while a library runs a cleanup callback (SQLAlchemy's, say) is printed
and dropped by Python, so a worker records the interrupt before raising it and stops before its next
trial, and the parent interrupts, then terminates, a worker still running ``STOP_GRACE_SECONDS`` after
Ctrl-C; the heartbeat then finds its trial stale and re-queues it on the next run.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import mlflow
import optuna
from mlflow import MlflowClient
from mlflow.entities import Param
from mlflow.exceptions import MlflowException

from distill.errors import DistillError, is_user_error
from distill.tracking import store
from distill.tracking.progress import announce
from sweeps.curves import read_curves
from sweeps.evaluation import TrialEvaluator
from sweeps.options import check_storage, check_study_name
from sweeps.report import StudySummary, write_summary
from sweeps.spec import SweepSpec, experimental_api
from sweeps.study import (
    DEFAULT_STORAGE,
    PARENT_RUN_ATTR,
    SweepTrials,
    build_sampler,
    discard_unstarted,
    display_url,
    open_storage,
    open_study,
    progress,
    sqlite_file,
    storage_url,
)
from sweeps.trial import TrialObjective

STOP_GRACE_SECONDS = 5.0  # how long the parent waits after Ctrl-C before interrupting a worker again
INTERRUPTED = threading.Event()  # set in a worker by its SIGINT handler, even where the exception is dropped


@dataclass(frozen=True)
class WorkerJob:
    """Everything a worker process needs (picklable: it crosses the spawn boundary)."""

    spec: SweepSpec
    storage: str
    study_name: str
    budget: int
    parent_run_id: str
    tracking_uri: str
    quiet: bool
    rank: int = 0
    threads: int | None = None


@dataclass
class SweepResult:
    study_name: str
    storage: str  # password masked
    tracking_uri: str
    parent_run_id: str
    finished: bool
    summary: StudySummary

    def check_some_trial_completed(self) -> None:
        """A finished study whose every trial failed is an error (exit 2), not a result."""
        failed, completed = self.summary.counts.get("FAIL", 0), self.summary.counts.get("COMPLETE", 0)
        if self.finished and failed and not completed:
            raise DistillError(f"every trial of study {self.study_name} failed ({failed}); "
                               f"their errors are the distill.failure tags of the runs under {self.parent_run_id}")


def run_sweep(
    spec: SweepSpec,
    *,
    n_trials: int | None = None,
    workers: int = 1,
    storage: str | None = None,
    study_name: str | None = None,
    tracking_uri: str | None = None,
    quiet: bool = False,
) -> SweepResult:
    """Run (or resume) the study of ``spec`` until its budget is spent; log its summary to the parent run.

    Args:
        n_trials: the budget of a search; a cap for a grid (default: the file's, or the whole grid).
        workers: processes started on this machine, all on the same study.
        storage: SQLAlchemy URL of the study database (default ``sqlite:///optuna.db`` here).
        study_name: default the sweep file's name, so the same command resumes the same study.
        tracking_uri: MLflow tracking URI (default ``MLFLOW_TRACKING_URI``, then ``mlflow.yaml``).
    """
    check_storage(storage if storage is not None else DEFAULT_STORAGE, workers)
    check_study_name(study_name if study_name is not None else spec.name)
    budget = spec.budget(n_trials)
    url = storage_url(storage)
    _set_log_levels(quiet)
    database = sqlite_file(url)
    new_database = database is not None and not database.exists()
    study_storage = open_storage(url, spec.heartbeat)
    study = open_study(spec, study_storage, study_name or spec.name)
    try:
        state = progress(study)
        announce(f"study {study.study_name} in {display_url(url)}: {max(state.remaining(budget), 0)} of {budget} "
                 "trials to run; checking each trial's teacher and evaluation set-up", quiet=quiet)
        evaluator = _preflight(spec, quiet) if not state.finished(budget) else None
        uri = store.load_settings(tracking_uri).tracking_uri
        experiment_id = store.configure("sweep", uri)
        parent_run_id = _parent_run(study, spec, url, experiment_id)
    except BaseException:  # refused before its first trial: leave no empty study (or database) behind
        discard_unstarted(study, study_storage, database if new_database else None)
        raise
    job = WorkerJob(spec, url, study.study_name, budget, parent_run_id, uri, quiet or workers > 1)
    status = "FAILED"
    try:
        stopped = []
        if workers == 1:
            work(job, evaluator)
        else:
            stopped = _run_processes(job, workers)
        finished = progress(study).finished(budget)
        if stopped and not finished:
            raise DistillError(f"{', '.join(stopped)} stopped early; run the same command again to resume the study")
        if stopped:  # the others finished the study: nothing is missing
            print(f"warning: {', '.join(stopped)} stopped early; the other workers finished the study",
                  file=sys.stderr)
        status = "FINISHED" if finished else "RUNNING"
    except KeyboardInterrupt:
        status = "KILLED"
        raise
    finally:
        summary = _log_summary(study, spec, parent_run_id, status)
    return SweepResult(study.study_name, display_url(url), uri, parent_run_id, finished, summary)


def work(job: WorkerJob, evaluator: TrialEvaluator | None = None) -> None:
    """The worker loop (see the module docstring)."""
    spec = job.spec
    study = optuna.load_study(study_name=job.study_name, storage=open_storage(job.storage, spec.heartbeat))
    study.sampler = build_sampler(spec, f"{socket.gethostname()}/{job.rank}/{len(study.trials)}")
    study.pruner = spec.pruner.build()
    if evaluator is None and spec.evaluation is not None:
        evaluator = TrialEvaluator(spec.evaluation, quiet=job.quiet)
    objective = TrialObjective(spec, parent_run_id=job.parent_run_id, tracking_uri=job.tracking_uri,
                               quiet=job.quiet, evaluator=evaluator)
    while True:
        if INTERRUPTED.is_set():  # a Ctrl-C that a library's cleanup callback swallowed
            raise KeyboardInterrupt
        state = progress(study)
        if state.waiting or state.remaining(job.budget) > 0:
            study.optimize(objective, n_trials=1, catch=(Exception,), gc_after_trial=True)
        elif state.running:
            with experimental_api():
                optuna.storages.fail_stale_trials(study)
            time.sleep(spec.heartbeat.interval)
        else:
            return


def _preflight(spec: SweepSpec, quiet: bool) -> TrialEvaluator | None:
    """Load every evaluation model and check its tasks and corpora before the first trial (and build the
    tokenizer's word segmenter where the vocabulary-free path needs one)."""
    if spec.evaluation is None:
        return None
    evaluator = TrialEvaluator(spec.evaluation, quiet=quiet)
    evaluator.prepare()
    return evaluator


def _worker_process(job: WorkerJob) -> None:
    """Entry point of a spawned worker."""
    import torch

    if job.threads:
        torch.set_num_threads(job.threads)
    signal.signal(signal.SIGINT, _record_interrupt)
    store.configure("sweep", job.tracking_uri)
    _set_log_levels(job.quiet)
    try:
        work(job)
    except Exception as error:  # a library's error (a loss's, a student's) is the user's too
        if not is_user_error(error):
            raise
        print(f"error: worker {job.rank}: {error}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)


def _record_interrupt(signum: int, frame: object) -> None:
    """SIGINT in a worker: remember it, then raise ``KeyboardInterrupt`` as Python's own handler does."""
    INTERRUPTED.set()
    raise KeyboardInterrupt


def stop_workers(processes: Sequence[multiprocessing.process.BaseProcess], grace: float = STOP_GRACE_SECONDS) -> None:
    """After Ctrl-C: give the workers ``grace`` seconds to re-queue their trials and exit, interrupt those
    still running (the Ctrl-C may have reached the parent only, or been dropped), and terminate any left
    after as long again."""
    _join_within(processes, grace)
    for process in processes:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGINT)
    _join_within(processes, grace)
    for process in processes:
        if process.is_alive():
            process.terminate()
            process.join()


def _join_within(processes: Sequence[multiprocessing.process.BaseProcess], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))


def _run_processes(job: WorkerJob, workers: int) -> list[str]:
    """Run ``workers`` worker processes to their end; returns those that exited abnormally."""
    context = multiprocessing.get_context("spawn")  # torch and forked threads do not mix
    threads = max(1, (os.cpu_count() or 1) // workers)
    processes = [context.Process(target=_worker_process, args=(replace(job, rank=rank, threads=threads),),
                                 name=f"sweep-worker-{rank}") for rank in range(workers)]
    for process in processes:
        process.start()
    try:
        for process in processes:
            process.join()
    except KeyboardInterrupt:
        stop_workers(processes)
        raise
    return [f"worker {rank} (exit {process.exitcode})" for rank, process in enumerate(processes)
            if process.exitcode != 0]


def _set_log_levels(quiet: bool) -> None:
    """Optuna's per-trial lines ("Trial 0 finished with value …") would interleave with the progress bars and
    repeat what the sweep's own summary says; its warnings stay, unless ``quiet`` (failed trials are listed
    in the summary with their error)."""
    optuna.logging.set_verbosity(optuna.logging.ERROR if quiet else optuna.logging.WARNING)
    logging.getLogger("mlflow").setLevel(logging.WARNING)


# --- the parent run -------------------------------------------------------------------------------------


def _parent_run(study: optuna.Study, spec: SweepSpec, url: str, experiment_id: str) -> str:
    """The study's MLflow parent run, created on first use and reopened on resume."""
    client = MlflowClient()
    run_id = study.user_attrs.get(PARENT_RUN_ATTR)
    if run_id is not None:
        try:
            run = client.get_run(run_id)
        except MlflowException:  # the study was started against another tracking store
            run = None
        if run is not None and run.info.lifecycle_stage == "active" and run.info.experiment_id == experiment_id:
            client.update_run(run_id, status="RUNNING")
            return run_id
    run = client.create_run(experiment_id, run_name=study.study_name, tags={
        "distill.study": study.study_name, "distill.storage": display_url(url), "distill.sweep_file": spec.source,
        "mlflow.note.content": spec.description,
    })
    run_id = run.info.run_id
    params = {"sampler": spec.sampler.kind, "seed": spec.seed, "objective": spec.objective.metric,
              "direction": spec.objective.direction, "pruner": spec.pruner.kind,
              **{f"fixed.{key}": value for key, value in spec.fixed.items()},
              **{f"space.{parameter.name}": parameter.describe() for parameter in spec.space}}
    client.log_batch(run_id, params=[Param(key, str(value)[:6000]) for key, value in params.items()])
    if spec.text:
        client.log_text(run_id, spec.text, "sweep.yaml")
    study.set_user_attr(PARENT_RUN_ATTR, run_id)
    return run_id


def _log_summary(study: optuna.Study, spec: SweepSpec, run_id: str, status: str) -> StudySummary:
    """Write the summary files as the parent run's artifacts, its text as the run's note, counts and the best
    value as summary metrics (single values, no step)."""
    client = MlflowClient()
    with tempfile.TemporaryDirectory() as folder:
        trials = SweepTrials.of(study)  # each trial's record decoded once for the whole summary
        summary = write_summary(study, spec, Path(folder), trials, read_curves(client, run_id, trials, spec))
        client.log_artifacts(run_id, folder)
    metrics: dict[str, float] = {f"trials_{state.lower()}": count for state, count in summary.counts.items()}
    if summary.best is not None:
        metrics[f"best/{spec.objective.metric}"] = summary.best["objective"]["value"]
    mlflow.log_metrics(metrics, run_id=run_id)
    note = f"{spec.description}\n\n{summary.text}" if spec.description else summary.text  # keep what the sweep is for
    client.set_tag(run_id, "mlflow.note.content", note)
    if status != "RUNNING":
        client.set_terminated(run_id, status=status)
    return summary

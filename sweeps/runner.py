"""Run a sweep, in order: open or resume the study (:mod:`sweeps.study`), prepare the evaluation
(:mod:`sweeps.evaluation`), open the MLflow parent run (:mod:`sweeps.runs`), run the workers
(:func:`sweeps.study.work`, each trial :mod:`sweeps.trial`), log the summary (:mod:`sweeps.report`).

Workers on several machines cooperate through one database and one tracking server; ``--workers K`` starts K
worker processes here (spawned, each with its share of the CPU threads).

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
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import optuna

from distill.errors import DistillError, is_user_error
from distill.tracking import store
from distill.tracking.progress import announce
from sweeps.accounting import progress
from sweeps.carry import CarriedStudy
from sweeps.document import ResultsDocument
from sweeps.evaluation import TrialEvaluator
from sweeps.options import check_storage, check_study_name, check_trial_count
from sweeps.report import StudySummary, log_summary
from sweeps.runs import open_parent_run
from sweeps.space import Choice
from sweeps.spec import SweepSpec
from sweeps.study import (
    DEFAULT_STORAGE,
    INTERRUPTED,
    WorkerJob,
    discard_unstarted,
    display_url,
    enqueue_points,
    open_storage,
    open_study,
    sqlite_file,
    storage_url,
    trial_budget,
    work,
)

STOP_GRACE_SECONDS = 5.0  # how long the parent waits after Ctrl-C before interrupting a worker again


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
    evaluator: TrialEvaluator | None = None,
    results: ResultsDocument | None = None,
    carry: str | None = None,
    command: str | None = None,
) -> SweepResult:
    """Run (or resume) the study of ``spec`` until its budget is spent; log its summary to the parent run.

    Args:
        n_trials: the budget of a search; a cap for a grid (default: the file's, or the whole grid).
        workers: processes started on this machine, all on the same study.
        storage: SQLAlchemy URL of the study database (default ``sqlite:///optuna.db`` here).
        study_name: default the sweep file's name, so the same command resumes the same study.
        tracking_uri: MLflow tracking URI (default ``MLFLOW_TRACKING_URI``, then ``mlflow.yaml``).
        evaluator: one already prepared for ``spec.evaluation`` (default: one prepared here before the first trial,
            so that a model or corpus that cannot load fails before any training).
        results: the results document to rewrite after each trial (``distill sweep --results``).
        carry: an SQL dump of the study's SQLite database (:mod:`sweeps.carry`): the database built from it where it
            does not exist yet, and it rewritten after every trial (``distill sweep --carry``).
        command: the command line, named in the carried dump's header (default: ``distill sweep`` with the file's
            name and the dump).
    """
    from distill.bench.machine import running_commit

    check_storage(storage if storage is not None else DEFAULT_STORAGE, workers)
    check_study_name(study_name if study_name is not None else spec.name)
    check_trial_count(n_trials)
    running_commit()  # read now: the trials run the code imported from here on, whatever the checkout holds later
    make_missing_models(spec, tracking_uri=tracking_uri, quiet=quiet)
    budget = trial_budget(spec, n_trials)
    url = storage_url(storage)
    _set_log_levels(quiet)
    database = sqlite_file(url)
    carried = None
    if carry is not None:
        carried = CarriedStudy.checked(carry, database, study_name or spec.name,
                                       command or f"distill sweep --config {spec.name} --carry {carry}")
        announce(carried.open(), quiet=quiet)
    new_database = database is not None and not database.exists()
    study_storage = open_storage(url, spec.heartbeat)
    study = open_study(spec, study_storage, study_name or spec.name)
    try:
        state = progress(study)
        announce(f"study {study.study_name} in {display_url(url)}: {state.unfinished(budget)} of {budget} "
                 "trials left; checking each trial's teacher and evaluation set-up", quiet=quiet)
        if evaluator is None and spec.evaluation is not None and not state.finished(budget):
            evaluator = TrialEvaluator(spec.evaluation, quiet=quiet)
            evaluator.prepare()  # the model loaded, the tasks and corpora checked, before any training
        uri = store.load_settings(tracking_uri).tracking_uri
        experiment_id = store.configure("sweep", uri)
        parent_run_id = open_parent_run(study, spec, display_url(url), experiment_id)
    except BaseException:  # refused before its first trial: leave no empty study (or database) behind
        discard_unstarted(study, study_storage, database if new_database else None)
        raise
    enqueue_points(study, spec, budget)
    job = WorkerJob(spec, url, study.study_name, budget, parent_run_id, uri, quiet or workers > 1, results=results,
                    carry=carried)
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
        summary = log_summary(study, spec, parent_run_id, status)
        if carried is not None:
            carried.write()
    return SweepResult(study.study_name, display_url(url), uri, parent_run_id, finished, summary)


def make_missing_models(spec: SweepSpec, *, tracking_uri: str | None, quiet: bool) -> None:
    """Make ``embedded-pretraining`` (``distill heads`` with its defaults) when the sweep names it as a teacher or
    its evaluation model and this machine has not made it yet, so that one command runs the paper's grid from a
    fresh clone; a stopped run of it resumes like the rest of the sweep."""
    from distill.pretraining import PretrainingSettings
    from distill.pretraining.run import make_pretraining_model, output_folder
    from teachers.loading import EMBEDDED_PRETRAINING

    named = {spec.fixed.get("teacher"), spec.evaluation.model if spec.evaluation is not None else None}
    named |= {point.settings.get("teacher") for point in spec.points}
    named |= {value for parameter in spec.space if isinstance(parameter, Choice) and parameter.name == "teacher"
              for value in parameter.values}
    settings = PretrainingSettings()
    if EMBEDDED_PRETRAINING in named and not (output_folder(settings) / "config.json").is_file():
        announce(f"{EMBEDDED_PRETRAINING} is not made on this machine yet: making it first (distill heads)",
                 quiet=quiet)
        make_pretraining_model(settings, quiet=quiet, tracking_uri=tracking_uri)


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

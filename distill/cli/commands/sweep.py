"""``distill sweep``: an Optuna study over students, losses and training settings, tracked in MLflow."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.config.fields import setting
from distill.errors import DistillError
from sweeps.options import SweepSettings

if TYPE_CHECKING:
    from sweeps.spec import SweepSpec

HELP = "Run or resume an Optuna sweep from a YAML file; each trial is a nested MLflow run under the sweep's run."


@dataclass(frozen=True)
class SweepResults:
    results: str | None = setting(None, "Markdown file to write the study's Tables 1-3 to, with the date, commit, "
                                  "machine and command (its own block; the rest of the file is kept), rewritten after "
                                  "each trial; a finished study's is rewritten without training", metavar="FILE")
    carry: str | None = setting(None, "SQL dump of the study's SQLite database, to carry the study from machine to "
                                "machine in a repository: the database is built from it where it does not exist yet, "
                                "and it is rewritten after every trial", metavar="FILE")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SweepSettings, "sweep")
    add_settings_arguments(parser, SweepResults, "results")
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    """The sweep's options, checked; its file is read by ``run`` (reading it imports Optuna), which checks what
    the file names (teacher, corpora) before the first trial."""
    return [settings_from(args, SweepSettings), settings_from(args, SweepResults), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import run_experiment, ui_command

    announce(f"sweep: {args.config}; loading torch, transformers, Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed
    from sweeps.document import ResultsDocument

    spec = load_spec(args.config)
    if args.results is not None and spec.evaluation is None:
        raise DistillError(f"--results writes Tables 1-3 from each trial's evaluation after surgery; {args.config} "
                           "has no evaluation section")
    command = args.command_line
    document = None if args.results is None else ResultsDocument(args.results, command)
    result = run_sweep(spec, n_trials=args.n_trials, workers=args.workers, storage=args.storage,
                       study_name=args.study, tracking_uri=args.tracking_uri, quiet=args.quiet, results=document,
                       carry=args.carry, command=command)
    print(result.summary.text)
    state = "finished" if result.finished else "not finished (trials still running elsewhere)"
    print(f"study {result.study_name} in {result.storage}: {state}; summary in MLflow run {result.parent_run_id}")
    print(f"to browse it: {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}")
    result.check_some_trial_completed()
    if document is not None:
        write_study_results(args, spec, result.study_name, document.command)
        if not result.finished:
            print(f"{args.results} holds the trials finished so far; run the same command again once the other "
                  "workers stop")
    return 0


def write_study_results(args: argparse.Namespace, spec: SweepSpec, study_name: str, command: str) -> None:
    import optuna

    from sweeps.document import write_results
    from sweeps.study import open_storage, storage_url

    study = optuna.load_study(study_name=study_name, storage=open_storage(storage_url(args.storage), spec.heartbeat))
    path = write_results(Path(args.results), spec, study, command)
    print(f"Tables 1-3 of study {study_name}: {path}")

"""``distill sweep``: an Optuna study over students, losses and training settings, tracked in MLflow."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from distill.cli.preflight import preflight
from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.config.fields import POSITIVE_COUNT, setting
from distill.errors import DistillError

if TYPE_CHECKING:
    from sweeps import SweepResult, SweepSpec

HELP = "Run or resume an Optuna sweep from a YAML file; each trial is a nested MLflow run under the sweep's run."


@dataclass(frozen=True)
class SweepSettings:
    config: str = setting(help="sweep YAML file, or a shipped one by name: paper, quick, search", metavar="FILE|NAME")
    n_trials: int | None = setting(None, "budget of a search; cap for a grid (default: the file's)",
                                   interval=POSITIVE_COUNT, metavar="N")
    workers: int = setting(1, "worker processes on this machine", interval=POSITIVE_COUNT, metavar="N")
    storage: str | None = setting(None, "SQLAlchemy URL of the study database, e.g. postgresql://user@host/db "
                                  "(default sqlite:///optuna.db in the working folder)", metavar="URL")
    study: str | None = setting(None, "study name (default: the sweep file's name; the same name resumes)",
                                metavar="NAME")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SweepSettings, "sweep")
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    """The sweep's options, checked; its file is read by ``run`` (reading it imports Optuna), which checks what
    the file names (teacher, corpora) before the first trial (:func:`check_spec`)."""
    return [settings_from(args, SweepSettings), settings_from(args, CommonOptions)]


def check_spec(spec: SweepSpec) -> None:
    """The cheap checks of :mod:`distill.cli.preflight` on what a sweep file names: the trials' fixed settings and
    the evaluation's model and corpora."""
    preflight([spec.fixed, *([spec.evaluation] if spec.evaluation is not None else [])])


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import run_experiment, ui_command

    announce(f"sweep: {args.config}; loading torch, transformers, Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed

    spec = load_spec(args.config)
    check_spec(spec)
    result = run_sweep(spec, n_trials=args.n_trials, workers=args.workers, storage=args.storage,
                       study_name=args.study, tracking_uri=args.tracking_uri, quiet=args.quiet)
    print(result.summary.text)
    state = "finished" if result.finished else "not finished (trials still running elsewhere)"
    print(f"study {result.study_name} in {result.storage}: {state}; summary in MLflow run {result.parent_run_id}")
    print(f"to browse it: {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}")
    check_some_trial_completed(result)
    return 0


def check_some_trial_completed(result: SweepResult) -> None:
    """A finished study whose every trial failed is an error (exit 2), not a result."""
    failed, completed = result.summary.counts.get("FAIL", 0), result.summary.counts.get("COMPLETE", 0)
    if result.finished and failed and not completed:
        raise DistillError(f"every trial of study {result.study_name} failed ({failed}); "
                           f"their errors are the distill.failure tags of the runs under {result.parent_run_id}")

"""``distill sweep``: an Optuna study over students, losses and training settings, tracked in MLflow."""

from __future__ import annotations

import argparse

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from sweeps.options import SweepSettings

HELP = "Run or resume an Optuna sweep from a YAML file; each trial is a nested MLflow run under the sweep's run."


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SweepSettings, "sweep")
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    """The sweep's options, checked; its file is read by ``run`` (reading it imports Optuna), which checks what
    the file names (teacher, corpora) before the first trial."""
    return [settings_from(args, SweepSettings), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import run_experiment, ui_command

    announce(f"sweep: {args.config}; loading torch, transformers, Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed

    result = run_sweep(load_spec(args.config), n_trials=args.n_trials, workers=args.workers, storage=args.storage,
                       study_name=args.study, tracking_uri=args.tracking_uri, quiet=args.quiet)
    print(result.summary.text)
    state = "finished" if result.finished else "not finished (trials still running elsewhere)"
    print(f"study {result.study_name} in {result.storage}: {state}; summary in MLflow run {result.parent_run_id}")
    print(f"to browse it: {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}")
    result.check_some_trial_completed()
    return 0

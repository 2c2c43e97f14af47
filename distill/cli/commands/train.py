"""``distill train``: align a student to a teacher's embedding table, tracked in MLflow."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from distill.config.arguments import add_settings_arguments, given_settings, settings_from
from distill.config.common import CommonOptions
from distill.config.defaults import default_loss, defaults_for, render_defaults
from distill.config.fields import setting
from distill.config.training import TrainConfig, config_keys, load_config
from distill.errors import DistillError, is_user_error
from distill.files.paths import check_name
from distill.objectives.registry import OBJECTIVES

HELP = "Train a vocabulary-free student to reproduce a teacher's word-embedding table."


@dataclass(frozen=True)
class TrainInputs:
    config: str | None = setting(None, "YAML file of training settings (the keys of distill train --help)",
                                 metavar="FILE")
    resume: str | None = setting(None, "continue the killed MLflow run RUN from its last checkpoint", metavar="RUN")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, TrainInputs, "run")
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))
    note = "a flag wins over the --config file"
    unset = TrainConfig()  # the settings the table fills in show its values for the default recipe, student, loss
    loss = default_loss(unset.student)
    table = defaults_for(unset.recipe, unset.student, loss)
    by_objective = {name for listing in OBJECTIVES for name in listing.settings}
    add_settings_arguments(parser, TrainConfig, f"training settings ({note})", layered=True,
                           only=[name for name in config_keys() if name not in by_objective], defaults=table)
    for listing in OBJECTIVES:
        add_settings_arguments(parser, TrainConfig, f"{listing.title} ({note})", layered=True, only=listing.settings,
                               defaults=table)
    parser.epilog = (f"The defaults table: a setting left unset takes its value from the first row that matches "
                     f"--recipe, --student and --loss (* matches any; '= lr': the table alignment's rate, given or "
                     f"not); the defaults shown above are those of --recipe {unset.recipe} --student "
                     f"{unset.student} --loss {loss}.\n\n"
                     + render_defaults())


def check_resume(args: argparse.Namespace) -> None:
    """``--resume RUN`` continues the run with the settings it was started with: a setting beside it is
    refused rather than silently ignored."""
    if not args.resume:
        raise DistillError("--resume needs a run id (the 32 hex digits MLflow shows), got ''")
    check_name(args.resume, "run id")
    given = [f"--{name.rpartition('.')[2].replace('_', '-')}" for name in given_settings(args, TrainConfig)]
    if args.config is not None:
        given.insert(0, "--config")
    if given:
        raise DistillError(f"--resume continues run {args.resume} with the settings it started with; "
                           f"drop {', '.join(given)} (or start a new run without --resume)")


def settings(args: argparse.Namespace) -> list[object]:
    """The run's settings, checked: the common options and, for a new run, its configuration."""
    common = settings_from(args, CommonOptions)
    if args.resume is not None:
        check_resume(args)
        return [common]
    return [common, load_config(args.config, given_settings(args, TrainConfig))]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import load_settings, run_experiment, ui_command

    started_ms = time.time_ns() // 1_000_000
    try:
        if args.resume is not None:
            announce(f"train: resuming run {args.resume}; loading torch and transformers", quiet=args.quiet)
            from distill import training  # heavy imports only once the command line is checked

            result = training.resume(args.resume, tracking_uri=args.tracking_uri, quiet=args.quiet)
        else:
            config = load_config(args.config, given_settings(args, TrainConfig))
            announce(f"train: student {config.student}, loss {config.loss_name}, teacher {config.teacher}; "
                     "loading torch and transformers", quiet=args.quiet)
            from distill import training  # after the configuration is read: a bad one is reported at once

            result = training.train(config, tracking_uri=args.tracking_uri, quiet=args.quiet)
    except BaseException as error:  # Ctrl-C or a crash after some epochs: say what survived and how to go on
        note = None if is_user_error(error) else survival_note(args.resume or stopped_run(started_ms))
        if note is not None:  # (a one-line error of the workbench names what it kept itself)
            print(note, file=sys.stderr)
        raise
    summary = ", ".join(f"{name} {value:.4f}" for name, value in result.metrics.items() if name != "lr")
    print(f"run {result.run_id}: {summary}")
    print(f"student saved in {result.student_dir} and as artifact 'student' of run {result.run_id}")
    print(f"next: distill surgery --student {result.run_id} --out swapped/   (or --vocabulary-free)")
    print(f"browse: {ui_command(load_settings(args.tracking_uri).tracking_uri, run_experiment(result.run_id))}")
    return 0




def stopped_run(started_ms: int) -> str | None:
    """The MLflow run this command started (at or after ``started_ms``), if it started one."""
    import mlflow

    try:
        run = mlflow.last_active_run()
    except mlflow.exceptions.MlflowException:  # the last run this process saw lives in another store
        return None
    return run.info.run_id if run is not None and run.info.start_time >= started_ms else None


def survival_note(run_id: str | None) -> str | None:
    """What a stopped run left: its id, its newest checkpoint and the command that continues from it; None when
    no checkpoint was written (or the store cannot say)."""
    if run_id is None:
        return None
    import mlflow

    from distill.training import CHECKPOINT_TAG
    from distill.training.checkpoint import checkpoint_folders

    try:
        folder = mlflow.get_run(run_id).data.tags.get(CHECKPOINT_TAG)
    except mlflow.exceptions.MlflowException:
        return None
    kept = checkpoint_folders(Path(folder)) if folder else []
    if not kept:
        return None
    return (f"run {run_id} survives in MLflow with its checkpoint {kept[0]}; continue it with: "
            f"distill train --resume {run_id}")

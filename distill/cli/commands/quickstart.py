"""``distill quickstart``: the whole workflow offline in minutes — the quick sweep on the embedded teacher."""

from __future__ import annotations

import argparse
import time

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from sweeps.options import SweepSettings

HELP = ("Offline demo: align a student with several losses to the embedded MiniLM, swap each in, "
        "compare with the original (fidelity, paired t-tests), all tracked in MLflow.")
QUICK_SWEEP = "quick"


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SweepSettings, "sweep", only=("workers",))
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    return [settings_from(args, SweepSettings, {"config": QUICK_SWEEP}), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import run_experiment, ui_command

    announce(f"quickstart: the sweep {QUICK_SWEEP}.yaml on the embedded MiniLM; loading torch, transformers, "
             "Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed

    started = time.perf_counter()
    result = run_sweep(load_spec(QUICK_SWEEP), workers=args.workers, tracking_uri=args.tracking_uri, quiet=args.quiet)
    from sweeps.report import EVALUATION_FOLDER, SUMMARY

    minutes, seconds = divmod(round(time.perf_counter() - started), 60)
    verdict = result.summary.verdict
    print(result.summary.text if verdict is None else verdict.render())
    print(f"Full tables (trials, Tables 2 and 3, differences between students): {SUMMARY} and {EVALUATION_FOLDER}/ "
          f"among the artifacts of MLflow run {result.parent_run_id}.")
    print(f"quickstart done in {minutes} min {seconds:02d} s. Next:")
    for command in [] if verdict is None else verdict.next_commands():
        print(f"  {command}")
    print(f"  {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}   # browse every run")
    result.check_some_trial_completed()
    return 0

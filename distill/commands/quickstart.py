"""``distill quickstart``: the whole workflow offline in minutes — the quick sweep on the embedded teacher."""

from __future__ import annotations

import argparse
import time

from distill.arguments import add_settings_arguments, settings_from
from distill.commands.sweep import SweepSettings, check_some_trial_completed, check_spec
from distill.options import CommonOptions

HELP = ("Offline demo: align a student with several losses to the embedded MiniLM, swap each in, "
        "compare with the original (fidelity, paired t-tests), all tracked in MLflow.")
QUICK_SWEEP = "quick"


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SweepSettings, "sweep", only=("workers",))
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    return [settings_from(args, SweepSettings, {"config": QUICK_SWEEP}), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.progress import announce
    from distill.tracking import run_experiment, ui_command

    announce(f"quickstart: the sweep {QUICK_SWEEP}.yaml on the embedded MiniLM; loading torch, transformers, "
             "Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed

    started = time.perf_counter()
    spec = load_spec(QUICK_SWEEP)
    check_spec(spec)
    result = run_sweep(spec, workers=args.workers, tracking_uri=args.tracking_uri, quiet=args.quiet)
    minutes, seconds = divmod(round(time.perf_counter() - started), 60)
    print(result.summary.text)
    print(f"quickstart done in {minutes} min {seconds:02d} s; the sweep is MLflow run {result.parent_run_id}.")
    print("Open the MLflow UI on it:")
    print(f"  {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}")
    check_some_trial_completed(result)
    return 0

"""``distill quickstart``: the whole workflow offline within a time budget — the quick sweep on the embedded teacher,
sized to this machine."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.config.fields import setting
from sweeps.options import SweepSettings, duration_text, parse_duration

HELP = ("Offline demo: align a student with several losses to the embedded MiniLM, swap each in, "
        "compare with the original (fidelity, paired t-tests), all tracked in MLflow, within a time budget.")
QUICK_SWEEP = "quick"


@dataclass(frozen=True)
class QuickstartSettings:
    budget: str = setting("10m", "time for the whole command, training and evaluation (90s, 20m, 1h): the first "
                          "epochs are timed, and the sweep's training is sized to end within it on this machine "
                          "(one worker's time)", check=parse_duration, metavar="TIME")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, QuickstartSettings, "quickstart")
    add_settings_arguments(parser, SweepSettings, "sweep", only=("workers",))
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri", "quiet"))


def settings(args: argparse.Namespace) -> list[object]:
    return [settings_from(args, QuickstartSettings), settings_from(args, SweepSettings, {"config": QUICK_SWEEP}),
            settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce
    from distill.tracking.store import run_experiment, ui_command

    started = time.monotonic()
    budget = parse_duration(settings_from(args, QuickstartSettings).budget)
    announce(f"quickstart within {duration_text(budget)}: the sweep {QUICK_SWEEP}.yaml on the embedded MiniLM; "
             "loading torch, transformers, Optuna and MLflow", quiet=args.quiet)
    from sweeps import load_spec, run_sweep  # heavy imports only once the command line parsed
    from sweeps.calibration import fit_to_budget
    from sweeps.report import EVALUATION_FOLDER, SUMMARY

    fitted = fit_to_budget(load_spec(QUICK_SWEEP), budget, started=started, quiet=args.quiet)
    result = run_sweep(fitted.spec, workers=args.workers, tracking_uri=args.tracking_uri, quiet=args.quiet,
                       evaluator=fitted.evaluator)
    verdict = result.summary.verdict
    print(result.summary.text if verdict is None else verdict.render())
    print(f"Full tables (trials, Tables 2 and 3, differences between students): {SUMMARY} and {EVALUATION_FOLDER}/ "
          f"among the artifacts of MLflow run {result.parent_run_id}.")
    print(f"This machine: {fitted.speed.describe(fitted.plan.file_context_steps)}; within {duration_text(budget)} "
          f"it ran {fitted.plan.describe()}.")
    print(f"quickstart done in {duration_text(time.monotonic() - started)} of its {duration_text(budget)} budget. "
          "Next:")
    for command in [] if verdict is None else verdict.next_commands():
        print(f"  {command}")
    print(f"  {ui_command(result.tracking_uri, run_experiment(result.parent_run_id))}   # browse every run")
    result.check_some_trial_completed()
    return 0

"""``distill evaluate``: the untouched model against its swapped students, over seeds, tracked in MLflow."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.config.fields import setting
from distill.evaluation.settings import EvaluationSettings
from distill.files.paths import check_students

HELP = "Compare a transformer with its swapped students on MLM/NSP or fidelity over seeds (paired t-tests)."
COMMON = ("device", "tracking_uri", "quiet")


@dataclass(frozen=True)
class Students:
    students: list[str] = setting(help="MLflow run ids with a 'student' artifact, student folders, or "
                                  "vocabulary-free exports (distill surgery --vocabulary-free)",
                                  check=check_students, metavar="RUN_OR_FOLDER")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, Students, "students")
    add_settings_arguments(parser, EvaluationSettings, "evaluation settings (distill.evaluation.EvaluationSettings)")
    add_settings_arguments(parser, CommonOptions, "common options", only=COMMON)


def settings(args: argparse.Namespace) -> list[object]:
    return [settings_from(args, Students), settings_from(args, EvaluationSettings), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce

    announce(f"evaluate: {len(args.students)} student(s) swapped into {args.model}; loading torch and transformers",
             quiet=args.quiet)
    from distill.evaluation import evaluate  # heavy imports only once the command line parsed
    from distill.tracking.store import load_settings, run_experiment, ui_command

    common = settings_from(args, CommonOptions)
    result = evaluate(args.students, settings_from(args, EvaluationSettings), device=common.device,
                      quiet=common.quiet, tracking_uri=common.tracking_uri)
    print(result.report)
    if result.run_id is None:  # not recorded: the warning above said why
        return 0
    print(f"evaluation run {result.run_id}: tables and chart logged as its artifacts")
    print(f"browse: {ui_command(load_settings(args.tracking_uri).tracking_uri, run_experiment(result.run_id))}")
    return 0

"""``distill robustness``: run the robustness study and write its report where ``--out`` says."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from dataclasses import dataclass

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.config.fields import setting
from distill.evaluation.settings import EvaluationSettings
from distill.files.paths import check_output_file, check_output_folder, check_outside, check_students
from distill.files.userfiles import read_text
from distill.workflows.robustness import FIXED, STUDY, check_study_settings

DEFAULT_REPORT = ".distill/robustness.md"  # in the working folder, beside the exports; never the project's docs/
HELP = ("Train a denoised vocabulary-free student (or take trained ones), export it, and compare it with the "
        f"untouched model on clean and noisy held-out text; writes its report (default {DEFAULT_REPORT}).")
COMMON = ("work_dir", "device", "tracking_uri", "quiet")


def _writable_report(path: str) -> None:
    """A document that can be written; an existing one must be readable, as its kept notes are carried over
    (refused before the training)."""
    report = check_output_file(path, "report")
    if report.is_file():
        read_text(report, "report")


@dataclass(frozen=True)
class StudyFiles:
    students: list[str] | None = setting(None, "trained students (MLflow runs, student folders or vocabulary-free "
                                         "exports); default: train distill train's recipe on the embedded "
                                         "MiniLM",
                                         check=check_students, metavar="RUN_OR_FOLDER")
    exports: str = setting(".distill/robustness", "where the vocabulary-free exports are written", metavar="DIR",
                           check=lambda folder: check_output_folder(folder, "exports folder"))
    out: str = setting(DEFAULT_REPORT, "the report to write; an existing one keeps its hand-written notes "
                       "(the project's study: --out docs/robustness.md)", metavar="PATH", check=_writable_report)


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, StudyFiles, "students and files")
    evaluation = [item.name for item in dataclasses.fields(EvaluationSettings) if item.name not in FIXED]
    add_settings_arguments(parser, EvaluationSettings, "the study's evaluation (EvaluationSettings; the study "
                           f"fixes {', '.join(FIXED)})", only=evaluation, defaults=STUDY)
    add_settings_arguments(parser, CommonOptions, "common options (the work folder and device of the recipe's "
                           "training)", only=COMMON)


def settings(args: argparse.Namespace) -> list[object]:
    """The files, the study's evaluation and the common options, checked."""
    files = settings_from(args, StudyFiles)
    study = check_study_settings(settings_from(args, EvaluationSettings, STUDY))
    check_outside(files.exports, study.model, "exports folder", "the model folder")
    return [files, study, settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from distill.workflows.robustness import given_student, run_study, train_recipe

    files, common = settings_from(args, StudyFiles), settings_from(args, CommonOptions)
    study = check_study_settings(settings_from(args, EvaluationSettings, STUDY))
    if files.students:
        students = [given_student(source, common.tracking_uri) for source in files.students]
    else:
        overrides = {"device": common.device, "work_dir": common.work_dir}
        students = [train_recipe(overrides, tracking_uri=common.tracking_uri, quiet=common.quiet)]
    try:
        result = run_study(students, study, Path(files.exports), Path(files.out), device=common.device,
                           tracking_uri=common.tracking_uri, quiet=common.quiet, command=args.command_line)
    except BaseException:
        if not files.students:  # the hour of training survives: say where, and how to finish from it
            print(f"the recipe's student survives as MLflow run {students[0].source}; finish the study without "
                  f"training again: distill robustness --students {students[0].source}", file=sys.stderr)
        raise
    print(f"{files.out} written; evaluation run {result.run_id}")
    return 0

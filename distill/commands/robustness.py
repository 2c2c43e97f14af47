"""``distill robustness``: regenerate the robustness study (``docs/robustness.md``)."""

from __future__ import annotations

import argparse
import sys

from distill.config import DEVICES

HELP = ("Train a denoised vocabulary-free student (or take trained ones), export it, and compare it with the "
        "untouched model on clean and noisy held-out text; writes docs/robustness.md.")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--students", nargs="+", metavar="RUN_OR_FOLDER",
                        help="trained students (MLflow runs, student folders or vocabulary-free exports); "
                             "default: train the study's recipe (measured: 60 minutes on 2 shared CPU cores)")
    parser.add_argument("--model", default="embedded", metavar="NAME|PATH",
                        help="the model the students were trained for (default embedded)")
    parser.add_argument("--dataset", default="pydoc:heldout", help="evaluation text (default pydoc:heldout)")
    parser.add_argument("--noise", nargs="+", metavar="SPEC",
                        help="noise settings ('clean' for the text as it is; default clean, typo 5 %% and 10 %%, "
                             "drop 10 %%, repeat 20 %%, case 50 %%, HLM's three together and human misspellings "
                             "in 15 %% of the words); spell-check first is scored beside the models")
    parser.add_argument("--seeds", type=int, default=5, help="seeds of the paired t-tests (default 5)")
    parser.add_argument("--samples", type=int, default=256, help="sentences per seed and setting (default 256)")
    parser.add_argument("--max-length", type=int,
                        help="tokens per sentence (default 128, or the model's positions if fewer)")
    parser.add_argument("--exports", default=".distill/robustness", metavar="DIR",
                        help="where the vocabulary-free exports are written (default .distill/robustness)")
    parser.add_argument("--out", default="docs/robustness.md", metavar="PATH",
                        help="the document to write (default docs/robustness.md)")
    parser.add_argument("--work-dir", help="checkpoints of the recipe's training run (default .distill/runs)")
    parser.add_argument("--device", choices=DEVICES, default="auto")
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from distill.evaluation.robustness import (
        NOISE_SETTINGS,
        StudySettings,
        check_study_settings,
        given_student,
        run_study,
        train_recipe,
    )
    from distill.paths import check_output_file, check_output_folder
    from distill.userfiles import read_text

    report = check_output_file(args.out, "report")
    if report.is_file():  # its kept notes are carried over: refuse an unreadable one before the training
        read_text(report, "report")
    check_output_folder(args.exports, "exports folder")
    if args.work_dir is not None:
        check_output_folder(args.work_dir, "work folder")
    settings = StudySettings(model=args.model, dataset=args.dataset, noise=tuple(args.noise or NOISE_SETTINGS),
                             seeds=args.seeds, samples=args.samples, max_length=args.max_length)
    settings = check_study_settings(settings)
    if args.students:
        students = [given_student(source, args.tracking_uri) for source in args.students]
    else:
        overrides = {"device": args.device, **({"work_dir": args.work_dir} if args.work_dir else {})}
        students = [train_recipe(overrides, tracking_uri=args.tracking_uri, quiet=args.quiet)]
    try:
        result = run_study(students, settings, Path(args.exports), Path(args.out), tracking_uri=args.tracking_uri,
                           quiet=args.quiet)
    except BaseException:
        if not args.students:  # the hour of training survives: say where, and how to finish from it
            print(f"the recipe's student survives as MLflow run {students[0].source}; finish the study without "
                  f"training again: distill robustness --students {students[0].source}", file=sys.stderr)
        raise
    print(f"{args.out} written; evaluation run {result.run_id}")
    return 0

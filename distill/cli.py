"""The ``distill`` console command: one sub-command per module in ``distill.commands``.

Every sub-command module defines ``HELP`` (one line), ``configure(parser)`` and
``run(args) -> int``. A ``DistillError`` (or a student's ``StudentError``) anywhere
becomes ``error: <message>`` on stderr and exit status 2, with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from distill.errors import DistillError
from students.errors import StudentError

PROGRESS_BAR_SETTING = "MLFLOW_ENABLE_ARTIFACTS_PROGRESS_BAR"
COMMANDS = ("train", "surgery", "evaluate", "robustness", "oov", "sweep", "quickstart", "bench")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="distill",
        description="Align a vocabulary-free student to a transformer's embedding table, swap it in, measure.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        module = importlib.import_module(f"distill.commands.{name}")
        subparser = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(subparser)
        subparser.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    quiet_mlflow = getattr(args, "quiet", False) and PROGRESS_BAR_SETTING not in os.environ
    if quiet_mlflow:
        # --quiet silences MLflow's artifact transfer bars too (it reads this at each transfer).
        os.environ[PROGRESS_BAR_SETTING] = "false"
    try:
        return int(args.run(args) or 0)
    except (DistillError, StudentError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        if quiet_mlflow:
            del os.environ[PROGRESS_BAR_SETTING]


if __name__ == "__main__":
    sys.exit(main())

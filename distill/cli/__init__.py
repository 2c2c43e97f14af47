"""The ``distill`` console command: one sub-command per module in ``distill.cli.commands``.

Every sub-command module defines ``HELP`` (one line), ``configure(parser)``, ``settings(args)`` (its settings,
checked; cheap) and ``run(args) -> int``; the checks of ``distill.cli.preflight`` run on those settings before ``run``.
A ``DistillError`` (or a library's own error, ``distill.errors.is_user_error``) anywhere
becomes ``error: <message>`` on stderr and exit status 2, with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import shlex
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from distill.cli.preflight import preflight
from distill.config.arguments import SettingsHelpFormatter
from distill.errors import first_line, is_full_disk, is_user_error, one_line

DISTRIBUTION = "embedding-distill-workbench"
ALWAYS_ENVIRONMENT = {  # third-party bars that never show: the project's phase lines say what they would
    "MLFLOW_ENABLE_ARTIFACTS_PROGRESS_BAR": "false",
}
QUIET_ENVIRONMENT = {  # with --quiet, or when stderr is a pipe or file
    **ALWAYS_ENVIRONMENT,
    "HF_DATASETS_DISABLE_PROGRESS_BARS": "1",
    "HF_HUB_DISABLE_PROGRESS_BARS": "1",
}
COMMANDS = ("train", "surgery", "evaluate", "robustness", "oov", "sweep", "quickstart", "bench", "heads")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="distill",
        description="Align a vocabulary-free student to a transformer's embedding table, swap it in, measure.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {installed_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        module = importlib.import_module(f"distill.cli.commands.{name}")
        subparser = subparsers.add_parser(name, help=module.HELP, description=module.HELP,
                                          formatter_class=SettingsHelpFormatter)
        module.configure(subparser)
        subparser.set_defaults(run=module.run, settings=module.settings)
    return parser


@contextmanager
def quiet_libraries(quiet: bool) -> Iterator[None]:
    """Third-party progress output is kept apart from the project's phase lines: MLflow's artifact bars are
    always off; with ``--quiet`` (or stderr not a terminal), ``datasets``' "Generating train split",
    transformers' and the hub's bars (read from the environment when used) and matplotlib's warnings are
    off too. Settings the user made are kept."""
    environment = QUIET_ENVIRONMENT if quiet else ALWAYS_ENVIRONMENT
    added = {name: value for name, value in environment.items() if name not in os.environ}
    os.environ.update(added)
    try:
        with warnings.catch_warnings():
            if quiet:
                warnings.filterwarnings("ignore", module="matplotlib")
                disable_loaded_progress_bars()
            yield
    finally:
        for name in added:
            os.environ.pop(name, None)


def disable_loaded_progress_bars() -> None:
    """Libraries imported before ``--quiet`` was read have cached their settings: switch them off."""
    if "datasets" in sys.modules:
        sys.modules["datasets"].disable_progress_bars()
    if "huggingface_hub" in sys.modules:  # transformers' bars follow the hub's switch
        sys.modules["huggingface_hub"].utils.disable_progress_bars()


def installed_version() -> str:
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.command_line = "distill " + shlex.join(sys.argv[1:] if argv is None else argv)  # as the user typed it
    if args.command is None:  # bare `distill`: what it can do, and how to ask a command for more
        parser.print_help()
        return 0
    try:
        preflight(args.settings(args))  # cheap checks of every command, before its first expensive step
        with quiet_libraries(getattr(args, "quiet", False) or not sys.stderr.isatty()):
            return int(args.run(args) or 0)
    except Exception as error:
        if is_full_disk(error):  # wherever it struck: the staged outputs and checkpoints have cleaned up after it
            print(f"error: the disk is full: {first_line(error)}", file=sys.stderr)
            return 2
        if not is_user_error(error):
            raise
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


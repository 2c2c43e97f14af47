"""Phase lines: what a long command is doing now, one line on stderr as each phase starts.

A command announces itself before its heavy imports (torch and transformers take seconds
on a slow CPU), so the first line appears at once; then each phase (loading the teacher,
training, the whole-vocabulary evaluation, surgery, scoring) says when it starts. The
lines are plain text, so they read the same in a terminal and in a log file; progress
bars, where there are any, only run on a terminal.
"""

from __future__ import annotations

import sys

PREFIX = "· "  # what sets a phase line apart from results, warnings and errors


def announce(message: str, *, quiet: bool = False) -> None:
    """Print ``· message`` on stderr at once, unless ``quiet``."""
    if not quiet:
        print(f"{PREFIX}{message}", file=sys.stderr, flush=True)


"""Phase lines: what a long command is doing now, one line on stderr as each phase starts.

A command announces itself before its heavy imports (torch and transformers take seconds
on a slow CPU), so the first line appears at once; then each phase (loading the teacher,
training, the whole-vocabulary evaluation, surgery, scoring) says when it starts. The
lines are plain text, so they read the same in a terminal and in a log file; progress
bars, where there are any, only run on a terminal.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

PREFIX = "· "  # what sets a phase line apart from results, warnings and errors


def announce(message: str, *, quiet: bool = False) -> None:
    """Print ``· message`` on stderr at once, unless ``quiet``."""
    if not quiet:
        print(f"{PREFIX}{message}", file=sys.stderr, flush=True)



class Clock:
    """How long a run of ``total`` steps has run, and about how long it has left.

    Steps of different kinds take different times (a context-distillation epoch runs the transformer, a table
    epoch does not): with ``kinds`` (the kind of each step, e.g. its phase), each step to go counts the mean
    duration of the steps of its kind so far, or the mean of all steps while none of its kind has run."""

    def __init__(self, total: int, now: Callable[[], float] = time.monotonic,
                 kinds: Sequence[str] | None = None) -> None:
        self.total, self.now, self.started = total, now, now()
        self.kinds = list(kinds) if kinds is not None else [""] * total
        self.seconds: dict[str, list[float]] = {}  # the measured step durations of each kind
        self.done, self.marked = 0, self.started

    def status(self, done: int) -> str:
        """``"2 min 10 s elapsed, about 4 min 20 s left"`` after ``done`` of the steps."""
        now = self.now()
        elapsed = now - self.started
        if done > self.done:  # the steps since the last call share its time
            share = (now - self.marked) / (done - self.done)
            for kind in self.kinds[self.done:done]:
                self.seconds.setdefault(kind, []).append(share)
            self.done, self.marked = done, now
        if done <= 0 or done >= self.total:
            return f"{duration(elapsed)} elapsed"
        overall = elapsed / done
        left = sum(_mean(self.seconds.get(kind)) or overall for kind in self.kinds[done:])
        return f"{duration(elapsed)} elapsed, about {duration(left)} left"


def _mean(values: Sequence[float] | None) -> float | None:
    return sum(values) / len(values) if values else None


def duration(seconds: float) -> str:
    """``"45 s"``, ``"3 min 12 s"``, ``"1 h 02 min"``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


STEP_LINE_SECONDS = 30.0  # a plain line within an epoch at most this often: a long epoch shows it is alive


class StepLines:
    """Progress where no bar runs (a log file or a pipe): ``  steps 120/900 (1 min 10 s elapsed, about 4 min 0 s
    left in this epoch)`` on stderr, at most every ``STEP_LINE_SECONDS``, so that a long epoch (a pass of context
    distillation over a corpus) or a long evaluation says how far it is and how long it has left. It answers the
    calls made of a tqdm bar: ``reset``, ``update``, ``set_description``, ``set_postfix``, ``close``, and ``with``.

    Args:
        label: what a step is (``steps``, ``batches``).
        scope: what the time left is of (``" in this epoch"``; empty for the whole run).
    """

    def __init__(self, total: int, *, quiet: bool = False, now: Callable[[], float] = time.monotonic,
                 label: str = "steps", scope: str = " in this epoch") -> None:
        self.quiet, self.now, self.label, self.scope, self.postfix = quiet, now, label, scope, ""
        self.reset(total)

    def reset(self, total: int) -> None:
        """A new epoch of ``total`` steps: its clock starts now."""
        self.total, self.done = total, 0
        self.clock = Clock(total, self.now)
        self.last_line = self.clock.started

    def update(self, steps: int = 1) -> None:
        self.done += steps
        if self.quiet or self.done >= self.total or self.now() - self.last_line < STEP_LINE_SECONDS:
            return
        self.last_line = self.now()
        print(f"  {self.label} {self.done}/{self.total} ({self.clock.status(self.done)}{self.scope})" + self.postfix,
              file=sys.stderr, flush=True)

    def set_description(self, label: str) -> None:
        self.label = label

    def set_postfix(self, **fields: object) -> None:
        """What the steps are on now, named after the next line's figures: ``: dataset wiki, task mlm``."""
        self.postfix = ": " + ", ".join(f"{name} {value}" for name, value in fields.items()) if fields else ""

    def close(self) -> None:
        """Nothing to release (a bar would clear its line)."""

    def __enter__(self) -> StepLines:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

"""Follow a settings object through the code: the project files whose functions receive it, in call order.

:func:`follow` runs a function under ``sys.setprofile`` and records, at every call of a function defined in the
project (not in ``tests/``), whether one of its arguments (``self`` included) is *tracked*: the followed object,
an object it holds (its fields, their items, recursively: a sweep's ``evaluation`` settings, its ``space``), or an
object that holds one of those as an attribute (a worker's job, a trial's objective). Consecutive calls in the
same file are one *stop*; a stop in a file the way had already left is a *return*. A straight way visits each
file once: its returns are its stops less its files.

    python tests/flow_trace.py     # a tiny sweep's spec from sweeps.runner.run_sweep, then distill quickstart's
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
PLAIN = (str, bytes, int, float, bool, complex, type(None), type)


def is_plain(value: object) -> bool:
    """A value, not an object of the settings: a number, a string, None, or a list, tuple, set or mapping of
    such values (a list of task names, a mapping of training settings)."""
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, dict):
        return all(is_plain(item) for item in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return all(is_plain(item) for item in value)
    return False


def held(root: object) -> set[int]:
    """The ids of ``root`` and of the objects it holds, recursively: dataclass fields and the items of lists,
    tuples and sets (a sweep's ``space`` of parameters), plain values left out (:func:`is_plain`)."""
    found: set[int] = set()
    stack = [root]
    while stack:
        value = stack.pop()
        if is_plain(value) or callable(value) or id(value) in found:
            continue
        found.add(id(value))
        if dataclasses.is_dataclass(value):
            stack.extend(getattr(value, item.name) for item in dataclasses.fields(value))
        elif isinstance(value, list | tuple | set | frozenset):
            stack.extend(value)
    return found


def _attributes(value: object) -> Iterator[object]:
    """The attribute values of ``value`` (its ``__dict__`` and slots), where it has any."""
    yield from getattr(value, "__dict__", {}).values()
    for name in getattr(type(value), "__slots__", ()):
        if hasattr(value, name):
            yield getattr(value, name)


@dataclass
class Way:
    """The project files a followed object went through, one entry per call that received it."""

    calls: list[tuple[str, str]]  # (file relative to the root, function name)

    @property
    def stops(self) -> list[str]:
        """The files in order, consecutive repeats collapsed."""
        stops: list[str] = []
        for file, _ in self.calls:
            if not stops or stops[-1] != file:
                stops.append(file)
        return stops

    @property
    def returns(self) -> int:
        """Stops in a file the way had already left."""
        return len(self.stops) - len(set(self.stops))

    def describe(self) -> str:
        lines = [f"{len(self.stops)} stops in {len(set(self.stops))} files, {self.returns} returns"]
        previous = None
        for file, function in self.calls:
            if file != previous:
                lines.append(file)
                previous = file
            lines.append(f"    {function}")
        return "\n".join(lines)


def follow(kind: type, run: Callable[[], Any]) -> tuple[Way, Any]:
    """Run ``run()`` and return the way every object of type ``kind`` went (see the module docstring: a settings
    object made during the run, or remade from another, is followed from the first call that receives it) and what
    ``run`` returned."""
    tracked: set[int] = set()
    calls: list[tuple[str, str]] = []
    project: dict[str, str | None] = {}  # code file → its path relative to the root, or None outside the project

    def relative(filename: str) -> str | None:
        if filename not in project:
            path = Path(filename).resolve()
            inside = path.is_relative_to(ROOT) and not path.is_relative_to(TESTS) and ".venv" not in path.parts
            project[filename] = str(path.relative_to(ROOT)) if inside else None
        return project[filename]

    def is_tracked(value: object) -> bool:
        if isinstance(value, kind) and id(value) not in tracked:
            tracked.update(held(value))
        if id(value) in tracked:
            return True
        if isinstance(value, PLAIN):
            return False
        return any(id(attribute) in tracked for attribute in _attributes(value))

    def profile(frame: FrameType, event: str, argument: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        file = relative(code.co_filename)
        if file is None:
            return
        count = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 4) + bool(code.co_flags & 8)
        values = frame.f_locals
        if any(is_tracked(values.get(name)) for name in code.co_varnames[:count]):
            calls.append((file, code.co_qualname))

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = run()
    finally:
        sys.setprofile(previous)
    return Way(calls), result


def tiny_sweep_file(folder: Path, teacher: Path) -> Path:
    """A one-point grid (the quickstart's kind of sweep, cut to one trial) on the tiny teacher, with an
    evaluation whose fidelity is the objective."""
    from sweep_files import tiny_evaluation, write_corpus, write_sweep

    folder.mkdir(parents=True, exist_ok=True)
    return write_sweep(folder, teacher, space={"loss": ["cosine"]}, objective="sentence_cosine",
                       evaluation={**tiny_evaluation(write_corpus(folder)), "tasks": ["fidelity"]})


def tiny_sweep_way(folder: Path, teacher: Path) -> Way:
    """The way of a tiny sweep's spec from :func:`sweeps.runner.run_sweep`: the study opened, the evaluation
    prepared, the parent run opened, the trial trained, swapped in and evaluated, the study's summary written."""
    from sweeps import SweepSpec, load_spec, run_sweep

    spec = load_spec(str(tiny_sweep_file(folder, teacher)))
    way, result = follow(SweepSpec, lambda: run_sweep(spec, storage=f"sqlite:///{folder / 'optuna.db'}", quiet=True))
    assert result.summary.counts["COMPLETE"] == 1, result.summary.text
    return way


def quickstart_way(folder: Path, teacher: Path) -> Way:
    """The way of the quickstart's settings, ``distill quickstart`` on a tiny sweep file: read, the machine timed
    and the sweep sized to the budget, then the sweep's way (:func:`tiny_sweep_way`)."""
    from distill.cli import main
    from distill.cli.commands import quickstart
    from sweeps import SweepSpec

    shipped, quickstart.QUICK_SWEEP = quickstart.QUICK_SWEEP, str(tiny_sweep_file(folder, teacher))
    try:
        way, code = follow(SweepSpec, lambda: main(["quickstart", "--quiet"]))
    finally:
        quickstart.QUICK_SWEEP = shipped
    assert code == 0
    return way


if __name__ == "__main__":  # the ways, stop by stop, in a temporary folder
    import os
    import tempfile

    sys.path.insert(0, str(TESTS))
    from tiny_models import build_tiny_bert

    with tempfile.TemporaryDirectory() as temporary:
        os.chdir(temporary)
        os.environ.setdefault("MLFLOW_TRACKING_URI", f"sqlite:///{Path(temporary) / 'mlflow.db'}")
        tiny_bert = build_tiny_bert(Path(temporary) / "tiny-bert")
        print("run_sweep:", tiny_sweep_way(Path(temporary) / "sweep", tiny_bert).describe(), sep="\n")
        print("\ndistill quickstart:", quickstart_way(Path(temporary) / "quickstart", tiny_bert).describe(), sep="\n")

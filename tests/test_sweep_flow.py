"""The main job's way is straight (issue 42): following the quickstart's settings (its sweep's spec) through the
code, each concept's module is met in one go, in order, and a file the way has left is returned to at most
:data:`MAX_RETURNS` times.

The way is traced by ``tests/flow_trace.py`` (``python tests/flow_trace.py`` prints it stop by stop). Before the
sweeps package was straightened, a tiny sweep's spec made 30 stops in 8 files from ``run_sweep`` and returned 22
times to a file it had left (``spec.py`` alone 10 times: every reader called back into the spec); after, 9 stops
in 7 files and 2 returns, and the whole quickstart (read, timed and sized, swept) 12 stops in 10 files and 2
returns (13 in 11 once reading the file became a module of its own, ``sweeps/sweep_file.py``).
"""

from __future__ import annotations

from pathlib import Path

from flow_trace import Way, follow, quickstart_way

from sweeps import load_spec
from sweeps.spec import SweepSpec
from sweeps.study import trial_budget

MAX_RETURNS = 5


def test_a_way_counts_its_stops_and_returns() -> None:
    way = Way([("a.py", "f"), ("a.py", "g"), ("b.py", "h"), ("c.py", "i"), ("b.py", "j"), ("a.py", "k")])
    assert way.stops == ["a.py", "b.py", "c.py", "b.py", "a.py"] and way.returns == 2


def test_the_tracer_follows_a_spec_into_the_project_only() -> None:
    spec = load_spec("quick")
    way, budget = follow(SweepSpec, lambda: trial_budget(spec))
    assert budget == 2 and way.stops == ["sweeps/study.py"]
    assert [function for _, function in way.calls] == ["trial_budget", "grid"]


def test_the_quickstarts_settings_meet_each_module_in_one_go(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """``distill quickstart`` on a one-trial grid with an evaluation: the sweep file read; the machine timed and
    the sweep sized; the study opened, the evaluation it prepared reused, the parent run opened; the trial drawn,
    trained and evaluated; the summary written."""
    way = quickstart_way(tmp_path, tiny_bert_dir)
    assert way.returns <= MAX_RETURNS, way.describe()
    order = list(dict.fromkeys(way.stops))
    assert order == ["sweeps/sweep_file.py", "sweeps/spec.py", "sweeps/calibration.py", "sweeps/evaluation.py",
                     "sweeps/budget.py", "sweeps/runner.py", "sweeps/study.py", "sweeps/runs.py", "sweeps/space.py",
                     "sweeps/trial.py", "sweeps/report.py"], way.describe()
    assert way.stops.count("sweeps/sweep_file.py") == way.stops.count("sweeps/spec.py") == 1  # read once, then data

"""A sweep's command-line settings (:class:`SweepSettings`, durations such as ``--budget 20m``), and what Optuna
accepts, checked before the first trial: sampler and pruner options, study names, storages.

Optuna's constructors take a negative ``n_startup_trials`` or a zero Hyperband resource and fail (or
misbehave) only once trials run; a study name longer than its database column, or with a newline, and an
in-memory SQLite storage (each connection of the worker's pool gets an empty database: ``KeyError: 'Record
does not exist.'`` after the first trial) fail as late. Each is one line here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from distill.config.fields import POSITIVE_COUNT, setting
from distill.errors import DistillError
from distill.files.paths import RUN_NAME_MAX, check_name, check_output_file
from distill.files.userfiles import check_option_map

if TYPE_CHECKING:
    import sqlalchemy

MAX_OPTION = 10**9
# optuna/storages/_rdb/models.py holds 512 characters (StudyModel.study_name); the name is also the MLflow
# parent run's, which keeps RUN_NAME_MAX
STUDY_NAME_MAX = RUN_NAME_MAX
MAX_WORKERS = 256
# the lowest valid value of each integer option (optuna/samplers/_tpe/sampler.py, optuna/pruners/_median.py,
# _percentile.py, _hyperband.py, _successive_halving.py); "auto" is Hyperband's other valid resource
LOWEST = {"n_startup_trials": 0, "n_ei_candidates": 1, "n_warmup_steps": 0, "interval_steps": 1, "n_min_trials": 1,
          "min_resource": 1, "max_resource": 1, "reduction_factor": 2, "bootstrap_count": 0,
          "min_early_stopping_rate": 0}
POSITIVE_FLOATS = ("prior_weight",)
DURATION_UNITS = {"s": 1, "m": 60, "h": 3600}
MAX_DURATION = 7 * 24 * 3600  # a week: a budget beyond it is a typing mistake


def shipped_configs() -> list[str]:
    """Names of the sweep files shipped in the ``sweeps`` package (``distill sweep --config quick``)."""
    return sorted(entry.name[: -len(".yaml")] for entry in resources.files("sweeps").iterdir()
                  if entry.name.endswith(".yaml"))


@dataclass(frozen=True)
class SweepSettings:
    """How ``distill sweep`` (and ``distill quickstart``, its ``workers``) runs a sweep file."""

    config: str = setting(help=f"sweep YAML file, or a shipped one by name: {', '.join(shipped_configs())}",
                          metavar="FILE|NAME")
    n_trials: int | None = setting(None, "budget of a search; cap for a grid (default: the file's)",
                                   interval=POSITIVE_COUNT, metavar="N")
    workers: int = setting(1, "worker processes on this machine", interval=POSITIVE_COUNT, metavar="N")
    storage: str | None = setting(None, "SQLAlchemy URL of the study database, e.g. postgresql://user@host/db "
                                  "(default sqlite:///optuna.db in the working folder)", metavar="URL")
    study: str | None = setting(None, "study name (default: the sweep file's name; the same name resumes)",
                                metavar="NAME")


def parse_duration(text: str, flag: str = "--budget") -> float:
    """Seconds of a duration written as a number and a unit: ``90s``, ``20m``, ``1.5h``."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([smh])\s*", text)
    seconds = float(found.group(1)) * DURATION_UNITS[found.group(2)] if found else 0.0
    if not 0 < seconds <= MAX_DURATION:
        raise DistillError(f"{flag} must be a time such as 90s, 20m or 1h (at most a week), got {text!r}")
    return seconds


def duration_text(seconds: float) -> str:
    """``seconds`` for people: ``45 s``, ``8 min 05 s``, ``10 min``, ``1 h 30 min``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, seconds_left = divmod(rest, 60)
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    if minutes:
        return f"{minutes} min" + (f" {seconds_left:02d} s" if seconds_left else "")
    return f"{seconds_left} s"


def check_factory_options(options: Mapping[str, Any], where: str) -> None:
    """A sampler's or pruner's options: plain values, integers within what the class accepts."""
    check_option_map(where, options)
    for name, value in options.items():
        if name in LOWEST and value != "auto":
            lowest = LOWEST[name]
            if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= MAX_OPTION:
                raise DistillError(f"{where}: {name} must be an integer in [{lowest}, {MAX_OPTION}]"
                                   f"{' or auto' if name.endswith('_resource') else ''}, got {value!r}")
        if name in POSITIVE_FLOATS and (isinstance(value, bool) or not isinstance(value, int | float) or value <= 0):
            raise DistillError(f"{where}: {name} must be a positive number, got {value!r}")


def check_study_name(name: str) -> None:
    check_name(name, "study name")
    if len(name) > STUDY_NAME_MAX:
        raise DistillError(f"study name is {len(name)} characters long; it names the MLflow parent run, "
                           f"which keeps at most {STUDY_NAME_MAX}")


def check_trial_count(n_trials: int | None) -> None:
    """``--n-trials``, when given: a positive integer."""
    if n_trials is not None and not 1 <= n_trials <= MAX_OPTION:
        raise DistillError(f"--n-trials must be a positive integer up to {MAX_OPTION}, got {n_trials}")


def parsed_storage_url(url: str) -> sqlalchemy.engine.URL:
    """``--storage`` read as a database URL; ``DistillError`` in one line where it is none."""
    import sqlalchemy  # only once a sweep runs: reading the settings loads no database library

    try:
        return sqlalchemy.engine.make_url(url)
    except sqlalchemy.exc.ArgumentError:
        raise DistillError(
            f"--storage {url!r} is not a database URL (sqlite:///optuna.db, postgresql://user@host/db, ...)"
        ) from None


def check_storage(url: str, workers: int) -> None:
    """A storage URL a sweep can keep its study in, across workers; a SQLite file in a writable folder."""
    if not url:
        raise DistillError("--storage is empty; give a database URL (sqlite:///optuna.db, postgresql://...)")
    check_name(url, "--storage")
    if not 1 <= workers <= MAX_WORKERS:
        raise DistillError(f"--workers must be a positive integer up to {MAX_WORKERS}, got {workers}")
    parsed = parsed_storage_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            raise DistillError("--storage: an in-memory SQLite database does not keep the study between connections "
                               "or workers; give a file (sqlite:///optuna.db)")
        check_output_file(parsed.database, "study database")

"""What a sweep keeps of each trial, typed: :class:`TrialRecord`, stored in the Optuna trial's user attributes.

The record is written only by :meth:`TrialRecord.save` and read only by :meth:`TrialRecord.from_trial`,
so the trial (``sweeps.trial``), the accounting (``sweeps.accounting``) and the summary (``sweeps.report``)
share one schema instead of attribute names and JSON shapes of their own. Like transformers'
``ModelOutput``, every field is optional: a trial fills its record as it goes (the worker at the
start, the training configuration once its parameters are drawn, the MLflow run once trained, metrics and
scores once evaluated, the error if it fails).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from optuna.trial import BaseTrial

from distill.evaluation import ScoreTable

# Field → Optuna user attribute. The scores' attribute is new: "distill.scores" held them as
# "dataset/task/metric" strings that had to be split again, and is not read.
_ATTRS = {
    "worker": "distill.worker",
    "commit": "distill.commit",
    "config": "distill.config",
    "run_id": "distill.mlflow_run",
    "metrics": "distill.objectives.metrics",
    "scores": "distill.score_table",
    "error": "distill.error",
    "surplus": "distill.surplus",
    "settings": "distill.point_settings",
    "pace": "distill.pace",
    "timing": "distill.timing",
}
ERROR_LIMIT = 2000  # characters of an error kept in the study


@dataclass
class TrialRecord:
    """One trial's outcome as the sweep keeps it; ``None`` (or empty) where the trial did not get that far."""

    worker: str | None = None  # host:pid of the worker that ran the trial
    commit: str | None = None  # the workbench's git commit it ran (``+``: with local changes)
    config: dict[str, Any] = field(default_factory=dict)  # its training configuration (run name aside)
    run_id: str | None = None  # its MLflow training run, once training finished
    metrics: dict[str, float] = field(default_factory=dict)  # the last epoch's alignment metrics
    scores: ScoreTable | None = None  # the baseline and the student after surgery, per seed
    error: str | None = None  # what made the trial fail
    surplus: bool = False  # a grid duplicate, pruned without running
    settings: dict[str, Any] = field(default_factory=dict)  # a point beside the grid: its settings on top of fixed
    pace: dict[str, float] = field(default_factory=dict)  # its machine's table and context pace (sweeps.pace)
    # the seconds of its timed table and context epochs, and the cores other processes kept busy meanwhile
    # (distill.devices.other_work; absent where not measurable)
    timing: dict[str, float] = field(default_factory=dict)

    def to_attrs(self, *fields: str) -> dict[str, Any]:
        """The user attributes (JSON-ready) of those of ``fields`` (default: all) that are set."""
        names = fields or [item.name for item in dataclasses.fields(self)]
        return {_ATTRS[name]: self._encoded(name) for name in names if getattr(self, name)}

    def save(self, trial: BaseTrial, *fields: str) -> None:
        """Write those of ``fields`` (default: all) that are set into ``trial``'s user attributes."""
        for name, value in self.to_attrs(*fields).items():
            trial.set_user_attr(name, value)

    @classmethod
    def from_attrs(cls, attrs: dict[str, Any]) -> TrialRecord:
        found = {name: attrs[attr] for name, attr in _ATTRS.items() if attr in attrs}
        if "scores" in found:
            found["scores"] = ScoreTable.from_dict(found["scores"])
        return cls(**found)

    @classmethod
    def from_trial(cls, trial: BaseTrial) -> TrialRecord:
        """The record of ``trial``, live or frozen."""
        return cls.from_attrs(trial.user_attrs)

    def _encoded(self, name: str) -> Any:
        value = getattr(self, name)
        if name == "scores":
            return value.to_dict()
        if name == "error":
            return value[:ERROR_LIMIT]
        return value

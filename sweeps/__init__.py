"""Optuna sweeps over students, losses and training settings, tracked in MLflow.

>>> from sweeps import load_spec, run_sweep
>>> result = run_sweep(load_spec("quick"))  # doctest: +SKIP
>>> print(result.summary.text)  # doctest: +SKIP

Modules: ``options`` (the sweep's command-line settings and what Optuna accepts), ``spec`` (the sweep
file and its validation), ``study`` (storage, samplers, lost-trial recovery, budget accounting), ``trial``
(one trial: train, prune, evaluate), ``trial_record`` (what a trial keeps in Optuna, typed), ``evaluation``
(surgery and evaluation of trial students, whole-sweep Tables 2 and 3), ``report`` (the parent run's
summary), ``curves`` (every trial's per-epoch curves on one chart), ``trial_runs`` (MLflow run helpers),
``runner`` (workers and the parent run). Shipped sweep files: ``paper.yaml``, ``quick.yaml``, ``search.yaml``.

The names below are imported on first use (PEP 562), so that a command reads its settings
(:mod:`sweeps.options`) without loading Optuna, MLflow or torch.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sweeps.runner import SweepResult, run_sweep
    from sweeps.spec import SweepSpec, load_spec, shipped_configs

_EXPORTS = {"SweepResult": "sweeps.runner", "run_sweep": "sweeps.runner", "SweepSpec": "sweeps.spec",
            "load_spec": "sweeps.spec", "shipped_configs": "sweeps.spec"}
__all__ = ["SweepResult", "SweepSpec", "load_spec", "run_sweep", "shipped_configs"]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'sweeps' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)

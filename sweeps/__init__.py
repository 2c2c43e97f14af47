"""Optuna sweeps over students, losses and training settings, tracked in MLflow.

>>> from sweeps import load_spec, run_sweep
>>> result = run_sweep(load_spec("quick"))  # doctest: +SKIP
>>> print(result.summary.text)  # doctest: +SKIP

Modules, in the order a sweep meets them: ``options`` (the sweep's command-line settings and what Optuna
accepts), ``space``, ``sweep_file`` and ``spec`` (the sweep file, read and validated into data), ``runner`` (the
main job, step by step, and its worker processes), ``study`` (storage, sampler, pruner, budget, the worker loop),
``evaluation`` (surgery and evaluation of trial students), ``runs`` (the MLflow parent run and the trials' runs),
``trial`` (one trial: draw, train, prune, evaluate), ``trial_record`` (what a trial keeps in Optuna, typed),
``accounting`` (which trials count, which a retry replaced), ``report`` (the parent run's summary, Tables 2 and
3), ``curves`` (every trial's per-epoch curves on one chart), ``verdict`` (the best student in a few lines);
``calibration`` and ``budget`` (``distill quickstart``'s: the machine timed on the first epochs, the sweep sized to
a time budget).
Shipped sweep files: ``paper.yaml``, ``paper-bert-base.yaml``, ``paper-families.yaml``, ``quick.yaml``,
``search.yaml`` and ``students-*.yaml`` (each student family's recipe).

The names below are imported on first use (PEP 562), so that a command reads its settings
(:mod:`sweeps.options`) without loading Optuna, MLflow or torch.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sweeps.options import shipped_configs
    from sweeps.runner import SweepResult, run_sweep
    from sweeps.spec import SweepSpec
    from sweeps.sweep_file import load_spec

_EXPORTS = {"SweepResult": "sweeps.runner", "run_sweep": "sweeps.runner", "SweepSpec": "sweeps.spec",
            "load_spec": "sweeps.sweep_file", "shipped_configs": "sweeps.options"}
__all__ = ["SweepResult", "SweepSpec", "load_spec", "run_sweep", "shipped_configs"]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'sweeps' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)

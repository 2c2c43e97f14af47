"""Optuna sweeps over students, losses and training settings, tracked in MLflow.

>>> from sweeps import load_spec, run_sweep
>>> result = run_sweep(load_spec("quick"))  # doctest: +SKIP
>>> print(result.summary.text)  # doctest: +SKIP

Modules: ``spec`` (the sweep file and its validation), ``study`` (storage, samplers,
lost-trial recovery, budget accounting), ``trial`` (one trial: train, prune, evaluate),
``record`` (what a trial keeps in Optuna, typed), ``evaluation`` (surgery and evaluation of
trial students, whole-sweep Tables 2 and 3), ``report`` (the parent run's summary),
``curves`` (every trial's per-epoch curves on one chart), ``runs`` (MLflow run helpers),
``runner`` (workers and the parent run). Shipped sweep files: ``paper.yaml``, ``quick.yaml``,
``search.yaml``.
"""

from sweeps.runner import SweepResult, run_sweep
from sweeps.spec import SweepSpec, load_spec, shipped_configs

__all__ = ["SweepResult", "SweepSpec", "load_spec", "run_sweep", "shipped_configs"]

"""The workbench measured against the machine's limit (``distill bench``).

One concern per module: ``machine`` (description, matrix-multiply rate), ``timing``
(synchronisation, interleaved probes, peak memory), ``throughput`` (training speed per
student family), ``quality`` (time to a target alignment), ``surgery`` (baked and live
inference costs), ``profiling`` (where a training step's time goes), ``report`` (the
table, ``bench/RESULTS.md``), ``runner`` (all of it in one run, logged to MLflow).
"""

from distill.bench.report import Row, render_text
from distill.bench.runner import DEFAULT_STUDENTS, BenchReport, BenchSettings, run_bench

__all__ = ["DEFAULT_STUDENTS", "BenchReport", "BenchSettings", "Row", "render_text", "run_bench"]

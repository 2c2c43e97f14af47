"""The workbench measured against the machine's limit (``distill bench``).

One concern per module: ``settings`` (what it measures, declared once: the command's flags), ``machine``
(description, matrix-multiply rate), ``timing`` (synchronisation, interleaved probes, peak memory),
``throughput`` (training speed per student family), ``quality`` (time to a target alignment), ``surgery``
(baked and live inference costs), ``vocabfree`` (the vocabulary-free export's sentences per second against
the source model, and its tokenizer's time against the source's), ``fidelity`` (contenders trained, then judged
swapped in), ``profiling`` (where a training step's time goes), ``report`` (the table, the results file),
``runner`` (all of it in one run, logged to MLflow). Nothing is imported here, so that ``distill bench --help``
loads no torch: import ``distill.bench.runner.run_bench`` and ``distill.bench.settings.BenchSettings``.
"""

"""``distill bench``: measure training and surgery against this machine's matrix-multiply rate."""

from __future__ import annotations

import argparse

from distill.bench.settings import BenchSettings, check_mode
from distill.config.arguments import add_settings_arguments, given_settings, settings_from

HELP = "Benchmark training speed, time to quality and surgery costs against the machine's matmul rate."
UNUSED = ("quiet", "work_dir")  # common options the benchmark does not read


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, BenchSettings, "benchmark (distill.bench.settings.BenchSettings)",
                           only=[name for name in BenchSettings.__dataclass_fields__ if name not in UNUSED],
                           layered=True)  # a flag not given is absent: check_mode sees which were given


def settings(args: argparse.Namespace) -> list[object]:
    return [check_mode(settings_from(args, BenchSettings), given_settings(args, BenchSettings))]


def run(args: argparse.Namespace) -> int:
    from distill.bench.report import render_text  # heavy imports after parsing
    from distill.bench.runner import run_bench

    report = run_bench(settings_from(args, BenchSettings), command=args.command_line)
    print(render_text(report.rows))
    if report.scope is not None:
        print(report.scope)
    print(f"results written to {report.results_path} and to MLflow run {report.run_id} (experiment bench)")
    return 0

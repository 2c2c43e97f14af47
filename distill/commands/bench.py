"""``distill bench``: measure training and surgery against this machine's matrix-multiply rate."""

from __future__ import annotations

import argparse
import math

from distill.config import DEVICES

HELP = "Benchmark training speed, time to quality and surgery costs against the machine's matmul rate."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run of seconds on the default student (CI): every measurement at a small scale "
                        "(time to quality on a sample of the teacher's rows, a baked table of as many student "
                        "rows), saying what it measured; its figures do not describe the workbench's speed")
    parser.add_argument("--time-cap", type=seconds, metavar="S",
                        help="training seconds allowed to each recipe for time to quality (default 300)")
    parser.add_argument("--students", nargs="+", metavar="NAME",
                        help="student families to measure "
                        "(default bytescnn-small bytescnn-big retvec hlm-intra-small)")
    parser.add_argument("--device", choices=DEVICES, default="auto")
    parser.add_argument("--teacher", default="embedded",
                        help="teacher for time to quality and surgery (default embedded)")
    parser.add_argument("--batch-size", type=int, nargs="+", metavar="N",
                        help="training batches for throughput (default: the default recipe's and 4x it on a CPU, "
                             "4096 on a GPU)")
    parser.add_argument("--bf16", action=argparse.BooleanOptionalAction,
                        help="also measure bfloat16 autocast (default: on a GPU only)")
    parser.add_argument("--compile", action="store_true", help="torch.compile the students' forward passes")
    parser.add_argument("--profile", action="store_true", help="add a torch.profiler summary of the default student")
    parser.add_argument("--results", metavar="PATH",
                        help="where to write the results (default bench/RESULTS.md; with --quick a file in the "
                             "temporary folder, so that a smoke run never replaces the measured results)")
    parser.add_argument("--fidelity", action="store_true",
                        help="only time to fidelity: train contenders (table objective, + frequency-aware rows, "
                             "+ context distillation, the best combination) and judge the swapped model on held-out "
                             "documents after every epoch; replaces that block of the results file (about 1.5 h)")
    parser.add_argument("--budgets", type=seconds, nargs="+", metavar="S",
                        help="with --fidelity: training seconds per contender (default 300 900)")
    parser.add_argument("--contenders", nargs="+", metavar="NAME",
                        help="with --fidelity: table, table+frequency, table+context, best (default all)")
    parser.add_argument("--best-budgets", type=seconds, nargs="+", metavar="S",
                        help="with --fidelity: further budgets for the best contender only")
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")


def seconds(text: str) -> float:
    """A time budget: a finite number of seconds above zero (``nan``, ``inf`` and ``-5`` are refused)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive, finite number of seconds, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    from distill.bench import DEFAULT_STUDENTS, BenchSettings, render_text, run_bench  # heavy imports after parsing
    from distill.bench.fidelity import contenders
    from distill.errors import DistillError

    known = [contender.name for contender in contenders(budget=1.0)]
    unknown = [name for name in args.contenders or () if name not in known]
    if unknown:
        raise DistillError(f"unknown contender {unknown[0]!r}; choose from {', '.join(known)}")

    settings = BenchSettings(
        students=args.students or (list(DEFAULT_STUDENTS[:1]) if args.quick else list(DEFAULT_STUDENTS)),
        device=args.device, teacher=args.teacher, quick=args.quick,
        time_cap=args.time_cap, batch_sizes=args.batch_size, bf16=args.bf16, compile_forward=args.compile,
        profile=args.profile, results=args.results or default_results(args.quick), tracking_uri=args.tracking_uri,
        fidelity=args.fidelity, fidelity_contenders=args.contenders, best_budgets=args.best_budgets,
    )
    if args.budgets:
        settings.fidelity_budgets = args.budgets
    report = run_bench(settings)
    print(render_text(report.rows))
    if report.scope is not None:
        print(report.scope)
    print(f"results written to {report.results_path} and to MLflow run {report.run_id} (experiment bench)")
    return 0


def default_results(quick: bool) -> str:
    """``bench/RESULTS.md``, or for a smoke run a file in the temporary folder."""
    import tempfile
    from pathlib import Path

    return str(Path(tempfile.gettempdir()) / "distill-bench-quick.md") if quick else "bench/RESULTS.md"

"""``distill bench``: every figure of the benchmark, measured in one run, as one table.

Order of work: per student family, training throughput (rounds of a matmul probe then
training steps) and its peak memory; surgery's inference costs; time to quality for
the paper's recipe and the default recipe; optionally a profile. Matrix-multiply
probes are interleaved throughout, and their spread is reported as the contention.
"""

from __future__ import annotations

import dataclasses
import re
import shlex
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import mlflow
import torch

from distill.bench.fidelity import (
    FidelityJudge,
    contenders,
    fidelity_rows,
    measure_epoch_seconds,
    render_fidelity,
    time_to_fidelity,
)
from distill.bench.footprint import source_weights_bytes
from distill.bench.machine import (
    CPU_MATMUL_SIZE,
    GPU_MATMUL_SIZE,
    QUICK_MATMUL_SIZE,
    matmul_rate,
    measured_on,
    running_commit,
)
from distill.bench.profiling import profile_training
from distill.bench.quality import time_to_quality
from distill.bench.report import Row, render_results
from distill.bench.rows import (
    PAPER_EPOCHS,
    machine_rows,
    quality_rows,
    reading_notes,
    surgery_rows,
    throughput_rows,
)
from distill.bench.settings import BenchSettings, check_mode
from distill.bench.sizes import SizePoint, SizeScale, measure_points
from distill.bench.sizes_report import SIZES_PLOT, plot_sizes, render_sizes
from distill.bench.swapped import surgery_throughput
from distill.bench.throughput import training_throughput
from distill.bench.timing import Probes
from distill.bench.unseen import measure_unseen_words, render_unseen
from distill.bench.vocabfree import (
    BATCH_SIZES,
    TOKENIZER_CALLS,
    TOKENIZER_SENTENCES,
    render_vocabulary_free,
    vocabulary_free_rows,
    vocabulary_free_throughput,
)
from distill.config.fields import check_fields
from distill.config.training import TrainConfig, recipe_settings
from distill.devices import resolve_device
from distill.files.atomic import atomic_write_text
from distill.files.markdown import block_of, with_block
from distill.swap.trained import load_student_from
from distill.tracking import store
from teachers import TeacherTable, load_teacher

GPU_BATCH_SIZE = 4096
STAND_IN_DIM = 768  # bert-base-uncased's width: on a GPU a random table of it stands in for the teacher
COMMON_UNLOGGED = ("tracking_uri", "quiet", "work_dir")  # options that do not change a figure
QUICK_ROWS = 128  # a smoke run's vocabulary: for time to quality, and the rows its baked table embeds


@dataclass(frozen=True)
class Scale:
    """How much of each measurement to do: the full benchmark, or a smoke run of seconds."""

    matmul_size: int
    rounds: int
    steps: int
    teacher_rows: int  # teacher rows time to quality trains on and ranks among; 0 = all
    max_epochs: int | None
    surgery_batches: int
    surgery_max_length: int  # tokens per sentence of the surgery batches
    bake_rows: int  # rows the student embeds in the baked table (the others are the model's); 0 = all
    profile_steps: int


def scale_for(quick: bool, device: torch.device) -> Scale:
    if quick:
        return Scale(QUICK_MATMUL_SIZE, rounds=1, steps=1, teacher_rows=QUICK_ROWS, max_epochs=2, surgery_batches=1,
                     surgery_max_length=32, bake_rows=QUICK_ROWS, profile_steps=1)
    gpu = device.type == "cuda"
    return Scale(GPU_MATMUL_SIZE if gpu else CPU_MATMUL_SIZE, rounds=5, steps=20 if gpu else 2, teacher_rows=0,
                 max_epochs=None, surgery_batches=8, surgery_max_length=128, bake_rows=0, profile_steps=3)


def default_batch_sizes(quick: bool, device: torch.device) -> list[int]:
    """The default recipe's batch and 4× it (where per-step costs such as the optimiser weigh less).

    On a GPU one large batch; in quick mode a tiny one.
    """
    if quick:
        return [8]
    if device.type == "cuda":
        return [GPU_BATCH_SIZE]
    recipe_batch, _, _ = recipe_settings(TrainConfig().validate())
    return [recipe_batch, 4 * recipe_batch]


@dataclass
class BenchReport:
    rows: list[Row]
    results_path: Path
    run_id: str
    scope: str | None = None  # what a smoke run (--quick) measured, in a sentence


def quick_scope(teacher: TeacherTable, ranked_teacher: TeacherTable, scale: Scale, time_cap: float) -> str:
    """What ``--quick`` measures instead of the full benchmark."""
    return (f"Quick mode, a smoke run of the full benchmark's code at a small scale: {scale.rounds} round of "
            f"{scale.steps} training step per throughput figure; time to quality on {len(ranked_teacher):,} of the "
            f"teacher's {len(teacher):,} rows (recall ranks among them), at most {scale.max_epochs} epochs or "
            f"{time_cap:g} s per recipe; surgery on {scale.surgery_batches} batch of sentences cut to "
            f"{scale.surgery_max_length} tokens, its baked table embedding {scale.bake_rows:,} rows. "
            "The figures show that the benchmark runs, not how fast the workbench is.")


def throughput_teacher(teacher: TeacherTable, device: torch.device) -> TeacherTable:
    """The teacher itself on a CPU; on a GPU its rows with a random bert-base-sized table (speed only)."""
    if device.type != "cuda":
        return teacher
    table = torch.randn(len(teacher), STAND_IN_DIM, generator=torch.Generator().manual_seed(0))
    return dataclasses.replace(teacher, name=f"random {len(teacher)}x{STAND_IN_DIM}", table=table)


def quality_teacher(teacher: TeacherTable, rows: int) -> TeacherTable:
    """The teacher, or a seeded sample of ``rows`` of its rows (0: all): the student then trains on
    them and its recall ranks among them alone."""
    if not rows or rows >= len(teacher):
        return teacher
    kept = torch.randperm(len(teacher), generator=torch.Generator().manual_seed(0))[:rows].sort().values
    listed = kept.tolist()
    return dataclasses.replace(teacher, table=teacher.table[kept], tokens=[teacher.tokens[row] for row in listed],
                               vocab_tokens=[teacher.vocab_tokens[row] for row in listed], ids=teacher.ids[kept],
                               is_special=teacher.is_special[kept])


def quality_config(recipe: str, teacher: TeacherTable, device: torch.device, scale: Scale) -> TrainConfig:
    """The workbench's defaults with ``recipe``; the paper's recipe runs its 10^4 epochs (until the cap)."""
    config = TrainConfig(teacher=teacher.name, recipe=recipe, device=device.type)
    if recipe == "paper":
        config.epochs = PAPER_EPOCHS
    if scale.max_epochs is not None:
        config.epochs = min(config.epochs, scale.max_epochs)
    return config.validate()


# Blocks of the results file measured by their own runs.
FIDELITY, VOCABULARY_FREE, SIZES, UNSEEN = ("time to fidelity", "vocabulary-free speed", "size against fidelity",
                                            "unseen characters")


def replace_block(settings: BenchSettings, name: str, block: str) -> Path:
    """Write ``block`` in place of the results file's block ``name``, keeping the rest of the file."""
    path = Path(settings.results_file())
    previous = path.read_text() if path.is_file() else "# `distill bench` results\n"
    return atomic_write_text(path, with_block(previous, name, block))


def run_vocabulary_free(settings: BenchSettings, command: str | None = None) -> BenchReport:
    """The vocabulary-free export's inference speed alone (:mod:`distill.bench.vocabfree`): its block of the
    results file is replaced, the rest kept; one MLflow run with every figure."""
    device = resolve_device(settings.device)
    rounds = 1 if settings.quick else 3
    result = vocabulary_free_throughput(settings.teacher, settings.student_names()[0], device,
                                        sentences=16 if settings.quick else 512, rounds=rounds,
                                        batch_sizes=(1, 8) if settings.quick else BATCH_SIZES,
                                        tokenized_sentences=16 if settings.quick else TOKENIZER_SENTENCES,
                                        tokenizer_calls=3 if settings.quick else TOKENIZER_CALLS)
    machine = measured_on(device, scale_for(settings.quick, device).matmul_size)
    block = render_vocabulary_free(result, machine, command or "distill " + shlex.join(sys.argv[1:]), rounds)
    path = replace_block(settings, VOCABULARY_FREE, block)
    rows = vocabulary_free_rows(result)
    return BenchReport(rows, path, log_run(rows, {}, machine, settings, block))


def run_unseen_words(settings: BenchSettings, command: str | None = None) -> BenchReport:
    """How far a word of unseen characters moves a sentence (:mod:`distill.bench.unseen`): its block of the results
    file is replaced, the rest kept; one MLflow run with every figure."""
    assert settings.unseen_words is not None
    student = load_student_from(settings.unseen_words, tracking_uri=settings.tracking_uri)
    sentences = 16 if settings.quick else 200
    effects = measure_unseen_words(settings.teacher, student, sentences=sentences)
    cpu = torch.device("cpu")  # the measurement runs the models where transformers loads them
    machine = measured_on(cpu, scale_for(settings.quick, cpu).matmul_size)
    block = render_unseen(effects, settings.teacher, sentences, machine,
                          command or "distill " + shlex.join(sys.argv[1:]))
    path = replace_block(settings, UNSEEN, block)
    rows = [Row("unseen characters", label, f"{reading} {figure}", float(values.mean()), "cosine",
                f"{sentences} sentences")
            for reading, labelled in effects.items() for label, effect in labelled.items()
            for figure, values in (("with ÷ without", effect.added), ("twins", effect.changed))]
    return BenchReport(rows, path, log_run(rows, {}, machine, settings, block))


def run_sizes(settings: BenchSettings, command: str | None = None) -> BenchReport:
    """The size–fidelity table alone (:mod:`distill.bench.sizes`): its block of the results file is replaced, the
    rest kept, and its plot written beside it (``sizes.png``); one MLflow run holds both, each point's training run
    nested under it with the point's figures."""
    device = resolve_device(settings.device)
    points = [SizePoint.parse(text) for text in settings.point_names()]
    teacher = load_teacher(settings.teacher)
    scale = SizeScale.quick() if settings.quick else SizeScale()
    machine = measured_on(device, scale_for(settings.quick, device).matmul_size)
    results_file = Path(settings.results_file())
    store.configure("bench", settings.tracking_uri)
    with mlflow.start_run(run_name="bench sizes quick" if settings.quick else "bench sizes") as run:
        results = measure_points(points, teacher=settings.teacher, budget=settings.point_budget(),
                                 fill=settings.fill_budget, device=device,
                                 folder=results_file.parent / "sizes", parent_run_id=run.info.run_id,
                                 tracking_uri=settings.tracking_uri, quiet=settings.quiet, scale=scale,
                                 machine=machine)
        block = render_sizes(results, table_bytes=teacher.table.nbytes, source_bytes=source_weights_bytes(teacher),
                             budget=settings.point_budget(), fill=settings.fill_budget, machine=machine, scale=scale,
                             command=command or "distill " + shlex.join(sys.argv[1:]))
        path = replace_block(settings, SIZES, block)
        plot = plot_sizes(results, teacher.table.nbytes, path.with_name(SIZES_PLOT))
        mlflow.log_text(block, "sizes.md")
        mlflow.log_artifact(str(plot))
        rows = [Row("sizes", result.label, name, value, "", "") for result in results
                for name, value in result.metrics().items()]
        mlflow.log_params({f"machine.{key}": value for key, value in machine.items()})
    return BenchReport(rows, path, run.info.run_id)


def run_fidelity(settings: BenchSettings, command: str | None = None) -> BenchReport:
    """The time-to-fidelity section alone (:mod:`distill.bench.fidelity`): its block of the results file
    is replaced, the rest kept; one MLflow run with every figure and each contender's curve."""
    device = resolve_device(settings.device)
    teacher = load_teacher(settings.teacher)
    judge = FidelityJudge(settings.teacher, settings.fidelity_corpora, device,
                          **({"seeds": 1, "samples": 16, "max_length": 32} if settings.quick else {}))
    first = settings.fidelity_corpora[0]
    train_corpus = first.rpartition(":")[0] or first  # the contenders that name no corpus train on the first
    per_epoch = measure_epoch_seconds(teacher, device, train_corpus, settings.quick)
    plan = [(contender, budget) for budget in settings.fidelity_budgets for contender in contenders(budget, per_epoch)
            if settings.fidelity_contenders is None or contender.name in settings.fidelity_contenders]
    plan += [(contender, budget) for budget in settings.best_budgets or ()
             for contender in contenders(budget, per_epoch) if contender.name == "best"]
    runs = [time_to_fidelity(contender, budget, teacher, judge, device, train_corpus, progress=not settings.quick,
                             quick=settings.quick)
            for contender, budget in plan]
    machine = measured_on(device, scale_for(settings.quick, device).matmul_size)
    command = command or "distill " + shlex.join(sys.argv[1:])
    block = render_fidelity(runs, machine, command, judge, per_epoch)
    path = replace_block(settings, FIDELITY, block)
    rows = [row for run in runs for row in fidelity_rows(run)]
    curves = {re.sub(r"[^\w.\-]+", "_", f"{run.contender.name}_{run.budget:.0f}s"): run.points for run in runs}
    return BenchReport(rows, path, log_run(rows, curves, machine, settings, block))


def run_bench(settings: BenchSettings, command: str | None = None) -> BenchReport:
    """Measure everything, write the results file, log the MLflow run; ``command`` is recorded (default argv)."""
    settings = check_mode(check_fields(settings)).resolved()
    running_commit()  # read now: the figures come from the code imported from here on
    if settings.fidelity:
        return run_fidelity(settings, command)
    if settings.vocabulary_free:
        return run_vocabulary_free(settings, command)
    if settings.sizes:
        return run_sizes(settings, command)
    if settings.unseen_words:
        return run_unseen_words(settings, command)
    device = resolve_device(settings.device)
    scale = scale_for(settings.quick, device)
    bf16 = settings.bf16 if settings.bf16 is not None else device.type == "cuda"
    time_cap = settings.time_cap or (2.0 if settings.quick else 300.0)
    precisions = {"fp32": False, **({"bf16": True} if bf16 else {})}
    probes = {
        name: Probes(partial(matmul_rate, device, torch.bfloat16 if flag else torch.float32, scale.matmul_size))
        for name, flag in precisions.items()
    }
    teacher = load_teacher(settings.teacher)
    speed_teacher = throughput_teacher(teacher, device)
    ranked_teacher = quality_teacher(teacher, scale.teacher_rows)

    throughputs = [
        training_throughput(name, speed_teacher, device, probes[precision], batch_size=batch_size,
                            rounds=scale.rounds, steps=scale.steps, bf16=flag,
                            compile_forward=settings.compile_forward)
        for name in settings.student_names()
        for batch_size in settings.batch_sizes or default_batch_sizes(settings.quick, device)
        for precision, flag in precisions.items()
    ]
    surgery = surgery_throughput(settings.teacher, settings.student_names(), device, rounds=scale.rounds,
                                 batches=scale.surgery_batches, max_length=scale.surgery_max_length,
                                 bake_rows=scale.bake_rows)
    default_recipe = TrainConfig().recipe
    qualities = [
        (precision, time_to_quality(
            dataclasses.replace(quality_config(recipe, ranked_teacher, device, scale), bf16=flag,
                                compile=settings.compile_forward),
            ranked_teacher, device, time_cap, probes=probes[precision]))
        for recipe in dict.fromkeys(("paper", default_recipe))
        for precision, flag in precisions.items()
        if not flag or recipe == default_recipe  # bf16 next to fp32 for the default recipe only
    ]
    profile = None
    if settings.profile:
        profile = profile_training(TrainConfig().student, speed_teacher, device,
                                   batch_size=throughputs[0].batch_size, steps=scale.profile_steps)

    scope = quick_scope(teacher, ranked_teacher, scale, time_cap) if settings.quick else None
    rows = [
        *machine_rows(probes),
        *(row for result in throughputs for row in throughput_rows(result, len(speed_teacher))),
        *(row for precision, result in qualities for row in quality_rows(result, precision)),
        *surgery_rows(surgery),
    ]
    machine = measured_on(device, scale_for(settings.quick, device).matmul_size)
    command = command or "distill " + shlex.join(sys.argv[1:])
    notes = reading_notes(speed_teacher, ranked_teacher, scale.surgery_max_length, scope)
    markdown = render_results(rows, machine, command, notes, profile)
    results = settings.results_file()
    previous = Path(results).read_text() if Path(results).is_file() else ""
    for name in (FIDELITY, VOCABULARY_FREE, SIZES):  # the blocks other runs measured stay
        markdown = with_block(markdown, name, block_of(previous, name))
    path = atomic_write_text(results, markdown)
    curves = {f"{result.recipe}_{precision}": result.history for precision, result in qualities}
    return BenchReport(rows, path, log_run(rows, curves, machine, settings, markdown), scope)


def log_run(rows: list[Row], curves: dict[str, list[dict[str, float]]], machine: dict[str, str],
            settings: BenchSettings, markdown: str) -> str:
    """One MLflow run in the bench experiment: machine and settings as params, every figure as a metric,
    and each recipe's per-epoch curve (``curve/<recipe>_<precision>/<metric>``, step = epoch)."""
    store.configure("bench", settings.tracking_uri)
    with mlflow.start_run(run_name="bench quick" if settings.quick else "bench",
                          nested=mlflow.active_run() is not None) as run:
        params = {f"machine.{key}": value for key, value in machine.items()}
        for key, value in dataclasses.asdict(settings).items():
            if key not in COMMON_UNLOGGED:
                params[key] = ",".join(map(str, value)) if isinstance(value, list) else value
        mlflow.log_params(params)
        mlflow.log_metrics({row.metric_name: row.value for row in rows if row.value is not None})
        for label, history in curves.items():
            for point in history:
                values = {store.safe_name(f"curve/{label}/{name}"): value
                          for name, value in point.items() if name != "epoch"}
                mlflow.log_metrics(values, step=int(point["epoch"]))
        mlflow.log_text(markdown, "RESULTS.md")
        return run.info.run_id

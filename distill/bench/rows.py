"""The benchmark's figures as rows of its one table, with the notes that say how to read them."""

from __future__ import annotations

from distill.bench.quality import TARGETS, QualityResult
from distill.bench.report import Row, format_value
from distill.bench.swapped import SurgeryResult
from distill.bench.throughput import ThroughputResult
from distill.bench.timing import Probes
from distill.config.training import TrainConfig
from teachers import TeacherTable

PAPER_EPOCHS = 10_000  # paper §3
MEGABYTE = 2**20


def machine_rows(probes: dict[str, Probes]) -> list[Row]:
    """The matmul rate of each precision: the median of every probe of the run; min and max show contention."""
    return [
        Row("machine", precision, "matmul rate", probe.median, "GFLOP/s",
            f"median of {len(probe.rates)} probes taken between the other figures; "
            f"min {min(probe.rates):.0f}, max {max(probe.rates):.0f}")
        for precision, probe in probes.items()
    ]


def throughput_rows(result: ThroughputResult, vocabulary_rows: int) -> list[Row]:
    subject = f"{result.student}, batch {result.batch_size}"
    if result.precision != "fp32":
        subject += f", {result.precision}"
    epochs_hours = PAPER_EPOCHS * vocabulary_rows / result.tokens_per_s / 3600
    rows = [
        Row("training", subject, "throughput", result.tokens_per_s, "tokens/s", f"{result.parameters:,} parameters"),
        Row("training", subject, "achieved", result.gflops, "GFLOP/s",
            f"analytic {result.flops_per_token / 1e6:.1f} MFLOP/token, forward + backward"),
        Row("training", subject, "share of matmul rate", 100 * result.matmul_share, "%",
            "median over rounds of achieved ÷ the probe just before"),
        Row("training", subject, "10^4 epochs (projected)", epochs_hours, "hours",
            f"paper §3 schedule over {vocabulary_rows:,} rows at this throughput"),
        Row("training", subject, "peak host memory", result.host_peak_bytes / MEGABYTE, "MiB",
            "resident set of the process"),
    ]
    if result.device_peak_bytes:
        rows.append(Row("training", subject, "peak device memory", result.device_peak_bytes / MEGABYTE, "MiB",
                        "torch.cuda.max_memory_allocated"))
    return rows


def quality_rows(result: QualityResult, precision: str) -> list[Row]:
    subject = f"{result.recipe} recipe" + ("" if precision == "fp32" else f", {precision}")
    recipe = f"batch {result.batch_size}, lr {result.lr:g}, {result.schedule}"
    if result.recipe == TrainConfig().recipe:
        recipe = f"default recipe: {recipe}"
    rows = []
    for name, target in TARGETS.items():
        seconds, epochs = result.seconds_to[name], result.epochs_to[name]
        note = f"epoch {epochs}; {recipe}"
        if seconds is None:
            note = (f"not reached: {result.reached[name]:.3f} after {format_value(result.seconds)} s, {result.epochs} "
                    f"epochs (stopped: {result.stopped_by}); {recipe}")
        rows.append(Row("time to quality", subject, f"seconds to {name} ≥ {target}", seconds, "s", note))
    rows += [
        Row("time to quality", subject, f"{name} at stop", result.reached[name], "",
            f"after {result.epochs} epochs, {format_value(result.seconds)} s of training")
        for name in TARGETS
    ]
    return rows


def surgery_rows(result: SurgeryResult) -> list[Row]:
    whole = result.baked_rows == result.vocabulary_rows
    embedded = (f"the whole vocabulary ({result.vocabulary_rows:,} rows)" if whole
                else f"{result.baked_rows:,} of the vocabulary's {result.vocabulary_rows:,} rows")
    rows = [
        Row("surgery", "baked", "throughput ÷ untouched", result.baked_ratio, "×",
            f"median of per-round ratios; untouched {result.untouched_tokens_per_s:,.0f} tokens/s, "
            f"baked {result.baked_tokens_per_s:,.0f} tokens/s"),
        Row("surgery", "baked", "bake time", result.bake_seconds, "s",
            f"{result.baked_student}: {embedded} embedded once"),
    ]
    rows += [Row("surgery", name, "live embedding", rate, "tokens/s", "student on each batch's distinct ids")
             for name, rate in result.live_tokens_per_s.items()]
    return rows


def reading_notes(speed_teacher: TeacherTable, teacher: TeacherTable, surgery_max_length: int,
                  scope: str | None) -> list[str]:
    """How to read the table; ``scope`` says what a smoke run (``--quick``) measured instead."""
    defaults = TrainConfig()
    notes = [
        "Training throughput: the workbench's training step (cosine loss, fused Adam) on random batches of rows "
        f"of {speed_teacher.name} ({len(speed_teacher):,} × {speed_teacher.dim}).",
        "Achieved GFLOP/s counts matrix products only (each student's `matmul_flops`, checked against "
        "`torch.utils.flop_counter` in tests/test_bench.py). For BytesCNN it is the minimal exact work: per "
        "filter, the windows up to the first all-padding one (later windows repeat it). The optimiser is timed, "
        "not counted.",
        "Share of matmul rate: each round of training steps follows a square matrix-multiply probe; the share is "
        "the median over rounds of achieved ÷ probe, so a shared machine slows both sides of each ratio alike.",
        f"Time to quality: {defaults.student}, {defaults.loss_name} loss, on {teacher.name} ({len(teacher):,} × "
        f"{teacher.dim}). The clock runs only while training (the evaluation after each epoch is not timed), so "
        "times are at epoch ends.",
        "Surgery: the untouched and the baked model take turns on the same batches of the offline corpus "
        f"(16 sentences, up to {surgery_max_length} tokens); the students are untrained, which does not change "
        "their speed.",
    ]
    if scope is not None:
        notes.append(scope)
    return notes

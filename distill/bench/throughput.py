"""Training throughput of one student family: tokens/s, achieved GFLOP/s, share of the matmul rate, memory.

Runs the workbench's own training step (:meth:`Trainer.train_step`) on random
batches of the teacher's rows, in rounds that each start with a matrix-multiply probe.
Achieved GFLOP/s divides the student's analytic count (:meth:`StudentEncoder.matmul_flops`,
forward and backward of each batch) by the measured time; the optimiser's work is timed
but not counted.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import torch

from distill.bench.quality import alignment_trainer
from distill.bench.timing import PeakMemory, Probes, ratio_rounds, timed
from teachers import TeacherTable


@dataclass
class ThroughputResult:
    student: str
    parameters: int
    batch_size: int
    precision: str
    tokens_per_s: float
    gflops: float
    matmul_share: float  # median over rounds of achieved GFLOP/s / the probe's GFLOP/s
    flops_per_token: float
    host_peak_bytes: int
    device_peak_bytes: int


def training_throughput(
    student: str,
    teacher: TeacherTable,
    device: torch.device,
    probes: Probes,
    *,
    batch_size: int,
    rounds: int,
    steps: int,
    bf16: bool = False,
    compile_forward: bool = False,
) -> ThroughputResult:
    """``rounds`` × (probe, ``steps`` timed training steps) after two warm-up steps."""
    with PeakMemory(device) as memory:
        trainer = alignment_trainer(student, teacher, device, batch_size=batch_size, bf16=bf16,
                                    compile_forward=compile_forward)
        generator = torch.Generator(device=device).manual_seed(0)

        def batches(count: int) -> list[torch.Tensor]:
            row_count = len(trainer.setup.train_rows)
            picks = torch.randint(row_count, (count, batch_size), generator=generator, device=device)
            return list(trainer.setup.train_rows[picks])

        def run(rows: list[torch.Tensor]) -> None:
            for batch in rows:
                trainer.train_step(trainer.phase(1), batch, generator)

        run(batches(2))
        flops: list[int] = []
        tokens: list[float] = []

        def round_rate() -> float:
            rows = batches(steps)
            work = sum(trainer.student.matmul_flops(trainer.setup.encoded[batch]) for batch in rows)
            seconds = timed(lambda: run(rows), device)
            flops.append(work)
            tokens.append(steps * batch_size / seconds)
            return work / seconds / 1e9

        rates, shares = ratio_rounds(probes, round_rate, rounds)
    return ThroughputResult(
        student=student,
        parameters=sum(parameter.numel() for parameter in trainer.student.parameters()),
        batch_size=batch_size,
        precision="bf16" if bf16 else "fp32",
        tokens_per_s=statistics.median(tokens),
        gflops=statistics.median(rates),
        matmul_share=statistics.median(shares),
        flops_per_token=sum(flops) / (len(flops) * steps * batch_size),
        host_peak_bytes=memory.host_bytes,
        device_peak_bytes=memory.device_bytes,
    )

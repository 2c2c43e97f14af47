"""Where a training step's time goes: ``torch.profiler`` over a few steps, summarised by operator."""

from __future__ import annotations

import torch
from torch.autograd import DeviceType
from torch.profiler import ProfilerActivity, profile

from distill.bench.quality import alignment_trainer
from distill.files.markdown import markdown_table
from teachers import TeacherTable

MATRIX_PRODUCTS = ("aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm")
TOP_OPERATORS = 15


def profile_training(student: str, teacher: TeacherTable, device: torch.device, *, batch_size: int,
                     steps: int) -> str:
    """Markdown: the operators with the most self time over ``steps`` training steps, after one warm-up step."""
    trainer = alignment_trainer(student, teacher, device, batch_size=batch_size)
    generator = torch.Generator(device=device).manual_seed(0)
    batches = trainer.setup.train_rows[torch.randint(len(trainer.setup.train_rows), (steps + 1, batch_size),
                                               generator=generator, device=device)]
    trainer.train_step(trainer.phase(1), batches[0], generator)
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device.type == "cuda" else [])
    with profile(activities=activities) as profiler:
        for rows in batches[1:]:
            trainer.train_step(trainer.phase(1), rows, generator)
    return summarize(profiler.key_averages(), student, batch_size, steps, device)


def summarize(averages, student: str, batch_size: int, steps: int, device: torch.device) -> str:
    """Top operators by self time (device time on a GPU), and the share of matrix products.

    Only operator (CPU-side) events count: on a GPU each carries its kernels' time as self
    device time, and the kernels' own events, listed beside them, would count it twice.
    """
    attribute = "self_device_time_total" if device.type == "cuda" else "self_cpu_time_total"
    operators = [event for event in averages if event.device_type == DeviceType.CPU]
    events = sorted(operators, key=lambda event: getattr(event, attribute), reverse=True)
    total = sum(getattr(event, attribute) for event in events) or 1
    products = sum(getattr(event, attribute) for event in events if event.key in MATRIX_PRODUCTS)
    lines = [
        f"`torch.profiler`, {student}, {steps} training steps of batch {batch_size} on {device}; "
        f"self time per operator (µs). Matrix products ({', '.join(MATRIX_PRODUCTS)}): "
        f"{100 * products / total:.1f}% of all self time.",
        "",
    ]
    times = [(event, getattr(event, attribute)) for event in events[:TOP_OPERATORS]]
    rows = [[f"`{event.key}`", str(event.count), f"{time:,.0f}", f"{100 * time / total:.1f}%"]
            for event, time in times]
    lines.append(markdown_table(["operator", "calls", "self time (µs)", "share"], rows))
    return "\n".join(lines)

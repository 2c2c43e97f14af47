"""Which torch device a run uses, and how much of the machine other processes take while something is timed."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import torch
from torch import nn

from distill.errors import DistillError

ModuleT = TypeVar("ModuleT", bound=nn.Module)


def resolve_device(name: str) -> torch.device:
    """``auto`` picks CUDA when there is a GPU; ``cuda`` without one is refused in one line."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise DistillError("--device cuda was asked for but no CUDA device is available")
    return torch.device(name)


def native_bf16(device: torch.device) -> bool:
    """Whether ``device`` computes bfloat16 natively: a CUDA GPU that supports it, or a CPU with AVX512-BF16 or
    AMX (oneDNN's bf16 kernels; torch has no public query for the CPU, so its ``torch.cpu`` probes are read, as
    false where a build lacks them). Elsewhere bf16 is emulated and slower than fp32."""
    if device.type == "cuda":
        return torch.cuda.is_bf16_supported()
    if device.type == "cpu":
        probes = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")
        return any(getattr(torch.cpu, probe, lambda: False)() for probe in probes)
    return False


def on_device(model: ModuleT, device: torch.device | str) -> ModuleT:
    """``model`` moved to ``device``. transformers wraps ``PreTrainedModel.to`` with ``functools.wraps``,
    which type checkers read as an unbound method; called through ``nn.Module`` here, it type-checks."""
    module: nn.Module = model
    module.to(device)
    return model


@contextmanager
def subnormals_flushed(device: torch.device) -> Iterator[None]:
    """On the CPU, while the block runs, floats below float32's smallest normal number (1.2e-38) read and written as
    zero (``torch.set_flush_denormal``: x86's flush-to-zero and denormals-are-zero flags), then back to PyTorch's
    default (off). A CPU computes with subnormal floats in microcode, many times slower than with normal ones; a
    Transformer over characters trained in float32 took 1.5-1.9 times as long a step with them once it had trained a
    few epochs (docs/defaults.md, "Subnormal floats"). Values that small change no step's update. Elsewhere, and
    where the CPU has no such flags, nothing changes."""
    if device.type != "cpu" or not torch.set_flush_denormal(True):
        yield
        return
    try:
        yield
    finally:
        torch.set_flush_denormal(False)


# Cores that other processes may keep busy while an epoch is timed before the timing is flagged: a quarter of a core
# is a shell, an editor, a file sync; a test run or another training takes a whole one.
BUSY_CORES = 0.25
# /proc/stat's "cpu" line: user nice system idle iowait irq softirq steal guest guest_nice (guest time is counted
# in user time already). Busy: every field but idle and iowait, steal included (a hypervisor's other guests).
BUSY_FIELDS = (0, 1, 2, 5, 6, 7)


@dataclass
class OtherWork:
    """The cores that processes other than this one kept busy while a block ran (:func:`other_work`), on average
    over its wall time; ``None`` where the system's counters cannot be read (anything but Linux)."""

    cores: float | None = None

    @property
    def busy(self) -> bool:
        return self.cores is not None and self.cores > BUSY_CORES

    def as_record(self) -> dict[str, float]:
        """``{"other_cores": cores}`` to keep beside a timing, empty where not measurable."""
        return {} if self.cores is None else {"other_cores": self.cores}

    def describe(self, during: str) -> str:
        """A clause for a log line: what other processes took ``during`` (``"it was timed"``), flagged where that
        made the timing slower than the machine alone."""
        if self.cores is None:
            return f"other processes' load not measurable here while {during}"
        described = f"other processes kept {self.cores:.2f} of {os.cpu_count()} cores busy while {during}"
        return described + (", so slower than on this machine alone" if self.busy else "")


def busy_cpu_seconds(stat: Path = Path("/proc/stat")) -> float | None:
    """Seconds of CPU time every process of the machine has spent busy since boot, from Linux's ``/proc/stat``;
    ``None`` where it cannot be read."""
    try:
        fields = stat.read_text().split("\n", 1)[0].split()
        ticks = [int(field) for field in fields[1:]]
        return sum(ticks[index] for index in BUSY_FIELDS) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


@contextmanager
def other_work() -> Iterator[OtherWork]:
    """Measure :class:`OtherWork` over the block: the machine's busy CPU time less this process's own (all its
    threads), over the block's wall time. An epoch timed while other processes run is slower than the machine
    alone, and whatever is sized from that time (a trial's epochs, a point's) is sized down with it."""
    work = OtherWork()
    # This process's clock is read outside the machine's (before it, then after it), so that reading /proc/stat
    # counts as this process's own work and never as another's.
    own, started = time.process_time(), time.perf_counter()
    busy = busy_cpu_seconds()
    yield work
    busy_after = busy_cpu_seconds()
    own_seconds, wall = time.process_time() - own, time.perf_counter() - started
    if busy is not None and busy_after is not None and wall > 0:
        work.cores = max(0.0, (busy_after - busy - own_seconds) / wall)

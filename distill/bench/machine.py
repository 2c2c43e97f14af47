"""The machine's description and its matrix-multiply rate, the reference every figure is compared with; and how
busy other processes kept it while something was timed (:func:`other_work`)."""

from __future__ import annotations

import datetime
import functools
import os
import platform
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import torch

from distill.bench.timing import synchronize

# Square products: large enough to run at the BLAS library's full speed, small enough to repeat often.
CPU_MATMUL_SIZE = 2048
GPU_MATMUL_SIZE = 8192
QUICK_MATMUL_SIZE = 256


def cpu_model() -> str:
    """The processor's name from ``/proc/cpuinfo`` where there is one, else what ``platform`` says."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def describe_machine(device: torch.device) -> dict[str, str]:
    """What the figures were measured on: CPU, cores, threads, library versions, accelerator."""
    description = {
        "cpu": cpu_model(),
        "cores": str(os.cpu_count()),
        "torch_threads": str(torch.get_num_threads()),
        "torch": torch.__version__,
        "python": platform.python_version(),
        "device": str(device),
    }
    if device.type == "cuda":
        properties = torch.cuda.get_device_properties(device)
        description["gpu"] = f"{properties.name}, {properties.total_memory / 2**30:.0f} GiB"
        description["cuda"] = str(torch.version.cuda)
    return description


@functools.cache
def running_commit() -> str:
    """The project's git commit (``+`` when the working tree has changes; ``unknown`` outside a git checkout), read
    once per process: the code a long run executes is what it imported when it started, whatever the checkout holds
    by the time it writes its figures. Long commands read it as they start."""
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=True, timeout=10).stdout.strip()
        changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                 capture_output=True, text=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return commit + ("+" if changed else "")


def provenance() -> dict[str, str]:
    """When and from which code a figure was measured: today's date (UTC) and :func:`running_commit`."""
    return {"date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(), "commit": running_commit()}


def measured_on(device: torch.device, matmul_size: int) -> dict[str, str]:
    """What every figure of a results block says beside it: when and from which commit it was measured
    (:func:`provenance`), the machine (:func:`describe_machine`) and its fp32 matrix-multiply rate, so that times
    taken on machines of different speeds can be compared."""
    rate = matmul_rate(device, torch.float32, matmul_size)
    return {**provenance(), **describe_machine(device), "fp32 matmul": f"{rate:.0f} GFLOP/s"}


def matmul_rate(device: torch.device, dtype: torch.dtype, size: int, repeats: int = 3) -> float:
    """GFLOP/s of ``repeats`` square ``size``×``size`` products (after one warm-up product)."""
    generator = torch.Generator(device=device).manual_seed(0)
    left = torch.randn(size, size, device=device, dtype=dtype, generator=generator)
    right = torch.randn(size, size, device=device, dtype=dtype, generator=generator)
    torch.mm(left, right)
    synchronize(device)
    started = time.perf_counter()
    for _ in range(repeats):
        torch.mm(left, right)
    synchronize(device)
    return 2 * size**3 * repeats / (time.perf_counter() - started) / 1e9


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
    busy, own, started = busy_cpu_seconds(), time.process_time(), time.perf_counter()
    yield work
    busy_after, wall = busy_cpu_seconds(), time.perf_counter() - started
    if busy is not None and busy_after is not None and wall > 0:
        work.cores = max(0.0, (busy_after - busy - (time.process_time() - own)) / wall)

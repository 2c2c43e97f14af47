"""The machine's description and its matrix-multiply rate, the reference every figure is compared with."""

from __future__ import annotations

import datetime
import functools
import os
import platform
import subprocess
import time
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

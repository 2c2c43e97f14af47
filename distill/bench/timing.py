"""Timing helpers: device synchronisation, matrix-multiply probes between measurements, peak memory.

The machine may be shared, so a figure and the matrix-multiply rate it is compared
with are taken back to back, round after round (:func:`ratio_rounds`); every probe of
a run is kept (:class:`Probes`), and their spread shows how much the machine was contended.
"""

from __future__ import annotations

import gc
import resource
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import torch

STATM = Path("/proc/self/statm")
PAGE_BYTES = resource.getpagesize()


def synchronize(device: torch.device) -> None:
    """Wait for queued device work, so that wall time covers it."""
    if device.type == "cuda":
        torch.cuda.synchronize(device)


@dataclass
class Probes:
    """Every matrix-multiply rate (GFLOP/s) measured in one run, for one precision."""

    rate: Callable[[], float]
    rates: list[float] = field(default_factory=list)

    def __call__(self) -> float:
        self.rates.append(self.rate())
        return self.rates[-1]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def timed(work: Callable[[], object], device: torch.device) -> float:
    """Seconds ``work()`` takes, device work included."""
    synchronize(device)
    started = time.perf_counter()
    work()
    synchronize(device)
    return time.perf_counter() - started


def ratio_rounds(probes: Probes, work: Callable[[], float], rounds: int) -> tuple[list[float], list[float]]:
    """``rounds`` × (a matmul probe, then ``work()``).

    Returns ``work``'s rates and their ratios to the probe run just before each.
    """
    rates, ratios = [], []
    for _ in range(rounds):
        reference = probes()
        rates.append(work())
        ratios.append(rates[-1] / reference)
    return rates, ratios


def resident_bytes() -> int:
    """Resident memory of this process now (Linux), else its peak so far."""
    try:
        return int(STATM.read_text().split()[1]) * PAGE_BYTES
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class PeakMemory:
    """Peak host RSS (sampled every ``interval`` s) and peak device memory allocated inside a ``with`` block."""

    def __init__(self, device: torch.device, interval: float = 0.005) -> None:
        self.device, self.interval = device, interval
        self.host_bytes, self.device_bytes = 0, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.host_bytes = max(self.host_bytes, resident_bytes())
            self._stop.wait(self.interval)

    def __enter__(self) -> PeakMemory:
        gc.collect()
        if self.device.type == "cuda":
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats(self.device)
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()
        self.host_bytes = max(self.host_bytes, resident_bytes())
        if self.device.type == "cuda":
            self.device_bytes = torch.cuda.max_memory_allocated(self.device)

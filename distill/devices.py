"""Which torch device a run uses."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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

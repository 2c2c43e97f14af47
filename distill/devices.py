"""Which torch device a run uses."""

from __future__ import annotations

import torch

from distill.errors import DistillError


def resolve_device(name: str) -> torch.device:
    """``auto`` picks CUDA when there is a GPU; ``cuda`` without one is refused in one line."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise DistillError("--device cuda was asked for but no CUDA device is available")
    return torch.device(name)

"""Learning-rate schedules shared by the training phases."""

from __future__ import annotations

import math
from collections.abc import Callable


def warmup_cosine(total_steps: int, warmup_fraction: float) -> Callable[[int], float]:
    """Learning-rate factor: linear warm-up, then cosine decay to zero at ``total_steps``."""
    warmup = max(1, int(warmup_fraction * total_steps))

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        progress = min(1.0, (step - warmup) / max(1, total_steps - warmup))
        return 0.5 * (1.0 + math.cos(math.pi * progress))

    return factor

"""Atomic file writes: a reader (or a crash) never sees half a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def atomic_write(target: str | os.PathLike[str], write: Callable[[str], object]) -> Path:
    """Call ``write(tmp_path)`` on a temporary file beside ``target``, then rename it over ``target``."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def atomic_write_text(target: str | os.PathLike[str], text: str) -> Path:
    return atomic_write(target, lambda path: Path(path).write_text(text))

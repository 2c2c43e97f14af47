"""Atomic file writes (a reader, or a crash, never sees half a file) and file locks."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def follow_umask(path: str | os.PathLike[str], directory: bool = False) -> None:
    """Give ``path`` the mode a plain ``open``/``mkdir`` would: 0666 (0777 for a folder) less the umask.

    ``tempfile`` creates files 0600 and folders 0700 whatever the umask; a file renamed into
    place from one keeps that mode, and colleagues sharing an artifact folder could not read it.
    """
    os.chmod(path, (0o777 if directory else 0o666) & ~current_umask())


def atomic_write(target: str | os.PathLike[str], write: Callable[[str], object]) -> Path:
    """Call ``write(tmp_path)`` on a temporary file beside ``target``, then rename it over ``target``."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        follow_umask(tmp)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def atomic_write_text(target: str | os.PathLike[str], text: str) -> Path:
    return atomic_write(target, lambda path: Path(path).write_text(text))


class LockHeld(Exception):
    """The lock file is held by another process; ``owner`` is what that process wrote into it."""

    def __init__(self, path: Path, owner: str) -> None:
        super().__init__(f"{path} is locked by {owner or 'another process'}")
        self.path, self.owner = path, owner


@contextmanager
def file_lock(path: str | os.PathLike[str], *, wait: bool = True, owner: str = "") -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (created if missing) for the ``with`` block.

    The kernel releases it when the process dies, even by SIGKILL, so a lock is never stale
    on the machine that took it. With ``wait=False`` a held lock raises :class:`LockHeld`
    at once, naming the ``owner`` its holder wrote into the file.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            handle.seek(0)
            raise LockHeld(path, handle.read().strip()) from None
        handle.seek(0)
        handle.truncate()
        handle.write(owner)
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

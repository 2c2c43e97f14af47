"""Checks of the folders and names a command will write, made before any work starts.

A path with a newline or a name longer than the file system takes, a folder under a file, a
folder that cannot be written: each is one line (:class:`DistillError`) before a model is loaded,
rather than a traceback after an hour of training. Run names are checked against what MLflow stores.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from distill.errors import DistillError, first_line

NAME_MAX = 255  # bytes of one path component on Linux, macOS and Windows file systems
PATH_MAX = 4096
RUN_NAME_MAX = 250  # mlflow.utils.validation.MAX_ENTITY_KEY_LENGTH; MLflow truncates a longer run name


def check_name(text: str, what: str) -> None:
    """A name or path printable on one line and storable as UTF-8 (a non-UTF-8 command-line argument
    arrives as lone surrogates)."""
    if not text:
        raise DistillError(f"{what} is empty")
    if any(character in text for character in "\n\r\0"):
        raise DistillError(f"{what} {text!r} holds a newline or NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DistillError(f"{what} {text!r} is not valid UTF-8") from None


def check_path_name(path: str | os.PathLike[str], what: str) -> Path:
    """``path`` as a name the file system takes: one line, each part at most :data:`NAME_MAX` bytes."""
    text = os.fspath(path)
    check_name(text, what)
    if len(text.encode()) > PATH_MAX:
        raise DistillError(f"{what} is longer than {PATH_MAX} bytes")
    for part in Path(text).parts:
        if len(part.encode()) > NAME_MAX:
            raise DistillError(f"{what} has a name longer than {NAME_MAX} bytes: {part[:40]}...")
    return Path(text)


def check_students(names: list[str]) -> None:
    """Students named on the command line (MLflow run ids or folders): each a name the file system takes."""
    for name in names:
        check_path_name(name, "student path")


def check_output_folder(path: str | os.PathLike[str], what: str = "output folder") -> Path:
    """A folder that exists, or can be made, and can be written: its nearest existing ancestor must be a
    writable folder."""
    folder = check_path_name(path, what)
    if folder.exists() and not folder.is_dir():
        raise DistillError(f"{what} {folder} is a file, not a folder")
    if folder.is_symlink() and not folder.exists():
        raise DistillError(f"{what} {folder} is a symbolic link to {os.readlink(folder)}, which does not exist")
    existing = nearest_existing(folder)
    if not existing.is_dir():
        raise DistillError(f"{what} {folder} lies under {existing}, which is a file")
    check_writable(existing, f"the {what} {folder}")
    return folder


def check_writable(folder: Path, purpose: str) -> None:
    """A file can be created in ``folder``: tried, with a temporary file that is gone at once, since permission
    bits say nothing of what root may do or of a read-only or virtual file system (``/proc``)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise DistillError(f"cannot write in {folder} (for {purpose}): {unwritable_reason(error)}") from None


# Why a folder that exists takes no new file, in the user's terms (the C library's words name the call's failure).
UNWRITABLE = {
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.ENOENT: "it lies on a virtual file system (such as /proc or /sys), where no file can be made",
    errno.EOPNOTSUPP: "its file system does not take new files",
    errno.EINVAL: "its file system does not take new files",
}


def unwritable_reason(error: OSError) -> str:
    """Why creating a file in an existing folder failed, in the user's terms."""
    return UNWRITABLE.get(error.errno or 0, error.strerror or first_line(error))


def check_output_file(path: str | os.PathLike[str], what: str = "output file") -> Path:
    """A file that can be written: not a folder, in a folder :func:`check_output_folder` accepts."""
    target = check_path_name(path, what)
    if target.is_dir():
        raise DistillError(f"{what} {target} is a folder")
    check_output_folder(target.parent if str(target.parent) else Path("."), f"folder of the {what}")
    return target


def check_outside(path: str | os.PathLike[str], folder: str | os.PathLike[str], what: str, whose: str) -> None:
    """``path`` (to be written) is neither ``folder`` (one the command reads, a source model) nor inside it."""
    if Path(folder).is_dir() and Path(path).resolve().is_relative_to(Path(folder).resolve()):
        raise DistillError(f"{what} {path} lies in {whose} {folder}; choose a folder outside it")


def nearest_existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists (the current folder for a relative one)."""
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return Path.cwd()


def check_run_name(name: str | None) -> None:
    """A run name MLflow stores as given: one line of UTF-8, at most :data:`RUN_NAME_MAX` characters."""
    if name is None:
        return
    check_name(name, "run name")
    if len(name) > RUN_NAME_MAX:
        raise DistillError(f"run name is {len(name)} characters long; MLflow keeps at most {RUN_NAME_MAX}")

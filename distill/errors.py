"""The errors the command line turns into a one-line message and exit code 2.

The application raises ``DistillError``; the libraries it uses (``students``, ``losses``,
``teachers``) do not import the application, so each raises its own error type, named in
``LIBRARY_ERRORS`` and recognised by ``is_user_error``.
"""

import errno
import sys

LIBRARY_ERRORS = {"students.errors": "StudentError", "losses.errors": "LossError", "teachers.errors": "TeacherError"}


class DistillError(Exception):
    """A problem with the user's input or environment, explained in one line.

    Raised anywhere in the application (training, surgery, evaluation, sweeps);
    ``distill.cli`` prints ``error: <message>`` and exits with status 2, no traceback.
    """


def one_line(text: str) -> str:
    """``text`` on one line: a line break inside it (a file name that holds a newline) shown as ``\\n``, as
    ``repr`` shows it, so that an error is always the one line the command line promises."""
    return text.strip().replace("\r", "\\r").replace("\n", "\\n")


def innermost(error: BaseException) -> BaseException:
    """The error at the bottom of ``error``'s chain of causes (``raise ... from``): what a library's generic
    wrapper ("An error occurred while generating the dataset") was raised from."""
    while error.__cause__ is not None:
        error = error.__cause__
    return error


def first_line(error: BaseException) -> str:
    """The first line of an error's message (SQLAlchemy, MLflow and safetensors append pages of context)."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def write_failure(error: BaseException) -> str | None:
    """Why a write failed, when ``error`` comes from the file system (a full disk, a read-only folder): an
    ``OSError``'s reason, or the one safetensors wraps (``Error while serializing: I/O error: No space left on
    device (os error 28)``); None for any other error. safetensors is looked up only if it was imported."""
    if isinstance(error, OSError):
        return error.strerror or first_line(error)
    safetensors = sys.modules.get("safetensors")
    if safetensors is not None and isinstance(error, safetensors.SafetensorError):
        return first_line(error).partition("I/O error: ")[2] or None
    return None


def is_full_disk(error: BaseException) -> bool:
    """A write that failed for want of space (``ENOSPC``, or a quota: ``EDQUOT``), as an ``OSError`` or wrapped by
    safetensors: the machine's state, never the program's fault, so the command line reports it in one line."""
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    reason = write_failure(error)
    return reason is not None and any(f"(os error {code})" in reason for code in (errno.ENOSPC, errno.EDQUOT))


def is_user_error(error: BaseException) -> bool:
    """A ``DistillError`` or one of the libraries' errors in ``LIBRARY_ERRORS``.

    A library's error module is looked up only if it was imported: importing it here would load
    torch (through the package's ``__init__``) before the command line is even parsed, and an
    error of a module that was never imported cannot have been raised.
    """
    if isinstance(error, DistillError):
        return True
    for module_name, class_name in LIBRARY_ERRORS.items():
        module = sys.modules.get(module_name)
        if module is not None and isinstance(error, getattr(module, class_name)):
            return True
    return False

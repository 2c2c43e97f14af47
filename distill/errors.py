"""The errors the command line turns into a one-line message and exit code 2.

The application raises ``DistillError``; the libraries it uses (``students``, ``losses``,
``teachers``) do not import the application, so each raises its own error type, named in
``LIBRARY_ERRORS`` and recognised by ``is_user_error``.
"""

import sys

LIBRARY_ERRORS = {"students.errors": "StudentError", "losses.errors": "LossError", "teachers.errors": "TeacherError"}


class DistillError(Exception):
    """A problem with the user's input or environment, explained in one line.

    Raised anywhere in the application (training, surgery, evaluation, sweeps);
    ``distill.cli`` prints ``error: <message>`` and exits with status 2, no traceback.
    """


def first_line(error: BaseException) -> str:
    """The first line of an error's message (SQLAlchemy, MLflow and safetensors append pages of context)."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


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

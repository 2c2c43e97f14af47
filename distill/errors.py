"""The one error type the command line turns into a one-line message and exit code 2."""


class DistillError(Exception):
    """A problem with the user's input or environment, explained in one line.

    Raised anywhere in the workbench (teachers, students, losses, training, sweeps);
    ``distill.cli`` prints ``error: <message>`` and exits with status 2, no traceback.
    """


def first_line(error: BaseException) -> str:
    """The first line of an error's message (SQLAlchemy, MLflow and safetensors append pages of context)."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__

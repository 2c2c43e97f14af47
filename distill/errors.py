"""The one error type the command line turns into a one-line message and exit code 2."""


class DistillError(Exception):
    """A problem with the user's input or environment, explained in one line.

    Raised anywhere in the workbench (teachers, students, losses, training, sweeps);
    ``distill.cli`` prints ``error: <message>`` and exits with status 2, no traceback.
    """

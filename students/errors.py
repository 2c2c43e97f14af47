"""The students' own error type, so that this package does not depend on the application.

``distill.cli`` reports it like ``DistillError``: one line, exit status 2.
"""


class StudentError(ValueError):
    """A student option or saved student that cannot be used, explained in one line."""

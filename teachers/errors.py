"""The teachers' own error type, so that this package does not depend on the application.

``distill.cli`` reports it like ``DistillError``: one line, exit status 2.
"""


class TeacherError(ValueError):
    """A teacher that cannot be loaded (missing folder, unreachable hub, unreadable weights), in one line."""

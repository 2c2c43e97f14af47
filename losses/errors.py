"""The losses' own error type, so that this package does not depend on the application.

``distill.cli`` reports it like ``DistillError``: one line, exit status 2.
"""


class LossError(ValueError):
    """An unknown loss or a loss parameter that cannot be used, explained in one line."""

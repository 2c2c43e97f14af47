"""What the tests read of a command's stderr."""

from distill.tracking.progress import PREFIX


def without_phase_lines(text: str) -> str:
    """``text`` without the phase lines a command prints as it works: what is left is its warnings and
    errors, so that "one line" means one line of error whatever progress came before it."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(PREFIX))

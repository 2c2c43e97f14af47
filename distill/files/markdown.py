"""Markdown tables, the one renderer of every report and document the workbench writes, and the blocks of a
document that the command measuring them rewrites (``<!-- name -->`` ... ``<!-- end of name -->``), keeping the
rest of the file."""

from __future__ import annotations

from collections.abc import Sequence


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured Markdown table (no trailing newline); a ``|`` inside a cell is escaped."""
    lines = [_row(header), "|" + "---|" * len(header)]
    return "\n".join(lines + [_row(row) for row in rows])


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def markers(name: str) -> tuple[str, str]:
    return f"<!-- {name} -->", f"<!-- end of {name} -->"


def with_block(text: str, name: str, block: str | None) -> str:
    """``text`` with its block ``name`` replaced by ``block`` (kept as it is when None; appended when absent)."""
    first, last = markers(name)
    start, end = text.find(first), text.find(last)
    old = text[start:end + len(last)] if 0 <= start < end else ""
    new = f"{first}\n{block}{last}" if block is not None else old
    if old:
        return text.replace(old, new)
    return text.rstrip("\n") + ("\n\n" + new + "\n" if new else "\n")


def block_of(text: str, name: str) -> str | None:
    first, last = markers(name)
    start, end = text.find(first), text.find(last)
    return text[start + len(first) + 1:end] if 0 <= start < end else None

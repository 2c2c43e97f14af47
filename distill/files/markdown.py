"""Markdown tables, the one renderer of every report and document the workbench writes."""

from __future__ import annotations

from collections.abc import Sequence


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured Markdown table (no trailing newline); a ``|`` inside a cell is escaped."""
    lines = [_row(header), "|" + "---|" * len(header)]
    return "\n".join(lines + [_row(row) for row in rows])


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

"""The benchmark's one table: rendered for the terminal, written to the results file (``--results``), logged to
MLflow."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from distill.files.markdown import markdown_table


@dataclass(frozen=True)
class Row:
    """One figure. ``value`` None means not reached (see ``note``)."""

    section: str
    subject: str
    figure: str
    value: float | None
    unit: str
    note: str = ""

    @property
    def metric_name(self) -> str:
        """MLflow metric key ``section/subject/figure``, each part reduced to word characters, ``.`` and ``-``."""
        parts = (self.section, self.subject, self.figure)
        return "/".join(re.sub(r"[^\w.\-]+", "_", part).strip("_") for part in parts)


HEADER = ("section", "subject", "figure", "value", "unit", "note")


def format_value(value: float | None) -> str:
    if value is None:
        return "—"
    if value == 0 or abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def cells(row: Row) -> tuple[str, ...]:
    return row.section, row.subject, row.figure, format_value(row.value), row.unit, row.note


def render_text(rows: Sequence[Row]) -> str:
    """Aligned plain-text table for the terminal."""
    table = [HEADER, *(cells(row) for row in rows)]
    widths = [max(len(line[column]) for line in table) for column in range(len(HEADER))]
    lines = ["  ".join(text.ljust(width) for text, width in zip(line, widths)).rstrip() for line in table]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def render_results(rows: Sequence[Row], machine: dict[str, str], command: str, notes: Sequence[str],
                   profile: str | None) -> str:
    """The results file: machine, command, the table, how to read it, and the profile when one was taken."""
    parts = ["# `distill bench` results", "", f"Command: `{command}`", "", "## Machine", ""]
    parts += [f"- {name}: {value}" for name, value in machine.items()]
    parts += ["", "## Figures (all measured in this one run)", ""]
    parts.append(markdown_table(HEADER, [cells(row) for row in rows]))
    parts += ["", "## Reading the table", ""]
    parts += [f"- {note}" for note in notes]
    if profile is not None:
        parts += ["", "## Where the time goes", "", profile]
    return "\n".join(parts) + "\n"

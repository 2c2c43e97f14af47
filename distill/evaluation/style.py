"""The common look of every chart the workbench logs: sized for MLflow's artifact preview, coloured by group.

MLflow's UI shows an image artifact at about 800 px wide; each chart is drawn exactly that wide
(:data:`WIDTH` inches at :data:`DPI`), with fonts that stay legible there, and its legend below the
panels. Groups (the loss a student was trained with) get the same colour in every panel of a chart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # matplotlib is imported only when a chart is drawn
    from matplotlib.typing import RcKeyType

WIDTH = 8.0  # inches
DPI = 100  # WIDTH * DPI = 800 px, MLflow's preview width
RC: dict[RcKeyType, Any] = {
    "font.size": 9, "axes.titlesize": 10, "axes.labelsize": 9, "legend.fontsize": 8, "xtick.labelsize": 8,
    "ytick.labelsize": 8, "axes.grid": True, "grid.alpha": 0.3, "axes.spines.top": False, "axes.spines.right": False,
}
PALETTE = ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown", "tab:pink", "tab:olive",
           "tab:cyan", "tab:gray")
LINESTYLES = ("-", "--", ":", "-.")


def group_colours(groups: Iterable[str]) -> dict[str, str]:
    """A colour per distinct group, in order of first appearance (the palette repeats past ten)."""
    return {group: PALETTE[index % len(PALETTE)] for index, group in enumerate(dict.fromkeys(groups))}


@contextmanager
def chart(path: Path, *, rows: int = 1, columns: int = 1, height: float, **subplots: Any) -> Iterator[tuple]:
    """A figure :data:`WIDTH` wide with ``rows`` × ``columns`` panels (``axes`` always 2-D), saved to ``path``
    as PNG when the block ends without error; ``subplots`` go to ``plt.subplots`` (``sharex``, ...)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Optuna's charts switch pyplot to ggplot for the whole process; every chart here starts from the defaults.
    with plt.style.context("default"), plt.rc_context(RC):
        figure, axes = plt.subplots(rows, columns, figsize=(WIDTH, height), squeeze=False, layout="constrained",
                                    **subplots)
        try:
            yield figure, axes
            figure.savefig(path, dpi=DPI)
        finally:
            plt.close(figure)

"""The size–fidelity table's page: the Markdown block (:func:`render_sizes`) and the plot of fidelity against the
student's bytes (:func:`plot_sizes`), from the points :mod:`distill.bench.sizes` measured."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from distill.bench.sizes import LAYOUTS, NOISES, PointResult, SizeScale
from distill.data import JUDGED_DOMAINS
from distill.evaluation.style import chart, group_colours
from distill.export.folder import SHIPPED_PRECISION
from distill.files.markdown import markdown_table
from students.registry import STUDENTS

SIZES_PLOT = "sizes.png"  # beside the results file
MARKERS = "osD^vP*Xhp<>"  # of the size plot's points, one each in turn


def megabytes(count: float) -> str:
    return f"{count / 1e6:,.1f} MB"


def render_sizes(results: Sequence[PointResult], *, table_bytes: int, source_bytes: int, budget: float,
                 fill: bool = False, machine: dict[str, str], command: str, scale: SizeScale) -> str:
    """The Markdown block of the size–fidelity table."""
    lines = [f"## Size against fidelity: every student (`{command}`)", "",
             f"Measured: {', '.join(f'{key} {value}' for key, value in machine.items())}. A point kept from an "
             "earlier run of the same command (the bench resumes at its first unmeasured point) gives its own date "
             "and commit, and the machine it was measured on where recorded, in the last column; the epochs column "
             "gives the seconds a table and a context epoch took on that machine alone, from which the point's epochs "
             "were sized.", "",
             "Each student trained by `distill train`'s recipe for "
             + (f"{budget / 60:g} min (a recipe that ends earlier stretched to fill them)" if fill
                else f"at most {budget / 60:g} min") + ", exported "
             f"vocabulary-free and measured as shipped (at the precision the point names, else {SHIPPED_PRECISION} "
             "where the student stores its table smaller, else fp32). "
             f"Bytes are the student's tensors on disk, against the {megabytes(table_bytes)} fp32 table it "
             f"replaces; the export's weights file against the source's {megabytes(source_bytes)}. Fidelity: the "
             f"worst of the judged domains ({', '.join(JUDGED_DOMAINS)}), {scale.seeds} seeds × {scale.samples} "
             "sentences, each word at the tokenizer's positions (segmented) or at one position. Robustness: the "
             "sentence cosine of the noisy text to the untouched model's reading of the clean text, on the domain "
             "where the student gains least, against the untouched model's own (paired t-test over the seeds).", ""]
    header = ["student", "parameters", "student bytes (× table)", "export weights (× source)",
              "memory while encoding (× source)", "sentence_cosine, segmented / one position",
              "similarity_spearman, segmented / one position",
              *(f"{noise}: student vs untouched (p)" for noise in NOISES), "sentences/s (× source)",
              "epochs: table, context", "measured"]
    rows = []
    for result in results:
        shipped = result.bytes[result.shipped]
        sizes = ", ".join(f"{precision} {megabytes(sizes['student'])}" for precision, sizes in result.bytes.items())
        cells = [
            result.label, f"{result.parameters / 1e6:,.2f} M",
            f"{sizes} ({shipped['student'] / table_bytes:.2f}×)",
            f"{megabytes(shipped['weights'])} ({shipped['weights'] / source_bytes:.2f}×)",
            f"{megabytes(result.memory['export'])} ({result.memory['export'] / result.memory['source']:.2f}×)",
            " / ".join(f"{result.fidelity[layout]['sentence_cosine']:.4f}" for layout in LAYOUTS),
            " / ".join(f"{result.fidelity[layout]['similarity_spearman']:.4f}" for layout in LAYOUTS),
            *[f"{scores['student']:.3f} vs {scores['untouched']:.3f} (p = {scores['p']:.1g})"
              for scores in (result.robustness[noise] for noise in NOISES)],
            f"{result.speed['export']:,.0f} ({result.speed['export'] / result.speed['source']:.2f}×)",
            epochs_cell(result), "; ".join(filter(None, (result.measured, result.machine))) or "—",
        ]
        rows.append(cells)
    lines.append(markdown_table(header, rows))
    return "\n".join(lines) + "\n"


def epochs_cell(result: PointResult) -> str:
    """The table and context epochs a point trained, and the seconds each took on its machine where recorded."""
    epochs = f"{result.epochs['table']}, {result.epochs['context']}"
    if not result.epoch_seconds:
        return epochs
    return f"{epochs} ({result.epoch_seconds['table']:.1f} s, {result.epoch_seconds['context']:.1f} s an epoch)"


def student_family(label: str) -> str:
    """The family of a point's student, its class (``hlm-intra-1k-h384`` and ``hlm-intra-small``: ``HLMIntra``); a
    student registered outside the packaged ones is its own family."""
    name = label.split()[0]
    return STUDENTS[name][1] if name in STUDENTS else name


def family_frontiers(results: Sequence[PointResult]) -> dict[str, list[PointResult]]:
    """Each family's frontier: its points, smallest first, that keep more than every smaller point of the family
    (the worst domain's sentence cosine against the shipped student's bytes)."""
    frontiers: dict[str, list[PointResult]] = {}
    for result in sorted(results, key=lambda result: result.bytes[result.shipped]["student"]):
        frontier = frontiers.setdefault(student_family(result.label), [])
        if not frontier or fidelity_of(result) > fidelity_of(frontier[-1]):
            frontier.append(result)
    return frontiers


def fidelity_of(result: PointResult) -> float:
    return result.fidelity["segmented"]["sentence_cosine"]


def plot_sizes(results: Sequence[PointResult], table_bytes: int, path: Path) -> Path:
    """Fidelity (the worst domain's sentence cosine, as shipped) against the student's bytes, one point each, named
    in the legend (a colour per family, a marker per point: points of one size and fidelity stay told apart), and
    each family's frontier (:func:`family_frontiers`) as a line."""
    colours = group_colours(student_family(result.label) for result in results)
    with chart(path, height=5.0) as (_, axes):
        from matplotlib.ticker import LogLocator, NullFormatter, ScalarFormatter

        panel = axes[0][0]
        for index, result in enumerate(results):
            size = result.bytes[result.shipped]["student"] / 1e6
            panel.scatter(size, fidelity_of(result), color=colours[student_family(result.label)],
                          marker=MARKERS[index % len(MARKERS)], label=f"{result.label} ({result.shipped})")
        for family, frontier in family_frontiers(results).items():
            panel.plot([point.bytes[point.shipped]["student"] / 1e6 for point in frontier],
                       [fidelity_of(point) for point in frontier], color=colours[family], linewidth=1, alpha=0.6)
        for share, style, name in ((1, "--", "the fp32 table it replaces"), (2, ":", "half of it"),
                                   (4, "-.", "a quarter of it")):
            panel.axvline(table_bytes / share / 1e6, linestyle=style, color="grey", label=name)
        panel.set_xscale("log")
        panel.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        panel.xaxis.set_major_formatter(ScalarFormatter())
        panel.xaxis.set_minor_formatter(NullFormatter())
        panel.set_xlabel("student on disk, MB (log scale)")
        panel.set_ylabel("sentence cosine to the untouched model, worst domain")
        panel.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    return path

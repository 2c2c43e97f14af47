"""The results document of a sweep with an evaluation (``distill sweep --results FILE``): Tables 1, 2 and 3 of
the study, written by the command that measured them, with the date, commit, machine and command.

* Table 1: the parameters and bytes (fp32, and as an export stores them) of every student the study trained,
  against the table it replaces;
* Table 2: each student's accuracy (or fidelity) on every judged domain, clean and under each noise setting,
  baked into the table (on the tokenizer's pieces, as the paper swaps its students in) and on the vocabulary-free
  path, beside the untouched model, worst domain first;
* Table 3: the paired t-tests against the untouched model over the seeds, Holm-adjusted within each score (the
  comparisons of every student with the untouched model on one dataset, task and metric).

A sweep file that names a published study (``published: paper``, :mod:`sweeps.published`) gets its tables beside
this study's, and the claims that study drew, each checked here with its figures (:mod:`sweeps.claims`). The
document is the study's whole state: rerun on a finished study, the command rewrites it without training.
"""

from __future__ import annotations

import functools
import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import optuna

from distill.errors import DistillError
from distill.evaluation import BASELINE
from distill.files.atomic import atomic_write_text
from distill.files.markdown import markdown_table, with_block
from distill.pretraining.folder import finished_record
from distill.swap.vocabulary_free import SUFFIX
from sweeps.claims import claims
from sweeps.published import PUBLISHED, PublishedStudy
from sweeps.results import CLEAN, Student, StudyResults, ratio
from sweeps.spec import SweepSpec

STUDENT_COLUMNS = ("student", "loss", "settings")  # what names a model's row in Tables 2 and 3


@dataclass(frozen=True)
class StudentSize:
    """What a student's embedding layer holds: its parameters, and its tensors' bytes as an export stores them."""

    parameters: int
    precision: str  # how an export stores its table of rows (:func:`distill.export.folder.shipped_precision`)
    exported_bytes: int


def student_sizes(students: Iterable[Student], dim: int) -> dict[str, StudentSize]:
    """The size of each distinct student (family and options) at width ``dim``, built on the meta device."""
    import torch

    from distill.export.folder import shipped_precision
    from students import build_student

    sizes: dict[str, StudentSize] = {}
    for student in students:
        name = student_name(student.config)
        if name in sizes:
            continue
        options = student.config.get("student_options", {})
        with torch.device("meta"):
            built = build_student(student.family, dim, **options)
            precision = shipped_precision(built)
            stored = built if precision == built.hparams.get("precision", "fp32") else build_student(
                student.family, dim, **{**options, "precision": precision})
        stored_bytes = sum(tensor.numel() * tensor.element_size() for tensor in stored.state_dict().values())
        sizes[name] = StudentSize(sum(parameter.numel() for parameter in built.parameters()), precision, stored_bytes)
    return sizes


def student_name(config: dict[str, Any]) -> str:
    options = config.get("student_options") or {}
    return str(config["student"]) + (" " + json.dumps(options, sort_keys=True) if options else "")


def student_cells(student: Student) -> list[str]:
    """A student's cells of :data:`STUDENT_COLUMNS`: its family, its loss, and the other settings its trial varies
    (the parts of its label that name neither)."""
    named = {student.family, student.loss}
    return [student.family, student.loss, " · ".join(part for part in student.label.split(" · ") if part not in named)]


def _p(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.2g}" if value < 0.01 else f"{value:.3f}"


def _accuracy(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.4f}"


def table1(results: StudyResults, table_rows: int, dim: int, published: PublishedStudy | None) -> str:
    """Parameters and bytes of each student (in fp32, and as an export stores it: the n-gram student's rows in
    int8) against the table of ``table_rows`` × ``dim`` it replaces."""
    table = table_rows * dim
    sizes = student_sizes(results.students, dim)
    header = ["embedding layer", "parameters", "fp32 MB", "× the table", "exported MB", "exported × the table"]
    if published is not None:
        header.append(f"parameters in the paper ({published.model})")
    rows = [["word-embedding table (kept rows)", f"{table:,}", f"{table * 4 / 1e6:.1f}", "1",
             f"{table * 4 / 1e6:.1f} (fp32)", "1"]]
    rows += [[name, f"{size.parameters:,}", f"{size.parameters * 4 / 1e6:.1f}", f"{size.parameters / table:.2f}",
              f"{size.exported_bytes / 1e6:.1f} ({size.precision})", f"{size.exported_bytes / (table * 4):.2f}"]
             for name, size in sizes.items()]
    if published is not None:
        known = {"word-embedding table (kept rows)": "word-embedding table", **{name: name for name in sizes}}
        for row in rows:
            value = published.parameters.get(known[row[0]])
            row.append(f"{value:,}" if value else "")
    return markdown_table(header, rows) + "\n"


def table2(results: StudyResults, metric: str, published: PublishedStudy | None) -> str:
    """``metric`` of every model on the clean domains (worst first): baked / vocabulary-free, the worst domain's
    vocabulary-free figure against the baseline's, and the published figures where the study has them."""
    domains = results.datasets(CLEAN)
    baseline_worst, _ = results.worst(BASELINE, metric)
    header = [*STUDENT_COLUMNS, "worst domain, vocabulary-free", "× untouched",
              *(f"{domain}: baked / vocabulary-free" for domain in domains)]
    if published is not None:
        header += [f"paper, {dataset}" for dataset in published.datasets]
    paper_baseline = [] if published is None else [
        _accuracy(published.baseline[(metric, dataset)]) for dataset in published.datasets]
    rows = [["untouched model", "", "", _accuracy(baseline_worst), "1",
             *(_accuracy(results.mean(BASELINE, domain, metric)) for domain in domains), *paper_baseline]]
    for student in results.students:
        worst, _ = results.worst(student.label + SUFFIX, metric)
        row = [*student_cells(student), _accuracy(worst), ratio(worst, baseline_worst),
               *(f"{_accuracy(results.mean(student.label, domain, metric))} / "
                 f"{_accuracy(results.mean(student.label + SUFFIX, domain, metric))}" for domain in domains)]
        if published is not None:
            row += [_accuracy(published.accuracy.get((student.family, student.loss, metric, dataset), math.nan))
                    if student.label == f"{student.family} · {student.loss}" else "" for dataset in published.datasets]
        rows.append(row)
    return markdown_table(header, rows) + "\n"


def noise_table(results: StudyResults, metric: str) -> str:
    """``metric`` under each noise setting on its worst domain: the untouched model, then each student
    vocabulary-free, its difference from the untouched model on the same noisy text and the Holm p-value."""
    noises = [noise for noise in results.noises() if noise != CLEAN]
    header = list(STUDENT_COLUMNS)
    for noise in noises:
        header += [f"{noise}: worst domain", f"{noise}: − untouched (p)"]
    rows = [["untouched model", "", "", *[cell for noise in noises
                                      for cell in (_accuracy(results.worst(BASELINE, metric, noise)[0]), "")]]]
    for student in results.students:
        row = student_cells(student)
        for noise in noises:
            value, dataset = results.worst(student.label + SUFFIX, metric, noise)
            gain = value - results.mean(BASELINE, dataset, metric)
            p_value = results.holm_p(student.label + SUFFIX, dataset, metric)
            row += [_accuracy(value), f"{gain:+.4f} ({_p(p_value)})"]
        rows.append(row)
    return markdown_table(header, rows) + "\n"


def table3(results: StudyResults, published: PublishedStudy | None) -> str:
    """Holm-adjusted p-values of each student (baked, vocabulary-free) against the untouched model on the clean
    domains, and the published p-values beside them."""
    columns = [(domain, metric) for metric in results.metrics() for domain in results.datasets(CLEAN)]
    header = [*STUDENT_COLUMNS, *(f"{domain} {metric}: baked / vocabulary-free" for domain, metric in columns)]
    if published is not None:
        header.append("paper (its MLM/NSP test)")
    rows = []
    for student in results.students:
        row = [*student_cells(student),
               *(f"{_p(results.holm_p(student.label, domain, metric))} / "
                 f"{_p(results.holm_p(student.label + SUFFIX, domain, metric))}" for domain, metric in columns)]
        if published is not None:
            known = student.label == f"{student.family} · {student.loss}"
            row.append(_p(published.p_values.get((student.family, student.loss), math.nan)) if known else "")
        rows.append(row)
    return markdown_table(header, rows) + "\n"


def wall_time(results: StudyResults) -> str:
    """How long the trials took, by student family."""
    by_family: dict[str, list[float]] = {}
    for student in results.students:
        by_family.setdefault(student.family, []).append(student.seconds)
    parts = [f"{family} {len(times)} × {statistics.fmean(times) / 60:.0f} min" for family, times in by_family.items()]
    total = sum(student.seconds for student in results.students)
    return f"{total / 3600:.1f} h of trials in all ({', '.join(parts)}; training, surgery and evaluation each)"


def trial_commits(students: Iterable[Student]) -> str:
    """The commits the trials ran (a resumed study may span several), each with its trials where they differ."""
    counts = Counter(student.commit or "not recorded" for student in students)
    if len(counts) == 1:
        return next(iter(counts))
    return ", ".join(f"{commit} ({count} trial{'s' if count > 1 else ''})" for commit, count in counts.items())


def render(results: StudyResults, spec: SweepSpec, *, command: str, measured: dict[str, str], table_rows: int,
           dim: int, model_record: dict[str, Any] | None) -> str:
    """The whole document."""

    published = PUBLISHED.get(spec.published) if spec.published else None
    settings = spec.evaluation
    assert settings is not None
    measured = {**measured, "commit": trial_commits(results.students)}
    lines = [f"## Study {spec.name}: `{command}`", "",
             "Measured: " + ", ".join(f"{key} {value}" for key, value in measured.items()) + ".", "",
             f"{sum(results.trials.values())} trials (" + ", ".join(
                 f"{count} {state.lower()}" for state, count in results.trials.items()) + "); " + wall_time(results)
             + f". Each student swapped into `{settings.model}` and scored beside it on the same samples: "
             f"{settings.seeds} seeds × {settings.samples} samples per task and domain, tests at "
             f"α = {settings.alpha:g}."]
    if model_record is not None:
        figures = "; ".join(f"{dataset}: MLM {scores['mlm_accuracy']:.4f}, NSP {scores['nsp_accuracy']:.4f}"
                            for dataset, scores in model_record["figures"].items())
        lines += ["", f"`{settings.model}`: {model_record['source']} with BERT's pre-training heads, made by `distill "
                  f"heads` in {model_record['seconds'] / 60:.0f} min on {model_record['machine']} "
                  f"({model_record['recipe']['steps']} steps, commit {model_record.get('commit', '?')}); held-out "
                  f"accuracy {figures}."]
    lines += ["", "### Table 1: parameters of the embedding layers", "", table1(results, table_rows, dim, published)]
    for metric in results.metrics():
        lines += [f"### Table 2: {metric}, clean text", "", table2(results, metric, published)]
        if len(results.noises()) > 1:
            lines += [f"### {metric} under noise", "", noise_table(results, metric)]
    lines += ["### Table 3: p-values against the untouched model, clean text (Holm)", "",
              table3(results, published)]
    if published is not None:
        lines += ["### What holds here", "", *claims(results, published), ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class ResultsDocument:
    """The results document a sweep keeps current: rewritten after each of its trials, so that a study stopped
    part-way (or still running) has its tables so far on the page."""

    path: str
    command: str

    def update(self, study: optuna.Study, spec: SweepSpec) -> None:
        """Rewrite the document from ``study`` once a trial has completed its evaluation; a failure is a warning (the
        study holds every result, and the next trial or the same command run again writes the page)."""
        results = StudyResults.of(study, spec)
        if not results.students:
            return
        try:
            write_study_results(Path(self.path), spec, results, self.command)
        except (OSError, DistillError) as error:
            print(f"warning: {self.path} not updated ({error}); the study keeps the results", file=sys.stderr)


def write_results(path: Path, spec: SweepSpec, study: optuna.Study, command: str) -> Path:
    """Write the study's document as the block ``study <name>`` of ``path`` (the rest of the file kept); refused
    in one line while no trial has completed its evaluation."""
    results = StudyResults.of(study, spec)
    if not results.students:
        raise DistillError(f"no trial of study {study.study_name} has completed its evaluation; nothing to write "
                           f"to {path}")
    return write_study_results(path, spec, results, command)


def write_study_results(path: Path, spec: SweepSpec, results: StudyResults, command: str) -> Path:
    """Write ``results`` as the block ``study <name>`` of ``path``, the rest of the file kept, with the machine that
    measured them (:func:`machine_record`)."""
    from teachers import load_teacher, resolve_model_path

    assert spec.evaluation is not None
    rows, dim = load_teacher(spec.fixed.get("teacher")).table.shape
    model_record = finished_record(Path(resolve_model_path(spec.evaluation.model)[0]))
    block = render(results, spec, command=command, measured=machine_record(), table_rows=rows, dim=dim,
                   model_record=model_record)
    previous = path.read_text() if path.is_file() else f"# Study {spec.name}\n"
    return atomic_write_text(path, with_block(previous, f"study {spec.name}", block + "\n"))


@functools.cache
def machine_record() -> dict[str, str]:
    """This machine as the document states it (cores, matrix-multiply rate...), measured once per process: a sweep
    rewrites its document after every trial."""
    from distill.bench.machine import CPU_MATMUL_SIZE, GPU_MATMUL_SIZE, measured_on
    from distill.devices import resolve_device

    device = resolve_device("auto")
    return measured_on(device, GPU_MATMUL_SIZE if device.type == "cuda" else CPU_MATMUL_SIZE)

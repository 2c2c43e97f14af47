"""What ``distill bench`` measures and where it writes, declared once: its flags come from these fields.

Importing this module loads neither torch nor the benchmark; a student's or contender's name is checked
against its registry only when a value is checked.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from distill.config.common import CommonOptions
from distill.config.fields import POSITIVE, POSITIVE_COUNT, default_of, setting
from distill.config.training import STUDENTS
from distill.data import JUDGED_DOMAINS
from distill.errors import DistillError

DEFAULT_STUDENTS = ("bytescnn-small", "bytescnn-big", "retvec", "hlm-intra-small")
BUDGETS = (300.0, 900.0)  # the 5 and 15 minutes of training
DEFAULT_RESULTS = ".distill/bench.md"  # in the working folder: a run never edits the project's own results
PROJECT_RESULTS = "bench/RESULTS.md"  # the project's measured results, written only when named


def _students(names: list[str]) -> None:
    for name in names:
        STUDENTS.check("students", name)  # an unknown name lists the valid ones


def _contenders(names: list[str]) -> None:
    from distill.bench.fidelity import EpochSeconds, contenders  # imports torch: only when a value is checked

    known = [contender.name for contender in contenders(1.0, EpochSeconds(1.0, 1.0, 1.0))]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise DistillError(f"unknown contender {unknown[0]!r}; choose from {', '.join(known)}")


def _points(texts: list[str]) -> None:
    from distill.bench.sizes import SizePoint  # imports torch: only when a value is checked
    from distill.config.bounds import planned_student

    for text in texts:
        point = SizePoint.parse(text)
        STUDENTS.check("points", point.student)
        planned_student(point.student, 8, point.student_options)  # an unknown or bad option, in one line
        point.config("embedded", "cpu")  # a bad epoch count or learning rate, in one line


def default_results(quick: bool) -> str:
    """:data:`DEFAULT_RESULTS`, or for a smoke run a file in the temporary folder."""
    return str(Path(tempfile.gettempdir()) / "distill-bench-quick.md") if quick else DEFAULT_RESULTS


# The benchmark's modes (a run measures one) and the settings only some of them read (every mode reads quick,
# teacher, results and the common options): given to a mode that does not read them, they are refused rather than
# silently ignored.
MODES = {"full": "the full benchmark", "fidelity": "--fidelity", "vocabulary_free": "--vocabulary-free",
         "sizes": "--sizes", "unseen_words": "--unseen-words"}
READ_BY = {"students": ("full", "vocabulary_free"), "time_cap": ("full",), "batch_sizes": ("full",),
           "bf16": ("full",), "compile_forward": ("full",), "profile": ("full",),
           "fidelity_budgets": ("fidelity",), "fidelity_contenders": ("fidelity",), "best_budgets": ("fidelity",),
           "fidelity_corpora": ("fidelity",), "size_points": ("sizes",), "size_budget": ("sizes",)}


def check_mode(settings: BenchSettings, given: Collection[str] = ()) -> BenchSettings:
    """One mode at a time, and no setting the mode does not read (``--budgets`` without ``--fidelity``): neither
    one named in ``given`` (the flags on the command line) nor one away from its default."""
    chosen = [flag for mode, flag in MODES.items() if mode != "full" and getattr(settings, mode)]
    if len(chosen) > 1:
        raise DistillError(f"{' and '.join(chosen)} each measure one block of the results; run them one at a time")
    mode = settings.mode()
    fields = {item.name: item for item in dataclasses.fields(settings)}
    for name, modes in READ_BY.items():
        if mode not in modes and (name in given or getattr(settings, name) != default_of(fields[name])):
            flag = fields[name].metadata.get("flag") or f"--{name.replace('_', '-')}"
            raise DistillError(f"{flag} applies to {' and '.join(MODES[read] for read in modes)} only, not to "
                               f"{MODES[mode]}; drop it")
    return settings


@dataclass(frozen=True)
class BenchSettings(CommonOptions):
    """The benchmark's settings (and the common options it reads: the device and the MLflow store); None means
    the default for the device and mode."""

    quick: bool = setting(False, "a smoke run of seconds on the default student (CI): every measurement at a small "
                          "scale (time to quality on a sample of the teacher's rows, a baked table of as many "
                          "student rows), saying what it measured; its figures do not describe the workbench's speed")
    students: list[str] | None = setting(None, "student families to measure (default: "
                                         f"{' '.join(DEFAULT_STUDENTS)}; with --quick the first)", check=_students,
                                         metavar="NAME")
    teacher: str = setting("embedded", "teacher for time to quality and surgery")
    time_cap: float | None = setting(None, "training seconds allowed to each recipe for time to quality "
                                     "(default 300, with --quick 2)", interval=POSITIVE, metavar="S")
    batch_sizes: list[int] | None = setting(None, "training batches for throughput (default: the default recipe's "
                                            "and 4x it on a CPU, 4096 on a GPU)", interval=POSITIVE_COUNT,
                                            flag="--batch-size", metavar="N")
    bf16: bool | None = setting(None, "also measure bfloat16 autocast (default: on a GPU only)")
    compile_forward: bool = setting(False, "torch.compile the students' forward passes", flag="--compile")
    profile: bool = setting(False, "add a torch.profiler summary of the default student")
    results: str | None = setting(None, f"where to write the results (default {DEFAULT_RESULTS}; with --quick a "
                                  "file in the temporary folder, so that a smoke run never replaces measured "
                                  f"results; the project's: --results {PROJECT_RESULTS})", metavar="PATH")
    fidelity: bool = setting(False, "only time to fidelity: train contenders (table objective, + frequency-aware "
                             "rows, + context distillation, the best combination) and judge the swapped model on "
                             "held-out documents after every epoch; replaces that block of the results file "
                             "(every contender trains for each budget: the longest section)")
    fidelity_budgets: list[float] = setting(help="with --fidelity: training seconds per contender",
                                            factory=lambda: list(BUDGETS), interval=POSITIVE, flag="--budgets",
                                            metavar="S")
    fidelity_contenders: list[str] | None = setting(None, "with --fidelity: table, table+frequency, table+context, "
                                                    "best, unseen-rows (default all)", check=_contenders,
                                                    flag="--contenders", metavar="NAME")
    best_budgets: list[float] | None = setting(None, "with --fidelity: further budgets for the best contender only",
                                               interval=POSITIVE, metavar="S")
    vocabulary_free: bool = setting(False, "only the vocabulary-free export's inference speed: sentences/s of the "
                                    "export and of --keep-vocabulary against the source model (--teacher) on "
                                    "wiki:heldout at batch sizes 1, 8 and 64, with the first of --students, and the "
                                    "time each tokenizer takes for 1,024 sentences; replaces that block of the "
                                    "results file (minutes)")
    sizes: bool = setting(False, "only the size–fidelity table: each student of --points trained by distill train's "
                          "recipe for at most --point-budget seconds, exported vocabulary-free at each precision it "
                          "stores, and measured against the source: bytes, memory, fidelity, robustness, speed; "
                          "replaces that block of the results file and writes sizes.png beside it (hours)")
    unseen_words: str | None = setting(None, "only how far one word of characters the source never saw (an emoji, a "
                                       "word in a script its vocabulary lacks) moves a sentence: this trained "
                                       "student (MLflow run id or folder) exported vocabulary-free against the "
                                       "source (--teacher), on the held-out domains; replaces that block of the "
                                       "results file (minutes)", metavar="RUN_OR_FOLDER")
    size_points: list[str] | None = setting(
        None, "with --sizes: the students, each NAME or NAME:OPTION=VALUE,... (the student's options; precision, "
        "the one its export ships; epochs, context_epochs, lr, batch_size or frequency_exponent, the recipe's "
        "instead of distill train's) (default: the 16 points of docs/sizes.md's frontier, each family near 0.05, 0.25 "
        "and 0.5 of the table's bytes and at its first size; with --quick the first two)",
        check=_points, flag="--points", metavar="POINT")
    size_budget: float | None = setting(None, "with --sizes: training seconds per student (default 900, with "
                                        "--quick 2)", interval=POSITIVE, flag="--point-budget", metavar="S")
    fill_budget: bool = setting(False, "with --sizes: a recipe that would end before --point-budget is stretched "
                                "to fill it (its epochs scaled up by one share), so that points of one student at "
                                "several budgets draw its curve of fidelity against training time")
    fidelity_corpora: list[str] = setting(help="with --fidelity: the held-out documents the swapped model is judged "
                                          "on, each a domain", factory=lambda: list(JUDGED_DOMAINS), metavar="CORPUS")

    def student_names(self) -> list[str]:
        return self.students or list(DEFAULT_STUDENTS[:1] if self.quick else DEFAULT_STUDENTS)

    def point_names(self) -> list[str]:
        from distill.bench.sizes import DEFAULT_POINTS  # imports torch: only when the table is measured

        return self.size_points or list(DEFAULT_POINTS[:2] if self.quick else DEFAULT_POINTS)

    def point_budget(self) -> float:
        return self.size_budget or (2.0 if self.quick else 900.0)

    def results_file(self) -> str:
        return self.results or default_results(self.quick)

    def mode(self) -> str:
        """What the run measures, one of :data:`MODES`: the mode whose flag is set, else ``full``."""
        return next((mode for mode in MODES if mode != "full" and getattr(self, mode)), "full")

    def resolved(self) -> BenchSettings:
        """The settings with the defaults that depend on ``quick`` filled in (as the run records them)."""
        return dataclasses.replace(self, students=self.student_names(), results=self.results_file())

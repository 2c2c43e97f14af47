"""The size–fidelity table (``distill bench --sizes``): which mechanism wins at which size.

Every point is a student family at one size, trained by ``distill train``'s recipe on the teacher for at most the
same time budget (the recipe's epochs, scaled down to the budget from a probe of one table epoch and a few context
steps where they would not fit; with ``fill``, scaled up where the recipe would end early), exported
vocabulary-free (:mod:`distill.export.folder`) at each precision its student stores, and measured side by side with
the source model:

* parameters, and the bytes on disk of the export's student and of its whole weights file at each precision;
* the peak resident memory of a fresh Python that loads the export with transformers alone and encodes held-out
  sentences, against the same for the source (the median of a few runs);
* fidelity on the judged domains, the worst one: ``sentence_cosine`` and ``similarity_spearman`` of the export as
  shipped (each word at the tokenizer's positions) and with one position per word;
* robustness: ``sentence_cosine_clean`` under typos and human misspellings against the untouched model's reading
  of the clean text, beside the untouched model's own, with the paired t-test between them, on the domain where
  the student gains least;
* sentences per second against the source at batch 64 (interleaved passes, as :mod:`distill.bench.vocabfree`).

What an export costs (bytes, memory, speed) is measured by :mod:`distill.bench.footprint`; the page and its plot
are :mod:`distill.bench.sizes_report`'s. Each point's training run in MLflow gets its figures, so the points compare
in the UI; the bench's own run holds the table and the plot of fidelity against bytes. A point's figures are kept
as they are measured (:func:`point_file`), so a run stopped half-way resumes at the first point it had not finished,
each with the machine it was measured on and the seconds its epochs took there: the same budget buys another
machine other epochs, and a table resumed elsewhere says so point by point.
"""

from __future__ import annotations

import dataclasses
import json
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mlflow
import torch
import yaml
from transformers import PreTrainedModel

from distill.bench.footprint import MEMORY_PROBES, export_bytes, peak_memory, sentences_per_second
from distill.bench.machine import provenance
from distill.bench.vocabfree import Encoder, encoder, load_export
from distill.config.training import ValidConfig, config_from_mapping
from distill.data import JUDGED_DOMAINS, load_corpus
from distill.errors import DistillError
from distill.evaluation import BASELINE, EvaluationSettings, ScoreTable, evaluate
from distill.evaluation.contender import SPELL_CHECK_PREFIX
from distill.evaluation.settings import noised_dataset_name
from distill.evaluation.statistics import paired_t_test
from distill.export.folder import export_folder, export_vocabulary_free, shipped_precision
from distill.files.atomic import atomic_write_text
from distill.noise.specs import parse_noise
from distill.swap.surgery import load_transformer
from distill.tracking.progress import announce
from distill.training import train
from distill.training.budget import epoch_seconds_alone, scaled_to_seconds
from students import StudentEncoder
from students.config import PRECISIONS
from teachers import load_teacher, load_tokenizer

# The frontier of docs/sizes.md: each family near 0.05x, 0.25x and 0.5x of the table's fp32 bytes, and its first size.
DEFAULT_POINTS = ("ngrams", "ngrams:precision=nf4", "ngrams:buckets=56000,precision=int4", "ngrams:buckets=16384",
                  "bytescnn-c320", "bytescnn-c768", "bytescnn-tiny", "bytescnn-small",
                  "retvec", "retvec-w448", "retvec-w1024", "retvec-w1344",
                  "hlm-intra-1k-h128", "hlm-intra-1k-h256", "hlm-intra-1k-h384", "hlm-intra-small")
NOISES = ("typo:0.1", "human")
LAYOUTS = ("segmented", "one position")
METRICS = ("sentence_cosine", "similarity_spearman")
SPEED_CORPUS = "wiki:heldout"
# A point's options that set ``distill train``'s recipe rather than the student: a point trained for given epochs
# describes the student wherever it runs, where one sized to a budget describes the machine too.
RECIPE_OPTIONS = ("epochs", "context_epochs", "lr", "batch_size", "frequency_exponent")


@dataclass(frozen=True)
class SizeScale:
    """How much each point is judged on: seeds × samples per domain, sentences encoded for speed and memory, and
    the fresh Pythons whose median peak is each memory figure."""

    seeds: int = 5
    samples: int = 128
    sentences: int = 512
    memory_probes: int = MEMORY_PROBES

    @classmethod
    def quick(cls) -> SizeScale:
        """A smoke run of the whole table (CI): its figures do not describe the students."""
        return cls(seeds=2, samples=8, sentences=16, memory_probes=1)


@dataclass(frozen=True)
class SizePoint:
    """A student family and its options: ``ngrams:buckets=32768`` (values read as YAML).

    A ``precision`` option (``ngrams:precision=int4``) names the precision its export ships and is measured at; the
    student trains in float32 as always. Without one, it ships the export's default (:func:`shipped_precision`).
    The options of :data:`RECIPE_OPTIONS` (``bytescnn-tiny:epochs=106,context_epochs=7``) replace the recipe's;
    the budget still scales them down where they would not fit it.
    """

    student: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def shipped(self) -> str | None:
        """The precision the point's export is measured at, when the point names one."""
        return self.options.get("precision")

    @property
    def student_options(self) -> dict[str, Any]:
        """The student's options for training: the point's, less the precision it ships at and its recipe's."""
        return {key: value for key, value in self.options.items()
                if key != "precision" and key not in RECIPE_OPTIONS}

    @property
    def recipe_options(self) -> dict[str, Any]:
        """The settings of ``distill train``'s recipe the point gives (:data:`RECIPE_OPTIONS`)."""
        return {key: value for key, value in self.options.items() if key in RECIPE_OPTIONS}

    @classmethod
    def parse(cls, text: str) -> SizePoint:
        name, _, rest = text.partition(":")
        options = {}
        for item in filter(None, rest.split(",")):
            key, equals, value = item.partition("=")
            if not equals or not key.strip():
                raise DistillError(f"size point {text!r}: write it as NAME or NAME:OPTION=VALUE,OPTION=VALUE")
            options[key.strip()] = yaml.safe_load(value)
        return cls(name.strip(), options)

    @property
    def label(self) -> str:
        return self.student + "".join(f" {key}={value}" for key, value in self.options.items())

    def config(self, teacher: str, device: str) -> ValidConfig:
        """``distill train``'s recipe for this student on ``teacher``, with the point's recipe options (read as
        ``distill train`` reads a config file's: ``lr=1e-3`` a number)."""
        return config_from_mapping({"teacher": teacher, "student": self.student,
                                    "student_options": self.student_options, "device": device,
                                    "run_name": f"size {self.label}", **self.recipe_options},
                                   source=f"size point {self.label}")


@dataclass
class PointResult:
    """What was measured of one point; kept as JSON between runs (:func:`point_file`)."""

    label: str
    run_id: str
    parameters: int
    epochs: dict[str, int]  # table and context epochs trained
    bytes: dict[str, dict[str, int]]  # precision → {"student": ..., "weights": ...}
    shipped: str  # the precision the export was measured at: the point's, else the default one
    memory: dict[str, int]  # peak resident bytes while encoding: {"export": ..., "source": ...}
    speed: dict[str, float]  # sentences/s at SPEED_BATCH: {"export": ..., "source": ...}
    fidelity: dict[str, dict[str, float]]  # layout → metric → its worst judged domain's mean
    robustness: dict[str, dict[str, float]]  # noise → student, untouched, p at the domain where it gains least
    # The date and commit the point was measured at; a point kept from an earlier run keeps its own. Empty in the
    # figures kept before it was recorded, as are the two below.
    measured: str = ""
    machine: str = ""  # processor (or GPU), cores and fp32 matmul rate of the machine it was measured on
    epoch_seconds: dict[str, float] = field(default_factory=dict)  # a table and a context epoch, alone, as sized

    def metrics(self) -> dict[str, float]:
        """The figures as MLflow metric names → values."""
        values: dict[str, float] = {"size/parameters": self.parameters}
        for precision, sizes in self.bytes.items():
            values |= {f"size/{kind}_bytes_{precision}": size for kind, size in sizes.items()}
        values |= {f"size/memory_{kind}": size for kind, size in self.memory.items()}
        values |= {f"size/sentences_per_second_{kind}": rate for kind, rate in self.speed.items()}
        for layout, scores in self.fidelity.items():
            values |= {f"size/{layout.replace(' ', '_')}/{metric}": value for metric, value in scores.items()}
        for noise, scores in self.robustness.items():
            values |= {f"size/{noise.replace(':', '_')}/{name}": value for name, value in scores.items()}
        return values


def point_file(folder: Path, point: SizePoint, budget: float, teacher: str, scale: SizeScale, fill: bool = False
               ) -> Path:
    """Where ``point``'s figures are kept: one file per point, budget (filled or not), teacher and scale."""
    name = re.sub(r"[^\w.=-]+", "_", f"{point.label} {budget:g}s{' filled' if fill else ''} {teacher} "
                                      f"{scale.seeds}x{scale.samples}")
    return folder / f"{name}.json"


def stored_precisions(student: StudentEncoder) -> tuple[str, ...]:
    """The precisions ``student`` can be exported at (families with a ``precision`` option store every one)."""
    return PRECISIONS if "precision" in student.hparams else ("fp32",)


def worst_fidelity(scores: ScoreTable) -> dict[str, float]:
    """Each of :data:`METRICS` of the one student scored, on its worst judged domain (mean over seeds)."""
    student = next(model for model in scores.models if model != BASELINE and not model.startswith(SPELL_CHECK_PREFIX))
    means = {key: sum(values) / len(values) for key, values in scores.values.items() if key.model == student}
    return {metric: min(value for key, value in means.items() if key.metric == metric) for metric in METRICS}


def least_gain(scores: ScoreTable, noise: str) -> dict[str, float]:
    """Under ``noise``, the student's and the untouched model's ``sentence_cosine_clean`` on the domain where the
    student's gain is least, and the paired t-test's p-value there."""
    student = next(model for model in scores.models if model != BASELINE and not model.startswith(SPELL_CHECK_PREFIX))
    read = noised_dataset_name("", parse_noise(noise))  # " ~ <spec>", as the evaluation names the dataset
    found = []
    for key, values in scores.values.items():
        if key.model == student and key.metric == "sentence_cosine_clean" and key.dataset.endswith(read):
            untouched = scores.values[key._replace(model=BASELINE)]
            gain = (sum(values) - sum(untouched)) / len(values)
            found.append((gain, sum(values) / len(values), sum(untouched) / len(untouched),
                          paired_t_test(values, untouched)[1]))
    gain, mean, untouched_mean, p_value = min(found)
    return {"student": mean, "untouched": untouched_mean, "p": p_value}


def fidelity_settings(teacher: str, scale: SizeScale, **changes: Any) -> EvaluationSettings:
    return EvaluationSettings(model=teacher, tasks=["fidelity"], datasets=list(JUDGED_DOMAINS), seeds=scale.seeds,
                              samples=scale.samples, vocabulary_free=True, word_pieces=False, **changes)


def machine_line(machine: dict[str, str]) -> str:
    """The machine a point was measured on, in a few words (from :func:`distill.bench.machine.measured_on`)."""
    processor = machine.get("gpu") or f"{machine['cpu']}, {machine['cores']} cores"
    return f"{processor}, fp32 matmul {machine['fp32 matmul']}"


def measure_point(point: SizePoint, *, teacher: str, budget: float, fill: bool, device: torch.device,
                  texts: list[str], texts_file: Path, source: Source, parent_run_id: str | None,
                  tracking_uri: str | None, quiet: bool, scale: SizeScale, machine: str) -> PointResult:
    """Train, export and measure one point (see the module's docstring)."""
    announce(f"size point {point.label}: sizing the recipe to {budget:g} s of training", quiet=quiet)
    recipe = point.config(teacher, str(device))
    epoch_times, others = epoch_seconds_alone(recipe, device, quiet=quiet)
    config = scaled_to_seconds(recipe, budget, epoch_times, stretch=fill)
    announce(f"size point {point.label}: training {config.epochs} table and {config.context_epochs} context epochs "
             f"({others.describe('its epochs were timed')})", quiet=quiet)
    trained = train(config, tracking_uri=tracking_uri, quiet=quiet, parent_run_id=parent_run_id, experiment="bench")
    student = trained.student
    with tempfile.TemporaryDirectory() as folder:
        exports = {precision: export_vocabulary_free(teacher, student, export_folder(Path(folder), student, precision),
                                                     precision=precision, tracking_uri=tracking_uri, quiet=True)
                   for precision in stored_precisions(student)}
        shipped = point.shipped or shipped_precision(student)
        announce(f"size point {point.label}: memory, speed and fidelity of its {shipped} export", quiet=quiet)
        memory = {"export": peak_memory(exports[shipped], texts_file, scale.memory_probes),
                  "source": source.memory}
        speed = sentences_per_second({"source": source.encoder, "export": load_export(exports[shipped], device)},
                                     texts, device)
        sizes = {precision: export_bytes(out) for precision, out in exports.items()}
        segmented = evaluate([str(exports[shipped])], fidelity_settings(teacher, scale, noise=["clean", *NOISES]),
                             device=str(device), quiet=True, tracking_uri=tracking_uri).scores
        one_position = evaluate([str(exports[shipped])], fidelity_settings(teacher, scale, segment_words=False),
                                device=str(device), quiet=True, tracking_uri=tracking_uri).scores
    clean = ScoreTable(segmented.seeds, {key: values for key, values in segmented.values.items()
                                         if "~" not in key.dataset})
    return PointResult(
        label=point.label, run_id=trained.run_id, parameters=sum(tensor.numel() for tensor in student.parameters()),
        epochs={"table": config.epochs, "context": config.context_epochs}, bytes=sizes, shipped=shipped,
        memory=memory, speed=speed,
        fidelity={"segmented": worst_fidelity(clean), "one position": worst_fidelity(one_position)},
        robustness={noise: least_gain(segmented, noise) for noise in NOISES},
        measured="{date}, commit {commit}".format(**provenance()), machine=machine,
        epoch_seconds={"table": epoch_times[0], "context": epoch_times[1]},
    )


@dataclass
class Source:
    """The source model as every point is compared with it: its encoder for speed, its peak memory."""

    encoder: Encoder
    memory: int


def source_of(teacher: str, device: torch.device, texts_file: Path, memory_probes: int) -> Source:
    path = Path(load_teacher(teacher).model_path)
    loaded = load_transformer(str(path))
    base = loaded.model.base_model
    assert isinstance(base, PreTrainedModel)  # base_model is the model itself or its encoder
    return Source(encoder(base, load_tokenizer(loaded.path), device), peak_memory(path, texts_file, memory_probes))


def measure_points(points: Sequence[SizePoint], *, teacher: str, budget: float, device: torch.device, folder: Path,
                   parent_run_id: str | None, tracking_uri: str | None, quiet: bool, scale: SizeScale,
                   machine: dict[str, str], fill: bool = False) -> list[PointResult]:
    """Every point's figures: those kept in ``folder`` from an earlier run with the same budget and teacher, the
    others measured now on ``machine`` (:func:`distill.bench.machine.measured_on`) and kept there as each is done."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = sorted(load_corpus(SPEED_CORPUS).sentences[:scale.sentences], key=len, reverse=True)
    texts_file = folder / "texts.txt"
    texts_file.write_text("\n".join(texts), encoding="utf-8")
    source: Source | None = None
    results = []
    for point in points:
        kept = point_file(folder, point, budget, teacher, scale, fill)
        if kept.is_file():
            results.append(PointResult(**json.loads(kept.read_text())))
            announce(f"size point {point.label}: measured before ({kept})", quiet=quiet)
            continue
        source = source or source_of(teacher, device, texts_file, scale.memory_probes)
        result = measure_point(point, teacher=teacher, budget=budget, fill=fill, device=device, texts=texts,
                               texts_file=texts_file, source=source, parent_run_id=parent_run_id,
                               tracking_uri=tracking_uri, quiet=quiet, scale=scale, machine=machine_line(machine))
        mlflow.log_metrics(result.metrics(), run_id=result.run_id)
        atomic_write_text(kept, json.dumps(dataclasses.asdict(result), indent=1))
        results.append(result)
    return results



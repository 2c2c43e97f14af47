"""Evaluate a transformer and its swapped students on the same seeded samples (paper §3), as one MLflow run.

The model, tasks and corpora are loaded and checked once (``setup.prepare_evaluation``). Each student is
baked (``distill.surgery``) into an ordinary embedding table and scored beside the baseline on the same
batches (``scoring.score_variants``). With ``whole_words``, each student is also run on its vocabulary-free
path (``wholeword.WholeWords``), labelled ``<student>-wholeword``, on the same batches. Under noise, the
untouched model on the spell-corrected text (``contender.SPELL_CHECKED``) is scored beside them.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import mlflow

from distill import tracking
from distill.bounds import fitted_length, model_limits
from distill.data import JUDGED_DOMAINS, Corpus
from distill.devices import resolve_device
from distill.errors import DistillError, first_line
from distill.evaluation.contender import SPELL_CHECKED, spell_checked
from distill.evaluation.report import render, worst_domains, write_report
from distill.evaluation.scoring import CLEAN, Variant, noise_specs
from distill.evaluation.setup import prepare_evaluation
from distill.evaluation.statistics import (
    Difference,
    PairedTest,
    ScoreKey,
    ScoreTable,
    Summary,
    differences,
    paired_tests,
    summarize,
)
from distill.evaluation.wholeword import SUFFIX, WholeWords
from distill.noise import NoiseSpec
from distill.progress import announce
from distill.runs import load_student_from
from distill.surgery import StudentEmbedding, input_embeddings
from students import StudentEncoder

BASELINE = "baseline"
MIN_SAMPLES = 4
MIN_LENGTH = 8
MAX_SEEDS = 1000
MAX_SAMPLES = 10**7
MAX_BATCH_SIZE = 65536
NOTE_LIMIT = 8000  # MLflow's longest tag value


@dataclass
class EvaluationResult:
    run_id: str | None  # None when recording failed (a warning said why)
    scores: ScoreTable
    summaries: list[Summary]
    tests: list[PairedTest]
    report: str


def student_label(student: StudentEncoder, source: str) -> str:
    """``<student>-<loss>-<run id prefix>`` (or the folder name), safe as an MLflow metric name part."""
    run_id = student.provenance.get("run_id")
    parts = [student.registry_name, student.provenance.get("loss"), run_id[:8] if run_id else Path(source).name]
    return re.sub(r"[^\w.\-]+", "_", "-".join(part for part in parts if part))


def _unique(label: str, taken: Mapping[str, object]) -> str:
    candidate, index = label, 1
    while candidate in taken:
        index += 1
        candidate = f"{label}-{index}"
    return candidate


def check_evaluation_settings(seeds: int, samples: int, max_length: int | None, alpha: float,
                              batch_size: int) -> None:
    """The evaluation's numbers, each within bounds that keep the work finite (checked before any work)."""
    if not 2 <= seeds <= MAX_SEEDS:
        raise DistillError(f"--seeds must be at least 2 for the paired t-test and at most {MAX_SEEDS}, got {seeds}")
    if not MIN_SAMPLES <= samples <= MAX_SAMPLES:
        raise DistillError(f"--samples must be at least {MIN_SAMPLES} and at most {MAX_SAMPLES:,}, got {samples}")
    if max_length is not None and max_length < MIN_LENGTH:
        raise DistillError(f"--max-length must be at least {MIN_LENGTH} tokens, got {max_length}")
    if not 0 < alpha < 1:
        raise DistillError(f"--alpha must be between 0 and 1, got {alpha}")
    if not 1 <= batch_size <= MAX_BATCH_SIZE:
        raise DistillError(f"--batch-size must be positive and at most {MAX_BATCH_SIZE:,}, got {batch_size}")


def check_names(names: Sequence[str] | None, flag: str) -> None:
    """A list given as ``a,b,c``: not empty (when given), no name twice."""
    if names is None:
        return
    if not names:
        raise DistillError(f"{flag} is empty; name at least one")
    repeated = sorted({name for name in names if list(names).count(name) > 1})
    if repeated:
        raise DistillError(f"{flag} names {', '.join(repeated)} more than once")


def evaluate(
    students: Sequence[str],
    *,
    model: str = "embedded",
    revision: str | None = None,
    tasks: Sequence[str] | None = None,
    datasets: Sequence[str] = JUDGED_DOMAINS,
    seeds: int = 5,
    samples: int = 512,
    max_length: int | None = None,
    alpha: float = 0.05,
    batch_size: int = 16,
    device: str = "auto",
    noise: NoiseSpec | str | Sequence[NoiseSpec | str | None] | None = None,
    whole_words: bool = False,
    quiet: bool = False,
    tracking_uri: str | None = None,
) -> EvaluationResult:
    """Evaluate ``model`` and each student swapped into it; record one MLflow run.

    Args:
        students: MLflow run ids with a ``student`` artifact, or student folders.
        model: hub name, local folder, or ``"embedded"`` (the packaged MiniLM).
        tasks: names in ``distill.evaluation.TASKS``; default every task the model supports.
        datasets: corpus names (``pydoc``, ``wikitext``, ``imdb``) or local files.
        seeds: number of seeds, ``0 .. seeds-1``; each fixes the samples of every task.
        samples: samples per seed, task and dataset.
        max_length: tokens per sample (pairs included), longer ones truncated; at most the model's positions
            (default 128, or the positions if fewer).
        alpha: level of the paired t-tests.
        noise: a ``distill.noise`` spec or preset (``"hlm"``, ``"drop:0.1,case:0.5"``), or several
            (``"clean"`` for the text as it is), applied to the evaluation text only, seeded by
            each evaluation seed; each is reported as its own dataset, ``<corpus> ~ <spec>``. With
            noise, the untouched model on the spell-corrected text (``spellcheck-then-baseline``) is
            scored too, on the tasks that compare sentences (fidelity).
        whole_words: also run each student on its vocabulary-free path, words the
            tokenizer splits embedded whole (``<student>-wholeword``; WordPiece models).
    """
    if not students:
        raise DistillError("give at least one student to compare with the baseline (--students RUN_OR_FOLDER ...)")
    check_evaluation_settings(seeds, samples, max_length, alpha, batch_size)
    check_names(tasks, "--tasks")
    check_names(list(datasets), "--datasets")
    tracking.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    specs = noise_specs(noise)
    announce(f"loading {model} and the corpora {', '.join(datasets)}", quiet=quiet)
    setup = prepare_evaluation(model, revision=revision, tasks=tasks, datasets=datasets, samples=samples,
                               whole_words=whole_words)
    max_length = fitted_length(max_length, model_limits(setup.path), "--max-length")
    trained = [load_student_from(source, tracking_uri=tracking_uri) for source in students]
    announce(f"surgery: swapping {len(trained)} student(s) into {model}", quiet=quiet)

    network = setup.to(resolve_device(device)).model
    tokenizer = setup.tokenizer
    variants: dict[str, Variant] = {BASELINE: input_embeddings(network)}
    sources: dict[str, str] = {}
    losses: dict[str, str] = {}  # label → the loss the student was trained with, to group the charts by
    whole_word_paths: dict[str, WholeWords] = {}
    for source, student in zip(students, trained):
        label = _unique(student_label(student, source), variants)
        live = StudentEmbedding.from_model(network, student, tokenizer)
        variants[label] = baked = live.baked()
        sources[label] = source
        losses[label] = student.provenance.get("loss", "")
        if whole_words:
            wholeword_label = _unique(label + SUFFIX, {**variants, **whole_word_paths})
            whole_word_paths[wholeword_label] = WholeWords(live.eval(), baked, tokenizer)
            losses[wholeword_label] = losses[label]
    variants |= whole_word_paths
    if noise is not None and any(task.compares_sentences for task in setup.tasks):
        variants[_unique(SPELL_CHECKED, variants)] = spell_checked(input_embeddings(network))
    announce(f"scoring {len(variants)} models × {len(setup.tasks)} task(s) × {len(setup.corpora) * len(specs)} "
          f"dataset(s) × {seeds} seeds", quiet=quiet)
    scores = setup.score(variants, range(seeds), samples=samples, max_length=max_length, batch_size=batch_size,
                         noise=specs, quiet=quiet)
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, alpha)
    diffs = differences(scores, BASELINE, alpha)
    report = render(summaries, tests, seeds, diffs)

    params: dict[str, object] = {
        "model": model, "model_path": setup.path, "model_revision": setup.revision,
        "architecture": type(network).__name__, "tasks": ",".join(task.name for task in setup.tasks),
        "datasets": ",".join(corpus.name for corpus in setup.corpora), "seeds": seeds, "samples": samples,
        "max_length": max_length, "alpha": alpha, "batch_size": batch_size, "device": str(network.device),
        "students": ",".join(students), "noise": "; ".join(str(spec or CLEAN) for spec in specs),
        "whole_words": whole_words,
        **{tracking.safe_name(f"corpus.{corpus.name}"): f"{len(corpus.sentences)} sentences, sha {corpus.fingerprint}"
           for corpus in setup.corpora},
    }
    run_ids = [student.provenance["run_id"] for student in trained if student.provenance.get("run_id")]
    try:  # recording is secondary: a failure to log never loses the scores computed above
        run_id: str | None = _log_run(params, sources, run_ids, setup.corpora, scores, summaries, tests, diffs,
                                      losses, report, tracking_uri)
    except Exception as error:  # noqa: BLE001 - the store's, MLflow's or the file system's own errors
        print(f"warning: the evaluation was not recorded in MLflow: {first_line(error)}", file=sys.stderr)
        run_id = None
    return EvaluationResult(run_id, scores, summaries, tests, report)


def evaluation_run_name(model: str, students: Sequence[str], limit: int = 120) -> str:
    """``<model> vs <student>, <student>`` (cut to ``limit`` characters): the students it compares."""
    name = f"{Path(model).name or model} vs {', '.join(students)}"
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _note(report: str) -> str:
    """The report as the run's description, cut to MLflow's tag length limit (the artifacts hold it all)."""
    if len(report) <= NOTE_LIMIT:
        return report
    return report[: NOTE_LIMIT - 40] + "\n… (full tables in the artifacts)"


def _metric_name(key: ScoreKey) -> str:
    return re.sub(r"[^\w.\-/]+", "_", f"{key.model}/{key.dataset}/{key.metric}")


def _log_run(
    params: dict[str, object],
    sources: dict[str, str],
    student_runs: list[str],
    corpora: Sequence[Corpus],
    scores: ScoreTable,
    summaries: list[Summary],
    tests: list[PairedTest],
    diffs: list[Difference],
    losses: dict[str, str],
    report: str,
    tracking_uri: str | None,
) -> str:
    """One MLflow run: settings, links to the students' runs, every score and the report files."""
    tracking.configure("evaluate", tracking_uri)
    run_name = evaluation_run_name(str(params["model"]), list(sources))
    with mlflow.start_run(run_name=run_name, nested=mlflow.active_run() is not None) as run:
        mlflow.log_params(params)
        for corpus in corpora:
            # A source naming its module: MLflow reads a bare "wiki:heldout" as a URI of an unknown scheme.
            tracking.log_dataset_input(corpus.name, corpus.fingerprint, f"distill.data/{corpus.name}", "evaluation",
                                       {"sentence": list(corpus.sentences), "document": list(corpus.documents)})
        mlflow.set_tags({
            "distill.student_runs": ",".join(student_runs),
            **{f"distill.student.{label}": source for label, source in sources.items()},
            "mlflow.note.content": _note(report),
        })
        for index, seed in enumerate(scores.seeds):  # each seed's scores, a series over the seeds
            mlflow.log_metrics({_metric_name(key): values[index] for key, values in scores.values.items()}, step=seed)
        mlflow.log_metrics({f"{_metric_name(s.key)}/mean": s.mean for s in summaries}
                           | {f"{_metric_name(s.key)}/std": s.std for s in summaries}
                           | {f"{_metric_name(t.key)}/p_value": t.p_value for t in tests}
                           | {f"{_metric_name(ScoreKey(model, 'worst', task, metric))}/mean": s.mean
                              for (model, task, metric), s in worst_domains(summaries).items()})
        with tempfile.TemporaryDirectory() as folder:
            write_report(Path(folder), scores, summaries, tests, diffs, losses)
            mlflow.log_artifacts(folder)
        return run.info.run_id

"""Evaluate a transformer and its swapped students on the same seeded samples (paper §3), as one MLflow run.

The model, tasks and corpora are loaded and checked once (``setup.prepare_evaluation``). Each student is
baked (``distill.swap.surgery``) into an ordinary embedding table and scored beside the baseline on the same
batches (``scoring.score_variants``). With ``vocabulary_free``, each student is also run on its vocabulary-free
path (``vocabulary_free.VocabularyFreePath``), labelled ``<student>-vocabfree``, on the same batches. Under noise, the
untouched model on the spell-corrected text (``contender.SPELL_CHECKED``) is scored beside them, and so is each
student's vocabulary-free path on it.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import mlflow

from distill.config.bounds import fitted_length, model_limits
from distill.config.fields import check_fields
from distill.data import Corpus, misspelt_words, readings
from distill.devices import resolve_device
from distill.errors import DistillError, first_line
from distill.evaluation.contender import SPELL_CHECK_PREFIX, SPELL_CHECKED, spell_checked
from distill.evaluation.journal import evaluation_identity, open_journal, weights_digest
from distill.evaluation.report import render, worst_domains, write_report
from distill.evaluation.scoring import Variant
from distill.evaluation.settings import CLEAN, EvaluationSettings, noise_specs
from distill.evaluation.setup import EvaluationSetup, prepare_evaluation
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
from distill.noise.specs import Noise
from distill.noise.spelling import correct_unknown_word
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import StudentEmbedding, input_embeddings
from distill.swap.trained import load_student_from
from distill.swap.vocabulary_free import SUFFIX, VocabularyFreePath
from distill.tracking import store
from distill.tracking.progress import announce
from students import StudentEncoder
from students.segmenter import WordSegmenter

CORRECTED_SUFFIX = "-corrected"  # the vocabulary-free path that reads unknown split words as corrected
TRUTH_SUFFIX = "-truth"  # the vocabulary-free path that reads misspelt split words as the words they were

BASELINE = "baseline"
NOTE_LIMIT = 8000  # MLflow's longest tag value


@dataclass
class EvaluationResult:
    run_id: str | None  # None when recording failed (a warning said why)
    scores: ScoreTable
    summaries: list[Summary]
    tests: list[PairedTest]
    report: str


STUDENTS_FILE = "students.tsv"  # each student's label and source in full (the students parameter may be cut)
LABEL_MAX = 80  # characters of a student's label: its metric and tag keys stay within MLflow's 250


def student_label(student: StudentEncoder, source: str) -> str:
    """``<student>-<loss>-<run id prefix>`` (or the folder name), safe as an MLflow metric name part; a longer one
    than :data:`LABEL_MAX` is shortened with a hash of the whole (its source is kept in full, in a tag)."""
    run_id = student.provenance.get("run_id")
    parts = [student.registry_name, student.provenance.get("loss"), run_id[:8] if run_id else Path(source).name]
    return store.shortened(re.sub(r"[^\w.\-]+", "_", "-".join(part for part in parts if part)), LABEL_MAX)


def spelling_correctors(settings: EvaluationSettings, corpora: Sequence[Corpus], specs: Sequence[Noise | None]
                        ) -> dict[str, Callable[[str], str]]:
    """The label suffix → the corrector of each corrected reading asked for on the vocabulary-free path: the
    spell-checker's (``--correct-spelling``), and the truth's (``--truth-spelling``: each word the noise misspelt
    in the evaluated corpora and seeds read as the word it was, :func:`distill.data.misspelt_words`). :func:`prepare`
    refuses either without the vocabulary-free path."""
    correctors: dict[str, Callable[[str], str]] = {}
    if settings.correct_spelling:
        correctors[CORRECTED_SUFFIX] = correct_unknown_word
    if settings.truth_spelling:
        truth = misspelt_words(corpora, specs, range(settings.seeds))
        correctors[TRUTH_SUFFIX] = lambda word: truth.get(word, word)
    return correctors


def _unique(label: str, taken: Mapping[str, object]) -> str:
    candidate, index = label, 1
    while candidate in taken:
        index += 1
        candidate = f"{label}-{index}"
    return candidate


@dataclass
class PreparedEvaluation:
    """What an evaluation reads before any student (:func:`prepare`): its settings, checked; the model, tasks
    and corpora, loaded and checked; the noise settings, the samples' length and the word segmenter."""

    settings: EvaluationSettings
    setup: EvaluationSetup
    specs: list[Noise | None]
    max_length: int
    segmenter: WordSegmenter | None


def prepare(settings: EvaluationSettings | None = None, *, quiet: bool = False,
            tracking_uri: str | None = None) -> PreparedEvaluation:
    """Check ``settings`` (default: :class:`EvaluationSettings`' defaults) and load what they name; every
    refusal is one line, before a student is loaded or exported."""
    settings = check_fields(settings or EvaluationSettings())
    if not (settings.word_pieces or settings.vocabulary_free):
        raise DistillError("--no-word-pieces leaves the students nothing to be scored on; add --vocabulary-free")
    spellings = (("--correct-spelling", settings.correct_spelling), ("--truth-spelling", settings.truth_spelling))
    for name, asked in spellings:
        if asked and not settings.vocabulary_free:
            raise DistillError(f"{name} reads words on the vocabulary-free path; add --vocabulary-free")
    store.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    specs = noise_specs(settings.noise)
    announce(f"loading {settings.model} and the corpora {', '.join(settings.datasets)}", quiet=quiet)
    setup = prepare_evaluation(settings.model, revision=settings.revision, tasks=settings.tasks,
                               datasets=settings.datasets, samples=settings.samples,
                               vocabulary_free=settings.vocabulary_free, noise=specs)
    max_length = fitted_length(settings.max_length, model_limits(setup.path), "max_length")
    segmenter = segmenter_for(setup.tokenizer) if settings.vocabulary_free and settings.segment_words else None
    return PreparedEvaluation(settings, setup, specs, max_length, segmenter)


def evaluate(
    students: Sequence[str],
    settings: EvaluationSettings | None = None,
    *,
    device: str = "auto",
    quiet: bool = False,
    tracking_uri: str | None = None,
) -> EvaluationResult:
    """Evaluate ``settings.model`` and each student swapped into it; record one MLflow run.

    Args:
        students: MLflow run ids with a ``student`` artifact, student folders or vocabulary-free exports.
        settings: the model, tasks, corpora, noise, seeds and sizes (:class:`EvaluationSettings`, each
            field's help says what it holds; default: its defaults). Seeds ``0 .. seeds-1`` each fix the
            samples of every task; each noise setting is reported as its own dataset, ``<corpus> ~ <spec>``,
            and with noise given the untouched model on the spell-corrected text (``spellcheck-then-baseline``)
            is scored too, on the tasks that compare sentences (fidelity); ``vocabulary_free`` adds each student
            on its vocabulary-free path (``<student>-vocabfree``), and without ``word_pieces`` that path alone
            is scored.
    """
    check_students(students)
    return evaluate_prepared(students, prepare(settings, quiet=quiet, tracking_uri=tracking_uri), device=device,
                             quiet=quiet, tracking_uri=tracking_uri)


def check_students(students: Sequence[str]) -> None:
    if not students:
        raise DistillError("give at least one student to compare with the baseline (--students RUN_OR_FOLDER ...)")


def evaluate_prepared(students: Sequence[str], prepared: PreparedEvaluation, *, device: str = "auto",
                      quiet: bool = False, tracking_uri: str | None = None) -> EvaluationResult:
    """:func:`evaluate` once :func:`prepare` has loaded and checked what the settings name."""
    check_students(students)
    settings, setup, specs, max_length = prepared.settings, prepared.setup, prepared.specs, prepared.max_length
    model, seeds, samples, alpha = settings.model, settings.seeds, settings.samples, settings.alpha
    trained = [load_student_from(source, tracking_uri=tracking_uri) for source in students]
    announce(f"surgery: swapping {len(trained)} student(s) into {model}", quiet=quiet)

    network = setup.to(resolve_device(device)).model
    tokenizer = setup.tokenizer
    variants: dict[str, Variant] = {BASELINE: input_embeddings(network)}
    sources: dict[str, str] = {}
    losses: dict[str, str] = {}  # label → the loss the student was trained with, to group the charts by
    weights = {BASELINE: weights_digest(network)}  # label → the weights it scores with (the journal's identity)
    vocabulary_free_paths: dict[str, VocabularyFreePath] = {}
    corrected_paths: dict[str, VocabularyFreePath] = {}  # --correct-spelling, --truth-spelling
    correctors = spelling_correctors(settings, setup.corpora, specs)
    for source, student in zip(students, trained):
        label = _unique(student_label(student, source), {**variants, **sources})
        live = StudentEmbedding.from_model(network, student, tokenizer)
        baked = live.baked()
        if settings.word_pieces:
            variants[label] = baked
        sources[label] = source
        weights[label] = weights_digest(student)
        losses[label] = student.provenance.get("loss", "")
        if settings.vocabulary_free:
            vocabfree_label = _unique(label + SUFFIX, {**variants, **vocabulary_free_paths})
            vocabulary_free_paths[vocabfree_label] = VocabularyFreePath(live.eval(), baked, tokenizer,
                                                                        prepared.segmenter)
            losses[vocabfree_label] = losses[label]
        for suffix, corrector in correctors.items():
            taken = {**variants, **vocabulary_free_paths, **corrected_paths}
            corrected_label = _unique(label + SUFFIX + suffix, taken)
            corrected_paths[corrected_label] = VocabularyFreePath(live.eval(), baked, tokenizer, prepared.segmenter,
                                                                  corrector=corrector)
            losses[corrected_label] = losses[label]
    variants |= vocabulary_free_paths | corrected_paths
    if settings.noise is not None and any(task.compares_sentences for task in setup.tasks):
        variants[_unique(SPELL_CHECKED, variants)] = spell_checked(input_embeddings(network))
        for label, path in vocabulary_free_paths.items():
            variants[_unique(SPELL_CHECK_PREFIX + label, variants)] = spell_checked(path)
    store.configure("evaluate", tracking_uri)  # a store that cannot be used is refused before the scoring
    params: dict[str, object] = {
        "model": model, "model_path": setup.path, "model_revision": setup.revision,
        "architecture": type(network).__name__, "tasks": ",".join(task.name for task in setup.tasks),
        "datasets": ",".join(corpus.name for corpus in setup.corpora), "seeds": seeds, "samples": samples,
        "max_length": max_length, "alpha": alpha, "batch_size": settings.batch_size, "device": str(network.device),
        "students": store.shortened(",".join(students), store.PARAM_VALUE_MAX),
        "noise": "; ".join(str(spec or CLEAN) for spec in specs),
        "vocabulary_free": settings.vocabulary_free,
        "segment_words": settings.vocabulary_free and settings.segment_words,
        "correct_spelling": settings.correct_spelling,
        "truth_spelling": settings.truth_spelling,
        **{store.safe_name(f"corpus.{corpus.name}"): f"{len(corpus.sentences)} sentences, sha {corpus.fingerprint}"
           for corpus in setup.corpora},
    }
    identity = evaluation_identity({**params, "models": list(variants)}, weights)
    run_ids = [student.provenance["run_id"] for student in trained if student.provenance.get("run_id")]
    with open_journal(identity) as journal:
        announce(f"scoring {len(variants)} models × {len(setup.tasks)} task(s) × "
                 f"{len(readings(setup.corpora, specs))} dataset(s) × {seeds} seeds", quiet=quiet)
        scores = setup.score(variants, range(seeds), samples=samples, max_length=max_length,
                             batch_size=settings.batch_size, noise=specs, quiet=quiet, journal=journal)
        summaries, tests = summarize(scores), paired_tests(scores, BASELINE, alpha)
        diffs = differences(scores, BASELINE, alpha)
        report = render(summaries, tests, seeds, diffs,
                        {corpus.name: len(corpus.sentences) for corpus in setup.corpora}, samples)
        try:  # recording is secondary: a failure to log never loses the scores computed above
            run_id: str | None = _log_run(params, sources, run_ids, setup.corpora, scores, summaries, tests, diffs,
                                          losses, report, tracking_uri)
        except Exception as error:  # noqa: BLE001 - the store's, MLflow's or the file system's own errors
            print(f"warning: the evaluation was not recorded in MLflow: {first_line(error)}; its scores are kept "
                  f"in {journal.path}: rerun the same command to record them", file=sys.stderr)
            run_id = None
        else:
            journal.remove()
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
    store.configure("evaluate", tracking_uri)
    run_name = evaluation_run_name(str(params["model"]), list(sources))
    with mlflow.start_run(run_name=run_name, nested=mlflow.active_run() is not None) as run:
        mlflow.log_params(params)
        for corpus in corpora:
            # A source naming its module: MLflow reads a bare "wiki:heldout" as a URI of an unknown scheme.
            store.log_dataset_input(corpus.name, corpus.fingerprint, f"distill.data/{corpus.name}", "evaluation",
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
            rows = [f"{label}\t{source}\n" for label, source in sources.items()]
            (Path(folder) / STUDENTS_FILE).write_text("".join(rows))
            mlflow.log_artifacts(folder)
        return run.info.run_id

"""The robustness study (``distill robustness``): does a vocabulary-free model read misspelt text
better than the model it came from, and better than correcting the spelling first?

One command regenerates ``docs/robustness.md``:

1. train the study's recipe (:data:`RECIPE`: table alignment, then denoising context
   distillation on whole words, :mod:`distill.objectives.context`), unless trained students
   are given;
2. export each student as a vocabulary-free model (:func:`distill.export.export_vocabulary_free`),
   the folder users load with ``AutoModel``;
3. evaluate the exports against the untouched model on held-out documents, clean and under
   each noise setting of :data:`NOISE_SETTINGS` (RETVec's typo family at 5 % and 10 % of
   characters, HLM §4.2's drop 10 % / repeat 20 % / random case 50 %, alone and together,
   human misspellings in 15 % of the words, :mod:`distill.misspellings`), every model on the
   same seeded samples, paired t-tests over the seeds; the untouched model on the spell-corrected
   text (:mod:`distill.evaluation.contender`) is scored beside them;
4. write the document: set-up, commands, and per noise setting the clean-reference metrics
   (``sentence_cosine_clean``, ``similarity_spearman_clean``: each model on the noisy text
   against the untouched model on the clean text) of the untouched model, spell-check first and
   the vocabulary-free model, with the vocabulary-free model's paired t-tests against both.
"""

from __future__ import annotations

import dataclasses
import math
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from distill.bounds import fitted_length, model_limits
from distill.config import TrainConfig, config_from_mapping
from distill.errors import DistillError
from distill.evaluation.contender import SPELL_CHECKED
from distill.evaluation.runner import BASELINE, EvaluationResult, check_evaluation_settings, evaluate
from distill.evaluation.scoring import CLEAN, noise_specs, noised_dataset_name
from distill.evaluation.statistics import ScoreKey, paired_difference
from distill.evaluation.wholeword import SUFFIX
from distill.io import atomic_write_text
from distill.userfiles import read_text
from teachers import resolve_model_path

NOISE_SETTINGS = (CLEAN, "typo:0.05", "typo:0.1", "drop:0.1", "repeat:0.2", "case:0.5", "hlm", "human")
GOAL_SETTINGS = ("typo:0.1", "hlm", "human")  # the noise under which the goal asks for a better reading
CONTENDERS = ((BASELINE, "untouched"), (SPELL_CHECKED, "spell-check first"))  # what a student must beat
DATASET = "pydoc:heldout"
ALPHA = 0.01  # the study's level: a difference counts at p < 0.01
CLEAN_GOAL = 0.95  # sentence_cosine on clean text the vocabulary-free model must keep
NOTES_START, NOTES_END = "<!-- notes: kept when the document is regenerated -->", "<!-- /notes -->"
# Table alignment (frequency-aware rows, special tokens kept), then denoising context distillation on
# whole words with a joint table batch, bf16 autocast: about 30 minutes on 2 CPU cores.
RECIPE: dict[str, Any] = {
    "teacher": "embedded", "student": "bytescnn-small", "loss": "cosine", "epochs": 10,
    "frequency_exponent": 0.75, "frequency_source": "corpus", "keep_special_rows": True, "bf16": True,
    "corpus": "pydoc+stdlib",
    "context_epochs": 40, "context_steps_per_epoch": 36, "context_lr": 1e-3, "context_table_weight": 1.0,
    "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_whole_words": True,
    "eval_every": 5, "checkpoint_every": 5, "run_name": "robustness-denoised",
}


@dataclass(frozen=True)
class StudySettings:
    model: str = "embedded"
    dataset: str = DATASET
    noise: Sequence[str] = NOISE_SETTINGS
    seeds: int = 5
    samples: int = 256
    max_length: int | None = None  # 128, or the model's positions if fewer
    batch_size: int = 16


@dataclass(frozen=True)
class TrainedStudent:
    source: str  # MLflow run id or folder
    seconds: float | None  # seconds of its training epochs, when known


def given_student(source: str, tracking_uri: str | None) -> TrainedStudent:
    """A student named on the command line; for an MLflow run, its training seconds from the run."""
    if Path(source).exists():
        return TrainedStudent(source, None)
    import mlflow

    from distill import tracking

    tracking.configure("train", tracking_uri)
    try:
        history = mlflow.MlflowClient().get_metric_history(source, "epoch_seconds")
    except mlflow.exceptions.MlflowException:
        return TrainedStudent(source, None)  # load_student_from says what is wrong with it
    return TrainedStudent(source, sum(point.value for point in history) or None)


def train_recipe(overrides: Mapping[str, Any], *, tracking_uri: str | None, quiet: bool) -> TrainedStudent:
    """Train :data:`RECIPE` (with ``overrides``) and return its run."""
    from distill import training  # the training stack only when the study trains

    config: TrainConfig = config_from_mapping({**RECIPE, **overrides}, source="robustness recipe")
    started = time.perf_counter()
    result = training.train(config, tracking_uri=tracking_uri, quiet=quiet)
    return TrainedStudent(result.run_id, time.perf_counter() - started)


def export_students(sources: Sequence[str], model: str, exports: Path, *,
                    tracking_uri: str | None) -> list[Path]:
    """Each student as a vocabulary-free model in ``exports/<name>`` (an export given is used as it is)."""
    from distill.export import export_vocabulary_free, is_vocabulary_free_export
    from distill.runs import load_student_from

    folders = []
    for source in sources:
        if is_vocabulary_free_export(Path(source)):
            folders.append(Path(source))
            continue
        folder = exports / Path(source).name
        if not (folder / "config.json").is_file():
            student = load_student_from(source, tracking_uri=tracking_uri)
            export_vocabulary_free(None if model == "embedded" else model, student, folder,
                                   tracking_uri=tracking_uri)
        folders.append(folder)
    return folders


def check_study_settings(settings: StudySettings) -> StudySettings:
    """The study's noise settings and evaluation numbers, checked before any student is trained or exported;
    returns them with the length fitted to the model (:func:`distill.bounds.fitted_length`)."""
    noise_specs(list(settings.noise))
    check_evaluation_settings(settings.seeds, settings.samples, settings.max_length, ALPHA, settings.batch_size)
    limits = model_limits(resolve_model_path(settings.model)[0])
    return dataclasses.replace(settings, max_length=fitted_length(settings.max_length, limits, "--max-length"))


def run_study(students: Sequence[TrainedStudent], settings: StudySettings, exports: Path, out: Path, *,
              tracking_uri: str | None = None, quiet: bool = False, command: str | None = None) -> EvaluationResult:
    """Export, evaluate and write the document for ``students``."""
    if not students:
        raise DistillError("the robustness study needs at least one student")
    settings = check_study_settings(settings)
    notes = kept_notes(read_text(out, "report") if out.is_file() else "")  # read before any work: UTF-8 only
    folders = export_students([student.source for student in students], settings.model, exports,
                              tracking_uri=tracking_uri)
    result = evaluate([str(folder) for folder in folders], model=settings.model, tasks=["fidelity"],
                      datasets=[settings.dataset], seeds=settings.seeds, samples=settings.samples,
                      max_length=settings.max_length, batch_size=settings.batch_size, alpha=ALPHA,
                      noise=list(settings.noise), whole_words=True, quiet=quiet, tracking_uri=tracking_uri)
    command = command or "distill " + shlex.join(sys.argv[1:])
    atomic_write_text(out, render_study(result, students, folders, settings, command, notes))
    return result


# --- the document -------------------------------------------------------------------------------------


def corpus_name(result: EvaluationResult) -> str:
    """The evaluated corpus's name, as the scores' datasets carry it (``<corpus> ~ <noise>`` when noised)."""
    return next(iter(result.scores.values)).dataset.split(" ~ ")[0]


def _cell(values: Sequence[float] | None) -> str:
    if not values:
        return "—"  # not scored (spell-check first has no token_cosine: its tokens differ)
    mean = sum(values) / len(values)
    std = math.sqrt(sum((value - mean) ** 2 for value in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return f"{mean:.4f} ± {std:.4f}"


def _verdict(difference: float, p_value: float) -> str:
    if math.isnan(p_value) or p_value >= ALPHA:
        return f"not significantly different (p = {p_value:.2g})"
    return f"**{'higher' if difference > 0 else 'lower'}** (p = {p_value:.2g})"


def _versus(ours: Sequence[float], theirs: Sequence[float] | None) -> str:
    """The mean paired difference ``ours - theirs`` and its paired t-test."""
    if not theirs:
        return "—"
    difference, *_, p_value = paired_difference(list(ours), list(theirs))
    return f"{difference:+.4f}, {_verdict(difference, p_value)}"


def comparison_rows(result: EvaluationResult, student: str, settings: StudySettings,
                    metrics: Sequence[str]) -> list[list[str]]:
    """Per noise setting and metric: the untouched model, spell-check first, the student, and the student's
    difference from each of the two with its paired t-test."""
    rows = []
    for setting in noise_specs(list(settings.noise)):
        if setting is None:
            continue
        dataset = noised_dataset_name(corpus_name(result), setting)
        for metric in metrics:
            key = ScoreKey(student, dataset, "fidelity", metric)
            ours = result.scores.values[key]
            contenders = [result.scores.values.get(key._replace(model=model)) for model, _ in CONTENDERS]
            rows.append([f"`{setting}`", metric, *map(_cell, contenders), _cell(ours),
                         *(_versus(ours, theirs) for theirs in contenders)])
    return rows


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def kept_notes(previous: str) -> str:
    """The hand-written block of a previous document (between the notes markers), kept on regeneration."""
    start, end = previous.find(NOTES_START), previous.find(NOTES_END)
    if start < 0 or end < start:
        return f"{NOTES_START}\n## Notes\n\n(What was tried, and what the figures mean.)\n{NOTES_END}"
    return previous[start:end + len(NOTES_END)]


def render_study(result: EvaluationResult, students: Sequence[TrainedStudent], folders: Sequence[Path],
                 settings: StudySettings, command: str, notes: str = "") -> str:
    """``docs/robustness.md``: the question, the set-up, the commands, the measured tables, and ``notes``
    (the hand-written block, kept from the previous version)."""
    models = [model for model in result.scores.models if model != BASELINE]
    vocabulary_free = [model for model in models if model.endswith(SUFFIX)]
    clean = corpus_name(result)
    clean_rows = [[f"`{model}`", *(_cell(result.scores.values.get(ScoreKey(model, clean, "fidelity", metric)))
                                   for metric in ("sentence_cosine", "similarity_spearman", "token_cosine"))]
                  for model in models if ScoreKey(model, clean, "fidelity", "sentence_cosine") in result.scores.values]
    trained = [f"  * `{student.source}` → `{folder}`"
               + (f" (training epochs: {student.seconds / 60:.1f} min)" if student.seconds else "")
               for student, folder in zip(students, folders)]
    sections = [
        "# Robustness to character noise: the vocabulary-free MiniLM against the original",
        "",
        f"Regenerated by `{command}`. Every figure below comes from that one run.",
        "",
        "**Question** (reference study §3; RETVec §3; HLM §4.2): once a student trained with noise replaces "
        "the word embeddings, does the model read misspelt text closer to what the untouched model reads "
        "from the clean text, while staying faithful on clean text? And closer than a user gets by "
        "correcting the spelling first and keeping the untouched model?",
        "",
        "## Set-up",
        "",
        f"* Model: `{settings.model}` (the embedded all-MiniLM-L6-v2 unless named), frozen throughout.",
        "* Students (MLflow run or folder → vocabulary-free export evaluated):",
        *trained,
        f"* Recipe of a student trained by the command: `{RECIPE}`.",
        f"* Evaluation: held-out documents `{settings.dataset}` (never read in training), {settings.seeds} seeds "
        f"× {settings.samples} sentences, max length {settings.max_length}; every model sees the same samples "
        "per seed. `-wholeword` is the vocabulary-free path (each word the student's vector, as in the export); "
        "the label without it is the same student on the WordPiece pieces.",
        "* `sentence_cosine_clean` / `similarity_spearman_clean`: a model on the noisy text against the "
        "untouched model on the clean text (1.0 = reads the noisy text as the original reads the clean one). "
        f"Paired t-tests over the seeds, level {ALPHA}.",
        f"* `{SPELL_CHECKED}` (spell-check first): the untouched model on the text corrected word by word by "
        "symspellpy with its bundled English frequency dictionary, maximum edit distance 2 "
        "(`distill.spelling`); scored on sentences only (its tokens differ from the others').",
        "* `human` noise: a human misspelling (phonetic, doubled or single letters, vowel confusions, "
        "transposed or dropped letters, documented misspellings; `distill.misspellings`) in 15 % of the "
        "plain words.",
        "",
        "## Clean text: fidelity to the untouched model",
        "",
        _table(["model", "sentence_cosine", "similarity_spearman", "token_cosine"], clean_rows),
        "",
    ]
    sections += ["## Goal", "", *(goal_lines(result, model, settings) for model in vocabulary_free), ""]
    for model in vocabulary_free:
        sections += [
            f"## Noisy text: `{model}` against the untouched model and spell-check first",
            "",
            _table(["noise", "metric", "untouched", "spell-check first", "vocabulary-free",
                    "vs untouched (paired t-test)", "vs spell-check first (paired t-test)"],
                   comparison_rows(result, model, settings,
                                   ("sentence_cosine_clean", "similarity_spearman_clean"))),
            "",
        ]
    return "\n".join(sections + [notes]) + "\n"


def goal_lines(result: EvaluationResult, model: str, settings: StudySettings) -> str:
    """Whether ``model`` keeps clean fidelity and, under each of :data:`GOAL_SETTINGS` evaluated, beats both
    the untouched model and spell-check first."""
    values = result.scores.values
    clean = values[ScoreKey(model, corpus_name(result), "fidelity", "sentence_cosine")]
    checks = [f"clean sentence_cosine {sum(clean) / len(clean):.4f} "
              f"{'≥' if sum(clean) / len(clean) >= CLEAN_GOAL else '<'} {CLEAN_GOAL}"]
    reached = sum(clean) / len(clean) >= CLEAN_GOAL
    for setting in GOAL_SETTINGS:
        if setting not in settings.noise:
            continue
        spec = noise_specs(setting)[0]
        for metric in ("sentence_cosine_clean", "similarity_spearman_clean"):
            key = ScoreKey(model, noised_dataset_name(corpus_name(result), spec), "fidelity", metric)
            for contender, name in CONTENDERS:
                difference, *_, p_value = paired_difference(values[key], values[key._replace(model=contender)])
                higher = difference > 0 and p_value < ALPHA
                reached = reached and higher
                checks.append(f"{setting} {metric} {'higher' if higher else 'not higher'} than {name} "
                              f"(p = {p_value:.2g})")
    return f"* `{model}`: goal {'**reached**' if reached else '**not reached**'}: " + "; ".join(checks) + "."

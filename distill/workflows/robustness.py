"""The robustness study (``distill robustness``): does a vocabulary-free model read misspelt text
better than the model it came from, and better than correcting the spelling first? A workflow: it
trains, exports and evaluates, so it sits above the training, export and evaluation packages
(``tests/test_layering.py``).

One command writes the study's report (``distill robustness --out PATH``; the project's is ``docs/robustness.md``):

1. train ``distill train``'s recipe (:data:`RECIPE`: table alignment, then denoising context
   distillation on the tokenizer's pieces, :mod:`distill.objectives.context`), unless trained students
   are given;
2. export each student as a vocabulary-free model (:func:`distill.export.folder.export_vocabulary_free`),
   the folder users load with ``AutoModel``;
3. evaluate the exports against the untouched model on held-out documents, clean and under
   each noise setting of :data:`NOISE_SETTINGS` (RETVec's typo family at 5 % and 10 % of
   characters, HLM §4.2's drop 10 % / repeat 20 % / random case 50 %, alone and together,
   human misspellings in 15 % of the words, :mod:`distill.noise.misspellings`), every model on the
   same seeded samples, paired t-tests over the seeds (:data:`STUDY`: the study's evaluation
   settings, over :class:`~distill.evaluation.settings.EvaluationSettings`' defaults); the untouched
   model on the spell-corrected text (:mod:`distill.evaluation.contender`) is scored beside them;
4. write the document (:mod:`distill.workflows.robustness_document`): set-up, commands, and per noise
   setting the clean-reference metrics (``sentence_cosine_clean``, ``similarity_spearman_clean``: each
   model on the noisy text against the untouched model on the clean text) of the untouched model,
   spell-check first and the vocabulary-free model, with the vocabulary-free model's paired t-tests
   against both.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distill.config.bounds import fitted_length, model_limits
from distill.config.fields import check_fields
from distill.config.training import config_from_mapping
from distill.errors import DistillError
from distill.evaluation.settings import CLEAN, EvaluationSettings
from distill.files.atomic import atomic_write_text
from distill.files.userfiles import read_text

if TYPE_CHECKING:
    from distill.evaluation.runner import EvaluationResult

NOISE_SETTINGS = (CLEAN, "typo:0.05", "typo:0.1", "drop:0.1", "repeat:0.2", "case:0.5", "hlm", "human")
# The study's evaluation: fidelity on held-out documents, on the vocabulary-free path alone (the students on the
# tokenizer's pieces are not what the study asks about, and cost a fifth of its time), clean and under each
# noise setting; a difference counts at p < 0.01. The command's flags can change all but the tasks and the
# vocabulary-free path, which the document reads.
STUDY: dict[str, Any] = {
    "tasks": ["fidelity"], "datasets": ["wiki:heldout", "pydoc+stdlib:heldout"], "noise": list(NOISE_SETTINGS),
    "samples": 256, "alpha": 0.01, "vocabulary_free": True, "word_pieces": False,
}
FIXED = ("tasks", "vocabulary_free")
# distill train's recipe (its defaults): the ngrams student on general English, mse table alignment, then denoising
# context distillation on the tokenizer's pieces, the vocabulary-free export's layout. The Python documentation
# (pydoc+stdlib) is never trained on: it is the study's unseen domain.
RECIPE: dict[str, Any] = {"teacher": "embedded", "eval_every": 100, "checkpoint_every": 5,
                          "run_name": "robustness-denoised"}


@dataclass(frozen=True)
class TrainedStudent:
    source: str  # MLflow run id or folder
    seconds: float | None  # seconds of its training epochs, when known


def given_student(source: str, tracking_uri: str | None) -> TrainedStudent:
    """A student named on the command line; for an MLflow run, its training seconds from the run."""
    if Path(source).exists():
        return TrainedStudent(source, None)
    import mlflow

    from distill.tracking import store

    if store.configure_existing("train", tracking_uri) is None:
        return TrainedStudent(source, None)  # load_student_from says what is wrong with it
    try:
        history = mlflow.MlflowClient().get_metric_history(source, "epoch_seconds")
    except mlflow.exceptions.MlflowException:
        return TrainedStudent(source, None)
    return TrainedStudent(source, sum(point.value for point in history) or None)


def train_recipe(overrides: Mapping[str, Any], *, tracking_uri: str | None, quiet: bool) -> TrainedStudent:
    """Train :data:`RECIPE` (with ``overrides``) and return its run."""
    from distill import training  # the training stack only when the study trains

    config = config_from_mapping({**RECIPE, **overrides}, source="robustness recipe")
    started = time.perf_counter()
    result = training.train(config, tracking_uri=tracking_uri, quiet=quiet)
    return TrainedStudent(result.run_id, time.perf_counter() - started)


def export_students(sources: Sequence[str], model: str, exports: Path, *, revision: str | None = None,
                    tracking_uri: str | None) -> list[Path]:
    """Each student as a vocabulary-free model in ``exports/<name>`` (an export given is used as it is)."""
    from distill.export.folder import export_vocabulary_free
    from distill.export.reading import is_vocabulary_free_export
    from distill.swap.trained import load_student_from

    folders = []
    for source in sources:
        if is_vocabulary_free_export(Path(source)):
            folders.append(Path(source))
            continue
        folder = exports / Path(source).name
        if not (folder / "config.json").is_file():
            student = load_student_from(source, tracking_uri=tracking_uri)
            export_vocabulary_free(None if model == "embedded" else model, student, folder, revision=revision,
                                   tracking_uri=tracking_uri)
        folders.append(folder)
    return folders


def check_study_settings(settings: EvaluationSettings) -> EvaluationSettings:
    """The study's evaluation settings, checked before any student is trained or exported; returns them with
    the length fitted to the model (:func:`distill.config.bounds.fitted_length`)."""
    settings = check_fields(settings)
    changed = [name for name in FIXED if getattr(settings, name) != STUDY[name]]
    if changed:
        raise DistillError(f"the robustness study fixes {', '.join(FIXED)}; got {', '.join(changed)} changed")
    from teachers import resolve_model_path  # imports torch: once the settings are checked

    limits = model_limits(resolve_model_path(settings.model, settings.revision)[0])
    return dataclasses.replace(settings, max_length=fitted_length(settings.max_length, limits, "max_length"))


def run_study(students: Sequence[TrainedStudent], settings: EvaluationSettings, exports: Path, out: Path, *,
              device: str = "auto", tracking_uri: str | None = None, quiet: bool = False,
              command: str | None = None) -> EvaluationResult:
    """Export, evaluate and write the document for ``students``."""
    from distill.evaluation.runner import evaluate_prepared, prepare  # the evaluation stack once the study runs
    from distill.workflows.robustness_document import kept_notes, render_study

    if not students:
        raise DistillError("the robustness study needs at least one student")
    settings = check_study_settings(settings)
    notes = kept_notes(read_text(out, "report") if out.is_file() else "")  # read before any work: UTF-8 only
    prepared = prepare(settings, quiet=quiet, tracking_uri=tracking_uri)  # refused before anything is exported
    folders = export_students([student.source for student in students], settings.model, exports,
                              revision=settings.revision, tracking_uri=tracking_uri)
    result = evaluate_prepared([str(folder) for folder in folders], prepared, device=device, quiet=quiet,
                               tracking_uri=tracking_uri)
    command = command or "distill " + shlex.join(sys.argv[1:])
    atomic_write_text(out, render_study(result, students, folders, settings, command, RECIPE, notes))
    return result

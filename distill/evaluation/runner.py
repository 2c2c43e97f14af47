"""Evaluate a transformer and its swapped students on the same seeded samples (paper §3).

The model is loaded once. Each student is baked (``distill.surgery``) into an ordinary
embedding table, and for every batch the baseline table and each student's table take
turns as the model's word-embedding module, so all of them see the very same inputs
and the MLM decoder keeps the teacher's table throughout.

With ``noise``, every seed noises the evaluation text once (``corpora.noised_corpus``),
and all models of that seed see the same noisy samples; the fidelity task also compares
each of them with the untouched model on the clean samples (``tasks`` explains). With ``whole_words``, each
student is also run on its vocabulary-free path (``wholeword.WholeWords``), labelled
``<student>-wholeword``, on the same batches.
"""

from __future__ import annotations

import inspect
import itertools
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import mlflow
import torch
from torch import nn
from tqdm.auto import tqdm
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill import tracking
from distill.devices import resolve_device
from distill.errors import DistillError
from distill.evaluation.corpora import OFFLINE_CORPUS, Corpus, load_corpus, noised_corpus
from distill.evaluation.report import render, write_report
from distill.evaluation.samples import Samples
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
from distill.evaluation.tasks import Task, last_hidden_state, mean_pool, resolve_tasks
from distill.evaluation.wholeword import SUFFIX, WholeWords, continuation_prefix
from distill.noise import NoiseSpec
from distill.runs import load_student_from
from distill.surgery import (
    StudentEmbedding,
    input_embeddings,
    load_transformer,
    swapped_input_embeddings,
)
from students import StudentEncoder
from teachers import load_tokenizer

BASELINE = "baseline"
CLEAN = "clean"  # the noise setting that leaves the text as it is
MIN_SAMPLES = 4
MIN_LENGTH = 8
MODEL_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
NOTE_LIMIT = 8000  # MLflow's longest tag value

Variant = nn.Module | WholeWords  # a word-embedding module for the ids, or the whole-word path


@dataclass
class EvaluationResult:
    run_id: str
    scores: ScoreTable
    summaries: list[Summary]
    tests: list[PairedTest]
    report: str


def score_variants(
    model: PreTrainedModel,
    tokenizer: PreTrainedTokenizerBase,
    variants: Mapping[str, Variant],
    corpora: Sequence[Corpus],
    tasks: Sequence[Task],
    seeds: Sequence[int],
    *,
    samples: int,
    max_length: int,
    batch_size: int,
    noise: Sequence[NoiseSpec | None] = (None,),
    quiet: bool = True,
) -> ScoreTable:
    """Score ``model`` with each variant as its word-embedding module, batch by batch on the same samples.

    The first variant is the reference the fidelity task compares with (the baseline);
    it must be a module. For each spec of ``noise`` (None: clean text), seed ``s`` evaluates
    ``noised_corpus(corpus, spec, s)``, reported as the dataset ``<corpus> ~ <spec>``.
    """
    device = model.device
    accepted = inspect.signature(model.forward).parameters
    inputs = [name for name in MODEL_INPUTS if name in accepted]
    scores = ScoreTable(list(seeds))
    total = len(corpora) * len(noise) * len(seeds) * len(tasks) * -(-samples // batch_size)
    progress = tqdm(total=total, desc="evaluate", disable=quiet or not sys.stderr.isatty(), dynamic_ncols=True)
    with progress, torch.no_grad():
        for corpus, spec, seed in itertools.product(corpora, noise, seeds):
            text = corpus if spec is None else noised_corpus(corpus, spec, seed)
            dataset = noised_dataset_name(corpus.name, spec)
            for task in tasks:
                progress.set_postfix(dataset=dataset, task=task.name, seed=seed)
                drawn = task.draw(text, tokenizer, seed, samples, max_length)
                scores.fingerprints[(dataset, task.name, seed)] = drawn.fingerprint
                clean_sentences = None
                if spec is not None and task.compares_with_clean:
                    # The same seed draws the same sentences from the clean corpus (noised_corpus keeps order).
                    clean_drawn = task.draw(corpus, tokenizer, seed, samples, max_length)
                    clean_sentences = _sentence_vectors(model, next(iter(variants.values())), clean_drawn,
                                                        tokenizer.pad_token_id, batch_size, inputs)
                scorers = {label: task.scorer(clean_sentences) for label in variants}
                for batch in drawn.batches(batch_size, tokenizer.pad_token_id, device):
                    reference = None
                    for label, variant in variants.items():
                        output, scored = _run(model, variant, batch, inputs, task.needs_hidden_states)
                        reference = output if reference is None else reference
                        scorers[label].update(output, scored, reference)
                    progress.update()
                for label, scorer in scorers.items():
                    for metric, value in scorer.result().items():
                        scores.values[ScoreKey(label, dataset, task.name, metric)].append(value)
    return scores


def noise_specs(noise: NoiseSpec | str | Sequence[NoiseSpec | str | None] | None) -> list[NoiseSpec | None]:
    """The noise settings to evaluate under, parsed; ``None`` (or ``"clean"``) reads the text as it is."""
    given = [noise] if noise is None or isinstance(noise, (str, NoiseSpec)) else list(noise)
    specs = [None if spec is None or spec == CLEAN else NoiseSpec.parse(spec) if isinstance(spec, str) else spec
             for spec in given]
    if not specs:
        raise DistillError("--noise needs at least one spec (or 'clean')")
    return list(dict.fromkeys(specs))


def noised_dataset_name(corpus: str, spec: NoiseSpec | None) -> str:
    """The dataset label of ``corpus`` read clean (its name) or under ``spec``."""
    return corpus if spec is None else f"{corpus} ~ {spec}"


def _sentence_vectors(model: PreTrainedModel, variant: Variant, drawn: Samples, pad_token_id: int,
                      batch_size: int, inputs: Sequence[str]) -> torch.Tensor:
    """Mean-pooled last hidden states of ``model`` with ``variant``, one row per sample of ``drawn``."""
    vectors = []
    for batch in drawn.batches(batch_size, pad_token_id, model.device):
        output, _ = _run(model, variant, batch, inputs, output_hidden_states=True)
        vectors.append(mean_pool(last_hidden_state(output).double(), batch["attention_mask"].bool()).cpu())
    return torch.cat(vectors)


def _run(model: PreTrainedModel, variant: Variant, batch: dict[str, torch.Tensor], inputs: Sequence[str],
         output_hidden_states: bool) -> tuple[ModelOutput, dict[str, torch.Tensor]]:
    """The model's output with ``variant``, and the batch its scorer reads (the whole-word one for that path)."""
    if isinstance(variant, WholeWords):
        return variant.run(model, batch, inputs, output_hidden_states)
    with swapped_input_embeddings(model, variant):
        return model(**{name: batch[name] for name in inputs if name in batch},
                     output_hidden_states=output_hidden_states), batch


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


def _validate(students: Sequence[str], seeds: int, samples: int, max_length: int, alpha: float,
              batch_size: int) -> None:
    if not students:
        raise DistillError("give at least one student to compare with the baseline (--students RUN_OR_FOLDER ...)")
    if seeds < 2:
        raise DistillError(f"--seeds must be at least 2 for the paired t-test, got {seeds}")
    if samples < MIN_SAMPLES:
        raise DistillError(f"--samples must be at least {MIN_SAMPLES}, got {samples}")
    if max_length < MIN_LENGTH:
        raise DistillError(f"--max-length must be at least {MIN_LENGTH} tokens, got {max_length}")
    if not 0 < alpha < 1:
        raise DistillError(f"--alpha must be between 0 and 1, got {alpha}")
    if batch_size < 1:
        raise DistillError(f"--batch-size must be positive, got {batch_size}")


def evaluate(
    students: Sequence[str],
    *,
    model: str = "embedded",
    revision: str | None = None,
    tasks: Sequence[str] | None = None,
    datasets: Sequence[str] = (OFFLINE_CORPUS,),
    seeds: int = 5,
    samples: int = 512,
    max_length: int = 128,
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
        max_length: tokens per sample (pairs included), longer ones truncated.
        alpha: level of the paired t-tests.
        noise: a ``distill.noise`` spec or preset (``"hlm"``, ``"drop:0.1,case:0.5"``), or several
            (``"clean"`` for the text as it is), applied to the evaluation text only, seeded by
            each evaluation seed; each is reported as its own dataset, ``<corpus> ~ <spec>``.
        whole_words: also run each student on its vocabulary-free path, words the
            tokenizer splits embedded whole (``<student>-wholeword``; WordPiece models).
    """
    _validate(students, seeds, samples, max_length, alpha, batch_size)
    specs = noise_specs(noise)
    loaded = load_transformer(model, revision)
    tokenizer = load_tokenizer(loaded.path)
    if tokenizer.pad_token_id is None:
        raise DistillError(f"the tokenizer of {model} has no padding token; batched evaluation needs one")
    if whole_words:
        continuation_prefix(tokenizer)  # refuse a tokenizer without ## pieces before any work
    chosen = resolve_tasks(tasks, loaded.model)
    corpora = [load_corpus(name) for name in dict.fromkeys(datasets)]
    names = [corpus.name for corpus in corpora]
    if len(set(names)) < len(names):
        raise DistillError(f"corpora must have distinct names (file stems), got {', '.join(names)}")
    for corpus in corpora:
        for task in chosen:
            task.require(corpus, samples)
    trained = [load_student_from(source, tracking_uri=tracking_uri) for source in students]

    network = loaded.model.to(resolve_device(device))
    variants: dict[str, Variant] = {BASELINE: input_embeddings(network)}
    sources: dict[str, str] = {}
    whole_word_paths: dict[str, WholeWords] = {}
    for source, student in zip(students, trained):
        label = _unique(student_label(student, source), variants)
        live = StudentEmbedding.from_model(network, student, tokenizer)
        variants[label] = live.baked()
        sources[label] = source
        if whole_words:
            wholeword_label = _unique(label + SUFFIX, {**variants, **whole_word_paths})
            whole_word_paths[wholeword_label] = WholeWords(live.eval(), variants[label], tokenizer)
    variants |= whole_word_paths
    scores = score_variants(network, tokenizer, variants, corpora, chosen, range(seeds), samples=samples,
                            max_length=max_length, batch_size=batch_size, noise=specs, quiet=quiet)
    summaries, tests = summarize(scores), paired_tests(scores, BASELINE, alpha)
    diffs = differences(scores, BASELINE, alpha)
    report = render(summaries, tests, seeds, diffs)

    params = {
        "model": model, "model_path": loaded.path, "model_revision": loaded.revision,
        "architecture": type(network).__name__, "tasks": ",".join(task.name for task in chosen),
        "datasets": ",".join(corpus.name for corpus in corpora), "seeds": seeds, "samples": samples,
        "max_length": max_length, "alpha": alpha, "batch_size": batch_size, "device": str(network.device),
        "students": ",".join(students), "noise": "; ".join(str(spec or CLEAN) for spec in specs),
        "whole_words": whole_words,
        **{f"corpus.{corpus.name}": f"{len(corpus.sentences)} sentences, sha {corpus.fingerprint}"
           for corpus in corpora},
    }
    run_ids = [student.provenance["run_id"] for student in trained if student.provenance.get("run_id")]
    run_id = _log_run(params, sources, run_ids, scores, summaries, tests, diffs, report, tracking_uri)
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
    scores: ScoreTable,
    summaries: list[Summary],
    tests: list[PairedTest],
    diffs: list[Difference],
    report: str,
    tracking_uri: str | None,
) -> str:
    """One MLflow run: settings, links to the students' runs, every score and the report files."""
    tracking.configure("evaluate", tracking_uri)
    run_name = evaluation_run_name(str(params["model"]), list(sources))
    with mlflow.start_run(run_name=run_name, nested=mlflow.active_run() is not None) as run:
        mlflow.log_params(params)
        mlflow.set_tags({
            "distill.student_runs": ",".join(student_runs),
            **{f"distill.student.{label}": source for label, source in sources.items()},
            "mlflow.note.content": _note(report),
        })
        for index, seed in enumerate(scores.seeds):
            mlflow.log_metrics({_metric_name(key): values[index] for key, values in scores.values.items()}, step=seed)
        mlflow.log_metrics({f"{_metric_name(s.key)}/mean": s.mean for s in summaries}
                           | {f"{_metric_name(s.key)}/std": s.std for s in summaries}
                           | {f"{_metric_name(t.key)}/p_value": t.p_value for t in tests})
        with tempfile.TemporaryDirectory() as folder:
            write_report(Path(folder), scores, summaries, tests, diffs)
            mlflow.log_artifacts(folder)
        return run.info.run_id

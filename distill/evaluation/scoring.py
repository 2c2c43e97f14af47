"""Score a model with each of several word-embedding modules, batch by batch on the same seeded samples.

For every batch the baseline table and each student's table take turns as the model's word-embedding
module, so all of them see the very same inputs and the MLM decoder keeps the teacher's table throughout.
With noise, every seed noises the evaluation text once (``corpora.noised_corpus``) and all models of that
seed see the same noisy samples; the fidelity task also compares each of them with the untouched model on
the clean samples (``tasks`` explains). A vocabulary-free variant (``vocabulary_free.VocabularyFreePath``) runs
the student on its vocabulary-free path on the same batches; a rewritten one (``contender.Rewritten``, spell-check
first) reads the same sentences rewritten, batch for batch, in the tasks that compare sentences only.

Where the vocabulary-free path gives the model exactly what the ids give it through the path's own table (on a
WordPiece model, a batch whose every word the segmenter cuts as the tokenizer does: the same rows at the same
positions), the table's output on that batch is its output too, and is reused rather than computed again
(:class:`SharedForwards`).
"""

from __future__ import annotations

import inspect
import itertools
import sys
from collections.abc import Mapping, Sequence

import torch
from torch import nn
from tqdm.auto import tqdm
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill.data import Corpus, noised_corpus, readings
from distill.data.samples import Samples
from distill.evaluation.contender import Rewritten
from distill.evaluation.journal import Results, ScoreJournal
from distill.evaluation.settings import noised_dataset_name
from distill.evaluation.statistics import ScoreKey, ScoreTable
from distill.noise.specs import Noise
from distill.swap.surgery import swapped_input_embeddings
from distill.swap.vocabulary_free import VocabularyFreePath
from distill.tasks.base import Task, last_hidden_state
from distill.tasks.fidelity import REFERENCE_MASK, mean_pool
from distill.tracking.progress import StepLines, announce

MODEL_INPUTS = ("input_ids", "attention_mask", "token_type_ids")

# A word-embedding module for the ids, the vocabulary-free path, or a module reading a rewritten text.
Variant = nn.Module | VocabularyFreePath | Rewritten


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
    noise: Sequence[Noise | None] = (None,),
    quiet: bool = True,
    journal: ScoreJournal | None = None,
) -> ScoreTable:
    """Score ``model`` with each variant as its word-embedding module, batch by batch on the same samples.

    The first variant is the reference the fidelity task compares with (the baseline);
    it must be a module. For each spec of ``noise`` (None: clean text), seed ``s`` evaluates
    ``noised_corpus(corpus, spec, s)``, reported as the dataset ``<corpus> ~ <spec>``; ``given`` reads only the
    corpora that have noisy text. With a ``journal``, each unit (a dataset, a seed and a task) it holds for the same
    samples is read from it, and each unit scored is added to it (:mod:`distill.evaluation.journal`).
    """
    device = model.device
    accepted = inspect.signature(model.forward).parameters
    inputs = [name for name in MODEL_INPUTS if name in accepted]
    scores = ScoreTable(list(seeds))
    clean_vectors: dict[tuple[str, str, int], torch.Tensor] = {}  # the reference on the clean samples, per seed
    shared = SharedForwards()
    corpus_noises = readings(corpora, noise)
    units = [(noised_dataset_name(corpus.name, spec), task.name, seed)
             for (corpus, spec), seed in itertools.product(corpus_noises, seeds) for task in tasks]
    journaled = sum(key in journal.done for key in units) if journal is not None else 0
    if journal is not None and journaled:
        announce(f"resuming: {journaled} of {len(units)} units (a dataset, a seed and a task) already scored, "
                 f"read from {journal.path}", quiet=quiet)
    total = (len(units) - journaled) * -(-samples // batch_size)
    bar = not quiet and sys.stderr.isatty()  # in a log: a line every half minute instead
    progress: tqdm | StepLines = (tqdm(total=total, desc="evaluate", dynamic_ncols=True) if bar
                                  else StepLines(total, quiet=quiet, label="batches", scope=""))
    with progress, torch.no_grad():
        for (corpus, spec), seed in itertools.product(corpus_noises, seeds):
            text = corpus if spec is None else noised_corpus(corpus, spec, seed)
            dataset = noised_dataset_name(corpus.name, spec)
            for task in tasks:
                progress.set_postfix(dataset=dataset, task=task.name, seed=seed)
                drawn = task.draw(text, tokenizer, seed, samples, max_length)
                unit = (dataset, task.name, seed)
                scores.fingerprints[unit] = drawn.fingerprint
                done = journal.results(unit, drawn.fingerprint) if journal is not None else None
                if done is not None:
                    add_results(scores, dataset, task.name, done)
                    continue
                clean_sentences = None
                if spec is not None and task.compares_with_clean:
                    # The same seed draws the same sentences from the clean corpus (noised_corpus keeps order),
                    # so every noise setting of a seed compares with the same vectors, computed once.
                    key = (corpus.name, task.name, seed)
                    if key not in clean_vectors:
                        clean_drawn = task.draw(corpus, tokenizer, seed, samples, max_length)
                        clean_vectors[key] = _sentence_vectors(model, next(iter(variants.values())), clean_drawn,
                                                               tokenizer.pad_token_id, batch_size, inputs)
                    clean_sentences = clean_vectors[key]
                scored_variants = {label: variant for label, variant in variants.items()
                                   if task.compares_sentences or not isinstance(variant, Rewritten)}
                rewritten = {label: task.draw(variant.corpus(text), tokenizer, seed, samples, max_length)
                             .batches(batch_size, tokenizer.pad_token_id, device)
                             for label, variant in scored_variants.items() if isinstance(variant, Rewritten)}
                scorers = {label: task.scorer(clean_sentences, model) for label in scored_variants}
                runner = task.runs_on(model)
                for batch in drawn.batches(batch_size, tokenizer.pad_token_id, device):
                    reference = None
                    shared.new_batch()
                    for label, variant in scored_variants.items():
                        if label in rewritten:
                            read = {**next(rewritten[label]), REFERENCE_MASK: batch["attention_mask"]}
                            output, scored = _run(runner, variant, read, inputs, task.needs_hidden_states)
                        else:
                            output, scored = shared.run(runner, variant, batch, inputs, task.needs_hidden_states)
                        reference = output if reference is None else reference
                        scorers[label].update(output, scored, reference)
                    progress.update()
                results = {label: scorer.result() for label, scorer in scorers.items()}
                add_results(scores, dataset, task.name, results)
                if journal is not None:
                    journal.record(unit, drawn.fingerprint, results)
    return scores


def add_results(scores: ScoreTable, dataset: str, task: str, results: Results) -> None:
    """Append one unit's ``results`` (each model's metrics) to ``scores``, as the next seed's values."""
    for label, metrics in results.items():
        for metric, value in metrics.items():
            scores.values[ScoreKey(label, dataset, task, metric)].append(value)


class SharedForwards:
    """Runs each variant on a batch, reusing a table's output for a vocabulary-free path that reads the same inputs.

    The vocabulary-free path feeds the model ``inputs_embeds``; where they are the rows its own table
    (``VocabularyFreePath.table``) gives the batch's ids, with the same mask, segments and labels, the model's
    output is the one it gave with that table on the ids. The first such reuse is checked against a real forward
    pass, tensor for tensor and bit for bit; a model that reads ``inputs_embeds`` otherwise than the ids it looks up
    (RoBERTa and MPNet number their positions from the ids' padding) fails the check, and from then on every
    vocabulary-free batch is run in full.
    """

    def __init__(self) -> None:
        self.verified: bool | None = None  # None: no reuse checked yet
        self.outputs: dict[int, ModelOutput] = {}  # this batch: id of a table module → the model's output with it

    def new_batch(self) -> None:
        self.outputs.clear()

    def run(self, model: PreTrainedModel, variant: Variant, batch: dict[str, torch.Tensor], inputs: Sequence[str],
            output_hidden_states: bool) -> tuple[ModelOutput, dict[str, torch.Tensor]]:
        """:func:`_run`, reusing this batch's output of a table where it provably equals the variant's."""
        if not isinstance(variant, VocabularyFreePath):
            output, scored = _run(model, variant, batch, inputs, output_hidden_states)
            if isinstance(variant, nn.Module):
                self.outputs[id(variant)] = output
            return output, scored
        words = variant.inputs(batch)
        known = self.outputs.get(id(variant.table))
        if known is None or self.verified is False or not _same_inputs(variant.table, batch, words):
            return variant.forward(model, words, inputs, output_hidden_states), words
        if self.verified is None:
            output = variant.forward(model, words, inputs, output_hidden_states)
            self.verified = _identical(output, known)
            return output, words
        return known, words


def _same_inputs(table: nn.Module, batch: dict[str, torch.Tensor], words: dict[str, torch.Tensor]) -> bool:
    """Whether the vocabulary-free ``words`` hold ``table``'s rows of ``batch``'s ids, in its mask, segments and
    labels."""
    ids = batch["input_ids"]
    if words["inputs_embeds"].shape[:2] != ids.shape:
        return False
    moved = [key for key in ("attention_mask", "token_type_ids", "labels") if key in batch]
    return torch.equal(words["inputs_embeds"], table(ids)) and all(torch.equal(words[key], batch[key])
                                                                    for key in moved)


def _identical(first: ModelOutput, second: ModelOutput) -> bool:
    """Whether two outputs hold the same fields with the same tensors, to the last bit."""
    def tensors(output: ModelOutput) -> list[torch.Tensor]:
        return [tensor for value in output.values() for tensor in (value if isinstance(value, tuple) else (value,))]

    left, right = tensors(first), tensors(second)
    return first.keys() == second.keys() and len(left) == len(right) and all(
        torch.equal(one, other) for one, other in zip(left, right))


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
    if isinstance(variant, Rewritten):  # the batch holds the rewritten text already
        return _run(model, variant.reader, batch, inputs, output_hidden_states)
    if isinstance(variant, VocabularyFreePath):
        return variant.run(model, batch, inputs, output_hidden_states)
    with swapped_input_embeddings(model, variant):
        return model(**{name: batch[name] for name in inputs if name in batch},
                     output_hidden_states=output_hidden_states), batch

"""Score a model with each of several word-embedding modules, batch by batch on the same seeded samples.

For every batch the baseline table and each student's table take turns as the model's word-embedding
module, so all of them see the very same inputs and the MLM decoder keeps the teacher's table throughout.
With noise, every seed noises the evaluation text once (``corpora.noised_corpus``) and all models of that
seed see the same noisy samples; the fidelity task also compares each of them with the untouched model on
the clean samples (``tasks`` explains). A vocabulary-free variant (``vocabulary_free.VocabularyFreePath``) runs
the student on its vocabulary-free path on the same batches; a rewritten one (``contender.Rewritten``, spell-check
first) reads the same sentences rewritten, batch for batch, in the tasks that compare sentences only.
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
from distill.evaluation.settings import noised_dataset_name
from distill.evaluation.statistics import ScoreKey, ScoreTable
from distill.noise.specs import Noise
from distill.swap.surgery import swapped_input_embeddings
from distill.swap.vocabulary_free import VocabularyFreePath
from distill.tasks.base import Task, last_hidden_state
from distill.tasks.fidelity import REFERENCE_MASK, mean_pool

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
) -> ScoreTable:
    """Score ``model`` with each variant as its word-embedding module, batch by batch on the same samples.

    The first variant is the reference the fidelity task compares with (the baseline);
    it must be a module. For each spec of ``noise`` (None: clean text), seed ``s`` evaluates
    ``noised_corpus(corpus, spec, s)``, reported as the dataset ``<corpus> ~ <spec>``; ``given`` reads only the
    corpora that have noisy text.
    """
    device = model.device
    accepted = inspect.signature(model.forward).parameters
    inputs = [name for name in MODEL_INPUTS if name in accepted]
    scores = ScoreTable(list(seeds))
    clean_vectors: dict[tuple[str, str, int], torch.Tensor] = {}  # the reference on the clean samples, per seed
    corpus_noises = readings(corpora, noise)
    total = len(corpus_noises) * len(seeds) * len(tasks) * -(-samples // batch_size)
    progress = tqdm(total=total, desc="evaluate", disable=quiet or not sys.stderr.isatty(), dynamic_ncols=True)
    with progress, torch.no_grad():
        for (corpus, spec), seed in itertools.product(corpus_noises, seeds):
            text = corpus if spec is None else noised_corpus(corpus, spec, seed)
            dataset = noised_dataset_name(corpus.name, spec)
            for task in tasks:
                progress.set_postfix(dataset=dataset, task=task.name, seed=seed)
                drawn = task.draw(text, tokenizer, seed, samples, max_length)
                scores.fingerprints[(dataset, task.name, seed)] = drawn.fingerprint
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
                    for label, variant in scored_variants.items():
                        read = {**next(rewritten[label]), REFERENCE_MASK: batch["attention_mask"]} \
                            if label in rewritten else batch
                        output, scored = _run(runner, variant, read, inputs, task.needs_hidden_states)
                        reference = output if reference is None else reference
                        scorers[label].update(output, scored, reference)
                    progress.update()
                for label, scorer in scorers.items():
                    for metric, value in scorer.result().items():
                        scores.values[ScoreKey(label, dataset, task.name, metric)].append(value)
    return scores


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

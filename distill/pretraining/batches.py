"""BERT's pre-training batches (Devlin et al. 2019, §3.1 and appendix A.1), drawn from a seed and a step alone.

Each example is a pair of sentences: half the time the sentence that follows the first in its document
(``NEXT``), half the time one from another document (``RANDOM``). 15 % of the pair's tokens, special tokens and
padding aside, are chosen for prediction; 80 % of those become the mask token, 10 % a random token of the
vocabulary and 10 % stay as they are. Unlike BERT, a segment is one sentence, not a span of up to 512 tokens: the
evaluation's MLM and NSP samples (:mod:`distill.data.samples`) are one sentence and one pair of sentences.

Everything a batch holds is a function of ``(seed, step)``, so a run resumed at step ``k`` draws what an
uninterrupted run would have drawn.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data import Corpus
from distill.data.samples import IGNORE, MASK_FRACTION, NEXT, RANDOM, random_partner

KEEP_SHARE, RANDOM_SHARE = 0.1, 0.1  # of the chosen tokens: left as they are, replaced by a random token


def step_generator(seed: int, step: int) -> np.random.Generator:
    """The generator of step ``step`` of a run seeded ``seed``."""
    return np.random.default_rng([seed, step])


def sentence_pairs(corpus: Corpus, count: int, rng: np.random.Generator) -> tuple[list[str], list[str], list[int]]:
    """``count`` first sentences, their partners and labels: each first sentence starts a next-sentence pair of
    ``corpus``, and its partner is the next sentence or, with probability 1/2, one from another document."""
    starts = rng.choice(corpus.pair_starts, size=count)
    labels = np.where(rng.random(count) < 0.5, RANDOM, NEXT)
    partners = [start + 1 if label == NEXT else random_partner(corpus, int(start), rng)
                for start, label in zip(starts, labels)]
    return ([corpus.sentences[start] for start in starts], [corpus.sentences[index] for index in partners],
            [int(label) for label in labels])


def masked_tokens(input_ids: Tensor, candidates: Tensor, replacements: Tensor, mask_token_id: int,
                  rng: np.random.Generator) -> tuple[Tensor, Tensor]:
    """BERT's masking of ``input_ids`` at :data:`MASK_FRACTION` of the ``candidates`` (a boolean tensor of the same
    shape; at least one is chosen): ``(inputs, labels)``, labels the original ids at the chosen positions and
    ``IGNORE`` elsewhere; random tokens are drawn from ``replacements`` (ids)."""
    draws = torch.from_numpy(rng.random((3, *input_ids.shape)))
    chosen = candidates & (draws[0] < MASK_FRACTION)
    if not chosen.any():  # a batch of very short pairs: one token is still predicted
        flat = candidates.flatten().nonzero().squeeze(1)
        chosen = chosen.flatten()
        chosen[flat[int(rng.integers(len(flat)))]] = True
        chosen = chosen.view_as(input_ids)
    labels = torch.where(chosen, input_ids, torch.full_like(input_ids, IGNORE))
    masked = chosen & (draws[1] < 1 - KEEP_SHARE - RANDOM_SHARE)
    randomised = chosen & ~masked & (draws[1] < 1 - KEEP_SHARE)
    random_ids = replacements[(draws[2] * len(replacements)).long().clamp(max=len(replacements) - 1)]
    inputs = torch.where(masked, torch.full_like(input_ids, mask_token_id), input_ids)
    return torch.where(randomised, random_ids, inputs), labels


def pretraining_batch(corpus: Corpus, tokenizer: PreTrainedTokenizerBase, replacements: Tensor, *, seed: int,
                      step: int, batch_size: int, max_length: int) -> dict[str, Tensor]:
    """Step ``step``'s batch: the model's inputs, ``labels`` (MLM) and ``next_sentence_label`` (NSP)."""
    rng = step_generator(seed, step)
    firsts, seconds, labels = sentence_pairs(corpus, batch_size, rng)
    encoded = tokenizer(firsts, seconds, truncation=True, max_length=max_length, padding=True,
                        return_special_tokens_mask=True, return_tensors="pt")
    candidates = (encoded.pop("special_tokens_mask") == 0) & (encoded["attention_mask"] == 1)
    inputs, mlm_labels = masked_tokens(encoded["input_ids"], candidates, replacements, tokenizer.mask_token_id, rng)
    return {**encoded, "input_ids": inputs, "labels": mlm_labels, "next_sentence_label": torch.tensor(labels)}

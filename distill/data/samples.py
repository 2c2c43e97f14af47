"""Seeded evaluation samples: which sentences, which masked positions, which sentence pairs.

The builders expect a corpus large enough (the tasks check it with ``Corpus.require``).
A seed alone fixes a sample set (``numpy.random.default_rng(seed)``), so every model of
an evaluation — the baseline and each swapped student — sees exactly the same inputs,
and a paired t-test over seeds compares like with like (paper §3, Table 3).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import cast

import numpy as np
import torch
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data import Corpus
from distill.errors import DistillError

MASK_FRACTION = 0.15  # BERT's masking rate (Devlin et al. 2019), as in the paper's MLM evaluation
IGNORE = -100  # label of positions that are not scored (the transformers convention)
NEXT, RANDOM = 0, 1  # next_sentence_label values, as BertForPreTraining defines them

Example = Mapping[str, list[int] | int]  # a model input's sequence, or a label (next_sentence_label)
Encoded = dict[str, list[int]]  # a tokenized text, before a label is added


@dataclass(frozen=True)
class Samples:
    """The tokenized examples of one task drawn with one seed."""

    task: str
    seed: int
    examples: tuple[Example, ...]

    @cached_property
    def fingerprint(self) -> str:
        """Short hash of the examples: equal fingerprints, identical inputs and labels."""
        return hashlib.sha256(json.dumps(self.examples, sort_keys=True).encode()).hexdigest()[:12]

    def batches(self, batch_size: int, pad_token_id: int, device: torch.device) -> Iterator[dict[str, Tensor]]:
        for start in range(0, len(self.examples), batch_size):
            yield collate(self.examples[start : start + batch_size], pad_token_id, device)


def collate(examples: Sequence[Example], pad_token_id: int, device: torch.device) -> dict[str, Tensor]:
    """Stack examples into tensors, right-padding sequences (ids with the pad id, labels with IGNORE)."""
    batch = {}
    for key in examples[0]:
        values = [example[key] for example in examples]
        if isinstance(values[0], int):
            batch[key] = torch.tensor(values)
            continue
        sequences = cast(list[list[int]], values)  # a key holds a sequence in every example or in none
        pad = pad_token_id if key == "input_ids" else IGNORE if key == "labels" else 0
        width = max(len(sequence) for sequence in sequences)
        batch[key] = torch.tensor([sequence + [pad] * (width - len(sequence)) for sequence in sequences])
    return {key: tensor.to(device) for key, tensor in batch.items()}


def _encode(
    tokenizer: PreTrainedTokenizerBase, first: list[str], second: list[str] | None, max_length: int
) -> list[Encoded]:
    """One example per text (or text pair), truncated to ``max_length``, with a ``special`` flag list."""
    encoded = tokenizer(first, second, truncation=True, max_length=max_length, return_special_tokens_mask=True)
    special_ids = set(tokenizer.all_special_ids)
    examples = []
    for index in range(len(first)):
        example = {key: list(encoded[key][index]) for key in encoded.keys()}
        flags = example.pop("special_tokens_mask")
        example["special"] = [int(flag or token in special_ids) for flag, token in zip(flags, example["input_ids"])]
        examples.append(example)
    return examples


def _without_special(examples: list[Encoded]) -> list[Encoded]:
    for example in examples:
        del example["special"]
    return examples


def draw_indices(corpus: Corpus, count: int, rng: np.random.Generator) -> list[int]:
    """The indices of ``count`` distinct sentences of ``corpus``."""
    return [int(index) for index in rng.choice(len(corpus.sentences), size=count, replace=False)]


def draw_sentences(corpus: Corpus, count: int, rng: np.random.Generator) -> list[str]:
    """``count`` distinct sentences of ``corpus``."""
    return [corpus.sentences[index] for index in draw_indices(corpus, count, rng)]


def sentence_samples(corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
                     max_length: int) -> Samples:
    """Plain sentences (the fidelity task)."""
    rng = np.random.default_rng(seed)
    examples = _encode(tokenizer, draw_sentences(corpus, count, rng), None, max_length)
    return Samples("fidelity", seed, tuple(_without_special(examples)))


def masked_samples(corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
                   max_length: int) -> Samples:
    """Sentences with 15% of their non-special tokens (at least one) replaced by the mask token.

    ``labels`` holds the original id at masked positions and IGNORE elsewhere. Every
    masked position gets the mask token (no 80/10/10 split: this is evaluation).
    """
    if tokenizer.mask_token_id is None:
        raise DistillError(f"{type(tokenizer).__name__} has no mask token; the mlm task needs one")
    rng = np.random.default_rng(seed)
    examples = _encode(tokenizer, draw_sentences(corpus, count, rng), None, max_length)
    for example in examples:
        candidates = [position for position, special in enumerate(example["special"]) if not special]
        num_masked = max(1, round(MASK_FRACTION * len(candidates))) if candidates else 0
        masked = rng.choice(candidates, size=num_masked, replace=False)
        labels = [IGNORE] * len(example["input_ids"])
        for position in masked:
            labels[position] = example["input_ids"][position]
            example["input_ids"][position] = tokenizer.mask_token_id
        example["labels"] = labels
    return Samples("mlm", seed, tuple(_without_special(examples)))


def whole_word_samples(corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
                       max_length: int) -> Samples:
    """Sentences as written with whole words masked, each scored as the word meant (the ``mlm-meant`` task).

    The seed draws the sentences :func:`masked_samples` draws. Words are whitespace-separated; each masked word
    becomes as many mask tokens as the word *meant* has pieces, labelled with those pieces, and the other words
    keep their written pieces. Words are masked in a seeded order until 15% of the meant pieces (at least one
    word) are masked, a choice made on the meant sentence alone: on a noised corpus (:func:`noised_corpus` keeps
    ``Corpus.meant``) the same words are masked with the same labels as on the clean one, and only the context
    differs, so the score measures how well a model reads noisy context rather than whether it predicts the
    noise. A sentence whose noise split or joined words (no word-for-word reading) is kept with no masked word.
    Whole-word masking as in BERT's later release (Devlin et al., google-research/bert README, "Whole Word
    Masking"); scoring the meant word under noise is this workbench's.
    """
    if tokenizer.mask_token_id is None:
        raise DistillError(f"{type(tokenizer).__name__} has no mask token; the mlm-meant task needs one")
    if not tokenizer.is_fast:
        raise DistillError(f"{type(tokenizer).__name__} is not a fast tokenizer; the mlm-meant task needs one "
                           "(it finds each word's pieces by their offsets)")
    rng = np.random.default_rng(seed)
    chosen = draw_indices(corpus, count, rng)
    written = _word_pieces(tokenizer, [corpus.sentences[index] for index in chosen])
    meant = written if corpus.meant is None else _word_pieces(tokenizer, [corpus.meant[index] for index in chosen])
    segments = "token_type_ids" in tokenizer.model_input_names
    examples: list[Example] = []
    for (prefix, written_words, suffix), (_, meant_words, _) in zip(written, meant):
        masked = _masked_words(meant_words, rng)  # drawn for every sentence: the seed's draws stay in step
        if len(written_words) != len(meant_words):
            masked = set()
        input_ids, labels = list(prefix), [IGNORE] * len(prefix)
        for index, pieces in enumerate(written_words):
            if index in masked:
                input_ids += [tokenizer.mask_token_id] * len(meant_words[index])
                labels += meant_words[index]
            else:
                input_ids += pieces
                labels += [IGNORE] * len(pieces)
        room = max_length - len(suffix)
        input_ids, labels = input_ids[:room] + list(suffix), labels[:room] + [IGNORE] * len(suffix)
        example: Example = {"input_ids": input_ids, "attention_mask": [1] * len(input_ids), "labels": labels}
        examples.append({**example, "token_type_ids": [0] * len(input_ids)} if segments else example)
    return Samples("mlm-meant", seed, tuple(examples))


WordPieces = tuple[list[int], list[list[int]], list[int]]  # the special pieces before, each word's pieces, after


def _word_pieces(tokenizer: PreTrainedTokenizerBase, sentences: list[str]) -> list[WordPieces]:
    """Each sentence's pieces grouped by whitespace-separated word (by the pieces' character offsets), with the
    special pieces around them."""
    encoded = tokenizer(sentences, return_offsets_mapping=True, return_special_tokens_mask=True)
    grouped = []
    for sentence, ids, offsets, special in zip(sentences, encoded["input_ids"], encoded["offset_mapping"],
                                               encoded["special_tokens_mask"]):
        word_ends = [match.end() for match in re.finditer(r"\S+", sentence)]
        words: list[list[int]] = [[] for _ in word_ends]
        content = [position for position, flag in enumerate(special) if not flag]
        for position in content:
            start = offsets[position][0]
            words[min(bisect.bisect_right(word_ends, start), len(words) - 1)].append(ids[position])
        first, last = (content[0], content[-1] + 1) if content else (len(ids), len(ids))
        grouped.append((ids[:first], words, ids[last:]))
    return grouped


def _masked_words(words: list[list[int]], rng: np.random.Generator) -> set[int]:
    """Words, in a seeded order, until ``MASK_FRACTION`` of their pieces (at least one word) are masked."""
    target = max(1, round(MASK_FRACTION * sum(len(pieces) for pieces in words)))
    masked, pieces_masked = set(), 0
    for index in rng.permutation(len(words)):
        if pieces_masked >= target:
            break
        if words[index]:
            masked.add(int(index))
            pieces_masked += len(words[index])
    return masked


def random_partner(corpus: Corpus, first: int, rng: np.random.Generator) -> int:
    """A sentence from another document; from another position when the corpus is a single document."""
    single_document = corpus.documents[0] == corpus.documents[-1]  # documents are numbered in order
    while True:
        candidate = int(rng.integers(len(corpus.sentences)))
        if single_document and candidate not in (first, first + 1):
            return candidate
        if not single_document and corpus.documents[candidate] != corpus.documents[first]:
            return candidate


def pair_samples(corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
                 max_length: int) -> Samples:
    """Sentence pairs, half a sentence and the one that follows it (NEXT), half a random second (RANDOM).

    Needs ``count // 2`` next-sentence pairs and at least three sentences (``Corpus.require``).
    """
    rng = np.random.default_rng(seed)
    num_next = count // 2
    starts = rng.choice(corpus.pair_starts, size=num_next, replace=False)
    firsts = rng.choice(len(corpus.sentences), size=count - num_next, replace=False)
    pairs = [(int(start), int(start) + 1, NEXT) for start in starts]
    pairs += [(int(first), random_partner(corpus, int(first), rng), RANDOM) for first in firsts]
    pairs = [pairs[index] for index in rng.permutation(count)]
    examples = _encode(
        tokenizer, [corpus.sentences[a] for a, _, _ in pairs], [corpus.sentences[b] for _, b, _ in pairs], max_length
    )
    labelled: list[Example] = [
        {**example, "next_sentence_label": label} for example, (_, _, label) in zip(_without_special(examples), pairs)
    ]
    return Samples("nsp", seed, tuple(labelled))

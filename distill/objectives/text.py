"""The text a run learns from: the training documents of its corpus, and the frequencies of rows and words,
counted on that text or taken from general English (``frequency_source``)."""

from __future__ import annotations

import string
from collections import Counter

import torch
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data import JUDGED_DOMAINS, PARTS, Corpus, load_corpus
from distill.data.frequencies import PER_MILLION, english_pieces
from teachers import TeacherTable

# General-English words whose pieces weigh the rows in frequency-aware sampling.
SAMPLING_WORDS = 100_000


def part_names(name: str) -> dict[str, str]:
    """The names of the ``train`` and ``heldout`` parts of corpus ``name``; a name that already ends in
    ``:train``/``:heldout`` is taken as it is for training, and its other part for evaluation."""
    base, _, suffix = name.rpartition(":")
    if not base or suffix not in PARTS:
        return {part: f"{name}:{part}" for part in PARTS}
    other = next(candidate for candidate in PARTS if candidate != suffix)
    return {"train": name, "heldout": f"{base}:{other}"}


def corpus_part(name: str, part: str) -> Corpus:
    """Part ``part`` (``train`` or ``heldout``) of corpus ``name``, as :func:`part_names` names it."""
    return load_corpus(part_names(name)[part])


def judged_texts(name: str) -> list[Corpus]:
    """The held-out documents of corpus ``name``, then those of every other judged domain (the default ones,
    :data:`~distill.data.JUDGED_DOMAINS`) but the part it trains on: a run is judged on text it never trained on."""
    names = part_names(name)
    return [load_corpus(names["heldout"]),
            *(load_corpus(domain) for domain in JUDGED_DOMAINS if domain not in names.values())]


def row_counts(teacher: TeacherTable, tokenizer: PreTrainedTokenizerBase, sentences: list[str]) -> Tensor:
    """``(len(teacher),)`` how often the tokenizer emits each teacher row on ``sentences``."""
    counts: Counter[int] = Counter()
    for ids in tokenizer(sentences, add_special_tokens=True)["input_ids"]:
        counts.update(ids)
    by_id = torch.zeros(teacher.vocab_size, dtype=torch.long)
    for token_id, count in counts.items():
        if token_id < teacher.vocab_size:
            by_id[token_id] = count
    return by_id[teacher.ids]


def english_row_counts(teacher: TeacherTable, tokenizer: PreTrainedTokenizerBase,
                       words: int = SAMPLING_WORDS) -> Tensor:
    """``(len(teacher),)`` how often each row occurs per million words of general English: the frequency of
    each of the ``words`` most frequent English words added to each of its pieces (split once per way of
    tokenizing, :func:`~distill.data.frequencies.english_pieces`).

    wordfreq counts words only; a row of ASCII punctuation (``.``, ``,``, ``"``) gets the most frequent
    word's frequency, as the commonest marks are about as frequent in running text as "the"."""
    english = english_pieces(tokenizer, words)
    ids = torch.tensor([token_id for word in english for token_id in word.ids], dtype=torch.long)
    frequencies = torch.tensor([word.frequency for word in english for _ in word.ids], dtype=torch.double)
    kept = ids < teacher.vocab_size
    by_id = torch.zeros(teacher.vocab_size, dtype=torch.double).index_add_(0, ids[kept], frequencies[kept])
    counts = by_id[teacher.ids] * PER_MILLION
    punctuation = torch.tensor([len(token) == 1 and token in string.punctuation for token in teacher.tokens])
    counts[punctuation] = max(word.frequency for word in english) * PER_MILLION
    return counts

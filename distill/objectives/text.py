"""The training text of a run: the training documents of its corpus, and its token counts."""

from __future__ import annotations

from collections import Counter

import torch
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data import PARTS, Corpus, load_corpus
from teachers import TeacherTable


def corpus_part(name: str, part: str) -> Corpus:
    """Part ``part`` of corpus ``name``; a name that already ends in ``:train``/``:heldout`` is
    taken as it is for training, and its other part for evaluation."""
    base, _, suffix = name.rpartition(":")
    if base and suffix in PARTS:
        name = base
    return load_corpus(f"{name}:{part}")


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

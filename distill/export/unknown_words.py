"""Words of characters the source never saw: how a vocabulary-free export weighs them.

Where the source's WordPiece tokenizer writes its unknown token (a word with a character none of its pieces has:
an emoji, a word in a script it lacks), the source reads every such word alike, as a token it has learnt to weigh
lightly. The student embeds the word's characters instead, so it tells such words apart, but a student vector reads
as a content word and moves the sentence as one (``distill bench --unseen-words`` measures both).

The export blends the two (``modeling_vocabfree.VocabFreeModel.blend_unknown``): ``(1 - w) a + w |a| s / |s|``, the
student's vector ``s`` and an anchor ``a``, the source's rows of its most frequent English words weighed by their
frequency (wordfreq's counts, :mod:`distill.data.frequencies`): the words a model learns to weigh least, as SIF
weighs a word by ``α / (α + p(w))`` (Arora et al., ICLR 2017, "A Simple but Tough-to-Beat Baseline for Sentence
Embeddings", §3). Deviation: no corpus statistics are computed at inference; the anchor is one fixed vector.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data.frequencies import english_pieces
from students.segmenter import WordSegmenter

# How much of an unseen word's vector is the student's: on the embedded MiniLM a share at which adding such a word
# moves a sentence, on average, no further than the source's unknown token does (bench/RESULTS.md, "Unseen
# characters", measures the shares around it on each held-out domain).
UNKNOWN_WORD_WEIGHT = 0.65
ANCHOR_WORDS = 100  # the most frequent English words whose rows make the anchor


def unknown_word_anchor(tokenizer: PreTrainedTokenizerBase, table: Tensor, words: int = ANCHOR_WORDS
                        ) -> Tensor | None:
    """The frequency-weighted mean of ``table``'s rows of the ``words`` most frequent English words that are one
    piece of ``tokenizer`` (not its unknown token); None where none is."""
    single = [(word.ids[0], word.frequency) for word in english_pieces(tokenizer, words)
              if len(word.ids) == 1 and word.ids[0] != tokenizer.unk_token_id and word.ids[0] < len(table)]
    if not single:
        return None
    ids = torch.tensor([index for index, _ in single], device=table.device)
    weights = torch.tensor([frequency for _, frequency in single], dtype=table.dtype, device=table.device)
    return (weights / weights.sum()) @ table[ids]


@dataclass(frozen=True)
class UnknownWords:
    """How an export reads the words its source reads as its unknown token: their id, the student's share of their
    vector and the anchor blended with it."""

    token_id: int
    weight: float
    anchor: Tensor

    def config(self) -> dict[str, Any]:
        """The model configuration's settings."""
        return {"unknown_token_id": self.token_id, "unknown_word_weight": self.weight}


def unknown_words_of(tokenizer: PreTrainedTokenizerBase, table: Tensor, vocabulary: dict[str, int],
                     segmenter: WordSegmenter | None, weight: float | None) -> UnknownWords | None:
    """How the export reads such words, where it can tell them (a segmenter, the unknown token among the export's
    rows ``vocabulary``, an anchor from the source's ``table``) and ``weight`` is not None; else None (every word read
    by the student as it is)."""
    unknown = str(tokenizer.unk_token) if tokenizer.unk_token is not None else None
    if weight is None or segmenter is None or unknown not in vocabulary:
        return None
    anchor = unknown_word_anchor(tokenizer, table)
    return None if anchor is None else UnknownWords(vocabulary[unknown], weight, anchor)

"""The whole-vocabulary metric of every run: how well the student embeds the words of general English.

The vocabulary-free export embeds each word whole (:mod:`distill.swap.vocabulary_free`), so the words
people write matter, not only the table's rows. For the ``METRIC_WORDS`` most frequent English words
(wordfreq), as the tokenizer's pre-tokenizer delimits them, the student's vector of the word is compared
with its target: the teacher's row for a word that is one piece, else the mean of its pieces' rows (the
whole-word phase's target, :mod:`distill.objectives.whole_words`). ``english_cosine`` is the plain mean cosine,
``english_weighted_cosine`` the mean weighted by each word's general-English frequency: the share of
running English text the student embeds faithfully. WordPiece teachers only.
"""

from __future__ import annotations

from collections.abc import Iterable

import torch
import torch.nn.functional as F
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.data.frequencies import english_words
from students import StudentEncoder
from teachers import TeacherTable
from teachers.errors import TeacherError
from teachers.wordpiece import continuation_prefix

METRIC_WORDS = 30_000


def piece_mean_targets(teacher: TeacherTable, pieces: Iterable[list[int]]) -> Tensor:
    """``(words, dim)``: the mean of each word's pieces' rows in the teacher's table."""
    row_of = torch.full((teacher.vocab_size,), -1, dtype=torch.long)
    row_of[teacher.ids] = torch.arange(len(teacher.ids))
    return torch.stack([teacher.table[row_of[torch.tensor(ids)]].mean(dim=0) for ids in pieces])


class EnglishWordMetric:
    """The most frequent English words, encoded once for the student, with their targets and weights."""

    def __init__(self, teacher: TeacherTable, tokenizer: PreTrainedTokenizerBase, student: StudentEncoder,
                 device: torch.device, count: int = METRIC_WORDS) -> None:
        words = english_words(tokenizer, count)
        self.encoded = student.encode(list(words)).to(device)
        self.targets = piece_mean_targets(teacher, (word.ids for word in words.values())).to(device)
        self.weights = torch.tensor([word.frequency for word in words.values()], dtype=torch.double, device=device)

    @classmethod
    def for_tokenizer(cls, teacher: TeacherTable, tokenizer: PreTrainedTokenizerBase, student: StudentEncoder,
                      device: torch.device) -> EnglishWordMetric | None:
        """The metric, or ``None`` for a tokenizer that is not WordPiece (its words are not delimited)."""
        try:
            continuation_prefix(tokenizer)
        except TeacherError:
            return None
        return cls(teacher, tokenizer, student, device)

    @torch.no_grad()
    def __call__(self, student: StudentEncoder) -> dict[str, float]:
        predicted = student.embed_vocabulary(self.encoded)
        cosine = F.cosine_similarity(predicted.float(), self.targets.float(), dim=-1).double()
        return {"english_cosine": float(cosine.mean()),
                "english_weighted_cosine": float((cosine * self.weights).sum() / self.weights.sum())}

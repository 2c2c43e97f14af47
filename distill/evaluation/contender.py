"""Contenders that rewrite the text before a model reads it: spell-check first.

A user who wants a model to read misspelt text can correct the spelling first (:mod:`distill.noise.spelling`)
and keep the untouched model; a vocabulary-free model is worth its training only if it beats that. So
under ``--noise`` the evaluation also scores :data:`SPELL_CHECKED`, the untouched model on the
spell-corrected text, beside the baseline and the students: every robustness table then says whether a
student is better than doing nothing and better than correcting first. With ``--vocabulary-free`` each student's
vocabulary-free path is also scored behind the same spell-checker (``spellcheck-then-<student>-vocabfree``):
whether a user gains by putting the spell-checker in front of the vocabulary-free model too.

A :class:`Rewritten` variant reads the same seeded sentences as every model (a rewrite keeps the
corpus's sentences and their order, so a seed draws the same ones), rewritten. Its tokens differ from
the others', so only the sentence-level scores apply (the fidelity task's ``sentence_cosine``,
``similarity_spearman`` and their ``_clean`` versions; :attr:`~distill.tasks.Task.compares_sentences`):
its scorer pools the reference (the baseline on the text as drawn) over the reference's own mask
(:data:`distill.tasks.fidelity.REFERENCE_MASK`), and scores no ``token_cosine``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, overload

from torch import nn

from distill.data import Corpus

if TYPE_CHECKING:
    from distill.swap.vocabulary_free import VocabularyFreePath

SPELL_CHECK_PREFIX = "spellcheck-then-"  # the label of a model behind the spell-checker: this + the model's label
SPELL_CHECKED = SPELL_CHECK_PREFIX + "baseline"

@dataclass(frozen=True)
class Rewritten:
    """A model variant that reads ``rewrite(sentence)`` instead of each sentence with ``reader``: a word-embedding
    module (the untouched model's, for spell-check first) or a student's vocabulary-free path."""

    reader: nn.Module | VocabularyFreePath
    rewrite: Callable[[str], str]

    def corpus(self, corpus: Corpus) -> Corpus:
        """``corpus`` with each sentence rewritten when it is read, in order, documents kept."""
        return replace(corpus, sentences=RewrittenSentences(corpus.sentences, self.rewrite))


class RewrittenSentences(Sequence[str]):
    """``sentences``, each rewritten when it is first read. A seed draws a few hundred sentences of a corpus's
    thousands, so only those are spell-corrected (the saving is measured in ``docs/robustness.md``)."""

    def __init__(self, sentences: Sequence[str], rewrite: Callable[[str], str]) -> None:
        self.sentences, self.rewrite = sentences, rewrite
        self.rewritten: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.sentences)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        position = range(len(self))[index]  # a negative index counted from the end; IndexError past either end
        if position not in self.rewritten:
            self.rewritten[position] = self.rewrite(self.sentences[position])
        return self.rewritten[position]


def spell_checked(reader: nn.Module | VocabularyFreePath) -> Rewritten:
    """The model that reads with ``reader`` (the untouched model's word embeddings, or a student's vocabulary-free
    path) on the text :func:`distill.noise.spelling.correct_text` corrected."""
    from distill.noise.spelling import correct_text

    return Rewritten(reader, correct_text)

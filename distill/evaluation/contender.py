"""Contenders that rewrite the text before the untouched model reads it: spell-check first.

A user who wants a model to read misspelt text can correct the spelling first (:mod:`distill.spelling`)
and keep the untouched model; a vocabulary-free model is worth its training only if it beats that. So
under ``--noise`` the evaluation also scores :data:`SPELL_CHECKED`, the untouched model on the
spell-corrected text, beside the baseline and the students: every robustness table then says whether a
student is better than doing nothing and better than correcting first.

A :class:`Rewritten` variant reads the same seeded sentences as every model (a rewrite keeps the
corpus's sentences and their order, so a seed draws the same ones), rewritten. Its tokens differ from
the others', so only the sentence-level scores apply (the fidelity task's ``sentence_cosine``,
``similarity_spearman`` and their ``_clean`` versions; :attr:`~distill.evaluation.tasks.Task.compares_sentences`):
its scorer pools the reference (the baseline on the text as drawn) over the reference's own mask
(:data:`REFERENCE_MASK`), and scores no ``token_cosine``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from torch import nn

from distill.data import Corpus

SPELL_CHECKED = "spellcheck-then-baseline"
# In a rewritten variant's scored batch: the attention mask of the batch the reference (baseline) read.
REFERENCE_MASK = "reference_attention_mask"


@dataclass(frozen=True)
class Rewritten:
    """A model variant that reads ``rewrite(sentence)`` instead of each sentence, with ``embeddings`` as
    its word-embedding module (the untouched model's, for a contender)."""

    embeddings: nn.Module
    rewrite: Callable[[str], str]

    def corpus(self, corpus: Corpus) -> Corpus:
        """``corpus`` with each sentence rewritten, in order, documents kept."""
        return replace(corpus, sentences=tuple(self.rewrite(sentence) for sentence in corpus.sentences))


def spell_checked(embeddings: nn.Module) -> Rewritten:
    """The untouched model (its word ``embeddings``) on the text :func:`distill.spelling.correct_text` corrected."""
    from distill.spelling import correct_text

    return Rewritten(embeddings, correct_text)

"""WordPiece's continuation prefix and its whole words, for the code that knows WordPiece only.

The whole-word objectives read words back from BERT's ``##`` pieces; every tokenizer family
(byte-level BPE and SentencePiece too) is read by :class:`teachers.words.WordSplitter`, on which this
module is built. A tokenizer that is not WordPiece is refused here in one line.
"""

from __future__ import annotations

from collections.abc import Sequence

from transformers import PreTrainedTokenizerBase

from teachers.errors import TeacherError
from teachers.words import Word, WordFamily, WordSplitter, word_family

__all__ = ["Word", "continuation_prefix", "group_words", "piece_lengths"]


def continuation_prefix(tokenizer: PreTrainedTokenizerBase) -> str:
    """The WordPiece continuation prefix (``##``); other tokenizers are refused in one line."""
    try:
        family = word_family(tokenizer)
    except TeacherError:
        family = WordFamily("other")
    if not family.continuation:
        raise TeacherError(
            f"whole words need a WordPiece tokenizer (BERT's ## continuation pieces); "
            f"{type(tokenizer).__name__} is not one"
        )
    return family.continuation


def group_words(pieces: Sequence[str], masked: Sequence[bool], prefix: str) -> list[Word]:
    """The positions of an example: merged words and single pieces, in order.

    A piece starting with ``prefix`` continues the word before it. A word of two or
    more pieces is merged unless one of its pieces is masked (then each piece stays).
    """
    return WordSplitter(WordFamily("WordPiece", continuation=prefix)).group(pieces, masked)


def piece_lengths(pieces: Sequence[str], prefix: str) -> list[int]:
    """How many characters of its word each of one word's pieces spells: the first as it is, each continuation
    without ``prefix``."""
    return [len(pieces[0]), *(len(piece) - len(prefix) for piece in pieces[1:])] if pieces else []

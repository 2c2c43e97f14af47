"""What a WordPiece tokenizer says about words: its continuation prefix and which pieces form one word.

BERT's WordPiece marks a piece that continues the word before it with a prefix (``##``); the
vocabulary-free path (``distill.evaluation.wholeword``), the export (``distill.export``) and the
whole-word objectives read whole words back from the pieces with :func:`group_words`. Other tokenizers
(byte-level BPE, SentencePiece) mark word starts instead and are refused in one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from transformers import PreTrainedTokenizerBase

from teachers.errors import TeacherError


def continuation_prefix(tokenizer: PreTrainedTokenizerBase) -> str:
    """The WordPiece continuation prefix (``##``); other tokenizers are refused in one line."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    prefix = getattr(getattr(backend, "model", None), "continuing_subword_prefix", None)
    if type(getattr(backend, "model", None)).__name__ != "WordPiece" or not prefix:
        raise TeacherError(
            f"whole words need a WordPiece tokenizer (BERT's ## continuation pieces); "
            f"{type(tokenizer).__name__} is not one"
        )
    return prefix


class Word(NamedTuple):
    positions: list[int]  # piece positions in the WordPiece example
    text: str | None  # the whole word when its pieces are merged, else None (a single piece)


def group_words(pieces: Sequence[str], masked: Sequence[bool], prefix: str) -> list[Word]:
    """The positions of an example: merged words and single pieces, in order.

    A piece starting with ``prefix`` continues the word before it. A word of two or
    more pieces is merged unless one of its pieces is masked (then each piece stays).
    """
    groups: list[list[int]] = []
    for position, piece in enumerate(pieces):
        if groups and piece.startswith(prefix) and len(piece) > len(prefix):
            groups[-1].append(position)
        else:
            groups.append([position])
    words = []
    for group in groups:
        if len(group) > 1 and not any(masked[position] for position in group):
            text = pieces[group[0]] + "".join(pieces[position][len(prefix):] for position in group[1:])
            words.append(Word(group, text))
        else:
            words.extend(Word([position], None) for position in group)
    return words

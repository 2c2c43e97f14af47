"""A text's words, cut into the source tokenizer's pieces and encoded for the student.

Written by the distill workbench (``distill surgery --vocabulary-free``), beside ``tokenization_vocabfree.py``, whose
tokenizer reads text with these methods (:class:`WordReader`): the source's normaliser and pre-tokeniser split it
into words (``word_splitter.json``; BERT's, on ASCII text, as a regular expression: :func:`ascii_word_splitter`),
the segmenter (``segmenter.py``, a Bloom filter of the source's pieces) cuts a word outside ``vocabulary.json`` into
the pieces the source's tokenizer would give it, and the student's word encoder turns each into a row of
``word_characters``. Recently cut and encoded words are kept (:func:`recently_used`): a
sentence at a time is mostly words met before.
"""

from __future__ import annotations

import json
import re
import string
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from tokenizers import PreTokenizedString, Tokenizer

from .recently_used import recently_used
from .segmenter import PieceFilter, WordSegmenter

PIECE_CACHE_SIZE = 65536  # words whose pieces the tokenizer keeps across calls
ROW_CACHE_SIZE = 16384  # words whose encoded characters the tokenizer keeps (26 MB at the n-gram student's 195 ids)
Offsets = tuple[int, int]
# BERT's normaliser and pre-tokeniser on ASCII text (huggingface/tokenizers, tokenizers/src/normalizers/bert.rs and
# tokenizers/src/pre_tokenizers/bert.rs): cleaning drops the control characters but \t, \n and \r, which become
# spaces; the pre-tokeniser splits at whitespace and gives each punctuation character (ASCII's are Python's
# ``string.punctuation``) a word of its own. Its other steps (Chinese characters, accents) change no ASCII character.
ASCII_CLEANED = str.maketrans({**dict.fromkeys([*range(9), 11, 12, *range(14, 32), 127]), 9: " ", 10: " ", 13: " "})
ASCII_WORDS = re.compile(f"[^ {re.escape(string.punctuation)}]+|[{re.escape(string.punctuation)}]")


@dataclass(frozen=True)
class AsciiWords:
    """The words BERT's normaliser (cleaning text, lower-casing where ``lowercase``) and pre-tokeniser give an ASCII
    text, found by :data:`ASCII_WORDS`: one regular expression, where the splitter's string functions build and align
    a normalised string first. A class, not a closure, so that the tokenizer pickles (a ``DataLoader``'s workers)."""

    lowercase: bool

    def __call__(self, text: str) -> list[str]:
        cleaned = text.translate(ASCII_CLEANED)
        return ASCII_WORDS.findall(cleaned.lower() if self.lowercase else cleaned)


def ascii_word_splitter(splitter: Tokenizer) -> AsciiWords | None:
    """:class:`AsciiWords` for ``splitter`` where it is BERT's normaliser cleaning text and BERT's pre-tokeniser
    (BERT, DistilBERT, MPNet); else None."""
    settings = json.loads(splitter.to_str())
    normalizer, pre_tokenizer = settings.get("normalizer") or {}, settings.get("pre_tokenizer") or {}
    if (normalizer.get("type"), normalizer.get("clean_text"), pre_tokenizer.get("type")) != (
            "BertNormalizer", True, "BertPreTokenizer"):
        return None
    return AsciiWords(lowercase=bool(normalizer.get("lowercase")))


class Token(str):
    """A token and the characters of the text it was read from (``offsets``, end excluded)."""

    offsets: Offsets

    def __new__(cls, text: str, offsets: Offsets = (0, 0)) -> Token:
        token = super().__new__(cls, text)
        token.offsets = offsets
        return token


class WordReader:
    """Text → words → pieces → the student's rows, for :class:`VocabFreeTokenizer`, which sets these attributes
    from the export's files."""

    word_normalizer: Any  # the splitter's normaliser (None: none), read once: each read builds a new object
    word_pre_tokenizer: Any
    word_decoder: Any  # byte-level words → the text they stand for (None: words are text)
    ascii_words: AsciiWords | None  # the splitter's words of an ASCII text (ascii_word_splitter)
    segmenter: WordSegmenter | None
    is_piece: PieceFilter  # whether a string is one of the source's pieces (the segmenter's filter)
    vocabulary: dict[str, int]  # tokens that keep an id (vocabulary.json): never cut, never the student's
    piece_cache: OrderedDict[str, tuple[str, ...]]  # the last PIECE_CACHE_SIZE words cut
    row_cache: OrderedDict[str, bytes]  # the last ROW_CACHE_SIZE words encoded
    encode_words: Callable[..., Any]  # the student's word encoder and its options
    encoder_options: dict[str, Any]
    character_width: int  # the encoder's row width

    def words(self, text: str) -> list[Token]:
        """The source's normaliser, then its pre-tokeniser: the words of ``text``, with their offsets in it."""
        split = PreTokenizedString(text)
        if self.word_normalizer is not None:
            split.normalize(self.word_normalizer.normalize)
        self.word_pre_tokenizer.pre_tokenize(split)
        return [Token(word, offsets) for word, offsets, _ in
                split.get_splits(offset_referential="original", offset_type="char")]

    def word_strings(self, text: str) -> list[str]:
        """The words of :meth:`words` without their offsets: by :attr:`ascii_words` where the splitter has one and
        the text is ASCII, else with the splitter's string functions (both faster than :meth:`words`)."""
        if self.ascii_words is not None and text.isascii():
            return self.ascii_words(text)
        normalizer = self.word_normalizer
        return [word for word, _ in self.word_pre_tokenizer.pre_tokenize_str(
            text if normalizer is None else normalizer.normalize_str(text))]

    def cut(self, words: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """The pieces the segmenter cuts each of ``words`` outside ``vocabulary.json`` into: those of the
        last :data:`PIECE_CACHE_SIZE` words cut kept, the others in one segmenter call."""
        segmenter = self.segmenter
        assert segmenter is not None
        unknown = [word for word in dict.fromkeys(words) if word not in self.vocabulary]
        cut = recently_used(self.piece_cache, unknown, lambda fresh: segmenter.segment(fresh, self.is_piece),
                            PIECE_CACHE_SIZE)
        return dict(zip(unknown, cut))

    def pieces(self, words: list[Token]) -> list[Token]:
        """``words``, with a segmenter those outside ``vocabulary.json`` cut into their pieces; a piece's offsets are
        its characters' where normalising kept the word's length, else the whole word's."""
        if self.segmenter is None:
            return words
        cut = self.cut(words)
        prefix = len(self.segmenter.config.continuation)
        tokens = []
        for word in words:
            start, end = word.offsets
            position = 0
            for index, piece in enumerate(cut.get(word, (word,))):
                length = len(piece) - (prefix if index else 0)
                offsets = (start + position, start + position + length) if end - start == len(word) else (start, end)
                tokens.append(Token(piece, offsets))
                position += length
        return tokens

    def word_rows(self, words: list[str]) -> np.ndarray:
        """``(len(words), character_width)`` int64: each of ``words`` encoded for the student, those of the last
        :data:`ROW_CACHE_SIZE` words encoded kept (as bytes), the others encoded in one call."""
        def encode(fresh: list[str]) -> list[bytes]:
            encoded = self.encode_words(fresh, **self.encoder_options).numpy().astype(np.int64, copy=False)
            return [row.tobytes() for row in encoded]

        rows: list[bytes] = recently_used(self.row_cache, words, encode, ROW_CACHE_SIZE)
        return np.frombuffer(b"".join(rows), dtype=np.int64).reshape(len(words), self.character_width)

    def word_text(self, word: str) -> str:
        """The string the student reads for a word: byte-level words as the text they stand for."""
        return self.word_decoder.decode([word]) if self.word_decoder is not None else word

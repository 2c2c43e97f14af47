"""A batch of texts encoded at once, as the base class would encode it text by text.

Written by the distill workbench (``distill surgery --vocabulary-free``), beside ``tokenization_vocabfree.py``. A
batch of texts (or of pairs of texts, as two lists), the call sentence-transformers makes, is encoded at once
(``VocabFreeTokenizer.encode_texts``, the same inputs the base class gives): the texts split into words with the
splitter's string functions, the batch's words cut in one segmenter call and each distinct piece encoded for the
student once (the tokenizer keeps the pieces, ids and encodings of the words it met before: a sentence at a time is
mostly those), truncation and the template text by text as the base class does them, then the batch padded in arrays
(:class:`Positions`). Options it does not take (:func:`takes_options`: words already split, offsets, overflowing
tokens), single texts asked for as lists, and lists of pairs go through the base class.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from transformers import BatchEncoding
from transformers.utils import PaddingStrategy

if TYPE_CHECKING:
    from .tokenization_vocabfree import VocabFreeTokenizer


# The keywords of ``_encode_plus`` that :meth:`VocabFreeTokenizer.encode_texts` reads; the last three only unset.
BATCH_OPTIONS = frozenset({
    "add_special_tokens", "padding_strategy", "truncation_strategy", "max_length", "stride", "pad_to_multiple_of",
    "padding_side", "return_tensors", "return_token_type_ids", "return_attention_mask", "return_special_tokens_mask",
    "return_length", "verbose", "split_special_tokens",
    "is_split_into_words", "return_overflowing_tokens", "return_offsets_mapping"})
# The keywords of ``__call__`` that go to ``_encode_plus`` past the base class's layers (no targets).
CALL_OPTIONS = BATCH_OPTIONS - {"padding_strategy", "truncation_strategy"} | {"padding", "truncation"}


def is_text_batch(text: Any, text_pair: Any) -> bool:
    """Whether ``text`` is a batch of texts (``text_pair`` none, or as many second texts): what
    :meth:`VocabFreeTokenizer.encode_texts` encodes."""
    return (isinstance(text, list | tuple) and len(text) > 0 and all(isinstance(item, str) for item in text)
            and (text_pair is None or isinstance(text_pair, list | tuple) and len(text_pair) == len(text)
                 and all(isinstance(item, str) for item in text_pair)))


def takes_options(options: dict[str, Any]) -> bool:
    """Whether :meth:`VocabFreeTokenizer.encode_texts` gives what the base class gives with ``options``: none it does
    not read, no words already split, no overflowing tokens, no offsets, tensors of torch or numpy if any, a padding
    side the base class knows."""
    return (options.keys() <= BATCH_OPTIONS and not options.get("is_split_into_words")
            and not options.get("return_overflowing_tokens") and not options.get("return_offsets_mapping")
            and options.get("return_tensors") in (None, "pt", "np")
            and options.get("padding_side") in (None, "left", "right"))


def laid_out(rows: list[list[int]], length: int, fill: int, left: bool) -> tuple[np.ndarray, np.ndarray]:
    """``rows`` (none longer than ``length``) as one ``(len(rows), length)`` int64 array, ``fill`` after each (or
    before, ``left``), and where the rows' own values lie."""
    if all(len(row) == length for row in rows):  # no padding: a batch of one text, or of texts of one length
        return np.array(rows, dtype=np.int64).reshape(len(rows), length), np.ones((len(rows), length), dtype=bool)
    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    columns = np.arange(length)
    kept = columns >= (length - lengths)[:, None] if left else columns < lengths[:, None]
    array = np.full((len(rows), length), fill, dtype=np.int64)
    array[kept] = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
    return array, kept


def padded_length(lengths: list[int], strategy: PaddingStrategy, max_length: int | None,
                  pad_to_multiple_of: int | None) -> int:
    """The length the base class pads a batch's rows to (a longer row stays as it is; 0: no padding)."""
    if strategy == PaddingStrategy.LONGEST:
        max_length = max(lengths)
    elif strategy == PaddingStrategy.DO_NOT_PAD or max_length is None:
        return 0
    if pad_to_multiple_of is not None and max_length % pad_to_multiple_of:
        max_length = (max_length // pad_to_multiple_of + 1) * pad_to_multiple_of
    return max_length


class Positions:
    """The distinct tokens of a batch, each given a key: its input id and its row of ``word_characters`` (row 0 is
    no word, zeros; a word's row is the student's encoding of it, made for all the batch's new words at once); then
    the batch's texts, as rows of keys, laid out as its inputs (:meth:`padded`)."""

    def __init__(self, tokenizer: VocabFreeTokenizer) -> None:
        self.tokenizer = tokenizer
        self.specials: dict[str, int] = {}
        self.ids: list[int] = []
        self.rows: list[int] = []
        self.words: list[str] = []  # the student's text of each word, row 1 onwards

    def add(self, token_id: int, word: str | None) -> int:
        """A new key for ``token_id``, reading ``word`` if any."""
        if word is not None:
            self.words.append(word)
        self.ids.append(token_id)
        self.rows.append(len(self.words) if word is not None else 0)
        return len(self.ids) - 1

    def keys(self, texts: list[list[str]]) -> list[list[int]]:
        """The key of each token of ``texts``, one per distinct token: its id as the base class converts it and a
        row of its characters where the student reads it (:meth:`VocabFreeTokenizer.reads_word`), both kept across
        calls (:meth:`VocabFreeTokenizer.known_tokens`)."""
        tokenizer = self.tokenizer
        known = tokenizer.known_tokens()
        key_of: dict[str, int] = {}
        for token in dict.fromkeys(chain.from_iterable(texts)):
            entry = known.get(token)
            if entry is None:
                token_id = tokenizer._convert_token_to_id_with_added_voc(token)
                entry = known[token] = (token_id, tokenizer.word_text(token) if tokenizer.reads_word(token, token_id)
                                        else None)
            key_of[token] = self.add(*entry)
        return [[key_of[token] for token in text] for text in texts]

    def special(self, token: str) -> int:
        """A special token the template places: its id, no word."""
        key = self.specials.get(token)
        if key is None:
            key = self.specials[token] = self.add(self.tokenizer._convert_token_to_id(token), None)
        return key

    def characters(self) -> np.ndarray:
        """The rows of ``word_characters``: zeros, then each word's."""
        tokenizer = self.tokenizer
        table = np.zeros((1 + len(self.words), tokenizer.character_width), dtype=np.int64)
        table[1:] = tokenizer.word_rows(self.words)
        return table

    def padded(self, rows: list[list[int]], types: list[list[int]], marks: list[list[int]], wanted: set[str],
               length: int, left: bool, return_tensors: str | None) -> BatchEncoding:
        """The batch's inputs, in the base class's order and types: rows of one length as arrays (tensors when
        asked for, else lists), rows of several lengths each laid out alone, in lists. Padding is one more key, the
        padding id with no word."""
        widths = [max(len(row), length) for row in rows]
        padded = any(len(row) < width for row, width in zip(rows, widths))
        padding = self.add(self.tokenizer.pad_token_id, None) if padded else 0
        ids, word_rows = np.array(self.ids, dtype=np.int64), np.array(self.rows, dtype=np.int64)
        characters = self.characters()
        type_padding = self.tokenizer.pad_token_type_id

        def inputs(group: list[int], width: int) -> dict[str, np.ndarray]:
            keys, kept = laid_out([rows[index] for index in group], width, padding, left)
            encoded = {"input_ids": ids[keys]}
            if "token_type_ids" in wanted:
                encoded["token_type_ids"] = laid_out([types[index] for index in group], width, type_padding, left)[0]
            if "special_tokens_mask" in wanted:
                encoded["special_tokens_mask"] = laid_out([marks[index] for index in group], width, 1, left)[0]
            if "length" in wanted:
                encoded["length"] = np.full(len(group), width, dtype=np.int64)
            encoded["word_characters"] = np.take(characters, word_rows[keys], axis=0)
            if "attention_mask" in wanted:
                encoded["attention_mask"] = kept.astype(np.int64)
            return encoded

        if len(set(widths)) == 1:
            batch = inputs(list(range(len(rows))), widths[0])
            if return_tensors is None:
                return BatchEncoding({name: list(value) if name == "word_characters" else value.tolist()
                                      for name, value in batch.items()})
            return BatchEncoding({name: torch.from_numpy(value) if return_tensors == "pt" else value
                                  for name, value in batch.items()})  # of the type asked for already
        alone = [inputs([index], width) for index, width in enumerate(widths)]
        return BatchEncoding({name: [row[name][0] if name == "word_characters" else row[name][0].tolist()
                                     for row in alone] for name in alone[0]}, tensor_type=return_tensors)

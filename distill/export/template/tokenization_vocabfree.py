"""Text → one position per word, with each word's characters for the student to embed.

Written by the distill workbench (``distill surgery --vocabulary-free``). Words are what
the source tokenizer's own normaliser and pre-tokeniser make of the text
(``word_splitter.json``: for BERT, lower-casing, accent stripping, punctuation split
off; RoBERTa: byte-level words such as ``Ġworld``; XLM-R: ``▁world``), cut into pieces
only with a segmenter (below). Special tokens are placed as the source places them
(``single_template`` and ``pair_template``: each position a special token or a text,
``$A`` or ``$B``, with its token type), e.g. ``[CLS] a [SEP] b [SEP]`` for BERT and
``<s> a </s></s> b </s>`` for RoBERTa. Every word gets the id ``word_token_id`` and its
encoded characters in ``word_characters`` (the student configuration's ``word_encoder``; a byte-level
word is read as the text it stands for, ``Ġworld`` -> `` world``), except that a word listed in
``vocabulary.json`` (special tokens, and with ``--keep-vocabulary`` the source's whole-word
tokens) gets its id there. With ``segmenter.safetensors`` (``segmenter.py``, the workbench's word segmenter: a
Bloom filter of the source's pieces, no ids and no vectors), a word that is not in ``vocabulary.json`` takes one
position per piece, as the source's tokenizer cuts it (``walking`` → ``walk``, ``##ing``), and the student embeds
each piece from its characters.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

import torch
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer
from transformers import BatchEncoding, PreTrainedTokenizer

from .families import FAMILIES
from .segmenter import SegmenterConfig, WordSegmenter

T = TypeVar("T")
PIECE_CACHE_SIZE = 65536  # words whose pieces the tokenizer keeps across batches


class VocabFreeTokenizer(PreTrainedTokenizer):
    vocab_files_names: dict[str, str] = {
        "splitter_file": "word_splitter.json",
        "vocabulary_file": "vocabulary.json",
        "segmenter_file": "segmenter.safetensors",
    }
    model_input_names: list[str] = ["input_ids", "token_type_ids", "attention_mask", "word_characters"]

    def __init__(
        self,
        splitter_file: str,
        vocabulary_file: str,
        word_token_id: int,
        single_template: list[tuple[str, int]],
        pair_template: list[tuple[str, int]],
        student_class: str,
        student: dict[str, Any],
        segmenter_config: dict[str, Any] | None = None,
        segmenter_file: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.splitter = Tokenizer.from_file(splitter_file)
        self.piece_cache: OrderedDict[str, list[str]] = OrderedDict()  # the last PIECE_CACHE_SIZE words cut
        self.segmenter: WordSegmenter | None = None
        if segmenter_config is not None:
            if segmenter_file is None:
                raise ValueError("segmenter_config is set but segmenter.safetensors is missing")
            self.segmenter = WordSegmenter(SegmenterConfig(**segmenter_config))
            self.segmenter.load_state_dict(load_file(segmenter_file))
            self.segmenter.eval()
        with open(vocabulary_file, encoding="utf-8") as file:
            self.vocabulary: dict[str, int] = json.load(file)
        self.id_to_word = {index: word for word, index in self.vocabulary.items()}
        self.word_token_id = word_token_id
        self.single_template = [(str(token), int(kind)) for token, kind in single_template]
        self.pair_template = [(str(token), int(kind)) for token, kind in pair_template]
        family = FAMILIES[student_class]
        self.encode_words, self.encoder_options = family.config_class.from_dict(student).word_encoder()
        super().__init__(
            word_token_id=word_token_id,
            single_template=single_template,
            pair_template=pair_template,
            student_class=student_class,
            student=student,
            segmenter_config=segmenter_config,
            **kwargs,
        )

    # --- words --------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        return len(self.vocabulary)

    def get_vocab(self) -> dict[str, int]:
        return dict(self.vocabulary)

    def words(self, text: str) -> list[str]:
        """The source's normaliser, then its pre-tokeniser: the words of ``text``."""
        if self.splitter.normalizer is not None:
            text = self.splitter.normalizer.normalize_str(text)
        if self.splitter.pre_tokenizer is None:
            return text.split()
        return [word for word, _ in self.splitter.pre_tokenizer.pre_tokenize_str(text)]

    def cut(self, words: list[str]) -> dict[str, list[str]]:
        """The pieces the segmenter cuts each of ``words`` outside ``vocabulary.json`` into: those of the
        last :data:`PIECE_CACHE_SIZE` words cut kept, the others in one segmenter call."""
        assert self.segmenter is not None
        unknown = {word for word in words if word not in self.vocabulary}
        # Looked up word by word: ``unknown - self.piece_cache.keys()`` walks the whole cache (3.7 ms when full).
        fresh = sorted(word for word in unknown if word not in self.piece_cache)
        if fresh:
            self.piece_cache.update(zip(fresh, self.segmenter.segment(fresh)))
        pieces = {}
        for word in unknown:
            self.piece_cache.move_to_end(word)
            pieces[word] = self.piece_cache[word]
        while len(self.piece_cache) > PIECE_CACHE_SIZE:
            self.piece_cache.popitem(last=False)
        return pieces

    def _tokenize(self, text: str, **kwargs: Any) -> list[str]:
        """The words of a stretch of text between special tokens (the base class's ``tokenize`` keeps those)."""
        return self.words(text)

    def text_words(self, text: str, **kwargs: Any) -> list[str]:
        """The words of ``text``, its special tokens among them (the base class's ``tokenize``)."""
        return super().tokenize(text, **kwargs)

    # The signature of PythonBackend.tokenize, the class this one extends (transformers narrows its base's there).
    def tokenize(self, text: str, **kwargs: Any) -> list[str]:  # type: ignore[override]
        """The words of ``text``; with a segmenter, those outside ``vocabulary.json`` cut into their pieces."""
        return self.pieces_of([self.text_words(text, **kwargs)])[0]

    def pieces_of(self, texts: list[list[str]]) -> list[list[str]]:
        """The words of each text, with a segmenter those outside ``vocabulary.json`` cut into their pieces:
        one segmenter call for all the texts' words."""
        if self.segmenter is None:
            return texts
        pieces = self.cut([word for words in texts for word in words])
        return [[piece for word in words for piece in pieces.get(word, [word])] for words in texts]

    def _convert_token_to_id(self, token: str) -> int:
        return self.vocabulary.get(token, self.word_token_id)

    def _convert_id_to_token(self, index: int) -> str:
        return self.id_to_word.get(index, self.unk_token)

    def build_inputs_with_special_tokens(
        self, token_ids_0: list[int], token_ids_1: list[int] | None = None
    ) -> list[int]:
        tokens, _ = self.fill_template(token_ids_0, token_ids_1, self.token_ids)
        return tokens

    def fill_template(
        self, first: list[T], second: list[T] | None, special: Callable[[list[str]], list[T]]
    ) -> tuple[list[T], list[int]]:
        """``first`` (and ``second``) placed in the source's template, its special tokens as ``special``
        gives them: the items and their token types."""
        template = self.single_template if second is None else self.pair_template
        items: list[T] = []
        types: list[int] = []
        for token, kind in template:
            part = first if token == "$A" else (second or []) if token == "$B" else special([token])
            items += part
            types += [kind] * len(part)
        return items, types

    def word_text(self, word: str) -> str:
        """The string the student reads for a word: byte-level words as the text they stand for."""
        return self.splitter.decoder.decode([word]) if self.splitter.decoder is not None else word

    def token_ids(self, tokens: list[str]) -> list[int]:
        """The ids of ``tokens``: ``convert_tokens_to_ids`` of a list, which transformers types ``int | list[int]``."""
        return cast(list[int], self.convert_tokens_to_ids(tokens))

    # --- batches ------------------------------------------------------------------
    def __call__(
        self,
        text: str | list[str],
        text_pair: str | list[str] | None = None,
        *,
        add_special_tokens: bool = True,
        padding: bool | str = False,
        truncation: bool | str | None = None,
        max_length: int | None = None,
        return_tensors: str | None = None,
        **kwargs: Any,
    ) -> BatchEncoding:
        """Encode one text, a pair, or a batch of either: ``input_ids``, ``token_type_ids``,
        ``attention_mask``, ``word_characters``.

        Truncates to ``max_length`` (else ``model_max_length``) when ``truncation`` is set or
        ``max_length`` is given, dropping words from the end (of the longer text of a pair, first)
        and keeping the special tokens; pads to the longest text (``padding=True``) or to
        ``max_length`` (``"max_length"``).
        """
        unknown = set(kwargs) - {"return_token_type_ids", "return_attention_mask", "verbose"}
        if unknown:
            raise TypeError(f"unsupported arguments: {', '.join(sorted(unknown))}")
        texts = [text] if isinstance(text, str) else list(text)
        pairs: list[str | None] = [None] * len(texts)
        if text_pair is not None:
            pairs = [text_pair] if isinstance(text_pair, str) else list(text_pair)
            if len(pairs) != len(texts):
                raise ValueError(f"{len(texts)} texts but {len(pairs)} second texts")
        truncate = truncation not in (None, False, "do_not_truncate") or max_length is not None
        limit = (max_length or self.model_max_length) if truncate else None
        tokenized = iter(self.pieces_of([self.text_words(one) for one in [*texts, *pairs] if one is not None]))
        firsts = [next(tokenized) for _ in texts]
        seconds = [None if pair is None else next(tokenized) for pair in pairs]
        rows = [self.encode_tokens(first, second, add_special_tokens, limit) for first, second in zip(firsts, seconds)]
        width = max((len(ids) for ids, _, _ in rows), default=0)
        ragged = len({len(ids) for ids, _, _ in rows}) > 1
        if padding == "max_length" and max_length is not None:
            width = max(width, max_length)
        elif padding in (False, "do_not_pad") and return_tensors is not None and ragged:
            raise ValueError("texts of different lengths need padding=True to become a tensor")
        batch: dict[str, Any] = self.pad_rows(rows, width)
        if return_tensors is None:
            batch = {key: value.tolist() for key, value in batch.items()}
            if isinstance(text, str):
                batch = {key: value[0] for key, value in batch.items()}
        return BatchEncoding(batch, tensor_type=return_tensors)

    def encode_tokens(
        self, first: list[str], second: list[str] | None, add_special_tokens: bool, limit: int | None
    ) -> tuple[list[int], list[str | None], list[int]]:
        """One text's (or pair's) ids from its tokens, at each position the word the student embeds (else None),
        and the token types."""
        template = self.single_template if second is None else self.pair_template
        specials = sum(token not in ("$A", "$B") for token, _ in template) if add_special_tokens else 0
        if limit is not None:
            budget = max(limit - specials, 0)
            while len(first) + len(second or []) > budget:  # longest first, as transformers truncates pairs
                longer = first if second is None or len(first) >= len(second) else second
                longer.pop()
        if add_special_tokens:
            words, types = self.fill_template(first, second, list)
        else:
            words, types = [*first, *(second or [])], [0] * len(first) + [1] * len(second or [])
        ids = self.token_ids(words)
        texts = [self.word_text(word) if index == self.word_token_id else None for word, index in zip(words, ids)]
        return ids, texts, types

    def pad_rows(
        self, rows: list[tuple[list[int], list[str | None], list[int]]], width: int
    ) -> dict[str, torch.Tensor]:
        """Rows padded to ``width`` on ``padding_side``, and the characters of the batch's distinct words encoded
        at once."""
        shape = (len(rows), width)
        input_ids = torch.full(shape, self.pad_token_id, dtype=torch.long)
        attention_mask = torch.zeros(shape, dtype=torch.long)
        token_type_ids = torch.zeros(shape, dtype=torch.long)
        words: list[str] = []
        for row, (ids, row_words, types) in enumerate(rows):
            start = width - len(ids) if self.padding_side == "left" else 0
            input_ids[row, start : start + len(ids)] = torch.tensor(ids, dtype=torch.long)
            attention_mask[row, start : start + len(ids)] = 1
            token_type_ids[row, start : start + len(ids)] = torch.tensor(types, dtype=torch.long)
            words.extend(word for word in row_words if word is not None)
        distinct = {word: row for row, word in enumerate(dict.fromkeys(words))}  # each word encoded once
        encoded = self.encode_words(list(distinct), **self.encoder_options).long()[[distinct[word] for word in words]]
        word_characters = torch.zeros(*shape, encoded.shape[-1], dtype=torch.long)
        word_characters[input_ids == self.word_token_id] = encoded
        columns = {
            "input_ids": input_ids,
            "token_type_ids": token_type_ids,
            "attention_mask": attention_mask,
            "word_characters": word_characters,
        }
        return {name: column for name, column in columns.items() if name in self.model_input_names}

    def save_vocabulary(self, save_directory: str, filename_prefix: str | None = None) -> tuple[str, ...]:
        prefix = f"{filename_prefix}-" if filename_prefix else ""
        splitter_path = os.path.join(save_directory, prefix + self.vocab_files_names["splitter_file"])
        vocabulary_path = os.path.join(save_directory, prefix + self.vocab_files_names["vocabulary_file"])
        self.splitter.save(splitter_path)
        with open(vocabulary_path, "w", encoding="utf-8") as file:
            json.dump(self.vocabulary, file, ensure_ascii=False, indent=0)
        if self.segmenter is None:
            return splitter_path, vocabulary_path
        segmenter_path = os.path.join(save_directory, prefix + self.vocab_files_names["segmenter_file"])
        save_file({key: value.contiguous() for key, value in self.segmenter.state_dict().items()}, segmenter_path)
        return splitter_path, vocabulary_path, segmenter_path

"""Text → the source tokenizer's positions, each word read from its characters instead of looked up.

Written by the distill workbench (``distill surgery --vocabulary-free``). Words are what
the source tokenizer's own normaliser and pre-tokeniser make of the text
(``word_splitter.json``: for BERT, lower-casing, accent stripping, punctuation split
off; RoBERTa: byte-level words such as ``Ġworld``; XLM-R: ``▁world``), cut into pieces
only with a segmenter (below). Special tokens are placed as the source places them
(``single_template`` and ``pair_template``: each position a special token or a text,
``$A`` or ``$B``, with its token type), e.g. ``[CLS] a [SEP] b [SEP]`` for BERT and
``<s> a </s></s> b </s>`` for RoBERTa. Every word gets the id ``word_token_id`` and its
encoded characters in ``word_characters`` (the student configuration's word encoder; a byte-level
word is read as the text it stands for, ``Ġworld`` -> `` world``), except that a word listed in
``vocabulary.json`` (special tokens, and with ``--keep-vocabulary`` the source's whole-word
tokens) gets its id there. With ``segmenter.safetensors`` (``segmenter.py``, the workbench's word segmenter: a
Bloom filter of the source's pieces, no ids and no vectors), a word that is not in ``vocabulary.json`` takes one
position per piece, as the source's tokenizer cuts it (``walking`` → ``walk``, ``##ing``), and the student embeds
each piece from its characters.

The class builds on transformers' Python tokenizer (``PreTrainedTokenizer``, ``tokenization_python.py``): the base
class reads a text, a pair, a batch of either or words already split (``is_split_into_words``), truncates, places
the special tokens, makes the token types, masks and lengths, and pads, with the keywords the source tokenizer
takes. This class cuts text into tokens with their offsets (:meth:`tokenize`), says where the special tokens go
(the source's template) and adds the input the source has not: ``word_characters``, each position's word encoded
for the student (a row of zeros where the table is read). The ids the base class places carry their tokens
(:class:`TokenId`), so that each position it keeps (after truncation, between special tokens) knows its word and
its offsets; :meth:`_pad` pads ``word_characters`` and ``offset_mapping`` with the other inputs.

A text's words are read, cut and encoded by ``tokenization_words.py``, a batch of texts is encoded at once by
``tokenization_batch.py``, and the export's files are read and checked by ``tokenization_files.py``.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from safetensors.torch import save_file
from tokenizers import pre_tokenizers
from transformers import BatchEncoding, PreTrainedTokenizer
from transformers.tokenization_utils_base import TruncationStrategy
from transformers.utils import PaddingStrategy

from .errors import StudentError
from .families import FAMILIES
from .tokenization_batch import CALL_OPTIONS, Positions, is_text_batch, padded_length, takes_options
from .tokenization_files import (
    check_same_student,
    checked_template,
    read_segmenter,
    read_splitter,
    read_vocabulary,
    unknown_word_id,
)
from .tokenization_words import Token, WordReader, ascii_word_splitter

T = TypeVar("T")
TOKEN_CACHE_SIZE = 65536  # tokens whose id and word the tokenizer keeps across calls
MEMBERSHIP_CACHE_SIZE = 1 << 20  # strings whose membership of the segmenter's pieces the tokenizer keeps


class TokenId(int):
    """An input id and the token it stands for: the base class truncates lists of ids and puts special tokens
    between them, and each id it keeps still knows its word (for ``word_characters``) and its offsets."""

    token: str

    def __new__(cls, index: int, token: str = "") -> TokenId:
        token_id = super().__new__(cls, index)
        token_id.token = token
        return token_id


class VocabFreeTokenizer(WordReader, PreTrainedTokenizer):
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
        mark_unknown_words: bool = False,
        **kwargs: Any,
    ) -> None:
        self.splitter = read_splitter(splitter_file)
        # Read once: each read of these attributes builds a new object.
        self.word_normalizer = self.splitter.normalizer
        self.word_pre_tokenizer = self.splitter.pre_tokenizer or pre_tokenizers.WhitespaceSplit()
        self.word_decoder = self.splitter.decoder
        self.ascii_words = ascii_word_splitter(self.splitter)
        self.piece_cache = OrderedDict()
        self.row_cache = OrderedDict()
        self.token_cache: dict[str, tuple[int, str | None]] = {}  # see known_tokens
        self.segmenter = None
        if segmenter_config is not None:
            self.segmenter = read_segmenter(segmenter_config, segmenter_file)
            self.is_piece = self.segmenter.membership(MEMBERSHIP_CACHE_SIZE)
        self.vocabulary = read_vocabulary(vocabulary_file)
        self.id_to_word = {index: word for word, index in self.vocabulary.items()}
        self.word_token_id = word_token_id
        self.single_template = checked_template("single_template", single_template, ["$A"], self.vocabulary)
        self.pair_template = checked_template("pair_template", pair_template, ["$A", "$B"], self.vocabulary)
        self.unknown_word_id = unknown_word_id(mark_unknown_words, self.segmenter, self.vocabulary,
                                               kwargs.get("unk_token"))
        family = FAMILIES.get(student_class) if isinstance(student_class, str) else None
        if family is None:
            raise ValueError(f"tokenizer_config.json: student_class must be one of {', '.join(FAMILIES)}, "
                             f"got {student_class!r}")
        check_same_student(vocabulary_file, student_class, student)
        try:
            student_config = family.config_class.from_dict(student)
        except (StudentError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"tokenizer_config.json: student: {error}") from None
        self.encode_words, self.encoder_options = student_config.fixed_width_encoder()
        self.character_width = int(self.encode_words([""], **self.encoder_options).shape[1])
        super().__init__(
            word_token_id=word_token_id,
            single_template=single_template,
            pair_template=pair_template,
            student_class=student_class,
            student=student,
            segmenter_config=segmenter_config,
            mark_unknown_words=self.unknown_word_id is not None,
            **kwargs,
        )
        self.check_settings()

    def check_settings(self) -> None:
        """Refuse, in one line, settings of ``tokenizer_config.json`` that would encode every text wrongly: a
        length limit that is no positive integer, a ``word_token_id`` among the ids of ``vocabulary.json``."""
        if not isinstance(self.model_max_length, int) or self.model_max_length < 1:
            raise ValueError(f"tokenizer_config.json: model_max_length must be a positive integer, "
                             f"got {self.model_max_length!r}")
        last = max(self.vocabulary.values(), default=-1)
        if not isinstance(self.word_token_id, int) or self.word_token_id <= last:
            raise ValueError(f"tokenizer_config.json: word_token_id must follow the ids of vocabulary.json "
                             f"(the last is {last}), got {self.word_token_id!r}")

    # --- words --------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        return len(self.vocabulary)

    def get_vocab(self) -> dict[str, int]:
        return dict(self.vocabulary)

    def _add_tokens(self, new_tokens: Any, special_tokens: bool = False) -> int:
        """Refuse, in one line, a token that is not one of ``vocabulary.json``'s (``add_tokens``,
        ``add_special_tokens``): transformers would give it the id after the vocabulary's count, one the model
        already reads another way (every word's; with ``--keep-vocabulary`` a row of the source's table), and the
        model's table has no row of its own for it."""
        new = [str(token) for token in new_tokens if str(token) and str(token) not in self.vocabulary]
        if new:
            raise ValueError(f"a vocabulary-free tokenizer takes no token beyond its vocabulary.json, got "
                             f"{', '.join(new)}: write it in the text, and the model reads it from its characters")
        return super()._add_tokens(new_tokens, special_tokens)

    def text_tokens(self, texts: list[str], split_special_tokens: bool) -> list[list[str]]:
        """The tokens :meth:`tokenize` gives each of ``texts``, without offsets: the words of every text
        (:meth:`word_strings`), then all cut in one :meth:`cut`. A text with a special token in it (kept whole
        unless ``split_special_tokens``) is read by :meth:`tokenize` itself."""
        specials = {*self._added_tokens_encoder, *self.all_special_tokens}
        words: list[list[str] | None] = [
            self.word_strings(text)
            if text not in specials and (split_special_tokens or self.tokens_trie.split(text) in ([], [text]))
            else None for text in texts]
        cut = self.cut([word for split in words if split is not None for word in split]) if self.segmenter else {}
        return [self.tokenize(text, split_special_tokens=split_special_tokens) if split is None
                else [piece for word in split for piece in cut.get(word, (word,))]
                for text, split in zip(texts, words)]

    # The signature of PythonBackend.tokenize, the class this one extends (transformers narrows its base's there).
    def tokenize(self, text: str, **kwargs: Any) -> list[str]:  # type: ignore[override]
        """The tokens of ``text`` with their offsets: the special tokens written in it kept whole (unless
        ``split_special_tokens``), the words between them as :meth:`words` and :meth:`pieces` make them."""
        if kwargs.get("split_special_tokens", self.split_special_tokens):
            stretches = [text]
        else:
            stretches = self.tokens_trie.split(text)
        specials = {*self._added_tokens_encoder, *self.all_special_tokens}
        tokens: list[str] = []
        start = 0
        for stretch in stretches:
            if stretch in specials:
                tokens.append(Token(stretch, (start, start + len(stretch))))
            else:
                tokens += self.pieces([Token(word, (start + word.offsets[0], start + word.offsets[1]))
                                       for word in self.words(stretch)])
            start += len(stretch)
        return tokens

    def _convert_token_to_id(self, token: str) -> int:
        index = self.vocabulary.get(token)
        if index is not None:
            return index
        if self.unknown_word_id is not None and not self.is_piece(token):
            return self.unknown_word_id  # a word kept whole: the source's tokenizer has no piece for a character
        return self.word_token_id

    def reads_word(self, token: str, token_id: int) -> bool:
        """Whether the student embeds ``token`` (at ``token_id``) from its characters: a word, or one the source reads
        as its unknown token; not a token of ``vocabulary.json``."""
        return token_id == self.word_token_id or (token_id == self.unknown_word_id and token not in self.vocabulary)

    def _convert_id_to_token(self, index: int) -> str:
        return self.id_to_word.get(index, self.unk_token)

    def convert_tokens_to_ids(self, tokens: str | list[str]) -> int | list[int]:
        """The ids of ``tokens``, each a :class:`TokenId` that knows its token."""
        ids = super().convert_tokens_to_ids(tokens)
        if isinstance(tokens, str) or not isinstance(ids, list):
            return ids
        return [TokenId(index, token) for index, token in zip(ids, tokens)]

    def known_tokens(self) -> dict[str, tuple[int, str | None]]:
        """Tokens met before and their input id and word (the student's text, or none where the table is read), as
        :class:`Positions` fills it: emptied when it holds :data:`TOKEN_CACHE_SIZE` tokens. A token's entry stays
        right when tokens are added: only the vocabulary's may be (:meth:`_add_tokens`), with the ids they have."""
        if len(self.token_cache) >= TOKEN_CACHE_SIZE:
            self.token_cache.clear()
        return self.token_cache

    # --- special tokens -------------------------------------------------------------
    def fill_template(self, first: list[T], second: list[T] | None, special: Callable[[str], T]) -> tuple[
            list[T], list[int]]:
        """``first`` (and ``second``) placed in the source's template, its special tokens as ``special``
        gives them: the items and their token types."""
        template = self.single_template if second is None else self.pair_template
        items: list[T] = []
        types: list[int] = []
        for token, kind in template:
            part = first if token == "$A" else (second or []) if token == "$B" else [special(token)]
            items += part
            types += [kind] * len(part)
        return items, types

    def build_inputs_with_special_tokens(self, token_ids_0: list[int], token_ids_1: list[int] | None = None
                                         ) -> list[int]:
        return self.fill_template(token_ids_0, token_ids_1, self._convert_token_to_id)[0]

    def create_token_type_ids_from_sequences(self, token_ids_0: list[int], token_ids_1: list[int] | None = None
                                             ) -> list[int]:
        return self.fill_template(token_ids_0, token_ids_1, self._convert_token_to_id)[1]

    def get_special_tokens_mask(self, token_ids_0: list[int], token_ids_1: list[int] | None = None,
                                already_has_special_tokens: bool = False) -> list[int]:
        if already_has_special_tokens:
            return super().get_special_tokens_mask(token_ids_0, token_ids_1, already_has_special_tokens=True)
        marked = self.fill_template([0] * len(token_ids_0), None if token_ids_1 is None else [0] * len(token_ids_1),
                                    lambda token: 1)
        return marked[0]

    # --- the inputs ---------------------------------------------------------------------
    def __call__(self, text: Any = None, text_pair: Any = None, *args: Any, **kwargs: Any) -> BatchEncoding:
        """The base class's call; a single text's empty second text is no second text, as the source's fast
        tokenizer has it (``tokenizer("a", "")`` is ``tokenizer("a")``; in a batch it is an empty text). A batch of
        texts with options of :data:`CALL_OPTIONS` goes past the base class's layers: the padding and truncation
        strategies as the base class makes them, then :meth:`_encode_plus` as the base class calls it."""
        if isinstance(text, str) and text_pair == "":
            text_pair = None
        if args or not is_text_batch(text, text_pair) or not kwargs.keys() <= CALL_OPTIONS:
            return super().__call__(text, text_pair, *args, **kwargs)
        padding_strategy, truncation_strategy, max_length, _ = self._get_padding_truncation_strategies(
            padding=kwargs.pop("padding", False), truncation=kwargs.pop("truncation", None),
            max_length=kwargs.pop("max_length", None), pad_to_multiple_of=kwargs.get("pad_to_multiple_of"),
            verbose=kwargs.get("verbose", True))
        kwargs.setdefault("split_special_tokens", self.split_special_tokens)
        return self._encode_plus(text, text_pair, padding_strategy=padding_strategy,
                                 truncation_strategy=truncation_strategy, max_length=max_length, **kwargs)

    def encode(self, text: Any, text_pair: Any = None, *args: Any, **kwargs: Any) -> list[int]:
        """The base class's ``encode``, with a single text's empty second text read as :meth:`__call__` reads it."""
        return super().encode(text, None if isinstance(text, str) and text_pair == "" else text_pair, *args,
                              **kwargs)

    def _encode_plus(self, text: Any, text_pair: Any = None, *args: Any, **kwargs: Any) -> BatchEncoding:
        """The base class's encoding (a batch calls this for each of its texts), keeping ``offset_mapping`` when
        asked for. An empty list of words is an empty text (the base class refuses it; the source takes it). A batch
        of texts, with options :func:`takes_options` accepts, is encoded at once (:meth:`encode_texts`), and so is a
        single text (or pair) asked for as tensors, as a batch of one: the base class gives it a batch axis too."""
        if not args and takes_options(kwargs):
            if is_text_batch(text, text_pair):
                return self.encode_texts(list(text), None if text_pair is None else list(text_pair), **kwargs)
            if is_text_batch([text], None if text_pair is None else [text_pair]) and kwargs.get("return_tensors"):
                encoded = self.encode_texts([text], None if text_pair is None else [text_pair], **kwargs)
                return BatchEncoding({**{name: value for name, value in encoded.items() if name != "word_characters"},
                                      "word_characters": encoded["word_characters"]})  # the base class's order
        if kwargs.get("is_split_into_words"):
            text, text_pair = (part if part is None or len(part) else "" for part in (text, text_pair))
        return_tensors = kwargs.pop("return_tensors", None)
        encoding = dict(super()._encode_plus(text, text_pair, *args, **{**kwargs, "return_tensors": None}))
        if not kwargs.get("return_offsets_mapping"):
            encoding.pop("offset_mapping", None)
        ids = encoding["input_ids"]
        return BatchEncoding(encoding, tensor_type=return_tensors,
                             prepend_batch_axis=bool(ids) and not isinstance(ids[0], list))

    def encode_texts(self, texts: list[str], pairs: list[str] | None, *, add_special_tokens: bool = True,
                     padding_strategy: PaddingStrategy = PaddingStrategy.DO_NOT_PAD,
                     truncation_strategy: TruncationStrategy = TruncationStrategy.DO_NOT_TRUNCATE,
                     max_length: int | None = None, stride: int = 0, pad_to_multiple_of: int | None = None,
                     padding_side: str | None = None, return_tensors: str | None = None,
                     return_token_type_ids: bool | None = None, return_attention_mask: bool | None = None,
                     return_special_tokens_mask: bool = False, return_length: bool = False, verbose: bool = True,
                     split_special_tokens: bool = False, **unset: Any) -> BatchEncoding:
        """What the base class gives for a batch of texts (and second texts), made for the whole batch at once: the
        texts' tokens (:meth:`text_tokens`), each distinct token's id and row of ``word_characters`` once
        (:class:`Positions`), truncation and the template text by text as the base class does them, then the
        batch padded in arrays. ``unset``: the options :func:`takes_options` wants unset."""
        positions = Positions(self)
        tokens = positions.keys(self.text_tokens(texts + (pairs or []), split_special_tokens))
        seconds: list[list[int] | None] = list(tokens[len(texts):]) if pairs is not None else [None] * len(texts)
        added = self.num_special_tokens_to_add(pair=pairs is not None) if add_special_tokens else 0
        rows, types, marks = [], [], []
        for first, second in zip(tokens[:len(texts)], seconds):
            total = len(first) + len(second or []) + added
            if truncation_strategy != TruncationStrategy.DO_NOT_TRUNCATE and max_length and total > max_length:
                first, second, _ = self.truncate_sequences(
                    first, pair_ids=second, num_tokens_to_remove=total - max_length,
                    truncation_strategy=truncation_strategy, stride=stride)
            if add_special_tokens:
                row, kinds = self.fill_template(first, second, positions.special)
            else:
                row = first + (second or [])
                kinds = [0] * len(row)
            self._eventual_warn_about_too_long_sequence(row, max_length, verbose)
            rows.append(row)
            types.append(kinds)
            if return_special_tokens_mask:
                marks.append(self.get_special_tokens_mask(first, second) if add_special_tokens else [0] * len(row))
        wanted = {"token_type_ids": return_token_type_ids, "special_tokens_mask": return_special_tokens_mask,
                  "length": return_length, "attention_mask": return_attention_mask}
        for name in ("token_type_ids", "attention_mask"):
            if wanted[name] is None:
                wanted[name] = name in self.model_input_names
        length = padded_length([len(row) for row in rows], padding_strategy, max_length, pad_to_multiple_of)
        return positions.padded(rows, types, marks, {name for name, on in wanted.items() if on}, length,
                                (padding_side or self.padding_side) == "left", return_tensors)

    def prepare_for_model(self, ids: list[int], pair_ids: list[int] | None = None, *args: Any, **kwargs: Any
                          ) -> BatchEncoding:
        """The base class's inputs for a text (or pair) with ``word_characters`` and ``offset_mapping``, read from
        the tokens of the positions it kept (:class:`TokenId`). ``word_characters`` is an int64 array (positions ×
        characters), which a batch turns into one tensor without a Python integer per character."""
        return_tensors = kwargs.pop("return_tensors", None)
        prepend_batch_axis = kwargs.pop("prepend_batch_axis", False)
        encoding = dict(super().prepare_for_model(ids, pair_ids, *args, **kwargs))
        tokens = [index.token if isinstance(index, TokenId) else None for index in encoding["input_ids"]]
        is_word = [token is not None and self.reads_word(token, index)
                   for token, index in zip(tokens, encoding["input_ids"])]
        words = [self.word_text(token) for token, word in zip(tokens, is_word) if word and token is not None]
        characters = np.zeros((len(is_word), self.character_width), dtype=np.int64)  # a row of zeros: no word
        characters[np.flatnonzero(is_word)] = self.word_rows(words)
        encoding["word_characters"] = characters
        encoding["offset_mapping"] = [getattr(token, "offsets", (0, 0)) for token in tokens]
        for key in ("input_ids", "overflowing_tokens"):  # plain ints from here on
            if key in encoding:
                encoding[key] = [int(index) for index in encoding[key]]
        return BatchEncoding(encoding, tensor_type=return_tensors, prepend_batch_axis=prepend_batch_axis)

    def _pad(self, encoded_inputs: Any, max_length: int | None = None, padding_strategy: Any = None,
             pad_to_multiple_of: int | None = None, padding_side: str | None = None,
             return_attention_mask: bool | None = None) -> dict:
        """The base class's padding, and ``word_characters`` (a row of zeros) and ``offset_mapping`` (``(0, 0)``)
        padded with the ids; ``length`` is the padded length, as the source's tokenizer gives it."""
        padded = super()._pad(encoded_inputs, max_length, padding_strategy, pad_to_multiple_of, padding_side,
                              return_attention_mask)
        length = len(padded["input_ids"])
        left = (padding_side or self.padding_side) == "left"
        if "word_characters" in padded:
            characters = np.asarray(padded["word_characters"], dtype=np.int64).reshape(-1, self.character_width)
            filler = np.zeros((length - len(characters), self.character_width), dtype=np.int64)
            padded["word_characters"] = np.concatenate([filler, characters] if left else [characters, filler])
        if "offset_mapping" in padded and len(padded["offset_mapping"]) < length:
            filler_offsets = [(0, 0)] * (length - len(padded["offset_mapping"]))
            offsets = list(padded["offset_mapping"])
            padded["offset_mapping"] = filler_offsets + offsets if left else offsets + filler_offsets
        if "length" in padded:
            padded["length"] = length
        return padded

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

"""Whole words from a tokenizer's pieces, for every tokenizer family the vocabulary-free path knows.

A tokenizer cuts text into *words* first (its normaliser and pre-tokeniser) and then each word into
vocabulary pieces. The vocabulary-free path gives each word one position and embeds it whole, so it must
read words back from pieces. The families differ only in how a piece says where a word starts
(:data:`FAMILIES`, keyed by what the tokenizer is made of):

* **WordPiece** (BERT, DistilBERT, MPNet): a piece that *continues* a word carries a prefix (``##``).
* **byte-level BPE** (RoBERTa, GPT-2): a piece that *starts* a word after a space carries ``Ġ``; the
  pieces spell bytes, so the student reads the text they stand for (``"Ġthe"`` → ``" the"``,
  :func:`teachers.vocabulary.byte_level_to_text`, as in the student's table).
* **SentencePiece** (Metaspace: XLM-R, Unigram or BPE): a piece that starts a word carries ``▁``.

A word-start marker marks only the words that follow a space, while the pre-tokeniser also splits
punctuation off (byte-level BPE: ``"Ġworld"``, ``"!"``), so :meth:`WordSplitter.group` re-splits a
marked group where the source's own pre-tokeniser splits its text. The export
(:mod:`distill.export.folder`) and the in-process vocabulary-free path (:mod:`distill.swap.vocabulary_free`) both
read words through a :class:`WordSplitter`, so they agree on what a word is and on its string.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, NamedTuple

from tokenizers import Tokenizer, decoders
from tokenizers.models import WordLevel
from transformers import PreTrainedTokenizerBase

from teachers.errors import TeacherError
from teachers.vocabulary import byte_level_to_text, special_token_ids


@dataclass(frozen=True)
class WordFamily:
    """How a tokenizer family's pieces mark words; exactly one of ``continuation`` and ``word_start`` is set."""

    name: str
    continuation: str = ""  # a piece starting with it continues the word before it (WordPiece's ##)
    word_start: str = ""  # a piece starting with it begins a word (byte-level BPE's Ġ, SentencePiece's ▁)
    byte_level: bool = False  # pieces spell bytes in GPT-2's alphabet; words are read as the text they stand for


# Keyed by the tokenizer's model type (WordPiece) or, for the others, by its pre-tokeniser's type.
FAMILIES: dict[str, WordFamily] = {
    "WordPiece": WordFamily("WordPiece", continuation="##"),
    "ByteLevel": WordFamily("byte-level BPE", word_start="Ġ", byte_level=True),
    "Metaspace": WordFamily("SentencePiece", word_start="▁"),
}


class Word(NamedTuple):
    positions: list[int]  # piece positions in the example
    text: str | None  # the whole word as the student reads it when its pieces are merged, else None


def _types(component: Any) -> Iterator[dict[str, Any]]:
    """Every typed part of a serialized ``tokenizers`` component (a ``Sequence``'s members included)."""
    if isinstance(component, dict):
        if "type" in component:
            yield component
        for value in component.values():
            yield from _types(value)
    elif isinstance(component, list):
        for value in component:
            yield from _types(value)


def word_family(tokenizer: PreTrainedTokenizerBase) -> WordFamily:
    """The family of ``tokenizer`` (:data:`FAMILIES`); a tokenizer of no known family is refused in one line."""
    backend: Tokenizer | None = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None:
        raise TeacherError(f"{type(tokenizer).__name__} has no fast (tokenizers) pipeline to split words with")
    spec = json.loads(backend.to_str())
    model = spec.get("model") or {}
    if model.get("type") == "WordPiece":
        return WordFamily("WordPiece", continuation=model.get("continuing_subword_prefix") or "##")
    for part in _types(spec.get("pre_tokenizer")):
        if part["type"] == "ByteLevel":
            return FAMILIES["ByteLevel"]
        if part["type"] == "Metaspace":
            return WordFamily("SentencePiece", word_start=part.get("replacement") or "▁")
    pre_tokenizers = [part["type"] for part in _types(spec.get("pre_tokenizer"))] or ["none"]
    raise TeacherError(
        f"no word splitter for {type(tokenizer).__name__} ({model.get('type')} model, pre-tokenizer "
        f"{'+'.join(pre_tokenizers)}); whole words need WordPiece, byte-level BPE or SentencePiece (Metaspace)"
    )


def is_utf8(text: str) -> bool:
    """Whether ``text`` is text: not a byte-level word whose stray bytes became lone surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class WordSplitter:
    """A tokenizer's words: grouping its pieces (:meth:`group`) and splitting text (:meth:`pipeline`)."""

    def __init__(self, family: WordFamily, backend: Tokenizer | None = None, specials: Collection[str] = (),
                 unk_token: str = "[UNK]") -> None:
        if family.word_start and (backend is None or backend.pre_tokenizer is None):
            raise TeacherError(f"{family.name} words need the tokenizer's pre-tokenizer")
        self.family, self.backend, self.specials, self.unk_token = family, backend, set(specials), unk_token

    @classmethod
    def for_tokenizer(cls, tokenizer: PreTrainedTokenizerBase) -> WordSplitter:
        """The splitter of ``tokenizer``'s family (refused in one line when it has none)."""
        specials = tokenizer.convert_ids_to_tokens(sorted(special_token_ids(tokenizer)))
        return cls(word_family(tokenizer), tokenizer.backend_tokenizer, specials, str(tokenizer.unk_token or "[UNK]"))

    def word_text(self, pieces: Sequence[str]) -> str:
        """The string the student reads for the word made of ``pieces``."""
        family = self.family
        if family.continuation:
            return pieces[0] + "".join(piece[len(family.continuation):] for piece in pieces[1:])
        joined = "".join(pieces)
        return byte_level_to_text(joined) if family.byte_level else joined

    def starts_word(self, pieces: Sequence[str], position: int) -> bool:
        piece = pieces[position]
        if position == 0 or piece in self.specials or pieces[position - 1] in self.specials:
            return True
        if self.family.continuation:
            return not (piece.startswith(self.family.continuation) and len(piece) > len(self.family.continuation))
        return piece.startswith(self.family.word_start)

    def group(self, pieces: Sequence[str], masked: Sequence[bool]) -> list[Word]:
        """The positions of an example: merged words and single pieces, in order.

        A word of two or more pieces is merged unless one of its pieces is masked (then each piece stays).
        """
        groups: list[list[int]] = []
        for position in range(len(pieces)):
            if self.starts_word(pieces, position):
                groups.append([position])
            else:
                groups[-1].append(position)
        if self.family.word_start:
            groups = [part for group in groups for part in self.split_as_source([pieces[i] for i in group], group)]
        words = []
        for group in groups:
            if len(group) > 1 and not any(masked[position] for position in group):
                words.append(Word(group, self.word_text([pieces[position] for position in group])))
            else:
                words.extend(Word([position], None) for position in group)
        return words

    def split_as_source(self, pieces: list[str], group: list[int]) -> list[list[int]]:
        """``group`` cut where the source's pre-tokeniser cuts its text (punctuation after a word, say).

        The pre-tokeniser runs on the text the pieces stand for; its words are spelt in the pieces'
        alphabet again, and a cut is kept where it falls between two pieces.
        """
        if len(pieces) < 2:
            return [group]
        joined = "".join(pieces)
        text = byte_level_to_text(joined) if self.family.byte_level else joined.replace(self.family.word_start, " ")
        if not is_utf8(text):  # a character cut by the truncation: its stray bytes are no text to pre-tokenise
            return [group]
        assert self.backend is not None and self.backend.pre_tokenizer is not None  # checked in __init__
        words = [word for word, _ in self.backend.pre_tokenizer.pre_tokenize_str(text)]
        if "".join(words) != joined:
            return [group]
        cuts = set(accumulate(len(word) for word in words))
        parts: list[list[int]] = [[]]
        for end, position in zip(accumulate(len(piece) for piece in pieces), group):
            parts[-1].append(position)
            if end in cuts:
                parts.append([])
        return [part for part in parts if part]

    def pipeline(self) -> Tokenizer:
        """A ``tokenizers`` pipeline with the source's normaliser and pre-tokeniser and no vocabulary: its
        pre-tokens are the words. Byte-level families carry the decoder that turns a word into its text."""
        if self.backend is None:
            raise TeacherError("splitting text needs the tokenizer's pipeline")
        splitter = Tokenizer(WordLevel({self.unk_token: 0}, unk_token=self.unk_token))
        if self.backend.normalizer is not None:
            splitter.normalizer = self.backend.normalizer
        if self.backend.pre_tokenizer is not None:
            splitter.pre_tokenizer = self.backend.pre_tokenizer
        if self.family.byte_level:
            splitter.decoder = decoders.ByteLevel()
        return splitter

    def whole_word_tokens(self, vocabulary: dict[str, int]) -> dict[str, int]:
        """The entries of ``vocabulary`` that the source gives to a word spelt as they are, as one piece."""
        if self.backend is None:
            raise TeacherError("whole-word tokens need the tokenizer's pipeline")
        model = self.backend.model
        return {token: index for token, index in vocabulary.items()
                if [piece.value for piece in model.tokenize(token)] == [token]}

"""General-English word frequencies from the PyPI package ``wordfreq`` (Robyn Speer; code Apache-2.0, data
CC BY-SA 4.0), counted over subtitles, news, books, web text, Wikipedia, Reddit and Twitter (wordfreq's
README, "Sources and supported languages").

They stand in for counts on a run's own training text (``frequency_source: wordfreq``), so that
frequency-aware sampling, the whole-word phase and the whole-vocabulary metric weigh the words people write
in general rather than the words of one corpus.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

LANGUAGE = "en"
PER_MILLION = 1e6  # frequencies as counts per million words, comparable to counts on a training text
# The parts of a serialised tokenizers.Tokenizer that each call of a fast tokenizer sets from its arguments.
PER_CALL_SETTINGS = ("truncation", "padding")


def english_frequencies(count: int) -> dict[str, float]:
    """The ``count`` most frequent English words (lowercase, as wordfreq tokenizes), most frequent first,
    each with its share of all word occurrences."""
    import wordfreq  # reads its data files on first use

    frequency = wordfreq.get_frequency_dict(LANGUAGE)
    return {word: frequency[word] for word in wordfreq.top_n_list(LANGUAGE, count)}


class EnglishWord(NamedTuple):
    """An English word's pieces' ids and its general-English frequency."""

    ids: list[int]
    frequency: float


class SameTokenizer:
    """A tokenizer as a cache key: equal to another that tokenizes the same way (the same serialised fast
    tokenizer: vocabulary, normaliser, pre-tokenizer, special tokens), so that a tokenizer loaded again (a trainer
    per sweep trial) finds the words its first load split; a tokenizer that cannot be serialised is only equal
    to itself.

    The serialised tokenizer's truncation and padding are left out of the key: a fast tokenizer sets them on its
    backend at every call (from that call's arguments), and they do not change how a text splits."""

    def __init__(self, tokenizer: PreTrainedTokenizerBase) -> None:
        self.tokenizer = tokenizer
        backend = getattr(tokenizer, "backend_tokenizer", None)
        serialised = _splitting(backend.to_str()) if backend is not None else None
        self.identity: tuple[str, str] | int = (
            (type(tokenizer).__qualname__, hashlib.sha256(serialised.encode("utf-8")).hexdigest())
            if serialised is not None else id(tokenizer))

    def __hash__(self) -> int:
        return hash(self.identity)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SameTokenizer) and self.identity == other.identity


def _splitting(serialised: str) -> str:
    """A serialised ``tokenizers.Tokenizer`` without its per-call settings (truncation, padding)."""
    settings = json.loads(serialised)
    return json.dumps({key: value for key, value in settings.items() if key not in PER_CALL_SETTINGS}, sort_keys=True)


def english_pieces(tokenizer: PreTrainedTokenizerBase, count: int) -> list[EnglishWord]:
    """The ``count`` most frequent English words, most frequent first, each as the ids of the pieces ``tokenizer``
    splits it into (any tokenizer) and its frequency. Computed once per way of tokenizing (:class:`SameTokenizer`)."""
    return _english_pieces(SameTokenizer(tokenizer), count)


@functools.lru_cache(maxsize=4)
def _english_pieces(key: SameTokenizer, count: int) -> list[EnglishWord]:
    frequencies = english_frequencies(count)
    pieces = key.tokenizer(list(frequencies), add_special_tokens=False)["input_ids"]
    return [EnglishWord(ids, frequency) for ids, frequency in zip(pieces, frequencies.values())]


def english_words(tokenizer: PreTrainedTokenizerBase, count: int) -> dict[str, EnglishWord]:
    """The words (as the WordPiece pre-tokenizer delimits them: ``don't`` is three) of the ``count`` most
    frequent English words, most frequent first; a word that becomes the unknown token is left out. Computed
    once per way of tokenizing (:class:`SameTokenizer`)."""
    return _english_words(SameTokenizer(tokenizer), count)


@functools.lru_cache(maxsize=4)
def _english_words(key: SameTokenizer, count: int) -> dict[str, EnglishWord]:
    tokenizer = key.tokenizer
    from teachers.wordpiece import continuation_prefix, group_words  # transformers, imported when first needed

    prefix = continuation_prefix(tokenizer)
    words: dict[str, EnglishWord] = {}
    for ids, frequency in _english_pieces(key, count):
        pieces = tokenizer.convert_ids_to_tokens(ids)
        for word in group_words(pieces, [False] * len(pieces), prefix):
            word_ids = [ids[position] for position in word.positions]
            if word_ids == [tokenizer.unk_token_id]:
                continue
            text = word.text if word.text is not None else pieces[word.positions[0]]
            known = words.get(text)
            words[text] = EnglishWord(word_ids, frequency + (known.frequency if known else 0.0))
    return dict(sorted(words.items(), key=lambda item: -item[1].frequency))

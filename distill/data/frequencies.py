"""General-English word frequencies from the PyPI package ``wordfreq`` (Robyn Speer; code Apache-2.0, data
CC BY-SA 4.0), counted over subtitles, news, books, web text, Wikipedia, Reddit and Twitter (wordfreq's
README, "Sources and supported languages").

They stand in for counts on a run's own training text (``frequency_source: wordfreq``), so that
frequency-aware sampling, the whole-word phase and the whole-vocabulary metric weigh the words people write
in general rather than the words of one corpus.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

LANGUAGE = "en"
PER_MILLION = 1e6  # frequencies as counts per million words, comparable to counts on a training text


def english_frequencies(count: int) -> dict[str, float]:
    """The ``count`` most frequent English words (lowercase, as wordfreq tokenizes), most frequent first,
    each with its share of all word occurrences."""
    import wordfreq  # reads its data files on first use

    frequency = wordfreq.get_frequency_dict(LANGUAGE)
    return {word: frequency[word] for word in wordfreq.top_n_list(LANGUAGE, count)}


class EnglishWord(NamedTuple):
    """A word as the tokenizer's pre-tokenizer delimits it: its pieces' ids and its general-English frequency."""

    ids: list[int]
    frequency: float


@functools.lru_cache(maxsize=4)
def english_words(tokenizer: PreTrainedTokenizerBase, count: int) -> dict[str, EnglishWord]:
    """The words (as the WordPiece pre-tokenizer delimits them: ``don't`` is three) of the ``count`` most
    frequent English words, most frequent first; a word that becomes the unknown token is left out."""
    from teachers.wordpiece import continuation_prefix, group_words  # transformers, imported when first needed

    prefix = continuation_prefix(tokenizer)
    frequencies = english_frequencies(count)
    words: dict[str, EnglishWord] = {}
    for ids, frequency in zip(tokenizer(list(frequencies), add_special_tokens=False)["input_ids"],
                              frequencies.values()):
        pieces = tokenizer.convert_ids_to_tokens(ids)
        for word in group_words(pieces, [False] * len(pieces), prefix):
            word_ids = [ids[position] for position in word.positions]
            if word_ids == [tokenizer.unk_token_id]:
                continue
            text = word.text if word.text is not None else pieces[word.positions[0]]
            known = words.get(text)
            words[text] = EnglishWord(word_ids, frequency + (known.frequency if known else 0.0))
    return dict(sorted(words.items(), key=lambda item: -item[1].frequency))

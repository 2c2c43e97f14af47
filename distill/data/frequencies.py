"""General-English word frequencies from the PyPI package ``wordfreq`` (Robyn Speer; code Apache-2.0, data
CC BY-SA 4.0), counted over subtitles, news, books, web text, Wikipedia, Reddit and Twitter (wordfreq's
README, "Sources and supported languages").

They stand in for counts on a run's own training text (``frequency_source: wordfreq``), so that
frequency-aware sampling, the whole-word phase and the whole-vocabulary metric weigh the words people write
in general rather than the words of one corpus.
"""

from __future__ import annotations

LANGUAGE = "en"
PER_MILLION = 1e6  # frequencies as counts per million words, comparable to counts on a training text


def english_frequencies(count: int) -> dict[str, float]:
    """The ``count`` most frequent English words (lowercase, as wordfreq tokenizes), most frequent first,
    each with its share of all word occurrences."""
    import wordfreq  # reads its data files on first use

    frequency = wordfreq.get_frequency_dict(LANGUAGE)
    return {word: frequency[word] for word in wordfreq.top_n_list(LANGUAGE, count)}

"""Out-of-vocabulary analysis of a corpus, clean and noised.

For each corpus and noise setting:

* ``unk_rate``: share of WordPieces that are the unknown token (PIXEL's [UNK]%, Table 1);
* ``oov_words`` / ``oov_sentence_rate``: whitespace words with an unknown piece, and
  the share of sentences with at least one (PatchBERT's OOV rate, Table 2);
* ``fertility``: WordPieces per whitespace word (PIXEL, Table 1);
* ``split_word_rate``: share of words split into two pieces or more, the words a
  live student embeds whole on the vocabulary-free path.

Noise is applied to the text only (``distill.noise.specs``), seeded, as in evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from transformers import PreTrainedTokenizerBase

from distill.data import Corpus, noised_corpus, readings
from distill.noise.specs import Noise

CLEAN = "clean"


@dataclass(frozen=True)
class OOVStats:
    corpus: str
    noise: str
    sentences: int
    words: int
    wordpieces: int
    unk_pieces: int
    oov_words: int
    oov_sentences: int
    split_words: int

    @property
    def unk_rate(self) -> float:
        return self.unk_pieces / max(1, self.wordpieces)

    @property
    def oov_sentence_rate(self) -> float:
        return self.oov_sentences / max(1, self.sentences)

    @property
    def fertility(self) -> float:
        return self.wordpieces / max(1, self.words)

    @property
    def split_word_rate(self) -> float:
        return self.split_words / max(1, self.words)

    def row(self) -> dict[str, str | int | float]:
        return {**asdict(self), "unk_rate": self.unk_rate, "oov_sentence_rate": self.oov_sentence_rate,
                "fertility": self.fertility, "split_word_rate": self.split_word_rate}


def analyse(tokenizer: PreTrainedTokenizerBase, sentences: Sequence[str], corpus: str, noise: str,
            batch_size: int = 512) -> OOVStats:
    """Count pieces per whitespace word with the (fast) tokenizer's word alignment."""
    unk_id = tokenizer.unk_token_id
    totals = dict(words=0, wordpieces=0, unk_pieces=0, oov_words=0, oov_sentences=0, split_words=0)
    for start in range(0, len(sentences), batch_size):
        batch = [sentence.split() for sentence in sentences[start : start + batch_size]]
        encoded = tokenizer(batch, is_split_into_words=True, add_special_tokens=False)
        for index, words in enumerate(batch):
            ids, word_ids = encoded["input_ids"][index], encoded.word_ids(index)
            pieces = [0] * len(words)
            unknown = [False] * len(words)
            for token_id, word in zip(ids, word_ids):
                pieces[word] += 1
                unknown[word] |= token_id == unk_id
            totals["words"] += len(words)
            totals["wordpieces"] += len(ids)
            totals["unk_pieces"] += sum(token_id == unk_id for token_id in ids)
            totals["oov_words"] += sum(unknown)
            totals["oov_sentences"] += any(unknown)
            totals["split_words"] += sum(count > 1 for count in pieces)
    return OOVStats(corpus=corpus, noise=noise, sentences=len(sentences), **totals)


def oov_table(tokenizer: PreTrainedTokenizerBase, corpora: Sequence[Corpus], noises: Sequence[Noise],
              seed: int, samples: int | None = None) -> list[OOVStats]:
    """Clean first, then each noise setting, for every corpus (the first ``samples`` sentences; ``given`` only for
    those with noisy text).

    The noise is the evaluation's (``noised_corpus``): with the same seed, a sentence is
    noised here exactly as ``distill evaluate --noise`` noises it.
    """
    stats = []
    for corpus in corpora:
        count = samples or len(corpus.sentences)
        head = Corpus(corpus.name, corpus.sentences[:count], corpus.documents[:count],
                      None if corpus.noisy is None else corpus.noisy[:count])
        for _, noise in readings([corpus], (None, *noises)):
            text = head if noise is None else noised_corpus(head, noise, seed)
            stats.append(analyse(tokenizer, text.sentences, corpus.name, CLEAN if noise is None else str(noise)))
    return stats

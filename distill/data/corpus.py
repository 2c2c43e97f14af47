"""A corpus: real text split into sentences, grouped by document, and split by document into parts.

Any corpus followed by ``:train`` or ``:heldout`` is one part of a fixed split *by document*
(:func:`document_part`): context distillation trains on ``:train`` and the evaluations that
judge it read ``:heldout``, so no evaluation sentence comes from a document seen in training.

A corpus may also hold each sentence as people wrote it, errors and all (``noisy``, from a corpus file's
``noisy`` column): the evaluation's ``given`` noise setting reads those (:func:`noised_corpus`), and compares
every model on them with the untouched model on the clean sentences, as it does under noise made here. Among
several corpora, ``given`` reads those that have noisy text (:func:`readings`) and skips the others.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from distill.errors import DistillError
from distill.noise.specs import GIVEN_NOISE, GivenNoise, Noise, apply_noise

MIN_WORDS = 3
WHERE_NOISY_TEXT_IS = "(a .csv/.jsonl/.parquet file with 'text' and 'noisy' columns has)"
PARTS = ("train", "heldout")
HELDOUT_SHARE = 0.2  # a fifth of the documents are held out (4:1)

WORD_LETTERS = re.compile(r"^[^A-Za-z]*([A-Za-z]+)[^A-Za-z]*$")  # a word's letters, its punctuation around them
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[‘“]?[A-Z0-9])")


@dataclass(frozen=True)
class Corpus:
    """Sentences in reading order; ``documents[i]`` is the document of ``sentences[i]``."""

    name: str
    sentences: Sequence[str]  # a tuple, or sentences rewritten as they are read (contender.RewrittenSentences)
    documents: tuple[int, ...]
    noisy: tuple[str, ...] | None = None  # ``noisy[i]``: ``sentences[i]`` as people wrote it, when the corpus has it
    meant: Sequence[str] | None = None  # a noised corpus's sentences as they were before the noise (noised_corpus)

    @cached_property
    def pair_starts(self) -> tuple[int, ...]:
        """Indices ``i`` whose sentence ``i + 1`` follows it in the same document (true NSP pairs)."""
        return tuple(i for i in range(len(self.sentences) - 1) if self.documents[i] == self.documents[i + 1])

    @cached_property
    def fingerprint(self) -> str:
        return hashlib.sha256("\n".join(self.sentences).encode("utf-8")).hexdigest()[:12]

    def require(self, samples: int, pairs: int = 0) -> None:
        """Refuse a corpus with fewer than ``samples`` sentences or ``pairs`` next-sentence pairs."""
        if len(self.sentences) < samples or len(self.pair_starts) < pairs:
            needed = f"{samples} sentences" + (f" and {pairs} pairs" if pairs else "")
            raise DistillError(
                f"corpus {self.name!r} has {len(self.sentences)} usable sentences and {len(self.pair_starts)} "
                f"next-sentence pairs; the task needs {needed} (lower --samples or use a larger corpus)"
            )


def noised_corpus(corpus: Corpus, spec: Noise, seed: int) -> Corpus:
    """``corpus`` with every sentence noised, the same for the same ``seed``; under :class:`GivenNoise`, its
    sentences as people wrote them (refused for a corpus without them).

    HLM's "unseen" regime (HLM, Sun et al., ACL 2023, §4.2 and Table 9): the noise touches the
    evaluation text only. Sentences and documents keep their order, so a seed draws
    the same sentences (now noised) as on the clean corpus, and the noised corpus keeps them as they were
    (``meant``).
    """
    if isinstance(spec, GivenNoise):
        if corpus.noisy is None:
            raise DistillError(f"noise {spec!s} reads a corpus's own noisy text, and corpus {corpus.name!r} has none "
                               f"{WHERE_NOISY_TEXT_IS}")
        return Corpus(corpus.name, corpus.noisy, corpus.documents, meant=corpus.sentences)
    rng = random.Random(seed)
    return Corpus(corpus.name, tuple(apply_noise(sentence, spec, rng) for sentence in corpus.sentences),
                  corpus.documents, meant=corpus.sentences)


def misspelt_words(corpora: Sequence[Corpus], noises: Sequence[Noise | None], seeds: Iterable[int]) -> dict[str, str]:
    """Each word of letters (:data:`WORD_LETTERS`: its punctuation around it left out) that a noise setting wrote
    otherwise in ``corpora`` under ``seeds`` (:func:`noised_corpus`; under ``given``, the corpus's own noisy text)
    → the word it was, also lower-cased as an uncased tokenizer normalises it; where two words were written alike,
    the first seen. What a perfect spell-checker would read: the ceiling of reading misspellings as the words they
    stand for. A written form that is also a word of the clean text (a misspelling that makes a real word, or
    another word's spelling) is left out, or each of its correct uses would be read as another word; so are the
    sentences whose noise split or joined a word (no word-for-word reading)."""
    truth: dict[str, str] = {}
    seeds = list(seeds)
    clean_words = {match[1].lower() for corpus in corpora for sentence in corpus.sentences
                   for word in sentence.split() if (match := WORD_LETTERS.match(word))}
    for corpus, noise in readings(corpora, noises):
        if noise is None:
            continue
        for seed in seeds if not isinstance(noise, GivenNoise) else seeds[:1]:  # people's noise has no seed
            noisy = noised_corpus(corpus, noise, seed)
            for clean_sentence, noisy_sentence in zip(corpus.sentences, noisy.sentences):
                meant_words, written_words = clean_sentence.split(), noisy_sentence.split()
                if len(meant_words) != len(written_words):
                    continue
                for clean, written in zip(meant_words, written_words):
                    meant, wrote = WORD_LETTERS.match(clean), WORD_LETTERS.match(written)
                    if meant and wrote and meant[1] != wrote[1] and wrote[1].lower() not in clean_words:
                        truth.setdefault(wrote[1], meant[1])
                        truth.setdefault(wrote[1].lower(), meant[1].lower())
    return truth


def readings(corpora: Sequence[Corpus], noises: Sequence[Noise | None]) -> list[tuple[Corpus, Noise | None]]:
    """Each corpus under each noise setting, in order; under ``given`` only the corpora with noisy text."""
    return [(corpus, noise) for corpus in corpora for noise in noises
            if not isinstance(noise, GivenNoise) or corpus.noisy is not None]


def check_given_noise(corpora: Sequence[Corpus], noises: Sequence[Noise | None]) -> None:
    """Refuse, before any work, the ``given`` noise setting when no corpus holds noisy text to read under it."""
    if GIVEN_NOISE in noises and GIVEN_NOISE not in (noise for _, noise in readings(corpora, noises)):
        names = ", ".join(repr(corpus.name) for corpus in corpora)
        raise DistillError(f"noise {GIVEN_NOISE} reads a corpus's own noisy text, and no corpus ({names}) has any "
                           f"{WHERE_NOISY_TEXT_IS}")


def document_part(corpus: Corpus, part: str, heldout_share: float = HELDOUT_SHARE) -> Corpus:
    """The documents of ``corpus`` in ``part`` (``train`` or ``heldout``), sentences in reading order.

    A document is held out when a hash of its sentences falls in the first ``heldout_share``
    of the hash range, so the split depends on each document's text alone: adding or
    reordering documents never moves another one across. The part is renamed
    ``<name>:<part>``; a part with no sentence is refused.
    """
    if part not in PARTS:
        raise DistillError(f"unknown corpus part {part!r}; valid parts: {', '.join(PARTS)}")
    texts: dict[int, list[str]] = {}
    for sentence, document in zip(corpus.sentences, corpus.documents):
        texts.setdefault(document, []).append(sentence)
    keep = {document for document, sentences in texts.items()
            if (_hash_share("\n".join(sentences)) < heldout_share) == (part == "heldout")}
    kept = [index for index, document in enumerate(corpus.documents) if document in keep]
    if not kept:
        raise DistillError(f"corpus {corpus.name!r} has no document in its {part} part; use a larger corpus")
    noisy = None if corpus.noisy is None else tuple(corpus.noisy[index] for index in kept)
    return Corpus(f"{corpus.name}:{part}", tuple(corpus.sentences[index] for index in kept),
                  tuple(corpus.documents[index] for index in kept), noisy)


def _hash_share(text: str) -> float:
    """A stable pseudo-random number in [0, 1) from ``text``."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") / 2**64


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph, at ``.``/``!``/``?`` followed by a capital; shorter than MIN_WORDS dropped."""
    text = " ".join(text.split())
    return [sentence for sentence in _SENTENCE_END.split(text) if len(sentence.split()) >= MIN_WORDS]


def corpus_from_documents(
    name: str, texts: Iterable[str], sentences_of: Callable[[str], list[str]] = split_sentences
) -> Corpus:
    """Build a corpus from document texts; a corpus with no usable sentence is refused."""
    sentences: list[str] = []
    documents: list[int] = []
    for document, text in enumerate(texts):
        found = sentences_of(text)
        sentences.extend(found)
        documents.extend([document] * len(found))
    if not sentences:
        raise DistillError(f"corpus {name!r} is empty: no sentence of at least {MIN_WORDS} words")
    return Corpus(name, tuple(sentences), tuple(documents))


def joined_corpus(corpora: list[Corpus]) -> Corpus:
    """One corpus of several, documents renumbered in order; noisy sentences kept when every part has them."""
    sentences: list[str] = []
    documents: list[int] = []
    for corpus in corpora:
        offset = documents[-1] + 1 if documents else 0
        sentences.extend(corpus.sentences)
        documents.extend(document + offset for document in corpus.documents)
    noisy = None if any(corpus.noisy is None for corpus in corpora) else \
        tuple(sentence for corpus in corpora for sentence in corpus.noisy or ())
    return Corpus("+".join(corpus.name for corpus in corpora), tuple(sentences), tuple(documents), noisy)

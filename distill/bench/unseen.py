"""How far one word of characters the source never saw moves a sentence: the vocabulary-free export against the source.

The words are drawn, seeded, from Unicode itself rather than picked by hand: half are one symbol (category ``So``:
emoji, signs), half two to six letters of one script (the first word of the letters' Unicode names: ``RUNIC``,
``CHEROKEE``...), every character one that the source's tokenizer reads as its unknown token. Each held-out sentence
of each judged domain (``wiki:heldout``, ``pydoc+stdlib:heldout``), of 5 to 25 words and, apart, of 2 to 6 (a
query's length, where one word weighs most: :data:`LENGTHS`), gets one such word at a random place; a second word
at the same place makes the sentence's twin. Sentence vectors are the mean of the last
hidden states over the positions (the embedded MiniLM's pooling). Two figures per model:

* ``added``: cosine of the sentence with the word to the sentence without it (1: the word changes nothing);
* ``changed``: cosine of the sentence with one word to its twin with the other (the source: 1, it reads both as its
  unknown token; below 0.99: the export tells them apart).

The export is measured as shipped (:data:`distill.export.unknown_words.UNKNOWN_WORD_WEIGHT`), at other weights of
the student's share (the configuration changed in place, the same weights), and with each word the student's vector
as it is (exported with ``unknown_word_weight=None``).
"""

from __future__ import annotations

import inspect
import random
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import torch
from torch import Tensor
from transformers import AutoModel, AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase

from distill.data import JUDGED_DOMAINS, load_corpus
from distill.export.folder import export_folder, export_vocabulary_free
from distill.export.unknown_words import UNKNOWN_WORD_WEIGHT
from distill.files.markdown import markdown_table
from distill.swap.surgery import load_transformer
from students import StudentEncoder
from teachers import load_tokenizer, quiet_transformers

FIRST_CODEPOINT, LAST_CODEPOINT = 0x0370, 0x1FAFF  # after Latin, through the emoji blocks
SCRIPT_LETTERS = 10  # the fewest unseen letters a script needs to give words
WEIGHTS = (0.5, 0.6, 0.7, 0.8, 1.0)  # the student's shares measured beside the shipped one
SOURCE, RAW = "source", "export, student's vectors as they are"
CHANGED_APART = 0.99  # twins at or above this cosine count as not told apart
LENGTHS = ((5, 25), (2, 6))  # the fewest and most words of the held-out sentences read, each range apart


@dataclass(frozen=True)
class UnseenEffect:
    """Per sentence: cosine with the word to without it, and to its twin."""

    added: Tensor
    changed: Tensor

    def row(self, label: str) -> list[str]:
        return [label, f"{self.added.mean():.4f}", f"{self.added.min():.4f}", f"{self.changed.mean():.4f}",
                f"{(self.changed >= CHANGED_APART).float().mean():.2f}"]


def unseen_characters(tokenizer: PreTrainedTokenizerBase) -> tuple[list[str], dict[str, list[str]]]:
    """The symbols, and the letters of each script, that ``tokenizer`` reads as its unknown token alone."""
    symbols: list[str] = []
    scripts: dict[str, list[str]] = {}
    for codepoint in range(FIRST_CODEPOINT, LAST_CODEPOINT + 1):
        character = chr(codepoint)
        category = unicodedata.category(character)
        name = unicodedata.name(character, "")
        if name and category == "So":
            symbols.append(character)
        elif name and category.startswith("L"):
            scripts.setdefault(name.split()[0], []).append(character)
    candidates = symbols + [letter for letters in scripts.values() for letter in letters]
    ids = tokenizer(candidates, add_special_tokens=False)["input_ids"]
    unseen = {character for character, pieces in zip(candidates, ids) if pieces == [tokenizer.unk_token_id]}
    kept = {script: [letter for letter in letters if letter in unseen] for script, letters in scripts.items()}
    return [symbol for symbol in symbols if symbol in unseen], {
        script: letters for script, letters in kept.items() if len(letters) >= SCRIPT_LETTERS}


def unseen_word_maker(tokenizer: PreTrainedTokenizerBase, seed: int) -> Callable[[], str]:
    """A seeded maker of words the source reads as its unknown token: a symbol, or 2-6 letters of one script."""
    symbols, scripts = unseen_characters(tokenizer)
    if not symbols or not scripts:
        raise ValueError(f"{type(tokenizer).__name__} reads every character it was asked about: no unseen words")
    names = sorted(scripts)
    generator = random.Random(seed)

    def word() -> str:
        if generator.random() < 0.5:
            return generator.choice(symbols)
        letters = scripts[generator.choice(names)]
        return "".join(generator.choice(letters) for _ in range(generator.randint(2, 6)))

    return word


def sentence_triples(sentences: Sequence[str], word: Callable[[], str], seed: int
                     ) -> tuple[list[str], list[str], list[str]]:
    """Each sentence, with one unseen word at a random place, and with another word at that place."""
    generator = random.Random(seed)
    plain, added, changed = [], [], []
    for sentence in sentences:
        words = sentence.split()
        place = generator.randint(0, len(words))
        first, second = word(), word()
        plain.append(sentence)
        added.append(" ".join([*words[:place], first, *words[place:]]))
        changed.append(" ".join([*words[:place], second, *words[place:]]))
    return plain, added, changed


@torch.no_grad()
def sentence_vectors(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase, texts: list[str],
                     batch_size: int = 64) -> Tensor:
    """Unit mean-pooled last hidden states of ``texts``."""
    inputs = set(inspect.signature(model.forward).parameters)
    vectors = []
    for start in range(0, len(texts), batch_size):
        encoded = tokenizer(texts[start:start + batch_size], padding=True, truncation=True, return_tensors="pt")
        states = model(**{name: value for name, value in encoded.items() if name in inputs}).last_hidden_state
        mask = encoded["attention_mask"].unsqueeze(-1).to(states.dtype)
        vectors.append(torch.nn.functional.normalize((states * mask).sum(1) / mask.sum(1), dim=-1))
    return torch.cat(vectors)


def unseen_effect(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase,
                  triples: tuple[list[str], list[str], list[str]]) -> UnseenEffect:
    plain, added, changed = (sentence_vectors(model, tokenizer, texts) for texts in triples)
    return UnseenEffect((added * plain).sum(-1), (added * changed).sum(-1))


def held_out_sentences(corpus: str, count: int, words: tuple[int, int]) -> list[str]:
    """The first ``count`` sentences of ``corpus`` with ``words[0]`` to ``words[1]`` words."""
    fewest, most = words
    return [sentence for sentence in load_corpus(corpus).sentences if fewest <= len(sentence.split()) <= most][:count]


class Reading(NamedTuple):
    """A corpus's held-out sentences of a range of lengths (:data:`LENGTHS`), read apart."""

    corpus: str
    words: tuple[int, int]

    @property
    def lengths(self) -> str:
        return f"{self.words[0]}-{self.words[1]} words"

    def __str__(self) -> str:
        return f"{self.corpus}, {self.lengths}"


def measure_unseen_words(model_name: str, student: StudentEncoder, *, sentences: int, seed: int = 0,
                         corpora: Sequence[str] = JUDGED_DOMAINS, weights: Sequence[float] = WEIGHTS
                         ) -> dict[Reading, dict[str, UnseenEffect]]:
    """Per corpus and range of sentence lengths (:class:`Reading`), ``added`` and ``changed``
    for the source, its export as shipped and at each of ``weights``, and its export that reads each word as the
    student's vector as it is."""
    loaded = load_transformer(model_name)
    source_tokenizer = load_tokenizer(loaded.path)
    word = unseen_word_maker(source_tokenizer, seed)
    triples = {Reading(corpus, words): sentence_triples(held_out_sentences(corpus, sentences, words), word, seed)
               for corpus in corpora for words in LENGTHS}
    base = loaded.model.base_model
    assert isinstance(base, PreTrainedModel)
    effects = {reading: {SOURCE: unseen_effect(base.eval(), source_tokenizer, texts)}
               for reading, texts in triples.items()}
    with tempfile.TemporaryDirectory() as folder:
        for weight in (None, UNKNOWN_WORD_WEIGHT):
            kind = "raw" if weight is None else "shipped"
            out = export_vocabulary_free(model_name, student, export_folder(Path(folder), student, "unseen", kind),
                                         unknown_word_weight=weight, quiet=True)
            with quiet_transformers():
                model = AutoModel.from_pretrained(out, trust_remote_code=True).eval()
                tokenizer = AutoTokenizer.from_pretrained(out, trust_remote_code=True)
            for share in [None] if weight is None else sorted({*weights, weight}):
                if share is not None:
                    model.config.unknown_word_weight = share
                label = RAW if share is None else share_label(share)
                for reading, texts in triples.items():
                    effects[reading][label] = unseen_effect(model, tokenizer, texts)
    return dict(sorted(effects.items(), key=lambda item: worst_first(item[1])))


def share_label(share: float) -> str:
    """The row of the export at the student's ``share``, the shipped one named so."""
    return f"export, student's share {share:g}" + (" (shipped)" if share == UNKNOWN_WORD_WEIGHT else "")


def worst_first(effects: dict[str, UnseenEffect]) -> float:
    """A domain's sort key, worst first: how far the shipped export's twins stay apart, less how far one word moves
    the sentence beyond the source's (the goals' margins, the smaller the worse)."""
    shipped = effects[share_label(UNKNOWN_WORD_WEIGHT)]
    moved = float(shipped.added.mean() - effects[SOURCE].added.mean())
    return min(moved, CHANGED_APART - float(shipped.changed.mean()))


def render_unseen(effects: dict[Reading, dict[str, UnseenEffect]], model_name: str, sentences: int,
                  machine: dict[str, str], command: str) -> str:
    """The Markdown block of the unseen-word measurement: a table per domain, the worst first."""
    lines = [f"## Unseen characters (measured in one run: `{command}`)", "",
             f"Machine: {', '.join(f'{key} {value}' for key, value in machine.items())}.", "",
             (f"`{model_name}` and its vocabulary-free exports read up to {sentences} held-out sentences of each "
              "domain and range of lengths (5-25 words, and 2-6: a query's length, where one word weighs most), "
              "each with one word of characters the source reads as its unknown token (drawn from Unicode: a symbol "
              "or 2-6 letters of one script), and its twin with another such word at the same place "
              "(`distill.bench.unseen`); worst first."), ""]
    for reading, rows in effects.items():
        source = rows[SOURCE].added.mean()
        lines += [f"`{reading.corpus}`, {reading.lengths}:", "",
                  markdown_table(["model", "with ÷ without: mean", "lowest", "twins: mean",
                                  f"twins ≥ {CHANGED_APART}"], [effect.row(label) for label, effect in rows.items()]),
                  "", f"Goals: with ÷ without at least the source's mean ({source:.4f}); twins below {CHANGED_APART}.",
                  ""]
    return "\n".join(lines)

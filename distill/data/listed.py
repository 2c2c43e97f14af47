"""Real misspellings in natural text: a list of misspellings people made, applied to a corpus's sentences.

Lists gathered from real writing pair each misspelling with its word: Wikipedia's "Lists of common
misspellings/For machines" and codespell's dictionary (``wrong->right`` per line), R. Mitton's Birkbeck-style
``.dat`` files (a ``$right`` line, then its misspellings one per line), P. Norvig's spell-testset files
(``right: wrong wrong ...``), or ``wrong<TAB>right``. Turned around,
a list says how people misspell each word it names. Each sentence of a corpus (``wiki:heldout`` by default:
documents no training reads) that holds such words gets some of them misspelt, a variant drawn from the list,
about :data:`DEFAULT_RATE` of its words in all where it has enough of them. The result is the file that
``--noise given`` reads (:mod:`distill.data.files`): ``text`` the sentence, ``noisy`` the same with those
misspellings. Nothing in it comes from :mod:`distill.noise.misspellings`, which training uses.

Kept: entries of one alphabetic word (:func:`distill.data.m2.is_word`) on both sides, with one correction (a list
that cannot say which word was meant, ``achive->achieve, archive``, says nothing here), whose misspelling is not a
common English word (wordfreq Zipf below :data:`distill.data.m2.MAX_ZIPF`, as for learner corpora: real-word errors
are left out).
A word keeps its case: lower, Capitalised or UPPER.

    python -m distill.data.listed wikipedia_misspellings.txt --corpus wiki:heldout --out wiki_listed.jsonl
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from distill.data.files import check_paired_file, write_paired_file
from distill.data.m2 import LANGUAGE, MAX_ZIPF, is_word
from distill.errors import DistillError, one_line
from distill.files.userfiles import read_text

DEFAULT_RATE = 0.15  # about the share of misspelt words issue 21 counted in learners' text (docs/defaults.md)
DEFAULT_CORPUS = "wiki:heldout"
FORMATS = "'wrong->right', 'wrong<TAB>right', 'right: wrong ...' or under a Birkbeck '$right' header"
_WORD = re.compile(r"[A-Za-z]+")

Misspellings = dict[str, list[str]]  # a lower-case word → how people misspelt it (lower case)


def parse_list(text: str) -> Misspellings:
    """The list's misspellings of each word; every line is ``wrong->right``, ``wrong<TAB>right``,
    ``right: wrong wrong ...`` (Norvig's spell-testset files), or a Birkbeck ``$right`` header followed by its
    misspellings (blank lines and ``#`` comments are skipped)."""
    from wordfreq import zipf_frequency

    variants: defaultdict[str, list[str]] = defaultdict(list)
    header: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("$"):
            header = line[1:].strip()
            continue
        for wrong, right in _pairs(line, header, number):
            if (is_word(wrong) and is_word(right) and wrong.lower() != right.lower()
                    and zipf_frequency(wrong.lower(), LANGUAGE) < MAX_ZIPF
                    and wrong.lower() not in variants[right.lower()]):
                variants[right.lower()].append(wrong.lower())
    if not variants:
        raise DistillError(f"the list holds no misspelling of one word by one word ({FORMATS})")
    return dict(variants)


def merged(lists: Iterable[Misspellings]) -> Misspellings:
    """One list of every word's misspellings, each variant once, in the order the lists give them."""
    words: Misspellings = {}
    for misspellings in lists:
        for word, variants in misspellings.items():
            known = words.setdefault(word, [])
            known += [variant for variant in variants if variant not in known]
    return words


def _read_list(path: Path) -> Misspellings:
    text = read_text(path, "misspelling list")
    try:
        return parse_list(text)
    except DistillError as error:
        raise DistillError(f"misspelling list {path}: {error}") from None


def _pairs(line: str, header: str | None, number: int) -> list[tuple[str, str]]:
    """The ``(wrong, right)`` pairs of one line; a list's second correction makes ``right`` non-alphabetic
    (left out)."""
    for separator in ("->", "\t"):
        if separator in line:
            wrong, _, right = line.partition(separator)
            return [(wrong.strip(), right.strip())]
    if ":" in line:
        right, _, wrongs = line.partition(":")
        return [(wrong, right.strip()) for wrong in wrongs.split()]
    if header is None:
        raise DistillError(f"line {number} is not {FORMATS}: {line[:60]!r}")
    return [(line.split()[0], header)]


def misspelt_rows(sentences: Sequence[str], misspellings: Misspellings, rate: float,
                  seed: int) -> Iterator[dict[str, str]]:
    """``{"text": sentence, "noisy": misspelt}`` for each sentence in which at least one word was misspelt.

    Each word the list names is misspelt with probability ``rate`` × the sentence's words / the named ones (at
    most 1), so that about ``rate`` of the words are misspelt where the sentence names enough of them.
    """
    rng = random.Random(seed)
    for sentence in sentences:
        words = _WORD.findall(sentence)
        named = sum(word.lower() in misspellings for word in words)
        if not named:
            continue
        noisy = _misspelt(sentence, misspellings, min(1.0, rate * len(words) / named), rng)
        if noisy != sentence:
            yield {"text": sentence, "noisy": noisy}


def _misspelt(sentence: str, misspellings: Misspellings, chance: float, rng: random.Random) -> str:
    """``sentence`` with each word the list names misspelt with probability ``chance``."""

    def misspell(match: re.Match[str]) -> str:
        word = match.group()
        options = misspellings.get(word.lower())
        if options is None or rng.random() >= chance:
            return word
        return _with_case(rng.choice(options), word)

    return _WORD.sub(misspell, sentence)


def _with_case(variant: str, word: str) -> str:
    if word.isupper() and len(word) > 1:
        return variant.upper()
    return variant.capitalize() if word[0].isupper() else variant


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m distill.data.listed", description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", nargs="+", type=Path,
                        help="misspelling lists (wrong->right, TSV, Norvig's right: wrong ..., Birkbeck .dat)")
    parser.add_argument("--out", type=Path, required=True, help="the .jsonl file to write (text, noisy)")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help=f"whose sentences to misspell ({DEFAULT_CORPUS})")
    parser.add_argument("--rate", type=float, default=DEFAULT_RATE,
                        help=f"share of each sentence's words to misspell where the list allows ({DEFAULT_RATE})")
    parser.add_argument("--seed", type=int, default=0, help="seed of which words and variants are drawn (0)")
    args = parser.parse_args(argv)
    try:
        check_paired_file(args.out)
        if not 0 < args.rate <= 1:
            raise DistillError(f"--rate must be in (0, 1], got {args.rate}")
        misspellings = merged(_read_list(path) for path in args.lists)
        import datasets

        from distill.data import load_corpus

        datasets.disable_progress_bars()  # a local corpus file is read through datasets; one summary line is printed
        rows = list(misspelt_rows(load_corpus(args.corpus).sentences, misspellings, args.rate, args.seed))
        if not rows:
            raise DistillError(f"no sentence of {args.corpus} holds a word that the list misspells")
        misspelt, words = write_paired_file(args.out, rows)
    except DistillError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    print(f"{args.out}: {len(rows)} sentences, {misspelt} misspelt words of {words} ({misspelt / words:.1%}), "
          f"from {sum(map(len, misspellings.values()))} misspellings of {len(misspellings)} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())

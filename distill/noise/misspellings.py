"""Human misspellings: the errors people make when they do not know how a word is spelt.

Typing noise (RETVec's typo families, :mod:`distill.noise.specs`) hits any letter; a writer who does not know
a spelling writes the word as it sounds, or as similar words are spelt — Kukich's cognitive and phonetic
errors, as against typographic ones (K. Kukich, "Techniques for automatically correcting words in
text", ACM Computing Surveys 24(4), 1992, §1.2). :func:`misspell` makes one such error in a lowercase
word, of a type drawn uniformly among those that can act on it, then one of that type's outcomes:

* ``phonetic``: another spelling of the same sound (:data:`PHONETIC`: ``ph``→``f``, hard ``c``→``k``,
  soft ``c``↔``s``, ``tion``→``sion``/``shun``, ``ie``↔``ei``, ``able``↔``ible``, ``ance``↔``ence``,
  a silent letter left out: ``kn``→``n``, ``wr``→``r``, ``dge``→``ge``...);
* ``double``: a single consonant after a vowel doubled ("accross": before a vowel, ``l`` or ``r``; at the
  end of the word only ``l``: "untill"), or a double one made single ("occured", "embarass");
* ``vowel``: a single vowel inside the word written as another ("definately", "seperate",
  "existance": the unstressed vowel that sounds alike);
* ``transpose``, ``drop``, ``insert``: Damerau's single edits (F. J. Damerau, "A technique for computer
  detection and correction of spelling errors", CACM 7(3), 1964: most misspelt words are one
  insertion, deletion, substitution or transposition away) where people make them: two vowels, or a
  vowel and ``r``, swapped ("becuase", "hunderd"), an ``r``, ``n``, ``l`` or ``m`` of a consonant
  cluster or a vowel before ``r``/``l``/``n`` left out ("goverment", "libary", "diffrent"), an ``e``
  sounded between a consonant and ``l``/``r`` ("athelete", "disasterous"). The substitutions are
  ``phonetic`` and ``vowel``'s sound-alikes.
* ``listed``: a documented misspelling of the word, from ``distill/noise/misspellings.tsv`` (its
  sources and licence are in the file; not the Birkbeck corpus nor anything derived from it).

No error touches the first letter (few misspellings do: Kukich 1992, §1.2). :func:`misspell_token`
leaves alone what the model must keep: it acts only on a plain English word of at least
:data:`MIN_LETTERS` ASCII letters, lower or title case, perhaps within quotes or parentheses or before a
stop (:data:`PLAIN_WORD`). Numbers, code (``os.path``, ``utf8``, ``max_length``, ``--flag``), all-caps
and mixed-case words (``HTTP``, ``[MASK]``, ``iPhone``), hyphenated or apostrophised words and
bracketed tokens (``<mask>``) stay as they are.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources

VOWELS = "aeiou"
MIN_LETTERS = 4  # the commonest short words (the, and, for, was) are rarely misspelt by those who write them
# A plain word, perhaps within quotes or brackets or before a stop ("[MASK]", "<mask>", "--flag" are not).
PLAIN_WORD = re.compile(rf"^([(\"'“‘]*)([A-Za-z]{{{MIN_LETTERS},}})([)\"'”’.,;:!?]*)$")
# Spellings of the same sound: (where, as a regular expression on the lowercase word; written instead).
PHONETIC: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ph", ("f",)),
    ("c(?=[aou])", ("k",)),  # hard c
    ("ck", ("k", "c")),
    ("c(?=[eiy])", ("s",)),  # soft c: absence → absense
    ("(?<=[aeioun])s(?=[ei])", ("c",)),  # consensus → concensus
    ("sc(?=[eiy])", ("s", "c")),  # conscience, science
    ("tion", ("sion", "shun")),
    ("sion", ("tion",)),
    ("ie", ("ei",)),
    ("ei", ("ie",)),
    ("ea", ("ee",)),
    ("ee", ("ea",)),
    ("dge", ("ge",)),
    ("^kn", ("n",)),
    ("^wr", ("r",)),
    ("^wh", ("w",)),
    ("^ps", ("s",)),
    ("mb$", ("m",)),
    ("able$", ("ible",)),
    ("ible$", ("able",)),
    ("ance$", ("ence",)),
    ("ence$", ("ance",)),
    ("ancy$", ("ency",)),
    ("ency$", ("ancy",)),
    ("ant$", ("ent",)),
    ("ent$", ("ant",)),
    ("ary$", ("ery",)),
    ("ery$", ("ary",)),
    ("ar$", ("er",)),
    ("er$", ("ar", "or")),
    ("or$", ("er",)),
    ("ally$", ("ly",)),
    ("ful$", ("full",)),
)
DOUBLABLE = "bcdfgklmnprstz"  # consonants English doubles (not h, j, q, v, w, x, y)
DOUBLED_BEFORE = (*VOWELS, "l", "r")  # what follows a doubled consonant inside a word: accross, occurred
CONFUSED_VOWELS = {"a": "ei", "e": "ai", "i": "ea", "o": "ae"}  # the unstressed vowels that sound alike
LISTED_FILE = "misspellings.tsv"


def _is_consonant(letter: str) -> bool:
    return letter not in VOWELS


def phonetic(word: str) -> list[str]:
    """``word`` with one sound spelt another way, for each place :data:`PHONETIC` matches."""
    outcomes = []
    for pattern, replacements in PHONETIC:
        for match in re.finditer(pattern, word):
            if match.start() == 0 and not pattern.startswith("^"):
                continue  # the first letter is kept, except a silent one
            outcomes += [word[: match.start()] + spelt + word[match.end():] for spelt in replacements]
    return outcomes


def double(word: str) -> list[str]:
    """A single consonant after a vowel doubled, or a doubled consonant made single."""
    outcomes = []
    for index in range(1, len(word)):
        letter, following = word[index], word[index + 1:index + 2]
        if letter == following and _is_consonant(letter):
            outcomes.append(word[:index] + word[index + 1:])
        elif letter in DOUBLABLE and word[index - 1] in VOWELS and (
                following in DOUBLED_BEFORE if following else letter == "l"):  # at the end, only l: untill
            outcomes.append(word[:index] + letter + word[index:])
    return outcomes


def vowel(word: str) -> list[str]:
    """A single vowel inside the word (not the first or last letter) written as one that sounds alike."""
    return [word[:index] + other + word[index + 1:]
            for index in range(1, len(word) - 1)
            if word[index] in CONFUSED_VOWELS and _is_consonant(word[index - 1]) and _is_consonant(word[index + 1])
            for other in CONFUSED_VOWELS[word[index]]]


def transpose(word: str) -> list[str]:
    """Two different neighbouring letters after the first swapped, where people swap them: two vowels
    ("becuase", "thier") or a vowel and ``r`` ("hunderd", "childern")."""
    return [word[:index] + word[index + 1] + word[index] + word[index + 2:]
            for index in range(1, len(word) - 1)
            if word[index] != word[index + 1] and _swapped_by_people(word[index], word[index + 1])]


def _swapped_by_people(first: str, second: str) -> bool:
    pair = {first, second}
    return pair <= set(VOWELS) or ("r" in pair and len(pair & set(VOWELS)) == 1)


def drop(word: str) -> list[str]:
    """A letter inside the word left out: ``r``, ``n``, ``l`` or ``m`` beside another consonant (not of a
    double: "goverment", "libary"), or a vowel between a consonant and ``r``/``l``/``n`` (the syncope of
    "diffrent", "temprature")."""
    outcomes = []
    for index in range(1, len(word) - 1):
        before, letter, after = word[index - 1], word[index], word[index + 1]
        if letter in (before, after):
            continue  # singling a double is ``double``
        cluster = letter in "rnlm" and (_is_consonant(before) or _is_consonant(after))
        syncope = letter in "aeo" and _is_consonant(before) and after in "rln"
        if cluster or syncope:
            outcomes.append(word[:index] + word[index + 1:])
    return outcomes


def insert(word: str) -> list[str]:
    """An ``e`` sounded between a consonant (not the first letter) and ``l``/``r``: athlete → athelete."""
    return [word[:index] + "e" + word[index:]
            for index in range(2, len(word))
            if word[index] in "lr" and _is_consonant(word[index - 1]) and word[index - 1] not in "lr"]


@cache
def listed_misspellings() -> dict[str, tuple[str, ...]]:
    """The documented misspellings of ``distill/noise/misspellings.tsv``, by correct word."""
    text = (resources.files("distill.noise") / LISTED_FILE).read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            correct, wrong, _sources = line.split("\t")
            table[correct] = tuple(wrong.split(","))
    return table


def listed(word: str) -> list[str]:
    """The documented misspellings of ``word`` (none for a word the list does not hold)."""
    return list(listed_misspellings().get(word, ()))


ERROR_TYPES: dict[str, Callable[[str], list[str]]] = {
    "phonetic": phonetic, "double": double, "vowel": vowel, "transpose": transpose, "drop": drop,
    "insert": insert, "listed": listed,
}


def misspell(word: str, rng: random.Random, types: Sequence[str] = tuple(ERROR_TYPES)) -> str:
    """One human misspelling of the lowercase ``word``: a type drawn among ``types`` that can act on
    it, then one of its outcomes; ``word`` itself when none can."""
    outcomes = {name: list(dict.fromkeys(ERROR_TYPES[name](word))) for name in types}
    possible = [name for name in types if outcomes[name]]
    if not possible:
        return word
    return rng.choice(outcomes[rng.choice(possible)])


def can_misspell(token: str) -> bool:
    """Whether :func:`misspell_token` may change ``token`` (a plain lower or title case word)."""
    match = PLAIN_WORD.match(token)
    return match is not None and (match[2].islower() or match[2].istitle())


def misspell_token(token: str, rng: random.Random) -> str:
    """``token`` with its word misspelt (:func:`misspell`), its case and punctuation kept; a token that is
    not a plain word (:func:`can_misspell`) is returned as it is."""
    if not can_misspell(token):
        return token
    match = PLAIN_WORD.match(token)
    assert match is not None  # can_misspell matched it
    lead, word, trail = match.groups()
    wrong = misspell(word.lower(), rng)
    return lead + (wrong.capitalize() if word.istitle() else wrong) + trail

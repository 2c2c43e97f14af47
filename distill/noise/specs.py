"""Seeded character noise: HLM's (ByT5's) protocol and RETVec's typo families.

A ``NoiseSpec`` is a list of ``kind:rate`` entries, e.g. ``"drop:0.1,repeat:0.2"``,
applied one kind after the other, in the order written, to each word. A kind's
rate is the probability that each character it can act on is edited:

* HLM §4.2 (Sun et al., ACL 2023), following ByT5's noise (Xue et al., TACL 2022):

  - ``drop``: delete the character;
  - ``repeat``: append 1, 2 or 3 copies of it (equally likely);
  - ``case``: flip its case (cased characters only). ``case:0.5`` makes every letter
    upper or lower case at random, ByT5's "random case".

* RETVec's four families (RETVec §3 and Appendix D), each a
  small subset of its 22 operations:

  - ``delete``: delete the character (the same edit as ``drop``);
  - ``insert``: insert after it a copy of it or a random printable ASCII character;
  - ``substitute``: a QWERTY keyboard neighbour, a case flip or a homoglyph (one of
    those that exist for the character, at random); a random ASCII letter for a
    character with none;
  - ``transpose``: swap it with the next character (when they differ);
  - ``typo``: one of the four above, drawn for each selected character.

* Human misspellings (:mod:`distill.noise.misspellings`), a whole-word kind whose rate is per word:

  - ``misspell``: the probability that each plain word (lower or title case, at least three
    letters; numbers, code, acronyms and special tokens are kept) is replaced by a misspelling
    of the kind people make when they do not know the spelling (phonetic, doubled or single
    letters, vowel confusions, transposed, dropped or inserted letters, documented
    misspellings). It counts as one edit against the caps below.

RETVec limits a token to 4 typos and to 25% of its length (§3). ``max_edits:N`` and
``max_fraction:F`` cap the edits of all kinds in a word at ``N`` and at
``ceil(F × length)`` (so every word can take one); when the characters drawn exceed
the cap, a random subset of them is edited. Without caps, the measured rate of each
kind equals its requested rate.

Real noise, as people wrote it, is not made here: the evaluation's ``given`` setting (:data:`GIVEN_NOISE`)
reads a corpus's own noisy text, a corpus file's ``noisy`` column beside its ``text`` (:mod:`distill.data.files`).

Noise applies within words: whitespace is kept exactly. Deviation: ByT5 and HLM
also drop spaces, which would merge words and misalign the token-level students of
this workbench. ``noisy_tokens`` keeps the ``##`` of a WordPiece continuation and
noises the rest; a token may come out empty (``drop`` on a one-character token).
"""

from __future__ import annotations

import math
import random
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypedDict, TypeVar

from distill.errors import DistillError
from distill.noise.misspellings import misspell_token

# (character, next character or "", rng) -> (replacement text, characters consumed)
Edit = Callable[[str, str, random.Random], tuple[str, int]]
Eligible = Callable[[str, str], bool]

PRINTABLE = string.ascii_letters + string.digits + string.punctuation
QWERTY_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm")
# Latin characters and lookalikes from Cyrillic, Greek and digits.
HOMOGLYPHS: dict[str, str] = {
    "a": "\u0430\u03b1",
    "c": "\u0441",
    "e": "\u0435",
    "i": "\u0456l1",
    "l": "1I",
    "o": "\u043e\u03bf0",
    "p": "\u0440",
    "s": "\u0455",
    "x": "\u0445",
    "y": "\u0443",
    "A": "\u0410\u0391",
    "B": "\u0412\u0392",
    "E": "\u0415\u0395",
    "H": "\u041d\u0397",
    "I": "\u0406l1",
    "K": "\u041a\u039a",
    "M": "\u041c\u039c",
    "O": "\u041e\u039f0",
    "P": "\u0420\u03a1",
    "T": "\u0422\u03a4",
    "X": "\u0425\u03a7",
}
LIMITS = ("max_edits", "max_fraction")
PRESETS: dict[str, str] = {
    # HLM's three noise types, each as in its Table 3/9 rows, and all three stacked.
    "hlm-drop": "drop:0.1",
    "hlm-repeat": "repeat:0.2",
    "hlm-case": "case:0.5",
    "hlm": "drop:0.1,repeat:0.2,case:0.5",
    # RETVec draws each token's typo rate in 0–25%; 12.5% is its mean.
    "retvec": "typo:0.125,max_edits:4,max_fraction:0.25",
    # A misspelt word in about seven, as in natural text with human errors (issue 21's count, docs/defaults.md).
    "human": "misspell:0.15",
}


def _keyboard_neighbours() -> dict[str, str]:
    """Keys next to each key of a staggered QWERTY layout, same row and the rows above and below."""
    table = {}
    for row, keys in enumerate(QWERTY_ROWS):
        for col, key in enumerate(keys):
            around = [(row, col - 1), (row, col + 1)]
            around += [(row - 1, col), (row - 1, col + 1), (row + 1, col - 1), (row + 1, col)]
            table[key] = "".join(
                QWERTY_ROWS[r][c]
                for r, c in around
                if 0 <= r < len(QWERTY_ROWS) and 0 <= c < len(QWERTY_ROWS[r])
            )
    return table


KEYBOARD_NEIGHBOURS = _keyboard_neighbours()


def has_case(char: str) -> bool:
    """Whether ``char`` flips case to one other character (not ``ß`` → ``SS``)."""
    flipped = char.swapcase()
    return flipped != char and len(flipped) == 1


def _any(char: str, following: str) -> bool:
    return True


def _cased(char: str, following: str) -> bool:
    return has_case(char)


def _swappable(char: str, following: str) -> bool:
    return following != "" and following != char


def _delete(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    return "", 1


def _repeat(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    return char * (1 + rng.randint(1, 3)), 1


def _flip_case(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    return char.swapcase(), 1


def _insert(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    return char + (char if rng.random() < 0.5 else rng.choice(PRINTABLE)), 1


def _substitute(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    neighbours = KEYBOARD_NEIGHBOURS.get(char.lower(), "")
    if char.isupper():
        neighbours = neighbours.upper()
    case_flip = char.swapcase() if has_case(char) else ""
    families = [options for options in (neighbours, case_flip, HOMOGLYPHS.get(char, "")) if options]
    if not families:
        families = [string.ascii_letters.replace(char, "")]
    return rng.choice(rng.choice(families)), 1


def _transpose(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    return following + char, 2


def _typo(char: str, following: str, rng: random.Random) -> tuple[str, int]:
    families = [KINDS[name] for name in TYPO_FAMILIES if KINDS[name].eligible(char, following)]
    return rng.choice(families).edit(char, following, rng)


class Kind(NamedTuple):
    """Which characters a noise kind can act on, and what it does to one of them."""

    eligible: Eligible
    edit: Edit


TYPO_FAMILIES = ("delete", "insert", "substitute", "transpose")
KINDS: dict[str, Kind] = {
    "drop": Kind(_any, _delete),
    "repeat": Kind(_any, _repeat),
    "case": Kind(_cased, _flip_case),
    "delete": Kind(_any, _delete),
    "insert": Kind(_any, _insert),
    "substitute": Kind(_any, _substitute),
    "transpose": Kind(_swappable, _transpose),
    "typo": Kind(_any, _typo),
}


# Kinds that rewrite a whole word: (token, rng) -> the new token, or the token itself when it cannot act.
WORD_KINDS: dict[str, Callable[[str, random.Random], str]] = {"misspell": misspell_token}


def _choices() -> str:
    return (
        f"valid kinds: {', '.join([*KINDS, *WORD_KINDS])}; limits: {', '.join(LIMITS)}; "
        f"presets: {', '.join(PRESETS)}"
    )


@dataclass(frozen=True)
class NoiseSpec:
    """Noise kinds with their per-character rates, in order, and optional per-word caps."""

    rates: tuple[tuple[str, float], ...]
    max_edits: int | None = None
    max_fraction: float | None = None

    def __post_init__(self) -> None:
        kinds = [kind for kind, _ in self.rates]
        for kind, rate in self.rates:
            _check_kind(kind)
            if not 0.0 <= rate <= 1.0:
                raise DistillError(f"noise rate of {kind!r} must be in [0, 1], got {rate}")
            if kinds.count(kind) > 1:
                raise DistillError(f"noise kind {kind!r} is given twice")
        if self.max_edits is not None and self.max_edits < 1:
            raise DistillError(f"max_edits must be a positive integer, got {self.max_edits}")
        if self.max_fraction is not None and not 0.0 < self.max_fraction <= 1.0:
            raise DistillError(f"max_fraction must be in (0, 1], got {self.max_fraction}")
        if not self.rates:
            raise DistillError(f"noise spec names no noise kind; {_choices()}")

    @classmethod
    def parse(cls, text: str) -> NoiseSpec:
        """Parse ``"kind:rate,…[,max_edits:N][,max_fraction:F]"`` or a preset name."""
        text = PRESETS.get(text.strip(), text)
        rates: list[tuple[str, float]] = []
        limits: _Limits = {}
        for entry in filter(None, (part.strip() for part in text.split(","))):
            name, sep, value = (piece.strip() for piece in entry.partition(":"))
            if not sep:
                raise DistillError(f"noise spec entry {entry!r} is not KIND:RATE; {_choices()}")
            if name in limits:
                raise DistillError(f"noise limit {name!r} is given twice")
            if name == "max_edits":
                limits["max_edits"] = _parse_number(name, value, int)
            elif name == "max_fraction":
                limits["max_fraction"] = _parse_number(name, value, float)
            else:
                _check_kind(name)
                rates.append((name, _parse_number(name, value, float)))
        return cls(tuple(rates), **limits)

    def __str__(self) -> str:
        entries = [f"{kind}:{rate!r}" for kind, rate in self.rates]
        limits = {name: getattr(self, name) for name in LIMITS}
        entries += [f"{name}:{value!r}" for name, value in limits.items() if value is not None]
        return ",".join(entries)

    def edit_budget(self, length: int) -> int | None:
        """Most edits a word of ``length`` characters may take; None when uncapped."""
        caps = []
        if self.max_edits is not None:
            caps.append(self.max_edits)
        if self.max_fraction is not None:
            # Rounded first so that 0.1 × 30 is 3, not 3.0000000000000004 → 4.
            caps.append(math.ceil(round(self.max_fraction * length, 9)))
        return min(caps) if caps else None


@dataclass(frozen=True)
class GivenNoise:
    """The noise a corpus gives rather than noise made here: its own noisy text (the misspellings people made),
    read beside its clean text (:attr:`distill.data.Corpus.noisy`)."""

    def __str__(self) -> str:
        return GIVEN


GIVEN = "given"
GIVEN_NOISE = GivenNoise()
Noise = NoiseSpec | GivenNoise  # an evaluation's noise setting


def parse_noise(text: str) -> Noise:
    """An evaluation's noise setting: :data:`GIVEN` (the corpus's own noisy text) or a :class:`NoiseSpec`."""
    return GIVEN_NOISE if text.strip() == GIVEN else NoiseSpec.parse(text)


def _check_kind(name: str) -> None:
    if name not in KINDS and name not in WORD_KINDS:
        raise DistillError(f"unknown noise kind {name!r}; {_choices()}")


class _Limits(TypedDict, total=False):
    """The per-word caps a spec's text names, as :class:`NoiseSpec` takes them."""

    max_edits: int
    max_fraction: float


NumberType = TypeVar("NumberType", int, float)


def _parse_number(name: str, value: str, convert: type[NumberType]) -> NumberType:
    try:
        return convert(value)
    except ValueError:
        expected = "an integer" if convert is int else "a number"
        raise DistillError(f"noise {name!r} needs {expected}, got {value!r}") from None


def _apply_kind(
    word: str, kind: Kind, rate: float, budget: int | None, rng: random.Random
) -> tuple[str, int]:
    """One pass of ``kind`` over ``word``: the new word and the number of edits made.

    Each eligible character is drawn with probability ``rate``; over ``budget``, a
    random subset of the drawn ones is kept. A character consumed by the edit before
    it (the second of a transposed pair) is not edited again.
    """
    selected = [
        index
        for index, char in enumerate(word)
        if kind.eligible(char, word[index + 1 : index + 2]) and rng.random() < rate
    ]
    if budget is not None and len(selected) > budget:
        selected = rng.sample(selected, budget)
    chosen = set(selected)
    pieces, edits, index = [], 0, 0
    while index < len(word):
        if index in chosen:
            piece, consumed = kind.edit(word[index], word[index + 1 : index + 2], rng)
            edits += 1
        else:
            piece, consumed = word[index], 1
        pieces.append(piece)
        index += consumed
    return "".join(pieces), edits


def noise_word(word: str, spec: NoiseSpec, rng: random.Random) -> str:
    """``word`` after every kind of ``spec`` in turn, within the spec's per-word caps."""
    budget = spec.edit_budget(len(word))
    for kind, rate in spec.rates:
        if kind in WORD_KINDS:
            rewritten = WORD_KINDS[kind](word, rng) if rng.random() < rate and budget != 0 else word
            word, edits = rewritten, int(rewritten != word)
        else:
            word, edits = _apply_kind(word, KINDS[kind], rate, budget, rng)
        if budget is not None:
            budget -= edits
    return word


def _as_spec(spec: NoiseSpec | str) -> NoiseSpec:
    return spec if isinstance(spec, NoiseSpec) else NoiseSpec.parse(spec)


def apply_noise(text: str, spec: NoiseSpec | str, rng: random.Random) -> str:
    """``text`` with each whitespace-separated word noised; the whitespace is kept as it is."""
    spec = _as_spec(spec)
    parts = re.split(r"(\s+)", text)
    # re.split with a group alternates words (even indices) and whitespace runs (odd).
    return "".join(
        part if index % 2 else noise_word(part, spec, rng) for index, part in enumerate(parts)
    )


def noisy_tokens(tokens: Sequence[str], spec: NoiseSpec | str, seed: int) -> list[str]:
    """Noised copies of WordPiece ``tokens``, the same for the same ``seed``.

    A ``##`` continuation prefix is kept and the rest of the token is noised.
    """
    spec = _as_spec(spec)
    rng = random.Random(seed)
    noised = []
    for token in tokens:
        prefix = "##" if token.startswith("##") and len(token) > 2 else ""
        noised.append(prefix + noise_word(token[len(prefix) :], spec, rng))
    return noised


def noise_mix(text: str) -> list[NoiseSpec]:
    """Specs separated by ``;`` (``"typo:0.1; hlm"``), of which each noised text draws one; ``""``: none."""
    return [NoiseSpec.parse(part) for part in text.split(";") if part.strip()]

"""Seeded character noise: determinism, measured rates, caps, whitespace, spec parsing."""

from __future__ import annotations

import random
import re
import string

import pytest

from distill.errors import DistillError
from distill.noise.specs import PRESETS, NoiseSpec, apply_noise, noise_word, noisy_tokens

TOLERANCE = 0.012  # about 4.5 standard deviations of a 10% rate over the sample below


@pytest.fixture(scope="module")
def words() -> list[str]:
    """1,500 lowercase words of 6–12 distinct letters (≈13,500 characters)."""
    rng = random.Random(1234)
    return ["".join(rng.sample(string.ascii_lowercase, rng.randint(6, 12))) for _ in range(1500)]


def noised(words: list[str], spec: str, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    parsed = NoiseSpec.parse(spec)
    return [noise_word(word, parsed, rng) for word in words]


def length_change(words: list[str], spec: str) -> float:
    before = sum(map(len, words))
    return (sum(map(len, noised(words, spec))) - before) / before


def osa_distance(a: str, b: str) -> int:
    """Levenshtein distance with adjacent transpositions (optimal string alignment)."""
    rows = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


def test_noise_is_deterministic_per_seed(words):
    tokens = words[:200]
    assert noisy_tokens(tokens, "hlm", seed=7) == noisy_tokens(tokens, "hlm", seed=7)
    assert noisy_tokens(tokens, "hlm", seed=7) != noisy_tokens(tokens, "hlm", seed=8)
    text = " ".join(tokens)
    assert apply_noise(text, "retvec", random.Random(3)) == apply_noise(text, "retvec", random.Random(3))


def test_drop_and_delete_remove_the_requested_share_of_characters(words):
    assert length_change(words, "drop:0.1") == pytest.approx(-0.1, abs=TOLERANCE)
    assert noised(words, "delete:0.1") == noised(words, "drop:0.1")  # one edit, two names


def test_repeat_adds_one_to_three_copies_of_the_requested_share(words):
    # 20% of characters, each followed by 2 extra copies on average.
    assert length_change(words, "repeat:0.2") == pytest.approx(0.4, abs=3 * TOLERANCE)
    for before, after in zip(words, noised(words, "repeat:1")):
        runs = [len(match.group()) for match in re.finditer(r"(.)\1*", after)]
        assert len(runs) == len(before) and all(2 <= run <= 4 for run in runs)


def test_case_flips_the_requested_share_of_letters(words):
    upper = sum(char.isupper() for word in noised(words, "case:0.5") for char in word)
    assert upper / sum(map(len, words)) == pytest.approx(0.5, abs=2 * TOLERANCE)


def test_insert_adds_the_requested_share_of_characters(words):
    assert length_change(words, "insert:0.1") == pytest.approx(0.1, abs=TOLERANCE)


def test_substitute_changes_the_requested_share_of_characters(words):
    after = noised(words, "substitute:0.1")
    assert all(len(a) == len(b) for a, b in zip(words, after))
    changed = sum(x != y for a, b in zip(words, after) for x, y in zip(a, b))
    assert changed / sum(map(len, words)) == pytest.approx(0.1, abs=TOLERANCE)


def test_transpose_swaps_neighbours():
    spec = NoiseSpec.parse("transpose:1")
    rng = random.Random(0)
    assert noise_word("abcdef", spec, rng) == "badcfe"
    assert noise_word("aab", spec, rng) == "aba"  # equal neighbours are not swapped


def test_typo_makes_exactly_one_edit_under_max_edits_1(words):
    for before, after in zip(words[:300], noised(words[:300], "typo:1,max_edits:1")):
        assert osa_distance(before, after) == 1


@pytest.mark.parametrize(
    "spec, length, expected",
    [
        ("delete:1,max_edits:4", 20, 16),
        ("delete:1,max_fraction:0.25", 8, 6),
        ("delete:1,max_fraction:0.25", 3, 2),  # ceil(0.75) = 1 edit
        ("delete:1,max_edits:4,max_fraction:0.25", 40, 36),
        ("delete:1,max_fraction:0.1", 30, 27),
    ],
)
def test_caps_limit_edits_per_word(spec, length, expected):
    word = (string.ascii_lowercase * 2)[:length]
    assert len(noise_word(word, NoiseSpec.parse(spec), random.Random(0))) == expected


def test_whitespace_is_preserved():
    text = "  The quick\tbrown fox\n\njumps  over the lazy dog.\r\n"
    for seed in range(20):
        out = apply_noise(text, "repeat:0.3,case:0.5,substitute:0.3,insert:0.2", random.Random(seed))
        assert re.findall(r"\s+", out) == re.findall(r"\s+", text)
        assert out != text


def test_noisy_tokens_keep_the_continuation_prefix():
    assert noisy_tokens(["##ing", "hello", "##"], "drop:1", seed=0) == ["##", "", ""]
    assert all(token.startswith("##") for token in noisy_tokens(["##ation"] * 50, "hlm", seed=1))


def test_presets_and_string_round_trip():
    assert NoiseSpec.parse("hlm") == NoiseSpec.parse("drop:0.1, repeat:0.2, case:0.5")
    for preset in PRESETS:
        spec = NoiseSpec.parse(preset)
        assert NoiseSpec.parse(str(spec)) == spec
    retvec = NoiseSpec.parse("retvec")
    assert (retvec.max_edits, retvec.max_fraction) == (4, 0.25)


@pytest.mark.parametrize(
    "text, message",
    [
        ("blur:0.1", r"unknown noise kind 'blur'; valid kinds: drop, repeat, case, delete"),
        ("drop:1.5", r"must be in \[0, 1\]"),
        ("drop:-0.1", r"must be in \[0, 1\]"),
        ("drop:nan", r"must be in \[0, 1\]"),
        ("drop", r"is not KIND:RATE"),
        ("drop:often", r"needs a number"),
        ("drop:0.1,drop:0.2", r"given twice"),
        ("drop:0.1,max_edits:0", r"max_edits must be a positive integer"),
        ("drop:0.1,max_edits:2.5", r"needs an integer"),
        ("drop:0.1,max_fraction:1.5", r"max_fraction must be in"),
        ("", r"names no noise kind"),
    ],
)
def test_spec_errors(text, message):
    with pytest.raises(DistillError, match=message):
        NoiseSpec.parse(text)

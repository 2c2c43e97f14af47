"""Hashed character n-grams of a token, as bucket ids (fastText's subword hashing, Bojanowski et al. 2017, §3.2).

A token is bracketed, ``<`` + token + ``>``, and cut into its character n-grams of ``min_n`` to ``max_n``
characters; the bracketed token as a whole is one more gram, hashed apart from the n-grams (so that ``<the>``
as a word and ``<the>`` as a 5-gram are two vectors). Each gram is hashed into one of ``buckets`` rows; no
vocabulary is stored, so every string has grams.

Deviation from fastText (``src/dictionary.cc``, ``computeSubwords``): the hash is CRC-32 of the gram's
UTF-8 bytes (``zlib``: the same in every process, platform and Python version) instead of FNV-1a, and the
whole token is hashed like its grams instead of looked up in a vocabulary.

This module imports nothing but the standard library, numpy and torch: a vocabulary-free export ships it.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

# The whole token's hash starts from this CRC value, its n-grams' from 0: two hash families.
WHOLE_TOKEN_SEED = 0x5EED


def token_grams(token: str, min_n: int, max_n: int, max_chars: int) -> list[bytes]:
    """The n-grams of ``<token>`` (at most ``max_chars`` characters of the token kept), shortest first."""
    bracketed = f"<{token[:max_chars]}>"
    return [
        bracketed[start : start + n].encode("utf-8", "surrogateescape")
        for n in range(min_n, max_n + 1)
        for start in range(len(bracketed) - n + 1)
    ]


@functools.lru_cache(maxsize=2**16)
def token_buckets(token: str, buckets: int, min_n: int, max_n: int, max_chars: int) -> tuple[int, ...]:
    """The bucket of the whole token, then those of its n-grams (the last 65,536 tokens' kept: text repeats its
    words)."""
    bracketed = f"<{token[:max_chars]}>"
    data = bracketed.encode("utf-8", "surrogateescape")
    if len(data) == len(bracketed):  # one byte per character: its grams are slices of the bytes
        grams = [data[start : start + n] for n in range(min_n, max_n + 1) for start in range(len(data) - n + 1)]
    else:
        grams = token_grams(token, min_n, max_n, max_chars)
    crc32 = zlib.crc32
    return (crc32(data, WHOLE_TOKEN_SEED) % buckets, *[crc32(gram) % buckets for gram in grams])


def most_grams(min_n: int, max_n: int, max_chars: int) -> int:
    """The grams of a token of ``max_chars`` characters or more: ``1 + Σ_n (max_chars + 3 − n)`` over ``n`` in
    ``min_n..max_n``, the most any token has."""
    return 1 + sum(max(0, max_chars + 3 - n) for n in range(min_n, max_n + 1))


def encode_ngrams(tokens: Sequence[str], buckets: int, min_n: int, max_n: int, max_chars: int,
                  width: int | None = None) -> Tensor:
    """``(len(tokens), width)`` int64 bucket ids, each row padded with ``buckets`` (the padding row).

    ``width`` is by default the most grams any token of ``tokens`` has: ``1 + Σ_n (len + 3 − n)`` over ``n`` in
    ``min_n..max_n`` for a token of ``len`` characters, at most ``max_chars``; ``most_grams(...)`` gives every
    set of tokens one width.
    """
    rows = [token_buckets(token, buckets, min_n, max_n, max_chars) for token in tokens]
    if not rows:
        return torch.empty((0, width or 1), dtype=torch.long)
    width = width or max(map(len, rows))
    ids = np.full((len(rows), width), buckets, dtype=np.int64)
    # Row by row: numpy reads each tuple in C. One masked assignment of all the ids at once costs as much on a
    # batch's thousands of words and 2-3 times as much on a sentence's few.
    for index, row in enumerate(rows):
        ids[index, : len(row)] = row
    return torch.from_numpy(ids)

"""Hashed character n-grams of a token, as bucket ids (fastText's subword hashing, Bojanowski et al. 2017, §3.2).

A token is bracketed, ``<`` + token + ``>``, and cut into its character n-grams of ``min_n`` to ``max_n``
characters; the bracketed token as a whole is one more gram, hashed apart from the n-grams (so that ``<the>``
as a word and ``<the>`` as a 5-gram are two vectors). Each gram is hashed into one of ``buckets`` rows; no
vocabulary is stored, so every string has grams.

Deviation from fastText (``src/dictionary.cc``, ``computeSubwords``): the hash is CRC-32 of the gram's
UTF-8 bytes (zlib's ``crc32``: the same in every process, platform and Python version) instead of FNV-1a, and the
whole token is hashed like its grams instead of looked up in a vocabulary. Many tokens' n-grams are hashed at once
(:func:`crc32`, zlib's table-driven CRC, ``crc32.c``, run with numpy over all the grams a byte at a time), a few
tokens' gram by gram with ``zlib.crc32``: the same ids.

This module imports nothing but the standard library, numpy and torch: a vocabulary-free export ships it.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

# The whole token's hash starts from this CRC value, its n-grams' from 0: two hash families.
WHOLE_TOKEN_SEED = 0x5EED
CRC32_POLYNOMIAL = 0xEDB88320  # zlib's, its bits reversed
# From this many tokens on, their n-grams are hashed at once: below it numpy's calls cost more than zlib's.
BULK_TOKENS = 32


def crc32_table() -> np.ndarray:
    """``(256,)`` uint32: the CRC-32 of each byte value, the table of zlib's byte-at-a-time CRC."""
    values = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        values = np.where(values & 1, (values >> 1) ^ np.uint32(CRC32_POLYNOMIAL), values >> 1).astype(np.uint32)
    return values


CRC32_TABLE = crc32_table()


def token_grams(token: str, min_n: int, max_n: int, max_chars: int) -> list[bytes]:
    """The n-grams of ``<token>`` (at most ``max_chars`` characters of the token kept), shortest first."""
    bracketed = f"<{token[:max_chars]}>"
    return [
        bracketed[start : start + n].encode("utf-8", "surrogateescape")
        for n in range(min_n, max_n + 1)
        for start in range(len(bracketed) - n + 1)
    ]


def token_buckets(token: str, buckets: int, min_n: int, max_n: int, max_chars: int) -> tuple[int, ...]:
    """The bucket of the whole token, then those of its n-grams, gram by gram."""
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


def crc32(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``zlib.crc32(data[start : start + length])`` of each segment of the uint8 array ``data``, all at once: one
    step per byte position, over the segments longer than it (the longest first)."""
    order = np.argsort(-lengths, kind="stable")
    starts, lengths = starts[order], lengths[order]
    running = np.full(len(starts), 0xFFFFFFFF, dtype=np.uint32)
    longer = np.searchsorted(-lengths, -np.arange(int(lengths.max(initial=0))), side="left")  # segments > k bytes
    for position, count in enumerate(longer.tolist()):
        step = running[:count]
        step[:] = CRC32_TABLE[(step ^ data[starts[:count] + position]) & 0xFF] ^ (step >> 8)
    hashes = np.empty_like(running)
    hashes[order] = running ^ np.uint32(0xFFFFFFFF)
    return hashes


def character_offsets(data: bytes, text: str) -> np.ndarray:
    """The byte of ``data``, the UTF-8 of ``text`` (lone surrogates as ``surrogateescape`` writes them), where each
    character of ``text`` starts, then its end."""
    if len(data) == len(text):  # one byte per character
        return np.arange(len(text) + 1)
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    sizes = 1 + (points >= 0x80).astype(np.int64) + (points >= 0x800) + (points >= 0x10000)
    sizes[(points >= 0xDC80) & (points <= 0xDCFF)] = 1  # a byte that surrogateescape stood in for
    return np.concatenate([[0], np.cumsum(sizes)])


def grams_at_once(ids: np.ndarray, bracketed: list[str], buckets: int, min_n: int, max_n: int) -> None:
    """Fill ``ids`` (a row per token, the padding bucket everywhere) with the buckets of each of the ``bracketed``
    tokens' grams, the n-grams of all of them hashed in one :func:`crc32` call over their joined bytes."""
    encoded = [text.encode("utf-8", "surrogateescape") for text in bracketed]
    ids[:, 0] = [zlib.crc32(data, WHOLE_TOKEN_SEED) % buckets for data in encoded]
    lengths = np.fromiter(map(len, bracketed), dtype=np.int64, count=len(bracketed))
    counts = np.maximum(lengths[:, None] - np.arange(min_n, max_n + 1) + 1, 0).ravel()  # each token's, each n's
    per_token = counts.reshape(len(bracketed), -1).sum(axis=1)
    # Each n-gram, in the order of the rows (a token's 3-grams from its start, then its 4-grams...): its token, its
    # size, its first character in the joined text and its column in the token's row.
    gram = np.arange(int(per_token.sum()))
    token = np.repeat(np.arange(len(bracketed)), per_token)
    size = np.repeat(np.tile(np.arange(min_n, max_n + 1), len(bracketed)), counts)
    within = gram - np.repeat(np.cumsum(counts) - counts, counts)  # its start in its token: n-grams of one n, in turn
    first = np.repeat(np.cumsum(lengths) - lengths, per_token) + within
    column = 1 + gram - np.repeat(np.cumsum(per_token) - per_token, per_token)
    data = b"".join(encoded)
    offsets = character_offsets(data, "".join(bracketed))
    starts, ends = offsets[first], offsets[first + size]
    ids[token, column] = crc32(np.frombuffer(data, dtype=np.uint8), starts, ends - starts) % buckets


def encode_ngrams(tokens: Sequence[str], buckets: int, min_n: int, max_n: int, max_chars: int,
                  width: int | None = None) -> Tensor:
    """``(len(tokens), width)`` int64 bucket ids, each row the whole token's, then its n-grams' (as
    :func:`token_grams` lists them), padded with ``buckets`` (the padding row).

    ``width`` is by default the most grams any token of ``tokens`` has: ``1 + Σ_n (len + 3 − n)`` over ``n`` in
    ``min_n..max_n`` for a token of ``len`` characters, at most ``max_chars``; ``most_grams(...)`` gives every
    set of tokens one width.
    """
    if not tokens:
        return torch.empty((0, width or 1), dtype=torch.long)
    if len(tokens) >= BULK_TOKENS:
        bracketed = [f"<{token[:max_chars]}>" for token in tokens]
        longest = max(map(len, bracketed)) - 2  # characters of the longest token kept
        ids = np.full((len(tokens), width or most_grams(min_n, max_n, longest)), buckets, dtype=np.int64)
        grams_at_once(ids, bracketed, buckets, min_n, max_n)
        return torch.from_numpy(ids)
    rows = [token_buckets(token, buckets, min_n, max_n, max_chars) for token in tokens]
    ids = np.full((len(rows), width or max(map(len, rows))), buckets, dtype=np.int64)
    # Row by row: numpy reads each tuple in C; one masked assignment of all the ids at once costs 2-3 times as much
    # on a sentence's few words.
    for index, row in enumerate(rows):
        ids[index, : len(row)] = row
    return torch.from_numpy(ids)

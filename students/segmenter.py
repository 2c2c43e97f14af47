"""Where a word's pieces start: the vocabulary-free export's stand-in for a WordPiece tokenizer's cuts.

A transformer learnt its tokenizer's layout: a word WordPiece cuts into three pieces took three
positions. Embedding such a word whole, at one position, is a layout the transformer never read, and a
frozen transformer loses fidelity on it that context distillation does not win back (the workbench's
``docs/defaults.md``, "The one-position layout"). The segmenter keeps the source's positions, and the student
embeds every piece from its characters (a continuation spelt with its prefix, ``##ing``, as the table rows the
student learnt are spelt).

It cuts a word as WordPiece does (Wu et al., 2016; the ``WordPiece`` model of Hugging Face ``tokenizers``,
``tokenizers/src/models/wordpiece/mod.rs``): from the word's start, the longest string that is one of the
tokenizer's pieces (spelt with the continuation prefix after the first), then again from where that one ends. A
word longer than ``max_word_length``, or with no piece at some point, stays whole, one position, where WordPiece
gives one unknown token. Which strings are pieces it reads from a Bloom filter (Bloom, CACM 13(7), 1970):
``hashes`` bits per piece in an array of ``bits``. The filter holds no string, no id and no vector: it answers
"is this string a piece?", never "no" for a piece and wrongly "yes" for about two strings in 10^8 that are not
(:func:`false_positive_rate`).

Deviation: a segmenter learnt from the tokenizer's cuts (hashed substrings and dilated convolutions tagging
where a piece starts) cuts rare words and identifiers wrongly, and those cuts cost fidelity (``docs/robustness.md``,
"The word segmenter"); WordPiece's own rule makes none. Neither CharacterBERT (El Boukkouri et al., COLING 2020)
nor RETVec (Bursztein et al., 2023) segments words, and HLM
(Sun et al., ACL 2023) gives a word one position while training the transformer with it; this module is the
workbench's own, for a transformer that stays frozen.

Many words are cut in rounds (:meth:`WordSegmenter.cuts_in_rounds`): each round looks up the next string of every word
not yet cut, the filter's bits of all of them read at once with numpy; a few words are cut one after the other. The
cuts are the same. Cuts and pieces are tuples of numbers and strings, which Python's garbage collector stops tracking:
a tokenizer that cuts thousands of new words a call (and keeps their pieces) would otherwise push the process into a
full collection of its whole heap every few calls.

This module imports only torch, numpy, safetensors and the standard library: the vocabulary-free export
carries it for its tokenizer.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_file, save
from torch import Tensor, nn

CONFIG_NAME = "segmenter_config.json"
WEIGHTS_NAME = "segmenter.safetensors"
BITS_PER_PIECE = 40  # the filter's size per piece, rounded up to a power of two: see false_positive_rate
BULK_WORDS = 256  # from this many words on, they are cut in rounds: below it one after the other costs less


@dataclass
class SegmenterConfig:
    """The filter's shape and WordPiece's settings.

    Args:
        bits: size of the Bloom filter, in bits (a multiple of 8).
        hashes: bits set per piece (at most 16: one 64-byte BLAKE2b digest gives them all).
        longest: characters of the longest piece, its prefix included: no longer string is looked up.
        max_word_length: a longer word stays whole (WordPiece's ``max_input_chars_per_word``).
        continuation: the prefix of a piece that continues a word (WordPiece's ``##``).
        checksum: BLAKE2b of these settings and the filter's bytes (:func:`checksum`), checked when a filter is
            loaded; empty for none.
    """

    bits: int = 1 << 21
    hashes: int = 8
    longest: int = 100
    max_word_length: int = 100
    continuation: str = "##"
    checksum: str = ""

    def __post_init__(self) -> None:
        if self.bits < 8 or self.bits % 8:
            raise ValueError(f"bits must be a positive multiple of 8, got {self.bits}")
        if not 1 <= self.hashes <= 16:
            raise ValueError(f"hashes must be between 1 and 16, got {self.hashes}")
        if self.longest < 1 or self.max_word_length < 1:
            raise ValueError("longest and max_word_length must be positive")


def checksum(config: SegmenterConfig, packed: bytes) -> str:
    """BLAKE2b of ``config`` (but its checksum) and of the filter's bytes ``packed``: a filter zeroed or cut, or
    settings edited (another ``hashes`` reads other bits), give another."""
    settings = json.dumps({**asdict(config), "checksum": ""}, sort_keys=True).encode()
    return hashlib.blake2b(settings + packed, digest_size=16).hexdigest()


@functools.cache
def digest_words(hashes: int) -> Callable[[bytes], tuple[int, ...]]:
    """Reads a digest of ``4 * hashes`` bytes as ``hashes`` unsigned 32-bit little-endian integers."""
    return struct.Struct(f"<{hashes}I").unpack


def digest(string: str, hashes: int) -> bytes:
    """The ``4 * hashes``-byte BLAKE2b digest of ``string``'s UTF-8 bytes, whose 4-byte slices are its hash values."""
    return hashlib.blake2b(string.encode("utf-8"), digest_size=4 * hashes).digest()


def hash_values(string: str, hashes: int) -> tuple[int, ...]:
    """``hashes`` 32-bit values of ``string``: the 4-byte slices of its :func:`digest`, read little-endian."""
    return digest_words(hashes)(digest(string, hashes))


def bit_positions(string: str, config: SegmenterConfig) -> list[int]:
    """The ``config.hashes`` positions of ``string`` in the filter (:func:`hash_values` modulo its size)."""
    return [value % config.bits for value in hash_values(string, config.hashes)]


def false_positive_rate(pieces: int, config: SegmenterConfig) -> float:
    """The chance that a string which is no piece reads as one: ``(1 - exp(-k n / m)) ** k``. For BERT's 30,522
    pieces at :data:`BITS_PER_PIECE` bits each (2^21 bits, 256 KB) and 8 hashes, 2.1e-8 per string looked up."""
    return (1 - math.exp(-config.hashes * pieces / config.bits)) ** config.hashes


def cut_pieces(word: str, cuts: Sequence[int], continuation: str) -> tuple[str, ...]:
    """``word`` cut at ``cuts`` (character offsets), each piece after the first marked with ``continuation``."""
    bounds = (0, *cuts, len(word))
    return tuple((continuation if start else "") + word[start:end] for start, end in zip(bounds, bounds[1:]))


class PieceFilter:
    """Whether strings (spelt as the vocabulary spells them: ``##ing``) are pieces, per a segmenter's filter as it was
    when this was made. The answers are kept (a batch's words share their pieces and prefixes): all of them by default,
    else emptied before they would pass ``cache_size`` (one call's answers are all kept)."""

    def __init__(self, packed: bytes, config: SegmenterConfig, cache_size: int | None = None) -> None:
        self.packed, self.config, self.cache_size = packed, config, cache_size
        self.answers: dict[str, bool] = {}

    def __call__(self, string: str) -> bool:
        """The answer for ``string``, its bits read one by one if it was not asked before (:meth:`read`)."""
        answer = self.answers.get(string)
        if answer is None:
            if self.cache_size is not None and len(self.answers) >= self.cache_size:
                self.answers.clear()
            answer = self.answers[string] = self.read(string)
        return answer

    def read(self, string: str) -> bool:
        """The filter's bits of ``string`` read one by one (:func:`hash_values`), up to the first that is unset: most
        strings that are no piece stop at the first."""
        if len(string) > self.config.longest:
            return False
        bits = self.config.bits
        for value in hash_values(string, self.config.hashes):
            position = value % bits
            if not self.packed[position >> 3] >> (position & 7) & 1:
                return False
        return True

    def many(self, strings: list[str]) -> list[bool]:
        """The answer for each of ``strings``, the bits of those not asked before read at once. Each kept answer is
        read once: another thread emptying the answers meanwhile changes none."""
        answers, longest = self.answers, self.config.longest
        known: dict[str, bool] = {}
        fresh = []
        for string in dict.fromkeys(strings):
            answer = answers.get(string)
            if answer is not None:
                known[string] = answer
            elif len(string) <= longest:
                fresh.append(string)
        found: dict[str, bool] = {}
        if fresh:
            hashes = self.config.hashes
            digests = b"".join([digest(string, hashes) for string in fresh])  # read as hash_values reads each
            positions = np.frombuffer(digests, dtype="<u4").reshape(len(fresh), hashes) % self.config.bits
            bits = np.frombuffer(self.packed, dtype=np.uint8)[positions >> 3] >> (positions & 7) & 1
            found = dict(zip(fresh, bits.all(axis=1).tolist()))
        self.keep(found)
        known |= found
        # A string longer than any piece is neither looked up nor kept.
        return [known.get(string, False) for string in strings]

    def keep(self, answers: dict[str, bool]) -> None:
        """Add ``answers`` to those kept, all of them emptied first where together they would pass ``cache_size``."""
        if not answers:
            return
        if self.cache_size is not None and len(self.answers) + len(answers) > self.cache_size:
            self.answers.clear()
        self.answers.update(answers)

    def cache_clear(self) -> None:
        """Forget every answer (as ``functools.lru_cache`` names it)."""
        self.answers.clear()


class WordSegmenter(nn.Module):
    """WordPiece's greedy cuts over a Bloom filter of the tokenizer's pieces (a ``uint8`` buffer, ``filter``)."""

    filter: Tensor

    def __init__(self, config: SegmenterConfig) -> None:
        super().__init__()
        self.config = config
        self.register_buffer("filter", torch.zeros(config.bits // 8, dtype=torch.uint8))

    @classmethod
    def from_pieces(cls, pieces: Iterable[str], *, continuation: str, max_word_length: int,
                    hashes: int = 8) -> WordSegmenter:
        """The segmenter of a WordPiece vocabulary: ``pieces`` as the tokenizer spells them (``walk``, ``##ing``)."""
        distinct = set(pieces)  # a repeated piece would size the filter for more pieces than it holds
        if not distinct:
            raise ValueError("a segmenter needs at least one piece")
        bits = 8 * 2 ** math.ceil(math.log2(max(1, BITS_PER_PIECE * len(distinct) // 8)))
        config = SegmenterConfig(bits=bits, hashes=hashes, longest=max(len(piece) for piece in distinct),
                                 max_word_length=max_word_length, continuation=continuation)
        segmenter = cls(config)
        packed = bytearray(config.bits // 8)
        for piece in distinct:
            for position in bit_positions(piece, config):
                packed[position >> 3] |= 1 << (position & 7)
        segmenter.filter.copy_(torch.frombuffer(packed, dtype=torch.uint8))
        segmenter.config = replace(config, checksum=checksum(config, bytes(packed)))
        return segmenter.eval()

    @classmethod
    def from_state(cls, config: SegmenterConfig, state: Mapping[str, Tensor]) -> WordSegmenter:
        """The segmenter of ``config`` with the filter of ``state`` (the weights ``save_pretrained`` writes), each
        checked against the other before the filter takes any memory: its size against ``bits``, its bytes and the
        settings against ``checksum``. ``ValueError`` in one line: a damaged filter or setting would cut words
        wrongly without a sign."""
        packed = state.get("filter")
        if packed is None or packed.dtype != torch.uint8 or tuple(packed.shape) != (config.bits // 8,):
            found = "none" if packed is None else f"{packed.dtype} of shape {tuple(packed.shape)}"
            raise ValueError(f"the segmenter's filter must be {config.bits // 8} bytes (bits {config.bits}), "
                             f"found {found}")
        if config.checksum and config.checksum != checksum(config, packed.cpu().numpy().tobytes()):
            raise ValueError("the segmenter's filter and settings do not match their checksum: one was damaged")
        segmenter = cls(config)
        segmenter.filter.copy_(packed)
        return segmenter.eval()

    def membership(self, cache_size: int | None = None) -> PieceFilter:
        """Whether a string (spelt as the vocabulary spells it: ``##ing``) is one of the pieces, per the filter as
        it is now, one string at a time or many (:class:`PieceFilter`); at most ``cache_size`` answers kept."""
        return PieceFilter(self.filter.cpu().numpy().tobytes(), self.config, cache_size)

    def cuts(self, words: list[str], is_piece: PieceFilter | None = None) -> list[tuple[int, ...]]:
        """For each word, the character offsets (after the first) where a new piece starts; ``is_piece`` is
        :meth:`membership` made once for many calls, else made for this one. :data:`BULK_WORDS` words or more are
        cut in rounds (:meth:`cuts_in_rounds`), fewer one after the other (:meth:`greedy_cuts`)."""
        is_piece = is_piece or self.membership()
        if len(words) >= BULK_WORDS:
            return self.cuts_in_rounds(words, is_piece)
        return [self.greedy_cuts(word, is_piece) for word in words]

    def cuts_in_rounds(self, words: list[str], is_piece: PieceFilter) -> list[tuple[int, ...]]:
        """:meth:`greedy_cuts` of every word, the words cut side by side: each round looks up, for every word not yet
        cut, the string it tries next (:meth:`PieceFilter.many`), then moves each word on (a piece found: the next
        piece's longest string; none: one character shorter)."""
        longest, continuation = self.config.longest, self.config.continuation
        cuts: list[tuple[int, ...]] = [()] * len(words)
        # Each word being cut: its index, where its next piece starts, that piece's prefix and the end tried.
        trying = [(index, 0, "", min(len(word), longest)) for index, word in enumerate(words)
                  if 0 < len(word) <= self.config.max_word_length]
        while trying:
            found = is_piece.many([prefix + words[index][start:end] for index, start, prefix, end in trying])
            following = []
            for (index, start, prefix, end), piece in zip(trying, found):
                if piece:
                    if start:
                        cuts[index] += (start,)
                    start, prefix, end = end, continuation, min(len(words[index]), end + longest - len(continuation))
                    if start == len(words[index]):
                        continue  # cut to its end
                else:
                    end -= 1
                if end > start:
                    following.append((index, start, prefix, end))
                else:  # no piece here: WordPiece's one unknown token, a word kept whole (and not tried again)
                    cuts[index] = ()
            trying = following
        return cuts

    def greedy_cuts(self, word: str, is_piece: Callable[[str], bool]) -> tuple[int, ...]:
        """WordPiece's longest-match-first cuts of ``word``; none where it would give the unknown token. The settings
        are read once a word: the inner loop runs once per string looked up."""
        length, longest, continuation = len(word), self.config.longest, self.config.continuation
        if length > self.config.max_word_length:
            return ()
        starts, start, prefix = [], 0, ""
        while start < length:
            end = min(length, start + longest - len(prefix))
            while end > start and not is_piece(prefix + word[start:end]):
                end -= 1
            if end == start:  # no piece here: WordPiece's one unknown token, a word kept whole
                return ()
            starts.append(start)
            start, prefix = end, continuation
        return tuple(starts[1:])

    def segment(self, words: list[str], is_piece: PieceFilter | None = None) -> list[tuple[str, ...]]:
        """Each word as pieces: the first as it is spelt, the others with the continuation prefix (``is_piece``:
        see :meth:`cuts`)."""
        continuation = self.config.continuation
        return [cut_pieces(word, cuts, continuation) for word, cuts in zip(words, self.cuts(words, is_piece))]

    def save_pretrained(self, folder: str | os.PathLike[str]) -> Path:
        """``segmenter_config.json`` and ``segmenter.safetensors`` in ``folder`` (created if missing)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / WEIGHTS_NAME).write_bytes(save({"filter": self.filter.contiguous().cpu()}))
        (folder / CONFIG_NAME).write_text(json.dumps(asdict(self.config), indent=2))
        return folder

    @classmethod
    def from_pretrained(cls, folder: str | os.PathLike[str]) -> WordSegmenter:
        """The segmenter ``save_pretrained`` wrote into ``folder``."""
        folder = Path(folder)
        config = SegmenterConfig(**json.loads((folder / CONFIG_NAME).read_text()))
        return cls.from_state(config, load_file(str(folder / WEIGHTS_NAME)))

"""Unicode codepoints of tokens: RETVec's integerizer and binarizer, shared with HLM.

RETVec (§3 of the paper; google-research/retvec,
``retvec/tf/layers/{integerizer,binarizer}.py``) turns a word into its Unicode
codepoints, not its UTF-8 bytes, truncated or padded with 0 to a fixed number of
characters; what cannot be decoded becomes U+FFFD. The binarizer writes each
codepoint as a fixed number of bits, most significant first (the repository's masks
``2**23 >> i``; the paper's "little-endian" contradicts them, §1). The two steps are
separate so that the host ships small integer rows and the device expands them.

Tokens are encoded character for character; the ``##`` of a WordPiece continuation
is two ``#`` characters like any other (paper §3).
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor

REPLACEMENT_CODEPOINT = 0xFFFD
SURROGATES = range(0xD800, 0xE000)


def token_codepoints(token: str | bytes) -> list[int]:
    """Codepoints of ``token``; undecodable input becomes U+FFFD.

    ``bytes`` are decoded as UTF-8 with replacement. In a ``str``, lone surrogates
    (what ``errors="surrogateescape"`` makes of undecodable bytes) are not Unicode
    scalar values and are replaced the same way.
    """
    if isinstance(token, bytes):
        token = token.decode("utf-8", errors="replace")
    return [REPLACEMENT_CODEPOINT if ord(char) in SURROGATES else ord(char) for char in token]


def integerize(tokens: Sequence[str | bytes], length: int) -> Tensor:
    """``(len(tokens), length)`` int32 codepoints, cut at ``length`` and padded with 0."""
    if length <= 0:
        raise ValueError(f"length must be positive, got {length}")
    rows = []
    for token in tokens:
        codepoints = token_codepoints(token)[:length]
        rows.append(codepoints + [0] * (length - len(codepoints)))
    return torch.tensor(rows, dtype=torch.int32).reshape(len(rows), length)


def binarize(codepoints: Tensor, bits: int = 24, dtype: torch.dtype = torch.float32) -> Tensor:
    """``(..., bits)`` 0/1 values of each codepoint, most significant bit first.

    Runs on the device of ``codepoints`` (a shift and a mask per bit); bits above
    ``bits`` are dropped, as RETVec's masks do.
    """
    shifts = torch.arange(bits - 1, -1, -1, device=codepoints.device, dtype=codepoints.dtype)
    return ((codepoints.unsqueeze(-1) >> shifts) & 1).to(dtype)

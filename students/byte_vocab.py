"""CharacterBERT's byte vocabulary (``utils/character_cnn.py``, ``CharacterMapper``).

Ids 0–255 are UTF-8 bytes, then begin/end of sentence, begin/end of word, padding
and mask; every id is shifted by +1 so that 0 stays free for an absent token.
That makes 263 ids in all. A token becomes ``[BOW, bytes…, EOW, PAD…]``.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor

BYTE_OFFSET = 1
BEGIN_SENTENCE = 256 + BYTE_OFFSET
END_SENTENCE = 257 + BYTE_OFFSET
BEGIN_WORD = 258 + BYTE_OFFSET
END_WORD = 259 + BYTE_OFFSET
PADDING = 260 + BYTE_OFFSET
MASK = 261 + BYTE_OFFSET
NUM_BYTE_IDS = 263


def encode_bytes(tokens: Sequence[str], max_bytes_per_token: int) -> Tensor:
    """``(len(tokens), max_bytes_per_token)`` int64 ids; bytes past the limit are cut.

    All characters are kept, ``#`` of WordPiece continuations included (paper §3).
    """
    if max_bytes_per_token < 3:
        raise ValueError("max_bytes_per_token must leave room for one byte between BOW and EOW")
    body = max_bytes_per_token - 2
    rows = []
    for token in tokens:
        data = [byte + BYTE_OFFSET for byte in token.encode("utf-8", "surrogateescape")[:body]]
        row = [BEGIN_WORD, *data, END_WORD]
        rows.append(row + [PADDING] * (max_bytes_per_token - len(row)))
    return torch.tensor(rows, dtype=torch.long).reshape(len(rows), max_bytes_per_token)

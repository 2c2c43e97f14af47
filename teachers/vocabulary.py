"""Which rows of an embedding matrix a student learns, and the string it reads for each.

Three rules, applied to the tokenizer's vocabulary:

* reserved rows that were never trained are left out (paper §3: BERT's ``[unused*]``
  take 30,522 → 29,528 rows; fairseq's ``madeupword*`` padding of RoBERTa is the same
  kind of row), unless ``keep_reserved`` is set;
* special tokens are kept and flagged;
* strings stay as the vocabulary spells them, WordPiece ``##`` included (paper §3,
  "all the characters are used"), except byte-level BPE vocabularies (GPT-2, RoBERTa),
  whose characters each stand for one byte: ``"Ġthe"`` is mapped back to ``" the"``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from transformers import PreTrainedTokenizerBase
from transformers.convert_slow_tokenizer import bytes_to_unicode

RESERVED_TOKEN = re.compile(r"\[unused\d+\]|madeupword\d+")

# GPT-2's printable stand-in character → the byte it encodes.
UNICODE_TO_BYTE: dict[str, int] = {char: byte for byte, char in bytes_to_unicode().items()}


@dataclass(frozen=True)
class VocabularyRows:
    """The kept rows, in increasing vocabulary id order."""

    ids: list[int]
    vocab_tokens: list[str]
    tokens: list[str]
    is_special: list[bool]


def is_reserved(token: str) -> bool:
    """True for placeholder rows that pre-training never updated."""
    return RESERVED_TOKEN.fullmatch(token) is not None


def special_token_ids(tokenizer: PreTrainedTokenizerBase) -> set[int]:
    """Ids of the declared special tokens and of every added token marked special."""
    added = {index for index, token in tokenizer.added_tokens_decoder.items() if token.special}
    return set(tokenizer.all_special_ids) | added


def padding_id(tokenizer: PreTrainedTokenizerBase) -> int:
    """The id that fills a batch's padded positions: the padding token's or, for a tokenizer without one
    (GPT-2; a BERT saved without ``[PAD]``), its end-of-sequence, separator or unknown token's, the recipe of
    transformers' docs for GPT-2 (``tokenizer.pad_token = tokenizer.eos_token``). The attention mask hides
    those positions, so the id only has to be one the embedding table holds."""
    for token_id in (tokenizer.pad_token_id, tokenizer.eos_token_id, tokenizer.sep_token_id,
                     tokenizer.unk_token_id):
        if isinstance(token_id, int):
            return token_id
    return 0


def _contains_byte_level(component: Any) -> bool:
    """Whether a serialized tokenizer component is, or (a ``Sequence``) holds, ``ByteLevel``."""
    if isinstance(component, dict):
        return component.get("type") == "ByteLevel" or any(
            map(_contains_byte_level, component.values())
        )
    if isinstance(component, list):
        return any(map(_contains_byte_level, component))
    return False


def is_byte_level(tokenizer: PreTrainedTokenizerBase) -> bool:
    """Whether the vocabulary is spelled in GPT-2's byte-to-unicode alphabet.

    Read from the ``tokenizers`` pipeline: a ``ByteLevel`` pre-tokenizer or decoder.
    A tokenizer without that backend is byte-level when it carries GPT-2's ``byte_encoder``.
    """
    backend = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None:
        return hasattr(tokenizer, "byte_encoder")
    spec = json.loads(backend.to_str())
    return _contains_byte_level(spec.get("pre_tokenizer")) or _contains_byte_level(
        spec.get("decoder")
    )


def byte_level_to_text(token: str) -> str:
    """``"Ġthe"`` → ``" the"``: the text a byte-level BPE token stands for.

    A token holding only part of a multi-byte UTF-8 character cannot be text; its
    stray bytes become lone surrogates (``errors="surrogateescape"``), so the mapping
    stays one-to-one and ``s.encode("utf-8", "surrogateescape")`` gives the bytes back.
    Characters outside the byte alphabet are kept as they are.
    """
    data = b"".join(
        bytes([UNICODE_TO_BYTE[char]]) if char in UNICODE_TO_BYTE else char.encode("utf-8")
        for char in token
    )
    return data.decode("utf-8", errors="surrogateescape")


def select_rows(
    tokenizer: PreTrainedTokenizerBase, num_rows: int, *, keep_reserved: bool = False
) -> VocabularyRows:
    """The vocabulary entries that have one of the ``num_rows`` embedding rows and are kept.

    Rows past the tokenizer's vocabulary (matrices padded to a multiple of 8, say) have
    no string and are dropped, as are tokenizer entries past the matrix.
    """
    id_to_token = {
        index: token for token, index in tokenizer.get_vocab().items() if index < num_rows
    }
    special = special_token_ids(tokenizer)
    added = set(tokenizer.added_tokens_decoder)
    to_text: Callable[[str], str] = byte_level_to_text if is_byte_level(tokenizer) else str
    kept = [
        index
        for index in sorted(id_to_token)
        if keep_reserved or not is_reserved(id_to_token[index])
    ]
    vocab_tokens = [id_to_token[index] for index in kept]
    return VocabularyRows(
        ids=kept,
        vocab_tokens=vocab_tokens,
        # Added tokens (<s>, <mask>, …) are stored as plain text, not in the byte alphabet.
        tokens=[
            token if index in added else to_text(token) for index, token in zip(kept, vocab_tokens)
        ],
        is_special=[index in special for index in kept],
    )

"""HLM-intra: HLM's intra-word Transformer over a token's characters (Sun et al., ACL 2023).

Follows the intra-word module of HLM (Sun et al., ACL 2023, its intra-word module and the
checklist of §6): ``[WORD_CLS]`` in front of the token's characters, a 4-layer
Transformer encoder (hidden 768, 12 heads, FFN 1536, GELU, dropout 0.1), and the
final state at ``[WORD_CLS]`` as the token's vector (``pooling="word_cls"``; mean and
max pooling reproduce the ablation of Table 6). A linear projection maps it to the
teacher's width. The teacher's unit is a WordPiece string, the Char2Subword setting
HLM cites (§6.1); ``##`` continuations are fed as their characters, like every
other family here (paper §3).

Character ids follow HLM's tokenizer (lisun-ai/HLM,
``model/codepoint_tokenizer.py``): PAD 0, CLS 1, SEP 2, MASK 3, UNK 4, WORD_CLS 5,
then codepoint ``c`` is id ``6 + c`` when ``c < char_vocab_size``, else UNK. The
vocabulary is case-sensitive (§1). With ``hashed_chars`` (a deviation), a codepoint past ``char_vocab_size`` is
hashed into one of that many rows after the codepoints' instead of UNK, so that a 1,024-codepoint table still tells
apart the scripts it has no row for (collisions aside), as fastText hashes the n-grams it has no row for
(Bojanowski et al., TACL 2017, §3.2). ``max_length`` counts ``[WORD_CLS]``: HLM
prepends it before truncating to 20 (A.3, and the repository trims the padded
matrix to 20 rows), so at most 19 characters are kept.

Deviations:

* Positions are learned absolute embeddings added to the character embeddings
  (then LayerNorm and dropout, as BERT/DeBERTa embeddings do). HLM uses DeBERTa's
  relative position attention and no absolute positions (§1 "Positions", §6.4).
* ``char_vocab_size`` defaults to the Basic Multilingual Plane (65,536 codepoints),
  not HLM's 1,024 (§1): with 1,024, 1,642 bert-base-uncased tokens share their
  encoding with another token (CJK and other scripts become UNK) and the student
  could not tell their rows apart. The price is the embedding table: 65,542 × 768
  ≈ 50.3M parameters for ``hlm-intra`` against ≈0.79M (§1, "Parameters"); pass
  ``char_vocab_size=1024`` for the paper's size.
* Tokens are padded to ``max_length`` once, when the vocabulary is encoded, rather
  than to each batch's longest word rounded up to 8 (§1 "Batching"); padding is
  masked, so a token's vector does not depend on it.
* ``mean`` and ``max`` pool every non-padding position, ``[WORD_CLS]`` included, so
  that an empty token (possible after noise) still has a vector; HLM's code pools
  the characters only.
* Post-LayerNorm by default, like the BERT/DeBERTa layers HLM builds on;
  ``norm_first=True`` gives a pre-LN stack with a final LayerNorm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

import torch
from torch import Tensor, nn
from torch.nn.attention import SDPBackend, sdpa_kernel

from .base import StudentEncoder
from .codepoints import token_codepoints
from .config import StudentConfig, option
from .errors import StudentError

PAD, CLS, SEP, MASK, UNK, WORD_CLS = range(6)
NUM_SPECIAL_IDS = 6
BASIC_MULTILINGUAL_PLANE = 0x10000
POOLINGS = ("word_cls", "mean", "max")
KNUTH_MULTIPLIER = 2654435761  # ⌊2^32 / φ⌋, Knuth's multiplicative hashing (TAOCP vol. 3, §6.4)


def character_id(codepoint: int, char_vocab_size: int, hashed_chars: int) -> int:
    """A codepoint's id: its own row below ``char_vocab_size``; past it, one of ``hashed_chars`` rows (Knuth's
    multiplicative hash, the same in every process) or, with none, UNK."""
    if codepoint < char_vocab_size:
        return NUM_SPECIAL_IDS + codepoint
    if hashed_chars:
        # The product's high bits (its low bits would only permute the codepoint's own low bits), scaled to the rows.
        return NUM_SPECIAL_IDS + char_vocab_size + ((codepoint * KNUTH_MULTIPLIER) % 2**32 * hashed_chars >> 32)
    return UNK


def encode_characters(tokens: Sequence[str], max_length: int, char_vocab_size: int, hashed_chars: int = 0) -> Tensor:
    """``(len(tokens), max_length)`` int64 ids: ``[WORD_CLS]``, characters, then PAD."""
    rows = []
    for token in tokens:
        ids = [WORD_CLS]
        for codepoint in token_codepoints(token)[: max_length - 1]:
            ids.append(character_id(codepoint, char_vocab_size, hashed_chars))
        rows.append(ids + [PAD] * (max_length - len(ids)))
    return torch.tensor(rows, dtype=torch.long).reshape(len(rows), max_length)


def pool_states(hidden: Tensor, padding: Tensor, pooling: str) -> Tensor:
    """``(B, H)`` from ``(B, L, H)`` states: the ``[WORD_CLS]`` state, or a masked mean/max."""
    if pooling == "word_cls":
        return hidden[:, 0]
    keep = ~padding.unsqueeze(-1)
    if pooling == "mean":
        return (hidden * keep).sum(dim=1) / keep.sum(dim=1).clamp_min(1)
    return hidden.masked_fill(~keep, float("-inf")).amax(dim=1)


def trimmed(encoded: Tensor) -> Tensor:
    """``encoded`` without the trailing columns that are padding in every row, on the CPU: they are masked in every
    layer and in the pooling, so each word's vector is the same without them, and a batch of vocabulary rows (7
    characters on average, padded to 20) costs its longest word's length. Off the CPU, finding them would cost a
    host sync per step."""
    if encoded.device.type != "cpu" or not len(encoded):
        return encoded
    longest = int((encoded != PAD).sum(dim=1).max())  # PAD only trails: [WORD_CLS], the characters, then PAD
    return encoded[:, : max(longest, 1)]


def attention_kernels(device: torch.device) -> AbstractContextManager[None]:
    """On the CPU, attention as plain matrix products and a softmax (``SDPBackend.MATH``): over a word's few
    characters PyTorch's CPU flash-attention kernel, which it picks without dropout, costs more than the products it
    replaces (docs/defaults.md). Elsewhere PyTorch chooses."""
    return sdpa_kernel(SDPBackend.MATH) if device.type == "cpu" else nullcontext()


@dataclass(kw_only=True)
class HLMIntraConfig(StudentConfig):
    """HLM-intra's options: the character Transformer's shape, characters kept (``char_vocab_size`` codepoints with a
    row each, ``hashed_chars`` rows the others share), pooling."""

    num_layers: int = option(4, minimum=1)
    hidden_size: int = option(768, minimum=1)
    num_heads: int = option(12, minimum=1)
    ffn_size: int = option(1536, minimum=1)
    dropout: float = option(0.1, minimum=0.0, maximum=1.0)
    max_length: int = option(20, minimum=2)  # [WORD_CLS] and at least one character
    char_vocab_size: int = option(BASIC_MULTILINGUAL_PLANE, minimum=1)
    hashed_chars: int = option(0, minimum=0)
    pooling: str = "word_cls"
    norm_first: bool = False

    def __post_init__(self) -> None:
        if self.pooling not in POOLINGS:
            raise StudentError(f"unknown pooling {self.pooling!r}; valid poolings: {', '.join(POOLINGS)}")
        if self.hidden_size % self.num_heads:
            raise StudentError(f"hidden_size {self.hidden_size} is no multiple of num_heads {self.num_heads}")

    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        return encode_characters, {"max_length": self.max_length, "char_vocab_size": self.char_vocab_size,
                                   "hashed_chars": self.hashed_chars}


class HLMIntra(StudentEncoder):
    config_class = HLMIntraConfig

    def __init__(self, config: HLMIntraConfig) -> None:
        super().__init__(config)
        hidden_size, max_length, dropout = config.hidden_size, config.max_length, config.dropout
        char_vocab_size, norm_first = config.char_vocab_size, config.norm_first
        self.pooling = config.pooling
        num_ids = NUM_SPECIAL_IDS + char_vocab_size + config.hashed_chars
        self.char_embedding = nn.Embedding(num_ids, hidden_size, padding_idx=PAD)
        self.position_embedding = nn.Embedding(max_length, hidden_size)
        self.embedding_norm = nn.LayerNorm(hidden_size)
        self.embedding_dropout = nn.Dropout(dropout)
        layer = nn.TransformerEncoderLayer(
            hidden_size,
            config.num_heads,
            config.ffn_size,
            dropout,
            activation="gelu",
            batch_first=True,
            norm_first=norm_first,
        )
        self.encoder = nn.TransformerEncoder(
            layer,
            config.num_layers,
            norm=nn.LayerNorm(hidden_size) if norm_first else None,
            enable_nested_tensor=False,
        )
        self.projection = nn.Linear(hidden_size, config.dim)

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        """Every position of every layer that :meth:`forward_encoded` computes, padding included (it is masked, not
        skipped, up to the batch's longest word on the CPU)."""
        length, hidden = trimmed(encoded).shape[1], self.char_embedding.embedding_dim
        ffn = self.encoder.layers[0].linear1.out_features
        projections = 2 * length * hidden * (3 * hidden + hidden + 2 * ffn)  # QKV, output, FFN in and out
        attention = 2 * 2 * length * length * hidden  # scores Q·Kᵀ and their weighted sum of V
        layers = len(self.encoder.layers) * (projections + attention)
        forward = len(encoded) * (layers + 2 * hidden * self.projection.out_features)
        # The character embedding is trained, so every product needs both gradients: backward = 2 × forward.
        return 3 * forward if backward else forward

    def input_lengths(self, encoded: Tensor) -> Tensor | None:
        """Each word's ``[WORD_CLS]`` and characters, on the CPU, where :func:`trimmed` drops the shared padding."""
        return (encoded != PAD).sum(dim=1) if encoded.device.type == "cpu" else None

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        """``encoded`` may lack trailing columns that are padding in every row; on the CPU they are dropped here
        (:func:`trimmed`)."""
        encoded = trimmed(encoded)
        positions = torch.arange(encoded.shape[1], device=encoded.device)
        hidden = self.char_embedding(encoded) + self.position_embedding(positions)
        hidden = self.embedding_dropout(self.embedding_norm(hidden))
        padding = encoded == PAD
        with attention_kernels(encoded.device):
            hidden = self.encoder(hidden, src_key_padding_mask=padding)
        return self.projection(pool_states(hidden, padding, self.pooling))

"""RETVec: a word's codepoints as bits, through a small MLP (Bursztein et al., RETVec, 2023).

The input is RETVec's character encoding (§1, ``students/codepoints.py``): 16
codepoints per token, each as 24 bits, flattened to 384 values. ``retvec`` follows
the published v1 model (google-research/retvec, the v1 model's ``keras_metadata.pb``; the paper's §3):
Dense 256 GELU → Dense 256 GELU → Dense 256 tanh, 230,144 parameters with glorot
uniform weights and zero biases (Keras' defaults, the repository's config), no
per-character 32-d projection and no normalisation. A linear projection to the
teacher's width follows; it replaces RETVec's training-only similarity head (the
paper feeds the 256-d tanh output to downstream models, §2). ``retvec-raw`` sends
the 384 binary values straight to the projection (the paper's 0-parameter
RETVec-raw, §4, plus the projection).

Spatial dropout (Table 7, 1/16) zeroes whole characters, 24 bits at a time, during
training only, as the paper describes ("1/16 drops about one character").
Deviation: Keras' ``SpatialDropout1D`` on the (16, 24) input would drop bit columns
across all characters instead.

WordPiece continuations are encoded as they are, ``##`` included (paper §3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from torch import Tensor, nn

from .base import StudentEncoder
from .codepoints import binarize, integerize
from .config import StudentConfig, option


def glorot_linear(in_width: int, out_width: int) -> nn.Linear:
    """A ``Linear`` initialised like Keras' ``Dense``: glorot uniform weights, zero bias."""
    linear = nn.Linear(in_width, out_width)
    nn.init.xavier_uniform_(linear.weight)
    nn.init.zeros_(linear.bias)
    return linear


def build_mlp(
    in_width: int, hidden_dims: Sequence[int], embedding_dim: int | None
) -> tuple[nn.Sequential, int]:
    """``Dense+GELU`` per hidden width, then ``Dense+tanh`` of ``embedding_dim`` unless None.

    Returns the stack (empty, i.e. the identity, when it has no layer) and its output width.
    """
    layers: list[nn.Module] = []
    for width in hidden_dims:
        layers += [glorot_linear(in_width, width), nn.GELU()]
        in_width = width
    if embedding_dim is not None:
        layers += [glorot_linear(in_width, embedding_dim), nn.Tanh()]
        in_width = embedding_dim
    return nn.Sequential(*layers), in_width


@dataclass(kw_only=True)
class RETVecConfig(StudentConfig):
    """RETVec's options: characters and bits per word, the MLP's widths, spatial dropout."""

    word_length: int = option(16, minimum=1)
    bits_per_char: int = option(24, minimum=21, maximum=31)  # codepoints need 21 bits
    hidden_dims: list[int] = option(default_factory=lambda: [256, 256], minimum=1)
    embedding_dim: int | None = option(256, minimum=1)
    spatial_dropout: float = option(1 / 16, minimum=0.0, maximum=1.0)

    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        """``(N, word_length)`` int32 codepoints; the bits are made on the device in ``forward``."""
        return integerize, {"length": self.word_length}


class RETVec(StudentEncoder):
    config_class = RETVecConfig

    def __init__(self, config: RETVecConfig) -> None:
        super().__init__(config)
        self.bits_per_char = config.bits_per_char
        self.spatial_dropout = nn.Dropout1d(config.spatial_dropout)
        in_width = config.word_length * config.bits_per_char
        self.encoder, width = build_mlp(in_width, config.hidden_dims, config.embedding_dim)
        self.projection = nn.Linear(width, config.dim)

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        linears = [module for module in self.encoder if isinstance(module, nn.Linear)] + [self.projection]
        per_layer = [2 * linear.in_features * linear.out_features for linear in linears]
        forward = sum(per_layer)
        if not backward:
            return len(encoded) * forward
        # The first layer reads the bits, which need no gradient: only its weight gradient is computed.
        return len(encoded) * (3 * forward - per_layer[0])

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        dtype = self.projection.weight.dtype
        bits = binarize(encoded, self.bits_per_char, dtype=dtype)  # (B, word_length, bits)
        # Dropout1d zeroes whole channels of (B, C, L): here the C axis is the characters.
        bits = self.spatial_dropout(bits)
        return self.projection(self.encoder(bits.flatten(1)))

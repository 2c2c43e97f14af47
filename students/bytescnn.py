"""BytesCNN: CharacterBERT's CharacterCNN over UTF-8 bytes (paper §2.1, Table 1).

Follows ``modeling/character_cnn.py`` of helboukkouri/character-bert
(``modeling/character_cnn.py``, ``CharacterCNN``): a 16-d byte embedding, one valid-padding
``Conv1d`` per filter width, max over time *then* ReLU, concatenation, two highway
layers and a linear projection. Deviation: the byte embedding is initialised
randomly, not with zeros (CharacterBERT's zero init assumes pretrained weights).

The parameters are CharacterBERT's (one ``Conv1d`` per filter, so the state dict and
the counts of Table 1 are unchanged), but the forward pass computes every filter in
one matrix product (:meth:`BytesCNN.pool_windows`) and, on the CPU, only over the byte
positions that can change the result (:meth:`BytesCNN.window_starts`). The result is
the per-filter computation's up to floating-point summation order
(``tests/test_bench.py`` checks values and gradients).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from .base import StudentEncoder
from .byte_vocab import NUM_BYTE_IDS, PADDING, encode_bytes
from .config import StudentConfig, option
from .errors import StudentError

SMALL_FILTERS: tuple[tuple[int, int], ...] = ((1, 32), (2, 32), (3, 64), (4, 128), (5, 256), (6, 512), (7, 1024))


class Highway(nn.Module):
    """Srivastava et al. 2015: ``y = g·x + (1−g)·relu(W_h x)``, gate and transform in one matmul."""

    def __init__(self, width: int, num_layers: int) -> None:
        super().__init__()
        layers = [nn.Linear(width, 2 * width) for _ in range(num_layers)]
        for layer in layers:
            # Gate bias 1: each layer starts out carrying its input (CharacterBERT).
            nn.init.constant_(layer.bias[width:], 1.0)
        self.layers = nn.ModuleList(layers)

    def forward(self, hidden: Tensor) -> Tensor:
        for layer in self.layers:
            transform, gate = layer(hidden).chunk(2, dim=-1)
            # lerp(a, b, g) = a + g·(b − a) = g·x + (1−g)·relu(·), in one elementwise kernel
            # (in the layer's output dtype: under autocast the carried input may be wider).
            hidden = torch.lerp(torch.relu(transform), hidden.to(transform.dtype), torch.sigmoid(gate))
        return hidden


MAX_BYTES_PER_TOKEN = 4096  # far beyond any token; bounds the (tokens, bytes) input the student encodes

@dataclass(kw_only=True)
class BytesCNNConfig(StudentConfig):
    """BytesCNN's options: the ``(width, channels)`` filter bank, byte embedding, highway depth, bytes kept."""

    filters: list[list[int]] = option(default_factory=lambda: [list(spec) for spec in SMALL_FILTERS],
                                      minimum=1, expects="(width, channels) pairs")
    byte_embedding_dim: int = option(16, minimum=1)
    num_highway: int = option(2, minimum=0)
    max_bytes_per_token: int = option(50, maximum=MAX_BYTES_PER_TOKEN)

    def __post_init__(self) -> None:
        if not self.filters or any(len(spec) != 2 for spec in self.filters):
            raise StudentError(f"filters must be (width, channels) pairs, got {self.filters!r}")
        # Room for the widest filter, and for one byte between begin- and end-of-word.
        least = max(self.widest, 3)
        if self.max_bytes_per_token < least:
            raise StudentError(
                f"max_bytes_per_token must be at least {least} (the widest filter, and 3), "
                f"got {self.max_bytes_per_token}"
            )

    @property
    def widest(self) -> int:
        return max(width for width, _ in self.filters)

    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        return encode_bytes, {"max_bytes_per_token": self.max_bytes_per_token}


class BytesCNN(StudentEncoder):
    config_class = BytesCNNConfig

    def __init__(self, config: BytesCNNConfig) -> None:
        super().__init__(config)
        self.widest = config.widest
        self.byte_embedding = nn.Embedding(NUM_BYTE_IDS, config.byte_embedding_dim)
        self.convolutions = nn.ModuleList(
            nn.Conv1d(config.byte_embedding_dim, channels, kernel_size=width) for width, channels in config.filters
        )
        channels = sum(channels for _, channels in config.filters)
        self.highway = Highway(channels, config.num_highway)
        self.projection = nn.Linear(channels, config.dim)

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        hidden = torch.relu(self.pool_windows(encoded))
        return self.projection(self.highway(hidden))

    # --- the convolutions as one matrix product -------------------------------------
    @property
    def filter_layers(self) -> list[nn.Conv1d]:
        """The convolutions, typed (iterating an ``nn.ModuleList`` gives plain ``nn.Module`` to a type checker)."""
        return cast(list[nn.Conv1d], list(self.convolutions))

    @staticmethod
    def content_width(encoded: Tensor) -> int:
        """Columns up to the batch's last non-padding id (a host sync off the CPU)."""
        used = (encoded != PADDING).any(dim=0).nonzero()
        return int(used[-1]) + 1 if len(used) else 0

    def window_starts(self, encoded: Tensor, *, trim: bool = True) -> tuple[int, bool]:
        """``(positions, trimmed)``: how many window starts to compute, and whether past-the-end ones exist.

        With ``C`` content columns and room for the widest filter after them
        (``C + widest ≤ L``), every filter's windows starting at ``C`` or later hold
        padding only and are equal, so starts ``0..C`` (``C + 1`` of them) give every
        filter's exact maximum and need no mask. Otherwise, or with ``trim=False``, all
        ``L`` starts are computed and those where a filter would run past the end are masked.
        """
        length = encoded.shape[1]
        if trim:
            content = self.content_width(encoded)
            if content + self.widest <= length:
                return content + 1, True
        return length, False

    def channel_widths(self, device: torch.device) -> Tensor:
        """``(channels,)``: the kernel width of every pooled channel, for masking windows past the end.

        Made on ``device`` from the layers, not kept as a buffer: a module built on the meta
        device (``transformers``' loading) would leave a non-persistent buffer uninitialised.
        """
        return torch.cat([
            torch.full((conv.out_channels,), conv.kernel_size[0], device=device) for conv in self.filter_layers
        ])

    def window_weight(self) -> Tensor:
        """``(channels, widest·E)``: each filter's weight as (tap, embedding) columns, zero past its width."""
        blocks = [
            F.pad(conv.weight.transpose(1, 2), (0, 0, 0, self.widest - conv.kernel_size[0]))
            for conv in self.filter_layers
        ]
        return torch.cat(blocks).flatten(1)

    def pool_windows(self, encoded: Tensor) -> Tensor:
        """``(B, channels)``: each filter's maximum over its valid windows (bias added, before the ReLU).

        Equals ``torch.cat([conv(embedded).amax(-1) for conv in self.convolutions], -1)``
        but runs as one matrix product: the byte ids are unfolded once into windows of
        the widest width (padded with ``PADDING`` ids), one embedding lookup makes the
        ``(B·P, widest·E)`` window matrix, and every filter is zero-padded to the widest
        width. The bias is added after the maximum (it is constant over positions).
        """
        # Trimmed on the CPU only: elsewhere finding the content width would cost a host sync
        # per step and give each batch a new shape (bad for torch.compile).
        positions, trimmed = self.window_starts(encoded, trim=encoded.device.type == "cpu")
        length = encoded.shape[1]
        ids = F.pad(encoded[:, :positions], (0, self.widest - 1), value=PADDING)
        windows = self.byte_embedding(ids.unfold(1, self.widest, 1)).flatten(2)  # (B, P, widest·E)
        scores = windows @ self.window_weight().T  # (B, P, channels)
        if not trimmed:
            starts = torch.arange(positions, device=scores.device)
            past_end = starts[:, None] > length - self.channel_widths(scores.device)[None, :]
            scores = scores.masked_fill(past_end, float("-inf"))
        bias = torch.cat([cast(Tensor, conv.bias) for conv in self.filter_layers])  # built with bias=True
        return scores.max(dim=1).values + bias

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        """Minimal exact count: ``positions`` windows per filter when trimmed, else its valid ones.

        The window matrix product does more (every filter padded to the widest width, and
        off the CPU every start); this counts what the per-filter convolutions over the
        needed windows would do, the same work on every device.
        """
        positions, trimmed = self.window_starts(encoded)
        embedding_dim = self.byte_embedding.embedding_dim
        convolutions = 0
        for conv in self.filter_layers:
            width = conv.kernel_size[0]
            windows = positions if trimmed else positions - width + 1
            convolutions += 2 * windows * embedding_dim * width * conv.out_channels
        dense = sum(2 * layer.in_features * layer.out_features for layer in [*self.highway.layers, self.projection])
        forward = len(encoded) * (convolutions + dense)
        # Every layer's input needs its gradient (the byte embedding is trained): backward = 2 × forward.
        return 3 * forward if backward else forward

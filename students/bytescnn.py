"""BytesCNN: CharacterBERT's CharacterCNN over UTF-8 bytes (paper §2.1, Table 1).

Follows ``modeling/character_cnn.py`` of helboukkouri/character-bert
(``shared/reference/anchors.md`` §3): a 16-d byte embedding, one valid-padding
``Conv1d`` per filter width, max over time *then* ReLU, concatenation, two highway
layers and a linear projection. Deviation: the byte embedding is initialised
randomly, not with zeros (CharacterBERT's zero init assumes pretrained weights).
"""

from __future__ import annotations

from typing import Sequence

import torch
from torch import Tensor, nn

from students.base import StudentEncoder
from students.byte_vocab import NUM_BYTE_IDS, encode_bytes
from students.registry import register_student

SMALL_FILTERS: tuple[tuple[int, int], ...] = ((1, 32), (2, 32), (3, 64), (4, 128), (5, 256), (6, 512), (7, 1024))
BIG_FILTERS: tuple[tuple[int, int], ...] = tuple((width, 2 * channels) for width, channels in SMALL_FILTERS)


class Highway(nn.Module):
    """Srivastava et al. 2015: ``y = g·x + (1−g)·relu(W_h x)``, gate and transform in one matmul."""

    def __init__(self, width: int, num_layers: int) -> None:
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(width, 2 * width) for _ in range(num_layers))
        for layer in self.layers:
            # Gate bias 1: each layer starts out carrying its input (CharacterBERT).
            nn.init.constant_(layer.bias[width:], 1.0)

    def forward(self, hidden: Tensor) -> Tensor:
        for layer in self.layers:
            transform, gate = layer(hidden).chunk(2, dim=-1)
            gate = torch.sigmoid(gate)
            hidden = gate * hidden + (1 - gate) * torch.relu(transform)
        return hidden


@register_student("bytescnn-small", filters=SMALL_FILTERS)
@register_student("bytescnn-big", filters=BIG_FILTERS)
class BytesCNN(StudentEncoder):
    def __init__(
        self,
        dim: int,
        filters: Sequence[Sequence[int]] = SMALL_FILTERS,
        byte_embedding_dim: int = 16,
        num_highway: int = 2,
        max_bytes_per_token: int = 50,
    ) -> None:
        filters = [tuple(int(value) for value in spec) for spec in filters]
        super().__init__(
            dim,
            filters=[list(spec) for spec in filters],
            byte_embedding_dim=byte_embedding_dim,
            num_highway=num_highway,
            max_bytes_per_token=max_bytes_per_token,
        )
        if max_bytes_per_token < max(width for width, _ in filters):
            raise ValueError("max_bytes_per_token must be at least the widest filter")
        self.max_bytes_per_token = max_bytes_per_token
        self.byte_embedding = nn.Embedding(NUM_BYTE_IDS, byte_embedding_dim)
        self.convolutions = nn.ModuleList(
            nn.Conv1d(byte_embedding_dim, channels, kernel_size=width) for width, channels in filters
        )
        width = sum(channels for _, channels in filters)
        self.highway = Highway(width, num_highway)
        self.projection = nn.Linear(width, dim)

    def encode(self, tokens: Sequence[str]) -> Tensor:
        return encode_bytes(tokens, self.max_bytes_per_token)

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        embedded = self.byte_embedding(encoded).transpose(1, 2)  # (B, E, L)
        pooled = [conv(embedded).amax(dim=-1) for conv in self.convolutions]
        hidden = torch.relu(torch.cat(pooled, dim=-1))
        return self.projection(self.highway(hidden))

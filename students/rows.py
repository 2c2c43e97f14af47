"""A table of rows read in bags and summed, stored at a chosen precision: float32, float16, or int8 with one scale
per row.

Quantising a static embedding table row by row is how model2vec ships small models (its ``quantization.py``:
float16 or int8 vectors) and, with product quantisation, how FastText.zip compresses fastText's n-gram table
(Joulin et al., 2016, §3.1); here each row keeps its own scale, its largest magnitude over 127, so a row's
direction survives int8 to about one part in a thousand. A stored table is read by gathering the rows a batch
needs and scaling them back to float32, a block of bags at a time: the whole table is never held in float32.

This module imports nothing but torch: a vocabulary-free export ships it.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

PRECISIONS = ("fp32", "fp16", "int8")
STORED_DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "int8": torch.int8}
INT8_LEVELS = 127  # symmetric: -127..127, so that 0 is exact and a padding row stays zero
BAGS_PER_BLOCK = 256  # bags dequantised at once: bounds the float32 copy of the gathered rows


def quantize_rows(weight: Tensor) -> tuple[Tensor, Tensor]:
    """``(rows, scale)``: ``weight`` in int8 and each row's float32 scale, such that ``rows.float() * scale[:, None]``
    is ``weight`` to within half a step of its row."""
    weight = weight.detach().float()
    scale = weight.abs().amax(dim=1) / INT8_LEVELS
    rows = torch.round(weight / scale.clamp_min(torch.finfo(torch.float32).tiny).unsqueeze(1))
    return rows.clamp_(-INT8_LEVELS, INT8_LEVELS).to(torch.int8), scale


class StoredRows(nn.Module):
    """Sums of rows of a ``(rows, dim)`` table held at ``precision``, as ``nn.EmbeddingBag(mode="sum")`` with a
    padding row computes them; for inference (its tables are buffers, not parameters)."""

    def __init__(self, rows: int, dim: int, precision: str) -> None:
        super().__init__()
        if precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}, got {precision!r}")
        self.precision = precision
        self.register_buffer("weight", torch.zeros(rows, dim, dtype=STORED_DTYPES[precision]))
        if precision == "int8":
            self.register_buffer("scale", torch.ones(rows))

    def store(self, weight: Tensor) -> StoredRows:
        """Hold the float table ``weight`` at this table's precision."""
        if self.precision == "int8":
            self.weight, self.scale = quantize_rows(weight)
        else:
            self.weight = weight.detach().to(STORED_DTYPES[self.precision])
        return self

    def rows(self, ids: Tensor) -> Tensor:
        """The rows ``ids`` names, in float32."""
        rows = self.weight[ids].float()
        return rows * self.scale[ids].unsqueeze(-1) if self.precision == "int8" else rows

    def forward(self, bags: Tensor) -> Tensor:
        """``(B, dim)`` float32 sums of the rows ``bags`` ``(B, n)`` names (a padding row must be all zeros)."""
        sums = [self.rows(block).sum(dim=1) for block in bags.split(BAGS_PER_BLOCK)]
        return torch.cat(sums) if sums else self.weight.new_zeros(0, self.weight.shape[1], dtype=torch.float32)

"""A table of rows read in bags and summed, stored at a chosen precision: float32, float16, or int8 with a scale and
an offset per row.

Quantising a static embedding table row by row is how model2vec ships small models (its ``quantization.py``:
float16 or int8 vectors) and, with product quantisation, how FastText.zip compresses fastText's n-gram table
(Joulin et al., 2016, §3.1). The int8 table is in the layout of PyTorch's 8-bit rowwise embedding bags
(``torch.ops.quantized.embedding_bag_byte_prepack``, from FBGEMM): each row's bytes, then its float32 scale and
offset; on the CPU the fused kernel sums the rows a batch needs without ever making the table float32 again, and
elsewhere the gathered rows are scaled back one block of bags at a time.

This module imports nothing but torch: a vocabulary-free export ships it.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor, nn

PRECISIONS = ("fp32", "fp16", "int8")
FLOAT_DTYPES = {"fp32": torch.float32, "fp16": torch.float16}
ROW_FOOTER = 8  # bytes after each int8 row: its float32 scale, then its float32 offset
BAGS_PER_BLOCK = 256  # bags dequantised at once off the CPU: bounds the float32 copy of the gathered rows


class StoredRows(nn.Module):
    """Sums of rows of a ``(rows, dim)`` table held at ``precision``, as ``nn.EmbeddingBag(mode="sum")`` computes
    them; for inference (the table is a buffer, not a parameter)."""

    def __init__(self, rows: int, dim: int, precision: str) -> None:
        super().__init__()
        if precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}, got {precision!r}")
        self.precision, self.dim = precision, dim
        if precision == "int8":
            self.register_buffer("weight", torch.zeros(rows, dim + ROW_FOOTER, dtype=torch.uint8))
        else:
            self.register_buffer("weight", torch.zeros(rows, dim, dtype=FLOAT_DTYPES[precision]))

    def store(self, weight: Tensor) -> StoredRows:
        """Hold the float table ``weight`` at this table's precision."""
        weight = weight.detach().float().contiguous()
        if self.precision == "int8":
            self.weight = torch.ops.quantized.embedding_bag_byte_prepack(weight.cpu()).to(weight.device)
        else:
            self.weight = weight.to(FLOAT_DTYPES[self.precision])
        return self

    def forward(self, bags: Tensor) -> Tensor:
        """``(B, dim)`` float32 sums of the rows ``bags`` ``(B, n)`` names (a padding row must be all zeros)."""
        if self.precision != "int8":
            return F.embedding_bag(bags, self.weight, mode="sum").float()
        if bags.device.type == "cpu":
            offsets = torch.arange(0, bags.numel(), max(bags.shape[1], 1), device=bags.device)[: len(bags)]
            return torch.ops.quantized.embedding_bag_byte_rowwise_offsets(self.weight, bags.reshape(-1), offsets)
        sums = [self.dequantized(self.weight[block]).sum(dim=1) for block in bags.split(BAGS_PER_BLOCK)]
        return torch.cat(sums) if sums else torch.zeros(0, self.dim, device=bags.device)

    def dequantized(self, rows: Tensor) -> Tensor:
        """Float32 values of int8 ``rows`` in the packed layout (each row's bytes, scale and offset)."""
        footer = rows[..., self.dim:].contiguous().view(torch.float32)  # (..., 2): scale, offset
        return rows[..., : self.dim].float() * footer[..., :1] + footer[..., 1:]

"""A table of rows read in bags and summed, stored at a chosen precision: float32, float16, int8 or int4 with a
scale and an offset per row, or nf4 with a scale per row.

Quantising a static embedding table row by row is how model2vec ships small models (its ``quantization.py``: float16
or int8 vectors) and, with product quantisation, how FastText.zip compresses fastText's n-gram table (Joulin et al.,
2016, §3.1). The int8 table is in the layout of PyTorch's 8-bit rowwise embedding bags
(``torch.ops.quantized.embedding_bag_byte_prepack``, from FBGEMM): each row's bytes, then its float32 scale and
offset; on the CPU the fused kernel sums the rows a batch needs without ever making the table float32 again, and
elsewhere each row the batch names is made float32 once (at most the float32 table's size) and the bags summed. The
int4 table is in the layout of FBGEMM's 4-bit rowwise embedding bags
(``torch.ops.quantized.embedding_bag_4bit_prepack``): two values a byte, the first in the low four bits, then the
row's float16 scale and offset, read by the same kind of fused kernel. Deviation: where FBGEMM spans each row's
whole range, :func:`pack_int4` picks each row's range among a few clippings of it, the one with the least squared
error: with 16 levels, a few outlying values otherwise coarsen every step. Banner et al. (NeurIPS 2019, "Post
training 4-bit quantization of convolutional networks for rapid-deployment", §3) derive that clipping analytically
from an assumed distribution; here it is searched, row by row.

The nf4 table spends its 16 levels where a trained row's values lie: QLoRA's 4-bit NormalFloat levels (Dettmers et
al., NeurIPS 2023, §3; bitsandbytes ``functional.py``, ``get_4bit_type("nf4")``), quantiles of a normal
distribution scaled to [-1, 1] with an exact zero, times one float16 scale a row (194 bytes a row at width 384,
against int4's 196). Deviations: QLoRA scales blocks of 64 values by their largest magnitude; here a block is a
row, and its scale is chosen among the same clippings as int4's. No fused kernel reads it: on every device, the
rows a batch names are made float32 as the int8 rows are off the CPU, each byte's two values looked up at once.

This module imports nothing but numpy, torch and :mod:`students.config`: a vocabulary-free export ships it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn

from .config import PRECISIONS

FLOAT_DTYPES = {"fp32": torch.float32, "fp16": torch.float16}
ROW_FOOTER = 8  # bytes after each int8 row: its float32 scale, then its float32 offset
INT4_FOOTER = 4  # bytes after each int4 row: its float16 scale, then its float16 offset
NF4_FOOTER = 2  # bytes after each nf4 row: its float16 scale
INT4_LEVELS = 15
NF4_LEVELS = (-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453, -0.28444138169288635,
              -0.18477343022823334, -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
              0.24611230194568634, 0.33791524171829224, 0.44070982933044434, 0.5626170039176941,
              0.7229568362236023, 1.0)
CLIP_RATIOS = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)  # of each row's half-range (int4) or largest magnitude (nf4)
PACKED_BYTES = {"int8": lambda dim: dim + ROW_FOOTER, "int4": lambda dim: dim // 2 + INT4_FOOTER,
                "nf4": lambda dim: dim // 2 + NF4_FOOTER}  # bytes a packed row of ``dim`` values takes


class StoredRows(nn.Module):
    """Sums of rows of a ``(rows, dim)`` table held at ``precision``, as ``nn.EmbeddingBag(mode="sum")`` computes
    them; for inference (the table is a buffer, not a parameter)."""

    def __init__(self, rows: int, dim: int, precision: str, padding_idx: int | None = None) -> None:
        super().__init__()
        if precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}, got {precision!r}")
        if precision in ("int4", "nf4") and dim % 2:
            raise ValueError(f"an {precision} table packs two values a byte and needs an even width, got {dim}")
        self.precision, self.dim, self.padding_idx = precision, dim, padding_idx
        if precision in PACKED_BYTES:
            self.register_buffer("weight", torch.zeros(rows, PACKED_BYTES[precision](dim), dtype=torch.uint8))
        else:
            self.register_buffer("weight", torch.zeros(rows, dim, dtype=FLOAT_DTYPES[precision]))

    def store(self, weight: Tensor) -> StoredRows:
        """Hold the float table ``weight`` at this table's precision."""
        weight = weight.detach().float().contiguous()
        if self.precision == "int8":
            self.weight = torch.ops.quantized.embedding_bag_byte_prepack(weight.cpu()).to(weight.device)
        elif self.precision == "int4":
            self.weight = pack_int4(weight)
        elif self.precision == "nf4":
            self.weight = pack_nf4(weight)
        else:
            self.weight = weight.to(FLOAT_DTYPES[self.precision])
        return self

    def forward(self, bags: Tensor, selected: Tensor | None = None) -> Tensor:
        """``(B, dim)`` float32 sums of the rows ``bags`` ``(B, n)`` names (a padding row must be all zeros); with
        ``selected`` (a boolean per bag, and a ``padding_idx``), zeros for the bags it leaves out."""
        if not bags.shape[1]:  # no row named (the embedding bags refuse a width of 0)
            return torch.zeros(len(bags), self.dim, device=bags.device)
        indices, offsets = self.packed_bags(bags, selected)
        if self.precision in FLOAT_DTYPES:
            return F.embedding_bag(indices, self.weight, offsets, mode="sum").float()
        if bags.device.type == "cpu" and self.precision != "nf4":
            fused = (torch.ops.quantized.embedding_bag_byte_rowwise_offsets if self.precision == "int8"
                     else torch.ops.quantized.embedding_bag_4bit_rowwise_offsets)
            return fused(self.weight, indices, offsets)
        return self.summed(indices, offsets)

    def packed_bags(self, bags: Tensor, selected: Tensor | None = None) -> tuple[Tensor, Tensor]:
        """The bags as flat indices and the offsets where each starts, the bags ``selected`` leaves out made empty;
        on the CPU without the ``padding_idx`` entries where there is one. A bag of short rows is padded to the
        batch's longest, and padding rows (all zeros) sum as nothing: on a batch of words they are most of the
        entries. On the CPU the bags are packed with numpy (integer indices: no gradient to keep); off it the padding
        entries stay: dropping them would wait on the device for the count of those kept."""
        if selected is not None:
            if self.padding_idx is None:
                raise ValueError("selecting bags needs a padding_idx to leave the others empty with")
            if bags.device.type != "cpu":
                bags = torch.where(selected.unsqueeze(-1), bags, self.padding_idx)
        if self.padding_idx is None or bags.device.type != "cpu":
            return bags.reshape(-1), torch.arange(0, bags.numel(), bags.shape[1], device=bags.device)
        entries = bags.numpy()
        kept = entries != self.padding_idx
        if selected is not None:
            kept &= selected.numpy()[:, None]
        counts = kept.sum(axis=1)
        return torch.from_numpy(entries[kept]), torch.from_numpy(np.cumsum(counts) - counts)

    def summed(self, indices: Tensor, offsets: Tensor) -> Tensor:
        """``(B, dim)`` float32 sums of packed rows without a fused kernel (bags as :meth:`packed_bags` gives them):
        each row the bags name is made float32 once (at most the float32 table's size), then one embedding bag sums
        them."""
        used, positions = torch.unique(indices, return_inverse=True)
        return F.embedding_bag(positions, self.dequantized(self.weight[used]), offsets, mode="sum")

    def dequantized(self, rows: Tensor) -> Tensor:
        """Float32 values of int8, int4 or nf4 ``rows`` in the packed layout (each row's values, then its scale and
        offset, or its scale alone)."""
        if self.precision == "int4":
            return unpack_int4(rows, self.dim)
        if self.precision == "nf4":
            return unpack_nf4(rows, self.dim)
        footer = rows[..., self.dim:].contiguous().view(torch.float32)  # (..., 2): scale, offset
        return rows[..., : self.dim].float() * footer[..., :1] + footer[..., 1:]


def pack_int4(weight: Tensor) -> Tensor:
    """``(rows, dim // 2 + 4)`` uint8: each row of the float ``weight`` at 16 levels, in FBGEMM's 4-bit rowwise layout.

    Each row's levels span a range centred on the midpoint of its values; of the half-ranges :data:`CLIP_RATIOS` of
    the full one, the row keeps the one whose levels are nearest its values in squared error. Each range is
    quantised as FBGEMM's ``FloatToFusedNBitRowwiseQuantizedSBHalf`` (``src/QuantUtils.cc``) quantises the whole
    one (offset rounded to float16 first, the scale from it, 1 for an empty range), so the ratio 1 is FBGEMM's
    packing and no row is further from its values than there. Values outside the range are clipped to its ends;
    an all-zero row stays all zeros.
    """
    low, high = weight.amin(dim=1, keepdim=True), weight.amax(dim=1, keepdim=True)
    middle, half_range = (low + high) / 2, (high - low) / 2

    def clipped(ratio: float) -> tuple[Tensor, Tensor]:
        offset = (low if ratio == 1 else middle - ratio * half_range).half()
        top = high if ratio == 1 else middle + ratio * half_range
        scale = ((top - offset.float()) / INT4_LEVELS).half()
        scale = torch.where((top == offset.float()) | (scale == 0), torch.ones_like(scale), scale)
        codes = ((weight - offset.float()) * (1 / scale.float())).round().clamp(0, INT4_LEVELS)
        return codes.to(torch.uint8), torch.cat([scale, offset], dim=1)

    return nearest_packing(weight, clipped, unpack=lambda codes, footer: int4_values(codes.float(), footer))


def pack_nf4(weight: Tensor) -> Tensor:
    """``(rows, dim // 2 + 2)`` uint8: each row of the float ``weight`` at the 16 :data:`NF4_LEVELS` times a float16
    scale, two values a byte (the first in the low four bits), then the scale.

    The scale is :data:`CLIP_RATIOS` of the row's largest magnitude, whichever puts the levels nearest the row's
    values in squared error; each value takes its nearest level. An all-zero row stays all zeros (scale 1).
    """
    levels = torch.tensor(NF4_LEVELS, device=weight.device)
    boundaries = (levels[1:] + levels[:-1]) / 2
    largest = weight.abs().amax(dim=1, keepdim=True)

    def clipped(ratio: float) -> tuple[Tensor, Tensor]:
        scale = (largest * ratio).half()
        scale = torch.where(scale == 0, torch.ones_like(scale), scale)
        return torch.bucketize(weight / scale.float(), boundaries).to(torch.uint8), scale

    return nearest_packing(weight, clipped, unpack=lambda codes, footer: nf4_values(levels[codes.long()], footer))


def nearest_packing(weight: Tensor, clipped: Callable[[float], tuple[Tensor, Tensor]],
                    unpack: Callable[[Tensor, Tensor], Tensor]) -> Tensor:
    """``(rows, dim // 2 + footer bytes)`` uint8: each row's 4-bit codes, two a byte, then its float16 footer.

    ``clipped(ratio)`` gives every row's ``(codes, footer)`` (``(rows, dim)`` codes 0–15, ``(rows, k)`` float16) at
    one of :data:`CLIP_RATIOS`; ``unpack(codes, footer)`` their float values. Each row keeps the ratio whose values
    are nearest its own in squared error.
    """
    def squared_error(codes: Tensor, footer: Tensor) -> Tensor:
        return (unpack(codes, footer.float()) - weight).square().sum(dim=1, keepdim=True)

    best_codes, best_footer = clipped(CLIP_RATIOS[0])
    best_error = squared_error(best_codes, best_footer)
    for ratio in CLIP_RATIOS[1:]:
        codes, footer = clipped(ratio)
        error = squared_error(codes, footer)
        better = error < best_error
        best_codes, best_footer = torch.where(better, codes, best_codes), torch.where(better, footer, best_footer)
        best_error = torch.minimum(error, best_error)
    packed = best_codes[:, 0::2] | (best_codes[:, 1::2] << 4)
    return torch.cat([packed, best_footer.view(torch.uint8)], dim=1)


def byte_values(levels: Tensor) -> Tensor:
    """``(256, 2)``: the values of the two 4-bit codes of every byte, the low four bits first, at ``levels``."""
    return torch.stack([levels.repeat(16), levels.repeat_interleave(16)], dim=1)


def unpack_4bit(rows: Tensor, dim: int, levels: Tensor) -> Tensor:
    """``(..., dim)`` float32: the ``levels`` that the 4-bit codes of ``rows`` name (``dim // 2`` bytes first),
    each byte looked up whole."""
    packed = rows[..., : dim // 2].reshape(-1).int()
    return byte_values(levels.float()).index_select(0, packed).view(*rows.shape[:-1], dim)


def int4_values(codes: Tensor, footer: Tensor) -> Tensor:
    """int4 values: the codes ``(..., dim)`` times each row's scale, plus its offset (``footer`` ``(..., 2)``)."""
    return codes * footer[..., :1] + footer[..., 1:]


def nf4_values(levels: Tensor, footer: Tensor) -> Tensor:
    """nf4 values: the NormalFloat levels ``(..., dim)`` times each row's scale (``footer`` ``(..., 1)``)."""
    return levels * footer


def footer_of(rows: Tensor, dim: int) -> Tensor:
    """``(..., k)`` float32: the float16 footer after the ``dim // 2`` code bytes of 4-bit ``rows``."""
    return rows[..., dim // 2:].contiguous().view(torch.float16).float()


def unpack_int4(rows: Tensor, dim: int) -> Tensor:
    """Float32 values of ``rows`` packed by :func:`pack_int4` (any leading shape, ``dim // 2 + 4`` bytes last)."""
    codes = torch.arange(INT4_LEVELS + 1, device=rows.device)
    return int4_values(unpack_4bit(rows, dim, codes), footer_of(rows, dim))


def unpack_nf4(rows: Tensor, dim: int) -> Tensor:
    """Float32 values of ``rows`` packed by :func:`pack_nf4` (any leading shape, ``dim // 2 + 2`` bytes last)."""
    return nf4_values(unpack_4bit(rows, dim, torch.tensor(NF4_LEVELS, device=rows.device)), footer_of(rows, dim))

"""Hashed character n-grams: a fastText-style student (Bojanowski et al., TACL 2017, §3.1–3.2).

A token's vector is the sum of the vectors of its character n-grams and of the whole bracketed token,
each hashed into one of ``buckets`` rows of one ``EmbeddingBag`` (:mod:`students.ngram_ids`). The
whole-token gram gives a frequent token a vector of its own (the table's rows are mostly arbitrary: ``the``
and ``of`` share nothing a character model could compose), the n-grams carry what spellings share, so a
misspelt or unseen word lands near the words it shares grams with (Piktus et al., NAACL 2019, "Misspelling
Oblivious Word Embeddings", train fastText's subwords on misspellings for that reason).

Gradients are sparse by default: a step changes only the rows of the batch's grams, so it costs the
batch, not the ``buckets × dim`` table, and the training objectives step it with ``SparseAdam``
(``docs/defaults.md`` compares it with the other students).

Deviations from fastText: the sum is not divided by the number of grams (a cosine-trained student does not
care, an MSE-trained one learns the scale), and the hash is CRC-32 (see :mod:`students.ngram_ids`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
from torch import Tensor, nn

from .base import StudentEncoder
from .config import PRECISIONS, StudentConfig, option
from .errors import StudentError
from .ngram_ids import encode_ngrams, most_grams
from .rows import StoredRows


@dataclass(kw_only=True)
class NGramConfig(StudentConfig):
    """The hash table's size, the n-gram lengths, the characters kept, whether gradients are sparse and how the table
    is stored.

    Args:
        buckets: rows of the hash table. The default, 57,000 (1.93 rows per row of BERT's kept vocabulary), is the
            most whose int8 table with its scales stays below half of the fp32 table it replaces
            (``docs/sizes.md`` measures it against the other sizes).
        min_n, max_n: the lengths of the hashed character n-grams (fastText's 3 to 6).
        max_chars: the characters of a token read; the rest are cut.
        sparse: sparse gradients, stepped with ``SparseAdam``.
        precision: how the table is held: ``fp32`` (trained), ``fp16``, ``int8``, ``int4`` or ``nf4``
            (:meth:`at_precision`, :class:`students.rows.StoredRows`).
    """

    buckets: int = option(57_000, minimum=1, maximum=2**31 - 2)
    min_n: int = option(3, minimum=1)
    max_n: int = option(6, minimum=1)
    max_chars: int = option(50, minimum=1)
    sparse: bool = True
    precision: str = "fp32"

    def __post_init__(self) -> None:
        if self.min_n > self.max_n:
            raise StudentError(f"min_n must be at most max_n, got {self.min_n} > {self.max_n}")
        if self.precision not in PRECISIONS:
            raise StudentError(f"precision must be one of {', '.join(PRECISIONS)}, got {self.precision!r}")

    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        return encode_ngrams, {"buckets": self.buckets, "min_n": self.min_n, "max_n": self.max_n,
                               "max_chars": self.max_chars}

    def fixed_width_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        function, options = self.word_encoder()
        return function, {**options, "width": most_grams(self.min_n, self.max_n, self.max_chars)}


class NGramStudent(StudentEncoder):
    config_class = NGramConfig
    reuses_word_vectors = False  # one embedding bag: a word's vector costs less to sum than to find again

    def __init__(self, config: NGramConfig) -> None:
        super().__init__(config)
        self.config: NGramConfig = config
        self.grams: nn.EmbeddingBag | StoredRows
        if config.precision != "fp32":  # a trained table, stored smaller for inference (see at_precision)
            self.grams = StoredRows(config.buckets + 1, config.dim, config.precision, padding_idx=config.buckets)
            return
        # The last row is the padding of short tokens' rows: it sums as zero and gets no gradient.
        self.grams = nn.EmbeddingBag(config.buckets + 1, config.dim, mode="sum", padding_idx=config.buckets,
                                     sparse=config.sparse)
        # Small enough that a token's ~20 grams sum to about unit scale at the start.
        nn.init.normal_(self.grams.weight, std=config.dim**-0.5 / 4)
        with torch.no_grad():
            self.grams.weight[config.buckets].zero_()

    @property
    def device(self) -> torch.device:
        return self.grams.weight.device  # at once: the base class walks the modules for a tensor

    def vectors_where(self, encoded: Tensor, selected: Tensor) -> Tensor:
        """The rows that are not ``selected`` made padding: their bags are empty and sum to zeros (a stored table's
        kernel is given none of their entries), the others' are the rows' vectors to the bit."""
        if isinstance(self.grams, StoredRows):
            return self.grams(encoded, selected)
        return self(torch.where(selected.unsqueeze(-1), encoded, self.config.buckets))

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        if encoded.device.type == "cpu" and isinstance(self.grams, nn.EmbeddingBag):
            # Rows are padded to the longest token of the whole encoded set; drop the columns no token of
            # the batch uses (off the CPU that would cost a host sync per step). One column stays: the embedding
            # bag refuses a width of 0 (an empty batch, or tokens without a gram). A stored table leaves out
            # every padding entry itself on the CPU (StoredRows.packed_bags).
            used = int((encoded != self.config.buckets).sum(dim=1).max()) if len(encoded) else 0
            encoded = encoded[:, : max(used, 1)]
        return self.grams(encoded)

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        """None: an embedding bag gathers and sums rows, it multiplies no matrices."""
        return 0

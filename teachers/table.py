"""The teacher's word-embedding table, restricted to the rows a student learns."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from torch import Tensor


@dataclass(eq=False)
class TeacherTable:
    """Rows of a transformer's input embedding matrix and the strings they stand for.

    Row ``i`` of ``table`` is the embedding of vocabulary id ``ids[i]``; ``tokens[i]`` is
    the string a student reads to predict it and ``vocab_tokens[i]`` the same entry as
    the tokenizer spells it (they differ only for byte-level vocabularies, where
    ``"Ġthe"`` stands for ``" the"``). Reserved, never-trained rows are normally left
    out (paper §3: 30,522 → 29,528 rows for bert-base-uncased).

    Attributes:
        name: the teacher as the user named it (hub id or folder), or ``"embedded"``.
        revision: hub commit hash, or a short hash of a local folder's file listing.
        model_path: local folder the model was read from; load the full model from it.
        table: ``(rows, dim)`` float32 embeddings of the kept rows.
        tokens: student input string of each row.
        vocab_tokens: vocabulary string of each row, as stored by the tokenizer.
        ids: ``(rows,)`` int64 vocabulary id of each row.
        is_special: ``(rows,)`` bool, True for the tokenizer's special tokens.
        vocab_size: number of rows of the full embedding matrix.
    """

    name: str
    revision: str
    model_path: str
    table: Tensor
    tokens: list[str]
    vocab_tokens: list[str]
    ids: Tensor
    is_special: Tensor
    vocab_size: int

    def __post_init__(self) -> None:
        rows = self.table.shape[0]
        lengths = {len(self.tokens), len(self.vocab_tokens), len(self.ids), len(self.is_special)}
        if self.table.ndim != 2 or lengths != {rows}:
            raise ValueError(
                f"inconsistent teacher table: table {tuple(self.table.shape)}, "
                f"{len(self.tokens)} tokens, {len(self.vocab_tokens)} vocab tokens, "
                f"{len(self.ids)} ids, {len(self.is_special)} flags"
            )

    def __len__(self) -> int:
        return self.table.shape[0]

    @property
    def dim(self) -> int:
        return self.table.shape[1]

    @cached_property
    def row_norms(self) -> Tensor:
        """Euclidean norm of every row in float64, computed once (the table is not modified)."""
        return self.table.double().norm(dim=1)

    @property
    def norm_mean(self) -> float:
        """Mean row norm; ≈1.41 for bert-base-uncased (paper §2.2)."""
        return self.row_norms.mean().item()

    @property
    def norm_var(self) -> float:
        """Population variance (no Bessel correction) of the norms of all kept rows."""
        return self.row_norms.var(correction=0).item()

    @property
    def norm_std(self) -> float:
        return self.norm_var**0.5

    def stats(self) -> dict[str, float]:
        """Row-norm summary for logging: mean, std, var, min, max, and the table's shape."""
        norms = self.row_norms
        return {
            "norm_mean": self.norm_mean,
            "norm_std": self.norm_std,
            "norm_var": self.norm_var,
            "norm_min": norms.min().item(),
            "norm_max": norms.max().item(),
            "rows": float(len(self)),
            "dim": float(self.dim),
        }

"""Bounds that come from the model rather than from a setting alone, checked before any work starts.

A student's size is counted on PyTorch's ``meta`` device (shapes, no memory), so that ``channels: 10**12``
is one line rather than a 64 TB allocation; a transformer's layers and positions are read from its
``config.json`` (``num_hidden_layers``, ``max_position_embeddings``), so that a ``context_layers`` index
past the last layer or a ``max_length`` beyond the positions is refused before the model is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from distill.errors import DistillError, first_line
from distill.files.userfiles import read_json_mapping

if TYPE_CHECKING:
    from students import StudentEncoder

MAX_STUDENT_PARAMETERS = 2_000_000_000  # 8 GB of float32 weights, beyond any embedding-layer student
LAYER_KEYS = ("num_hidden_layers", "n_layers", "num_layers", "n_layer")
DEFAULT_LENGTH = 128  # tokens per evaluation sample unless the model has fewer positions
POSITION_KEYS = ("max_position_embeddings", "n_positions", "max_seq_len")


def planned_student(name: str, dim: int, options: Mapping[str, Any]) -> StudentEncoder:
    """The student ``build_student`` would make, on the meta device; refused if it has more than
    :data:`MAX_STUDENT_PARAMETERS` parameters."""
    import torch

    from students import build_student

    try:
        with torch.device("meta"):
            student = build_student(name, dim, **options)
    except (RuntimeError, OverflowError, MemoryError) as error:  # sizes torch cannot even describe
        raise DistillError(f"student {name} with these options would have more parameters than torch can hold "
                           f"({first_line(error)}); use smaller sizes") from None
    count = sum(parameter.numel() for parameter in student.parameters())
    if count > MAX_STUDENT_PARAMETERS:
        raise DistillError(f"student {name} with these options would have {count:,} parameters "
                           f"(at most {MAX_STUDENT_PARAMETERS:,}); use smaller sizes")
    return student


class ModelLimits(NamedTuple):
    """What a transformer's ``config.json`` says of its depth and input length (``None``: not stated)."""

    layers: int | None
    positions: int | None


def model_limits(model_path: str | Path) -> ModelLimits:
    """The layers and usable positions of the model saved in ``model_path`` (RoBERTa's first
    ``pad_token_id + 1`` positions are never used by a token)."""
    config = read_json_mapping(Path(model_path) / "config.json", "model configuration")
    layers = next((config[key] for key in LAYER_KEYS if isinstance(config.get(key), int)), None)
    positions = next((config[key] for key in POSITION_KEYS if isinstance(config.get(key), int)), None)
    if positions is not None and config.get("model_type") in ("roberta", "xlm-roberta", "camembert"):
        positions -= int(config.get("pad_token_id") or 0) + 1
    return ModelLimits(layers, positions)


def fitted_length(length: int | None, limits: ModelLimits, what: str) -> int:
    """``length`` if the model's positions hold it; unset, :data:`DEFAULT_LENGTH` or the positions if fewer."""
    if length is None:
        return min(DEFAULT_LENGTH, limits.positions or DEFAULT_LENGTH)
    check_length(length, limits, what)
    return length


def check_length(length: int, limits: ModelLimits, what: str) -> None:
    """``length`` tokens fit the model's positions."""
    if limits.positions is not None and length > limits.positions:
        raise DistillError(f"{what} must be at most {limits.positions} (the model's positions), got {length}")


def check_layers(layers: list[int], limits: ModelLimits, what: str) -> None:
    """Each index picks one of the ``layers + 1`` hidden states (the embeddings' output and each layer's)."""
    if limits.layers is None:
        return
    states = limits.layers + 1
    wrong = [layer for layer in layers if not -states <= layer < states]
    if wrong:
        raise DistillError(f"{what} must lie in [{-states}, {states - 1}] (the model's {states} hidden states), "
                           f"got {wrong}")

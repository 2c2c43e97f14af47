"""What every student shares: string encoding, forward over strings or tensors, saving.

A student maps token strings to vectors of the teacher's width. Each family turns
strings into one integer tensor (``encode``) once, so the training loop indexes a
pre-encoded vocabulary and never touches strings per step.

This module and the families' modules import each other relatively and nothing of the workbench (building and
loading a student by its registry name is :mod:`students.registry`'s): a vocabulary-free export carries them as
they are.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import save
from torch import Tensor, nn

from .config import StudentConfig
from .errors import StudentError
from .rows import StoredRows

CONFIG_NAME = "student_config.json"
WEIGHTS_NAME = "model.safetensors"
# Rows of like length run together in blocks of this many where a batch's rows differ in length enough
# (:func:`length_blocks`): a block pays for its own longest row, not the batch's.
LENGTH_BLOCK_ROWS = 128
LENGTH_BLOCK_SAVING = 0.25  # the least share of the padded positions that splitting must save to be worth it


class StudentEncoder(nn.Module):
    """Base class of all students, built from their family's configuration.

    Subclasses set ``config_class`` (a :class:`StudentConfig` subclass with the family's
    fields and its ``word_encoder``: strings → tensor, on the CPU) and implement
    ``forward_encoded`` (that tensor → ``(B, dim)``). ``save_pretrained`` writes a student as its
    configuration and its weights (``students.registry.load_student`` reads it).
    """

    config_class: type[StudentConfig] = StudentConfig
    # Whether a word's vector is worth keeping for its next occurrence (a vocabulary-free export's word cache); a
    # student that computes it in less time than finding it again takes implements ``vectors_where`` instead.
    reuses_word_vectors: bool = True

    def __init__(self, config: StudentConfig) -> None:
        super().__init__()
        if not isinstance(config, self.config_class):
            raise StudentError(f"{type(self).__name__} needs a {self.config_class.__name__}, "
                               f"got {type(config).__name__}")
        self.config = config

    # The configuration's common fields, read and set on the student as before.
    @property
    def dim(self) -> int:
        return self.config.dim

    @property
    def registry_name(self) -> str:
        return self.config.name

    @property
    def hparams(self) -> dict[str, Any]:
        """The family's options: ``build_student(registry_name, dim, **hparams)`` rebuilds the architecture."""
        return self.config.options()

    @property
    def rescale_norm(self) -> float | None:
        return self.config.rescale_norm

    @rescale_norm.setter
    def rescale_norm(self, norm: float | None) -> None:
        self.config.rescale_norm = norm

    @property
    def provenance(self) -> dict[str, Any]:
        return self.config.provenance

    @provenance.setter
    def provenance(self, record: dict[str, Any]) -> None:
        self.config.provenance = record

    # --- to implement -------------------------------------------------------------
    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        """The torch-only function that ``encode`` applies, and its options: the configuration's
        (:meth:`StudentConfig.word_encoder`)."""
        return self.config.word_encoder()

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        raise NotImplementedError

    def vectors_where(self, encoded: Tensor, selected: Tensor) -> Tensor:
        """``(len(encoded), dim)``: the vectors of the rows of ``encoded`` where ``selected`` (a boolean per row) is
        true, zeros at the others, without gathering the selected rows first (students with ``reuses_word_vectors``
        false)."""
        raise NotImplementedError

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        """Analytic FLOPs (2 per multiply-add) of the matrix products of ``forward_encoded(encoded)``.

        With ``backward``, those of the training step's backward pass are added (input
        and weight gradients, as autograd computes them). Matrix products only (linear
        layers, convolutions, attention), the work ``torch.utils.flop_counter`` counts;
        elementwise work is left out. The benchmark divides it by measured time.
        """
        raise NotImplementedError

    def input_lengths(self, encoded: Tensor) -> Tensor | None:
        """``(len(encoded),)`` lengths where a batch of ``encoded`` rows costs its longest row (the student drops the
        padding every row of a batch shares), else ``None``: rows of like length are then batched together."""
        return None

    # --- shared behaviour ---------------------------------------------------------
    def at_precision(self, precision: str) -> StudentEncoder:
        """This student with its tables of rows stored at ``precision`` (``fp32``, ``fp16``, ``int8`` with a scale
        per row: :class:`students.rows.StoredRows`), for inference; families with a ``precision`` option only."""
        current = self.hparams.get("precision")
        if current is None:
            raise StudentError(f"student {self.registry_name!r} is stored in float32 only")
        if current != "fp32":
            raise StudentError(f"student {self.registry_name!r} is already stored at {current}")
        changes: dict[str, Any] = {"precision": precision, "provenance": dict(self.provenance)}
        config = dataclasses.replace(self.config, **changes)
        stored = type(self)(config).eval()
        trained = self.state_dict()
        for name, module in stored.named_modules():
            if isinstance(module, StoredRows):
                module.store(trained.pop(f"{name}.weight"))
        stored.load_state_dict({**stored.state_dict(), **trained})
        return stored.to(self.device)

    def encode(self, tokens: Sequence[str]) -> Tensor:
        """Token strings → one integer tensor, on the CPU (see :meth:`word_encoder`)."""
        function, options = self.word_encoder()
        return function(tokens, **options)

    @property
    def device(self) -> torch.device:
        return next(itertools.chain(self.parameters(), self.buffers())).device

    def forward(self, inputs: Tensor | Sequence[str]) -> Tensor:
        """Raw student vectors ``(B, dim)`` for token strings or their encoded tensor. Where a row's cost is its
        batch's longest row (:meth:`input_lengths`), rows of like length run together (:func:`length_blocks`): the
        distinct words of a batch of sentences run from 2 to 20 characters."""
        if not isinstance(inputs, Tensor):
            inputs = self.encode(list(inputs))
        inputs = inputs.to(self.device, non_blocking=True)
        lengths = self.input_lengths(inputs)
        blocks = None if lengths is None else length_blocks(lengths)
        if blocks is None:
            return self.forward_encoded(inputs)
        vectors = torch.cat([self.forward_encoded(inputs[rows]) for rows in blocks])
        return vectors[torch.cat(blocks).argsort()]

    def embed(self, inputs: Tensor | Sequence[str]) -> Tensor:
        """Vectors for prediction: ``forward`` rescaled to ``rescale_norm`` when it is set."""
        vectors = self(inputs)
        if self.rescale_norm is None:
            return vectors
        return rescale_rows(vectors, self.rescale_norm)

    @torch.no_grad()
    def embed_vocabulary(self, encoded: Tensor, batch_size: int = 1024) -> Tensor:
        """``embed`` over a large pre-encoded tensor in eval mode, in blocks (of rows of like length where
        :meth:`input_lengths` gives them), in ``encoded``'s order."""
        lengths = self.input_lengths(encoded)
        order = None if lengths is None else lengths.argsort(stable=True)
        was_training = self.training
        self.eval()
        try:
            blocks = [self.embed(encoded[i : i + batch_size] if order is None else encoded[order[i : i + batch_size]])
                      for i in range(0, len(encoded), batch_size)]
        finally:
            self.train(was_training)
        if not blocks:
            return torch.empty(0, self.dim, device=self.device)
        vectors = torch.cat(blocks)
        return vectors if order is None else vectors[order.argsort()]

    def load_weights(self, weights: Mapping[str, Tensor]) -> None:
        """Read ``weights`` into the student (every tensor, of its shape: ``load_state_dict``) and refuse, in one
        line (``StudentError``), one that holds a NaN or an infinity: the one place a saved student's or an
        export's weights are read into a student."""
        self.load_state_dict(weights)
        for name, tensor in self.state_dict().items():
            if tensor.is_floating_point() and not bool(torch.isfinite(tensor).all()):
                raise StudentError(f"the student's weight {name} holds NaN or infinite values")

    def save_pretrained(self, folder: str | os.PathLike[str]) -> Path:
        """Write ``model.safetensors`` and ``student_config.json`` into ``folder`` (created if missing).

        The files are written in place with a plain ``open``, so they get the mode the umask
        gives (safetensors' ``save_file`` makes its files 0600). A caller that must never leave
        half a student behind writes into a folder it publishes or verifies afterwards
        (``distill.training.checkpoint`` checks every file against the manifest it writes last).
        """
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        state = {key: value.detach().contiguous().cpu() for key, value in self.state_dict().items()}
        (folder / WEIGHTS_NAME).write_bytes(save(state))
        (folder / CONFIG_NAME).write_text(json.dumps(self.config.to_dict(), indent=2, sort_keys=True))
        return folder


def rescale_rows(vectors: Tensor, norm: float) -> Tensor:
    """Scale each row to Euclidean norm ``norm`` (zero rows stay zero)."""
    return vectors * (norm / vectors.norm(dim=-1, keepdim=True).clamp_min(1e-12))


def length_blocks(lengths: Tensor) -> list[Tensor] | None:
    """The rows (indices) in blocks of :data:`LENGTH_BLOCK_ROWS`, shortest first, where running each block alone pads
    at least :data:`LENGTH_BLOCK_SAVING` fewer positions than running the rows at once; else ``None``. A batch
    already of like length (a table step's, whose rows are drawn by length) stays whole."""
    if len(lengths) <= LENGTH_BLOCK_ROWS:
        return None
    order = lengths.argsort(stable=True)
    blocks = list(order.split(LENGTH_BLOCK_ROWS))
    padded_whole = len(lengths) * int(lengths.max())
    padded_blocks = sum(len(rows) * int(lengths[rows[-1]]) for rows in blocks)  # a block's last row is its longest
    return blocks if padded_blocks <= (1 - LENGTH_BLOCK_SAVING) * padded_whole else None

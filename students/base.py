"""What every student shares: string encoding, forward over strings or tensors, save/load.

A student maps token strings to vectors of the teacher's width. Each family turns
strings into one integer tensor (``encode``) once, so the training loop indexes a
pre-encoded vocabulary and never touches strings per step.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Sequence

import torch
from safetensors.torch import load_file, save_file
from torch import Tensor, nn

from distill.errors import DistillError
from distill.io import atomic_write, atomic_write_text
from students.registry import resolve_student

CONFIG_NAME = "student_config.json"
WEIGHTS_NAME = "model.safetensors"


class StudentEncoder(nn.Module):
    """Base class of all students.

    Subclasses implement ``encode`` (strings → tensor, on the CPU) and
    ``forward_encoded`` (that tensor → ``(B, dim)``). ``hparams`` holds every
    constructor argument but ``dim``, so ``build_student(name, dim, **hparams)``
    rebuilds the same architecture.
    """

    registry_name: str = ""

    def __init__(self, dim: int, **hparams: Any) -> None:
        super().__init__()
        if dim <= 0:
            raise DistillError(f"student dim must be positive, got {dim}")
        self.dim = dim
        self.hparams = hparams
        # Norm every output row is rescaled to at prediction time (cosine-trained
        # students, paper §2.2); None means the raw output is used.
        self.rescale_norm: float | None = None
        # Free-form record of how the student was trained (loss, teacher, run id).
        self.provenance: dict[str, Any] = {}

    # --- to implement -------------------------------------------------------------
    def word_encoder(self) -> tuple[Callable[..., Tensor], dict[str, Any]]:
        """The torch-only function of the family's module that ``encode`` applies, and its options.

        ``function(tokens, **options)`` is ``encode(tokens)``; a vocabulary-free export ships
        the function's module so that its tokenizer encodes words as the student was trained.
        """
        raise NotImplementedError

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        raise NotImplementedError

    def matmul_flops(self, encoded: Tensor, *, backward: bool = True) -> int:
        """Analytic FLOPs (2 per multiply-add) of the matrix products of ``forward_encoded(encoded)``.

        With ``backward``, those of the training step's backward pass are added (input
        and weight gradients, as autograd computes them). Matrix products only (linear
        layers, convolutions, attention), the work ``torch.utils.flop_counter`` counts;
        elementwise work is left out. The benchmark divides it by measured time.
        """
        raise NotImplementedError

    # --- shared behaviour ---------------------------------------------------------
    def encode(self, tokens: Sequence[str]) -> Tensor:
        """Token strings → one integer tensor, on the CPU (see :meth:`word_encoder`)."""
        function, options = self.word_encoder()
        return function(tokens, **options)

    @property
    def device(self) -> torch.device:
        return next(self.parameters()).device

    def forward(self, inputs: Tensor | Sequence[str]) -> Tensor:
        """Raw student vectors ``(B, dim)`` for token strings or their encoded tensor."""
        if not isinstance(inputs, Tensor):
            inputs = self.encode(list(inputs))
        return self.forward_encoded(inputs.to(self.device, non_blocking=True))

    def embed(self, inputs: Tensor | Sequence[str]) -> Tensor:
        """Vectors for prediction: ``forward`` rescaled to ``rescale_norm`` when it is set."""
        vectors = self(inputs)
        if self.rescale_norm is None:
            return vectors
        return rescale_rows(vectors, self.rescale_norm)

    @torch.no_grad()
    def embed_vocabulary(self, encoded: Tensor, batch_size: int = 1024) -> Tensor:
        """``embed`` over a large pre-encoded tensor in eval mode, in blocks."""
        was_training = self.training
        self.eval()
        try:
            blocks = [self.embed(encoded[i : i + batch_size]) for i in range(0, len(encoded), batch_size)]
        finally:
            self.train(was_training)
        return torch.cat(blocks) if blocks else torch.empty(0, self.dim, device=self.device)

    def config(self) -> dict[str, Any]:
        return {
            "name": self.registry_name,
            "dim": self.dim,
            "hparams": self.hparams,
            "rescale_norm": self.rescale_norm,
            "provenance": self.provenance,
        }

    def save_pretrained(self, folder: str | os.PathLike[str]) -> Path:
        """Write ``model.safetensors`` and ``student_config.json`` atomically into ``folder``."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        state = {key: value.detach().contiguous().cpu() for key, value in self.state_dict().items()}
        atomic_write(folder / WEIGHTS_NAME, lambda path: save_file(state, str(path)))
        text = json.dumps(self.config(), indent=2, sort_keys=True)
        atomic_write_text(folder / CONFIG_NAME, text)
        return folder


def rescale_rows(vectors: Tensor, norm: float) -> Tensor:
    """Scale each row to Euclidean norm ``norm`` (zero rows stay zero)."""
    return vectors * (norm / vectors.norm(dim=-1, keepdim=True).clamp_min(1e-12))


def build_student(name: str, dim: int, **overrides: Any) -> StudentEncoder:
    """Instantiate the registered student ``name`` with output width ``dim``.

    ``overrides`` replace the preset's hyper-parameters; an unknown one is an error
    that lists the valid ones.
    """
    cls, preset = resolve_student(name)
    hparams = {**preset, **overrides}
    try:
        student = cls(dim, **hparams)
    except TypeError as error:
        raise DistillError(f"student {name!r}: {error}") from None
    student.registry_name = name
    return student


def load_student(folder: str | os.PathLike[str], map_location: str | torch.device = "cpu") -> StudentEncoder:
    """Rebuild a student saved by ``save_pretrained`` from its folder alone."""
    folder = Path(folder)
    config_path, weights_path = folder / CONFIG_NAME, folder / WEIGHTS_NAME
    if not config_path.is_file() or not weights_path.is_file():
        raise DistillError(f"{folder} is not a saved student (needs {CONFIG_NAME} and {WEIGHTS_NAME})")
    try:
        config = json.loads(config_path.read_text())
    except json.JSONDecodeError as error:
        raise DistillError(f"{config_path} is not valid JSON: {error}") from None
    student = build_student(config["name"], config["dim"], **config.get("hparams", {}))
    student.load_state_dict(load_file(str(weights_path), device=str(map_location)))
    student.rescale_norm = config.get("rescale_norm")
    student.provenance = config.get("provenance", {})
    return student.to(map_location)


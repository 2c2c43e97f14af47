"""What every student shares: string encoding, forward over strings or tensors, save/load.

A student maps token strings to vectors of the teacher's width. Each family turns
strings into one integer tensor (``encode``) once, so the training loop indexes a
pre-encoded vocabulary and never touches strings per step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save
from torch import Tensor, nn

from students.config import StudentConfig
from students.errors import StudentError
from students.registry import resolve_student

CONFIG_NAME = "student_config.json"
WEIGHTS_NAME = "model.safetensors"


class StudentEncoder(nn.Module):
    """Base class of all students, built from their family's configuration.

    Subclasses set ``config_class`` (a :class:`StudentConfig` subclass with the family's
    fields) and implement ``word_encoder`` (strings → tensor, on the CPU) and
    ``forward_encoded`` (that tensor → ``(B, dim)``). ``save_pretrained`` and
    ``from_pretrained`` write and read a student as its configuration and its weights.
    """

    config_class: type[StudentConfig] = StudentConfig

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

    @classmethod
    def from_pretrained(
        cls, folder: str | os.PathLike[str], map_location: str | torch.device = "cpu"
    ) -> StudentEncoder:
        """The student ``save_pretrained`` wrote into ``folder``, of the family its config names.

        Called on a family class, a folder holding another family is refused.
        (``distill.swap.trained.load_student_from`` also takes an MLflow run id.)
        """
        folder = Path(folder)
        config_path, weights_path = folder / CONFIG_NAME, folder / WEIGHTS_NAME
        if not config_path.is_file() or not weights_path.is_file():
            raise StudentError(f"{folder} is not a saved student (needs {CONFIG_NAME} and {WEIGHTS_NAME})")
        try:
            saved = json.loads(config_path.read_text())
            family, _ = resolve_student(saved["name"])
        except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError) as error:
            raise StudentError(f"{config_path} is not a student configuration: {error}") from None
        if not issubclass(family, cls):
            raise StudentError(f"{folder} holds a {family.__name__}, not a {cls.__name__}")
        student = family(family.config_class.from_dict(saved))
        try:
            student.load_state_dict(load_file(str(weights_path), device=str(map_location)))
        except (SafetensorError, OSError, RuntimeError) as error:
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
            raise StudentError(f"{weights_path} holds no readable weights of this student: {reason}") from None
        return student.to(map_location)


def rescale_rows(vectors: Tensor, norm: float) -> Tensor:
    """Scale each row to Euclidean norm ``norm`` (zero rows stay zero)."""
    return vectors * (norm / vectors.norm(dim=-1, keepdim=True).clamp_min(1e-12))


def student_config(name: str, dim: int, **overrides: Any) -> StudentConfig:
    """The configuration of the registered student ``name`` at width ``dim``, checked, without weights.

    ``overrides`` replace the preset's options; an unknown or invalid one is a one-line
    ``StudentError`` naming the student and the option (an unknown one lists the valid ones).
    """
    cls: type[StudentEncoder]
    cls, preset = resolve_student(name)
    options = {**preset, **overrides}
    valid = cls.config_class.option_names()
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise StudentError(f"student {name!r}: unknown options {', '.join(unknown)}; "
                           f"valid options: {', '.join(valid) or 'none'}")
    try:
        return cls.config_class(dim=dim, name=name, **options)
    except StudentError as error:
        raise StudentError(f"student {name!r}: {error}") from None


def build_student(name: str, dim: int, **overrides: Any) -> StudentEncoder:
    """Instantiate the registered student ``name`` with output width ``dim`` (see :func:`student_config`)."""
    cls: type[StudentEncoder]
    cls, _ = resolve_student(name)
    return cls(student_config(name, dim, **overrides))


load_student = StudentEncoder.from_pretrained

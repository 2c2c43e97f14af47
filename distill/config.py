"""Training configuration as data: a dataclass, read from YAML, overridden by flags.

A *recipe* names a set of optimisation defaults; any field set explicitly wins.

Validation (:meth:`TrainConfig.validate`) never mutates: it returns a new config with the
recipe's defaults filled in, or raises :class:`DistillError` with one line naming the key
and the bad value. Every value is first checked against its field's annotation, then its
range. To add a field: give it a name, a precise type annotation (``float``, ``int | None``,
``tuple[float, float]``...) and a default; add a range or choice check to ``_checked`` when
the type alone does not bound it. YAML files and sweeps reach the same checks through
:func:`config_from_mapping`, which also coerces YAML 1.1 numeric strings like ``1e-3``.

* ``paper`` (§3): Adam (lr 1e-3, betas 0.9/0.999, eps 1e-8), batch 100, learning
  rate ×0.9 when the epoch loss plateaus. Its 10^4 epochs live in
  ``sweeps/paper.yaml``, not here.
* ``fast`` (the default): Adam with lr 4e-3, batch 256, linear warm-up over the first
  5% of the steps, then cosine decay to zero at the last step of the run.

Measured with ``distill bench`` (``bench/RESULTS.md``: bytescnn-small, cosine loss,
the embedded teacher's 29,528 × 384 table, the default 10 epochs, 2 AMD EPYC cores at
a 192 GFLOP/s fp32 matmul rate): ``fast`` reaches recall@1 ≥ 0.8 after epoch 8, in
212 s of training, and ends at recall@1 0.838, mean cosine 0.618 (264 s); ``paper``
needs 10 epochs and 321 s (recall@1 0.818, mean cosine 0.613). Neither reaches mean
cosine 0.8 in 10 epochs. Tuning, per epoch of the 10-epoch cosine schedule (recall@1
on a 4,096-row sample): lr 4e-3 gives 0.075 / 0.40 / 0.81 / 0.84 after epochs
3 / 5 / 8 / 10; lr 2e-3 trails (0.057 after epoch 3), and so do 6e-3 and 8e-3
(0.36 and 0.31 after epoch 5). Batch 64 (lr 2e-3) is ahead per epoch (0.054 against
0.023 after epoch 2) but costs 2.3× the time per epoch; batch 1024 (lr 3e-3) has 29
steps per epoch and is at recall@1 0.0001 after the first.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from distill.errors import DistillError
from distill.noise import noise_mix

DEVICES = ("auto", "cpu", "cuda")
CONTEXT_LOSSES = ("cosine", "mse")
SCHEDULES = ("plateau", "warmup-cosine")
RECIPES: dict[str, dict[str, Any]] = {
    "paper": {"lr": 1e-3, "batch_size": 100, "schedule": "plateau"},
    "fast": {"lr": 4e-3, "batch_size": 256, "schedule": "warmup-cosine"},
}


@dataclass
class TrainConfig:
    teacher: str = "embedded"
    student: str = "bytescnn-small"
    student_options: dict[str, Any] = field(default_factory=dict)
    loss: str = "cosine"
    loss_options: dict[str, Any] = field(default_factory=dict)
    epochs: int = 10
    recipe: str = "fast"
    batch_size: int | None = None  # None: the recipe's value
    lr: float | None = None
    schedule: str | None = None
    betas: tuple[float, float] = (0.9, 0.999)
    eps: float = 1e-8
    plateau_factor: float = 0.9
    plateau_patience: int = 10
    warmup_fraction: float = 0.05
    negative_window: int = 32
    vocab_sample: int = 0  # train on a seeded sample of this many rows; 0 = every kept row
    holdout: float = 0.0
    augment: float = 0.0  # per-character typo rate of the noisy training variants; 0 = off
    augment_copies: int = 4  # noisy variants of each token, encoded once
    augment_share: float = 0.8  # share of training examples drawn noisy (RETVec's 16 noisy : 4 clean)
    typo_pretrain_epochs: int = 0  # RETVec's Multi-Similarity typo pre-training before alignment; 0 = off
    typo_pretrain_rate: float = 0.1  # per-character typo rate of the pre-training variants
    # Frequency-aware table alignment: rows drawn ∝ (count on the training text + 1) ** exponent; 0 = uniform.
    frequency_exponent: float = 0.0
    keep_special_rows: bool = False  # special tokens keep the teacher's rows; the student never learns them
    # Whole-word targets after table alignment: the split words of the training text, each towards the
    # mean of its pieces' rows (distill.objectives.words); 0 epochs = off.
    whole_word_epochs: int = 0
    whole_word_count: int = 20_000  # most frequent split words taken
    corpus: str = "pydoc"  # text of context distillation and row counts: its :train documents (see corpora)
    # Context distillation after table alignment: epochs over the corpus's training sentences; 0 = off.
    context_epochs: int = 0
    context_lr: float = 5e-4
    context_batch_size: int = 32  # sentences per step
    context_steps_per_epoch: int = 0  # steps of a context epoch; 0 = one pass over the training sentences
    context_max_length: int = 64  # tokens per sentence
    context_layers: list[int] = field(default_factory=lambda: [-1])  # hidden_states indices; -1 = last layer
    context_loss: str = "cosine"  # cosine or mse, per token state and per mean-pooled sentence vector
    context_token_weight: float = 1.0
    context_sentence_weight: float = 1.0
    # Each context step also regresses batch_size table rows with the run's loss, at this weight; 0 = off.
    context_table_weight: float = 0.0
    # Denoising context distillation: the student's side reads sentences noised with one of these
    # distill.noise specs, separated by ";" and drawn per sentence (e.g. "typo:0.1; hlm"), the
    # untouched model the clean ones; "" = off.
    context_noise: str = ""
    context_noise_share: float = 0.5  # share of the sentences of a batch that are noised
    context_whole_words: bool = False  # the student embeds whole words, as the vocabulary-free export does
    seed: int = 0
    device: str = "auto"
    bf16: bool = False  # the student's forward under bfloat16 autocast (weights, loss and optimiser stay fp32)
    compile: bool = False  # torch.compile the student's forward
    eval_every: int = 1
    checkpoint_every: int = 1
    work_dir: str = ".distill/runs"
    run_name: str | None = None

    def validate(self) -> TrainConfig:
        """Return a validated copy with the recipe's defaults filled in; ``self`` is left as it is.

        Raises :class:`DistillError` with one line naming the key and the bad value.
        """
        self._check_types()
        if self.recipe not in RECIPES:
            raise DistillError(f"recipe must be one of {', '.join(RECIPES)}, got {self.recipe!r}")
        recipe_values = {name: value for name, value in RECIPES[self.recipe].items() if getattr(self, name) is None}
        return dataclasses.replace(self, **recipe_values)._checked()

    def _checked(self) -> TrainConfig:
        """Check the ranges of a type-checked config with its recipe defaults; return it with tuple betas."""
        if not all(0.0 <= beta < 1.0 for beta in self.betas):
            raise DistillError(f"betas must be two numbers in [0, 1), got {self.betas!r}")
        if not self.eps > 0:
            raise DistillError(f"eps must be positive, got {self.eps!r}")
        positive_ints = ("batch_size", "eval_every", "checkpoint_every", "negative_window", "augment_copies",
                         "context_batch_size", "context_max_length", "whole_word_count")
        for name in positive_ints:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise DistillError(f"{name} must be a positive integer, got {value!r}")
        if not self.lr > 0:
            raise DistillError(f"lr must be positive, got {self.lr!r}")
        for name in ("epochs", "vocab_sample", "typo_pretrain_epochs", "context_epochs", "context_steps_per_epoch",
                     "whole_word_epochs"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise DistillError(f"{name} must be a non-negative integer, got {value!r}")
        if self.epochs + self.typo_pretrain_epochs + self.whole_word_epochs + self.context_epochs == 0:
            raise DistillError(
                "nothing to train: epochs, typo_pretrain_epochs, whole_word_epochs and context_epochs are all 0"
            )
        if not self.context_lr > 0:
            raise DistillError(f"context_lr must be positive, got {self.context_lr!r}")
        if self.context_loss not in CONTEXT_LOSSES:
            raise DistillError(f"context_loss must be one of {', '.join(CONTEXT_LOSSES)}, got {self.context_loss!r}")
        if not isinstance(self.context_layers, list) or not self.context_layers or not all(
            isinstance(layer, int) and not isinstance(layer, bool) for layer in self.context_layers
        ):
            raise DistillError(
                f"context_layers must be a non-empty list of layer indices, got {self.context_layers!r}"
            )
        for name in ("frequency_exponent", "context_token_weight", "context_sentence_weight", "context_table_weight"):
            if not 0.0 <= getattr(self, name) < float("inf"):
                raise DistillError(f"{name} must be a finite number >= 0, got {getattr(self, name)!r}")
        if self.context_epochs and not self.context_token_weight and not self.context_sentence_weight:
            raise DistillError("context distillation needs context_token_weight or context_sentence_weight above 0")
        if not 0.0 < self.typo_pretrain_rate <= 1.0:
            raise DistillError(f"typo_pretrain_rate must be in (0, 1], got {self.typo_pretrain_rate!r}")
        if not isinstance(self.context_noise, str):
            raise DistillError(f"context_noise must be noise specs separated by ';', got {self.context_noise!r}")
        noise_mix(self.context_noise)
        for name in ("augment", "augment_share", "warmup_fraction", "context_noise_share"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise DistillError(f"{name} must be in [0, 1], got {getattr(self, name)!r}")
        if not 0.0 <= self.holdout < 1.0:
            raise DistillError(f"holdout must be in [0, 1), got {self.holdout!r}")
        if not 0.0 < self.plateau_factor <= 1.0:
            raise DistillError(f"plateau_factor must be in (0, 1], got {self.plateau_factor!r}")
        for name in ("bf16", "compile", "keep_special_rows", "context_whole_words"):
            if not isinstance(getattr(self, name), bool):
                raise DistillError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if self.device not in DEVICES:
            raise DistillError(f"device must be one of {', '.join(DEVICES)}, got {self.device!r}")
        if self.schedule not in SCHEDULES:
            raise DistillError(f"schedule must be one of {', '.join(SCHEDULES)}, got {self.schedule!r}")
        return dataclasses.replace(self, betas=(float(self.betas[0]), float(self.betas[1])))

    def _check_types(self) -> None:
        """Each value of the type its field declares, and every number finite (one line naming the key)."""
        for name, hint in typing.get_type_hints(TrainConfig).items():
            value = getattr(self, name)
            if not _matches(value, hint):
                raise DistillError(f"{name} must be {_describe(hint)}, got {value!r}")
            numbers = value if isinstance(value, (list, tuple)) else [value]
            if any(isinstance(number, float) and not math.isfinite(number) for number in numbers):
                raise DistillError(f"{name} must be finite, got {value!r}")

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["betas"] = list(self.betas)
        return data

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


def _matches(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type ``hint`` (an int passes for a float)."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_matches(value, argument) for argument in arguments)
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is dict:
        return isinstance(value, dict)
    if origin is list:
        return isinstance(value, list) and all(_matches(item, arguments[0]) for item in value)
    if origin is tuple:
        return (isinstance(value, (list, tuple)) and len(value) == len(arguments)
                and all(_matches(item, argument) for item, argument in zip(value, arguments)))
    return True


def _describe(hint: Any) -> str:
    """``hint`` in words, for an error message."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        named = [_describe(argument) for argument in arguments if argument is not type(None)]
        return " or ".join(named) + (" or null" if type(None) in arguments else "")
    if origin is list:
        return f"a list of {_describe(arguments[0]).removeprefix('an ').removeprefix('a ')}s"
    if origin is tuple:
        return f"a list of {len(arguments)} numbers"
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(hint, "a mapping" if origin is dict else str(hint))


def _is_numeric(hint: Any) -> bool:
    """Whether a field of type ``hint`` holds numbers (YAML 1.1 strings like ``1e-3`` are coerced for it)."""
    arguments = typing.get_args(hint) or (hint,)
    return float in arguments or typing.get_origin(hint) is dict or hint is dict


def config_keys() -> list[str]:
    return [item.name for item in dataclasses.fields(TrainConfig)]


def config_from_mapping(values: Mapping[str, Any], source: str = "config") -> TrainConfig:
    """Build a config from a mapping, refusing keys that do not exist."""
    unknown = sorted(set(values) - set(config_keys()))
    if unknown:
        raise DistillError(
            f"{source}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(config_keys())}"
        )
    try:
        numeric = {name for name, hint in typing.get_type_hints(TrainConfig).items() if _is_numeric(hint)}
        coerced = {key: coerce_number(value) if key in numeric else value for key, value in values.items()}
        return TrainConfig(**coerced).validate()
    except (TypeError, DistillError) as error:
        raise DistillError(f"{source}: {error}") from None


def coerce_number(value: Any) -> Any:
    """YAML 1.1 reads ``1e-3`` as a string; turn numeric strings (also inside mappings) into floats."""
    if isinstance(value, dict):
        return {key: coerce_number(item) for key, item in value.items()}
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def read_yaml_mapping(path: str | Path) -> dict[str, Any]:
    """Read a YAML file that must hold a mapping; one-line errors for anything else."""
    path = Path(path)
    if not path.is_file():
        raise DistillError(f"config file {path} does not exist")
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise DistillError(f"{path} is not valid YAML{where}: {getattr(error, 'problem', error)}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DistillError(f"{path} must hold a mapping of config keys, not {type(data).__name__}")
    return data


def load_config(path: str | Path | None = None, overrides: Mapping[str, Any] | None = None) -> TrainConfig:
    """Defaults, then the YAML file, then explicit overrides (flags given on the command line)."""
    values: dict[str, Any] = read_yaml_mapping(path) if path is not None else {}
    values.update({key: value for key, value in (overrides or {}).items() if value is not None})
    return config_from_mapping(values, source=str(path) if path is not None else "config")

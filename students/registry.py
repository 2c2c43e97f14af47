"""The students by name: which module and class each registered name builds, with which preset options, and the
workbench's way to a student: its configuration checked, built, or loaded from a folder.

The packaged students are declared as data (:data:`STUDENTS`), as transformers' auto classes map a model type to
a module and a class name (``models/auto/configuration_auto.py``): listing or checking a name imports nothing
(no torch), and a family's module, imported when one of its names is first resolved, knows nothing of the
registry (a vocabulary-free export carries it as it is). A class defined elsewhere (a test's) is registered with
:func:`register_student`.

Every configuration the workbench makes from options or from a saved file goes through
:func:`checked_config`: each value against its field's annotation and bounds (:func:`students.config.option`),
by the workbench's one scheme (:mod:`foundation.checks`), before the configuration (and its family's own
``__post_init__`` checks) runs. The configuration classes only declare their bounds, so that an export's copy
of them needs nothing outside the package.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
import os
import typing
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from foundation.checks import Interval, conform, problem
from foundation.registry import LazyRegistry

from .config import StudentConfig
from .errors import StudentError

if TYPE_CHECKING:
    import torch

    from .base import StudentEncoder

# name → (module, class, preset options). One class may serve several names with different presets.
STUDENTS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "bytescnn-small": ("students.bytescnn", "BytesCNN", {}),
    "bytescnn-tiny": ("students.bytescnn", "BytesCNN", {  # the small filter bank with half the channels
        "filters": [[1, 16], [2, 16], [3, 32], [4, 64], [5, 128], [6, 256], [7, 512]]}),
    "bytescnn-big": ("students.bytescnn", "BytesCNN", {  # the small filter bank with twice the channels
        "filters": [[1, 64], [2, 64], [3, 128], [4, 256], [5, 512], [6, 1024], [7, 2048]]}),
    # The small filter bank with 5/32 and 3/8 of its channels (320 and 768 in all; bytescnn-tiny has 1,024): about
    # 0.05x and 0.25x the fp32 bytes of a 384-wide BERT table (bytescnn-tiny 0.41x; tests/test_students_retvec_hlm.py).
    "bytescnn-c320": ("students.bytescnn", "BytesCNN", {
        "filters": [[1, 5], [2, 5], [3, 10], [4, 20], [5, 40], [6, 80], [7, 160]]}),
    "bytescnn-c768": ("students.bytescnn", "BytesCNN", {
        "filters": [[1, 12], [2, 12], [3, 24], [4, 48], [5, 96], [6, 192], [7, 384]]}),
    "hlm-intra": ("students.hlm", "HLMIntra", {}),
    "hlm-intra-small": ("students.hlm", "HLMIntra", {"num_layers": 2, "hidden_size": 128, "num_heads": 4,
                                                      "ffn_size": 256}),
    # HLM's 1,024 codepoints (§1) and 1,024 hashed rows for the others: the bytes go to the Transformer, at about
    # 0.05x, 0.25x and 0.5x the fp32 bytes of a 384-wide BERT table (tests/test_students_retvec_hlm.py). Deviations:
    # each layer normalises its input (pre-LN, Xiong et al. 2020), where HLM's DeBERTa layers normalise their output;
    # no dropout, where HLM pre-trains on 19 GB of text with 0.1; and the mean of the states, where HLM takes the
    # [WORD_CLS] state (its Table 6 compares both): reproducing a fixed table, each learnt more in the same minutes
    # of training (docs/defaults.md).
    **{f"hlm-intra-1k-h{hidden}": ("students.hlm", "HLMIntra", {
        "char_vocab_size": 1024, "hashed_chars": 1024, "hidden_size": hidden, "num_layers": layers,
        "num_heads": hidden // 64, "ffn_size": ffn, "norm_first": True, "dropout": 0.0, "pooling": "mean"})
       for hidden, layers, ffn in ((128, 2, 256), (256, 4, 512), (384, 3, 1024))},
    "ngrams": ("students.ngrams", "NGramStudent", {}),
    "retvec": ("students.retvec", "RETVec", {}),
    "retvec-raw": ("students.retvec", "RETVec", {"hidden_dims": [], "embedding_dim": None, "spatial_dropout": 0.0}),
    # RETVec's binarizer under wider MLPs, at about 0.05x, 0.25x and 0.5x the same table's bytes. Deviation: no
    # spatial dropout (RETVec drops 1/16 of the characters, Table 7): reproducing the table, the widest learnt more of
    # it and read typos and misspellings better without it (docs/defaults.md).
    **{f"retvec-w{width}": ("students.retvec", "RETVec", {"hidden_dims": [width] * depth, "embedding_dim": embedding,
                                                          "spatial_dropout": 0.0})
       for width, depth, embedding in ((448, 2, 256), (1024, 3, 512), (1344, 3, 768))},
}
_REGISTRY: LazyRegistry[tuple[type[StudentEncoder], dict[str, Any]]] = LazyRegistry(
    "student", "students",
    {module: tuple(name for name, entry in STUDENTS.items() if entry[0] == module)
     for module, _, _ in STUDENTS.values()},
    StudentError,
)

T = TypeVar("T", bound="type[StudentEncoder]")


def register_student(name: str, **preset: Any) -> Callable[[T], T]:
    """Register a student class defined outside :data:`STUDENTS` under ``name``, with preset options."""

    def decorate(cls: T) -> T:
        _REGISTRY.register(name, (cls, dict(preset)))
        return cls

    return decorate


student_names = _REGISTRY.names
check_student_name = _REGISTRY.check


def resolve_student(name: str) -> tuple[type[StudentEncoder], dict[str, Any]]:
    """The class registered as ``name`` and its preset options; a declared student's module is imported on first
    use."""
    check_student_name(name)
    if name in STUDENTS and name not in _REGISTRY.entries:
        module, class_name, preset = STUDENTS[name]
        _REGISTRY.register(name, (getattr(importlib.import_module(module), class_name), preset))
    return _REGISTRY.resolve(name)


def checked_config(config_class: type[StudentConfig], **values: Any) -> StudentConfig:
    """``config_class(**values)``, each value first checked against its field's annotation and bounds and
    conformed to it (a tuple becomes a list, a whole float an integer); a bad one is a one-line ``StudentError``
    naming the field."""
    hints = typing.get_type_hints(config_class)
    conformed = {}
    for item in dataclasses.fields(config_class):
        if item.name not in values:
            continue
        value, hint = values[item.name], hints[item.name]
        low, high = item.metadata.get("minimum"), item.metadata.get("maximum")
        interval = None if low is None and high is None else Interval(
            -math.inf if low is None else low, math.inf if high is None else high)
        wrong = problem(value, hint, interval, item.metadata.get("expects"))
        if wrong:
            raise StudentError(f"{item.name} {wrong}, got {value!r}")
        conformed[item.name] = conform(value, hint)
    return config_class(**conformed)


def student_config(name: str, dim: int, **overrides: Any) -> StudentConfig:
    """The configuration of the registered student ``name`` at width ``dim``, checked, without weights.

    ``overrides`` replace the preset's options; an unknown or invalid one is a one-line
    ``StudentError`` naming the student and the option (an unknown one lists the valid ones).
    """
    cls, preset = resolve_student(name)
    options = {**preset, **overrides}
    valid = cls.config_class.option_names()
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise StudentError(f"student {name!r}: unknown options {', '.join(unknown)}; "
                           f"valid options: {', '.join(valid) or 'none'}")
    try:
        return checked_config(cls.config_class, dim=dim, name=name, **options)
    except StudentError as error:
        raise StudentError(f"student {name!r}: {error}") from None


def config_from_dict(saved: dict[str, Any]) -> StudentConfig:
    """The configuration ``StudentConfig.to_dict`` wrote, of the family its ``name`` is registered to, checked."""
    config_class = resolve_student(saved["name"])[0].config_class
    return checked_config(config_class, **config_class.saved_arguments(saved))


def build_student(name: str, dim: int, **overrides: Any) -> StudentEncoder:
    """Instantiate the registered student ``name`` with output width ``dim`` (see :func:`student_config`)."""
    return student_from_config(student_config(name, dim, **overrides))


def student_from_config(config: StudentConfig) -> StudentEncoder:
    """A student of the family ``config.name`` is registered to, with fresh weights."""
    return resolve_student(config.name)[0](config)


def load_student(folder: str | os.PathLike[str], map_location: str | torch.device = "cpu") -> StudentEncoder:
    """The student ``StudentEncoder.save_pretrained`` wrote into ``folder``, of the family its configuration
    names. (``distill.swap.trained.load_student_from`` also takes an MLflow run id.)"""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    from .base import CONFIG_NAME, WEIGHTS_NAME

    folder = Path(folder)
    config_path, weights_path = folder / CONFIG_NAME, folder / WEIGHTS_NAME
    if not config_path.is_file() or not weights_path.is_file():
        raise StudentError(f"{folder} is not a saved student (needs {CONFIG_NAME} and {WEIGHTS_NAME})")
    try:
        config = config_from_dict(json.loads(config_path.read_text()))
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError) as error:
        raise StudentError(f"{config_path} is not a student configuration: {error}") from None
    student = student_from_config(config)
    try:
        student.load_weights(load_file(str(weights_path), device=str(map_location)))
    except (SafetensorError, OSError, RuntimeError) as error:
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise StudentError(f"{weights_path} holds no readable weights of this student: {reason}") from None
    except StudentError as error:
        raise StudentError(f"{weights_path}: {error}") from None
    return student.to(map_location)

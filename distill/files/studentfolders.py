"""Saved students and vocabulary-free exports checked field by field before their weights are read.

A folder's JSON configuration must hold its required keys with values of the right kind (finite
numbers, names, mappings); its safetensors header must fit the file (not truncated or garbled); the
student the configuration describes is built on the meta device (no memory, :func:`planned_student`
bounds its size) and each of its tensors must be in the file with the same shape. Every problem is one
line naming the file, before anything is allocated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from distill.config.bounds import planned_student
from distill.errors import DistillError
from distill.files.userfiles import check_option_map, read_json_mapping, safetensors_shapes

STUDENT_CONFIG, WEIGHTS = "student_config.json", "model.safetensors"  # students.base's names
EXPORT_CONFIG, EXPORT_PREFIX = "config.json", "student."  # distill.export.folder's


def check_student_folder(folder: Path) -> None:
    """A folder ``StudentEncoder.save_pretrained`` wrote."""
    if not (folder / STUDENT_CONFIG).is_file() or not (folder / WEIGHTS).is_file():
        return  # students.load_student says what is missing
    saved = read_json_mapping(folder / STUDENT_CONFIG, "student configuration")
    check_saved_student(saved, safetensors_shapes(folder / WEIGHTS, "student weights"), "",
                        f"{folder / STUDENT_CONFIG}")


def check_export_folder(folder: Path) -> None:
    """A folder ``export_vocabulary_free`` wrote: its ``config.json`` holds the student's configuration."""
    config = read_json_mapping(folder / EXPORT_CONFIG, "export configuration")
    source = str(folder / EXPORT_CONFIG)
    student = config.get("student")
    if not isinstance(student, Mapping):
        raise DistillError(f"{source}: 'student' must be the student's configuration (a mapping), got {student!r}")
    if "rescale_norm" not in config:
        raise DistillError(f"{source}: 'rescale_norm' is missing")
    saved = {**student, "rescale_norm": config["rescale_norm"]}
    check_saved_student(saved, safetensors_shapes(folder / WEIGHTS, "export weights"), EXPORT_PREFIX, source)


def check_saved_student(saved: Mapping[str, Any], shapes: Mapping[str, list[int]], prefix: str, source: str) -> None:
    """``saved`` (``StudentConfig.to_dict``'s form) against its keys' kinds, and the student it describes
    against the tensors ``shapes`` holds under ``prefix``."""
    from students.registry import resolve_student

    name, dim, norm = saved.get("name"), saved.get("dim"), saved.get("rescale_norm")
    if not isinstance(name, str) or not name:
        raise DistillError(f"{source}: 'name' must be a student's registry name, got {name!r}")
    if not isinstance(dim, int) or isinstance(dim, bool) or dim < 1:
        raise DistillError(f"{source}: 'dim' must be a positive integer, got {dim!r}")
    if norm is not None and (not isinstance(norm, int | float) or isinstance(norm, bool)
                             or not math.isfinite(norm) or norm <= 0):
        raise DistillError(f"{source}: 'rescale_norm' must be a positive finite number or null, got {norm!r}")
    hparams = saved.get("hparams", {})
    try:
        check_option_map("hparams", hparams, max_items=None)  # a saved lookup student lists its tokens
        resolve_student(name)
        student = planned_student(name, dim, hparams)
    except DistillError as error:
        raise DistillError(f"{source}: {error}") from None
    expected = {prefix + key: list(tensor.shape) for key, tensor in student.state_dict().items()}
    missing = sorted(set(expected) - set(shapes))
    if missing:
        raise DistillError(f"{source}: the weights lack {len(missing)} tensor(s) of this student, e.g. {missing[0]}")
    wrong = [key for key in expected if shapes[key] != expected[key]]
    if wrong:
        key = wrong[0]
        raise DistillError(f"{source}: tensor {key} has shape {shapes[key]} in the weights, "
                           f"{expected[key]} in this configuration")

"""Reading a vocabulary-free export without running its code: whether a folder holds one
(:func:`is_vocabulary_free_export`) and the student inside it (:func:`load_exported_student`)."""

from __future__ import annotations

from pathlib import Path

import torch
from safetensors import safe_open

from distill.errors import DistillError, first_line
from distill.export.code import model_type
from distill.files.userfiles import read_json_mapping
from students import StudentEncoder, StudentError
from students.registry import config_from_dict, student_from_config

STUDENT_PREFIX = "student."  # the student's weights in model.safetensors


def is_vocabulary_free_export(folder: Path) -> bool:
    """Whether ``folder`` holds a model ``export_vocabulary_free`` wrote."""
    config_path = folder / "config.json"
    if not config_path.is_file():
        return False
    return read_json_mapping(config_path, "model configuration").get("model_type") == model_type()


def load_exported_student(folder: str | Path, map_location: str | torch.device = "cpu") -> StudentEncoder:
    """The student inside a vocabulary-free export (its configuration in ``config.json``, its weights
    under ``student.`` in ``model.safetensors``), read without running the folder's code."""
    folder = Path(folder)
    try:
        config = read_json_mapping(folder / "config.json", "export configuration")
        student = student_from_config(config_from_dict({**config["student"], "rescale_norm": config["rescale_norm"]}))
        with safe_open(str(folder / "model.safetensors"), framework="pt", device=str(map_location)) as weights:
            state = {key.removeprefix(STUDENT_PREFIX): weights.get_tensor(key)
                     for key in weights.keys() if key.startswith(STUDENT_PREFIX)}
        student.load_weights(state)
    except (OSError, KeyError, ValueError, RuntimeError, StudentError) as error:
        raise DistillError(f"{folder} is not a readable vocabulary-free export: {first_line(error)}") from None
    return student.to(map_location)

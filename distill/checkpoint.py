"""Crash-safe training checkpoints.

A checkpoint is a folder ``epoch-NNNNNN/`` holding the student (safetensors +
JSON, as ``StudentEncoder.save_pretrained`` writes it), the resolved config and
``trainer_state.pt`` (optimizer, scheduler, RNG state, loaded with
``weights_only=True``). The file ``LATEST`` names the newest complete folder and is
replaced atomically *after* that folder is fully written, so a SIGKILL at any
instant leaves either the previous or the new checkpoint, never half of one.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from distill.io import atomic_write, atomic_write_text
from students import StudentEncoder, load_student

LATEST = "LATEST"
STATE_NAME = "trainer_state.pt"
CONFIG_NAME = "train_config.yaml"


@dataclass
class Checkpoint:
    folder: Path
    epoch: int
    student: StudentEncoder
    trainer_state: dict[str, Any]
    config_yaml: str


def save_checkpoint(
    root: Path, epoch: int, student: StudentEncoder, trainer_state: dict[str, Any], config_yaml: str
) -> Path:
    folder = root / f"epoch-{epoch:06d}"
    if folder.exists():  # left over from a run killed while writing it
        shutil.rmtree(folder)
    student.save_pretrained(folder / "student")
    atomic_write(folder / STATE_NAME, lambda path: torch.save(trainer_state, path))
    atomic_write_text(folder / CONFIG_NAME, config_yaml)
    atomic_write_text(root / LATEST, folder.name)
    for stale in root.glob("epoch-*"):
        if stale != folder:
            shutil.rmtree(stale, ignore_errors=True)
    return folder


def latest_checkpoint_folder(root: Path) -> Path | None:
    pointer = root / LATEST
    if not pointer.is_file():
        return None
    return root / pointer.read_text().strip()


def load_checkpoint(root: Path, device: torch.device | str = "cpu") -> Checkpoint | None:
    folder = latest_checkpoint_folder(root)
    if folder is None:
        return None
    state = torch.load(folder / STATE_NAME, map_location=device, weights_only=True)
    return Checkpoint(
        folder=folder,
        epoch=int(state["epoch"]),
        student=load_student(folder / "student", map_location=device),
        trainer_state=state,
        config_yaml=(folder / CONFIG_NAME).read_text(),
    )

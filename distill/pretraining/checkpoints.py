"""Crash-safe checkpoints of a ``distill heads`` run, in a hidden folder beside the folder it will write.

A checkpoint ``step-NNNNNNN/`` holds the model's weights (safetensors), the optimiser's state (``torch.save``,
read back with ``weights_only=True``), the progress history and, written last, the manifest of their checksums
(:mod:`distill.training.checkpoint`'s). A run resumes from the newest checkpoint whose files match their
manifest, so one killed at any instant, even while writing, resumes from an intact checkpoint. ``recipe.json``
holds what the run makes: a stopped run is resumed by the same command, and one with another recipe is refused
rather than mixed in.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_model, save_model
from torch import nn

from distill.errors import DistillError, write_failure
from distill.files.atomic import atomic_write, atomic_write_text
from distill.training.checkpoint import manifest_problem, write_manifest

RECIPE = "recipe.json"
WEIGHTS, OPTIMIZER, HISTORY = "model.safetensors", "optimizer.pt", "history.json"
KEPT = 2


@dataclass
class Progress:
    """Where a run stands: the steps done, the seconds they took, and the figures logged so far (one record per
    logged interval: step, losses and accuracies on the training batches)."""

    step: int = 0
    seconds: float = 0.0
    history: list[dict[str, float]] = field(default_factory=list)


def partial_folder(out: Path) -> Path:
    """The hidden folder beside ``out`` where a run keeps its recipe and checkpoints until ``out`` is written."""
    return out.parent / f".{out.name}.partial"


def open_partial(folder: Path, recipe: dict[str, Any]) -> None:
    """Start ``folder`` for ``recipe``, or check that the run stopped there made the same."""
    path = folder / RECIPE
    if path.is_file():
        try:
            recorded = json.loads(path.read_text())
        except ValueError:
            recorded = None
        if recorded != recipe:
            changed = [key for key in recipe if not isinstance(recorded, dict) or recorded.get(key) != recipe[key]]
            raise DistillError(f"{folder} holds a stopped run with another recipe ({', '.join(changed)}); rerun it "
                               "with the same settings to resume it, or remove that folder")
        return
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(recipe, indent=1, sort_keys=True))


def save_checkpoint(folder: Path, model: nn.Module, optimizer: torch.optim.Optimizer, progress: Progress) -> None:
    target = folder / f"step-{progress.step:07d}"
    shutil.rmtree(target, ignore_errors=True)  # left over from a run killed while writing it
    try:
        target.mkdir(parents=True)
        atomic_write(target / WEIGHTS, lambda path: save_model(model, path))
        atomic_write(target / OPTIMIZER, lambda path: torch.save(optimizer.state_dict(), path))
        atomic_write_text(target / HISTORY, json.dumps({"step": progress.step, "seconds": progress.seconds,
                                                        "history": progress.history}))
        write_manifest(target)
    except Exception as error:
        reason = write_failure(error)
        if reason is None:
            raise
        shutil.rmtree(target, ignore_errors=True)
        raise DistillError(f"could not write the checkpoint of step {progress.step} in {folder}: {reason}; "
                           "the run resumes from its last checkpoint") from None
    for stale in sorted(folder.glob("step-*"), reverse=True)[KEPT:]:
        shutil.rmtree(stale, ignore_errors=True)


def load_checkpoint(folder: Path, model: nn.Module, optimizer: torch.optim.Optimizer) -> Progress:
    """Restore the newest intact checkpoint of ``folder`` into ``model`` and ``optimizer``; a fresh
    :class:`Progress` when there is none."""
    for candidate in sorted(folder.glob("step-*"), reverse=True):
        if manifest_problem(candidate) is not None:
            continue
        load_model(model, str(candidate / WEIGHTS))
        optimizer.load_state_dict(torch.load(candidate / OPTIMIZER, weights_only=True))
        state = json.loads((candidate / HISTORY).read_text())
        return Progress(int(state["step"]), float(state["seconds"]), list(state["history"]))
    return Progress()

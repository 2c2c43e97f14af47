"""The finished units of an evaluation, kept on disk so that a stopped evaluation resumes where it stopped.

:func:`~distill.evaluation.scoring.score_variants` scores one unit at a time: a dataset (a corpus as read under
one noise setting), a seed and a task, every model over all of the unit's batches. Each finished unit's results
are appended to a journal, one JSON line, written through to the disk: a killed evaluation loses at most the unit
it was in. The journal is named by the evaluation's identity (:func:`evaluation_identity`: the model's and
students' weights, the settings, the corpora and the device), so the same command, rerun, reads those units back
instead of scoring them again, and an evaluation of anything else starts a journal of its own. The evaluation
removes its journal once it is recorded; a journal left behind holds an evaluation that stopped or whose
recording failed.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from torch import nn

from distill.errors import DistillError
from distill.files.atomic import LockHeld, file_lock
from teachers.cache import distill_cache

UnitKey = tuple[str, str, int]  # (dataset, task, seed)
Results = dict[str, dict[str, float]]  # model label → metric → value


def journal_folder() -> Path:
    """Where the journals of unfinished evaluations are kept: ``$DISTILL_CACHE_DIR/evaluations``."""
    return distill_cache() / "evaluations"


def weights_digest(module: nn.Module) -> str:
    """BLAKE2b of ``module``'s parameters and buffers, names and bytes: two modules share it only with the same
    weights."""
    hasher = hashlib.blake2b(digest_size=16)
    for name, tensor in module.state_dict().items():
        hasher.update(name.encode())
        hasher.update(tensor.detach().cpu().contiguous().view(-1).view(torch.uint8).numpy().tobytes())
    return hasher.hexdigest()


def evaluation_identity(settings: Mapping[str, Any], weights: Mapping[str, str]) -> str:
    """A digest of what decides an evaluation's scores: ``settings`` (JSON-ready: the settings, the corpora's
    fingerprints, the device) and each model's :func:`weights_digest` by label."""
    text = json.dumps({"settings": settings, "weights": weights}, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@dataclass
class ScoreJournal:
    """The units of one evaluation finished so far (``done``: each unit's samples fingerprint and results), and the
    file that keeps them."""

    path: Path
    done: dict[UnitKey, tuple[str, Results]] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> ScoreJournal:
        """The journal at ``path`` (empty where there is none). A last line cut short (the process killed while
        writing it) is left out; any other line that cannot be read is refused in one line."""
        journal = cls(path)
        if not path.exists():
            return journal
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines, 1):
            if not line:
                continue
            try:
                unit = json.loads(line)
                key = (unit["dataset"], unit["task"], int(unit["seed"]))
                journal.done[key] = (unit["fingerprint"], unit["results"])
            except (ValueError, KeyError, TypeError):
                if number == len(lines):  # no newline after it: the write was cut short
                    break
                raise DistillError(f"{path}:{number}: not a line of an evaluation journal; remove the file to "
                                   "score the evaluation from the start") from None
        return journal

    def results(self, key: UnitKey, fingerprint: str) -> Results | None:
        """The results of unit ``key`` where it finished on the same samples (``fingerprint``), else None."""
        unit = self.done.get(key)
        return unit[1] if unit is not None and unit[0] == fingerprint else None

    def record(self, key: UnitKey, fingerprint: str, results: Results) -> None:
        """Append unit ``key``'s results, written through to the disk before this returns."""
        dataset, task, seed = key
        line = json.dumps({"dataset": dataset, "task": task, "seed": seed, "fingerprint": fingerprint,
                           "results": results})
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.done[key] = (fingerprint, results)

    def remove(self) -> None:
        """Delete the journal and its lock file: the evaluation it kept is recorded."""
        self.path.unlink(missing_ok=True)
        lock_path(self.path).unlink(missing_ok=True)


def lock_path(journal: Path) -> Path:
    """The file a journal's process holds locked (the journal itself cannot be: the lock writes its owner)."""
    return journal.with_suffix(".lock")


@contextmanager
def open_journal(identity: str) -> Iterator[ScoreJournal]:
    """The journal of the evaluation ``identity``, held by this process for the ``with`` block: a second process
    running the same evaluation is refused in one line (the two would score and append the same units)."""
    folder = journal_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DistillError(f"cannot keep the evaluation's journal in {folder}: {error.strerror or error}; set "
                           "DISTILL_CACHE_DIR to a writable folder") from None
    path = folder / f"{identity}.jsonl"
    owner = f"pid {os.getpid()} on {socket.gethostname()}"
    try:
        with file_lock(lock_path(path), wait=False, owner=owner):
            yield ScoreJournal.read(path)
    except LockHeld as held:
        raise DistillError(f"the same evaluation is running in {held.owner or 'another process'}; wait for it "
                           "to end") from None

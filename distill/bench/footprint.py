"""What an export costs beside the source model, as the size–fidelity table measures it: the bytes of its student
and weights on disk, the peak resident memory of a fresh Python that loads it and encodes sentences, and its
sentences per second against the source's (interleaved passes, as :mod:`distill.bench.vocabfree`)."""

from __future__ import annotations

import functools
import statistics
import subprocess
import sys
from pathlib import Path

import torch
from safetensors import safe_open

from distill.bench.timing import timed
from distill.bench.vocabfree import MAX_LENGTH, Encoder
from distill.errors import DistillError
from distill.export.reading import STUDENT_PREFIX
from teachers import TeacherTable

SPEED_BATCH = 64
# One probe's peak varies from run to run with the allocator: the median of three is kept.
MEMORY_PROBES = 3
MEMORY_PROBE = """
import resource, sys, torch
from transformers import AutoModel, AutoTokenizer
folder, texts = sys.argv[1], [line for line in open(sys.argv[2], encoding="utf-8").read().split("\\n") if line]
torch.set_num_threads(1)
model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
length = min(256, getattr(model.config, "max_position_embeddings", None) or 256)
with torch.no_grad():
    for start in range(0, len(texts), 64):
        batch = tokenizer(texts[start:start + 64], padding=True, truncation=True, max_length=length,
                          return_tensors="pt")
        model(**batch)
status = open("/proc/self/status").read() if sys.platform == "linux" else ""
peaks = [int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")]
print((peaks or [resource.getrusage(resource.RUSAGE_SELF).ru_maxrss])[0] * 1024)
"""


def export_bytes(folder: Path) -> dict[str, int]:
    """The bytes of the student's tensors in an export's ``model.safetensors`` and of the whole file."""
    path = folder / "model.safetensors"
    with safe_open(str(path), framework="pt") as weights:
        student = sum(weights.get_tensor(key).nbytes for key in weights.keys() if key.startswith(STUDENT_PREFIX))
    return {"student": student, "weights": path.stat().st_size}


def peak_memory(folder: Path, texts_file: Path, probes: int = MEMORY_PROBES) -> int:
    """Peak resident bytes of a fresh Python that loads ``folder`` with transformers alone and encodes the texts: the
    median over ``probes`` such Pythons, one after another.

    On Linux the probe reads its own high-water mark (``VmHWM``): ``ru_maxrss`` keeps, across the ``exec`` that
    starts it, the peak of the process it was forked from, here the bench that trained the students."""
    peaks = []
    for _ in range(probes):
        result = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(folder), str(texts_file)],
                                capture_output=True, text=True, check=False)
        if result.returncode:
            raise DistillError(
                f"the memory probe of {folder} failed: {(result.stderr.strip().splitlines() or ['?'])[-1]}")
        peaks.append(int(result.stdout.split()[-1]))
    return int(statistics.median(peaks))


def sentences_per_second(encoders: dict[str, Encoder], texts: list[str], device: torch.device) -> dict[str, float]:
    """Each model's best of two interleaved passes over ``texts`` at :data:`SPEED_BATCH` (caches emptied first),
    cut at the positions every model has."""
    batches = [texts[start:start + SPEED_BATCH] for start in range(0, len(texts), SPEED_BATCH)]
    length = min(MAX_LENGTH, *(model.tokenizer.model_max_length for model in encoders.values()))
    rates: dict[str, float] = {}
    with torch.no_grad():
        for order in (list(encoders), list(reversed(encoders))):
            for label in order:
                encoders[label].reset()
                seconds = timed(functools.partial(encoders[label].encode, batches, length), device)
                rates[label] = max(rates.get(label, 0.0), len(texts) / seconds)
    return rates


def source_weights_bytes(teacher: TeacherTable) -> int:
    """The bytes of the source model's weights on disk."""
    return sum(path.stat().st_size for path in Path(teacher.model_path).glob("*.safetensors"))

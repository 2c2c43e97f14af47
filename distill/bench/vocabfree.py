"""What the vocabulary-free export costs at inference: sentences per second against the source model.

The source model, its vocabulary-free export (``distill surgery --vocabulary-free``) and its
``--keep-vocabulary`` export encode the same natural English sentences (held-out Wikipedia, ``wiki:heldout``),
tokenization included, sorted by length as ``SentenceTransformer.encode`` sorts them, at each batch size.
The three take turns, round after round in alternating order, so that a shared machine slows them alike;
each model's best round is kept (the issue's "best of 3 interleaved passes"). The export's word cache is
emptied before each pass, and so is its tokenizer's cache of word pieces: every pass starts cold.
"""

from __future__ import annotations

import inspect
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import torch
from transformers import AutoModel, AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase

from distill.bench.report import Row
from distill.bench.timing import timed
from distill.data import load_corpus
from distill.devices import on_device
from distill.export import export_vocabulary_free
from distill.surgery import input_embeddings, load_transformer
from students import build_student
from teachers import load_tokenizer, quiet_transformers

CORPUS = "wiki:heldout"
BATCH_SIZES = (1, 8, 64)
MAX_LENGTH = 256  # the embedded MiniLM's sentence-transformers max_seq_length
SOURCE, VOCABULARY_FREE, KEEP_VOCABULARY = "source", "vocabulary-free", "keep-vocabulary"


@dataclass
class Encoder:
    tokenizer: PreTrainedTokenizerBase
    model: PreTrainedModel
    inputs: set[str]  # what the tokenizer gives that the model takes

    def encode(self, batches: list[list[str]], max_length: int) -> None:
        for batch in batches:
            encoded = self.tokenizer(batch, padding=True, truncation=True, max_length=max_length, return_tensors="pt")
            device = self.model.device
            self.model(**{name: value.to(device) for name, value in encoded.items() if name in self.inputs})

    def reset(self) -> None:
        """Empty the export's caches, the model's word vectors and the tokenizer's word pieces (the source has
        none)."""
        for cache in (getattr(self.model, "word_cache", None), getattr(self.tokenizer, "piece_cache", None)):
            if cache is not None:
                cache.clear()


@dataclass
class VocabFreeResult:
    model: str
    student: str
    sentences: int
    rates: dict[str, dict[int, float]]  # model → batch size → sentences/s (best round)

    def ratio(self, label: str, batch_size: int) -> float:
        return self.rates[label][batch_size] / self.rates[SOURCE][batch_size]


def encoder(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase, device: torch.device) -> Encoder:
    model = on_device(model, device).eval()
    return Encoder(tokenizer, model, set(inspect.signature(model.forward).parameters))


def load_export(folder: Path, device: torch.device) -> Encoder:
    """An export as its users load it: transformers running the folder's own code."""
    with quiet_transformers():
        model = AutoModel.from_pretrained(folder, trust_remote_code=True)
        tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    return encoder(model, tokenizer, device)


def vocabulary_free_throughput(
    model_name: str,
    student_name: str,
    device: torch.device,
    *,
    sentences: int,
    rounds: int,
    batch_sizes: tuple[int, ...] = BATCH_SIZES,
    max_length: int = MAX_LENGTH,
    student_options: dict[str, Any] | None = None,
) -> VocabFreeResult:
    """Sentences per second of ``model_name`` and of its two exports with an untrained ``student_name`` (its
    speed does not depend on its weights), on the first ``sentences`` of :data:`CORPUS`."""
    loaded = load_transformer(model_name)
    base = loaded.model.base_model
    assert isinstance(base, PreTrainedModel)
    torch.manual_seed(0)
    student = build_student(student_name, input_embeddings(base).embedding_dim, **(student_options or {})).eval()
    texts = sorted(load_corpus(CORPUS).sentences[:sentences], key=len, reverse=True)
    with tempfile.TemporaryDirectory() as folder, torch.no_grad():
        encoders = {SOURCE: encoder(base, load_tokenizer(loaded.path), device)}
        for label, keep in ((VOCABULARY_FREE, False), (KEEP_VOCABULARY, True)):
            out = export_vocabulary_free(model_name, student, Path(folder) / label, keep_vocabulary=keep)
            encoders[label] = load_export(out, device)
        max_length = min(max_length, encoders[VOCABULARY_FREE].tokenizer.model_max_length)  # the model's positions
        rates: dict[str, dict[int, float]] = {label: {} for label in encoders}
        for batch_size in batch_sizes:
            batches = [texts[start:start + batch_size] for start in range(0, len(texts), batch_size)]
            for model in encoders.values():  # warm-up: first-call allocations, the modules' imports
                model.encode(batches[:2], max_length)
            for round_index in range(rounds):
                order = list(encoders) if round_index % 2 == 0 else list(reversed(encoders))
                for label in order:
                    encoders[label].reset()
                    seconds = timed(partial(encoders[label].encode, batches, max_length), device)
                    rates[label][batch_size] = max(rates[label].get(batch_size, 0.0), len(texts) / seconds)
    return VocabFreeResult(model_name, student_name, len(texts), rates)


def vocabulary_free_rows(result: VocabFreeResult) -> list[Row]:
    """Each model's sentences per second at each batch size, and the exports' ratios to the source."""
    rows = []
    for label, rates in result.rates.items():
        for batch_size, rate in rates.items():
            rows.append(Row("vocabulary-free", label, f"batch {batch_size}", rate, "sentences/s",
                            f"{result.sentences} {CORPUS} sentences, best round"))
            if label != SOURCE:
                rows.append(Row("vocabulary-free", label, f"batch {batch_size} ÷ source",
                                result.ratio(label, batch_size), "×", GOALS[label] if batch_size == 64 else ""))
    return rows


GOALS = {VOCABULARY_FREE: "goal ≥ 0.9× at batch 64", KEEP_VOCABULARY: "goal ≥ 0.98× at batch 64"}


def render_vocabulary_free(result: VocabFreeResult, machine: dict[str, str], command: str, rounds: int) -> str:
    """The Markdown block of the vocabulary-free section: sentences per second, and ratios to the source."""
    batch_sizes = list(result.rates[SOURCE])
    lines = [f"## Vocabulary-free export: inference speed (measured in one run: `{command}`)", "",
             f"Machine: {', '.join(f'{key} {value}' for key, value in machine.items())}.", "",
             (f"`{result.model}` and its `distill surgery --vocabulary-free` exports (student `{result.student}`, "
              f"untrained: its speed does not depend on its weights) encode the first {result.sentences} sentences of "
              f"`{CORPUS}` (held-out English Wikipedia), longest first, tokenization included, cut at {MAX_LENGTH} "
              f"positions; the three take turns over {rounds} rounds in alternating order and each keeps its best "
              "round; the export's caches (its model's word vectors, its tokenizer's word pieces) are emptied "
              "before every pass. In the exports each word takes the positions the tokenizer gives it (the word "
              "segmenter; tokenization included)."), "",
             "| model | " + " | ".join(f"batch {size}: sentences/s (× source)" for size in batch_sizes) + " |",
             "|---|" + "---|" * len(batch_sizes)]
    for label, rates in result.rates.items():
        cells = [f"{rates[size]:,.1f}" + ("" if label == SOURCE else f" ({result.ratio(label, size):.2f}×)")
                 for size in batch_sizes]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", "Goals (issue 22): vocabulary-free ≥ 0.9× and keep-vocabulary ≥ 0.98× the source at batch 64."]
    return "\n".join(lines) + "\n"

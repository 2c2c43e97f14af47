"""What surgery costs at inference: baked tables against the untouched model, and live embedding speed.

Inputs are real sentences (the offline ``pydoc`` corpus) tokenized by the model's own
tokenizer. Baked surgery leaves an ordinary ``nn.Embedding``, so the untouched and the
baked model take turns on the same batches, round after round, and the ratio of their
throughputs is taken per round (a shared machine slows both alike within a round).
Live surgery runs the student on each batch's distinct ids.
"""

from __future__ import annotations

import inspect
import statistics
import time
from dataclasses import dataclass, field

import torch
from torch import Tensor
from transformers import PreTrainedModel

from distill.bench.timing import synchronize, timed
from distill.data import load_corpus
from distill.data.python_docs import PYDOC_CORPUS
from distill.devices import on_device
from distill.swap.surgery import StudentEmbedding, input_embeddings, load_transformer, swapped_input_embeddings
from students import StudentEncoder, build_student
from teachers import load_tokenizer, select_rows

MODEL_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


@dataclass
class SurgeryResult:
    untouched_tokens_per_s: float
    baked_tokens_per_s: float
    baked_ratio: float  # median over rounds of baked ÷ untouched tokens/s
    bake_seconds: float
    baked_student: str
    baked_rows: int  # vocabulary rows the student embedded into the baked table
    vocabulary_rows: int  # rows the student stands for in the model (the baked table's others are the model's)
    live_tokens_per_s: dict[str, float] = field(default_factory=dict)  # student → embedding tokens/s


def sentence_batches(tokenizer, model, device: torch.device, *, batches: int, batch_size: int,
                     max_length: int) -> list[dict[str, Tensor]]:
    """``batches`` padded batches of consecutive corpus sentences, with the inputs ``model`` accepts."""
    sentences = list(load_corpus(PYDOC_CORPUS).sentences[: batches * batch_size])
    accepted = inspect.signature(model.forward).parameters
    result = []
    for start in range(0, len(sentences), batch_size):
        encoded = tokenizer(sentences[start : start + batch_size], padding=True, truncation=True,
                            max_length=max_length, return_tensors="pt")
        names = [name for name in MODEL_INPUTS if name in encoded and name in accepted]
        result.append({name: encoded[name].to(device) for name in names})
    return result


def first_rows(model: PreTrainedModel, student: StudentEncoder, tokenizer, count: int) -> StudentEmbedding:
    """Live surgery where ``student`` stands for the first ``count`` kept vocabulary rows only."""
    table = input_embeddings(model)
    rows = select_rows(tokenizer, table.num_embeddings)
    return StudentEmbedding(student, rows.tokens[:count], torch.tensor(rows.ids[:count]), table)


def surgery_throughput(
    model_name: str,
    students: list[str],
    device: torch.device,
    *,
    rounds: int,
    batches: int,
    batch_size: int = 16,
    max_length: int = 128,
    bake_rows: int = 0,
) -> SurgeryResult:
    """The baked ratio with the first of ``students``, and the live embedding speed of each.

    The students are untrained: their speed does not depend on their weights. With ``bake_rows``,
    the baked table embeds only the first ``bake_rows`` of the student's rows (a smoke run); it
    is an ``nn.Embedding`` of the same size all the same, so the baked model runs as fast.
    """
    loaded = load_transformer(model_name)
    tokenizer = load_tokenizer(loaded.path)
    model = on_device(loaded.model, device).eval()
    inputs = sentence_batches(tokenizer, model, device, batches=batches, batch_size=batch_size, max_length=max_length)
    tokens = sum(batch["input_ids"].numel() for batch in inputs)
    dim = input_embeddings(model).embedding_dim

    live: dict[str, StudentEmbedding] = {}
    for name in students:
        torch.manual_seed(0)
        live[name] = StudentEmbedding.from_model(model, build_student(name, dim), tokenizer).eval()

    with torch.no_grad():
        baked_student = students[0]
        baking = live[baked_student]
        if bake_rows:
            baking = first_rows(model, baking.student, tokenizer, bake_rows)
        started = time.perf_counter()
        baked = baking.baked()
        synchronize(device)
        bake_seconds = time.perf_counter() - started
        variants = {"untouched": input_embeddings(model), "baked": baked}

        def model_rate(label: str) -> float:
            with swapped_input_embeddings(model, variants[label]):
                return tokens / timed(lambda: [model(**batch) for batch in inputs], device)

        for label in variants:  # warm-up: first-call allocations and kernel selection
            model_rate(label)
        rates: dict[str, list[float]] = {label: [] for label in variants}
        for round_index in range(rounds):
            order = list(variants) if round_index % 2 == 0 else list(reversed(variants))
            for label in order:
                rates[label].append(model_rate(label))
        ratios = [baked / untouched for baked, untouched in zip(rates["baked"], rates["untouched"])]

        def live_rate(module: StudentEmbedding) -> float:
            """Best of two passes over the batches (the first one also warms up)."""
            passes = [timed(lambda: [module(batch["input_ids"]) for batch in inputs], device) for _ in range(2)]
            return tokens / min(passes)

        live_rates = {name: live_rate(module) for name, module in live.items()}
    return SurgeryResult(
        untouched_tokens_per_s=statistics.median(rates["untouched"]),
        baked_tokens_per_s=statistics.median(rates["baked"]),
        baked_ratio=statistics.median(ratios),
        bake_seconds=bake_seconds,
        baked_student=baked_student,
        baked_rows=len(baking.encoded),
        vocabulary_rows=len(live[baked_student].encoded),
        live_tokens_per_s=live_rates,
    )

"""What the vocabulary-free export costs at inference: sentences per second against the source model.

The source model, its vocabulary-free export (``distill surgery --vocabulary-free``) and its
``--keep-vocabulary`` export encode the same natural English sentences (held-out Wikipedia, ``wiki:heldout``),
tokenization included, sorted by length as ``SentenceTransformer.encode`` sorts them, at each batch size.
The three take turns every few batches (:data:`TURN_SENTENCES` sentences), in balanced order (:func:`turn_order`),
so that a machine whose speed drifts within seconds slows them alike; each model's sentences/s is its best round (the
issue's "best of 3 interleaved passes"), and an export's speed against the source the median, over every batch of every
round, of the source's seconds over the export's for the same batch, the two timed within a turn of each other
(:func:`paired_ratios`). In each round the three make two passes: the first with the export's caches empty (its
tokenizer's word pieces, tokens and encodings, its segmenter's answers, and its model's word vectors where its student
keeps them: an n-gram student sums its rows anew), the second with what the first left in them, as a long-running
process has them once it has seen its text's words (what is left is looking words up, which a cache that costs more
than it saves would show).

Tokenization alone is timed too (issue #56): each tokenizer encodes the first 1,024 sentences of the corpus in one
call, padded, truncated and as tensors (as ``SentenceTransformer.encode`` calls it), the three taking turns in
balanced order, each twice a turn: from empty caches (as a new process meets new text) and warm (the same text
again), and each keeps the median of its calls of each kind.

At batch size 1 each sentence is timed alone too: each model's median latency over the sentences of every round's
pass (from empty caches, and warm), and an export's against the source's as the median over those sentences of its
latency over the source's for the same sentence (:func:`paired_ratios`; issue #56's goal: at most 1.02× at batch 1).
The two latencies of a ratio are taken within a turn of each other, so the machine's drift, which moves a model's
median by a few hundredths from run to run on a shared machine, cancels in it. What pairing leaves (turns that a
machine shared with others runs slower than the next, caches that one model's turn leaves for the next) moves each
round's own median of the ratios: every ratio is given with the lowest and highest of them
(:meth:`VocabFreeResult.spread`): how far one round's figure moves within a run. A run at another hour of a shared
machine can differ by more (the machine's load changes the ratio itself), which the range does not cover. The
tokenizer's part of each sentence's time is kept too, and the model's time until its input vectors are ready (the end
of the encoder's embeddings layer: the source's word rows, an export's student and table rows, then the same
positions and LayerNorm): the layers after it are the source's, so what an export adds at batch 1 is told apart into
its tokenizer's and its input vectors'.
"""

from __future__ import annotations

import inspect
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import torch
from transformers import AutoModel, AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase

from distill.bench.report import Row
from distill.bench.timing import timed
from distill.data import load_corpus
from distill.devices import on_device
from distill.export.folder import export_folder, export_vocabulary_free
from distill.files.markdown import markdown_table
from distill.swap.surgery import input_embeddings, load_transformer
from students import build_student
from teachers import load_tokenizer, quiet_transformers

CORPUS = "wiki:heldout"
BATCH_SIZES = (1, 8, 64)
MAX_LENGTH = 256  # the embedded MiniLM's sentence-transformers max_seq_length
SOURCE, VOCABULARY_FREE, KEEP_VOCABULARY = "source", "vocabulary-free", "keep-vocabulary"
TURN_SENTENCES = 32  # sentences each model encodes in its turn before the next takes over
TOKENIZER_SENTENCES = 1024  # sentences per tokenizer call when tokenization alone is timed
TOKENIZER_CALLS = 7  # calls per tokenizer, the median kept
TOKENIZATION_GOAL = 2.0  # the exports' tokenizers at most this many times the source's time (issue #56)


@dataclass
class Encoder:
    tokenizer: PreTrainedTokenizerBase
    model: PreTrainedModel
    inputs: set[str]  # what the tokenizer gives that the model takes
    tokenizing: list[float] = field(default_factory=list)  # the tokenizer's seconds of each batch encoded
    # the model's seconds from its call to its input vectors, for each batch encoded (input_vector_timer)
    input_vectors: list[float] = field(default_factory=list)

    def encode(self, batches: list[list[str]], max_length: int) -> list[float]:
        """Seconds each of ``batches`` takes, tokenization included."""
        return [timed(partial(self.encode_batch, batch, max_length), self.model.device) for batch in batches]

    def encode_batch(self, batch: list[str], max_length: int) -> None:
        started = time.perf_counter()
        encoded = self.tokenizer(batch, padding=True, truncation=True, max_length=max_length, return_tensors="pt")
        self.tokenizing.append(time.perf_counter() - started)
        device = self.model.device
        self.model(**{name: value.to(device) for name, value in encoded.items() if name in self.inputs})

    def reset(self) -> None:
        """Empty the export's caches, the model's word vectors and the tokenizer's word pieces, tokens, encoded
        words and the segmenter's answers (the source has none)."""
        caches = (getattr(self.model, "word_cache", None),
                  *(getattr(self.tokenizer, name, None) for name in ("piece_cache", "token_cache", "row_cache")))
        for cache in caches:
            if cache is not None:
                cache.clear()
        is_piece = getattr(self.tokenizer, "is_piece", None)  # the filter's answers (segmenter.membership)
        if is_piece is not None:
            is_piece.cache_clear()


@dataclass
class VocabFreeResult:
    model: str
    student: str
    sentences: int
    rates: dict[str, dict[int, float]]  # model → batch size → sentences/s (best round), caches emptied first
    warm_rates: dict[str, dict[int, float]]  # the same, caches as the pass before left them
    speedups: dict[str, dict[int, float]]  # export → batch size → median_speedups
    warm_speedups: dict[str, dict[int, float]]  # the same, caches as the pass before left them
    tokenization: dict[str, float]  # model → median seconds its tokenizer takes for tokenized_sentences, warm
    cold_tokenization: dict[str, float]  # the same, the export's caches emptied before each call
    tokenized_sentences: int
    tokenizer_calls: int  # calls per tokenizer, the median kept
    latencies: dict[str, float]  # model → median seconds a sentence takes at batch 1, caches emptied first ({}: none)
    warm_latencies: dict[str, float]  # the same, caches as the pass before left them
    latency_ratios: dict[str, float]  # export → batch_1_medians, caches emptied first
    warm_latency_ratios: dict[str, float]  # the same, caches as the pass before left them
    # export → batch size → each round's median of its paired_ratios, caches emptied first
    round_ratios: dict[str, dict[int, list[float]]]
    warm_round_ratios: dict[str, dict[int, list[float]]]  # the same, caches as the pass before left them
    tokenizer_latencies: dict[str, float]  # model → median seconds its tokenizer takes of a sentence in latencies
    warm_tokenizer_latencies: dict[str, float]  # the same, caches as the pass before left them
    input_latencies: dict[str, float]  # model → median seconds of a sentence in latencies to its input vectors
    warm_input_latencies: dict[str, float]  # the same, caches as the pass before left them

    def ratio(self, label: str, batch_size: int, warm: bool = False) -> float:
        """``label``'s speed over the source's at ``batch_size``: :func:`median_speedups` in the same pass (the
        source has no cache)."""
        return (self.warm_speedups if warm else self.speedups)[label][batch_size]

    def latency_ratio(self, label: str, warm: bool = False) -> float:
        """``label``'s latency at batch 1 over the source's: the median of its :func:`paired_ratios`."""
        return (self.warm_latency_ratios if warm else self.latency_ratios)[label]

    def spread(self, label: str, batch_size: int, warm: bool = False, speed: bool = True) -> tuple[float, float]:
        """The lowest and highest of ``label``'s rounds' own medians at ``batch_size``: as speeds over the source's
        (``speed``, as :meth:`ratio`), else as latencies over the source's (as :meth:`latency_ratio`)."""
        medians = (self.warm_round_ratios if warm else self.round_ratios)[label][batch_size]
        values = [1 / ratio for ratio in medians] if speed else medians
        return min(values), max(values)

    def spread_text(self, label: str, batch_size: int, warm: bool = False, speed: bool = True) -> str:
        """``"rounds 0.96–0.99"``: :meth:`spread` where there was more than one round, else ``""``."""
        if len((self.warm_round_ratios if warm else self.round_ratios)[label][batch_size]) < 2:
            return ""
        digits = 2 if speed else 3
        low, high = self.spread(label, batch_size, warm, speed)
        return f"rounds {low:.{digits}f}–{high:.{digits}f}"

    def ratio_text(self, label: str, batch_size: int, warm: bool = False, speed: bool = True) -> str:
        """``"0.97×, rounds 0.96–0.99"``: :meth:`ratio` (``speed``) or :meth:`latency_ratio` with
        :meth:`spread_text`."""
        ratio = (f"{self.ratio(label, batch_size, warm):.2f}×" if speed
                 else f"{self.latency_ratio(label, warm):.3f}×")
        return joined(ratio, self.spread_text(label, batch_size, warm, speed), separator=", ")

    def tokenization_ratio(self, label: str, cold: bool = False) -> float:
        """``label``'s tokenizer's time over the source's (its caches emptied before each call where ``cold``)."""
        times = self.cold_tokenization if cold else self.tokenization
        return times[label] / times[SOURCE]


def encoder(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase, device: torch.device) -> Encoder:
    model = on_device(model, device).eval()
    timed_encoder = Encoder(tokenizer, model, set(inspect.signature(model.forward).parameters))
    input_vector_timer(model, timed_encoder.input_vectors)
    return timed_encoder


def input_vector_timer(model: PreTrainedModel, seconds: list[float]) -> None:
    """Append to ``seconds``, at each call of ``model``, the time from the call to the end of its encoder's embeddings
    layer (``model.base_model.embeddings``: BERT's, DistilBERT's, RoBERTa's...), where the input vectors are ready;
    nothing for an encoder without one. Two hooks, on the model and on that layer, the same for every model timed."""
    embeddings = getattr(model.base_model, "embeddings", None)
    if not isinstance(embeddings, torch.nn.Module):
        return
    started = [0.0]

    def start(module: torch.nn.Module, args: Any) -> None:
        started[0] = time.perf_counter()

    def stop(module: torch.nn.Module, args: Any, output: Any) -> None:
        seconds.append(time.perf_counter() - started[0])

    model.register_forward_pre_hook(start)
    embeddings.register_forward_hook(stop)


def load_export(folder: Path, device: torch.device) -> Encoder:
    """An export as its users load it: transformers running the folder's own code."""
    with quiet_transformers():
        model = AutoModel.from_pretrained(folder, trust_remote_code=True)
        tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    return encoder(model, tokenizer, device)


def tokenization_times(encoders: dict[str, Encoder], texts: list[str], calls: int, max_length: int
                       ) -> tuple[dict[str, float], dict[str, float]]:
    """Median seconds each encoder's tokenizer takes to encode ``texts`` in one call, as sentence-transformers calls
    it: warm (the same call again), and from empty caches (:meth:`Encoder.reset` first), in that order. The
    tokenizers take turns, in balanced order (:func:`turn_order`), after a first call each."""

    def encode(tokenizer: PreTrainedTokenizerBase) -> None:
        tokenizer(texts, padding=True, truncation=True, max_length=max_length, return_tensors="pt")

    cold: dict[str, list[float]] = {label: [] for label in encoders}
    warm: dict[str, list[float]] = {label: [] for label in encoders}
    for model in encoders.values():
        encode(model.tokenizer)
    for call in range(calls):
        for label in turn_order(list(encoders), call):
            encoders[label].reset()
            for times in (cold, warm):
                times[label].append(timed(partial(encode, encoders[label].tokenizer), torch.device("cpu")))
    return medians(warm), medians(cold)


def turn_order(labels: list[str], index: int) -> list[str]:
    """The order in which ``labels`` take their turns in round ``index`` of turns: rotated by one each round, then
    the same rotations of the reversed order (ABC, BCA, CAB, CBA, BAC, ACB). Each takes each place equally often
    and, with three or more, none takes two turns in a row: alternating the order (ABC, CBA) would give the models at
    its ends two turns in a row, the second with the machine's caches still holding their weights. With three, each
    also follows each of the others equally often: rotations alone (ABC, BCA, CAB) put B after A in two of its three
    turns, so that whatever a model's turn leaves in the caches would fall more on the model after it."""
    forward = index // len(labels) % 2 == 0
    order = labels if forward else labels[::-1]
    shift = index % len(labels)
    return order[shift:] + order[:shift]


def interleaved_times(encoders: dict[str, Encoder], batches: list[list[str]], max_length: int
                      ) -> dict[str, list[float]]:
    """The seconds each of ``encoders`` takes for each of ``batches`` (in their order), the encoders taking turns
    every :data:`TURN_SENTENCES` sentences (at least a batch), in balanced order (:func:`turn_order`)."""
    turn = max(1, TURN_SENTENCES // len(batches[0]))
    seconds: dict[str, list[float]] = {label: [] for label in encoders}
    for index, start in enumerate(range(0, len(batches), turn)):
        for label in turn_order(list(encoders), index):
            seconds[label] += encoders[label].encode(batches[start:start + turn], max_length)
    return seconds


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
    tokenized_sentences: int = TOKENIZER_SENTENCES,
    tokenizer_calls: int = TOKENIZER_CALLS,
) -> VocabFreeResult:
    """Sentences per second of ``model_name`` and of its two exports with an untrained ``student_name`` (its
    speed does not depend on its weights), on the first ``sentences`` of :data:`CORPUS`; and the seconds each
    tokenizer takes for the first ``tokenized_sentences`` in one call (median of ``tokenizer_calls``)."""
    loaded = load_transformer(model_name)
    base = loaded.model.base_model
    assert isinstance(base, PreTrainedModel)
    torch.manual_seed(0)
    student = build_student(student_name, input_embeddings(base).embedding_dim, **(student_options or {})).eval()
    corpus = load_corpus(CORPUS).sentences
    texts = sorted(corpus[:sentences], key=len, reverse=True)
    with tempfile.TemporaryDirectory() as folder, torch.no_grad():
        encoders = {SOURCE: encoder(base, load_tokenizer(loaded.path), device)}
        for label, keep in ((VOCABULARY_FREE, False), (KEEP_VOCABULARY, True)):
            out = export_vocabulary_free(model_name, student, export_folder(Path(folder), student, label),
                                         keep_vocabulary=keep)
            encoders[label] = load_export(out, device)
        max_length = min(max_length, encoders[VOCABULARY_FREE].tokenizer.model_max_length)  # the model's positions
        rates: dict[str, dict[int, float]] = {label: {} for label in encoders}
        warm_rates: dict[str, dict[int, float]] = {label: {} for label in encoders}
        # export → batch size → its paired_ratios over every round (at batch 1, the latency ratios too)
        batch_ratios: dict[str, dict[int, list[float]]] = {label: {} for label in encoders if label != SOURCE}
        warm_batch_ratios: dict[str, dict[int, list[float]]] = {label: {} for label in encoders if label != SOURCE}
        # export → batch size → each round's median of its paired_ratios
        round_ratios: dict[str, dict[int, list[float]]] = {label: {} for label in encoders if label != SOURCE}
        warm_round_ratios: dict[str, dict[int, list[float]]] = {label: {} for label in encoders if label != SOURCE}
        latencies: dict[str, list[float]] = {label: [] for label in encoders}
        warm_latencies: dict[str, list[float]] = {label: [] for label in encoders}
        tokenizing: dict[str, list[float]] = {label: [] for label in encoders}
        warm_tokenizing: dict[str, list[float]] = {label: [] for label in encoders}
        input_vectors: dict[str, list[float]] = {label: [] for label in encoders}
        warm_input_vectors: dict[str, list[float]] = {label: [] for label in encoders}
        for batch_size in batch_sizes:
            batches = [texts[start:start + batch_size] for start in range(0, len(texts), batch_size)]
            for model in encoders.values():  # warm-up: first-call allocations, the modules' imports
                model.encode(batches[:2], max_length)
            for _ in range(rounds):
                for model in encoders.values():
                    model.reset()
                for kept, paired, by_round, alone, tokenizer_alone, inputs_alone in (  # from empty caches, then warm
                        (rates, batch_ratios, round_ratios, latencies, tokenizing, input_vectors),
                        (warm_rates, warm_batch_ratios, warm_round_ratios, warm_latencies, warm_tokenizing,
                         warm_input_vectors)):
                    for model in encoders.values():
                        model.tokenizing.clear()
                        model.input_vectors.clear()
                    timings = interleaved_times(encoders, batches, max_length)
                    for label, seconds in timings.items():
                        rate = len(texts) / sum(seconds)
                        kept[label][batch_size] = max(kept[label].get(batch_size, 0.0), rate)
                        if label != SOURCE:
                            ratios = paired_ratios(timings, label)
                            paired[label].setdefault(batch_size, []).extend(ratios)
                            by_round[label].setdefault(batch_size, []).append(statistics.median(ratios))
                        if batch_size == 1:
                            alone[label] += seconds
                            tokenizer_alone[label] += encoders[label].tokenizing
                            inputs_alone[label] += encoders[label].input_vectors
        tokenized = list(corpus[:tokenized_sentences])
        tokenization, cold_tokenization = tokenization_times(encoders, tokenized, tokenizer_calls, max_length)
    return VocabFreeResult(model_name, student_name, len(texts), rates, warm_rates, median_speedups(batch_ratios),
                           median_speedups(warm_batch_ratios), tokenization, cold_tokenization, len(tokenized),
                           tokenizer_calls,
                           latencies=medians(latencies), warm_latencies=medians(warm_latencies),
                           latency_ratios=batch_1_medians(batch_ratios),
                           warm_latency_ratios=batch_1_medians(warm_batch_ratios),
                           round_ratios=round_ratios, warm_round_ratios=warm_round_ratios,
                           tokenizer_latencies=medians(tokenizing), warm_tokenizer_latencies=medians(warm_tokenizing),
                           input_latencies=medians(input_vectors), warm_input_latencies=medians(warm_input_vectors))


def paired_ratios(seconds: dict[str, list[float]], label: str) -> list[float]:
    """``label``'s seconds over the source's for each batch of one pass (:func:`interleaved_times`), the two timed
    within a turn of each other: at batch size 1, each sentence's latency against the source's for the same
    sentence. A machine whose speed drifts moves both sides of each ratio alike; the sum of a pass, or each
    model's best round, would credit whichever model a fast moment of the machine happened to fall on."""
    return [mine / theirs for mine, theirs in zip(seconds[label], seconds[SOURCE], strict=True)]


def medians(seconds: dict[str, list[float]]) -> dict[str, float]:
    """Each model's median of ``seconds``; none where nothing was timed."""
    return {label: statistics.median(times) for label, times in seconds.items() if times}


def batch_1_medians(ratios: dict[str, dict[int, list[float]]]) -> dict[str, float]:
    """Each export's median latency ratio at batch 1 (its :func:`paired_ratios` of single sentences); none where
    batch 1 was not timed."""
    return {label: statistics.median(sizes[1]) for label, sizes in ratios.items() if 1 in sizes}


def median_speedups(ratios: dict[str, dict[int, list[float]]]) -> dict[str, dict[int, float]]:
    """Each export's median, at each batch size, of its paired speeds over the source's: the source's seconds over
    the export's for each batch of every round (the inverses of its :func:`paired_ratios`)."""
    return {label: {size: statistics.median(1 / ratio for ratio in pooled) for size, pooled in sizes.items()}
            for label, sizes in ratios.items()}


def joined(*parts: str, separator: str = "; ") -> str:
    """The non-empty ``parts`` joined."""
    return separator.join(part for part in parts if part)


def vocabulary_free_rows(result: VocabFreeResult) -> list[Row]:
    """Each model's sentences per second at each batch size, and the exports' ratios to the source."""
    rows = []
    for warm, passes in ((False, result.rates), (True, result.warm_rates)):
        kind = " warm" if warm else ""
        for label, rates in passes.items():
            for batch_size, rate in rates.items():
                rows.append(Row("vocabulary-free", label, f"batch {batch_size}{kind}", rate, "sentences/s",
                                f"{result.sentences} {CORPUS} sentences, best round"
                                + (", caches kept from the pass before" if warm else "")))
                if label != SOURCE:
                    rows.append(Row("vocabulary-free", label, f"batch {batch_size}{kind} ÷ source",
                                    result.ratio(label, batch_size, warm), "×",
                                    joined("median over every batch of every round of its paired speed",
                                           result.spread_text(label, batch_size, warm),
                                           SPEED_GOAL if batch_size == 64 and not warm else "")))
    for warm, latencies in ((False, result.latencies), (True, result.warm_latencies)):
        kind = " warm" if warm else ""
        for label, seconds in latencies.items():
            rows.append(Row("vocabulary-free", label, f"batch 1 median latency{kind}", 1000 * seconds, "ms",
                            f"each of {result.sentences} {CORPUS} sentences alone, every round"))
            if label != SOURCE:
                rows.append(Row("vocabulary-free", label, f"batch 1 median latency{kind} ÷ source",
                                result.latency_ratio(label, warm), "×",
                                joined(result.spread_text(label, 1, warm, speed=False),
                                       "" if warm else LATENCY_GOAL)))
    for warm, latencies in ((False, result.tokenizer_latencies), (True, result.warm_tokenizer_latencies)):
        kind = " warm" if warm else ""
        for label, seconds in latencies.items():
            rows.append(Row("vocabulary-free", label, f"batch 1 median tokenizer latency{kind}", 1000 * seconds, "ms",
                            f"the tokenizer's part of each of {result.sentences} {CORPUS} sentences alone"))
    for warm, latencies in ((False, result.input_latencies), (True, result.warm_input_latencies)):
        kind = " warm" if warm else ""
        for label, seconds in latencies.items():
            rows.append(Row("vocabulary-free", label, f"batch 1 median input vectors latency{kind}", 1000 * seconds,
                            "ms", f"the model's part of each of {result.sentences} {CORPUS} sentences alone before "
                                  "its layers (to the end of its embeddings layer)"))
    for cold, times in ((False, result.tokenization), (True, result.cold_tokenization)):
        kind = " from empty caches" if cold else ""
        for label, seconds in times.items():
            rows.append(Row("vocabulary-free", label, f"tokenization{kind}", 1000 * seconds, "ms",
                            f"{result.tokenized_sentences} {CORPUS} sentences in one call, median of "
                            f"{result.tokenizer_calls}"))
            if label != SOURCE:
                rows.append(Row("vocabulary-free", label, f"tokenization{kind} ÷ source",
                                result.tokenization_ratio(label, cold), "×", f"goal ≤ {TOKENIZATION_GOAL:g}×"))
    return rows


SPEED_GOAL = "goal ≥ 0.98× at batch 64"
LATENCY_GOAL = "goal ≤ 1.02× at batch 1"


def render_vocabulary_free(result: VocabFreeResult, machine: dict[str, str], command: str, rounds: int) -> str:
    """The Markdown block of the vocabulary-free section: sentences per second, and ratios to the source."""
    batch_sizes = list(result.rates[SOURCE])
    lines = [f"## Vocabulary-free export: inference speed (measured in one run: `{command}`)", "",
             f"Machine: {', '.join(f'{key} {value}' for key, value in machine.items())}.", "",
             (f"`{result.model}` and its `distill surgery --vocabulary-free` exports (student `{result.student}`, "
              f"untrained: its speed does not depend on its weights) encode the first {result.sentences} sentences of "
              f"`{CORPUS}` (held-out English Wikipedia), longest first, tokenization included, cut at {MAX_LENGTH} "
              f"positions. In each of {rounds} rounds the three make two passes, taking turns every "
              f"{TURN_SENTENCES} sentences (at least a batch) in balanced order (each in each place, and after "
              "each of the others, equally often; none twice in a row): the first with the export's caches (its "
              "tokenizer's word pieces, tokens and encodings, its segmenter's answers, and its model's word vectors "
              "where its student keeps them: an n-gram student sums its rows anew) emptied, the second (*warm*) "
              "with what the first left in them, as in a long-running process that has seen the text's words; the "
              "source has no cache. Sentences/s: each model's best round. × source: the median, "
              "over every batch of every round, of the source's seconds over the export's for the same batch, the "
              "two timed within a turn of each other, which a machine whose speed drifts moves less than each "
              "model's best round or the sum of a pass; after it, the lowest and highest of the rounds' own "
              "medians (what the pairing leaves within this run; a run at another hour of a shared machine can "
              "differ by more). In the exports each word takes the positions the tokenizer gives it (the word "
              "segmenter; tokenization included)."), ""]
    rows = [[f"{label}{', warm' if warm else ''}",
             *(f"{rates[size]:,.1f}" + ("" if label == SOURCE else f" ({result.ratio_text(label, size, warm)})")
               for size in batch_sizes)]
            for warm, passes in ((False, result.rates), (True, result.warm_rates)) for label, rates in passes.items()]
    lines.append(markdown_table(["model", *(f"batch {size}: sentences/s (× source)" for size in batch_sizes)], rows))
    lines += ["", "Goals: both exports ≥ 0.98× the source's sentences/s at batch 64, and at batch 1 a median latency "
                  "≤ 1.02× the source's (below).", ""]
    if result.latencies:
        lines += [(f"Batch 1, each sentence alone: each model's median latency over {result.sentences} sentences × "
                   f"{rounds} rounds (the passes above), the median time its tokenizer takes of them, and the "
                   "median time its model takes before its layers, to the end of its embeddings layer (*input "
                   "vectors*: the source's word rows; an export's student and table rows; then the same positions "
                   "and LayerNorm); the rest is the source's layers. × source: the median over the sentences of the "
                   "export's latency over the source's for the same sentence, the two timed within a turn of each "
                   "other, so that the machine's drift between turns cancels; after it, the lowest and highest of "
                   "the rounds' own medians."), ""]
        lines.append(markdown_table(
            ["model", "median ms (× source)", "tokenizer: median ms", "input vectors: median ms",
             "warm: median ms (× source)", "warm tokenizer: median ms", "warm input vectors: median ms"],
            [[label, *(cell for warm, latencies, tokenizer, inputs in (
                (False, result.latencies, result.tokenizer_latencies, result.input_latencies),
                (True, result.warm_latencies, result.warm_tokenizer_latencies, result.warm_input_latencies))
                for cell in (f"{1000 * latencies[label]:,.2f}"
                             + ("" if label == SOURCE else f" ({result.ratio_text(label, 1, warm, speed=False)})"),
                             f"{1000 * tokenizer[label]:,.2f}",
                             f"{1000 * inputs[label]:,.2f}" if label in inputs else "—"))]
             for label in result.latencies]))
        lines.append("")
    lines += [(f"Tokenization alone: the first {result.tokenized_sentences} sentences of `{CORPUS}` in one call "
               "(padded, truncated, PyTorch tensors, as sentence-transformers calls the tokenizer), the tokenizers "
               f"taking turns in balanced order, median of {result.tokenizer_calls} calls each: from empty caches "
               "(the export's caches emptied before the call, its segmenter's answers included, as a new process "
               "meets new text) and warm (the same call again)."), ""]
    lines.append(markdown_table(["tokenizer", "from empty caches: ms (× source)", "warm: ms (× source)"], [
        [label, *(f"{1000 * times[label]:,.1f}"
                  + ("" if label == SOURCE else f" ({result.tokenization_ratio(label, cold):.2f}×)")
                  for cold, times in ((True, result.cold_tokenization), (False, result.tokenization)))]
        for label in result.tokenization]))
    lines += ["", f"Goal: the exports' tokenizers ≤ {TOKENIZATION_GOAL:g}× the source's time."]
    return "\n".join(lines) + "\n"

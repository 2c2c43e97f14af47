"""The evaluation tasks: what a model is asked on its samples and how its answers are scored.

* ``mlm``: top-1 accuracy at the masked positions (paper §3, Table 2).
* ``nsp``: accuracy of the next-sentence classifier (paper §3, Table 2).
* ``fidelity``, for models without those heads (and any other): how closely the swapped
  model's last hidden states follow the baseline's — mean cosine per token and per
  mean-pooled sentence, and the Spearman correlation of the two models' pairwise
  sentence similarities. Not in the paper; it measures the same loss for encoders such
  as all-MiniLM-L6-v2 that were trained without MLM/NSP heads. On the whole-word path
  (``distill.swap.vocabulary_free``) a position covering several pieces is compared
  with the baseline's states of those pieces, mean-pooled, and the sentence vectors
  are each model's mean over its own positions. Under ``--noise`` the baseline sees the
  noisy text too, so these say how closely a student follows it *on noisy input*; two
  more metrics then compare every model on the noisy text with the untouched model on
  the clean text — the robustness question: ``sentence_cosine_clean`` (mean cosine of
  the sentence vectors) and ``similarity_spearman_clean`` (Spearman of the pairwise
  sentence similarities). The baseline scores below 1 on them, and a student more robust
  than the untouched model scores above it. (Per-token states cannot be paired across a
  noisy and a clean text: their tokens differ.) For the same reason a variant that reads a
  rewritten text (``contender``: spell-check first) gets the sentence metrics only.

A scorer sees one batch at a time, with the baseline's output for the same batch as the
reference, and accumulates over the batches of one sample set.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar

import torch
import torch.nn.functional as F
from scipy import stats
from torch import Tensor
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill.data import Corpus
from distill.errors import DistillError
from distill.evaluation.contender import REFERENCE_MASK
from distill.evaluation.samples import IGNORE, Samples, masked_samples, pair_samples, sentence_samples
from distill.swap.vocabulary_free import PIECE_POSITION, pool_pieces

Batch = dict[str, Tensor]


class Scorer(ABC):
    @abstractmethod
    def update(self, output: ModelOutput, batch: Batch, reference: ModelOutput) -> None: ...

    @abstractmethod
    def result(self) -> dict[str, float]: ...


class Task(ABC):
    name: ClassVar[str]
    metrics: ClassVar[tuple[str, ...]]
    needs_hidden_states: ClassVar[bool] = False
    compares_with_clean: ClassVar[bool] = False
    compares_sentences: ClassVar[bool] = False  # scores sentence vectors only, so a variant may read other tokens

    @abstractmethod
    def supports(self, model: PreTrainedModel) -> bool: ...

    def require(self, corpus: Corpus, count: int) -> None:
        """Refuse a corpus too small for ``count`` samples (one-line ``DistillError``)."""
        corpus.require(count)

    def draw(self, corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
             max_length: int) -> Samples:
        """The ``count`` samples that ``seed`` fixes, tokenized and truncated to ``max_length``."""
        self.require(corpus, count)
        return self.build(corpus, tokenizer, seed, count, max_length)

    @abstractmethod
    def build(self, corpus: Corpus, tokenizer: PreTrainedTokenizerBase, seed: int, count: int,
              max_length: int) -> Samples: ...

    @abstractmethod
    def scorer(self, clean_sentences: Tensor | None = None) -> Scorer:
        """A fresh scorer. ``clean_sentences``: under noise, the untouched model's sentence vectors
        on the clean versions of the samples, for tasks that set ``compares_with_clean``."""


class AccuracyScorer(Scorer):
    """Top-1 accuracy over every label that is not IGNORE (all masked tokens of a sample set)."""

    def __init__(self, metric: str, logits_of: Callable[[ModelOutput], Tensor], label_key: str) -> None:
        self.metric, self.logits_of, self.label_key = metric, logits_of, label_key
        self.correct = self.total = 0

    def update(self, output: ModelOutput, batch: Batch, reference: ModelOutput) -> None:
        labels = batch[self.label_key]
        scored = labels != IGNORE
        predicted = self.logits_of(output)[scored].argmax(dim=-1)
        self.correct += int((predicted == labels[scored]).sum())
        self.total += int(scored.sum())

    def result(self) -> dict[str, float]:
        return {self.metric: self.correct / self.total if self.total else math.nan}


class MaskedLanguageModeling(Task):
    name, metrics = "mlm", ("mlm_accuracy",)

    def supports(self, model: PreTrainedModel) -> bool:
        return model.get_output_embeddings() is not None

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return masked_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None) -> Scorer:
        # BertForPreTraining names them prediction_logits, *ForMaskedLM logits.
        return AccuracyScorer(
            "mlm_accuracy", lambda output: output_field(output, "prediction_logits", "logits"), "labels"
        )


class NextSentencePrediction(Task):
    name, metrics = "nsp", ("nsp_accuracy",)

    def supports(self, model: PreTrainedModel) -> bool:
        # BERT-family NSP heads (BertForPreTraining, *ForNextSentencePrediction) are named seq_relationship.
        return any(name.rpartition(".")[2] == "seq_relationship" for name, _ in model.named_modules())

    def require(self, corpus: Corpus, count: int) -> None:
        corpus.require(max(count, 3), count // 2)

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return pair_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None) -> Scorer:
        return AccuracyScorer(
            "nsp_accuracy", lambda output: output_field(output, "seq_relationship_logits", "logits"),
            "next_sentence_label",
        )


def output_field(output: ModelOutput, *names: str) -> Tensor:
    """The first of ``names`` that ``output`` holds (heads name the same logits differently)."""
    for name in names:
        value = output.get(name)
        if value is not None:
            return value
    raise KeyError(f"the model's output holds none of {', '.join(names)}")


def last_hidden_state(output: ModelOutput) -> Tensor:
    hidden = output.get("last_hidden_state")
    return hidden if hidden is not None else output["hidden_states"][-1]


def covered_positions(piece_position: Tensor, width: int) -> Tensor:
    """``(B, width)``: the whole-word positions that at least one of the baseline's pieces is pooled into."""
    covered = torch.zeros(len(piece_position), width, dtype=torch.bool, device=piece_position.device)
    rows, _ = (piece_position >= 0).nonzero(as_tuple=True)
    covered[rows, piece_position[piece_position >= 0]] = True
    return covered


def mean_pool(hidden: Tensor, mask: Tensor) -> Tensor:
    weights = mask.unsqueeze(-1).to(hidden.dtype)
    return (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp_min(1)


class FidelityScorer(Scorer):
    def __init__(self, clean_sentences: Tensor | None = None) -> None:
        self.clean_sentences = clean_sentences
        self.token_cosine_sum = 0.0
        self.num_tokens = 0
        self.pooled: list[Tensor] = []
        self.reference_pooled: list[Tensor] = []

    def update(self, output: ModelOutput, batch: Batch, reference: ModelOutput) -> None:
        mask = batch["attention_mask"].bool()
        hidden, expected = last_hidden_state(output).double(), last_hidden_state(reference).double()
        self.pooled.append(mean_pool(hidden, mask).cpu())
        if REFERENCE_MASK in batch:  # another text than the reference read: its sentences only
            self.reference_pooled.append(mean_pool(expected, batch[REFERENCE_MASK].bool()).cpu())
            return
        if PIECE_POSITION in batch:  # a whole-word batch: the baseline's sentence over its own pieces
            piece_position = batch[PIECE_POSITION]
            self.reference_pooled.append(mean_pool(expected, piece_position >= 0).cpu())
            expected = pool_pieces(expected, piece_position, hidden.shape[1])
            mask = mask & covered_positions(piece_position, hidden.shape[1])
        else:
            self.reference_pooled.append(mean_pool(expected, mask).cpu())
        self.token_cosine_sum += float(F.cosine_similarity(hidden[mask], expected[mask], dim=-1).sum())
        self.num_tokens += int(mask.sum())

    def result(self) -> dict[str, float]:
        pooled = torch.cat(self.pooled)
        results = {"token_cosine": self.token_cosine_sum / self.num_tokens} if self.num_tokens else {}
        results |= _sentence_agreement(pooled, torch.cat(self.reference_pooled))
        if self.clean_sentences is not None:
            clean = _sentence_agreement(pooled, self.clean_sentences)
            results.update({f"{metric}_clean": value for metric, value in clean.items()})
        return results


def _sentence_agreement(pooled: Tensor, expected: Tensor) -> dict[str, float]:
    """Mean cosine of paired sentence vectors, and Spearman of the two sets' pairwise similarities."""
    upper = torch.triu_indices(len(pooled), len(pooled), offset=1)
    similarities = _cosine_matrix(pooled)[upper[0], upper[1]].numpy()
    expected_similarities = _cosine_matrix(expected)[upper[0], upper[1]].numpy()
    return {
        "sentence_cosine": float(F.cosine_similarity(pooled, expected, dim=-1).mean()),
        "similarity_spearman": float(stats.spearmanr(similarities, expected_similarities).statistic),
    }


def _cosine_matrix(vectors: Tensor) -> Tensor:
    normalized = F.normalize(vectors, dim=-1)
    return normalized @ normalized.T


class Fidelity(Task):
    name, metrics = "fidelity", ("token_cosine", "sentence_cosine", "similarity_spearman")
    needs_hidden_states = True
    compares_with_clean = True
    compares_sentences = True

    def supports(self, model: PreTrainedModel) -> bool:
        return True

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return sentence_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None) -> Scorer:
        return FidelityScorer(clean_sentences)


TASKS: dict[str, Task] = {task.name: task for task in (MaskedLanguageModeling(), NextSentencePrediction(), Fidelity())}


def supported_tasks(model: PreTrainedModel) -> list[str]:
    return [name for name, task in TASKS.items() if task.supports(model)]


def check_task_names(names: Sequence[str]) -> None:
    """Each name is a task of :data:`TASKS`."""
    for name in names:
        if name not in TASKS:
            raise DistillError(f"unknown task {name!r}; valid tasks: {', '.join(TASKS)}")


def resolve_tasks(names: Sequence[str] | None, model: PreTrainedModel) -> list[Task]:
    """The named tasks (default: every task ``model`` supports); unknown or unsupported names are refused."""
    supported = supported_tasks(model)
    if names is None:
        return [TASKS[name] for name in supported]
    check_task_names(names)
    for name in names:
        if name not in supported:
            raise DistillError(
                f"{type(model).__name__} has no {name} head; tasks it supports: {', '.join(supported)}"
            )
    return [TASKS[name] for name in dict.fromkeys(names)]

"""Fidelity, for models without MLM/NSP heads (and any other): how closely the swapped model's last hidden states
follow the baseline's.

Mean cosine per token and per mean-pooled sentence, and the Spearman correlation of the two models' pairwise
sentence similarities. Not in the paper; it measures the same loss for encoders such as all-MiniLM-L6-v2 that
were trained without MLM/NSP heads. On the vocabulary-free path (:mod:`distill.swap.vocabulary_free`) a position
covering several pieces is compared with the baseline's states of those pieces, mean-pooled, and the sentence
vectors are each model's mean over its own positions. Under ``--noise`` the baseline sees the noisy text too, so
these say how closely a student follows it *on noisy input*; two more metrics then compare every model on the
noisy text with the untouched model on the clean text — the robustness question: ``sentence_cosine_clean`` (mean
cosine of the sentence vectors) and ``similarity_spearman_clean`` (Spearman of the pairwise sentence
similarities). The baseline scores below 1 on them, and a student more robust than the untouched model scores
above it. (Per-token states cannot be paired across a noisy and a clean text: their tokens differ.) For the same
reason a variant that reads a rewritten text (:mod:`distill.evaluation.contender`: spell-check first) gets the
sentence metrics only: its batches carry the reference's own attention mask under :data:`REFERENCE_MASK`.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from scipy import stats
from torch import Tensor
from transformers import PreTrainedModel
from transformers.utils import ModelOutput

from distill.data.samples import Samples, sentence_samples
from distill.swap.vocabulary_free import PIECE_POSITION, pool_pieces
from distill.tasks.base import Batch, Scorer, Task, last_hidden_state

REFERENCE_MASK = "reference_attention_mask"


def covered_positions(piece_position: Tensor, width: int) -> Tensor:
    """``(B, width)``: the vocabulary-free positions that at least one of the baseline's pieces is pooled into."""
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
        if PIECE_POSITION in batch:  # a vocabulary-free batch: the baseline's sentence over its own pieces
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
    compares_with_reference = True
    compares_with_clean = True
    compares_sentences = True

    def supports(self, model: PreTrainedModel) -> bool:
        return True

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return sentence_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None, model: PreTrainedModel | None = None) -> Scorer:
        return FidelityScorer(clean_sentences)

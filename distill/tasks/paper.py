"""The paper's tasks (§3, Table 2): what BERT's pre-training heads answer on the swapped model.

* ``mlm``: top-1 accuracy at the masked positions.
* ``nsp``: accuracy of the next-sentence classifier.
* ``mlm-meant`` (not run unless named): top-1 accuracy at masked whole words, each scored as the word meant; under
  noise the masked words and their labels are the clean text's and only the context is noisy
  (:func:`~distill.data.samples.whole_word_samples`), where ``mlm`` masks and scores the pieces as written.

A model with BERT's pre-training heads (``BertForPreTraining``: ``cls.predictions`` and ``cls.seq_relationship``
on the encoder ``bert``) is run as its encoder alone, and each scorer applies the one head it reads: the decoder
over the vocabulary at the masked positions only (an eighth of the tokens; over every position it is most of a
small model's arithmetic), the next-sentence classifier on the pooled output. The logits are those the whole model
computes; other heads are read from the whole model's output.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from torch import Tensor, nn
from transformers import PreTrainedModel
from transformers.utils import ModelOutput

from distill.data import Corpus
from distill.data.samples import IGNORE, Samples, masked_samples, pair_samples, whole_word_samples
from distill.tasks.base import Batch, Scorer, Task, output_field

Logits = Callable[[ModelOutput, Tensor], Tensor]  # (output, scored positions) → their logits


class AccuracyScorer(Scorer):
    """Top-1 accuracy over every label that is not IGNORE (all masked tokens of a sample set)."""

    def __init__(self, metric: str, logits_of: Logits, label_key: str) -> None:
        self.metric, self.logits_of, self.label_key = metric, logits_of, label_key
        self.correct = self.total = 0

    def update(self, output: ModelOutput, batch: Batch, reference: ModelOutput) -> None:
        labels = batch[self.label_key]
        scored = labels != IGNORE
        predicted = self.logits_of(output, scored).argmax(dim=-1)
        self.correct += int((predicted == labels[scored]).sum())
        self.total += int(scored.sum())

    def result(self) -> dict[str, float]:
        return {self.metric: self.correct / self.total if self.total else math.nan}


class BertHeads(NamedTuple):
    """BERT's pre-training heads and the encoder they read (``BertForPreTraining``'s ``cls`` and ``bert``)."""

    encoder: PreTrainedModel
    predictions: nn.Module
    seq_relationship: nn.Module


def bert_heads(model: PreTrainedModel | None) -> BertHeads | None:
    """``model``'s encoder and pre-training heads, where it has BERT's (``cls.predictions``,
    ``cls.seq_relationship``, ``bert``)."""
    heads, encoder = getattr(model, "cls", None), getattr(model, "bert", None)
    predictions = getattr(heads, "predictions", None)
    seq_relationship = getattr(heads, "seq_relationship", None)
    if isinstance(encoder, PreTrainedModel) and isinstance(predictions, nn.Module) and isinstance(
            seq_relationship, nn.Module):
        return BertHeads(encoder, predictions, seq_relationship)
    return None


class BertHeadsTask(Task):
    """A task read from one of BERT's pre-training heads, run on the encoder alone where the model has them."""

    def runs_on(self, model: PreTrainedModel) -> PreTrainedModel:
        heads = bert_heads(model)
        return model if heads is None else heads.encoder


class MaskedLanguageModeling(BertHeadsTask):
    name, metrics = "mlm", ("mlm_accuracy",)

    def supports(self, model: PreTrainedModel) -> bool:
        return model.get_output_embeddings() is not None

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return masked_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None, model: PreTrainedModel | None = None) -> Scorer:
        heads, (metric,) = bert_heads(model), self.metrics
        if heads is not None:
            predictions = heads.predictions
            return AccuracyScorer(metric, lambda output, scored: predictions(
                output["last_hidden_state"][scored]), "labels")
        # BertForPreTraining names them prediction_logits, *ForMaskedLM logits.
        return AccuracyScorer(metric, lambda output, scored: output_field(
            output, "prediction_logits", "logits")[scored], "labels")


class MeantWordsLanguageModeling(MaskedLanguageModeling):
    """Masked whole words scored as the words meant: under noise, how well a model reads the noisy context."""

    name, metrics = "mlm-meant", ("mlm_meant_accuracy",)
    by_default = False

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return whole_word_samples(corpus, tokenizer, seed, count, max_length)


class NextSentencePrediction(BertHeadsTask):
    name, metrics = "nsp", ("nsp_accuracy",)

    def supports(self, model: PreTrainedModel) -> bool:
        # BERT-family NSP heads (BertForPreTraining, *ForNextSentencePrediction) are named seq_relationship.
        return any(name.rpartition(".")[2] == "seq_relationship" for name, _ in model.named_modules())

    def require(self, corpus: Corpus, count: int) -> None:
        corpus.require(max(count, 3), count // 2)

    def build(self, corpus, tokenizer, seed, count, max_length) -> Samples:
        return pair_samples(corpus, tokenizer, seed, count, max_length)

    def scorer(self, clean_sentences: Tensor | None = None, model: PreTrainedModel | None = None) -> Scorer:
        heads = bert_heads(model)
        if heads is not None:
            classifier = heads.seq_relationship
            return AccuracyScorer("nsp_accuracy", lambda output, scored: classifier(output["pooler_output"])[scored],
                                  "next_sentence_label")
        return AccuracyScorer("nsp_accuracy", lambda output, scored: output_field(
            output, "seq_relationship_logits", "logits")[scored], "next_sentence_label")

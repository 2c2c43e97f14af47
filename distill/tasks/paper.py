"""The paper's tasks (§3, Table 2): what BERT's pre-training heads answer on the swapped model.

* ``mlm``: top-1 accuracy at the masked positions.
* ``nsp``: accuracy of the next-sentence classifier.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from torch import Tensor
from transformers import PreTrainedModel
from transformers.utils import ModelOutput

from distill.data import Corpus
from distill.data.samples import IGNORE, Samples, masked_samples, pair_samples
from distill.tasks.base import Batch, Scorer, Task, output_field


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

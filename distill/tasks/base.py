"""What every evaluation task is: the samples it draws and the scorer that reads a model's outputs on them.

A scorer sees one batch at a time, with the baseline's output for the same batch as the reference, and accumulates
over the batches of one sample set.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from torch import Tensor
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill.data import Corpus
from distill.data.samples import Samples

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
    compares_with_reference: ClassVar[bool] = False  # scores each model against the first one's outputs
    compares_with_clean: ClassVar[bool] = False
    compares_sentences: ClassVar[bool] = False  # scores sentence vectors only, so a variant may read other tokens
    by_default: ClassVar[bool] = True  # run when no task is named (where the model supports it)

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

    def runs_on(self, model: PreTrainedModel) -> PreTrainedModel:
        """The module whose forward pass the scorer reads: ``model`` itself, or a part of it that computes what
        the task scores and less (its :meth:`scorer` then gets ``model`` to apply the rest)."""
        return model

    @abstractmethod
    def scorer(self, clean_sentences: Tensor | None = None, model: PreTrainedModel | None = None) -> Scorer:
        """A fresh scorer. ``clean_sentences``: under noise, the untouched model's sentence vectors
        on the clean versions of the samples, for tasks that set ``compares_with_clean``; ``model``: the model
        scored, for a task that :meth:`runs_on` a part of it."""


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

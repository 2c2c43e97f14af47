"""What a run's objectives are built from (:class:`PhaseSources`), each part made once, when first asked for."""

from __future__ import annotations

import functools

from transformers import PreTrainedTokenizerBase

from distill.data import Corpus
from distill.objectives.base import Setup
from distill.objectives.table import TableAlignment
from distill.objectives.text import corpus_part, english_row_counts, row_counts
from losses import AlignmentLoss
from teachers import load_tokenizer


class PhaseSources:
    """The run's :class:`Setup` and alignment loss, and what several objectives share: the teacher's tokenizer,
    the corpus's training text, and the table alignment whose loss and rows the joint table terms of other
    phases use (one instance, the table phase itself when it trains).

    Row and word frequencies come from general English (wordfreq) or, with ``frequency_source: corpus``,
    from counts on the corpus's training documents."""

    def __init__(self, setup: Setup, loss: AlignmentLoss) -> None:
        self.setup, self.loss, self.config = setup, loss, setup.config

    @functools.cached_property
    def tokenizer(self) -> PreTrainedTokenizerBase:
        return load_tokenizer(self.setup.teacher.model_path)

    @property
    def counts_on_corpus(self) -> bool:
        """Whether row or word frequencies are counted on the corpus (``frequency_source: corpus``, used)."""
        return self.config.frequency_source == "corpus" and (self.frequency_exponent > 0
                                                              or self.config.whole_word_epochs > 0)

    @property
    def frequency_exponent(self) -> float:
        exponent = self.config.frequency_exponent
        assert exponent is not None, "needs a validated TrainConfig (the defaults table fills in frequency_exponent)"
        return exponent

    @functools.cached_property
    def train_text(self) -> Corpus | None:
        """The corpus's training documents, where context distillation or corpus counts read them."""
        return corpus_part(self.config.corpus, "train") if self.config.context_epochs > 0 or self.counts_on_corpus \
            else None

    @functools.cached_property
    def table(self) -> TableAlignment:
        """The table alignment (frequency-aware with ``frequency_exponent`` > 0)."""
        counts = None
        if self.frequency_exponent > 0:
            text = self.train_text if self.counts_on_corpus else None
            counts = (row_counts(self.setup.teacher, self.tokenizer, list(text.sentences)) if text is not None
                      else english_row_counts(self.setup.teacher, self.tokenizer))
        return TableAlignment(self.setup, self.loss, counts, self.frequency_exponent)

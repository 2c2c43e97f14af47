"""Whole-word targets (``whole_word_epochs``): the student learns the words text contains, not only
WordPiece rows.

A word the tokenizer splits (``walked`` → ``walk ##ed``) has no row of its own, yet the
vocabulary-free model embeds it whole (:mod:`distill.export.folder`). This phase takes the
``whole_word_count`` most frequent split words of general English (wordfreq; with
``frequency_source: corpus``, of the run's training text) and regresses
the student's vector of each whole word onto a target made from its pieces: the mean of
the pieces' rows in the untouched table, in the input space the student writes to. It is
the crudest composition (LOVE, Chen et al., ACL 2022, §3, mimics such words from their
characters with a contrastive loss instead). Each step also regresses a batch of table rows
(``whole_word_table_weight``): without it the phase unlearns the rows (``docs/defaults.md``). Context
distillation at one position per word (``context_one_position``) then fits the words to what the model
makes of them in context.

The loss is the cosine distance: a split word has no label or negative for the losses
that need them, and a norm-free target suits the mean of rows of different norms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import torch
import torch.nn.functional as F
from torch import Tensor
from transformers import PreTrainedTokenizerBase

from distill.config.training import ENGLISH_WORD_POOL
from distill.data.frequencies import english_words
from distill.objectives.base import Setup, shuffled_batches, steps_for
from distill.objectives.english import piece_mean_targets
from distill.objectives.registry import register_objective
from distill.objectives.table import TableAlignment
from losses import build_loss
from teachers.wordpiece import continuation_prefix, group_words

if TYPE_CHECKING:
    from distill.objectives.sources import PhaseSources

def split_words(tokenizer: PreTrainedTokenizerBase, sentences: Sequence[str], count: int) -> dict[str, list[int]]:
    """The ``count`` most frequent words that ``tokenizer`` splits into pieces in ``sentences``, with
    their pieces' ids, most frequent first."""
    prefix = continuation_prefix(tokenizer)
    frequency: Counter[str] = Counter()
    pieces_of: dict[str, list[int]] = {}
    for ids in tokenizer(list(sentences), add_special_tokens=False)["input_ids"]:
        pieces = tokenizer.convert_ids_to_tokens(ids)
        for word in group_words(pieces, [False] * len(pieces), prefix):
            if word.text is not None:
                frequency[word.text] += 1
                pieces_of.setdefault(word.text, [ids[position] for position in word.positions])
    return {word: pieces_of[word] for word, _ in frequency.most_common(count)}


def english_split_words(tokenizer: PreTrainedTokenizerBase, count: int) -> dict[str, list[int]]:
    """The ``count`` most frequent general-English words (wordfreq) that ``tokenizer`` splits into pieces,
    with their pieces' ids, most frequent first."""
    split = {word: english.ids for word, english in english_words(tokenizer, ENGLISH_WORD_POOL).items()
             if len(english.ids) > 1}
    return dict(list(split.items())[:count])


@register_objective
class WholeWordTargets:
    """Batches of split words of the training text; the loss pulls the student's vector of each
    whole word towards the mean of its pieces' rows."""

    name: ClassVar[str] = "words"
    loss_name: ClassVar[str] = "words_loss"
    logged_at_start: ClassVar[bool] = False

    def __init__(self, setup: Setup, words: dict[str, list[int]], table: TableAlignment | None = None) -> None:
        """``words``: the split words to learn, each with its pieces' ids; ``table``: the alignment objective
        whose loss and row sampling the joint table term uses (required when ``whole_word_table_weight`` > 0)."""
        config = setup.config
        assert config.whole_word_lr is not None and config.whole_word_table_weight is not None, (
            "needs a validated TrainConfig (the recipe and the loss fill them in)")
        self.table_weight = config.whole_word_table_weight
        if self.table_weight > 0 and table is None:
            raise ValueError("the joint table term needs the table alignment objective")
        self.setup, self.table = setup, table
        if not words:
            raise ValueError("no word to learn: the tokenizer splits none of the words")
        self.words = list(words)
        self.encoded = setup.student.encode(self.words).to(setup.device)
        self.targets = piece_mean_targets(setup.teacher, words.values()).to(setup.device)
        self.indices = torch.arange(len(self.words), device=setup.device)
        self.distance = build_loss("cosine")
        self.optimizer = setup.new_optimizer(config.whole_word_lr)
        self.scheduler = setup.warmup_cosine(self.optimizer, config.whole_word_epochs * self.steps_per_epoch)

    @classmethod
    def build(cls, sources: PhaseSources) -> WholeWordTargets:
        """The most frequent split words of the corpus's training text (``frequency_source: corpus``) or of
        general English; the joint term with the run's table alignment where it has a weight."""
        config, text = sources.config, sources.train_text
        words = (split_words(sources.tokenizer, text.sentences, config.whole_word_count)
                 if sources.counts_on_corpus and text is not None
                 else english_split_words(sources.tokenizer, config.whole_word_count))
        return cls(sources.setup, words, sources.table if config.whole_word_table_weight else None)

    @property
    def steps_per_epoch(self) -> int:
        return steps_for(len(self.words), self.setup.batch_size)

    def epoch_batches(self, generator: torch.Generator) -> Iterable[Tensor]:
        return shuffled_batches(self.indices, self.setup.batch_size, generator)

    def batch_loss(self, batch: Tensor, generator: torch.Generator) -> Tensor:
        """The cosine distance of the batch's words to their targets, plus the weighted loss of as many table rows
        (drawn as the table phase draws them), so that learning words does not unlearn the rows."""
        predicted = self.setup.forward(self.encoded[batch]).float()
        loss = self.distance(predicted, self.targets[batch])
        if self.table_weight > 0 and self.table is not None:
            rows = self.table.draw_rows(self.setup.batch_size, generator)
            loss = loss + self.table_weight * self.table.batch_loss(rows, generator)
        return loss

    @torch.no_grad()
    def evaluate(self) -> dict[str, float]:
        """``words_cosine``: the mean cosine of every word's vector with its target; the table metrics."""
        was_training = self.setup.student.training
        self.setup.student.eval()
        try:
            predicted = torch.cat([self.setup.forward(block).float() for block in self.encoded.split(1024)])
        finally:
            self.setup.student.train(was_training)
        cosine = F.cosine_similarity(predicted, self.targets, dim=-1).mean()
        return {"words_cosine": float(cosine), **self.setup.vocabulary_metrics()}

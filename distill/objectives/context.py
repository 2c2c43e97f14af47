"""Context distillation: train the student through the frozen transformer it will serve.

The student sits in place of the word embeddings, as live surgery puts it there
(:class:`distill.swap.surgery.StudentEmbedding`), and is trained so that the swapped model's
hidden states follow the untouched model's on real text: per-token states and
mean-pooled sentence vectors of the chosen layers, under the registered cosine or MSE loss
(:mod:`losses.regression`). The transformer's weights never change; only the student learns. Rows the student does not
learn (held out, reserved, and with ``keep_special_rows`` the special tokens) keep the
model's own values here as after surgery, so a held-out row is never trained, even
indirectly.

With ``context_table_weight`` > 0 every step also regresses a batch of table rows (the
run's alignment loss, rows drawn as the table phase draws them): the rows that the
training text never uses keep being learnt instead of drifting while the others adapt
to the model.

Denoising (``context_noise``): a share of each batch's sentences (``context_noise_share``) is
noised (:mod:`distill.noise.specs`, one of the ``;``-separated specs drawn per sentence) on the student's side
only; the untouched model's states of the clean sentence stay the targets, so the student
learns to give a misspelt word what the model reads from the clean one. RETVec (§3) and
HLM (§4.2) get their robustness by training with such noise; here the transformer stays
frozen and only the student sees it. With ``context_one_position`` the student embeds each
word at one position (:class:`distill.swap.vocabulary_free.VocabularyFreePath` without a segmenter), as the
one-position vocabulary-free export does, and the token targets are the untouched model's states pooled over each
word's pieces. Sentence vectors are always compared; token (or word) states only in the
sentences whose noisy and clean versions have as many positions (noise can split a word
or move a piece past the truncation). With ``context_word_alignment`` the other noised sentences are compared word
by word: each whitespace-separated word's states, averaged over its pieces, against the clean word's (noise edits a
word in place and keeps the whitespace, :func:`distill.noise.specs.apply_noise`, so the k-th word of both readings
is the same word), so that a misspelt word cut into more or fewer pieces still teaches the student how the model
reads it and every word around it.

Where this comes from: Zero-Shot Tokenizer Transfer (Minixhofer et al., NeurIPS 2024,
§3) trains its embedding predictor through the language model's own objective instead
of regressing table rows; here the objective is the untouched model's output, which is
what the fidelity evaluation (``distill.tasks``) measures. Text is the
training documents of the run's corpus (:func:`distill.objectives.text.corpus_part`);
the metrics logged after each epoch read its held-out documents only.
"""

from __future__ import annotations

import bisect
import inspect
import random
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import torch
from torch import Tensor

from distill.data import Corpus
from distill.data.samples import Example, Samples, collate, sentence_samples
from distill.devices import on_device
from distill.errors import DistillError
from distill.noise.specs import apply_noise, noise_mix
from distill.objectives.base import Setup, shuffled_batches, steps_for
from distill.objectives.registry import register_objective
from distill.objectives.table import TableAlignment
from distill.objectives.text import judged_texts
from distill.swap.surgery import (
    StudentEmbedding,
    first_layers,
    layer_stack,
    load_transformer,
    swapped_input_embeddings,
)
from distill.swap.vocabulary_free import VocabularyFreePath, piece_positions, pool_pieces
from distill.tasks.fidelity import FidelityScorer, mean_pool
from distill.tracking.store import safe_name
from losses import build_loss
from teachers import input_embeddings, load_tokenizer
from teachers.vocabulary import padding_id

if TYPE_CHECKING:
    from distill.objectives.sources import PhaseSources

EVAL_SENTENCES = 128  # held-out sentences scored after each epoch
EVAL_SEED = 0


@register_objective
class ContextDistillation:
    """Batches of training sentences; the loss compares the swapped model's states with the untouched one's."""

    name: ClassVar[str] = "context"
    loss_name: ClassVar[str] = "context_loss"
    logged_at_start: ClassVar[bool] = False

    def __init__(self, setup: Setup, train_text: Corpus, heldout_texts: Sequence[Corpus],
                 table: TableAlignment | None = None) -> None:
        """``heldout_texts``: the held-out documents of each judged domain, the training corpus's first;
        ``table``: the alignment objective whose loss and row sampling the joint table term uses
        (required when ``context_table_weight`` > 0)."""
        config, teacher = setup.config, setup.teacher
        assert config.context_table_weight is not None, "needs a validated TrainConfig (the loss fills it in)"
        self.table_weight = config.context_table_weight
        if self.table_weight > 0 and table is None:
            raise ValueError("the joint table term needs the table alignment objective")
        self.setup, self.table = setup, table
        loaded = load_transformer(teacher.model_path)
        # PreTrainedModel.to is wrapped in functools.wraps, which type checkers take for an unbound method.
        self.model = on_device(loaded.model, setup.device).eval().requires_grad_(False)
        self.tokenizer = load_tokenizer(loaded.path)
        self.pad_token_id = padding_id(self.tokenizer)
        self.original = input_embeddings(self.model)
        # Training reads the configured layers only: the blocks after the deepest one are skipped.
        blocks = len(layer_stack(self.model))
        self.layers = [layer % (blocks + 1) for layer in config.context_layers]
        self.depth = max(self.layers)
        accepted = inspect.signature(self.model.forward).parameters
        rows = setup.train_rows.cpu()
        self.embedding = StudentEmbedding(
            setup.student, [teacher.tokens[row] for row in rows.tolist()], teacher.ids[rows], self.original
        )
        self.accepted = set(accepted)
        self.texts = list(train_text.sentences)
        self.word_aligned = config.context_word_alignment
        if self.word_aligned and not self.tokenizer.is_fast:
            raise DistillError("context_word_alignment reads the words' character offsets, which only a fast "
                               f"tokenizer gives; {type(self.tokenizer).__name__} is not one")
        self.examples, self.groups = self.encode(self.texts)
        self.model_inputs = set(self.examples[0]) if self.examples else {"input_ids", "attention_mask"}
        self.noise_specs = noise_mix(config.context_noise)
        self.one_position = (VocabularyFreePath(self.embedding, self.embedding, self.tokenizer)
                             if config.context_one_position else None)
        self.sentences = torch.arange(len(self.examples), device=setup.device)
        self.eval_samples = {text.name: sentence_samples(text, self.tokenizer, EVAL_SEED,
                                                         min(EVAL_SENTENCES, len(text.sentences)),
                                                         config.context_max_length)
                             for text in heldout_texts}
        # The registered loss of that name (``cosine``: 1 - cos, ``mse``) between states, position by position.
        self.distance = build_loss(config.context_loss)
        assert config.context_lr is not None, "needs a validated TrainConfig (the recipe fills in context_lr)"
        self.optimizer = setup.new_optimizer(config.context_lr)
        self.scheduler = setup.warmup_cosine(self.optimizer, config.context_epochs * self.steps_per_epoch)

    @classmethod
    def build(cls, sources: PhaseSources) -> ContextDistillation:
        """On the corpus's training text, judged on its held-out documents and every judged domain's; the joint
        term with the run's table alignment where it has a weight."""
        config, text = sources.config, sources.train_text
        assert text is not None, "context distillation reads the corpus's training text"
        return cls(sources.setup, text, judged_texts(config.corpus),
                   sources.table if config.context_table_weight else None)

    def encode(self, texts: Sequence[str]) -> tuple[list[Example], list[list[int]]]:
        """The model's inputs for each text, truncated to ``context_max_length`` tokens, and with
        ``context_word_alignment`` each position's word (:func:`word_groups`; otherwise no groups)."""
        max_length = self.setup.config.context_max_length
        encoded = self.tokenizer(list(texts), truncation=True, max_length=max_length,
                                 return_offsets_mapping=self.word_aligned)
        examples: list[Example] = [{key: list(encoded[key][index]) for key in encoded if key in self.accepted}
                                   for index in range(len(texts))]
        if not self.word_aligned:
            return examples, []
        return examples, [word_groups(text, encoded["offset_mapping"][index],
                                      len(encoded["input_ids"][index]) >= max_length)
                          for index, text in enumerate(texts)]

    @property
    def sentences_per_epoch(self) -> int:
        """All training sentences, or ``context_steps_per_epoch`` batches of them."""
        config = self.setup.config
        if config.context_steps_per_epoch:
            return min(len(self.examples), config.context_steps_per_epoch * config.context_batch_size)
        return len(self.examples)

    @property
    def steps_per_epoch(self) -> int:
        return steps_for(self.sentences_per_epoch, self.setup.config.context_batch_size)

    def epoch_batches(self, generator: torch.Generator) -> Iterable[Tensor]:
        """A random draw of :attr:`sentences_per_epoch` sentences, each at most once, in batches."""
        batches = shuffled_batches(self.sentences, self.setup.config.context_batch_size, generator)
        return batches[: self.steps_per_epoch]

    def layer_states(self, batch: dict[str, Tensor]) -> list[Tensor]:
        """The model's hidden states of the configured layers on ``batch``."""
        with first_layers(self.model, self.depth):
            output = self.model(**batch, output_hidden_states=True)
        return [output.hidden_states[layer] for layer in self.layers]

    def targets(self, batch: dict[str, Tensor]) -> list[Tensor]:
        """The untouched model's states on the clean ``batch``, computed afresh at every step. A state
        depends in its last bits on the padding of the batch it is computed in, so the targets are not cached
        per sentence: recomputed in the batch, they follow a resumed run's replayed batches exactly. Most
        sentences come once per run anyway (an epoch draws a few hundred of thousands)."""
        with torch.no_grad(), swapped_input_embeddings(self.model, self.original):
            return [layer.float() for layer in self.layer_states(batch)]

    def batch_loss(self, batch_indices: Tensor, generator: torch.Generator) -> Tensor:
        loss = self.context_loss(batch_indices, generator)
        if self.table_weight > 0 and self.table is not None:
            rows = self.table.draw_rows(self.setup.batch_size, generator)
            loss = loss + self.table_weight * self.table.batch_loss(rows, generator)
        return loss

    def context_loss(self, batch_indices: Tensor, generator: torch.Generator) -> Tensor:
        """The distance between the swapped model's states on the (possibly noised) sentences of the
        batch and the untouched model's on the clean ones."""
        indices = batch_indices.tolist()
        device = self.setup.device
        clean = collate([self.examples[index] for index in indices], self.pad_token_id, device)
        expected = self.targets(clean)
        read_examples, read_groups = (self.noised_examples(indices, generator) if self.noise_specs
                                      else ([self.examples[index] for index in indices], []))
        read = collate(read_examples, self.pad_token_id, device)
        with self.setup.autocast(), swapped_input_embeddings(self.model, self.embedding):
            predicted, read_mask = self.student_states(read)
        clean_mask = clean["attention_mask"].bool()
        expected_tokens, expected_mask = self.token_targets(expected, clean)
        aligned = read_mask.sum(dim=1) == expected_mask.sum(dim=1)  # rows whose positions correspond
        words = (WordAlignment([self.groups[index] for index in indices], read_groups, ~aligned, device)
                 if self.word_aligned and read_groups and not bool(aligned.all()) else None)
        config = self.setup.config
        loss = predicted[0].new_zeros((), dtype=torch.float32)
        for states, targets, token_targets in zip(predicted, expected, expected_tokens):
            states = states.float()
            read_tokens = states[aligned][read_mask[aligned]]
            expected_states = token_targets[aligned][expected_mask[aligned]]
            if words is not None:
                read_tokens = torch.cat([read_tokens, words.pool(states, words.read)])
                expected_states = torch.cat([expected_states, words.pool(token_targets, words.clean)])
            if config.context_token_weight and len(read_tokens):
                loss = loss + config.context_token_weight * self.distance(read_tokens, expected_states)
            if config.context_sentence_weight:
                loss = loss + config.context_sentence_weight * self.distance(mean_pool(states, read_mask),
                                                                           mean_pool(targets, clean_mask))
        return loss / len(predicted)

    def noised_examples(self, indices: Sequence[int], generator: torch.Generator
                        ) -> tuple[list[Example], list[list[int]]]:
        """The batch's sentences, each noised with one of the specs with probability ``context_noise_share``, and
        with ``context_word_alignment`` their positions' words (:meth:`encode`)."""
        rng = random.Random(int(torch.randint(2**31 - 1, (1,), generator=generator)))
        share = self.setup.config.context_noise_share
        noised = {index: apply_noise(self.texts[index], rng.choice(self.noise_specs), rng)
                  for index in indices if rng.random() < share}
        examples, groups = self.encode(list(noised.values())) if noised else ([], [])
        example_of, groups_of = dict(zip(noised, examples)), dict(zip(noised, groups))
        return ([example_of.get(index, self.examples[index]) for index in indices],
                [groups_of.get(index, self.groups[index]) for index in indices] if self.word_aligned else [])

    def student_states(self, batch: dict[str, Tensor]) -> tuple[list[Tensor], Tensor]:
        """The swapped model's states of the configured layers, and their positions' mask."""
        if self.one_position is None:
            return self.layer_states(batch), batch["attention_mask"].bool()
        words = self.one_position.inputs(batch)
        inputs = {name: words[name] for name in self.model_inputs if name in words and name != "input_ids"}
        with first_layers(self.model, self.depth):
            output = self.model(inputs_embeds=words["inputs_embeds"], **inputs, output_hidden_states=True)
        states = [output.hidden_states[layer] for layer in self.layers]
        return states, words["attention_mask"].bool()

    def token_targets(self, expected: list[Tensor], clean: dict[str, Tensor]) -> tuple[list[Tensor], Tensor]:
        """The per-position targets and their mask: the clean states, pooled over each word's pieces when
        the student reads one position per word."""
        if self.one_position is None:
            return expected, clean["attention_mask"].bool()
        layout = self.one_position.layout(clean)
        width = max(len(words) for words in layout)
        positions = piece_positions(layout, clean["input_ids"].shape, self.setup.device)
        lengths = torch.tensor([len(words) for words in layout], device=self.setup.device)
        mask = torch.arange(width, device=self.setup.device) < lengths.unsqueeze(1)
        return [pool_pieces(layer, positions, width) for layer in expected], mask

    @torch.no_grad()
    def evaluate(self) -> dict[str, float]:
        """Fidelity of the swapped model on each domain's held-out sentences (``heldout_<metric>/<domain>``, with
        several domains), ``heldout_<metric>`` on the worst domain; and the table metrics."""
        fidelity: dict[str, float] = {}
        for domain, samples in self.eval_samples.items():
            scores = self.fidelity(samples)
            label = safe_name(domain)
            for metric, value in scores.items():
                if len(self.eval_samples) > 1:
                    fidelity[f"heldout_{metric}/{label}"] = value
                fidelity[f"heldout_{metric}"] = min(fidelity.get(f"heldout_{metric}", value), value)
        return {**fidelity, **self.setup.vocabulary_metrics()}

    def fidelity(self, samples: Samples) -> dict[str, float]:
        """The fidelity metrics of the swapped model (one position per word where it trains so) on ``samples``."""
        was_training = self.setup.student.training
        self.setup.student.eval()
        scorer = FidelityScorer()
        try:
            for batch in samples.batches(32, self.pad_token_id, self.setup.device):
                batch = {key: value for key, value in batch.items() if key in self.model_inputs}
                with swapped_input_embeddings(self.model, self.original):
                    reference = self.model(**batch, output_hidden_states=True)
                if self.one_position is None:
                    with swapped_input_embeddings(self.model, self.embedding):
                        output, scored = self.model(**batch, output_hidden_states=True), batch
                else:
                    output, scored = self.one_position.run(self.model, batch, list(self.model_inputs), True)
                scorer.update(output, scored, reference)
        finally:
            self.setup.student.train(was_training)
        return scorer.result()


def word_groups(text: str, offsets: Sequence[tuple[int, int]], truncated: bool) -> list[int]:
    """Each position's whitespace-separated word of ``text``, from the tokenizer's character ``offsets``: 0 for the
    opening special token, k + 1 for the k-th word, the word count + 1 for the closing ones; -1 for the pieces of
    the last word a truncated encoding keeps (truncation may have cut it)."""
    starts = [match.start() for match in re.finditer(r"\S+", text)]
    closing = len(starts) + 1
    groups = [bisect.bisect_right(starts, start) if start < end else 0 if position == 0 else closing
              for position, (start, end) in enumerate(offsets)]
    if truncated:
        last = max((group for group in groups if group != closing), default=0)
        groups = [-1 if group == last and last > 0 else group for group in groups]
    return groups


class WordAlignment:
    """The words of the ``rows`` of a batch read clean and noised (:func:`word_groups` of each): each word's
    states averaged over its pieces, for the words that keep at least one piece in both readings. A row whose
    readings have different numbers of words (noise that deletes a short word whole, or a misspelling written as
    two words) is left out: its later words would be paired with the wrong ones."""

    def __init__(self, clean: Sequence[Sequence[int]], read: Sequence[Sequence[int]], rows: Tensor,
                 device: torch.device) -> None:
        clean_groups, read_groups = padded_groups(clean, device), padded_groups(read, device)
        self.rows = rows & (clean_groups.amax(dim=1) == read_groups.amax(dim=1))  # the closing group: word count + 1
        self.width = int(clean_groups.amax()) + 1
        self.clean, self.read = clean_groups[self.rows], read_groups[self.rows]
        self.kept = word_counts(self.clean, self.width).gt(0) & word_counts(self.read, self.width).gt(0)

    def pool(self, states: Tensor, groups: Tensor) -> Tensor:
        """``(words, D)``: the states of the alignment's rows (``states`` of the whole batch) averaged over each
        kept word's pieces."""
        return pool_pieces(states[self.rows], groups, self.width)[self.kept]


def padded_groups(groups: Sequence[Sequence[int]], device: torch.device) -> Tensor:
    """``(B, L)``: each row's groups, padded with -1 (no word)."""
    width = max(len(row) for row in groups)
    return torch.tensor([list(row) + [-1] * (width - len(row)) for row in groups], device=device)


def word_counts(groups: Tensor, width: int) -> Tensor:
    """``(B, width)``: how many positions of each row hold each word."""
    counts = torch.zeros(len(groups), width + 1, dtype=torch.long, device=groups.device)
    return counts.scatter_add_(1, groups + 1, torch.ones_like(groups))[:, 1:]

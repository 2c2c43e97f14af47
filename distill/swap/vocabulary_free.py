"""The vocabulary-free path: the student embeds words from their characters, not from the tokenizer's pieces.

A swapped student can embed any string (:meth:`distill.swap.surgery.StudentEmbedding.embed_words`),
so it does not need the tokenizer's pieces at all. This variant keeps the model's
tokenization for everything it cannot merge and replaces each run of pieces that forms one
word (WordPiece: a first piece and its ``##`` continuations; byte-level BPE and SentencePiece:
a piece marked ``Ġ``/``▁`` and the pieces after it, cut where the pre-tokenizer cuts; the
family table is :mod:`teachers.words`) by a single position
holding the student's vector of the whole word, as HLM's intra-word module sees a word
(HLM, Sun et al., ACL 2023: the intra-word module). The model gets ``inputs_embeds`` (the word-embedding
output only); BERT's embedding module adds the position and token-type embeddings and
applies its LayerNorm to them as it does to looked-up rows (transformers 5,
``BertEmbeddings.forward``).

A "word" is what the tokenizer's pre-tokenizer delimits, not a whitespace word:
BERT splits punctuation off words before WordPiece, and the student never saw a word
with its punctuation attached. The word string is the pieces joined without their
``##``, i.e. the text after the tokenizer's normalizer (lowercased and accent-stripped
for uncased models), as the student's vocabulary strings are (byte-level BPE: the text
the pieces stand for, ``" the"``). A word that became the
unknown token is one piece and stays so: its text is not in the ids.

With a word segmenter (:class:`students.segmenter.WordSegmenter`, :mod:`distill.swap.segmentation`), every word
the model's tokenizer reads (not only the split ones) takes the positions the segmenter gives it instead
(WordPiece's cuts): the transformer reads its own layout, and each piece is embedded from its
characters (``##`` continuations included, as the student's table rows are spelt). A predicted piece that
is exactly one of the tokenizer's pieces keeps that piece's row of the student's table, which is the
student's vector of the same string.

The sequence changes, so the scores are made comparable:

* ``fidelity``: the sentence metrics (mean-pooled states) are compared as they are;
  ``token_cosine`` compares each position's state with the baseline's states of the
  pieces it covers, mean-pooled (one piece: that piece's state, unchanged); a segmented position at
  which none of the tokenizer's pieces starts is left out of ``token_cosine``.
* ``nsp``: each word keeps its segment (the token type of its pieces).
* ``mlm``: a word with a masked piece is kept as pieces, so every label stays at a
  position of its own; the masked tokens scored are those of the WordPiece path.

With a ``corrector`` (a spell-checker: word → the word it reads it as), a word the tokenizer splits into several
pieces and that the corrector changes keeps the positions of the word as written, and they read the corrected
word's pieces, spread over them (position ``j`` of ``n`` the corrected word's piece ``j * m // n`` of ``m``): the
sequence, its labels and every score's positions stay the written text's, and a misspelling is read as the word
meant. A word of one piece is the tokenizer's own and is read as written. The tokens of a misspelt word are not a
sequence the model was trained on in either reading; the corrected pieces are the ones it knows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import NamedTuple

import torch
from torch import Tensor, nn
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill.data.samples import IGNORE
from distill.swap.surgery import StudentEmbedding
from students.segmenter import WordSegmenter, cut_pieces
from teachers.vocabulary import padding_id
from teachers.wordpiece import piece_lengths
from teachers.words import WordSplitter

Batch = dict[str, Tensor]
SUFFIX = "-vocabfree"
# Maps each piece position of the WordPiece batch to its position in the vocabulary-free batch (-1: padding).
PIECE_POSITION = "piece_position"
PIECE_ANSWERS = 1 << 20  # the segmenter's answers a path keeps across its batches (as the export's tokenizer does)


class Slot(NamedTuple):
    """One position of the vocabulary-free path."""

    pieces: list[int]  # the tokenizer's pieces pooled into it (their first character lies in it); may be empty
    text: str | None  # what the student embeds there, or None: the table row of the piece at ``anchor``
    anchor: int  # the piece whose token type (and, for a kept piece, id and label) the position takes


class VocabularyFreePath:
    """A model variant: the student's table for single pieces, ``embed_words`` for split words.

    Args:
        live: the live swap of the student (its ``embed_words`` embeds the merged words). Its
            mode is the caller's: ``eval()`` to score, ``train()`` for context distillation.
        table: the module for the single pieces: the student's baked table when scoring, or
            ``live`` itself when the gradient must reach the student through every position.
        tokenizer: the model's tokenizer, of a family :class:`teachers.words.WordSplitter` reads.
        segmenter: the word segmenter of ``tokenizer`` (a WordPiece one): every word then takes the positions
            it predicts; without it, a split word takes one position.
        corrector: a spell-checker (a word as the tokenizer normalises it → the word it reads it as): a split word
            it changes is read as the corrected word at the written word's positions (see the module docstring).
    """

    def __init__(self, live: StudentEmbedding, table: nn.Module, tokenizer: PreTrainedTokenizerBase,
                 segmenter: WordSegmenter | None = None, corrector: Callable[[str], str] | None = None) -> None:
        self.live, self.table, self.segmenter, self.corrector = live, table, segmenter, corrector
        self.is_piece = None if segmenter is None else segmenter.membership(PIECE_ANSWERS)  # the filter read once
        self.splitter = WordSplitter.for_tokenizer(tokenizer)
        self.vocabulary = tokenizer.convert_ids_to_tokens(list(range(len(tokenizer))))
        self.pad_token_id = padding_id(tokenizer)
        self.unk_token = tokenizer.unk_token

    def layout(self, batch: Batch) -> list[list[Slot]]:
        """Each example's positions on the vocabulary-free path."""
        ids, mask = batch["input_ids"], batch["attention_mask"].bool()
        labels = batch.get("labels")
        examples = []
        for row in range(len(ids)):
            length = int(mask[row].sum())
            pieces = [self.vocabulary[token] for token in ids[row, :length].tolist()]
            masked = [False] * length if labels is None else (labels[row, :length] != IGNORE).tolist()
            examples.append((pieces, masked))
        if self.segmenter is None:
            return [[Slot(word.positions, self.read_as(word.text), word.positions[0])
                     for word in self.splitter.group(*example)] for example in examples]
        return self.segmented(examples, self.segmenter)

    def read_as(self, text: str | None) -> str | None:
        """The word the student reads for a merged word's ``text``: the corrector's, where there is one."""
        return text if text is None or self.corrector is None else self.corrector(text)

    def segmented(self, examples: list[tuple[list[str], list[bool]]], segmenter: WordSegmenter) -> list[list[Slot]]:
        """The layouts of examples (pieces, masked) when every word takes its predicted pieces. A word with a
        masked piece, a special token, the unknown token and a stray continuation keep the tokenizer's pieces."""
        prefix = self.splitter.family.continuation
        keep = {*self.splitter.specials, self.unk_token}
        words = []  # per example: (positions, the word's text, or None to keep its pieces)
        for pieces, masked in examples:
            row = []
            for word in self.splitter.group(pieces, [False] * len(pieces)):
                spelt = word.text or pieces[word.positions[0]]
                kept = spelt in keep or spelt.startswith(prefix) or any(masked[i] for i in word.positions)
                row.append((word.positions, None if kept else spelt))
            words.append(row)
        texts = sorted({text for row in words for _, text in row if text is not None})
        split = sorted({text for row in words for positions, text in row if text is not None and len(positions) > 1})
        corrector = self.corrector
        corrected = {} if corrector is None else {
            text: spelling for text in split if (spelling := corrector(text)) != text}
        predicted = dict(zip(texts, segmenter.cuts(texts, self.is_piece)))
        read_pieces = {text: cut_pieces(spelling, cuts, prefix) for (text, spelling), cuts in
                       zip(corrected.items(), segmenter.cuts(list(corrected.values()), self.is_piece))}
        layouts = []
        for (pieces, _), row in zip(examples, words):
            slots: list[Slot] = []
            for positions, text in row:
                if text is None:
                    slots.extend(Slot([position], None, position) for position in positions)
                    continue
                lengths = piece_lengths([pieces[position] for position in positions], prefix)
                written = predicted_slots(text, predicted[text], positions, lengths, prefix)
                slots.extend(spread_over(written, read_pieces[text]) if text in read_pieces else written)
            layouts.append(slots)
        return layouts

    def inputs(self, batch: Batch) -> Batch:
        """The vocabulary-free batch: ``inputs_embeds``, the mask, segments and labels moved to the new positions.

        Also holds ``PIECE_POSITION`` for the scorers (see the module docstring).
        """
        ids = batch["input_ids"]
        examples = self.layout(batch)
        texts = sorted({slot.text for slots in examples for slot in slots if slot.text is not None})
        merged = self.live.embed_words(texts) if texts else None
        text_row = {text: index for index, text in enumerate(texts)}

        width, device = max(len(slots) for slots in examples), ids.device
        shape = (len(ids), width)
        new_ids = torch.full(shape, self.pad_token_id, dtype=torch.long, device=device)
        out: Batch = {"attention_mask": torch.zeros(shape, dtype=batch["attention_mask"].dtype, device=device)}
        moved = [key for key in ("token_type_ids", "labels") if key in batch]
        for key in moved:
            out[key] = torch.full(shape, IGNORE if key == "labels" else 0, dtype=batch[key].dtype, device=device)
        merged_at: list[tuple[int, int, int]] = []  # (row, position, row of ``merged``)
        piece_position = piece_positions(examples, ids.shape, device)
        for row, slots in enumerate(examples):
            out["attention_mask"][row, : len(slots)] = 1
            for position, slot in enumerate(slots):
                for key in moved:
                    out[key][row, position] = batch[key][row, slot.anchor]
                if slot.text is None:
                    new_ids[row, position] = ids[row, slot.anchor]
                else:
                    merged_at.append((row, position, text_row[slot.text]))
        embeds = self.table(new_ids)
        if merged_at:
            assert merged is not None  # merged_at holds positions of words in texts
            rows, positions, sources = (torch.tensor(column, device=device) for column in zip(*merged_at))
            embeds[rows, positions] = merged[sources].to(embeds.dtype)
        out["inputs_embeds"] = embeds
        out[PIECE_POSITION] = piece_position
        return {**{key: value for key, value in batch.items() if key not in out and key != "input_ids"}, **out}

    def run(self, model: PreTrainedModel, batch: Batch, model_inputs: Sequence[str],
            output_hidden_states: bool) -> tuple[ModelOutput, Batch]:
        """The model's output on the vocabulary-free inputs, and the batch the scorers read."""
        words = self.inputs(batch)
        return self.forward(model, words, model_inputs, output_hidden_states), words

    @staticmethod
    def forward(model: PreTrainedModel, words: Batch, model_inputs: Sequence[str],
                output_hidden_states: bool) -> ModelOutput:
        """The model's output on vocabulary-free inputs (:meth:`inputs`)."""
        kwargs = {name: words[name] for name in model_inputs if name in words and name != "input_ids"}
        return model(inputs_embeds=words["inputs_embeds"], **kwargs, output_hidden_states=output_hidden_states)


def predicted_slots(text: str, cuts: Sequence[int], positions: list[int], lengths: list[int], prefix: str
                    ) -> list[Slot]:
    """The slots of one word cut at ``cuts`` (character offsets), whose tokenizer pieces are at ``positions`` with
    ``lengths`` characters: a predicted piece that is exactly one of the tokenizer's keeps its row."""
    starts = dict(zip([0, *accumulate(lengths)], positions))  # character offset → the piece starting there
    bounds = [0, *cuts, len(text)]
    slots = []
    for start, end in zip(bounds, bounds[1:]):
        inside = [position for offset, position in starts.items() if start <= offset < end]
        anchor = max(position for offset, position in starts.items() if offset <= start)
        exact = start in starts and (end in starts or end == len(text)) and len(inside) == 1
        slots.append(Slot(inside, None if exact else (prefix if start else "") + text[start:end], anchor))
    return slots


def spread_over(slots: list[Slot], pieces: Sequence[str]) -> list[Slot]:
    """``slots`` (a word's positions) reading ``pieces`` (another word's), spread: slot ``j`` of ``n`` reads piece
    ``j * m // n`` of ``m``."""
    return [slot._replace(text=pieces[index * len(pieces) // len(slots)]) for index, slot in enumerate(slots)]


def piece_positions(examples: Sequence[Sequence[Slot]], shape: torch.Size, device: torch.device) -> Tensor:
    """``PIECE_POSITION`` of a layout: each piece's vocabulary-free position, -1 for padding."""
    positions = torch.full(shape, -1, dtype=torch.long)
    for row, slots in enumerate(examples):
        for position, slot in enumerate(slots):
            positions[row, slot.pieces] = position
    return positions.to(device)


def pool_pieces(hidden: Tensor, piece_position: Tensor, width: int) -> Tensor:
    """``(B, width, D)``: at each vocabulary-free position, the mean of ``hidden`` over the pieces mapped to it."""
    batch, length, dim = hidden.shape
    valid = piece_position >= 0
    flat = (piece_position.clamp_min(0) + width * torch.arange(batch, device=hidden.device).unsqueeze(1))[valid]
    sums = hidden.new_zeros(batch * width, dim).index_add_(0, flat, hidden[valid])
    counts = hidden.new_zeros(batch * width).index_add_(0, flat, hidden.new_ones(len(flat)))
    return (sums / counts.clamp_min(1).unsqueeze(1)).view(batch, width, dim)

"""The vocabulary-free path: words the tokenizer splits are embedded whole by the student.

A swapped student can embed any string (:meth:`distill.surgery.StudentEmbedding.embed_words`),
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

The sequence gets shorter, so the scores are made comparable:

* ``fidelity``: the sentence metrics (mean-pooled states) are compared as they are;
  ``token_cosine`` compares each position's state with the baseline's states of the
  pieces it covers, mean-pooled (one piece: that piece's state, unchanged).
* ``nsp``: each word keeps its segment (the token type of its pieces).
* ``mlm``: a word with a masked piece is kept as pieces, so every label stays at a
  position of its own; the masked tokens scored are those of the WordPiece path.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor, nn
from transformers import PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import ModelOutput

from distill.evaluation.samples import IGNORE
from distill.surgery import StudentEmbedding
from teachers.words import Word, WordSplitter

Batch = dict[str, Tensor]
SUFFIX = "-wholeword"
# Maps each piece position of the WordPiece batch to its position in the whole-word batch (-1: padding).
PIECE_POSITION = "piece_position"


class WholeWords:
    """A model variant: the student's table for single pieces, ``embed_words`` for split words.

    Args:
        live: the live swap of the student (its ``embed_words`` embeds the merged words). Its
            mode is the caller's: ``eval()`` to score, ``train()`` for context distillation.
        table: the module for the single pieces: the student's baked table when scoring, or
            ``live`` itself when the gradient must reach the student through every position.
        tokenizer: the model's tokenizer, of a family :class:`teachers.words.WordSplitter` reads.
    """

    def __init__(self, live: StudentEmbedding, table: nn.Module, tokenizer: PreTrainedTokenizerBase) -> None:
        self.live, self.table = live, table
        self.splitter = WordSplitter.for_tokenizer(tokenizer)
        self.vocabulary = tokenizer.convert_ids_to_tokens(list(range(len(tokenizer))))
        self.pad_token_id = tokenizer.pad_token_id

    def layout(self, batch: Batch) -> list[list[Word]]:
        """Each example's positions on the whole-word path (merged words and single pieces)."""
        ids, mask = batch["input_ids"], batch["attention_mask"].bool()
        labels = batch.get("labels")
        examples = []
        for row in range(len(ids)):
            length = int(mask[row].sum())
            pieces = [self.vocabulary[token] for token in ids[row, :length].tolist()]
            masked = [False] * length if labels is None else (labels[row, :length] != IGNORE).tolist()
            examples.append(self.splitter.group(pieces, masked))
        return examples

    def inputs(self, batch: Batch) -> Batch:
        """The whole-word batch: ``inputs_embeds``, the mask, segments and labels moved to the new positions.

        Also holds ``PIECE_POSITION`` for the scorers (see the module docstring).
        """
        ids = batch["input_ids"]
        examples = self.layout(batch)
        texts = sorted({word.text for words in examples for word in words if word.text is not None})
        merged = self.live.embed_words(texts) if texts else None
        text_row = {text: index for index, text in enumerate(texts)}

        width, device = max(len(words) for words in examples), ids.device
        shape = (len(ids), width)
        new_ids = torch.full(shape, self.pad_token_id, dtype=torch.long, device=device)
        out: Batch = {"attention_mask": torch.zeros(shape, dtype=batch["attention_mask"].dtype, device=device)}
        moved = [key for key in ("token_type_ids", "labels") if key in batch]
        for key in moved:
            out[key] = torch.full(shape, IGNORE if key == "labels" else 0, dtype=batch[key].dtype, device=device)
        merged_at: list[tuple[int, int, int]] = []  # (row, position, row of ``merged``)
        piece_position = piece_positions(examples, ids.shape, device)
        for row, words in enumerate(examples):
            out["attention_mask"][row, : len(words)] = 1
            for position, word in enumerate(words):
                first = word.positions[0]
                for key in moved:
                    out[key][row, position] = batch[key][row, first]
                if word.text is None:
                    new_ids[row, position] = ids[row, first]
                else:
                    merged_at.append((row, position, text_row[word.text]))
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
        """The model's output on the whole-word inputs, and the batch the scorers read."""
        words = self.inputs(batch)
        kwargs = {name: words[name] for name in model_inputs if name in words and name != "input_ids"}
        return model(inputs_embeds=words["inputs_embeds"], **kwargs, output_hidden_states=output_hidden_states), words


def piece_positions(examples: Sequence[Sequence[Word]], shape: torch.Size, device: torch.device) -> Tensor:
    """``PIECE_POSITION`` of a layout: each piece's whole-word position, -1 for padding."""
    positions = torch.full(shape, -1, dtype=torch.long)
    for row, words in enumerate(examples):
        for position, word in enumerate(words):
            positions[row, word.positions] = position
    return positions.to(device)


def pool_pieces(hidden: Tensor, piece_position: Tensor, width: int) -> Tensor:
    """``(B, width, D)``: at each whole-word position, the mean of ``hidden`` over the pieces mapped to it."""
    batch, length, dim = hidden.shape
    valid = piece_position >= 0
    flat = (piece_position.clamp_min(0) + width * torch.arange(batch, device=hidden.device).unsqueeze(1))[valid]
    sums = hidden.new_zeros(batch * width, dim).index_add_(0, flat, hidden[valid])
    counts = hidden.new_zeros(batch * width).index_add_(0, flat, hidden.new_ones(len(flat)))
    return (sums / counts.clamp_min(1).unsqueeze(1)).view(batch, width, dim)

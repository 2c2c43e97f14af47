"""The word segmenter of a WordPiece tokenizer (:class:`students.segmenter.WordSegmenter`): WordPiece's cuts over
a Bloom filter of the tokenizer's pieces, built from its vocabulary.

The vocabulary-free path (:mod:`distill.swap.vocabulary_free`, :mod:`distill.export.folder`) gives each word the
positions the segmenter gives it, so that the transformer reads the layout it was trained on. The segmenter
depends on the tokenizer alone, not on the student, so every student of a teacher shares one.
"""

from __future__ import annotations

import json

from transformers import PreTrainedTokenizerBase

from distill.errors import DistillError
from students.segmenter import WordSegmenter
from teachers.errors import TeacherError
from teachers.wordpiece import continuation_prefix

# WordPiece's own default (``max_input_chars_per_word``), for a tokenizer whose pipeline does not say.
MAX_WORD_LENGTH = 100


def segmenter_for(tokenizer: PreTrainedTokenizerBase) -> WordSegmenter:
    """``tokenizer``'s segmenter: its vocabulary's pieces and its longest word. A tokenizer that is not WordPiece
    is refused in one line."""
    try:
        prefix = continuation_prefix(tokenizer)
    except TeacherError as error:
        raise DistillError(f"the segmented vocabulary-free path needs a WordPiece tokenizer: {error}") from None
    backend = getattr(tokenizer, "backend_tokenizer", None)
    model = json.loads(backend.to_str()).get("model", {}) if backend is not None else {}
    pieces = model.get("vocab") or tokenizer.get_vocab()  # the WordPiece model's own, without added tokens
    return WordSegmenter.from_pieces(pieces, continuation=prefix,
                                     max_word_length=int(model.get("max_input_chars_per_word", MAX_WORD_LENGTH)))

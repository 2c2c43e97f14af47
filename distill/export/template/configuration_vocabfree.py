"""The configuration of a vocabulary-free model: the source encoder's own configuration, and the student's.

Written by the distill workbench (``distill surgery --vocabulary-free``).
"""

from __future__ import annotations

import math
from typing import Any

from transformers import AutoConfig, PretrainedConfig


class VocabFreeConfig(PretrainedConfig):
    """The source model's configuration (``encoder``, as its ``to_dict()``) and how the student meets it.

    Args:
        encoder: the source encoder's configuration (BERT, DistilBERT, RoBERTa, XLM-R, MPNet...), its
            ``vocab_size`` the rows of the special tokens (or the source's whole table).
        encoder_options: what the source encoder was built with beside its configuration
            (``add_pooling_layer``).
        student: the student's configuration as the workbench saves it (``name``, ``dim``, ``hparams``).
        student_class: the student's class, by its name in ``families.py`` (``BytesCNN``).
        rescale_norm: the norm each student vector is scaled to (positive), or None for the raw vectors.
        word_token_id: the input id of a position the student embeds: the table's last row.
        word_cache_size: how many words' vectors inference keeps across batches (0: none); a student that
            computes a vector faster than it is found again (the n-gram student) keeps none.
        unknown_token_id: the input id of a word the source reads as its unknown token (WordPiece's ``[UNK]``:
            a word with a character none of its pieces has), given with the word's characters; None where the
            tokenizer gives such words ``word_token_id`` (exports before it, sources without an unknown token).
        unknown_word_weight: how much of such a word's vector is the student's: the model's
            ``unknown_word_anchor`` ``a`` and the student's vector ``s`` make ``(1 - w) a + w |a| s / |s|``, so that
            the word moves a sentence about as little as the source's unknown token does while two such words stay
            apart (0: every such word alike; 1: the student's direction alone).
    """

    model_type = "vocab-free"

    def __init__(
        self,
        encoder: dict[str, Any] | None = None,
        encoder_options: dict[str, Any] | None = None,
        student: dict[str, Any] | None = None,
        student_class: str = "",
        rescale_norm: float | None = None,
        word_token_id: int = 0,
        word_cache_size: int = 65536,
        unknown_token_id: int | None = None,
        unknown_word_weight: float = 0.0,
        **kwargs: Any,
    ) -> None:
        if rescale_norm is not None and not (isinstance(rescale_norm, int | float) and math.isfinite(rescale_norm)
                                             and rescale_norm > 0):
            raise ValueError(f"config.json: rescale_norm must be a positive number or null, got {rescale_norm!r}")
        if type(word_cache_size) is not int or word_cache_size < 0:
            raise ValueError(f"config.json: word_cache_size must be a whole number of words, 0 or more, got "
                             f"{word_cache_size!r}")
        if unknown_token_id is not None and (type(unknown_token_id) is not int or unknown_token_id < 0):
            raise ValueError(f"config.json: unknown_token_id must be a token id or null, got {unknown_token_id!r}")
        if not (isinstance(unknown_word_weight, int | float) and 0 <= unknown_word_weight <= 1):
            raise ValueError(f"config.json: unknown_word_weight must be a number from 0 to 1, "
                             f"got {unknown_word_weight!r}")
        self.encoder = encoder or {"model_type": "bert"}
        self.encoder_options = encoder_options or {}
        inner = self.encoder_config()
        kwargs.setdefault("pad_token_id", inner.pad_token_id)
        super().__init__(**kwargs)
        self.student = student or {"dim": inner.hidden_size, "hparams": {}}
        self.student_class = student_class
        self.rescale_norm = rescale_norm
        self.word_token_id = word_token_id
        self.word_cache_size = word_cache_size
        self.unknown_token_id = unknown_token_id
        self.unknown_word_weight = unknown_word_weight
        # What sentence-transformers and other readers look up on a model's configuration.
        self.hidden_size = inner.hidden_size
        self.max_position_embeddings = getattr(inner, "max_position_embeddings", None)

    def encoder_config(self) -> PretrainedConfig:
        """The source encoder's configuration object."""
        settings = dict(self.encoder)
        return AutoConfig.for_model(settings.pop("model_type"), **settings)

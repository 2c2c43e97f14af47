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
        word_cache_size: how many words' vectors inference keeps across batches (0: none).
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
        **kwargs: Any,
    ) -> None:
        if rescale_norm is not None and not (isinstance(rescale_norm, int | float) and math.isfinite(rescale_norm)
                                             and rescale_norm > 0):
            raise ValueError(f"config.json: rescale_norm must be a positive number or null, got {rescale_norm!r}")
        if type(word_cache_size) is not int or word_cache_size < 0:
            raise ValueError(f"config.json: word_cache_size must be a whole number of words, 0 or more, got "
                             f"{word_cache_size!r}")
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
        # What sentence-transformers and other readers look up on a model's configuration.
        self.hidden_size = inner.hidden_size
        self.max_position_embeddings = getattr(inner, "max_position_embeddings", None)

    def encoder_config(self) -> PretrainedConfig:
        """The source encoder's configuration object."""
        settings = dict(self.encoder)
        return AutoConfig.for_model(settings.pop("model_type"), **settings)

"""A BERT model whose words are embedded from their characters, not looked up in a vocabulary.

Written by the distill workbench (``distill surgery --vocabulary-free``). The tokenizer
(``tokenization_vocabfree.py``) gives every word one position, with the id
``config.word_token_id`` and the word's encoded characters in ``word_characters``; the
student (``student.py``) turns those characters into the word's input vector. Special
tokens, and with ``--keep-vocabulary`` the words that are one token of the source's
vocabulary, read the word-embedding table. Everything after the word embeddings
(positions, token types, LayerNorm, the layers) is the source model's, unchanged.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import Tensor
from transformers import BertConfig, BertModel

from .student import Student


class VocabFreeBertConfig(BertConfig):
    """``BertConfig`` plus the student's architecture and the id that marks a student word.

    Args:
        student: the student's configuration as the workbench saves it (``name``, ``dim``, ``hparams``).
        rescale_norm: the norm each student vector is scaled to, or None for the raw vectors.
        word_token_id: the input id of a position the student embeds.
        add_pooling_layer: whether the source model has BERT's pooler.
    """

    model_type = "vocab-free-bert"

    def __init__(
        self,
        student: dict[str, Any] | None = None,
        rescale_norm: float | None = None,
        word_token_id: int = 0,
        add_pooling_layer: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.student = student or {"dim": self.hidden_size, "hparams": {}}
        self.rescale_norm = rescale_norm
        self.word_token_id = word_token_id
        self.add_pooling_layer = add_pooling_layer


class VocabFreeBertModel(BertModel):
    config_class = VocabFreeBertConfig

    def __init__(self, config: VocabFreeBertConfig) -> None:
        super().__init__(config, add_pooling_layer=config.add_pooling_layer)
        self.student = Student(Student.config_class.from_dict(config.student))

    def embed_inputs(self, input_ids: Tensor, word_characters: Tensor) -> Tensor:
        """``(B, L, hidden)`` input vectors: table rows, and the student's for the words."""
        vectors = self.embeddings.word_embeddings(input_ids)
        is_word = input_ids == self.config.word_token_id
        if is_word.any():
            words = self.student(word_characters[is_word])
            if self.config.rescale_norm is not None:
                norms = words.norm(dim=-1, keepdim=True).clamp_min(1e-12)
                words = words * (self.config.rescale_norm / norms)
            vectors = vectors.masked_scatter(is_word.unsqueeze(-1), words.to(vectors.dtype))
        return vectors

    def forward(
        self,
        input_ids: Tensor | None = None,
        attention_mask: Tensor | None = None,
        token_type_ids: Tensor | None = None,
        word_characters: Tensor | None = None,
        position_ids: Tensor | None = None,
        inputs_embeds: Tensor | None = None,
        **kwargs: Any,
    ) -> Any:
        """BERT's forward; ``input_ids`` need the ``word_characters`` the tokenizer gives with them."""
        if input_ids is not None and inputs_embeds is None:
            if word_characters is None:
                if bool((input_ids == self.config.word_token_id).any()):
                    raise ValueError(
                        "input_ids hold words but no word_characters: encode text with this "
                        "model's own tokenizer (AutoTokenizer with trust_remote_code=True)"
                    )
                word_characters = torch.zeros(0, dtype=torch.long, device=input_ids.device)
            inputs_embeds, input_ids = self.embed_inputs(input_ids, word_characters), None
        return super().forward(
            input_ids=input_ids,
            attention_mask=attention_mask,
            token_type_ids=token_type_ids,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            **kwargs,
        )

"""BERT's pre-training heads on an encoder that has none, and the two losses that fit them.

``BertForPreTraining`` (transformers, ``models/bert/modeling_bert.py``) puts on the encoder the MLM head (a dense
transform with GELU and LayerNorm, then a decoder over the vocabulary, its weight tied to the word-embedding table,
with a bias of its own) and the NSP head (the pooler's tanh layer over ``[CLS]``, then a two-way classifier).
Loading an encoder's checkpoint into it keeps the encoder's weights and initialises what is missing.

The word-embedding table is frozen, so the decoder tied to it is too: the model's input table stays the
source's, and students trained against the source's table (``distill train --teacher embedded``) fit the result.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
from torch import Tensor, nn
from torch.nn import functional
from transformers import AutoConfig, BertForPreTraining

from distill.data.samples import IGNORE
from distill.errors import DistillError
from teachers import quiet_transformers
from teachers.loading import MODEL_LOAD_ERRORS, model_load_failure

ARCHITECTURE = "BertForPreTraining"
HEADS = ("cls.", "bert.pooler.")  # the parameters --heads-only trains: the MLM head, the pooler and NSP classifier


def with_pretraining_heads(model_path: str, name: str, seed: int) -> BertForPreTraining:
    """The encoder in ``model_path`` (called ``name`` in messages) inside ``BertForPreTraining``, the missing heads
    initialised from ``seed``; a model that is not BERT, or that has the heads already, is refused in one line."""
    try:
        with quiet_transformers():
            config = AutoConfig.from_pretrained(model_path, trust_remote_code=False)
    except MODEL_LOAD_ERRORS as error:
        raise model_load_failure(model_path, error) from None
    if config.model_type != "bert":
        raise DistillError(f"{name} is a {config.model_type} model; distill heads fits BERT's pre-training heads "
                           "(BertForPreTraining) to BERT encoders")
    if ARCHITECTURE in (config.architectures or ()):
        raise DistillError(f"{name} has MLM and NSP heads already ({ARCHITECTURE}); use it as it is")
    config.architectures = [ARCHITECTURE]
    config.tie_word_embeddings = True  # the decoder reads the input table, as in BERT
    torch.manual_seed(seed)
    try:
        with quiet_transformers():
            model = BertForPreTraining.from_pretrained(model_path, config=config, use_safetensors=True)
    except MODEL_LOAD_ERRORS as error:
        raise model_load_failure(model_path, error) from None
    return model


def freeze_for_pretraining(model: BertForPreTraining, heads_only: bool) -> list[nn.Parameter]:
    """Freeze the word-embedding table (and the decoder weight tied to it) and, with ``heads_only``, the encoder;
    the parameters left to train, in a fixed order."""
    table = model.get_input_embeddings().weight
    trained = []
    for name, parameter in model.named_parameters():
        parameter.requires_grad = parameter is not table and (not heads_only or name.startswith(HEADS))
        if parameter.requires_grad:
            trained.append(parameter)
    return trained


class PretrainingLosses(NamedTuple):
    """The two losses of one batch, and how many of its predictions were right."""

    mlm: Tensor
    nsp: Tensor
    mlm_correct: int
    mlm_total: int
    nsp_correct: int
    nsp_total: int


def pretraining_losses(model: BertForPreTraining, batch: dict[str, Tensor]) -> PretrainingLosses:
    """Cross-entropy of the MLM head at the masked positions and of the NSP head, as ``BertForPreTraining``
    computes them, with the decoder run on the masked positions only (an eighth of the tokens, and the decoder is
    most of a small model's arithmetic)."""
    labels, next_sentence = batch["labels"], batch["next_sentence_label"]
    inputs = {key: value for key, value in batch.items() if key not in ("labels", "next_sentence_label")}
    output = model.bert(**inputs)
    masked = labels != IGNORE
    word_logits = model.cls.predictions(output.last_hidden_state[masked]).float()
    pair_logits = model.cls.seq_relationship(output.pooler_output).float()
    targets = labels[masked]
    return PretrainingLosses(
        functional.cross_entropy(word_logits, targets), functional.cross_entropy(pair_logits, next_sentence),
        int((word_logits.argmax(-1) == targets).sum()), len(targets),
        int((pair_logits.argmax(-1) == next_sentence).sum()), len(next_sentence))

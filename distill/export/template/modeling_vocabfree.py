"""An encoder whose words are embedded from their characters, not looked up in a vocabulary.

Written by the distill workbench (``distill surgery --vocabulary-free``). The tokenizer
(``tokenization_vocabfree.py``) gives every word one position, with the id
``config.word_token_id`` and the word's encoded characters in ``word_characters``; the
student (``config.student_class``, one of ``families.py``, copied with the modules it imports from the
workbench's ``students`` package) turns those characters into the word's input vector. Special
tokens, and with ``--keep-vocabulary`` the words that are one token of the source's
vocabulary, read the word-embedding table. Everything after the word embeddings
(positions, token types, LayerNorm, the layers) is the source model's, unchanged: the source
encoder (``config.encoder``: BERT, DistilBERT, RoBERTa, XLM-R, MPNet...) is built with ``AutoModel``
and gets the vectors as ``inputs_embeds``.
"""

from __future__ import annotations

import functools
import inspect
from collections import OrderedDict
from typing import Any

import numpy as np
import torch
from torch import Tensor
from transformers import AutoModel, PreTrainedModel

from .configuration_vocabfree import VocabFreeConfig
from .errors import StudentError
from .families import FAMILIES
from .recently_used import recently_used

# What a call that names none of them takes from this model's configuration, as the source takes them from its own
# (``from_pretrained(..., output_hidden_states=True)``, or set on ``model.config``).
OUTPUT_SETTINGS = ("output_attentions", "output_hidden_states", "return_dict")


@functools.cache
def row_weights(width: int, device: torch.device) -> Tensor:
    """Fixed random int64 weights that hash a row of ``width`` integers (drawn once per width and device)."""
    weights = torch.randint(-(2**62), 2**62, (width,), generator=torch.Generator().manual_seed(0))
    return weights.to(device)


@functools.cache
def key_weights(width: int) -> np.ndarray:
    """Fixed random uint64 weights, two columns, that key a row of ``width`` integers (drawn once per width)."""
    return np.random.default_rng(0).integers(0, 2**64, (width, 2), dtype=np.uint64)


def row_keys(rows: np.ndarray) -> list[bytes]:
    """A 16-byte key for each row of the integer matrix ``rows``: two random linear hashes of the row, modulo 2^64
    (unsigned arithmetic wraps around). Two different rows share a key with a chance of 2^-128 where they differ by an
    odd amount somewhere (2^(2k-128) where every difference is a multiple of 2^k). The word cache keys its words by
    them, not by the rows' own bytes (1,560 for an n-gram student's row): its keys take 16 bytes a word."""
    hashes = np.ascontiguousarray(rows.astype(np.uint64) @ key_weights(rows.shape[1]))
    return hashes.view(np.dtype((np.void, 16))).ravel().tolist()


def host_view(tensor: Tensor) -> Tensor | np.ndarray:
    """``tensor`` as a numpy array that shares its memory where it lies on the CPU, else itself: on a sentence's few
    ids numpy's comparisons cost a fraction of torch's. Its callers' expressions hold for both (``torch.as_tensor``
    turns either back into a tensor without a copy)."""
    return tensor.numpy() if tensor.device.type == "cpu" else tensor


def distinct_rows(rows: Tensor) -> tuple[Tensor, Tensor]:
    """The distinct rows of the integer matrix ``rows`` and, for each row, the index of its distinct row: what
    ``torch.unique(rows, dim=0, return_inverse=True)`` gives, in another order, faster on a batch's words (it
    sorts one hash per row instead of the rows). Rows that share a hash but differ (a chance of 2^-64 per pair)
    are caught and left to ``torch.unique``."""
    hashes = (rows * row_weights(rows.shape[1], rows.device)).sum(dim=-1)  # int64 arithmetic wraps around
    _, occurrence = torch.unique(hashes, return_inverse=True)
    positions = torch.arange(len(rows), device=rows.device)
    first = torch.full((int(occurrence.max()) + 1,), len(rows), device=rows.device)
    distinct = rows[first.scatter_reduce_(0, occurrence, positions, "amin")]
    if not torch.equal(distinct[occurrence], rows):
        return torch.unique(rows, dim=0, return_inverse=True)
    return distinct, occurrence


class VocabFreeModel(PreTrainedModel):
    config_class = VocabFreeConfig
    base_model_prefix = "transformer"
    # The attention is the encoder's: an implementation asked for (``attn_implementation=``) is passed on to it, and
    # transformers refuses there one that the encoder does not support.
    _supports_sdpa = _supports_flash_attn = _supports_flex_attn = True
    # Likewise the encoder's layers are what gradient checkpointing checkpoints; one without it is refused there.
    supports_gradient_checkpointing = True

    def __init__(self, config: VocabFreeConfig) -> None:
        asked = {"attn_implementation": config._attn_implementation} if config._attn_implementation else {}
        super().__init__(config)
        # In the dtype this model is built in (``from_pretrained(..., dtype=torch.bfloat16)`` sets it), not the one
        # the source's configuration names: transformers would build the encoder in that one.
        self.transformer = AutoModel.from_config(config.encoder_config(), dtype=torch.get_default_dtype(), **asked,
                                                 **config.encoder_options)
        rows = self.get_input_embeddings().num_embeddings
        if config.word_token_id != rows - 1:
            raise ValueError(f"config.json: word_token_id must be {rows - 1}, the table's last row (the words' "
                             f"zero row), got {config.word_token_id}")
        if config.unknown_token_id is not None and config.unknown_token_id >= rows:
            raise ValueError(f"config.json: unknown_token_id must be a row of the table (below {rows}), "
                             f"got {config.unknown_token_id}")
        family = FAMILIES.get(config.student_class) if isinstance(config.student_class, str) else None
        if family is None:
            raise ValueError(f"config.json: student_class must be one of {', '.join(FAMILIES)}, "
                             f"got {config.student_class!r}")
        try:
            student_config = family.config_class.from_dict(config.student)
        except (StudentError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"config.json: student: {error}") from None
        self.student = family(student_config)
        if config.unknown_token_id is not None:  # the vector that words of unseen characters are blended with
            self.register_buffer("unknown_word_anchor", torch.zeros(config.hidden_size))
        self.encoder_inputs = set(inspect.signature(self.transformer.forward).parameters)
        # Inference only: a word's key (its characters', row_keys) -> its vector, least recently used first.
        self.word_cache: OrderedDict[bytes, Tensor] = OrderedDict()
        self.post_init()

    def _init_weights(self, module: Any) -> None:
        """Every weight comes from ``model.safetensors``; nothing is drawn."""

    @classmethod
    def from_pretrained(cls, *args: Any, **kwargs: Any) -> Any:
        """transformers' loading, then the loaded weights checked (:meth:`check_weights`): the one place this
        model's weights are read and checked."""
        loaded = super().from_pretrained(*args, **kwargs)
        (loaded[0] if isinstance(loaded, tuple) else loaded).check_weights()  # with output_loading_info
        return loaded

    def check_weights(self) -> None:
        """Refuse, in one line, a weight that holds a NaN or an infinity (a damaged ``model.safetensors``)."""
        for name, tensor in self.state_dict().items():
            if tensor.is_floating_point() and tensor.device.type != "meta" and not bool(torch.isfinite(tensor).all()):
                raise ValueError(f"model.safetensors: {name} holds NaN or infinite values")

    def get_input_embeddings(self) -> Any:
        return self.transformer.get_input_embeddings()

    def train(self, mode: bool = True) -> VocabFreeModel:
        """Training changes the student: the cached vectors would go stale."""
        self.word_cache.clear()
        return super().train(mode)

    def _apply(self, fn: Any, *args: Any, **kwargs: Any) -> VocabFreeModel:
        """``to``, ``half``, ``cuda``...: the cached vectors would keep their old device and dtype."""
        self.word_cache.clear()
        return super()._apply(fn, *args, **kwargs)

    def embed_inputs(self, input_ids: Tensor, word_characters: Tensor) -> Tensor:
        """``(B, L, hidden)`` input vectors: table rows, and the student's for the words (:meth:`word_vectors`). A
        word the source reads as its unknown token (``config.unknown_token_id`` with characters: a row of
        ``word_characters`` that is not all zeros) is blended with ``unknown_word_anchor`` (:meth:`blend_unknown`).
        The words are found with few operations (:meth:`word_positions`): at batch size 1 their count, not their
        size, is the cost. A student that does not reuse its vectors (``reuses_word_vectors`` false: the n-gram
        student's embedding bag) reads every position's row where it lies (``vectors_where``: zeros at the other
        positions), without the words' rows gathered and their vectors put back; where no gradient flows they are
        added to the table's rows, the words' row being zeros (a gradient through the choice between the two never
        reaches that row, so training leaves it zeros)."""
        vectors = self.get_input_embeddings()(input_ids)
        is_word, is_unknown = self.word_positions(input_ids, word_characters)
        hidden = vectors.shape[-1]
        if not self.student.reuses_word_vectors:
            if not word_characters.numel():
                return vectors
            rows = word_characters.reshape(len(is_word), -1)
            words = self.rescaled(self.student.vectors_where(rows, is_word))
            if is_unknown is not None:
                words = torch.where(is_unknown.unsqueeze(-1), self.blend_unknown(words), words)
            elif not torch.is_grad_enabled():
                return vectors.add_(words.view_as(vectors))
            return torch.where(is_word.unsqueeze(-1), words.to(vectors.dtype), vectors.view(-1, hidden)).view_as(
                vectors)
        places = is_word.nonzero().squeeze(1)  # the words' positions in the flattened batch
        if not len(places):
            return vectors
        words = self.word_vectors(word_characters.reshape(-1, word_characters.shape[-1])[places])
        if is_unknown is not None:
            words = torch.where(is_unknown[places].unsqueeze(-1), self.blend_unknown(words), words)
        return vectors.view(-1, hidden).index_copy(0, places, words.to(vectors.dtype)).view_as(vectors)

    def word_positions(self, input_ids: Tensor, word_characters: Tensor) -> tuple[Tensor, Tensor | None]:
        """Where ``input_ids`` holds a word the student reads: ``config.word_token_id``, and the source's unknown id
        where it has characters; and where the latter lie (None: nowhere); both over the flattened batch, found with
        numpy on the CPU (:func:`host_view`)."""
        ids, characters = host_view(input_ids).reshape(-1), host_view(word_characters)
        is_word = ids == self.config.word_token_id
        unknown_token_id = self.config.unknown_token_id
        is_unknown = None
        if unknown_token_id is not None and word_characters.numel():
            at_unknown_id = ids == unknown_token_id
            if at_unknown_id.any():  # the characters are read only where the unknown id occurs
                is_unknown = at_unknown_id & (characters != 0).any(-1).reshape(-1)
                is_word |= is_unknown
        return torch.as_tensor(is_word), None if is_unknown is None else torch.as_tensor(is_unknown)

    def blend_unknown(self, words: Tensor) -> Tensor:
        """``(1 - w) a + w |a| s / |s|`` for each student vector ``s`` of ``words``, where ``a`` is
        ``unknown_word_anchor`` (the source's rows of its most frequent English words, weighed by their frequency:
        a vector the source weighs as little as it weighs "the" or "of") and ``w`` is ``config.unknown_word_weight``.
        A word of characters the source never saw then moves a sentence about as little as the source's unknown
        token does, and its characters still tell it apart from another such word."""
        anchor = self.get_buffer("unknown_word_anchor").to(words.dtype)
        weight = self.config.unknown_word_weight
        directions = torch.nn.functional.normalize(words, dim=-1)
        return (1 - weight) * anchor + weight * anchor.norm() * directions

    def word_vectors(self, characters: Tensor) -> Tensor:
        """The vectors of words (one a row of ``characters``), the student run once per distinct word: text repeats
        its words ("the", "of"...). In inference, the vectors of words seen in earlier batches come from a bounded
        cache (``config.word_cache_size`` words, looked up by each row's key, :func:`row_keys`; threads that share the
        model may share it: :func:`recently_used`), the others from the student; otherwise the distinct rows are
        found by :func:`distinct_rows`."""
        if self.training or torch.is_grad_enabled() or not self.config.word_cache_size:
            distinct, occurrence = distinct_rows(characters)
            return self.student_vectors(distinct)[occurrence]
        keys = row_keys(characters.cpu().numpy())
        row_of = {key: index for index, key in enumerate(keys)}  # a row of each distinct word

        def computed(fresh: list[bytes]) -> list[Tensor]:
            return [vector.clone() for vector in self.student_vectors(characters[[row_of[key] for key in fresh]])]

        return torch.stack(recently_used(self.word_cache, keys, computed, self.config.word_cache_size))

    def student_vectors(self, characters: Tensor) -> Tensor:
        """The student's vectors of ``characters`` (one word a row), at ``rescale_norm`` when it is set."""
        return self.rescaled(self.student(characters))

    def rescaled(self, words: Tensor) -> Tensor:
        """``words`` at norm ``config.rescale_norm`` where it is set (a row of zeros stays zeros)."""
        if self.config.rescale_norm is None:
            return words
        norms = words.norm(dim=-1, keepdim=True).clamp_min(1e-12)
        return words * (self.config.rescale_norm / norms)

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
        """The source encoder's forward; ``input_ids`` need the ``word_characters`` the tokenizer gives with them."""
        if input_ids is not None and inputs_embeds is None:
            if word_characters is None:
                if bool((input_ids == self.config.word_token_id).any()):
                    raise ValueError(
                        "input_ids hold words but no word_characters: encode text with this "
                        "model's own tokenizer (AutoTokenizer with trust_remote_code=True)"
                    )
                word_characters = torch.zeros(0, dtype=torch.long, device=input_ids.device)
            inputs_embeds = self.embed_inputs(input_ids, word_characters)
        optional = {"token_type_ids": token_type_ids, "position_ids": position_ids}
        kwargs |= {name: value for name, value in optional.items()
                   if value is not None and name in self.encoder_inputs}
        for name in OUTPUT_SETTINGS:  # the encoder would read its own configuration's
            if kwargs.get(name) is None:
                kwargs[name] = getattr(self.config, name)
        return self.transformer(inputs_embeds=inputs_embeds, attention_mask=attention_mask, **kwargs)

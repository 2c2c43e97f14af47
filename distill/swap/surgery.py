"""Surgery: put a trained student in place of a transformer's word-embedding table.

Only the word-embedding module is replaced; everything after it (position and
token-type embeddings, LayerNorm, dropout) stays, as CharacterBERT's
``BertCharacterEmbeddings`` does (helboukkouri/character-bert, ``modeling/character_bert.py``) and as the
paper's Figure 2 shows. Two forms:

* **live** — :class:`StudentEmbedding` maps each input id to its token string and runs
  the student; :meth:`StudentEmbedding.embed_words` embeds any string, in the
  vocabulary or not, which is the vocabulary-free entry point.
* **baked** — the student's vectors for the whole vocabulary, computed once and written
  into an ordinary ``nn.Embedding``; :func:`save_swapped` saves such a model as a
  standard checkpoint that ``transformers`` loads with no code of ours.

In both, rows the teacher left out (BERT's ``[unused…]``, paper §3) keep the model's
own values, and a student trained with a norm-free loss is rescaled to the teacher's
mean row norm (paper §2.2) unless ``rescale=False``. An MLM decoder tied to the input
table keeps the teacher's table, the model's output vocabulary, unless ``tie_output``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import torch
import transformers
from torch import Tensor, nn
from transformers import AutoConfig, AutoModel, PreTrainedModel, PreTrainedTokenizerBase

from distill.config.bounds import LAYER_KEYS
from distill.devices import on_device
from distill.errors import DistillError
from distill.files.atomic import atomic_write_text
from distill.swap.packaging import (
    MODEL_CARD,
    copy_sentence_transformers_files,
    evaluation_scores,
    model_card,
    refuse_used_folder,
    source_metadata,
    staged_folder,
)
from students import StudentEncoder
from teachers import input_embeddings, load_tokenizer, quiet_transformers, resolve_model_path, select_rows
from teachers.loading import EMBEDDED, MODEL_LOAD_ERRORS, model_load_failure

MODES = ("live", "baked")
BAKED_USAGE = """```python
from transformers import AutoModel

model = AutoModel.from_pretrained(FOLDER)  # an ordinary checkpoint: no code of its own
```"""
SURGERY_RECORD = "surgery.json"
# Provenance key of a student trained without the special tokens' rows, which then keep the
# model's own values (CharacterBERT likewise gives [CLS], [SEP], [PAD], [MASK] dedicated ids).
SPECIAL_ROWS_KEY = "keep_special_rows"


class LoadedModel(NamedTuple):
    model: PreTrainedModel
    path: str
    revision: str


def load_transformer(name_or_path: str | None, revision: str | None = None) -> LoadedModel:
    """The model in its checkpoint's own architecture (``config.architectures``), heads included.

    ``AutoModel`` would drop the MLM and NSP heads that evaluation needs; an architecture
    that ``transformers`` does not define falls back to ``AutoModel``. No remote code runs.
    A model without input word embeddings is refused here, before anything else is loaded.
    """
    path, resolved_revision = resolve_model_path(name_or_path, revision)
    try:
        with quiet_transformers():  # trust_remote_code=False said, or transformers asks on stdin and may run it
            config = AutoConfig.from_pretrained(path, trust_remote_code=False)
            model = _model_class(config).from_pretrained(path, config=config, trust_remote_code=False,
                                                         use_safetensors=True)
    except MODEL_LOAD_ERRORS as error:
        raise model_load_failure(path, error) from None
    input_embeddings(model)
    return LoadedModel(model.eval(), path, resolved_revision)


def _model_class(config: transformers.PretrainedConfig) -> type[PreTrainedModel] | type[AutoModel]:
    for name in config.architectures or ():
        candidate = getattr(transformers, name, None)
        if isinstance(candidate, type) and issubclass(candidate, PreTrainedModel):
            return candidate
    return AutoModel


class StudentEmbedding(nn.Module):
    """Live surgery: input ids → token strings → student vectors.

    The vocabulary is encoded once (a buffer); a forward pass runs the student on the
    distinct ids of the batch only. Ids of rows the teacher left out read the model's
    original row. Behaves like the ``nn.Embedding`` it replaces for ``input_ids``.

    Args:
        student: the trained student; its ``dim`` must be the table's width.
        tokens: the student input string of each kept row.
        ids: ``(len(tokens),)`` vocabulary ids of those rows.
        table: the embedding module being replaced (its width, padding row and the
            values of the rows left out).
        rescale: apply the student's ``rescale_norm`` (paper §2.2) when it has one.
    """

    encoded: Tensor  # the buffers registered in __init__
    student_row: Tensor
    fixed_row: Tensor
    fixed_rows: Tensor

    def __init__(
        self, student: StudentEncoder, tokens: Sequence[str], ids: Tensor, table: nn.Embedding, *, rescale: bool = True
    ) -> None:
        super().__init__()
        if student.dim != table.embedding_dim:
            raise DistillError(
                f"student dim {student.dim} differs from the model's hidden size {table.embedding_dim}; "
                "train a student on this model's embedding table"
            )
        device = table.weight.device
        self.student, self.rescale, self.padding_idx = student.to(device), rescale, table.padding_idx
        self.num_embeddings, self.embedding_dim = table.num_embeddings, table.embedding_dim
        student_row = torch.full((self.num_embeddings,), -1, dtype=torch.long)
        student_row[ids] = torch.arange(len(ids))
        left_out = (student_row < 0).nonzero().squeeze(1)
        fixed_row = torch.full((self.num_embeddings,), -1, dtype=torch.long)
        fixed_row[left_out] = torch.arange(len(left_out))
        # Derived from the vocabulary and the original table, so not part of the state dict.
        self.register_buffer("encoded", student.encode(list(tokens)).to(device), persistent=False)
        self.register_buffer("student_row", student_row.to(device), persistent=False)
        self.register_buffer("fixed_row", fixed_row.to(device), persistent=False)
        self.register_buffer("fixed_rows", table.weight.detach()[left_out.to(device)].clone(), persistent=False)

    @classmethod
    def from_model(
        cls,
        model: PreTrainedModel,
        student: StudentEncoder,
        tokenizer: PreTrainedTokenizerBase,
        *,
        rescale: bool = True,
    ) -> StudentEmbedding:
        """For ``model``'s current table, with the teacher's kept rows of ``tokenizer``'s vocabulary
        (without the special tokens for a student trained with ``keep_special_rows``)."""
        table = input_embeddings(model)
        rows = select_rows(tokenizer, table.num_embeddings)
        keep_special = bool(student.provenance.get(SPECIAL_ROWS_KEY, False))
        kept = [index for index, special in enumerate(rows.is_special) if not (keep_special and special)]
        ids = torch.tensor([rows.ids[index] for index in kept], dtype=torch.long)
        return cls(student, [rows.tokens[index] for index in kept], ids, table, rescale=rescale)

    def extra_repr(self) -> str:
        kept = len(self.encoded)
        return f"{self.num_embeddings}, {self.embedding_dim}, student_rows={kept}, rescale={self.rescale}"

    def student_vectors(self, encoded: Tensor) -> Tensor:
        """The student's vectors for encoded strings, rescaled when ``rescale`` (paper §2.2)."""
        return self.student.embed(encoded) if self.rescale else self.student(encoded)

    def embed_words(self, words: Sequence[str]) -> Tensor:
        """``(len(words), dim)`` vectors for any strings, in the vocabulary or not."""
        return self.student_vectors(self.student.encode(list(words)))

    def rows(self, ids: Tensor) -> Tensor:
        """The input vector of each id in the 1-d tensor ``ids``."""
        student_row = self.student_row[ids]
        from_student = student_row >= 0
        vectors = self.fixed_rows.new_empty(len(ids), self.embedding_dim)
        vectors[from_student] = self.student_vectors(self.encoded[student_row[from_student]]).to(vectors.dtype)
        vectors[~from_student] = self.fixed_rows[self.fixed_row[ids[~from_student]]]
        return vectors

    def forward(self, input_ids: Tensor) -> Tensor:
        distinct, inverse = torch.unique(input_ids, return_inverse=True)
        return self.rows(distinct)[inverse]

    @torch.no_grad()
    def bake(self, batch_size: int = 1024) -> Tensor:
        """The ``(num_embeddings, dim)`` table of every row, computed once in eval mode."""
        was_training = self.training
        self.eval()
        try:
            ids = torch.arange(self.num_embeddings, device=self.fixed_rows.device)
            return torch.cat([self.rows(block) for block in ids.split(batch_size)])
        finally:
            self.train(was_training)

    def baked(self, batch_size: int = 1024) -> nn.Embedding:
        """Baked surgery: an ordinary ``nn.Embedding`` holding :meth:`bake`'s table."""
        return nn.Embedding.from_pretrained(self.bake(batch_size), freeze=False, padding_idx=self.padding_idx)


def swap_student(
    model: PreTrainedModel,
    student: StudentEncoder,
    tokenizer: PreTrainedTokenizerBase,
    *,
    mode: str = "live",
    rescale: bool = True,
    tie_output: bool = False,
) -> StudentEmbedding | nn.Embedding:
    """Replace ``model``'s word embeddings by ``student`` in place; return the new module.

    The student moves to the model's device. Tying is switched off in the config so that
    neither ``tie_weights()`` nor a reload of a saved checkpoint re-ties the MLM decoder
    to the new table: the decoder keeps the teacher's table. With ``tie_output`` the
    decoder gets the student's baked table instead (in baked mode tied to the input
    table, and saved so; in live mode a snapshot, since a live table has no weight).
    """
    if mode not in MODES:
        raise DistillError(f"unknown surgery mode {mode!r}; valid modes: {', '.join(MODES)}")
    output = model.get_output_embeddings()
    if tie_output and output is None:
        raise DistillError(f"{type(model).__name__} has no output embedding layer to tie to the student")
    live = StudentEmbedding.from_model(model, student, tokenizer, rescale=rescale)
    replacement = live if mode == "live" else live.baked()
    untie_weights(model)
    model.set_input_embeddings(replacement)
    if tie_output and mode == "baked":
        # transformers' own tying: the decoder weight to the new table, and every other tie
        # the model declares (BERT's decoder bias) back to what it was before untie_weights.
        model.config.tie_word_embeddings = True
        model.all_tied_weights_keys = model.get_expanded_tied_weights_keys(all_submodels=True)
        model.tie_weights()
    elif tie_output:
        output.weight = nn.Parameter(live.bake())
    return replacement


def untie_weights(model: PreTrainedModel) -> None:
    """Give every tied parameter its own copy and switch tying off in the config.

    In transformers 5 ``config.tie_word_embeddings`` gates the whole ``_tied_weights_keys``
    mapping, the decoder bias tie included; a parameter that still shared storage would
    be saved once and come back missing, so each one is copied.
    """
    for target in model.get_expanded_tied_weights_keys(all_submodels=True):
        parent_name, _, name = target.rpartition(".")
        parent = model.get_submodule(parent_name)
        setattr(parent, name, nn.Parameter(getattr(parent, name).detach().clone()))
    model.config.tie_word_embeddings = False
    model.all_tied_weights_keys = {}


@contextmanager
def swapped_input_embeddings(model: PreTrainedModel, embeddings: nn.Module) -> Iterator[PreTrainedModel]:
    """Run ``model`` with ``embeddings`` as its word-embedding module, then put the original back.

    Only the input module changes, so an MLM decoder keeps its own (teacher's) table.
    """
    original = model.get_input_embeddings()
    model.set_input_embeddings(embeddings)
    try:
        yield model
    finally:
        model.set_input_embeddings(original)


def layer_stack(model: PreTrainedModel) -> nn.ModuleList:
    """The list of ``model``'s transformer blocks (BERT's ``encoder.layer``, DistilBERT's ``transformer.layer``...):
    the ``nn.ModuleList`` with as many entries as the configuration has layers."""
    settings = model.config.to_dict()
    count = next((settings[key] for key in LAYER_KEYS if isinstance(settings.get(key), int)), None)
    stacks = [module for module in model.modules() if isinstance(module, nn.ModuleList) and len(module) == count]
    if not stacks:
        raise DistillError(f"{type(model).__name__} has no list of its {count} layers")
    return stacks[0]


@contextmanager
def first_layers(model: PreTrainedModel, depth: int) -> Iterator[PreTrainedModel]:
    """Run ``model`` through its first ``depth`` blocks only, then put every block back: ``hidden_states[k]`` for
    ``k <= depth`` is what the whole model computes, at a fraction of its cost."""
    stack = layer_stack(model)
    blocks = list(stack)
    if depth >= len(blocks):
        yield model
        return
    del stack[depth:]
    try:
        yield model
    finally:
        stack.extend(blocks[depth:])


def save_swapped(
    model_name_or_path: str | None,
    student: StudentEncoder,
    out_dir: str | os.PathLike[str],
    *,
    rescale: bool = True,
    tie_output: bool = False,
    revision: str | None = None,
    device: str | torch.device = "cpu",
    tracking_uri: str | None = None,
) -> Path:
    """Bake ``student`` into the model and save a standard Hugging Face checkpoint in ``out_dir``.

    Writes config, safetensors weights, tokenizer, ``surgery.json`` (what was swapped in,
    for provenance), a model card and the source's sentence-transformers files (so that
    ``SentenceTransformer(out_dir)`` is the source's pipeline with the new table) into a
    temporary folder beside ``out_dir``, then renames it, so ``out_dir`` is either absent
    or complete. An existing non-empty ``out_dir`` is refused.
    """
    out = Path(out_dir)
    refuse_used_folder(out)
    loaded = load_transformer(model_name_or_path, revision)
    tokenizer = load_tokenizer(loaded.path)
    # PreTrainedModel.to is wrapped in functools.wraps, which type checkers take for an unbound method.
    model = on_device(loaded.model, device)
    swap_student(model, student, tokenizer, mode="baked", rescale=rescale, tie_output=tie_output)
    model.cpu()
    record = {
        "model": model_name_or_path or "embedded",
        "model_revision": loaded.revision,
        "architecture": type(model).__name__,
        "form": "baked",
        "student": student.config.to_dict(),
        "rescale": rescale and student.rescale_norm is not None,
        "tie_output": tie_output,
        "options": {"rescale": rescale and student.rescale_norm is not None, "tie_output": tie_output},
        "source": source_metadata(model_name_or_path or EMBEDDED, Path(loaded.path)),
        "heads": model.get_output_embeddings() is not None,
    }
    with staged_folder(out) as staging:
        with quiet_transformers():
            model.save_pretrained(staging)
            tokenizer.save_pretrained(staging)
        record["sentence_transformers"] = bool(copy_sentence_transformers_files(Path(loaded.path), staging))
        atomic_write_text(staging / SURGERY_RECORD, json.dumps(record, indent=2, sort_keys=True))
        scores = evaluation_scores(student.provenance.get("run_id"), tracking_uri)
        usage = BAKED_USAGE.replace("FOLDER", repr(out.name))
        (staging / MODEL_CARD).write_text(model_card({**record, "usage": usage}, scores, out.name))
    return out

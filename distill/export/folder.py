"""Vocabulary-free export: a folder that runs the student on whole words, with no workbench code.

``distill surgery --vocabulary-free`` writes a Hugging Face custom model (the ``auto_map``
convention): ``AutoModel``, ``AutoTokenizer`` and ``SentenceTransformer`` load it with
``trust_remote_code=True`` in any Python with transformers. The folder holds

* its code, every file a copy of the repository's, byte for byte, as transformers' ``custom_object_save`` copies
  a custom model's code (:mod:`distill.export.code` chooses it): ``configuration_vocabfree.py``,
  ``modeling_vocabfree.py`` and ``tokenization_vocabfree.py`` from ``distill/export/template/`` with the modules they
  import there (the tokenizer's ``tokenization_words.py``, ``tokenization_batch.py`` and ``tokenization_files.py``,
  and the caches' ``recently_used.py``),
  its ``families.py`` (``template/families_<family>.py``, naming the student's family alone), and the modules of
  ``students/`` these import relatively (that family's module and what it imports, ``segmenter.py``): the code it
  runs and no other; transformers' own ``save_pretrained`` writes them,
  ``config.json`` (the source encoder's configuration under ``encoder``, the student's and its class under
  ``student`` and ``student_class``) and ``auto_map``, the classes being registered with ``register_for_auto_class``;
* ``model.safetensors``: the source model's weights, the student's under ``student.``, and
  a word-embedding table of the special tokens only (with ``--keep-vocabulary``, the
  source's whole table);
* with a word segmenter (:mod:`distill.swap.segmentation`; WordPiece sources), ``segmenter.py`` (copied from
  ``students/segmenter.py``) and ``segmenter.safetensors`` (a Bloom filter of the source's pieces): the tokenizer
  then gives each word the positions the source tokenizer would, as the evaluation's segmented vocabulary-free
  path does;
* the source tokenizer's normaliser and pre-tokeniser (``word_splitter.json``, from
  :class:`teachers.words.WordSplitter`: WordPiece, byte-level BPE and SentencePiece families),
  the ids of the special tokens (``vocabulary.json``), where the source places them
  (``tokenizer_config.json``) and the source's sentence-transformers files.

A word (or predicted piece) gets exactly the vector :meth:`distill.swap.surgery.StudentEmbedding.embed_words` gives
it, and a special token its row of the baked table, so the model computes what the evaluation's vocabulary-free path
(:mod:`distill.swap.vocabulary_free`) computes with the same segmenter, or without one for a text whose words are
all merged.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import save_file
from torch import Tensor
from transformers import PreTrainedModel, PreTrainedTokenizerBase

from distill.errors import DistillError
from distill.export.code import TEMPLATE_DIR, code_files, code_package, family_module
from distill.export.unknown_words import UNKNOWN_WORD_WEIGHT, unknown_words_of
from distill.swap.packaging import (
    MODEL_CARD,
    copy_sentence_transformers_files,
    evaluation_scores,
    model_card,
    refuse_used_folder,
    sentence_transformers_folders,
    source_metadata,
    staged_folder,
)
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import SURGERY_RECORD, StudentEmbedding, load_transformer
from students import StudentEncoder, StudentError
from students.families import FAMILIES
from students.segmenter import WordSegmenter
from teachers import input_embeddings, load_tokenizer, quiet_transformers
from teachers.loading import EMBEDDED
from teachers.vocabulary import special_token_ids
from teachers.words import WordSplitter

SHIPPED_PRECISION = "int8"  # how a student that stores its table of rows smaller (ngrams) is exported by default
# VocabFreeTokenizer.vocab_files_names
WORD_SPLITTER, VOCABULARY, SEGMENTER = "word_splitter.json", "vocabulary.json", "segmenter.safetensors"
# The encoder families exported and tested (transformers' model_type): each runs on inputs_embeds.
ENCODER_TYPES = ("bert", "distilbert", "roberta", "xlm-roberta", "mpnet")
Template = list[tuple[str, int]]  # special tokens and texts ($A, $B) in order, with their token types
USAGE = """```python
from sentence_transformers import SentenceTransformer
from transformers import AutoModel, AutoTokenizer

# trust_remote_code: the folder's own modelling and tokenizer code embeds each word from its characters.
model = AutoModel.from_pretrained(FOLDER, trust_remote_code=True)
tokenizer = AutoTokenizer.from_pretrained(FOLDER, trust_remote_code=True)
states = model(**tokenizer(["a mispelled sentense"], padding=True, return_tensors="pt")).last_hidden_state
sentences = SentenceTransformer(FOLDER, trust_remote_code=True).encode(["a mispelled sentense"])
```"""


def export_folder(parent: Path, student: StudentEncoder, *labels: str) -> Path:
    """A folder under ``parent`` for an export of ``student`` that a process loads beside other exports, named by the
    student's family and ``labels`` (``ngrams-int8``): transformers imports an export's code once per folder name and
    process, so an export of another family loaded earlier under the same name would answer for this one."""
    return parent / "-".join((family_module(student), *labels))


def special_token_templates(tokenizer: PreTrainedTokenizerBase) -> tuple[Template, Template]:
    """Where the source puts its special tokens around one text and around a pair, with the token types:
    ``[("[CLS]", 0), ("$A", 0), ("[SEP]", 0)]`` for BERT, ``..., ("</s>", 0), ("</s>", 0), ("$B", 0), ...``
    for RoBERTa (read from the source's own encodings of ``"a"`` and ``("a", "b")``)."""
    templates = []
    for texts in (("a",), ("a", "b")):
        encoding = tokenizer(*texts)
        tokens = tokenizer.convert_ids_to_tokens(encoding["input_ids"])
        types = encoding.get("token_type_ids") or [0] * len(tokens)
        template: Template = []
        for token, sequence, kind in zip(tokens, encoding.sequence_ids(), types):
            item = str(token) if sequence is None else ("$A", "$B")[sequence]
            if sequence is None or (item, kind) != (template[-1] if template else None):
                template.append((item, int(kind)))
        if sorted(item for item, _ in template if item.startswith("$")) != ["$A", "$B"][: len(texts)]:
            raise DistillError(f"{type(tokenizer).__name__} drops or repeats a text when adding special tokens")
        templates.append(template)
    return templates[0], templates[1]


def word_table(
    live: StudentEmbedding, tokenizer: PreTrainedTokenizerBase, splitter: WordSplitter, table: Tensor, *,
    keep_vocabulary: bool,
) -> tuple[Tensor, dict[str, int], int]:
    """``(table, vocabulary, word_token_id)`` of the export.

    Without ``keep_vocabulary`` the table holds the special tokens' rows of the baked
    table, renumbered from 0, and a last zero row for ``word_token_id``. With it, the
    source's own table, its special tokens and every vocabulary entry the source gives to a word
    spelt as it is, as one piece (not WordPiece's ``##`` continuations).
    """
    specials = sorted(special_token_ids(tokenizer))
    if keep_vocabulary:
        entries = {token: index for token, index in tokenizer.get_vocab().items() if index < len(table)}
        vocabulary = splitter.whole_word_tokens(entries)
        vocabulary |= {str(token): index for token, index in zip(tokenizer.convert_ids_to_tokens(specials), specials)}
        rows = table
    else:
        vocabulary = {token: row for row, token in enumerate(tokenizer.convert_ids_to_tokens(specials))}
        rows = live.rows(torch.tensor(specials, dtype=torch.long, device=table.device))
    word_row = rows.new_zeros(1, rows.shape[1])
    return torch.cat([rows, word_row]).detach().cpu(), vocabulary, len(rows)


def check_source(base: PreTrainedModel, student: StudentEncoder) -> None:
    """Refuse, in one line, an encoder family the export does not know, a student of another width and one whose
    class the export's code does not carry."""
    family = type(student).__name__
    if FAMILIES.get(family) is not type(student) or not (TEMPLATE_DIR / f"families_{family_module(student)}.py"
                                                          ).is_file():
        raise DistillError(f"a vocabulary-free export carries the student families of students/families.py "
                           f"({', '.join(FAMILIES)}); {family} is not one")
    model_type = base.config.model_type
    if model_type not in ENCODER_TYPES:
        raise DistillError(f"--vocabulary-free exports {', '.join(ENCODER_TYPES)} encoders; "
                           f"{type(base).__name__} ({model_type}) is not one")
    hidden = input_embeddings(base).embedding_dim
    if student.config.dim != hidden:
        raise DistillError(f"the student's vectors have {student.config.dim} dimensions but the hidden size of "
                           f"{type(base).__name__} is {hidden}; train a student for this model")


def export_vocabulary_free(
    model_name_or_path: str | None,
    student: StudentEncoder,
    out_dir: str | Path,
    *,
    keep_vocabulary: bool = False,
    rescale: bool = True,
    revision: str | None = None,
    tracking_uri: str | None = None,
    segment_words: bool = True,
    precision: str | None = None,
    unknown_word_weight: float | None = UNKNOWN_WORD_WEIGHT,
    quiet: bool = False,
) -> Path:
    """Write the vocabulary-free model of ``student`` swapped into an encoder (BERT, DistilBERT, RoBERTa,
    XLM-R, MPNet) to ``out_dir``; a source that cannot be exported is refused before anything is written.
    With ``segment_words`` and a WordPiece source, each word takes the positions the source tokenizer gives it
    (:func:`distill.swap.segmentation.segmenter_for`); otherwise one position. ``precision`` is how the student's
    table of rows is stored (:meth:`students.StudentEncoder.at_precision`); default: int8 where the student stores
    its table smaller, else float32. ``unknown_word_weight`` is how much of a word the source reads as its unknown
    token is the student's (:mod:`distill.export.unknown_words`; None: every word is the student's vector as it
    is)."""
    out = Path(out_dir)
    refuse_used_folder(out)
    parameters = sum(parameter.numel() for parameter in student.parameters())
    student = stored_student(student, precision)
    loaded = load_transformer(model_name_or_path, revision)
    base = loaded.model.base_model
    assert isinstance(base, PreTrainedModel)  # base_model is the model itself or its encoder
    check_source(base, student)
    tokenizer = load_tokenizer(loaded.path)
    splitter = WordSplitter.for_tokenizer(tokenizer)  # refuses a family without one, in one line
    templates = special_token_templates(tokenizer)
    sentence_transformers_folders(Path(loaded.path))  # a bad modules.json is refused before anything is built
    segmenter = segmenter_for(tokenizer) if segment_words and splitter.family.continuation else None
    with torch.no_grad():
        live = StudentEmbedding.from_model(loaded.model, student, tokenizer, rescale=rescale).eval()
        table, vocabulary, word_token_id = word_table(
            live, tokenizer, splitter, input_embeddings(loaded.model).weight, keep_vocabulary=keep_vocabulary
        )
    unknown_words = unknown_words_of(tokenizer, input_embeddings(loaded.model).weight.detach().cpu(), vocabulary,
                                     segmenter, unknown_word_weight)
    student = student.cpu()
    weights = {key: value.detach().cpu() for key, value in base.state_dict().items()}
    weights[f"{embedding_module_name(base)}.weight"] = table
    rescale_norm = student.rescale_norm if rescale else None
    encoder = {**base.config.to_dict(), "vocab_size": len(table), "pad_token_id": vocabulary[tokenizer.pad_token]}
    record: dict[str, Any] = {
        "model": model_name_or_path or "embedded",
        "model_revision": loaded.revision,
        "architecture": type(base).__name__,
        "form": "vocabulary-free",
        "student": student.config.to_dict(),
        "options": {"vocabulary_free": True, "keep_vocabulary": keep_vocabulary,
                    "rescale": rescale_norm is not None, "segment_words": segmenter is not None,
                    "precision": student.hparams.get("precision", "fp32"),
                    "unknown_word_weight": None if unknown_words is None else unknown_words.weight},
        "source": source_metadata(model_name_or_path or EMBEDDED, Path(loaded.path)),
        "size": {"parameters": parameters,
                 "bytes": sum(tensor.numel() * tensor.element_size() for tensor in student.state_dict().values()),
                 "precision": student.hparams.get("precision", "fp32"), "table_rows": len(live.encoded),
                 "table_bytes": len(live.encoded) * student.dim * 4},
    }
    with staged_folder(out) as staging, tempfile.TemporaryDirectory() as code_dir, \
            code_package(write_code(Path(code_dir), family_module(student), splitter, vocabulary,
                                    segmenter)) as code:
        config = code("configuration_vocabfree").VocabFreeConfig(
            encoder=encoder, encoder_options=pooler_option(base), rescale_norm=rescale_norm,
            student=student_record(student), student_class=type(student).__name__, word_token_id=word_token_id,
            **(unknown_words.config() if unknown_words else {}),
        )
        config.register_for_auto_class()
        model_class = code("modeling_vocabfree").VocabFreeModel
        model_class.register_for_auto_class("AutoModel")
        model = model_class(config).eval()
        model.transformer.load_state_dict(weights)
        model.student.load_state_dict(student.state_dict())
        if unknown_words:
            model.unknown_word_anchor.copy_(unknown_words.anchor)
        with quiet_transformers():
            model.save_pretrained(staging)
        tokenizer_class = code("tokenization_vocabfree").VocabFreeTokenizer
        tokenizer_class.register_for_auto_class("AutoTokenizer")
        segmenter_files = {} if segmenter is None else {"segmenter_config": dataclasses.asdict(segmenter.config),
                                                         "segmenter_file": str(Path(code_dir) / SEGMENTER)}
        exported = tokenizer_class(
            str(Path(code_dir) / WORD_SPLITTER), str(Path(code_dir) / VOCABULARY), word_token_id,
            *templates, type(student).__name__, student_record(student), **segmenter_files,
            **tokenizer_settings(tokenizer, base), mark_unknown_words=unknown_words is not None,
        )
        exported.save_pretrained(staging)
        record["sentence_transformers"] = bool(copy_sentence_transformers_files(Path(loaded.path), staging))
        write_json(staging / SURGERY_RECORD, record)
        scores = evaluation_scores(student.provenance.get("run_id"), tracking_uri)
        usage = USAGE.replace("FOLDER", repr(out.name))
        (staging / MODEL_CARD).write_text(model_card({**record, "usage": usage}, scores, out.name))
    return out


def student_record(student: StudentEncoder) -> dict[str, Any]:
    """The student's configuration as the export's model and tokenizer make it (the model's ``rescale_norm`` is
    the one applied: None with ``--no-rescale``)."""
    return {**student.config.to_dict(), "rescale_norm": None}


def shipped_precision(student: StudentEncoder) -> str:
    """The precision ``student``'s table of rows is exported at unless asked otherwise."""
    return SHIPPED_PRECISION if "precision" in student.hparams else "fp32"


def stored_student(student: StudentEncoder, precision: str | None) -> StudentEncoder:
    """``student`` with its table of rows at ``precision`` (default: :data:`SHIPPED_PRECISION` where the student
    stores one smaller)."""
    if precision is None:
        precision = shipped_precision(student)
    if precision == student.hparams.get("precision", "fp32"):
        return student
    try:
        return student.at_precision(precision)
    except StudentError as error:
        raise DistillError(f"--precision {precision}: {error}") from None


def write_code(folder: Path, family: str, splitter: WordSplitter, vocabulary: dict[str, int],
               segmenter: WordSegmenter | None = None) -> Path:
    """The export's code (:func:`distill.export.code.code_files`) and word files, in ``folder``: the segmenter's
    weights when there is one, the word splitter and the vocabulary of the positions that read the table."""
    for name, source in code_files(family).items():
        shutil.copyfile(source, folder / name)
    if segmenter is not None:
        save_file({key: value.detach().contiguous().cpu() for key, value in segmenter.state_dict().items()},
                  str(folder / SEGMENTER))
    splitter.pipeline().save(str(folder / WORD_SPLITTER))
    write_json(folder / VOCABULARY, vocabulary)
    return folder


def embedding_module_name(base: PreTrainedModel) -> str:
    """The dotted name of ``base``'s word-embedding module (``embeddings.word_embeddings``)."""
    table = input_embeddings(base)
    return next(name for name, module in base.named_modules() if module is table)


def pooler_option(base: PreTrainedModel) -> dict[str, Any]:
    """The source's ``add_pooling_layer`` (BERT, RoBERTa, XLM-R and MPNet may be built without a pooler)."""
    return {"add_pooling_layer": base.pooler is not None} if hasattr(base, "pooler") else {}


def tokenizer_settings(tokenizer: PreTrainedTokenizerBase, base: PreTrainedModel) -> dict[str, Any]:
    """The exported tokenizer's special tokens, length limit and inputs (token types only where the source's
    tokenizer gives them and its model takes them: not DistilBERT's)."""
    special_tokens = ("bos_token", "eos_token", "unk_token", "pad_token", "cls_token", "sep_token", "mask_token")
    max_positions = getattr(base.config, "max_position_embeddings", tokenizer.model_max_length)
    accepted = inspect.signature(base.forward).parameters
    inputs = [name for name in tokenizer.model_input_names if name != "token_type_ids" or name in accepted]
    padding_idx = getattr(getattr(base, "embeddings", None), "padding_idx", None)
    if padding_idx is not None:  # RoBERTa, XLM-R and MPNet number positions from padding_idx + 1
        max_positions -= padding_idx + 1
    return {
        "model_max_length": min(tokenizer.model_max_length, max_positions),
        "model_input_names": [*inputs, "word_characters"],
        **{name: str(getattr(tokenizer, name)) for name in special_tokens if getattr(tokenizer, name, None)},
    }


def write_json(path: Path, content: dict[str, Any]) -> None:
    path.write_text(json.dumps(content, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")

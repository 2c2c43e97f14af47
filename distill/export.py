"""Vocabulary-free export: a folder that runs the student on whole words, with no workbench code.

``distill surgery --vocabulary-free`` writes a Hugging Face custom model (the ``auto_map``
convention): ``AutoModel``, ``AutoTokenizer`` and ``SentenceTransformer`` load it with
``trust_remote_code=True`` in any Python with transformers. The folder holds

* ``modeling_vocabfree.py``, ``tokenization_vocabfree.py`` and ``student_base.py``, copied
  from ``distill/export_template/``;
* the student's module (and the ``students`` modules it imports) copied verbatim from
  ``students/``, with only its workbench imports pointed at ``student_base.py``, and a
  two-line ``student.py`` naming its class and its word encoder;
* ``model.safetensors``: the source model's weights, the student's under ``student.``, and
  a word-embedding table of the special tokens only (with ``--keep-vocabulary``, the
  source's whole table);
* the source tokenizer's normaliser and pre-tokeniser (``word_splitter.json``), the ids
  of the special tokens (``vocabulary.json``) and the source's sentence-transformers files.

A word gets exactly the vector :meth:`distill.surgery.StudentEmbedding.embed_words` gives it,
and a special token its row of the baked table, so the model computes what the
evaluation's whole-word path (:mod:`distill.evaluation.wholeword`) computes for a text
whose words are all merged.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import re
import shutil
from pathlib import Path
from typing import Any

import torch
from safetensors import safe_open
from safetensors.torch import save_file
from tokenizers import Tokenizer
from tokenizers.models import WordLevel
from torch import Tensor
from transformers import BertModel, PreTrainedTokenizerBase

from distill.errors import DistillError, first_line
from distill.packaging import (
    MODEL_CARD,
    copy_sentence_transformers_files,
    evaluation_scores,
    model_card,
    refuse_used_folder,
    staged_folder,
)
from distill.surgery import SURGERY_RECORD, StudentEmbedding, load_transformer
from distill.userfiles import read_json_mapping
from students import StudentEncoder, StudentError
from students.registry import resolve_student
from teachers import input_embeddings, load_tokenizer
from teachers.vocabulary import special_token_ids
from teachers.wordpiece import continuation_prefix

TEMPLATE_DIR = Path(__file__).parent / "export_template"
MODEL_TYPE = "vocab-free-bert"  # VocabFreeBertConfig.model_type in export_template/modeling_vocabfree.py
STUDENT_PREFIX = "student."  # the student's weights in model.safetensors
TEMPLATE_FILES = ("modeling_vocabfree.py", "tokenization_vocabfree.py", "student_base.py")
# The workbench modules a student's code may import, and what the export gives it instead
# (``students.config``, ``students.errors`` and ``foundation.checks`` import nothing else and are copied as they are).
WORKBENCH_MODULES = {"students.base": "student_base", "students.registry": "student_base"}
CARRIED_PACKAGES = ("students", "foundation")  # whose modules an export copies beside the student's
IMPORT = re.compile(r"^from ((?:students|distill|foundation)\.\w+) import ", re.MULTILINE)
USAGE = """```python
from sentence_transformers import SentenceTransformer
from transformers import AutoModel, AutoTokenizer

# trust_remote_code: the folder's own modelling and tokenizer code embeds each word from its characters.
model = AutoModel.from_pretrained(FOLDER, trust_remote_code=True)
tokenizer = AutoTokenizer.from_pretrained(FOLDER, trust_remote_code=True)
states = model(**tokenizer(["a mispelled sentense"], padding=True, return_tensors="pt")).last_hidden_state
sentences = SentenceTransformer(FOLDER, trust_remote_code=True).encode(["a mispelled sentense"])
```"""


def student_sources(student: StudentEncoder) -> dict[str, str]:
    """File name → source of the student's class module and of every ``students`` module it imports.

    Their imports of the workbench's base class, registry and error type are pointed at
    ``student_base.py``, and imports of other ``students`` and ``foundation`` modules made relative; any other
    workbench import is refused (the export would not load without the workbench).
    """
    function, _ = student.word_encoder()
    pending = [type(student).__module__, function.__module__]
    sources: dict[str, str] = {}
    while pending:
        module = pending.pop()
        name = f"{module.rpartition('.')[2]}.py"
        if name not in sources:
            source = inspect.getsource(importlib.import_module(module))
            sources[name] = IMPORT.sub(functools.partial(relative_import, module, pending), source)
    return sources


def relative_import(module: str, pending: list[str], match: re.Match[str]) -> str:
    """The export's head for an ``IMPORT`` line of ``module``; ``students`` modules join ``pending``."""
    imported = match[1]
    if imported in WORKBENCH_MODULES:
        return f"from .{WORKBENCH_MODULES[imported]} import "
    if imported.partition(".")[0] not in CARRIED_PACKAGES:
        raise DistillError(f"{module} imports {imported}; a vocabulary-free export cannot carry it")
    pending.append(imported)
    return f"from .{imported.rpartition('.')[2]} import "


def student_index(student: StudentEncoder) -> str:
    """``student.py``: which class embeds the words, and which function encodes their characters."""
    function, _ = student.word_encoder()
    cls = type(student)
    return (
        '"""The student of this model, from the distill workbench\'s ``students`` package."""\n\n'
        f"from .{cls.__module__.rpartition('.')[2]} import {cls.__name__} as Student\n"
        f"from .{function.__module__.rpartition('.')[2]} import {function.__name__} as encode_words\n\n"
        '__all__ = ["Student", "encode_words"]\n'
    )


def special_tokens_around(tokenizer: PreTrainedTokenizerBase) -> tuple[list[str], list[str]]:
    """The special tokens the tokenizer puts before and after a single text's tokens."""
    content = tokenizer("a", add_special_tokens=False)["input_ids"]
    full = tokenizer("a")["input_ids"]
    tokens = [str(token) for token in tokenizer.convert_ids_to_tokens(full)]
    for start in range(len(full) - len(content) + 1):
        if full[start : start + len(content)] == content:
            return tokens[:start], tokens[start + len(content) :]
    raise DistillError(f"{type(tokenizer).__name__} changes a text's tokens when adding special tokens")


def word_splitter(tokenizer: PreTrainedTokenizerBase) -> Tokenizer:
    """A ``tokenizers`` pipeline with the source's normaliser and pre-tokeniser and no vocabulary."""
    backend: Tokenizer | None = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None:
        raise DistillError(f"{type(tokenizer).__name__} has no fast (tokenizers) pipeline to split words with")
    splitter = Tokenizer(WordLevel({tokenizer.unk_token: 0}, unk_token=tokenizer.unk_token))
    if backend.normalizer is not None:
        splitter.normalizer = backend.normalizer
    if backend.pre_tokenizer is not None:
        splitter.pre_tokenizer = backend.pre_tokenizer
    return splitter


def word_table(
    live: StudentEmbedding, tokenizer: PreTrainedTokenizerBase, table: Tensor, *, keep_vocabulary: bool
) -> tuple[Tensor, dict[str, int], int]:
    """``(table, vocabulary, word_token_id)`` of the export.

    Without ``keep_vocabulary`` the table holds the special tokens' rows of the baked
    table, renumbered from 0, and a last zero row for ``word_token_id``. With it, the
    source's own table and every vocabulary entry that is not a ``##`` continuation.
    """
    specials = sorted(special_token_ids(tokenizer))
    if keep_vocabulary:
        prefix = continuation_prefix(tokenizer)
        vocabulary = {token: index for token, index in tokenizer.get_vocab().items()
                      if index < len(table) and not token.startswith(prefix)}
        rows = table
    else:
        vocabulary = {token: row for row, token in enumerate(tokenizer.convert_ids_to_tokens(specials))}
        rows = live.rows(torch.tensor(specials, dtype=torch.long, device=table.device))
    word_row = rows.new_zeros(1, rows.shape[1])
    return torch.cat([rows, word_row]).detach().cpu(), vocabulary, len(rows)


def export_vocabulary_free(
    model_name_or_path: str | None,
    student: StudentEncoder,
    out_dir: str | Path,
    *,
    keep_vocabulary: bool = False,
    rescale: bool = True,
    revision: str | None = None,
    tracking_uri: str | None = None,
) -> Path:
    """Write the vocabulary-free model of ``student`` swapped into a BERT model to ``out_dir``."""
    out = Path(out_dir)
    refuse_used_folder(out)
    loaded = load_transformer(model_name_or_path, revision)
    base = loaded.model.base_model
    if not isinstance(base, BertModel):
        raise DistillError(f"--vocabulary-free exports BERT models; {type(base).__name__} is not one")
    tokenizer = load_tokenizer(loaded.path)
    continuation_prefix(tokenizer)  # refuses what is not WordPiece in one line
    with torch.no_grad():
        live = StudentEmbedding.from_model(loaded.model, student, tokenizer, rescale=rescale).eval()
        table, vocabulary, word_token_id = word_table(
            live, tokenizer, input_embeddings(loaded.model).weight, keep_vocabulary=keep_vocabulary
        )
    student = student.cpu()
    weights = {key: value.detach().cpu().contiguous() for key, value in base.state_dict().items()}
    weights["embeddings.word_embeddings.weight"] = table.contiguous()
    weights |= {f"{STUDENT_PREFIX}{key}": value.detach().contiguous() for key, value in student.state_dict().items()}
    rescale_norm = student.rescale_norm if rescale else None
    config = model_config(base, student, rescale_norm, vocabulary_size=len(table),
                          pad_token_id=vocabulary[tokenizer.pad_token], word_token_id=word_token_id)
    tokenizer_settings = tokenizer_config(tokenizer, student, base.config.max_position_embeddings,
                                          word_token_id=word_token_id)
    record: dict[str, Any] = {
        "model": model_name_or_path or "embedded",
        "model_revision": loaded.revision,
        "architecture": type(base).__name__,
        "form": "vocabulary-free",
        "student": student.config.to_dict(),
        "options": {"vocabulary_free": True, "keep_vocabulary": keep_vocabulary,
                    "rescale": rescale_norm is not None},
    }
    with staged_folder(out) as staging:
        save_file(weights, str(staging / "model.safetensors"), metadata={"format": "pt"})
        write_json(staging / "config.json", config)
        write_json(staging / "tokenizer_config.json", tokenizer_settings)
        write_json(staging / "vocabulary.json", vocabulary)
        word_splitter(tokenizer).save(str(staging / "word_splitter.json"))
        for name in TEMPLATE_FILES:
            shutil.copyfile(TEMPLATE_DIR / name, staging / name)
        for name, source in student_sources(student).items():
            (staging / name).write_text(source)
        (staging / "student.py").write_text(student_index(student))
        record["sentence_transformers"] = bool(copy_sentence_transformers_files(Path(loaded.path), staging))
        write_json(staging / SURGERY_RECORD, record)
        scores = evaluation_scores(student.provenance.get("run_id"), tracking_uri)
        usage = USAGE.replace("FOLDER", repr(str(out)))
        (staging / MODEL_CARD).write_text(model_card({**record, "usage": usage}, scores))
    return out


def is_vocabulary_free_export(folder: Path) -> bool:
    """Whether ``folder`` holds a model ``export_vocabulary_free`` wrote."""
    config_path = folder / "config.json"
    if not config_path.is_file():
        return False
    return read_json_mapping(config_path, "model configuration").get("model_type") == MODEL_TYPE


def load_exported_student(folder: str | Path, map_location: str | torch.device = "cpu") -> StudentEncoder:
    """The student inside a vocabulary-free export (its configuration in ``config.json``, its weights
    under ``student.`` in ``model.safetensors``), read without running the folder's code."""
    folder = Path(folder)
    try:
        config = read_json_mapping(folder / "config.json", "export configuration")
        saved = {**config["student"], "rescale_norm": config["rescale_norm"]}
        family, _ = resolve_student(saved["name"])
        student = family(family.config_class.from_dict(saved))
        with safe_open(str(folder / "model.safetensors"), framework="pt", device=str(map_location)) as weights:
            state = {key.removeprefix(STUDENT_PREFIX): weights.get_tensor(key)
                     for key in weights.keys() if key.startswith(STUDENT_PREFIX)}
        student.load_state_dict(state)
    except (OSError, KeyError, ValueError, RuntimeError, StudentError) as error:
        raise DistillError(f"{folder} is not a readable vocabulary-free export: {first_line(error)}") from None
    return student.to(map_location)


def model_config(
    base: BertModel, student: StudentEncoder, rescale_norm: float | None, *,
    vocabulary_size: int, pad_token_id: int, word_token_id: int,
) -> dict[str, Any]:
    """``config.json``: the source's ``BertConfig``, the student's configuration, and how they meet."""
    return {
        **base.config.to_dict(),
        "model_type": MODEL_TYPE,
        "architectures": ["VocabFreeBertModel"],
        "auto_map": {"AutoConfig": "modeling_vocabfree.VocabFreeBertConfig",
                     "AutoModel": "modeling_vocabfree.VocabFreeBertModel"},
        "vocab_size": vocabulary_size,
        "pad_token_id": pad_token_id,
        "tie_word_embeddings": False,
        # The model's rescale_norm below is the one applied (None with --no-rescale).
        "student": {**student.config.to_dict(), "rescale_norm": None},
        "rescale_norm": rescale_norm,
        "word_token_id": word_token_id,
        "add_pooling_layer": base.pooler is not None,
    }


def tokenizer_config(
    tokenizer: PreTrainedTokenizerBase, student: StudentEncoder, max_positions: int, *, word_token_id: int
) -> dict[str, Any]:
    """``tokenizer_config.json``: special tokens placed as the source does, the student's word encoding."""
    prefix_tokens, suffix_tokens = special_tokens_around(tokenizer)
    _, encoder_options = student.word_encoder()
    special_tokens = ("unk_token", "pad_token", "cls_token", "sep_token", "mask_token")
    return {
        "tokenizer_class": "VocabFreeTokenizer",
        "auto_map": {"AutoTokenizer": ["tokenization_vocabfree.VocabFreeTokenizer", None]},
        "word_token_id": word_token_id,
        "prefix_tokens": prefix_tokens,
        "suffix_tokens": suffix_tokens,
        "encoder_options": encoder_options,
        "model_max_length": min(tokenizer.model_max_length, max_positions),
        **{name: getattr(tokenizer, name) for name in special_tokens if getattr(tokenizer, name, None)},
    }


def write_json(path: Path, content: dict[str, Any]) -> None:
    path.write_text(json.dumps(content, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")

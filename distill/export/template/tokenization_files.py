"""The files of a vocabulary-free export's tokenizer, read and checked: each refused in one line that names it.

Written by the distill workbench (``distill surgery --vocabulary-free``), beside ``tokenization_vocabfree.py``, which
reads its files with these functions: ``word_splitter.json`` (the source's normaliser and pre-tokeniser),
``vocabulary.json`` (the tokens that keep an id), ``segmenter.safetensors`` (the word segmenter's filter) and the
settings of ``tokenizer_config.json`` (the special tokens' templates, the student, unknown words).
"""

from __future__ import annotations

import json
import os
from typing import Any

from safetensors.torch import load_file
from tokenizers import Tokenizer

from .segmenter import SegmenterConfig, WordSegmenter


def read_json(path: str | None, name: str) -> Any:
    """The JSON value in the export's file ``name`` (at ``path``); a missing or unreadable one is refused in one
    line naming it."""
    if path is None or not os.path.isfile(path):
        raise ValueError(f"{name} is missing from the export")
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        raise ValueError(f"{name} is not readable JSON ({str(error).splitlines()[0]})") from None


def read_splitter(path: str | None) -> Tokenizer:
    """The source's normaliser and pre-tokeniser (``word_splitter.json``, a ``tokenizers`` pipeline)."""
    read_json(path, "word_splitter.json")
    try:
        return Tokenizer.from_file(str(path))
    except Exception as error:  # tokenizers raises its own exception type for any file it cannot build
        raise ValueError(f"word_splitter.json is not a tokenizers pipeline ({str(error).splitlines()[0]})") from None


def read_vocabulary(path: str | None) -> dict[str, int]:
    """``vocabulary.json``: the tokens that keep an id of their own (the special tokens at least), token → id."""
    vocabulary = read_json(path, "vocabulary.json")
    if not isinstance(vocabulary, dict) or not all(
            isinstance(token, str) and type(index) is int and index >= 0 for token, index in vocabulary.items()):
        raise ValueError(f"vocabulary.json must map tokens to non-negative integer ids, got a "
                         f"{type(vocabulary).__name__}" + ("" if isinstance(vocabulary, dict) else " (not an object)"))
    if len(set(vocabulary.values())) < len(vocabulary):
        raise ValueError("vocabulary.json gives two tokens the same id")
    return vocabulary


def read_segmenter(settings: Any, path: str | None) -> WordSegmenter:
    """The word segmenter of ``segmenter_config`` and ``segmenter.safetensors`` (its filter, checked against the
    settings' checksum by the segmenter itself)."""
    if not isinstance(settings, dict):
        raise ValueError(f"tokenizer_config.json: segmenter_config must be an object or null, got "
                         f"{type(settings).__name__}")
    if path is None or not os.path.isfile(path):
        raise ValueError("segmenter_config is set but segmenter.safetensors is missing")
    try:
        config = SegmenterConfig(**settings)
    except TypeError as error:
        raise ValueError(f"tokenizer_config.json: segmenter_config: {error}") from None
    return WordSegmenter.from_state(config, load_file(path))


def checked_template(name: str, template: Any, texts: list[str], vocabulary: dict[str, int]
                     ) -> list[tuple[str, int]]:
    """A template of ``tokenizer_config.json``: a list of ``[token, token type]`` pairs holding each of ``texts``
    (``$A``, ``$B``) once, its other tokens in ``vocabulary.json``."""
    if not isinstance(template, list) or not all(
            isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], str) and type(item[1]) is int
            and item[1] >= 0 for item in template):
        raise ValueError(f"tokenizer_config.json: {name} must be a list of [token, token type] pairs, "
                         f"got {template!r:.80}")
    found = sorted(token for token, _ in template if token.startswith("$"))
    if found != texts:
        raise ValueError(f"tokenizer_config.json: {name} must hold {' and '.join(texts)} once each (where the text "
                         f"goes), got {', '.join(found) or 'none'}")
    missing = [token for token, _ in template if not token.startswith("$") and token not in vocabulary]
    if missing:
        raise ValueError(f"vocabulary.json lacks {', '.join(missing)}, a special token of tokenizer_config.json's "
                         f"{name}")
    return [(token, kind) for token, kind in template]


def check_same_student(vocabulary_file: str, student_class: str, student: Any) -> None:
    """``tokenizer_config.json``'s student is ``config.json``'s, where that file lies beside it: the tokenizer
    encodes words for the model's student, and two exports' files mixed would encode them for another."""
    path = os.path.join(os.path.dirname(vocabulary_file), "config.json")
    try:
        with open(path, encoding="utf-8") as file:
            model = json.load(file)
    except (OSError, ValueError):  # no config.json beside it (a tokenizer saved alone), or one the model refuses
        return
    if not isinstance(model, dict):
        return
    if model.get("student_class", student_class) != student_class:
        raise ValueError(f"tokenizer_config.json: student_class {student_class!r} is not config.json's "
                         f"{model.get('student_class')!r}; the two files come from different exports")
    theirs = model.get("student", student)
    if theirs != student:
        mine, other = settings_of(student), settings_of(theirs)
        changed = [f"{key} {mine.get(key)!r} against {other.get(key)!r}" for key in sorted({*mine, *other})
                   if mine.get(key) != other.get(key)]
        raise ValueError("tokenizer_config.json: student differs from config.json's ("
                         + "; ".join(changed) + "); the two files come from different exports")


def settings_of(student: Any) -> dict[str, Any]:
    """A saved student configuration's settings on one level: its family's options (``hparams``) beside the rest."""
    if not isinstance(student, dict):
        return {"student": student}
    options = student.get("hparams")
    rest = {key: value for key, value in student.items() if key != "hparams"}
    return {**rest, **options} if isinstance(options, dict) else {**rest, "hparams": options}


def unknown_word_id(mark: Any, segmenter: WordSegmenter | None, vocabulary: dict[str, int], unk_token: Any
                    ) -> int | None:
    """The id a word the source reads as its unknown token is given (``mark_unknown_words``): that token's, in
    ``vocabulary.json``. Only a segmenter tells such words (it keeps them whole, as no piece of the source's)."""
    if not isinstance(mark, bool):
        raise ValueError(f"tokenizer_config.json: mark_unknown_words must be true or false, got {mark!r}")
    if not mark:
        return None
    if segmenter is None:
        raise ValueError("tokenizer_config.json: mark_unknown_words needs a segmenter (segmenter_config)")
    if str(unk_token) not in vocabulary:
        raise ValueError(f"tokenizer_config.json: mark_unknown_words needs unk_token in vocabulary.json, "
                         f"got {unk_token!r}")
    return vocabulary[str(unk_token)]

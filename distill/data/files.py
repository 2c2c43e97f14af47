"""A local file as a corpus, read through ``datasets``: ``.txt`` (documents separated by blank lines), or
``.csv`` / ``.jsonl`` / ``.parquet`` with a ``text`` column (one document a row).

A table may also have a ``noisy`` column: each row's text as people wrote it, misspellings and all, with its
correction in ``text`` (learner essays and their corrections, queries and the ones users meant). Each row is
then one passage, not split into sentences (its two versions need not split alike), and the evaluation's
``given`` noise setting reads the ``noisy`` column (:func:`distill.data.corpus.noised_corpus`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from distill.data.corpus import MIN_WORDS, Corpus, corpus_from_documents
from distill.errors import DistillError, first_line, innermost
from distill.files.atomic import atomic_write_text
from distill.files.paths import check_output_file
from distill.files.userfiles import check_utf8_file

TEXT_COLUMN = "text"
NOISY_COLUMN = "noisy"
# suffix → ``datasets`` builder
LOCAL_FORMATS = {".txt": "text", ".csv": "csv", ".jsonl": "json", ".parquet": "parquet"}
LOCAL_ALTERNATIVE = (
    f"use an offline corpus (wiki, pydoc, stdlib) or a local file "
    f"({', '.join(LOCAL_FORMATS)}; tables need a '{TEXT_COLUMN}' column)"
)


def check_paired_file(path: Path) -> None:
    """Refuse a paired corpus file to write (:func:`write_paired_file`) that is not ``.jsonl`` or cannot be
    written (:func:`distill.files.paths.check_output_file`)."""
    if path.suffix != ".jsonl":
        raise DistillError(f"--out must be a .jsonl file, got {path}")
    check_output_file(path, "--out file")


def write_paired_file(path: Path, rows: Sequence[dict[str, str]]) -> tuple[int, int]:
    """Write ``{"text": ..., "noisy": ...}`` rows as JSON lines, the file that ``--noise given`` reads;
    ``(misspelt words, words)`` of the clean text, counted where the two differ word by word."""
    atomic_write_text(path, "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    pairs = [(row[NOISY_COLUMN].split(), row[TEXT_COLUMN].split()) for row in rows]
    return sum(a != b for noisy, text in pairs for a, b in zip(noisy, text)), sum(len(text) for _, text in pairs)


@contextmanager
def library_errors_unlogged(name: str) -> Iterator[None]:
    """Keep the logger ``name`` (a library's root logger) quiet for the block: its error records ("Failed to read
    file ... with error ...") repeat the exception the caller turns into one line."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(level)


def check_corpus_file(path: Path) -> str:
    """The ``datasets`` builder of a local corpus file that exists, is not empty and has a known suffix."""
    builder = LOCAL_FORMATS.get(path.suffix)
    if builder is None:
        raise DistillError(f"corpus file {path} has an unknown format; valid suffixes: {', '.join(LOCAL_FORMATS)}")
    if not path.is_file():
        raise DistillError(f"corpus file {path} does not exist")
    if path.stat().st_size == 0:
        raise DistillError(f"corpus file {path} is empty")
    return builder


def file_corpus(path: Path) -> Corpus:
    """A local file through ``datasets``; text files split into documents at blank lines."""
    import datasets

    builder = check_corpus_file(path)
    if builder != "parquet":
        check_utf8_file(path, "corpus file")
    options = {"sample_by": "paragraph"} if builder == "text" else {}
    try:
        with library_errors_unlogged("datasets"):  # the error below says it in one line
            rows = datasets.load_dataset(builder, data_files=str(path), split="train", **options)
    except (OSError, ValueError, datasets.exceptions.DatasetGenerationError) as error:
        # datasets wraps the reader's error ("An error occurred while generating the dataset"): say the reader's
        raise DistillError(f"cannot read corpus file {path}: {first_line(innermost(error))}") from None
    if TEXT_COLUMN not in rows.column_names:
        columns = ", ".join(rows.column_names)
        raise DistillError(f"corpus file {path} has no {TEXT_COLUMN!r} column; its columns: {columns}")
    if NOISY_COLUMN in rows.column_names:
        return _paired_corpus(path, rows[TEXT_COLUMN], rows[NOISY_COLUMN])
    return corpus_from_documents(path.stem, (text for text in rows[TEXT_COLUMN] if isinstance(text, str)))


def _paired_corpus(path: Path, texts: list[object], noisy_texts: list[object]) -> Corpus:
    """Rows of a clean ``text`` and its ``noisy`` version, each row one passage (whitespace runs made one space);
    rows missing either, or with fewer than :data:`MIN_WORDS` words in either, are left out."""
    pairs = [(" ".join(text.split()), " ".join(noisy.split())) for text, noisy in zip(texts, noisy_texts)
             if isinstance(text, str) and isinstance(noisy, str)]
    kept = [(text, noisy) for text, noisy in pairs if min(len(text.split()), len(noisy.split())) >= MIN_WORDS]
    if not kept:
        raise DistillError(f"corpus file {path} has no row with a {TEXT_COLUMN!r} and a {NOISY_COLUMN!r} text of "
                           f"at least {MIN_WORDS} words")
    sentences, noisy = zip(*kept)
    return Corpus(path.stem, sentences, tuple(range(len(kept))), noisy)

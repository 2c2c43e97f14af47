"""A local file as a corpus, read through ``datasets``: ``.txt`` (documents separated by blank lines), or
``.csv`` / ``.jsonl`` / ``.parquet`` with a ``text`` column (one document a row)."""

from __future__ import annotations

from pathlib import Path

from distill.data.corpus import Corpus, corpus_from_documents
from distill.errors import DistillError
from distill.userfiles import check_utf8_file

TEXT_COLUMN = "text"
# suffix → ``datasets`` builder
LOCAL_FORMATS = {".txt": "text", ".csv": "csv", ".jsonl": "json", ".parquet": "parquet"}
LOCAL_ALTERNATIVE = (
    f"use an offline corpus (wiki, pydoc, stdlib) or a local file "
    f"({', '.join(LOCAL_FORMATS)}; tables need a '{TEXT_COLUMN}' column)"
)


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
        rows = datasets.load_dataset(builder, data_files=str(path), split="train", **options)
    except (OSError, ValueError, datasets.exceptions.DatasetGenerationError) as error:
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise DistillError(f"cannot read corpus file {path}: {first_line}") from None
    if TEXT_COLUMN not in rows.column_names:
        columns = ", ".join(rows.column_names)
        raise DistillError(f"corpus file {path} has no {TEXT_COLUMN!r} column; its columns: {columns}")
    return corpus_from_documents(path.stem, (text for text in rows[TEXT_COLUMN] if isinstance(text, str)))

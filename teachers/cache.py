"""On-disk cache of extracted teacher tables, so a teacher model is instantiated once.

One folder per (teacher name, revision, keep_reserved) holds ``table.safetensors``
(``table``, ``ids``, ``is_special``) and ``tokens.json`` (the strings and sizes). An entry
is written into a hidden folder beside it and renamed into place once complete, so a
reader, a crash or a second process extracting the same teacher never leaves half an entry
under its name. The root is ``cache_dir`` when given, else ``$DISTILL_CACHE_DIR/teachers``,
else ``~/.cache/distill/teachers``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

from safetensors import SafetensorError
from safetensors.torch import load_file, save

from teachers.errors import TeacherError
from teachers.table import TeacherTable

# Bump when the stored layout or the row selection changes, so old entries are ignored.
FORMAT_VERSION = 1
TENSORS_NAME = "table.safetensors"
TOKENS_NAME = "tokens.json"


def distill_cache() -> Path:
    """The workbench's cache: ``$DISTILL_CACHE_DIR``, else ``~/.cache/distill``."""
    base = os.environ.get("DISTILL_CACHE_DIR")
    return Path(base).expanduser() if base else Path.home() / ".cache" / "distill"


def cache_root(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The folder of the cached teacher tables: ``cache_dir`` when given, else ``$DISTILL_CACHE_DIR/teachers``,
    else ``~/.cache/distill/teachers``."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    return distill_cache() / "teachers"


def made_model_folder(name: str) -> Path:
    """Where the workbench keeps a model it made under ``name`` (``distill heads``): ``models/<name>`` in
    :func:`distill_cache`."""
    return distill_cache() / "models" / name


def cache_entry(
    name: str, revision: str, keep_reserved: bool, cache_dir: str | os.PathLike[str] | None = None
) -> Path:
    """Folder of one cached table: a readable slug of ``name`` plus a digest of the whole key."""
    key = json.dumps([FORMAT_VERSION, name, revision, keep_reserved])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")[-48:] or "teacher"
    return cache_root(cache_dir) / f"{slug}-{digest}"


def read_cached_table(entry: Path, model_path: str) -> TeacherTable | None:
    """The table stored in ``entry``, or None when it is absent or unreadable (to be rebuilt)."""
    try:
        meta = json.loads((entry / TOKENS_NAME).read_text(encoding="utf-8"))
        tensors = load_file(str(entry / TENSORS_NAME))
        return TeacherTable(
            name=meta["name"],
            revision=meta["revision"],
            model_path=model_path,
            table=tensors["table"],
            tokens=meta["tokens"],
            vocab_tokens=meta["vocab_tokens"],
            ids=tensors["ids"],
            is_special=tensors["is_special"],
            vocab_size=meta["vocab_size"],
        )
    except (OSError, ValueError, KeyError, SafetensorError):
        return None


def write_cached_table(entry: Path, table: TeacherTable) -> None:
    """Store ``table`` as the cache entry ``entry``, replacing an unreadable one.

    The files are written into a new hidden sibling folder, which is then renamed to ``entry``;
    folder and files are made with a plain ``mkdir`` and ``open``, so they get the umask's modes
    (safetensors' ``save_file`` makes its files 0600). When another process published the entry
    first, its copy is kept and this one discarded: both hold the same table.
    """
    publish_entry(entry, lambda staging: write_entry_files(staging, table))


def publish_entry(entry: Path, write: Callable[[Path], None]) -> None:
    """Have ``write`` fill a new hidden sibling folder of ``entry``, then rename it to ``entry`` (an unreadable
    entry there is replaced). When another process published the entry first, its copy is kept."""
    staging = entry.with_name(f".{entry.name}.{uuid.uuid4().hex}")
    try:
        staging.mkdir(parents=True)
        write(staging)
        shutil.rmtree(entry, ignore_errors=True)  # an unreadable entry, about to be replaced
        try:
            staging.rename(entry)
        except OSError:
            if not entry.is_dir():
                raise
    except (OSError, SafetensorError) as error:  # a cache folder under a file, HOME missing, a full disk
        reason = getattr(error, "strerror", None) or str(error).strip().splitlines()[0]
        raise TeacherError(f"cannot write the teacher cache in {entry.parent}: {reason}; set DISTILL_CACHE_DIR to a "
                           "writable folder") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_entry_files(folder: Path, table: TeacherTable) -> None:
    tensors = {
        "table": table.table.contiguous(),
        "ids": table.ids.contiguous(),
        "is_special": table.is_special.contiguous(),
    }
    (folder / TENSORS_NAME).write_bytes(save(tensors))
    meta = {
        "format_version": FORMAT_VERSION,
        "name": table.name,
        "revision": table.revision,
        "vocab_size": table.vocab_size,
        "tokens": table.tokens,
        "vocab_tokens": table.vocab_tokens,
    }
    # ensure_ascii keeps the lone surrogates of partial UTF-8 byte-level tokens writable.
    (folder / TOKENS_NAME).write_text(json.dumps(meta, ensure_ascii=True), encoding="utf-8")

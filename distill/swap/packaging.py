"""What a saved model folder carries beside the weights: sentence-transformers files, a model card.

Both ``distill surgery`` outputs (baked and vocabulary-free) are written into a staging
folder by :func:`staged_folder`, which publishes it under its final name only when
complete and with the permissions the user's umask gives ordinary files.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from distill.errors import DistillError, write_failure
from distill.files.atomic import follow_umask
from distill.files.markdown import markdown_table

# sentence-transformers' own files (``SentenceTransformer.save``); the module folders
# (``1_Pooling``, ``2_Normalize``…) are those ``modules.json`` names.
SENTENCE_TRANSFORMERS_FILES = ("modules.json", "sentence_bert_config.json", "config_sentence_transformers.json")
MODEL_CARD = "README.md"


@contextmanager
def staged_folder(out: Path) -> Iterator[Path]:
    """A temporary folder beside ``out`` that becomes ``out`` when the block ends without error.

    An existing non-empty ``out`` is refused before anything is written; on error the
    staging folder is removed, so ``out`` is either absent or complete. A symbolic link to an empty folder
    is written through: the folder it names becomes the model.
    """
    refuse_used_folder(out)
    out = out.resolve() if out.is_symlink() else out
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}."))
    try:
        yield staging
        apply_umask(staging)
        if out.exists():
            out.rmdir()
        os.replace(staging, out)
    except BaseException as error:
        shutil.rmtree(staging, ignore_errors=True)
        reason = write_failure(error)
        if reason is not None:  # a full disk, say: one line, and nothing of the model is left
            raise DistillError(f"could not write {out}: {reason}; nothing was kept") from None
        raise


def refuse_used_folder(out: Path) -> None:
    """Raise when ``out`` exists and is not an empty folder (call it before the slow work)."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise DistillError(f"{out} already exists and is not an empty folder; choose another --out")


def apply_umask(folder: Path) -> None:
    """Give ``folder`` and everything in it the modes a plain ``open``/``mkdir`` would (0644/0755).

    Temporary files and folders are created 0600/0700; the published model is meant to be shared.
    """
    follow_umask(folder, directory=True)
    for path in folder.rglob("*"):
        follow_umask(path, directory=path.is_dir())


def copy_sentence_transformers_files(source: Path, target: Path) -> list[str]:
    """Copy the source's sentence-transformers files and module folders; return what was copied.

    The first module (the transformer itself, ``path`` empty) is the folder being written,
    so only the files of the later modules (pooling, normalisation, dense…) are copied.
    """
    folders = sentence_transformers_folders(source)
    copied = [name for name in SENTENCE_TRANSFORMERS_FILES if (source / name).is_file()]
    for name in copied:
        shutil.copy2(source / name, target / name)
    for folder in folders:
        if (source / folder).is_dir():
            shutil.copytree(source / folder, target / folder)
            copied.append(folder)
    return copied


def sentence_transformers_folders(source: Path) -> list[str]:
    """The module folders the source's ``modules.json`` names (none without one), each checked by
    :func:`module_folder`: a caller refuses a bad file before any long work."""
    if not (source / "modules.json").is_file():
        return []
    try:
        modules = json.loads((source / "modules.json").read_text())
    except json.JSONDecodeError as error:
        raise DistillError(f"{source / 'modules.json'} is not valid JSON: {error}") from None
    return [folder for module in modules if (folder := module_folder(source, module))]


def module_folder(source: Path, module: Any) -> str:
    """The folder a ``modules.json`` entry names, relative to ``source``; refused in one line unless it
    resolves inside ``source`` (links followed), so that a crafted ``"path": "../x"`` can neither read
    outside the model folder nor, joined to the export folder, write outside it."""
    folder = module.get("path", "") if isinstance(module, dict) else None
    if not isinstance(folder, str):
        raise DistillError(f"{source / 'modules.json'}: each module must be a mapping with a string 'path'")
    root = source.resolve()
    if folder and (Path(folder).is_absolute() or not (root / folder).resolve().is_relative_to(root)):
        raise DistillError(f"{source / 'modules.json'}: module path {folder!r} leads outside the model folder")
    return folder


def model_card(record: dict[str, Any], scores: dict[str, float]) -> str:
    """``README.md`` for a surgery output: where it comes from, how it was made, how well it does."""
    student = record["student"]
    provenance = student.get("provenance") or {}
    run = provenance.get("run_id")
    lines = [
        "---",
        "library_name: transformers",
        *(["tags:", "- sentence-transformers"] if record.get("sentence_transformers") else []),
        "---",
        "",
        f"# {record['architecture']}: word embeddings from a `{student['name']}` student ({record['form']})",
        "",
        (
            f"Made by the distill workbench (`distill surgery`) from `{record['model']}`"
            f" (revision `{record['model_revision']}`): its word-embedding table was replaced by a"
            f" `{student['name']}` student that computes a word's vector from its characters."
        ),
        "",
        "## Source and student",
        "",
        f"- source model: `{record['model']}` ({record['architecture']}), revision `{record['model_revision']}`",
        f"- student: `{student['name']}`, width {student['dim']}, options `{json.dumps(student['hparams'])}`",
        f"- training run: `{run}`" if run else "- training run: none recorded (a student folder)",
        *(f"- {key}: `{value}`" for key, value in sorted(provenance.items()) if key != "run_id"),
        "",
        "## Surgery options",
        "",
        *(f"- {key}: `{value}`" for key, value in sorted(record["options"].items())),
        "",
        "## Fidelity",
        "",
    ]
    if scores:
        rows = [[name, f"{value:.4f}"] for name, value in sorted(scores.items())]
        lines.append(markdown_table(["score", "value"], rows))
    else:
        lines.append("No evaluation of this student was found (`distill evaluate --students RUN` makes one).")
    usage = record.get("usage")
    if usage:
        lines += ["", "## Use", "", usage]
    return "\n".join(lines) + "\n"


def evaluation_scores(run_id: str | None, tracking_uri: str | None) -> dict[str, float]:
    """Mean scores of the newest ``distill evaluate`` run that evaluated the training run ``run_id``.

    Empty when the student has no run or no evaluation names it (``distill.student_runs``).
    """
    if not run_id:
        return {}
    import mlflow

    from distill.tracking import store

    experiment_id = store.configure("evaluate", tracking_uri)
    runs = mlflow.search_runs(
        experiment_ids=[experiment_id],
        filter_string=f"tags.`distill.student_runs` LIKE '%{run_id}%'",
        order_by=["attributes.start_time DESC"],
        max_results=1,
        output_format="list",
    )
    if not runs:
        return {}
    label = run_id[:8]
    return {
        name.removesuffix("/mean"): value
        for name, value in runs[0].data.metrics.items()
        if name.endswith("/mean") and (label in name or name.startswith("baseline"))
    }

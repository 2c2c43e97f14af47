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


def source_metadata(name: str, folder: Path) -> dict[str, Any]:
    """What a model made from the source inherits on its card: ``base_model``, the source's name on the Hugging Face
    hub where it is known (the name it was loaded by, the embedded model's, or the nearest one its own card names),
    and its ``license`` and ``language`` as its own card declares them."""
    from huggingface_hub import ModelCard

    from teachers.loading import EMBEDDED, EMBEDDED_HUB_ID

    try:
        source = ModelCard.load(str(folder / MODEL_CARD)).data.to_dict() if (folder / MODEL_CARD).is_file() else {}
    except Exception:  # noqa: BLE001 - a card huggingface_hub cannot read names nothing to inherit
        source = {}
    hub_name = EMBEDDED_HUB_ID if name == EMBEDDED else None if Path(name).exists() else name
    inherited = {"base_model": hub_name or source.get("base_model"), "license": source.get("license"),
                 "language": source.get("language")}
    return {key: value for key, value in inherited.items() if value}


def model_card(record: dict[str, Any], scores: dict[str, float], name: str) -> str:
    """``README.md`` of a surgery output, by the Hugging Face model card's conventions: YAML metadata
    (``base_model`` and ``license`` from the source, ``library_name``, ``pipeline_tag``, ``tags``), what was replaced
    and how, the student's size against the table, the figures measured of it, and how to load the folder
    (``name``: its folder's name)."""
    from huggingface_hub import ModelCardData

    student = record["student"]
    provenance = student.get("provenance") or {}
    run = provenance.get("run_id")
    sentence_transformers = bool(record.get("sentence_transformers"))
    pipeline = ("sentence-similarity" if sentence_transformers else "fill-mask" if record.get("heads")
                else "feature-extraction")
    data = ModelCardData(
        **record.get("source", {}), library_name="sentence-transformers" if sentence_transformers else "transformers",
        pipeline_tag=pipeline, tags=["distill", record["form"], student["name"]]
        + (["sentence-transformers"] if sentence_transformers else []))
    size = record.get("size", {})
    lines = [
        "---", data.to_yaml(), "---", "",
        f"# {name}: {record['model']} with a `{student['name']}` student in place of its word embeddings", "",
        f"Made by the distill workbench (`distill surgery`) from `{record['model']}` (revision "
        f"`{record['model_revision']}`, {record['architecture']}): its word-embedding table was replaced by a "
        f"`{student['name']}` student that computes each word's vector from its characters ({record['form']}); "
        "the transformer layers, the position embeddings and the pooling are the source's, unchanged.",
    ]
    if size:
        lines += ["", f"The student has {size['parameters'] / 1e6:.2f} M parameters, {size['bytes'] / 1e6:.1f} MB "
                  f"as stored ({size['precision']}), {size['bytes'] / size['table_bytes']:.2f}× the "
                  f"{size['table_bytes'] / 1e6:.1f} MB fp32 table of the {size['table_rows']:,} rows it replaces."]
    lines += ["", "## Measured", ""]
    if scores:
        rows = [[score, f"{value:.4f}"] for score, value in sorted(scores.items())]
        lines.append(markdown_table(["score", "value"], rows))
    else:
        lines.append("No measurement of this student was found (`distill evaluate --students RUN` makes one).")
    usage = record.get("usage")
    if usage:
        lines += ["", "## Use", "", usage]
    lines += ["", "## How it was made", "",
              f"- source model: `{record['model']}` ({record['architecture']}), revision `{record['model_revision']}`",
              f"- student: `{student['name']}`, width {student['dim']}, options `{json.dumps(student['hparams'])}`",
              f"- training run: `{run}`" if run else "- training run: none recorded (a student folder)",
              *(f"- {key}: `{value}`" for key, value in sorted(provenance.items()) if key != "run_id"),
              *(f"- surgery option {key}: `{value}`" for key, value in sorted(record["options"].items()))]
    return "\n".join(lines) + "\n"


def evaluation_scores(run_id: str | None, tracking_uri: str | None) -> dict[str, float]:
    """Mean scores of the newest ``distill evaluate`` run that evaluated the training run ``run_id``; where none
    did, the held-out fidelity the training run measured at its end (context distillation's ``heldout_*``).

    Empty when the student has no run, or neither was measured.
    """
    if not run_id:
        return {}
    import mlflow

    from distill.tracking import store

    experiment_id = store.configure_existing("evaluate", tracking_uri)
    if experiment_id is None:  # no store where the settings point (a student copied from elsewhere)
        return {}
    runs = mlflow.search_runs(
        experiment_ids=[experiment_id],
        filter_string=f"tags.`distill.student_runs` LIKE '%{run_id}%'",
        order_by=["attributes.start_time DESC"],
        max_results=1,
        output_format="list",
    )
    if not runs:
        try:
            measured = mlflow.get_run(run_id).data.metrics
        except Exception:  # noqa: BLE001 - a run this store does not hold (a student copied from elsewhere)
            return {}
        return {f"training run's {name}": value for name, value in measured.items() if name.startswith("heldout_")}
    label = run_id[:8]
    return {
        name.removesuffix("/mean"): value
        for name, value in runs[0].data.metrics.items()
        if name.endswith("/mean") and (label in name or name.startswith("baseline"))
    }

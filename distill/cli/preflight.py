"""Cheap checks every command runs before its first expensive step (loading a teacher or a corpus, opening an
MLflow run, training): one mechanism for all sub-commands.

Each sub-command module's ``settings(args)`` reads its settings from the command line (and, for ``distill
train``, its ``--config`` file), which checks every value against its field: the options, noise specs, the work
folder and the output folders (:func:`distill.config.fields.check_fields`). :func:`preflight` then checks what those
settings name outside the command, keyed by the setting's name: the MLflow store, a teacher or model, corpora, a
results file. ``distill.cli`` runs both before the command's ``run``, so that input these checks refuse never
starts a command; a new cheap check is one entry of ``CHECKS``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from distill.data import check_corpus_name
from distill.files.paths import check_output_file
from distill.tracking.store import check_store

PACKAGED_MODEL = "embedded"  # teachers.EMBEDDED, named here so that the default needs no transformers import


def check_model(name: str) -> None:
    """A teacher or model that can exist: the packaged one, a model folder, or a hub name (the teachers'
    own check, which imports transformers: only for other names than the packaged model)."""
    if name != PACKAGED_MODEL:
        from teachers import check_model_reference

        check_model_reference(name)


def check_corpus_names(names: Iterable[str]) -> None:
    for name in names:
        check_corpus_name(name)


CHECKS: Mapping[str, Callable[[Any], object]] = {
    "tracking_uri": check_store,
    "teacher": check_model,
    "model": check_model,
    "corpus": check_corpus_name,
    "datasets": check_corpus_names,
    "fidelity_corpora": check_corpus_names,
    "results": lambda path: check_output_file(path, "results file"),
}


def preflight(settings: Iterable[object]) -> None:
    """Run the check of every setting named in ``CHECKS`` that is set (not None) in ``settings`` (settings
    dataclasses, or mappings such as a sweep file's ``fixed`` block); the first failure raises its one-line
    error."""
    for given in settings:
        values = given if isinstance(given, Mapping) else {
            item.name: getattr(given, item.name) for item in dataclasses.fields(given)}  # type: ignore[arg-type]
        for name, check in CHECKS.items():
            if values.get(name) is not None:
                check(values[name])

"""Options several commands share, declared once with their help text and valid values.

:class:`CommonOptions` holds what most commands take (the MLflow store, ``--quiet``, the device, the work
folder; the last two are :class:`~distill.config.training.TrainConfig`'s own, as ``distill train`` reads them from its
configuration); :class:`ModelOptions` names the transformer a student is swapped into. A command adds the flags of
the fields it uses (:func:`distill.config.arguments.add_settings_arguments` with ``only``), so ``--tracking-uri`` has
one help text everywhere. :func:`settings_from_mapping` reads a settings dataclass from a YAML block (a sweep
file's ``evaluation:``) with the same checks as its flags.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from distill.config.fields import check_fields, field_hints, setting
from distill.config.training import TrainConfig, coerce_number
from distill.errors import DistillError, is_user_error
from distill.files.paths import check_name
from foundation.checks import value_type

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def declared_in(cls: type, name: str) -> Any:
    """A field declared as the dataclass ``cls``'s field ``name`` (default, help, valid values): one setting that
    two dataclasses hold, written once (``distill train`` reads the device from its configuration)."""
    item = next(item for item in dataclasses.fields(cls) if item.name == name)
    if item.default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=item.default_factory, metadata=item.metadata)
    return dataclasses.field(default=item.default, metadata=item.metadata)


@dataclass(frozen=True)
class CommonOptions:
    tracking_uri: str | None = setting(None, "MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")
    quiet: bool = setting(False, "no progress bars, phase lines or per-trial log lines")
    device: str = declared_in(TrainConfig, "device")
    work_dir: str = declared_in(TrainConfig, "work_dir")


@dataclass(frozen=True)
class ModelOptions:
    model: str = setting("embedded", "the transformer (the one students are swapped into): hub name, local model "
                         "folder, or 'embedded' (the packaged all-MiniLM-L6-v2)", metavar="NAME|PATH",
                         check=lambda name: check_name(name, "model name"))
    revision: str | None = setting(None, "hub revision, or the hash a local folder must still have")


def settings_from_mapping(cls: type[T], values: Mapping[str, Any], where: str) -> T:
    """The settings dataclass ``cls`` from a YAML mapping: unknown keys refused, YAML 1.1's numeric strings
    (``1e-3``) read as numbers for number fields, every value checked against its field as its flag's is;
    each mistake one line starting with ``where``."""
    names = [item.name for item in dataclasses.fields(cls)]
    unknown = sorted(set(map(str, values)) - set(names))
    if unknown:
        raise DistillError(f"{where}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(names)}")
    hints = field_hints(cls)
    coerced = {key: coerce_number(value) if value_type(hints[key]) is float else value
               for key, value in values.items()}
    try:
        settings = check_fields(cls(**coerced))
    except Exception as error:
        if not is_user_error(error):
            raise
        raise DistillError(f"{where}: {error}") from None
    return settings

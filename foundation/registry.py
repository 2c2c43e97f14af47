"""A registry of names whose modules are imported on first use, as transformers' auto classes map a model
type to a module path and import it on demand (``models/auto/configuration_auto.py``).

The packaged names are listed with the module that registers them, so that listing or checking a name imports
nothing (no torch); resolving one imports its module, whose decorators fill the registry. A name registered by
other code (a test's) is found once its module has run.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Generic, TypeVar

Entry = TypeVar("Entry")


class LazyRegistry(Generic[Entry]):
    """Name → entry, for ``kind`` (``student``, ``loss``, its ``plural``): ``modules`` maps each module to the names
    it registers, and an unknown name raises ``error`` with one line listing the valid ones."""

    def __init__(self, kind: str, plural: str, modules: Mapping[str, tuple[str, ...]],
                 error: type[Exception]) -> None:
        self.kind, self.plural, self.error = kind, plural, error
        self.modules = {name: module for module, names in modules.items() for name in names}
        self.entries: dict[str, Entry] = {}

    def register(self, name: str, entry: Entry) -> None:
        if name in self.entries:
            raise ValueError(f"{self.kind} {name!r} is registered twice")
        self.entries[name] = entry

    def names(self) -> list[str]:
        """The listed names and any registered since, importing nothing."""
        return sorted({*self.modules, *self.entries})

    def check(self, name: str) -> None:
        """``error`` in one line unless ``name`` is listed or registered (imports nothing)."""
        if name not in self.modules and name not in self.entries:
            raise self.error(f"unknown {self.kind} {name!r}; valid {self.plural}: {', '.join(self.names())}")

    def resolve(self, name: str) -> Entry:
        """The entry of ``name``, importing its module on first use."""
        self.check(name)
        if name not in self.entries:
            importlib.import_module(self.modules[name])
        return self.entries[name]

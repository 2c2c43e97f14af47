"""The libraries do not import the application: ``students``, ``teachers`` and ``losses`` stand alone.

``distill`` (the training loop and command line) and ``sweeps`` build on the libraries, never
the other way round, so each library raises its own error type and is usable (and exportable,
for ``students``) without the workbench. The imports are read from the source with ``ast``,
so a function-level import is caught as well as a top-level one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ("students", "teachers", "losses")
APPLICATION = {"distill", "sweeps"}


def imported_packages(source: Path) -> set[str]:
    """The top-level packages ``source`` imports absolutely (``from . import x`` stays inside)."""
    tree = ast.parse(source.read_text(), filename=str(source))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def test_imports_are_read_from_the_source(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text("import os.path\nfrom . import sibling\n\ndef late():\n    from distill.io import x\n")
    assert imported_packages(source) == {"os", "distill"}


@pytest.mark.parametrize("library", LIBRARIES)
def test_library_does_not_import_the_application(library: str) -> None:
    sources = sorted((ROOT / library).rglob("*.py"))
    assert sources, f"no Python files under {library}/"
    offending = {str(source.relative_to(ROOT)): sorted(found)
                 for source in sources if (found := imported_packages(source) & APPLICATION)}
    assert offending == {}

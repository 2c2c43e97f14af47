"""Imports point down the layers, and no module imports itself back through others.

The layers, lowest first (:data:`LAYERS`), are folders: ``foundation`` (the one scheme that checks a value against
its type and bounds, the registries that import a module on first use) imports the standard library alone; the
libraries (``students``, ``teachers``, ``losses``) stand alone but for it: each raises its own error type and is
usable (and exportable, for ``students``) without the workbench. The workbench's core (files, configuration, noise,
data, tracking) builds on them; surgery, the vocabulary-free path and the export swap a student into a model; the
tasks (MLM, NSP, fidelity) score a swapped model; the evaluation measures swapped models over seeds, and the
objectives and the training loop train students (context distillation scores its held-out fidelity with the
tasks), neither importing the other; workflows (the robustness study, the benchmark, the pre-training heads)
combine training, export and evaluation; sweeps run trials of training and evaluation; the command line sits on
top. A module may import its own layer and those below, never one above.

The imports are read from the source with ``ast``, so a function-level import is caught as well as a top-level
one; an import under ``if TYPE_CHECKING:`` names a type only and is never run, so it is left out.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOUNDATION = ("foundation",)  # below everything: every package may import it
LIBRARIES = ("students", "teachers", "losses")
PACKAGES = (*FOUNDATION, *LIBRARIES, "distill", "sweeps")
TEMPLATES = ROOT / "distill" / "export" / "template"  # files copied into an export, not modules of the workbench
# The layers, lowest first, as folders (packages): every module belongs to the most specific folder named here.
LAYERS: tuple[tuple[str, ...], ...] = (
    FOUNDATION,
    LIBRARIES,
    ("distill", "distill.errors", "distill.devices", "distill.files", "distill.config", "distill.noise",
     "distill.data", "distill.tracking"),
    ("distill.swap", "distill.export"),
    ("distill.tasks",),
    ("distill.evaluation", "distill.objectives", "distill.training"),
    ("distill.workflows", "distill.bench", "distill.pretraining"),
    ("sweeps",),
    ("distill.cli",),
)
ROOT_MODULES = ("distill", "distill.errors", "distill.devices")  # the only modules at distill/'s root
EXACT = ("distill",)  # the package's own __init__, not every module under it


def module_name(source: Path) -> str:
    parts = list(source.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the packages: dotted name → file."""
    return {module_name(source): source for package in PACKAGES for source in sorted((ROOT / package).rglob("*.py"))
            if TEMPLATES not in source.parents}


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``tree``, at any depth, except those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif not _is_type_checking(node):
            yield from _import_nodes(node)


def imported_modules(source: Path, name: str, known: set[str]) -> set[str]:
    """The modules ``source`` (module ``name``) imports: ``from a.b import c`` names ``a.b.c`` when that is a
    module of ``known``, else ``a.b``; relative imports are resolved against ``name``'s package."""
    tree = ast.parse(source.read_text(), filename=str(source))
    package = name if source.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join(anchor + ([node.module] if node.module else []))
        for alias in node.names:
            candidate = f"{base}.{alias.name}"
            found.add(candidate if candidate in known else base)
    return found


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """Each module → the modules of the packages it imports."""
    known = set(modules())
    graph = {}
    for name, source in modules().items():
        imported = imported_modules(source, name, known)
        graph[name] = frozenset(module for module in imported if module.partition(".")[0] in PACKAGES)
    return graph


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of the most specific entry naming ``module`` or a package above it."""
    matches = [(len(entry), index) for index, layer in enumerate(LAYERS) for entry in layer
               if module == entry or (entry not in EXACT and module.startswith(entry + "."))]
    return max(matches)[1] if matches else None


def test_imports_are_read_from_the_source(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text("import os.path\nfrom . import sibling\nfrom typing import TYPE_CHECKING\n\n"
                      "if TYPE_CHECKING:\n    from sweeps import spec\n\n"
                      "def late():\n    from distill.files.atomic import x\n")
    assert imported_modules(source, "pkg.module", {"pkg.sibling"}) == {"os.path", "pkg.sibling", "typing",
                                                                        "distill.files.atomic"}


def test_the_layer_of_a_module_is_its_most_specific_entry() -> None:
    assert layer_of("distill") == layer_of("distill.config.training") == 2
    assert layer_of("distill.evaluation.settings") == 5 and layer_of("distill.workflows.robustness") == 6
    assert layer_of("distill.unlisted") is None  # "distill" names the package's __init__ only


def test_every_module_has_a_layer() -> None:
    assert len(modules()) > 50
    assert [name for name in modules() if layer_of(name) is None] == []


def test_every_layer_entry_but_the_root_modules_is_a_folder() -> None:
    """The layers name folders: a new module joins its folder's layer, and distill/'s root stays small."""
    entries = [entry for layer in LAYERS[2:] for entry in layer if entry not in ROOT_MODULES]
    assert [entry for entry in entries if not (ROOT / entry.replace(".", "/") / "__init__.py").is_file()] == []
    root = sorted(module_name(source) for source in (ROOT / "distill").glob("*.py"))
    assert root == sorted(ROOT_MODULES)


@pytest.mark.parametrize("library", LIBRARIES)
def test_library_imports_neither_the_application_nor_another_library(library: str) -> None:
    offending = {name: sorted(module for module in imported if module.partition(".")[0] not in (library, *FOUNDATION))
                 for name, imported in import_graph().items() if name.partition(".")[0] == library}
    assert {name: found for name, found in offending.items() if found} == {}


def test_no_import_points_up_a_layer() -> None:
    upward = {f"{name} -> {module}" for name, imported in import_graph().items() for module in imported
              if (layer_of(module) or 0) > (layer_of(name) or 0)}
    assert sorted(upward) == []


def test_training_and_evaluation_do_not_import_each_other() -> None:
    training = ("distill.objectives", "distill.training")
    crossing = {f"{name} -> {module}" for name, imported in import_graph().items() for module in imported
                if (name.startswith(training) and module.startswith("distill.evaluation"))
                or (name.startswith("distill.evaluation") and module.startswith(training))}
    assert sorted(crossing) == []


def test_no_command_imports_another() -> None:
    """A new command is one module of ``distill.cli.commands`` and one registry line: what two commands share
    lives below them, not in one of them."""
    commands = "distill.cli.commands."
    crossing = {f"{name} -> {module}" for name, imported in import_graph().items() for module in imported
                if name.startswith(commands) and module.startswith(commands) and module != name}
    assert sorted(crossing) == []


def test_no_import_cycle_between_modules() -> None:
    graph = import_graph()
    cycles = [component for component in strongly_connected(graph) if len(component) > 1]
    assert cycles == []


def test_a_cycle_and_an_upward_import_are_found() -> None:
    assert [sorted(c) for c in strongly_connected({"a": {"b"}, "b": {"a"}, "c": {"a"}}) if len(c) > 1] == [["a", "b"]]
    assert layer_of("distill.cli.commands.train") > layer_of("distill.bench") > layer_of("distill.training")


def strongly_connected(graph: dict[str, frozenset[str]] | dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of ``graph`` (edges to unknown nodes ignored), iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            child = next((edge for edge in edges if edge in graph), None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def test_the_foundation_imports_the_standard_library_alone() -> None:
    for name, source in modules().items():
        if name.partition(".")[0] in FOUNDATION:
            tree = ast.parse(source.read_text())
            imported = {node.module if isinstance(node, ast.ImportFrom) else alias.name
                        for node in _import_nodes(tree) for alias in node.names}
            assert {module.partition(".")[0] for module in imported if module} <= {*sys.stdlib_module_names,
                                                                                     "__future__", *FOUNDATION}

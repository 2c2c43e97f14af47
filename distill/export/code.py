"""The code a vocabulary-free export carries: which files it copies (the templates, the student family's module
and what these import relatively, :func:`code_files`), and those files imported as a package
(:func:`code_package`), so that transformers' ``save_pretrained`` writes them as it writes any custom model's."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
import types
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from transformers.dynamic_module_utils import get_relative_imports

import students
from students import StudentEncoder

TEMPLATE_DIR = Path(__file__).parent / "template"
STUDENTS_DIR = Path(students.__file__).parent  # where the modules the templates import relatively are found
TEMPLATE_FILES = ("configuration_vocabfree.py", "modeling_vocabfree.py", "tokenization_vocabfree.py")
FAMILIES_FILE = "families.py"  # what the templates import the student's class from: each family's own


def family_module(student: StudentEncoder | type[StudentEncoder]) -> str:
    """The module of ``students/`` that defines ``student``'s family (``ngrams``)."""
    family = student if isinstance(student, type) else type(student)
    return family.__module__.rpartition(".")[2]


def code_files(family: str) -> dict[str, Path]:
    """The code of an export of a student of the ``family`` module (``ngrams``): each file's name → the repository
    file it is a copy of. The templates and its ``families.py``, the family's own (``template/families_<family>.py``,
    which names that family alone), and, read as transformers' loader reads them (``get_relative_imports``), the
    modules they import relatively, found beside them or in ``students/``, and those these import, and so on: the
    other families' modules are not among them."""
    files: dict[str, Path] = {FAMILIES_FILE: TEMPLATE_DIR / f"families_{family}.py"}
    pending = [*TEMPLATE_FILES, *(f"{module}.py" for module in get_relative_imports(files[FAMILIES_FILE]))]
    while pending:
        name = pending.pop()
        if name not in files:
            files[name] = next(folder / name for folder in (TEMPLATE_DIR, STUDENTS_DIR) if (folder / name).is_file())
            pending += [f"{module}.py" for module in get_relative_imports(files[name])]
    return files


@contextmanager
def code_package(folder: Path) -> Iterator[Callable[[str], types.ModuleType]]:
    """The export's code in ``folder``, imported as a package (its modules import each other relatively),
    so that transformers' ``save_pretrained`` writes the classes' files and ``auto_map`` as for any
    custom model. The package is forgotten afterwards."""
    name = f"_vocabfree_export_{uuid.uuid4().hex}"
    package = types.ModuleType(name)
    package.__path__ = [str(folder)]
    sys.modules[name] = package
    try:
        yield lambda module: importlib.import_module(f"{name}.{module}")
    finally:
        for module in [module for module in sys.modules if module == name or module.startswith(f"{name}.")]:
            del sys.modules[module]


@functools.cache
def model_type() -> str:
    """``model_type`` of the export's configuration class (``template/configuration_vocabfree.py``)."""
    path = TEMPLATE_DIR / "configuration_vocabfree.py"
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.VocabFreeConfig.model_type)

"""Registries map names to modules and import them on first use: help and validation import no torch."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from losses.registry import LOSS_MODULES, check_loss_name, resolve_loss
from students.families import FAMILIES
from students.registry import STUDENTS, check_student_name, resolve_student


def imports_torch(code: str) -> bool:
    """Whether running ``code`` in a fresh interpreter leaves torch imported."""
    probe = textwrap.dedent(code) + "\nimport sys\nprint('torch' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return result.stdout.strip().splitlines()[-1] == "True"


def test_train_help_imports_no_torch() -> None:
    assert not imports_torch("""
        import contextlib, io
        from distill.cli import main
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
            main(["train", "--help"])
    """)


def test_a_bad_name_is_refused_without_torch() -> None:
    assert not imports_torch("""
        from distill.config.training import config_from_mapping
        from distill.errors import DistillError
        for key in ("student", "loss"):
            try:
                config_from_mapping({key: "nope"})
            except DistillError as error:
                assert f"unknown {key} 'nope'" in str(error), error
            else:
                raise AssertionError(key)
        config_from_mapping({"student": "retvec", "loss": "mec"})  # a good name imports nothing either
    """)


def test_resolving_a_name_imports_its_module() -> None:
    assert imports_torch("from students.registry import resolve_student\nresolve_student('retvec')")


def test_every_declared_student_is_its_modules_class_and_an_exported_family() -> None:
    """The registry names a module and a class; resolving the name imports that module and gives that class,
    which a vocabulary-free export finds in students/families.py."""
    for name, (module, class_name, _) in STUDENTS.items():
        family = resolve_student(name)[0]
        assert (family.__module__, family.__name__) == (module, class_name) and module in sys.modules
        assert FAMILIES[class_name] is family
    assert {family.__name__ for family in FAMILIES.values()} == {entry[1] for entry in STUDENTS.values()}


@pytest.mark.parametrize("table", [LOSS_MODULES])
def test_every_listed_loss_is_registered_by_its_module(table: dict[str, tuple[str, ...]]) -> None:
    for module, names in table.items():
        assert all(resolve_loss(name).__module__ == module for name in names) and module in sys.modules


def test_an_unknown_name_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown student 'x'; valid students: bytescnn-big, "):
        check_student_name("x")
    with pytest.raises(ValueError, match="unknown loss 'x'; valid losses: aec, cosine, "):
        check_loss_name("x")


def test_every_family_has_the_export_families_file_naming_it_alone() -> None:
    """An export carries its student's family alone: ``distill/export/template/families_<module>.py`` names that
    family's class, from its module, and no other."""
    import ast

    from distill.export.code import TEMPLATE_DIR, family_module

    for class_name, family in FAMILIES.items():
        module = family_module(family)
        tree = ast.parse((TEMPLATE_DIR / f"families_{module}.py").read_text())
        imported = {(node.module, alias.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    for alias in node.names}
        assert (module, class_name) in imported and {name for _, name in imported} == {"annotations",
                                                                                       "StudentEncoder", class_name}
    assert len(list(TEMPLATE_DIR.glob("families_*.py"))) == len(FAMILIES)

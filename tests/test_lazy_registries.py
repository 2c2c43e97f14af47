"""Registries map names to modules and import them on first use: help and validation import no torch."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable

import pytest

from losses.registry import LOSS_MODULES, check_loss_name, resolve_loss
from students.registry import STUDENT_MODULES, check_student_name, resolve_student


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


@pytest.mark.parametrize(("table", "resolve"), [(STUDENT_MODULES, lambda name: resolve_student(name)[0]),
                                                 (LOSS_MODULES, resolve_loss)])
def test_every_listed_name_is_registered_by_its_module(table: dict[str, tuple[str, ...]],
                                                        resolve: Callable[[str], type]) -> None:
    for module, names in table.items():
        assert all(resolve(name).__module__ == module for name in names) and module in sys.modules


def test_an_unknown_name_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown student 'x'; valid students: bytescnn-big, "):
        check_student_name("x")
    with pytest.raises(ValueError, match="unknown loss 'x'; valid losses: aec, cosine, "):
        check_loss_name("x")

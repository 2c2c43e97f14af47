"""Workflows: what combines training, export and evaluation into one result.

They sit above the packages they combine (``distill.training``, ``distill.export.folder``, ``distill.evaluation``),
which never import them (``tests/test_layering.py``). ``robustness``: the robustness study
(``distill robustness``, ``docs/robustness.md``).
"""

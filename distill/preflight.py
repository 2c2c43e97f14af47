"""Cheap checks every command runs before its first expensive step (loading torch, a teacher, a corpus):
one mechanism for all sub-commands, keyed by the option a check reads. A command whose parsed arguments
carry ``tracking_uri`` gets the store checked, whatever the command; a new cheap check is one entry here."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from distill.tracking import check_store

CHECKS: Mapping[str, Callable[[Any], object]] = {
    "tracking_uri": check_store,
}


def preflight(args: argparse.Namespace) -> None:
    """Run each check whose option the command has; the first failure raises a ``DistillError``."""
    for option, check in CHECKS.items():
        if hasattr(args, option):
            check(getattr(args, option))

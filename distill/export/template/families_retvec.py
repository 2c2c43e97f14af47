"""The export's ``families.py`` for a RETVec student (its codepoint encoding and MLP): its family alone, so that the
export carries that family's modules and no other (``students/families.py`` holds every family, for the workbench)."""

from __future__ import annotations

from .base import StudentEncoder
from .retvec import RETVec

FAMILIES: dict[str, type[StudentEncoder]] = {"RETVec": RETVec}

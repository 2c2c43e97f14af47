"""The export's ``families.py`` for a BytesCNN student (CharacterBERT's char-CNN over bytes): its family alone, so that
the export carries that family's modules and no other (``students/families.py`` holds every family, for the
workbench)."""

from __future__ import annotations

from .base import StudentEncoder
from .bytescnn import BytesCNN

FAMILIES: dict[str, type[StudentEncoder]] = {"BytesCNN": BytesCNN}

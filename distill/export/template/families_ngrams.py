"""The export's ``families.py`` for an n-gram student (hashed character n-grams): its family alone, so that the export
carries that family's modules and no other (``students/families.py`` holds every family, for the workbench)."""

from __future__ import annotations

from .base import StudentEncoder
from .ngrams import NGramStudent

FAMILIES: dict[str, type[StudentEncoder]] = {"NGramStudent": NGramStudent}

"""The export's ``families.py`` for an HLM-intra student (a transformer over characters): its family alone, so that the
export carries that family's modules and no other (``students/families.py`` holds every family, for the workbench)."""

from __future__ import annotations

from .base import StudentEncoder
from .hlm import HLMIntra

FAMILIES: dict[str, type[StudentEncoder]] = {"HLMIntra": HLMIntra}

"""Training objectives: each one kind of epoch that the loop in :mod:`distill.training` runs.

* :class:`TypoPretraining` — RETVec's Multi-Similarity over typo pairs (``typo.py``);
* :class:`TableAlignment` — the paper's alignment to the teacher's rows (``table.py``);
* :class:`WholeWordTargets` — the split words of the training text, whole (``words.py``);
* :class:`ContextDistillation` — through the frozen transformer (``context.py``).
"""

from distill.objectives.base import Objective, Setup
from distill.objectives.context import ContextDistillation
from distill.objectives.table import TableAlignment
from distill.objectives.typo import TypoPretraining
from distill.objectives.words import WholeWordTargets

__all__ = ["ContextDistillation", "Objective", "Setup", "TableAlignment", "TypoPretraining", "WholeWordTargets"]

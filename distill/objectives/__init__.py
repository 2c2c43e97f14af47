"""Training objectives: each one kind of epoch that the loop in :mod:`distill.training` runs.

Each registers itself (:func:`~distill.objectives.registry.register_objective`) when its module is imported here:

* :class:`TypoPretraining` — RETVec's Multi-Similarity over typo pairs (``typo.py``);
* :class:`TableAlignment` — the paper's alignment to the teacher's rows (``table.py``);
* :class:`WholeWordTargets` — the split words of the training text, whole (``words.py``);
* :class:`ContextDistillation` — through the frozen transformer (``context.py``).
"""

from distill.objectives.base import Objective, Setup
from distill.objectives.context import ContextDistillation
from distill.objectives.registry import register_objective, registered_objectives
from distill.objectives.sources import PhaseSources
from distill.objectives.table import TableAlignment
from distill.objectives.typo import TypoPretraining
from distill.objectives.words import WholeWordTargets

__all__ = ["ContextDistillation", "Objective", "PhaseSources", "Setup", "TableAlignment", "TypoPretraining",
           "WholeWordTargets", "register_objective", "registered_objectives"]

"""Training objectives: each one kind of epoch that the loop in :mod:`distill.training` runs.

They are listed, in a run's order, in :mod:`distill.objectives.registry` (which imports no torch), and each
registers itself when its module is first resolved:

* ``typo`` — RETVec's Multi-Similarity over typo pairs (``typo.py``);
* ``table`` — the paper's alignment to the teacher's rows (``table.py``);
* ``words`` — the split words of general English (or of the training text), whole (``vocabulary_free.py``);
* ``context`` — through the frozen transformer (``context.py``).

The interface the loop drives and what the objectives of a run share are in ``base.py``; ``metrics.py`` and
``schedules.py`` hold the alignment metrics and learning-rate schedules they use.
"""

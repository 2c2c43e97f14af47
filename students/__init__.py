"""Vocabulary-free student encoders, built by registry name.

>>> from students import build_student
>>> student = build_student("bytescnn-small", dim=768)
>>> student(["hello", "##ing"]).shape
torch.Size([2, 768])
"""

from students import bytescnn, hlm, ngrams, retvec  # noqa: F401  (register their students)
from students.base import StudentEncoder, build_student, load_student, rescale_rows, student_config
from students.config import StudentConfig
from students.errors import StudentError
from students.registry import register_student, student_names

__all__ = [
    "StudentConfig",
    "StudentEncoder",
    "StudentError",
    "build_student",
    "load_student",
    "register_student",
    "rescale_rows",
    "student_config",
    "student_names",
]

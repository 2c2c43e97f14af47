"""Teacher transformers: their word-embedding tables, ready for a student to learn.

>>> from teachers import load_teacher
>>> teacher = load_teacher("embedded")  # packaged all-MiniLM-L6-v2, offline
>>> teacher.table.shape
torch.Size([29528, 384])
"""

from teachers.loading import (
    check_model_reference,
    input_embeddings,
    load_teacher,
    load_tokenizer,
    quiet_transformers,
    resolve_model_path,
)
from teachers.table import TeacherTable
from teachers.vocabulary import select_rows

__all__ = [
    "TeacherTable",
    "input_embeddings",
    "load_teacher",
    "load_tokenizer",
    "quiet_transformers",
    "resolve_model_path",
    "check_model_reference",
    "select_rows",
]

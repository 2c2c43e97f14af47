"""Every packaged student family, imported relatively: where a vocabulary-free export finds its student's class.

transformers copies a custom model's code by the relative imports of its modules, when it saves the model and
when it loads it (``dynamic_module_utils.get_relative_import_files``). The export's modelling and tokenizer code
import this module, so that an export carries the families' modules as they are and finds its student's class
by name (``config.json``'s ``student_class``). :mod:`students.registry` declares the same classes by module and
name without importing them (``tests/test_lazy_registries.py`` checks that each one is here).
"""

from __future__ import annotations

from .base import StudentEncoder
from .bytescnn import BytesCNN
from .hlm import HLMIntra
from .ngrams import NGramStudent
from .retvec import RETVec

FAMILIES: dict[str, type[StudentEncoder]] = {family.__name__: family for family in (BytesCNN, HLMIntra, NGramStudent,
                                                                                      RETVec)}

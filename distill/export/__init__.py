"""The vocabulary-free export: a model folder that transformers and sentence-transformers load without the
workbench (:mod:`~distill.export.folder`), with the code copied into it (``template/``, chosen by
:mod:`~distill.export.code`), and read back without running that code (:mod:`~distill.export.reading`)."""

"""The vocabulary-free export: a model folder that transformers and sentence-transformers load without the
workbench (:mod:`~distill.export.folder`), with the code copied into it (``template/``)."""

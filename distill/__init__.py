"""Distillation workbench: align a vocabulary-free student to a transformer's embedding table."""

from distill.errors import DistillError

__all__ = ["DistillError"]

"""BERT's pre-training heads for an encoder that has none (``distill heads``), so that the reference study's MLM
and NSP evaluation (paper §3, Tables 2 and 3) runs on a real model offline: the embedded all-MiniLM-L6-v2 becomes
``embedded-pretraining``."""

from distill.pretraining.settings import PretrainingSettings

__all__ = ["PretrainingSettings"]

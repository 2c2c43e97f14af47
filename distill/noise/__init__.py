"""Noise in text and its correction: seeded character noise and its specs (:mod:`~distill.noise.specs`), the
misspellings people make (:mod:`~distill.noise.misspellings`) and the spell-checker users put in front of a model
(:mod:`~distill.noise.spelling`)."""

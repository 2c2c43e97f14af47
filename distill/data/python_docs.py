"""The Python documentation as training and evaluation text, offline on every CPython install.

* ``pydoc``: the documentation of the Python language that every CPython install ships in
  ``pydoc_data.topics``, cleaned to prose sentences (code blocks, grammar rules, headings and
  tables dropped); each paragraph a document.
* ``stdlib``: the docstrings of the Python standard library's modules, classes and functions,
  read from its source files with ``ast`` (nothing is imported), cleaned the same way; each
  docstring a document. Tens of thousands of sentences of technical prose.
"""

from __future__ import annotations

import ast
import re
import sysconfig
from collections.abc import Iterator
from pathlib import Path

from distill.data.corpus import Corpus, corpus_from_documents, split_sentences

PYDOC_CORPUS = "pydoc"
STDLIB_CORPUS = "stdlib"

_RULE = re.compile(r"[*=\-^~+|]{3,}.*")  # reST heading underlines and table borders


def _prose_paragraphs(topic: str) -> list[str]:
    """Paragraphs of a pydoc topic with code, grammar, headings and tables removed."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", topic):
        lines = [line for line in block.split("\n") if line and not line[0].isspace()]  # indented: code
        if not lines or any(_RULE.fullmatch(line.strip()) for line in lines):
            continue
        text = re.sub(r"-\n", "-", "\n".join(line.strip() for line in lines))  # re-join hyphenated breaks
        paragraphs.append(text.replace("*", ""))  # reST emphasis marks
    return paragraphs


def _is_prose(sentence: str) -> bool:
    """A sentence written for people: capitalised, punctuated, mostly words, not a code line."""
    words = sentence.split()
    wordy = sum(character.isalnum() or character.isspace() for character in sentence) / len(sentence)
    return len(words) >= 4 and sentence[0].isupper() and sentence[-1] in ".!?" and wordy > 0.85


def _prose_sentences(paragraph: str) -> list[str]:
    return [sentence for sentence in split_sentences(paragraph) if _is_prose(sentence)]


def pydoc_corpus() -> Corpus:
    """Prose of the Python language documentation in ``pydoc_data.topics``; each paragraph a document.

    About 1,400 sentences (700 next-sentence pairs) on CPython 3.11.
    """
    from pydoc_data.topics import topics

    paragraphs = [paragraph for key in sorted(topics) for paragraph in _prose_paragraphs(topics[key])]
    return corpus_from_documents(PYDOC_CORPUS, paragraphs, _prose_sentences)


def _docstrings(source: str) -> Iterator[str]:
    """Docstrings of a module's source: the module's, then every class's and function's."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node)
            if docstring:
                yield docstring


def stdlib_corpus() -> Corpus:
    """Prose of the standard library's docstrings (tests and IDLE left out); each docstring a document."""
    root = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(path for path in root.rglob("*.py")
                   if not {"test", "tests", "idlelib", "site-packages", "dist-packages"} & set(path.parts))
    documents: list[str] = []
    for path in files:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        documents.extend(" ".join(_prose_paragraphs(docstring)) for docstring in _docstrings(source))
    return corpus_from_documents(STDLIB_CORPUS, documents, _prose_sentences)

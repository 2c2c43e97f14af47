"""Evaluation corpora: real text, split into sentences grouped by document.

Names resolve to:

* ``pydoc`` (the offline default): the documentation of the Python language that every
  CPython install ships in ``pydoc_data.topics``, cleaned to prose sentences (code
  blocks, grammar rules, headings and tables dropped). Real English prose written by
  people, available on a fresh machine with no network.
* ``stdlib`` (offline too): the docstrings of the Python standard library's modules,
  classes and functions, read from its source files with ``ast`` (nothing is imported),
  cleaned the same way; each docstring a document. Tens of thousands of sentences of
  technical prose, for training text beside ``pydoc``.
* ``wikitext`` and ``imdb``: the paper's datasets (§3), the train splits of
  ``wikitext-2-raw-v1`` and ``imdb`` through Hugging Face ``datasets``, where the hub
  or its cache is reachable.
* a local file read through ``datasets``: ``.txt`` (documents separated by blank
  lines), or ``.csv`` / ``.jsonl`` / ``.parquet`` with a ``text`` column (one document a row).

Names joined by ``+`` (``pydoc+stdlib``) are one corpus, documents in that order. Any
of them followed by ``:train`` or ``:heldout`` is one part of a fixed split *by
document* (:func:`document_part`): context distillation trains on ``:train`` and the
evaluations that judge it read ``:heldout``, so no evaluation sentence comes from a
document seen in training.
"""

from __future__ import annotations

import ast
import hashlib
import random
import re
import socket
import sysconfig
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit

from distill.errors import DistillError
from distill.noise import NoiseSpec, apply_noise
from distill.userfiles import check_utf8_file

OFFLINE_CORPUS = "pydoc"
STDLIB_CORPUS = "stdlib"
TEXT_COLUMN = "text"
MIN_WORDS = 3
# suffix → ``datasets`` builder
LOCAL_FORMATS = {".txt": "text", ".csv": "csv", ".jsonl": "json", ".parquet": "parquet"}
LOCAL_ALTERNATIVE = (
    f"use the offline corpus '{OFFLINE_CORPUS}' or a local file "
    f"({', '.join(LOCAL_FORMATS)}; tables need a '{TEXT_COLUMN}' column)"
)

PARTS = ("train", "heldout")
HELDOUT_SHARE = 0.2  # a fifth of the documents are held out (4:1)

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[‘“]?[A-Z0-9])")
_RULE = re.compile(r"[*=\-^~+|]{3,}.*")  # reST heading underlines and table borders


@dataclass(frozen=True)
class Corpus:
    """Sentences in reading order; ``documents[i]`` is the document of ``sentences[i]``."""

    name: str
    sentences: tuple[str, ...]
    documents: tuple[int, ...]

    @cached_property
    def pair_starts(self) -> tuple[int, ...]:
        """Indices ``i`` whose sentence ``i + 1`` follows it in the same document (true NSP pairs)."""
        return tuple(i for i in range(len(self.sentences) - 1) if self.documents[i] == self.documents[i + 1])

    @cached_property
    def fingerprint(self) -> str:
        return hashlib.sha256("\n".join(self.sentences).encode("utf-8")).hexdigest()[:12]

    def require(self, samples: int, pairs: int = 0) -> None:
        """Refuse a corpus with fewer than ``samples`` sentences or ``pairs`` next-sentence pairs."""
        if len(self.sentences) < samples or len(self.pair_starts) < pairs:
            needed = f"{samples} sentences" + (f" and {pairs} pairs" if pairs else "")
            raise DistillError(
                f"corpus {self.name!r} has {len(self.sentences)} usable sentences and {len(self.pair_starts)} "
                f"next-sentence pairs; the task needs {needed} (lower --samples or use a larger corpus)"
            )


def noised_corpus(corpus: Corpus, spec: NoiseSpec, seed: int) -> Corpus:
    """``corpus`` with every sentence noised, the same for the same ``seed``.

    HLM's "unseen" regime (HLM, Sun et al., ACL 2023, §4.2 and Table 9): the noise touches the
    evaluation text only. Sentences and documents keep their order, so a seed draws
    the same sentences (now noised) as on the clean corpus.
    """
    rng = random.Random(seed)
    return Corpus(corpus.name, tuple(apply_noise(sentence, spec, rng) for sentence in corpus.sentences),
                  corpus.documents)


def document_part(corpus: Corpus, part: str, heldout_share: float = HELDOUT_SHARE) -> Corpus:
    """The documents of ``corpus`` in ``part`` (``train`` or ``heldout``), sentences in reading order.

    A document is held out when a hash of its sentences falls in the first ``heldout_share``
    of the hash range, so the split depends on each document's text alone: adding or
    reordering documents never moves another one across. The part is renamed
    ``<name>:<part>``; a part with no sentence is refused.
    """
    if part not in PARTS:
        raise DistillError(f"unknown corpus part {part!r}; valid parts: {', '.join(PARTS)}")
    texts: dict[int, list[str]] = {}
    for sentence, document in zip(corpus.sentences, corpus.documents):
        texts.setdefault(document, []).append(sentence)
    keep = {document for document, sentences in texts.items()
            if (_hash_share("\n".join(sentences)) < heldout_share) == (part == "heldout")}
    kept = [(sentence, document) for sentence, document in zip(corpus.sentences, corpus.documents)
            if document in keep]
    if not kept:
        raise DistillError(f"corpus {corpus.name!r} has no document in its {part} part; use a larger corpus")
    sentences, documents = zip(*kept)
    return Corpus(f"{corpus.name}:{part}", tuple(sentences), tuple(documents))


def _hash_share(text: str) -> float:
    """A stable pseudo-random number in [0, 1) from ``text``."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") / 2**64


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph, at ``.``/``!``/``?`` followed by a capital; shorter than MIN_WORDS dropped."""
    text = " ".join(text.split())
    return [sentence for sentence in _SENTENCE_END.split(text) if len(sentence.split()) >= MIN_WORDS]


def corpus_from_documents(
    name: str, texts: Iterable[str], sentences_of: Callable[[str], list[str]] = split_sentences
) -> Corpus:
    """Build a corpus from document texts; a corpus with no usable sentence is refused."""
    sentences: list[str] = []
    documents: list[int] = []
    for document, text in enumerate(texts):
        found = sentences_of(text)
        sentences.extend(found)
        documents.extend([document] * len(found))
    if not sentences:
        raise DistillError(f"corpus {name!r} is empty: no sentence of at least {MIN_WORDS} words")
    return Corpus(name, tuple(sentences), tuple(documents))


def load_corpus(name_or_path: str) -> Corpus:
    """The corpus named ``pydoc``, ``wikitext`` or ``imdb``, or read from a local file;
    with a ``:train`` / ``:heldout`` suffix, that part of it (:func:`document_part`)."""
    base, _, part = name_or_path.rpartition(":")
    if base and part in PARTS:
        return document_part(load_corpus(base), part)
    if "+" in name_or_path and not Path(name_or_path).expanduser().exists():
        return joined_corpus([load_corpus(name) for name in name_or_path.split("+")])
    if name_or_path == OFFLINE_CORPUS:
        return pydoc_corpus()
    if name_or_path == STDLIB_CORPUS:
        return stdlib_corpus()
    if name_or_path in HUB_CORPORA:
        return hub_corpus(name_or_path)
    path = Path(name_or_path).expanduser()
    if path.suffix in LOCAL_FORMATS or path.exists():
        return file_corpus(path)
    raise DistillError(
        f"unknown corpus {name_or_path!r}; choose {OFFLINE_CORPUS} (offline), {', '.join(HUB_CORPORA)}, "
        f"or a local {'/'.join(LOCAL_FORMATS)} file"
    )


# --- pydoc: the Python documentation shipped with the interpreter -----------------------


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
    return corpus_from_documents(OFFLINE_CORPUS, paragraphs, _prose_sentences)


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


def joined_corpus(corpora: list[Corpus]) -> Corpus:
    """One corpus of several, documents renumbered in order."""
    sentences: list[str] = []
    documents: list[int] = []
    for corpus in corpora:
        offset = documents[-1] + 1 if documents else 0
        sentences.extend(corpus.sentences)
        documents.extend(document + offset for document in corpus.documents)
    return Corpus("+".join(corpus.name for corpus in corpora), tuple(sentences), tuple(documents))


# --- the paper's hub datasets ---------------------------------------------------------------


def _clean_wikitext(line: str) -> str:
    """A wikitext-2-raw line as plain text: headings dropped, ``@-@`` joins and spaced punctuation undone."""
    if re.fullmatch(r"\s*=.*=\s*", line):
        return ""
    line = re.sub(r" @(.)@ ", r"\1", line)
    return re.sub(r" ([,.;:!?')\]])", r"\1", line).replace("( ", "(")


def _clean_imdb(review: str) -> str:
    return review.replace("<br />", " ")


@dataclass(frozen=True)
class HubCorpus:
    path: str
    config: str | None
    clean: Callable[[str], str]


HUB_CORPORA = {
    "wikitext": HubCorpus("wikitext", "wikitext-2-raw-v1", _clean_wikitext),
    "imdb": HubCorpus("imdb", None, _clean_imdb),
}


def hub_corpus(name: str) -> Corpus:
    """The train split of a paper dataset; one document per row."""
    import datasets

    spec = HUB_CORPORA[name]
    try:
        with _cache_only_unless_hub_reachable():
            rows = datasets.load_dataset(spec.path, spec.config, split="train")
    except OSError:  # ConnectionError when offline or unreachable, FileNotFoundError when unknown
        raise DistillError(
            f"cannot load corpus {name!r} from the Hugging Face hub or its cache (offline?); {LOCAL_ALTERNATIVE}"
        ) from None
    return corpus_from_documents(name, (spec.clean(text) for text in rows[TEXT_COLUMN]))


def hub_reachable(timeout: float = 3.0) -> bool:
    """Whether one TCP connection to the hub endpoint that ``datasets`` uses opens within ``timeout`` seconds."""
    import datasets.config

    endpoint = urlsplit(datasets.config.HF_ENDPOINT)
    default_port = 443 if endpoint.scheme == "https" else 80
    try:
        socket.create_connection((endpoint.hostname, endpoint.port or default_port), timeout=timeout).close()
    except OSError:
        return False
    return True


@contextmanager
def _cache_only_unless_hub_reachable() -> Iterator[None]:
    """Read the datasets cache only when the hub cannot be reached.

    Without this, ``datasets`` asks an unreachable hub five times with back-off
    (huggingface_hub ``utils/_http.py``, ``http_backoff``): 30 s of retry warnings before the
    one-line error. Offline mode already set by the user (``HF_HUB_OFFLINE``) is left as it is.
    """
    import datasets.config

    if datasets.config.HF_HUB_OFFLINE or hub_reachable():
        yield
        return
    datasets.config.HF_HUB_OFFLINE = True
    try:
        yield
    finally:
        datasets.config.HF_HUB_OFFLINE = False


# --- local files --------------------------------------------------------------------------------


def file_corpus(path: Path) -> Corpus:
    """A local file through ``datasets``; text files split into documents at blank lines."""
    import datasets

    builder = LOCAL_FORMATS.get(path.suffix)
    if builder is None:
        raise DistillError(f"corpus file {path} has an unknown format; valid suffixes: {', '.join(LOCAL_FORMATS)}")
    if not path.is_file():
        raise DistillError(f"corpus file {path} does not exist")
    if path.stat().st_size == 0:
        raise DistillError(f"corpus file {path} is empty")
    if builder != "parquet":
        check_utf8_file(path, "corpus file")
    options = {"sample_by": "paragraph"} if builder == "text" else {}
    try:
        rows = datasets.load_dataset(builder, data_files=str(path), split="train", **options)
    except (OSError, ValueError, datasets.exceptions.DatasetGenerationError) as error:
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise DistillError(f"cannot read corpus file {path}: {first_line}") from None
    if TEXT_COLUMN not in rows.column_names:
        columns = ", ".join(rows.column_names)
        raise DistillError(f"corpus file {path} has no {TEXT_COLUMN!r} column; its columns: {columns}")
    return corpus_from_documents(path.stem, (text for text in rows[TEXT_COLUMN] if isinstance(text, str)))

"""The paper's datasets (§3): the train splits of ``wikitext-2-raw-v1`` and ``imdb`` through Hugging Face
``datasets``, where the hub or its cache is reachable."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from distill.data.corpus import Corpus, corpus_from_documents
from distill.data.files import LOCAL_ALTERNATIVE, TEXT_COLUMN
from distill.errors import DistillError


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
    (huggingface_hub ``utils/_http.py``, ``http_backoff``), printing retry warnings before the
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

"""A bounded cache of recently used values that threads may share: the export's tokenizer keeps its words' pieces and
encoded characters in it, and its model the vectors of the words its student reads (students that reuse them).

Written by the distill workbench (``distill surgery --vocabulary-free``); it imports only the standard library.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

# Held while a cache is read or changed: an OrderedDict changed by two threads at once can lose keys from its order
# (its length counts more keys than its order links, and the least recently used can no longer be dropped). The
# values are computed outside it.
CACHE_LOCK = threading.Lock()


def recently_used(cache: OrderedDict[K, T], keys: Sequence[K], compute: Callable[[list[K]], Iterable[T]],
                  size: int) -> list[T]:
    """The value of each of ``keys`` in ``cache``, those it lacks computed in one ``compute`` call and kept; then the
    least recently used dropped until ``size`` are left. Each key is looked up alone: a set difference with the
    cache's keys would walk all of it. Threads may share the cache (a server's: one tokenizer, one model): it is read
    and changed under :data:`CACHE_LOCK`, ``compute`` runs outside it, and a key's value that another thread dropped
    meanwhile is put back."""
    found: dict[K, T] = {}
    fresh = []
    with CACHE_LOCK:
        for key in dict.fromkeys(keys):
            value = cache.get(key)  # no value is None
            if value is None:
                fresh.append(key)
            else:
                found[key] = value
    computed = dict(zip(fresh, compute(fresh))) if fresh else {}
    found |= computed
    with CACHE_LOCK:
        cache.update(computed)
        for key in keys:
            try:
                cache.move_to_end(key)
            except KeyError:  # dropped by another thread meanwhile
                cache[key] = found[key]
        while len(cache) > size:
            cache.popitem(last=False)
    return [found[key] for key in keys]

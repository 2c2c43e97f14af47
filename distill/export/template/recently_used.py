"""A bounded cache of recently used values that threads may share: the export's tokenizer keeps its words' pieces and
encoded characters in it, and its model the vectors of the words its student reads (students that reuse them).

Written by the distill workbench (``distill surgery --vocabulary-free``); it imports only the standard library.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def recently_used(cache: OrderedDict[K, T], keys: Sequence[K], compute: Callable[[list[K]], Iterable[T]],
                  size: int) -> list[T]:
    """The value of each of ``keys`` in ``cache``, those it lacks computed in one ``compute`` call and kept; then the
    least recently used dropped until ``size`` are left. Each key is looked up alone: a set difference with the
    cache's keys would walk all of it. Threads may share the cache (a server's: one tokenizer, one model): each key's
    value is read once, and one that another thread dropped meanwhile is put back, never read again."""
    found: dict[K, T] = {}
    fresh = []
    for key in dict.fromkeys(keys):
        value = cache.get(key)  # no value is None
        if value is None:
            fresh.append(key)
        else:
            found[key] = value
    if fresh:
        computed = dict(zip(fresh, compute(fresh)))
        found |= computed
        cache.update(computed)
    for key in keys:
        try:
            cache.move_to_end(key)
        except KeyError:  # dropped by another thread meanwhile
            cache[key] = found[key]
    while len(cache) > size:
        try:
            cache.popitem(last=False)
        except KeyError:  # emptied by another thread meanwhile
            break
    return [found[key] for key in keys]

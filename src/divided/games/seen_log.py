"""A state's log as one viewer sees it, translated incrementally.

A view carries the whole game's log, each event as its viewer sees it; building it from scratch
for every view costs a translation per event, so every view of a long game pays for the whole
game again. :class:`SeenLog` keeps, per viewer key, the last log it translated and its
translation: a log that extends that one by value (a state's next log always does) translates
only the new events. The result is the from-scratch translation, event for event, whenever
``see`` is a function of the event's value and the key alone (every game's is): the last log is
compared by value (elements by identity first), never trusted by identity alone.

>>> calls = []
>>> def see(event: int, viewer: int) -> int:
...     calls.append(event)
...     return event * 10 + viewer
>>> seen = SeenLog(see)
>>> seen((1, 2), 0), seen((1, 2, 3), 0), calls
((10, 20), (10, 20, 30), [1, 2, 3])
>>> seen((1, 5), 0), seen((1, 5), 1)  # not an extension, another viewer: translated afresh
((10, 50), (11, 51))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

E = TypeVar("E")  # a logged event
K = TypeVar("K", bound=Hashable)  # who is looking (a seat, or the seat with what else ``see`` reads)
S = TypeVar("S")  # an event as seen


class SeenLog(Generic[E, K, S]):
    """``log`` translated by ``see(event, key)`` event by event, reusing the last translation
    made for ``key`` (see the module text). Safe to share between threads: each key's entry is
    replaced whole, and a stale entry only costs a fresh translation."""

    def __init__(self, see: Callable[[E, K], S]) -> None:
        self._see = see
        self._last: dict[K, tuple[tuple[E, ...], tuple[S, ...]]] = {}

    def __call__(self, log: tuple[E, ...], key: K) -> tuple[S, ...]:
        see = self._see
        last = self._last.get(key)
        if last is not None:
            known, seen = last
            if known is log:
                return seen
            done = len(known)
            if len(log) >= done and log[:done] == known:
                if len(log) > done:
                    seen = (*seen, *[see(event, key) for event in log[done:]])
                self._last[key] = (log, seen)
                return seen
        seen = tuple([see(event, key) for event in log])
        self._last[key] = (log, seen)
        return seen

    def translate(self, log: tuple[E, ...], key: K) -> tuple[S, ...]:
        """``log`` translated from scratch, nothing kept (the reference for tests)."""
        return tuple(self._see(event, key) for event in log)


__all__ = ["SeenLog"]

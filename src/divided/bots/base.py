"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from divided.errors import RuleOptionError
from divided.games.divided_ranks.view import PlayerView


class Bot(Protocol):
    """A player that decides from its own view only."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...


def _random() -> Bot:
    from divided.bots.random_bot import RandomBot

    return RandomBot()


_REGISTRY: dict[str, Callable[[], Bot]] = {"random": _random}


def names() -> list[str]:
    """Names :func:`make_bot` knows."""
    return sorted(_REGISTRY)


def make_bot(name: str) -> Bot:
    """The bot registered as ``name``."""
    try:
        return _REGISTRY[name]()
    except KeyError:
        raise RuleOptionError(f"unknown bot {name!r}; known bots: {', '.join(names())}") from None

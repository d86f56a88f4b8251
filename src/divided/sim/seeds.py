"""Seeds of the lab, derived deterministically so results never depend on how games are run.

A seed is derived from its parts by SHA-256 (never Python's ``hash``, which changes between
processes), so a game's deal and each bot's random numbers are the same in one process, in a
pool of worker processes or on a Ray cluster.

>>> deal_seed(7, 0) == deal_seed(7, 0), deal_seed(7, 0) == deal_seed(7, 1)
(True, False)
>>> 0 <= bot_seed(deal_seed(7, 0), 0, 1, "random") < 2**63
True
"""

from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed determined by ``parts`` (their text forms, in order)."""
    text = "\x1f".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def deal_seed(master: int, deal: int) -> int:
    """Seed of deal number ``deal`` of a run started with seed ``master``.

    In the duplicate format both games of a pair use the pair's deal seed, so they see the same
    coin flips and the same cards.
    """
    return derive_seed("deal", master, deal)


def bot_seed(game_seed: int, game: int, seat: int, bot: str) -> int:
    """Seed of the ``random.Random`` given to the bot ``bot`` at ``seat`` in game number ``game``.

    The game number is part of it so that the two games of a deal pair (one seed) do not
    repeat each other when the same bot sits at both seats.
    """
    return derive_seed("bot", game_seed, game, seat, bot)

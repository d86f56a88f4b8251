"""The command line's per-game parts, found by game id (imported on first use).

>>> from divided.cli import games as cli_games
>>> {"card-commons", "divide", "divided-ranks", "henway"} <= set(cli_games.TERMINALS.names())
True
>>> type(cli_games.terminal("divided-ranks")).__name__
'DividedRanksTerminal'

A game without a terminal part of its own plays with the plain :class:`Terminal`.
"""

from __future__ import annotations

from divided import games
from divided.cli.games.base import Menu, Terminal
from divided.registry import Registry

TERMINALS: Registry[Terminal] = Registry(
    "terminal part", {"divided-ranks": "divided.cli.games.divided_ranks:TERMINAL",
                      "card-commons": "divided.cli.games.card_commons:TERMINAL",
                      "divide": "divided.cli.games.divide:TERMINAL",
                      **{game: f"divided.cli.games.poker:TERMINALS[{game}]" for game in games.POKER}})
"""Game id -> its :class:`Terminal`; tests and plugins add games with ``TERMINALS.register``."""

PLAIN = Terminal()


def terminal(game: str) -> Terminal:
    """``game``'s terminal part, or the plain one when it has none."""
    return TERMINALS.get(game) if TERMINALS.supports(game) else PLAIN


__all__ = ["PLAIN", "TERMINALS", "Menu", "Terminal", "terminal"]

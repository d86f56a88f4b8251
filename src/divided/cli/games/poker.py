"""The poker games in the terminal: their rules texts (each game's page, then the table rules
every poker game shares).

>>> text = RULES_TEXTS["henway"]()
>>> text.splitlines()[0], "## How every poker game here is run" in text
('# Henway', True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib.resources import files

from divided.games.poker.variants import VARIANTS


def _page(name: str) -> str:
    return files("divided").joinpath("rules_text", "poker", f"{name}.md").read_text(encoding="utf-8")


def rules_text(game: str) -> str:
    """The rules of the poker game ``game`` in the project's own words (Markdown): its own page,
    then the table rules (poker-table.md's rulings as a player reads them)."""
    return _page(game).rstrip() + "\n\n" + _page("table")


RULES_TEXTS: dict[str, Callable[[], str]] = {game: partial(rules_text, game) for game in VARIANTS}
"""Every poker game's rules text by id (what :data:`divided.cli.rules.TEXTS` names)."""

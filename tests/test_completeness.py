"""Every registered game has its part in every layer, or says plainly that it has none yet.

A game's parts are found through registries keyed by its id (see docs/adding-a-game.md); this
test asks each registry for each game, so a new game cannot land half-wired by accident. A part
a game deliberately lacks is listed in :data:`NOT_SUPPORTED` with the reason, which is what the
player or researcher is told instead.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from divided import bots, games
from divided.cli import rules as cli_rules
from divided.cli.games import TERMINALS
from divided.review.base import EXPLAINERS
from divided.sim.games import _LAB_ROOMS
from divided.web import games as web_games

NOT_SUPPORTED: dict[tuple[str, str], str] = {}
"""(game, layer) -> why that game has no such part yet."""


def _advisor(game: str) -> object:
    return bots.advisor(game)


def _own_bots(game: str) -> object:
    names = bots.names(game)
    assert {"random", "ismcts"} <= set(names), "the generic bots play every game"
    return names


def _layout(game: str) -> object:
    pieces = games.room(game).observation.pieces
    assert pieces and all(shape for _, shape in pieces)
    return pieces


LAYERS: dict[str, Callable[[str], object]] = {
    "game room": games.room,
    "observation layout": _layout,
    "bots": _own_bots,
    "advisor (hints, review)": _advisor,
    "lab room": _LAB_ROOMS.get,
    "web room": web_games.room,
    "review explainer": EXPLAINERS.get,
    "terminal renderer": TERMINALS.get,
    "rules text": cli_rules.TEXTS.get,
}


@pytest.mark.parametrize("layer", sorted(LAYERS))
@pytest.mark.parametrize("game", games.names())
def test_every_game_has_every_part_or_says_why_not(game: str, layer: str) -> None:
    if (game, layer) in NOT_SUPPORTED:
        with pytest.raises(Exception):  # noqa: B017 (any refusal will do: the part must be absent)
            LAYERS[layer](game)
        return
    assert LAYERS[layer](game) is not None


def test_the_not_supported_list_names_real_games_and_layers() -> None:
    for game, layer in NOT_SUPPORTED:
        assert game in games.names() and layer in LAYERS

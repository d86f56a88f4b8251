"""Random seeded games of every poker variant play exactly as recorded at ``a041d29``, before
the engine's speed work (issue 29): same actions (chance included), returns and settled pots."""

from __future__ import annotations

import pytest
from engine_digests import GAMES, digest

RECORDED = {
    "five-card-draw": "4b908ccf44499e0a928b93b40f2d94d8945d3f7739b0779ad504c31a0835f2cf",
    "seven-card-stud": "a525ad59e3ae67c5c7d82908df8c3ec86392f794c131d937b8a0193281773b58",
    "henway": "207274c2688a1f78bed666c468f30ef416b0e0ec985cf437dfaaaf9bc72cada9",
    "ten-card-regrets": "b8152e23dc1eeb82be380c3e4a05bc05e10256ef57e1c03a8b862f507d10eeec",
    "cowpie": "d97fcc461c90feedf02739203496d2bbd3d35f2b05370d0789f8968969e81cdb",
    "double-draw-high-low": "a9941877bcc64800b855c46c808a6b2c3b1099b1ddefd3335aa5c3b8179b9f3f",
    "open-draw": "e2e9316b849e6db55d937cb0866f3177d39face38f0c8d725dc331e802caad7d",
}


@pytest.mark.parametrize("game", GAMES)
def test_random_games_play_as_recorded(game: str) -> None:
    assert digest(game) == RECORDED[game]

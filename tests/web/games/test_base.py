"""A web room made of :class:`GameRoom`: what it gives where a game writes nothing, the lobby's
bots found when asked, and which rooms the shell paces (``api.py`` asks ``PacedRoom``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from divided.games.base import Result
from divided.web.games.base import BotChoice, GameRoom, PacedGameRoom, PacedRoom

RANDOM, SKILLED = BotChoice("random", "Random"), BotChoice("skilled", "Skilled")


def _room(cls: type[GameRoom] = GameRoom, **own: Any) -> GameRoom:
    parts: dict[str, Any] = dict(
        game="toy", title="Toy", rules_resource="rules_text/toy.md", script="games/toy.js",
        offered_bots=(RANDOM, SKILLED), lobby_bot="skilled", lobby_options=(), rule_options=(),
        phase=lambda view: "play", table=lambda view, books, mine: {"mine": mine},
        prompt=lambda view, books, bot_error: "Play.", legal=lambda view: [], log=lambda view: [],
        headline=lambda view: None, refusal=lambda view, action: "No.")
    return cls(**(parts | own))


def test_what_a_room_leaves_out() -> None:
    room = _room()
    result = Result.from_returns((1.0, -1.0))
    view = SimpleNamespace(result=result)
    assert room.bot_seats({"players": 6}) == 1
    assert room.books(view) is None and room.knowledge(None) == {}
    assert room.result(view) is result and room.result(SimpleNamespace(result=None)) is None
    assert room.decided({"headline": "You win 3-1.", "reason": "points"}) == "You win 3-1."
    assert room.decided({}) == ""
    assert room.warm_up() is None and room.forget_caches() is None
    assert room.lede == "" and room.statistics is None


def test_the_lobbys_bots_found_when_asked() -> None:
    registered = [RANDOM]
    room = _room(offered_bots=lambda: tuple(registered))
    assert room.bots == (RANDOM,) and room.default_bot == "random"  # "skilled" is not offered yet
    registered.append(SKILLED)
    assert room.bots == (RANDOM, SKILLED) and room.default_bot == "skilled"


def test_the_default_bot_is_the_rooms_choice_when_offered() -> None:
    assert _room().default_bot == "skilled"
    assert _room(lobby_bot="expert").default_bot == "random"
    assert _room(offered_bots=(), lobby_bot="expert").default_bot == "expert"


def test_only_a_paced_room_is_paced() -> None:
    assert not isinstance(_room(), PacedRoom)
    paced = _room(PacedGameRoom, step_table=lambda view: {"step": True})
    assert isinstance(paced, PacedRoom) and paced.step_table(None) == {"step": True}

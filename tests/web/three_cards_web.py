"""The web room of Three Cards (``tests/three_cards.py``), the tests-only three-player game: it
shows that the web shell seats any number of bots, offers a game's rule option in the lobby and
knows nothing of Divided Ranks."""

from __future__ import annotations

from typing import Any

from divided.games.base import TERMINAL
from divided.games.room import ActionLabel
from divided.web.games import BotChoice, GameRoom, LobbyOption, LogEntry
from three_cards import EXCHANGE, KEEP, NAME, PLAYERS, CardsRules, CardsView

WORDS = {KEEP: "keep", EXCHANGE: "exchange"}
RANKS = CardsRules.info.options[0]


def seat_words(seat: int | None, me: int | None) -> str:
    return "You" if seat == me else f"Bot {seat}"


def table(view: CardsView, books: None, mine: bool) -> dict[str, Any]:
    return {"card": view.card, "shown": list(view.shown), "decided": list(view.decided),
            "revealed": None if view.revealed is None else list(view.revealed)}


def log(view: CardsView) -> list[LogEntry]:
    out = []
    for seat, done in enumerate(view.decided):
        if done:
            said = f"exchanged a {view.shown[seat]}" if view.shown[seat] else "kept"
            out.append(LogEntry(seat, f"{seat_words(seat, view.player)}: {said}."))
    if view.revealed is not None:
        out.append(LogEntry(None, "Cards: " + ", ".join(str(c) for c in view.revealed) + "."))
    return out


ROOM = GameRoom(
    game=NAME, title="Three Cards", rules_resource="rules_text/divided-ranks.md", script="games/divided-ranks.js",
    offered_bots=(BotChoice("keep-high", "Keeps high"),), lobby_bot="keep-high",
    lobby_options=(LobbyOption.of(RANKS, "Ranks", {"distinct": "Distinct",
                                                   "paired": ("Paired", "1-2, 3-4 and 5-6 rank alike")}),),
    rule_options=(RANKS,), bot_seats=lambda options: PLAYERS - 1,
    phase=lambda view: "over" if view.current_player == TERMINAL else "decide", table=table,
    prompt=lambda view, books, bot_error: "Keep or exchange." if view.current_player == view.player
    else "Waiting for the bots.",
    legal=lambda view: [ActionLabel(action, text, text) for action, text in WORDS.items()], log=log,
    headline=lambda view: None if view.result is None else view.result.headline,
    refusal=lambda view, action: f"action {action} is not keep (0) or exchange (1). Nothing changed.",
)
"""Only what is the game's own: the room's defaults give no books, the engine's result and the
stored headline as what decided a game."""

"""The web room of Three Cards (``tests/three_cards.py``), the tests-only three-player game: it
shows that the web shell seats any number of bots, offers a game's rule option in the lobby and
knows nothing of Divided Ranks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from divided.games.base import TERMINAL, Result, RuleOption
from divided.games.room import ActionLabel
from divided.web.games import BotChoice, LobbyOption, LogEntry
from three_cards import EXCHANGE, KEEP, NAME, PLAYERS, CardsRules, CardsView

WORDS = {KEEP: "keep", EXCHANGE: "exchange"}
RANKS = CardsRules.info.options[0]


def seat_words(seat: int | None, me: int | None) -> str:
    return "You" if seat == me else f"Bot {seat}"


class CardsWeb:
    game = NAME
    title = "Three Cards"
    rules_resource = "rules_text/divided-ranks.md"
    script = "games/divided-ranks.js"
    bots = (BotChoice("keep-high", "Keeps high"),)
    default_bot = "keep-high"
    lobby_options: tuple[LobbyOption, ...] = (
        LobbyOption.of(RANKS, "Ranks", {"distinct": "Distinct", "paired": ("Paired", "1-2, 3-4 and 5-6 rank alike")}),)
    rule_options: tuple[RuleOption, ...] = (RANKS,)

    def bot_seats(self, options: Mapping[str, Any]) -> int:
        return PLAYERS - 1

    def books(self, view: CardsView) -> None:
        return None

    def knowledge(self, books: None) -> dict[str, Any]:
        return {}

    def table(self, view: CardsView, books: None, mine: bool) -> dict[str, Any]:
        return {"card": view.card, "shown": list(view.shown), "decided": list(view.decided),
                "revealed": None if view.revealed is None else list(view.revealed)}

    def phase(self, view: CardsView) -> str:
        return "over" if view.current_player == TERMINAL else "decide"

    def prompt(self, view: CardsView, books: None, bot_error: str | None) -> str:
        return "Keep or exchange." if view.current_player == view.player else "Waiting for the bots."

    def legal(self, view: CardsView) -> list[ActionLabel]:
        return [ActionLabel(action, text, text) for action, text in WORDS.items()]

    def log(self, view: CardsView) -> list[LogEntry]:
        out = []
        for seat, done in enumerate(view.decided):
            if done:
                said = f"exchanged a {view.shown[seat]}" if view.shown[seat] else "kept"
                out.append(LogEntry(seat, f"{seat_words(seat, view.player)}: {said}."))
        if view.revealed is not None:
            out.append(LogEntry(None, "Cards: " + ", ".join(str(c) for c in view.revealed) + "."))
        return out

    def result(self, view: CardsView) -> Result | None:
        return view.result

    def headline(self, view: CardsView) -> str | None:
        return None if view.result is None else view.result.headline

    def decided(self, summary: Mapping[str, Any]) -> str:
        return str(summary.get("headline", ""))

    def refusal(self, view: CardsView, action: int) -> str:
        return f"action {action} is not keep (0) or exchange (1). Nothing changed."

    def warm_up(self) -> None:
        return None


ROOM = CardsWeb()

"""A tiny three-player card game for the tests only, with its web room: it shows that the web
shell seats any number of bots and knows nothing of Divided Ranks.

Three cards are dealt from a six-card pack (values 0-5), one to each seat; then each seat in
turn passes or bets. Among the bettors the highest card wins one from every other bettor;
nobody betting is a draw. A player sees their own card and the bets so far; every card shows
at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from divided.games.base import CHANCE, TERMINAL, ChanceNode, GameInfo, OptionValue, Result, RuleOption, Rules
from divided.games.room import ActionLabel
from divided.web.games import BotChoice, Hint, LobbyOption, LogEntry

GAME = "tiny-three"
PLAYERS = 3
PACK = 6
PASS, BET = 0, 1
WORDS = {PASS: "pass", BET: "bet"}


@dataclass(frozen=True, slots=True)
class TinyState:
    cards: tuple[int, ...] = ()
    bets: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TinyView:
    player: int | None
    current_player: int
    num_players: int
    card: int | None
    bets: tuple[int, ...]
    shown: tuple[int, ...] | None
    result: Result | None


class TinyRules(Rules[TinyState, TinyView]):
    info = GameInfo(GAME, "Tiny three", PLAYERS, PLAYERS, PLAYERS, PACK, PACK, 2 * PLAYERS, -1.0, 2.0, 0.0, ())

    def initial_state(self, options: Mapping[str, OptionValue]) -> TinyState:
        return TinyState()

    def current_player(self, state: TinyState) -> int:
        if len(state.cards) < PLAYERS:
            return CHANCE
        return len(state.bets) if len(state.bets) < PLAYERS else TERMINAL

    def legal_actions(self, state: TinyState) -> list[int]:
        if self.current_player(state) == CHANCE:
            return [c for c in range(PACK) if c not in state.cards]
        return [] if self.is_terminal(state) else [PASS, BET]

    def chance_outcomes(self, state: TinyState) -> list[tuple[int, float]]:
        left = self.legal_actions(state)
        return [(c, 1 / len(left)) for c in left]

    def apply(self, state: TinyState, action: int) -> TinyState:
        if action not in self.legal_actions(state):
            raise ValueError(f"action {action} is not legal")
        if self.current_player(state) == CHANCE:
            return TinyState((*state.cards, action), state.bets)
        return TinyState(state.cards, (*state.bets, action))

    def returns(self, state: TinyState) -> list[float]:
        if not self.is_terminal(state):
            return [0.0] * PLAYERS
        bettors = [seat for seat in range(PLAYERS) if state.bets[seat] == BET]
        if not bettors:
            return [0.0] * PLAYERS
        winner = max(bettors, key=lambda seat: state.cards[seat])
        return [float(len(bettors) - 1) if seat == winner else (-1.0 if seat in bettors else 0.0)
                for seat in range(PLAYERS)]

    def action_to_string(self, state: TinyState, action: int) -> str:
        return f"deal {action}" if self.current_player(state) == CHANCE else WORDS[action]

    def string_to_action(self, state: TinyState, text: str) -> int:
        if self.current_player(state) == CHANCE:
            return int(text.split()[-1])
        return {"pass": PASS, "bet": BET}[text]

    def observe(self, state: TinyState, player: int | None) -> TinyView:
        over = self.is_terminal(state)
        card = None if player is None or len(state.cards) <= player else state.cards[player]
        return TinyView(player, self.current_player(state), PLAYERS, card, state.bets,
                        state.cards if over else None, self.result(state))

    def chance_node(self, state: TinyState) -> ChanceNode:
        return ChanceNode("deal", len(state.cards))


class FirstBot:
    """Bets with a card of 3 or more, else passes (from its own view only)."""

    name = "first"

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        return BET if view.card is not None and view.card >= 3 else PASS


def seat_words(seat: int | None, me: int | None) -> str:
    return "You" if seat == me else f"Bot {seat}"


class TinyWeb:
    game = GAME
    title = "Tiny three"
    rules_resource = "rules_text/divided-ranks.md"
    script = "games/divided-ranks.js"
    bots = (BotChoice("first", "First"),)
    default_bot = "first"
    lobby_options: tuple[LobbyOption, ...] = ()
    rule_options: tuple[RuleOption, ...] = ()

    def bot_seats(self, options: Mapping[str, OptionValue]) -> int:
        return PLAYERS - 1

    def books(self, view: TinyView) -> None:
        return None

    def knowledge(self, books: None) -> dict[str, Any]:
        return {}

    def table(self, view: TinyView, books: None, mine: bool) -> dict[str, Any]:
        return {"card": view.card, "bets": [WORDS[b] for b in view.bets],
                "shown": None if view.shown is None else list(view.shown)}

    def phase(self, view: TinyView) -> str:
        return "over" if view.current_player == TERMINAL else "bet"

    def prompt(self, view: TinyView, books: None, bot_error: str | None) -> str:
        return "Pass or bet." if view.current_player == view.player else "Waiting for the bots."

    def legal(self, view: TinyView) -> list[ActionLabel]:
        return [ActionLabel(PASS, "pass", "pass"), ActionLabel(BET, "bet", "bet")]

    def log(self, view: TinyView) -> list[LogEntry]:
        out = [LogEntry(seat, f"{seat_words(seat, view.player)}: {WORDS[bet]}.") for seat, bet in enumerate(view.bets)]
        if view.shown is not None:
            out.append(LogEntry(None, "Cards: " + ", ".join(str(c) for c in view.shown) + "."))
        return out

    def result(self, view: TinyView) -> Result | None:
        return view.result

    def headline(self, view: TinyView) -> str | None:
        return None if view.result is None else view.result.headline

    def decided(self, summary: Mapping[str, Any]) -> str:
        return str(summary.get("headline", ""))

    def refusal(self, view: TinyView, action: int) -> str:
        return f"action {action} is not pass (0) or bet (1). Nothing changed."

    def hint(self, view: TinyView, legal: Sequence[int], salt: int, budget: int) -> Hint:
        return Hint(BET if view.card is not None and view.card >= 3 else PASS, 0.0, 0.0)

    def warm_up(self) -> None:
        return None


ROOM = TinyWeb()

"""The poker games as definitions, and the factories the game registries name.

>>> from divided import games
>>> game = games.load("henway", players=3)
>>> game.info.num_players, game.info.num_distinct_actions
(3, 440)
"""

from __future__ import annotations

from divided.games.poker.room import PokerRoom
from divided.games.poker.rules import PokerRules
from divided.games.poker.variant import Variant
from divided.games.poker.variants.draw import DOUBLE_DRAW_HIGH_LOW, FIVE_CARD_DRAW, OPEN_DRAW
from divided.games.poker.variants.stud import SEVEN_CARD_STUD
from divided.games.poker.variants.two_hand import COWPIE, HENWAY, TEN_CARD_REGRETS

VARIANTS: dict[str, Variant] = {variant.id: variant for variant in (
    FIVE_CARD_DRAW, SEVEN_CARD_STUD, HENWAY, TEN_CARD_REGRETS, COWPIE, DOUBLE_DRAW_HIGH_LOW, OPEN_DRAW)}
"""Every poker game by id."""

_RULES: dict[str, PokerRules] = {}


def rules_of(game: str) -> PokerRules:
    """The rules of the poker game ``game`` (made once)."""
    if game not in _RULES:
        _RULES[game] = PokerRules(VARIANTS[game])
    return _RULES[game]


def five_card_draw_rules() -> PokerRules:
    return rules_of("five-card-draw")


def seven_card_stud_rules() -> PokerRules:
    return rules_of("seven-card-stud")


def henway_rules() -> PokerRules:
    return rules_of("henway")


def ten_card_regrets_rules() -> PokerRules:
    return rules_of("ten-card-regrets")


def cowpie_rules() -> PokerRules:
    return rules_of("cowpie")


def double_draw_high_low_rules() -> PokerRules:
    return rules_of("double-draw-high-low")


def open_draw_rules() -> PokerRules:
    return rules_of("open-draw")


ROOMS: dict[str, PokerRoom] = {game: PokerRoom(game, variant) for game, variant in VARIANTS.items()}
"""The room of every poker game by id."""

FIVE_CARD_DRAW_ROOM = ROOMS["five-card-draw"]
SEVEN_CARD_STUD_ROOM = ROOMS["seven-card-stud"]
HENWAY_ROOM = ROOMS["henway"]
TEN_CARD_REGRETS_ROOM = ROOMS["ten-card-regrets"]
COWPIE_ROOM = ROOMS["cowpie"]
DOUBLE_DRAW_HIGH_LOW_ROOM = ROOMS["double-draw-high-low"]
OPEN_DRAW_ROOM = ROOMS["open-draw"]

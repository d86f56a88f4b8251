"""The poker games as definitions, and the factories the game registries name.

>>> from divided import games
>>> game = games.load("henway", players=3)
>>> game.info.num_players, game.info.num_distinct_actions
(3, 1024)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from divided.games.poker.room import PokerRoom
from divided.games.poker.rules import PokerRules
from divided.games.poker.variant import Variant
from divided.games.poker.variants.assassin import ASSASSIN
from divided.games.poker.variants.auction_flop import AUCTION_FLOP
from divided.games.poker.variants.bounce_back import BOUNCE_BACK
from divided.games.poker.variants.buck_thirty_five import BUCK_THIRTY_FIVE
from divided.games.poker.variants.crazy_four_of_spades import CRAZY_FOUR_OF_SPADES
from divided.games.poker.variants.draw import DOUBLE_DRAW_HIGH_LOW, FIVE_CARD_DRAW, OPEN_DRAW
from divided.games.poker.variants.fives import FIVES
from divided.games.poker.variants.freak_of_nature import FREAK_OF_NATURE
from divided.games.poker.variants.j_lo import J_LO
from divided.games.poker.variants.jackpot import JACKPOT
from divided.games.poker.variants.low_high_die import LOW_HIGH_DIE
from divided.games.poker.variants.mississippi import MISSISSIPPI
from divided.games.poker.variants.open_draws import SEVEN_CARD_OPEN_DRAW, SIX_CARD_OPEN_DRAW
from divided.games.poker.variants.sequential_open_draw import SEQUENTIAL_OPEN_DRAW
from divided.games.poker.variants.six_card import SIX_CARD_DRAW
from divided.games.poker.variants.stud import SEVEN_CARD_STUD
from divided.games.poker.variants.three_two_one import THREE_TWO_ONE
from divided.games.poker.variants.two_hand import COWPIE, HENWAY, TEN_CARD_REGRETS
from divided.games.poker.variants.uncle_bobs_left_nut import UNCLE_BOBS_LEFT_NUT

VARIANTS: dict[str, Variant] = {variant.id: variant for variant in (
    FIVE_CARD_DRAW, SEVEN_CARD_STUD, HENWAY, TEN_CARD_REGRETS, COWPIE, DOUBLE_DRAW_HIGH_LOW, OPEN_DRAW,
    JACKPOT, SEQUENTIAL_OPEN_DRAW,
    SIX_CARD_DRAW, SIX_CARD_OPEN_DRAW, SEVEN_CARD_OPEN_DRAW, BOUNCE_BACK, J_LO,
    FREAK_OF_NATURE, UNCLE_BOBS_LEFT_NUT,
    THREE_TWO_ONE, ASSASSIN, FIVES, CRAZY_FOUR_OF_SPADES,
    AUCTION_FLOP, LOW_HIGH_DIE, BUCK_THIRTY_FIVE, MISSISSIPPI)}
"""Every poker game by id."""


def rules_of(game: str) -> PokerRules:
    """The rules of the poker game ``game`` (one rules object per game, made on first use)."""
    return RULES[game]()


@cache
def _rules(game: str) -> PokerRules:
    return PokerRules(VARIANTS[game])


RULES: dict[str, Callable[[], PokerRules]] = {game: partial(_rules, game) for game in VARIANTS}
"""Every poker game's rules factory by id (what the games registry names)."""

ROOMS: dict[str, PokerRoom] = {game: PokerRoom(game, variant) for game, variant in VARIANTS.items()}
"""The room of every poker game by id."""


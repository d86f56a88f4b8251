"""The award kind ``assassin`` (Assassin, AS1, AS3, AS4): a hand holding a 2 is assassinated.

A showdown player with a 2 anywhere among the award's cards (six of them after an exposure
draw, AS1) cannot win; the best of the others wins. A layer whose showdown players are all
assassinated has no winner and carries (the match rule ``carry``); at the capped deal it goes
to the best hand among them, twos as ordinary cards (AS4). A player holding a 2 whose
opponents all fold wins unseen (AS3: T12 never reaches an award).

Jokers (AS5) act exactly as 2s: :func:`acts_as_two` takes every card id beyond the 52 of one
deck for a joker (the hook for the deck with jokers; no game deals one yet).

Choices where the rulings are silent: a layer only one showdown player may win is theirs,
assassinated or not, as an uncontested layer would be.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from divided.games.poker.awards.must_hold import award_cards
from divided.games.poker.batch import register_can_win
from divided.games.poker.cards import rank_of
from divided.games.poker.match import is_last_deal
from divided.games.poker.showdown import best_hand, register_award
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Award


def acts_as_two(card: int) -> bool:
    """Whether ``card`` is an assassin: a 2, or a joker (AS5: :func:`rank_of` reads a joker
    as a 2).

    >>> from divided.games.poker.cards import JOKERS, parse
    >>> [acts_as_two(card) for card in parse("2h 3h")], acts_as_two(JOKERS[0]), acts_as_two(52 + 1)
    ([True, False], True, True)
    """
    return rank_of(card) == 2


def assassinated(cards: Collection[int]) -> bool:
    """Whether a hand holds an assassin (AS1: anywhere among its cards)."""
    return any(acts_as_two(card) for card in cards)


def assassin(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
    """The ``assassin`` award (see the module text)."""
    best = best_hand(state, award)
    last = is_last_deal(state)

    def judge(eligible: Collection[int]) -> tuple[int, ...]:
        alive = [seat for seat in eligible if not assassinated(award_cards(state, award, seat))]
        if alive:
            return best(alive)
        return best(eligible) if last or len(eligible) < 2 else ()

    return judge


register_award("assassin", assassin)
register_can_win("assassin", lambda cards: not assassinated(cards))

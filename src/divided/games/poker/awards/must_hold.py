"""The award kind ``must-hold-five`` (Fives, FV1-FV4): the best hand wins only if it holds a five.

Among the tied best hands of a layer, those holding a five share it (FV2); when none does, the
layer has no winner and carries (the match rule ``replay`` deals in its eligible players again,
:mod:`divided.games.poker.match`). At the capped deal the best hand wins, five or not, and an
uncontested win needs no five (FV4; T12 never reaches an award).

Choices where the rulings are silent: a layer only one showdown player may win (the chips a
lone player put in above every other total, paid draw fees say) is that player's without a
five, as an uncontested layer would be.

Wild cards (FV5, option ``fives-wild``): "holds a five" reads the printed ranks, so a wild five
is still a five (``fives``) and a two standing for a five is not (``deuces``): both rulings
give the same test. Where a game means a wild card to count as a five as well, it passes those
cards as ``counts_as_five`` (the hook for the lead; no game does yet).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from divided.games.poker.batch import register_can_win
from divided.games.poker.cards import rank_of
from divided.games.poker.match import is_last_deal
from divided.games.poker.showdown import best_hand, register_award
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Award

FIVE = 5


def holds_five(cards: Iterable[int | None], counts_as_five: Collection[int] = ()) -> bool:
    """Whether ``cards`` hold a five (FV1: any card of rank 5), or a card of ``counts_as_five``.

    >>> from divided.games.poker.cards import parse
    >>> holds_five(parse("7s 7h 7d 5c 3s")), holds_five(parse("9s 9h 9d Kc Ks"))
    (True, False)
    """
    return any(card is not None and (rank_of(card) == FIVE or card in counts_as_five) for card in cards)


def award_cards(state: PokerState, award: Award, seat: int) -> tuple[int, ...]:
    """Every card of ``seat`` in ``award``'s slots."""
    variant = state.config.variant
    return tuple(card for name in award.slots for card in state.slots[seat][variant.slot_index(name)])


def must_hold_five(state: PokerState, award: Award) -> Callable[[Collection[int]], tuple[int, ...]]:
    """The ``must-hold-five`` award (see the module text)."""
    best = best_hand(state, award)
    if is_last_deal(state):
        return best

    def judge(eligible: Collection[int]) -> tuple[int, ...]:
        top = best(eligible)
        if len(eligible) < 2:
            return top
        return tuple(seat for seat in top if holds_five(award_cards(state, award, seat)))

    return judge


register_award("must-hold-five", must_hold_five)
register_can_win("must-hold-five", holds_five, lapses_at_last_deal=True)

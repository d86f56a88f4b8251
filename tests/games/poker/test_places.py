"""The places award (Auction Flop AF7): the rulings' two examples, two players, ties and side
layers, worked by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kinds_variants import AUCTION, registered

from divided import games
from divided.games.poker.awards.places import split_by_places
from divided.games.poker.betting import evolve_table
from divided.games.poker.cards import parse
from divided.games.poker.showdown import settle
from divided.games.poker.state import PokerState, evolve_state

A, B, C = 0, 1, 2
FLUSH, NINES, NINES_TOO, EIGHTS = "As Ks Qs Js 9s", "9h 9d 5c 4c 3d", "9s 9c 5d 4d 3h", "8h 8d 7c 6c 2d"


def test_split_examples_of_the_rulings() -> None:
    # Pot 50: A first, B and C tie second: A 30, B and C 10 each (pooled 40%)
    assert split_by_places(50, ((A,), (B, C))) == (30, 10, 10)
    # Pot 37: A and B tie first, C third: A and B 17 each, C 3
    assert split_by_places(37, ((A, B), (C,))) == (17, 17, 3)


def test_split_two_players_and_ties() -> None:
    assert split_by_places(10, ((A,), (B,))) == (7, 3)  # 2/3 = 6, 1/3 = 3, the chip left to the best
    assert split_by_places(9, ((A, B),)) == (5, 4)  # pooled 100%: 4 each, the odd chip to the first listed
    assert split_by_places(7, ((B,),)) == (7,)
    assert split_by_places(100, ((A,), (B,), (C,), (3,))) == (60, 30, 10, 0)  # a fourth place wins nothing
    assert split_by_places(100, ((A,), (B,), (C, 3))) == (60, 30, 5, 5)


@pytest.fixture
def ended() -> Iterator[PokerState]:
    """A finished three-player deal of the test auction (its hands and chips are replaced)."""
    with registered(AUCTION) as game:
        state = games.load(game, players=3, first_dealer=C).new_initial_state(seed=1)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        yield state.core


def showdown(core: PokerState, hands: tuple[str, ...], contributed: tuple[int, ...],
             stacks: tuple[int, ...] = (50, 50, 50)) -> PokerState:
    slots = tuple((tuple(parse(hand)), ()) for hand in hands)
    table = evolve_table(core.table, contributed=contributed, stacks=stacks, bets=(0, 0, 0))
    return settle(evolve_state(core, slots=slots, table=table, over=False, shown=False, settled=(), events=()))


def test_pot_50_through_the_showdown(ended: PokerState) -> None:
    done = showdown(ended, (FLUSH, NINES, NINES_TOO), (20, 15, 15))
    (pot,) = done.settled
    assert pot.amount == 50 and pot.chips == (30, 10, 10)


def test_pot_37_through_the_showdown(ended: PokerState) -> None:
    done = showdown(ended, (NINES, NINES_TOO, EIGHTS), (13, 12, 12))
    (pot,) = done.settled
    assert pot.amount == 37 and pot.chips == (17, 17, 3)


def test_each_layer_among_its_players(ended: PokerState) -> None:
    # A all in at 5, B and C put in 10: main layer 15 among three (A 9, B 4, C 1, the chip left
    # to A), side layer 10 between B and C (2/3: 6 and 1/3: 3, the chip left to B)
    done = showdown(ended, (FLUSH, NINES, EIGHTS), (5, 10, 10), stacks=(0, 40, 40))
    main, side = done.settled
    assert (main.amount, main.eligible, main.chips) == (15, (A, B, C), (10, 4, 1))
    assert (side.amount, side.eligible, side.chips) == (10, (B, C), (0, 7, 3))


def test_seats_still_in_that_paid_less_are_not_cut_below_the_others(ended: PokerState) -> None:
    # nobody all in: unequal payments (bids, refusals) stay one pot that every seat may win
    done = showdown(ended, (FLUSH, NINES, EIGHTS), (3, 9, 4))
    (pot,) = done.settled
    assert pot.eligible == (A, B, C) and pot.chips == (11, 4, 1)  # 16: 9, 4, 1 and the 2 left to A

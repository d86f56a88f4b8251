"""The dealer's call (Low-Die / High-Die LD2) on a test variant (five-card draw with the call)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest
from kinds_variants import CALLED_DRAWS, registered

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.steps import Bet, Draw


@pytest.fixture
def game() -> Iterator[str]:
    with registered(CALLED_DRAWS) as name:
        yield name


def new(game: str, players: int, **options: object):  # type: ignore[no-untyped-def]
    return games.load(game, players=players, first_dealer=1, **options).new_initial_state(seed=3)


def test_six_players_may_call_up_to_three_cards_each(game: str) -> None:
    # LD2: six players leave 22 cards, so up to 3 each (22 // 6)
    state = new(game, 6)
    assert state.current_player() == 1  # the dealer is the button seat
    labels = [games.room(game).label(state.observation(1), a).text for a in state.legal_actions()]
    assert labels == ["call no draw", "call a draw of 1", "call a draw of 2", "call a draw of 3",
                      "call a draw of 1, then a draw of 1", "call a draw of 1, then a draw of 2",
                      "call a draw of 2, then a draw of 1",
                      "call a draw of 1, then a draw of 1, then a draw of 1"]


def test_two_players_every_string_of_up_to_three_draws_and_max_draws(game: str) -> None:
    # two players leave 42 cards, 21 each: the three-draw limit is what binds (1 + 5 + 25 + 125)
    assert len(new(game, 2).legal_actions()) == 156
    assert len(new(game, 2, max_draws=2).legal_actions()) == 31
    seven = sum(1 for n in range(4) for d in product(range(1, 6), repeat=n) if sum(d) <= (52 - 35) // 7)
    assert len(new(game, 7).legal_actions()) == seven == 1 + 2 + 1


def called(state) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    steps = state.core.config.steps
    return [(s.kind, s.size if isinstance(s, Bet) else s.most if isinstance(s, Draw) else None) for s in steps]


def test_the_call_becomes_draws_and_rounds_sized_by_t4(game: str) -> None:
    state = new(game, 2)
    calls = [games.room(game).label(state.observation(1), a).text for a in state.legal_actions()]
    state.apply_action(state.legal_actions()[calls.index("call a draw of 3, then a draw of 2, then a draw of 1")])
    assert called(state)[1:] == [("deal", None), ("bet", "small"), ("draw", 3), ("bet", "small"), ("draw", 2),
                                 ("bet", "big"), ("draw", 1), ("bet", "big"), ("showdown", None)]
    state = new(game, 2)
    state.apply_action(act.CALL_DRAWS)  # no draw: one round, B
    assert called(state)[1:] == [("deal", None), ("bet", "big"), ("showdown", None)]
    state = new(game, 2)
    state.apply_action(act.CALL_DRAWS + 2)  # one draw of 2: S then B
    assert called(state)[1:] == [("deal", None), ("bet", "small"), ("draw", 2), ("bet", "big"), ("showdown", None)]


def test_the_call_is_public_and_each_draw_allows_zero_to_its_size(game: str) -> None:
    state = new(game, 3)
    state.apply_action(act.CALL_DRAWS + 2)  # a draw of 2
    for viewer in (None, 0, 1, 2):
        (event,) = [e for e in state.observation(viewer).events if e.kind == "call-draws"]
        assert event.seat == 1 and event.counts == (2,)
    while state.core.config.steps[state.core.step].kind == "bet":
        state.apply_action(act.CALL)
    assert state.core.config.steps[state.core.step].kind == "draw"
    assert state.legal_actions() == [act.DISCARD + m for m in range(32) if m.bit_count() <= 2]


def test_a_call_beyond_the_list_or_by_another_seat_is_refused(game: str) -> None:
    state = new(game, 6)
    before = state.core
    for bad in (act.CALL_DRAWS + 8, act.CALL_DRAWS - 1, act.DISCARD):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.core is before


def test_random_deals_sum_to_zero(game: str) -> None:
    import random

    for seed in range(60):
        rng = random.Random(seed)
        state = games.load(game, players=rng.randint(2, 7)).new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0

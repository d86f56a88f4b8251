"""Low-Die / High-Die (poker-games.md, LD1-LD2): the example and the rulings on the game itself,
hand-fixed deals played to the showdown."""

from __future__ import annotations

import pytest
from poker_deals import start

from divided import games
from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.facts import facts

A, B = 0, 1
GAME = "low-high-die"
FOUR_JACKS = "Js Jh Jd Jc 9s"


def showdown(hands: tuple[str, ...], draws: int = 0, **options: object):  # type: ignore[no-untyped-def]
    """The dealer (seat B) calls the ``draws``-th call (0: no draw); everyone checks and stands pat."""
    state = start(GAME, hands, button=B, **options)
    assert state.current_player() == B  # LD2: the dealer calls before the deal
    state.apply_action(act.CALL_DRAWS + draws)
    while not state.is_terminal():
        state.apply_action(act.CALL if kind(state) == "bet" else act.DISCARD)
    return state


def kind(state) -> str:  # type: ignore[no-untyped-def]
    """The kind of the step under way (the called draws are steps of the deal, not of the variant)."""
    return str(state.core.config.steps[state.core.step].kind)


def words(state, seat: int) -> str:  # type: ignore[no-untyped-def]
    return str(facts(state.core)["hands"][str(seat)]["high"])


def test_example_low_die_the_ace_and_both_twos_are_wild_four_sixes() -> None:
    state = showdown(("As 6h 5d 2c 2d", FOUR_JACKS))
    assert words(state, A) == "Four sixes, with a five"
    assert state.returns() == [-1.0, 1.0]  # four jacks beat four sixes


def test_example_low_die_a_straight_flush_to_the_nine_when_the_six_and_five_share_a_suit() -> None:
    state = showdown(("As 6h 5h 2c 2d", FOUR_JACKS))
    assert words(state, A) == "Straight Flush, nine-high"
    assert state.returns() == [1.0, -1.0]


def test_example_high_die_the_six_and_five_are_wild_four_twos() -> None:
    state = showdown(("As 6h 5h 2c 2d", FOUR_JACKS), die="high")
    assert words(state, A) == "Four twos, with an ace"
    assert state.returns() == [-1.0, 1.0]


def test_the_enabling_card_is_not_wild_itself_and_nothing_without_it() -> None:
    # Low-Die: threes are wild with a 4, the 4 itself natural (else four aces); no 6 and no 5:
    # the ace and the king are plain
    state = showdown(("4s 3h 3d Ah Kc", "Qs Qh Qd 8c 7d"))
    assert words(state, A) == "Three aces, with a king and a four"
    assert words(state, B) == "Three queens, with an eight and a seven"
    assert state.returns() == [1.0, -1.0]


def test_six_players_may_call_up_to_three_cards_each_and_no_draw_is_one_big_round() -> None:
    state = games.load(GAME, players=6, first_dealer=2).new_initial_state(seed=1)
    assert state.current_player() == 2 and len(state.legal_actions()) == 8  # 22 cards left: 3 each
    before = state.core
    with pytest.raises(IllegalActionError):
        state.apply_action(act.CALL_DRAWS + 8)
    assert state.core is before
    state.apply_action(act.CALL_DRAWS)  # no draw
    assert [step.kind for step in state.core.config.steps] == ["call-draws", "deal", "bet", "showdown"]
    assert state.core.config.steps[2].size == "big"


def test_a_called_draw_allows_zero_up_to_its_size_and_the_call_is_public() -> None:
    state = start(GAME, ("As 6h 5d 2c 2d", FOUR_JACKS), button=B, max_draws=1)
    assert len(state.legal_actions()) == 6  # no draw, or one draw of 1-5
    state.apply_action(act.CALL_DRAWS + 2)  # one draw of 2
    for viewer in (None, A, B):
        (event,) = [e for e in state.observation(viewer).events if e.kind == "call-draws"]
        assert event.counts == (2,)
    while kind(state) == "bet":
        state.apply_action(act.CALL)
    assert state.legal_actions() == [act.DISCARD + m for m in range(32) if m.bit_count() <= 2]

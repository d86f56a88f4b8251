"""Mississippi's awards at the showdown (MG1-MG3): two-card high and low halves and the hog of a
pair of sevens, played through the engine with a two-card deal and one betting round."""

from __future__ import annotations

from divided.games import Game
from divided.games.poker import actions as act
from divided.games.poker.awards.hog import hog_judge
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Bet, Deal, Showdown
from divided.games.poker.variant import Variant
from divided.games.poker.variants.mississippi_awards import MISSISSIPPI_AWARDS, TWO_CARD_HAND

A, B, C = 0, 1, 2

SHOWDOWN = Variant(
    id="mississippi-showdown", name="Mississippi's showdown", players=(2, 7), slots=TWO_CARD_HAND,
    summary="One card down, one up, a betting round and Mississippi's showdown.",
    steps=(Deal(("down", "up")), Bet("small"), Showdown()), awards=MISSISSIPPI_AWARDS)


def play(hands: tuple[str, ...], *, fold: tuple[int, ...] = (), **options: object):  # type: ignore[no-untyped-def]
    """Deal ``hands`` (the button on the last seat), one card to each in turn, twice; the seats
    in ``fold`` fold to a bet by the first other seat, the rest call."""
    players = len(hands)
    order = [(players - 1 + k) % players for k in range(1, players + 1)]
    chance = [parse(hands[seat])[i] for i in range(2) for seat in order]
    game = Game(PokerRules(SHOWDOWN), {"players": players, "first_dealer": players - 1, **options})
    state = game.new_initial_state(chance=chance)
    bettor = next(seat for seat in range(players) if seat not in fold)
    if fold:
        while state.current_player() != bettor:
            state.apply_action(act.CALL)
        state.apply_action(act.RAISE)
    while not state.is_terminal():
        state.apply_action(act.FOLD if state.current_player() in fold else act.CALL)
    return state


EXAMPLE = ("7s 7d", "Ac Ah", "3d 2s")


def test_mississippi_example_a_pair_of_sevens_takes_the_whole_pot() -> None:
    state = play(EXAMPLE)
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (A,)))
    assert state.returns() == [2.0, -1.0, -1.0]


def test_mississippi_example_had_a_folded_b_wins_high_and_c_low() -> None:
    state = play(EXAMPLE, fold=(A,))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)), ("low", (C,)))
    # antes 3, B's bet 2 and C's call 2: 7, high 3 + the odd chip, low 3
    assert state.returns() == [-1.0, 4 - 3, 3 - 3]


def test_two_pairs_of_sevens_share_both_halves() -> None:
    state = play(("7s 7d", "7h 7c", "3d 2s"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A, B)), ("low", (B, A)))
    # 3 chips: each half 1, the chip left over to high (T11): high 2, one each; low 1, its odd
    # chip by the lowest printed card, the 7♣ (clubs lowest): B
    assert state.returns() == [1 - 1.0, 2 - 1.0, -1.0]


def test_one_player_may_win_both_halves_without_sevens() -> None:
    # MG3: high and low are judged apart: 5-3 is the best high, 3-2 the best low
    state = play(("3c 2h", "4d 2s", "5s 3d"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (C,)), ("low", (A,)))
    state = play(("Kc Kh", "4d 2s", "5s 3d"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (B,)))
    state = play(("2c 2h", "Ad Ks", "Qs Jd"))  # a pair beats any high card, and is the worst low
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)), ("low", (C,)))


def test_the_hog_wins_only_the_layers_it_is_eligible_for() -> None:
    state = play(EXAMPLE)
    high, low = MISSISSIPPI_AWARDS
    for award in (high, low):
        judge = hog_judge(7)(state.core, award)
        assert judge({A, B, C}) == (A,)
    # a side layer A cannot win (A all-in below it): judged as usual, B high and C low
    assert hog_judge(7)(state.core, high)({B, C}) == (B,)
    assert hog_judge(7)(state.core, low)({B, C}) == (C,)


def test_seven_high_is_no_hog() -> None:
    state = play(("7s 6d", "Ac Ah", "3d 2s"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)), ("low", (C,)))

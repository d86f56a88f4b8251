"""Freak of Nature (FN1-FN2) and Uncle Bob's Left Nut (UB1-UB2): every example of their rulings
played to the showdown with fixed cards, the results worked by hand."""

from __future__ import annotations

import random

import pytest
from no_leak import Tally, play_checked
from poker_deals import passive, stand_pat, start

from divided import games
from divided.games.poker import actions as act
from divided.games.poker.cards import parse

A, B, C = 0, 1, 2


def showdown(game: str, hands: tuple[str, ...], *, fold: tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    """Deal ``hands`` (button on the last seat: the first seat acts first); the seats in ``fold``
    fold to a bet in the first round, everyone else checks or calls and stands pat."""
    state = start(game, hands, button=len(hands) - 1)
    if fold:
        bettor = next(seat for seat in range(len(hands)) if seat not in fold)
        while state.current_player() != bettor:
            state.apply_action(act.CALL)  # checks
        state.apply_action(act.RAISE)
        while not state.is_terminal() and state.core.config.steps[state.core.step].kind == "bet":
            state.apply_action(act.FOLD if state.current_player() in fold else act.CALL)
    while not state.is_terminal():
        passive(state)
        stand_pat(state)
    return state


FREAK = ("5s 5d Kc Kh 9s", "4h 4c 4d Js 2c", "As Ah Qd 7c 3h")


def test_freak_example_no_six_so_fives_are_wild_and_a_has_four_kings() -> None:
    state = showdown("freak-of-nature", FREAK)
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)),)
    assert state.returns() == [2.0, -1.0, -1.0]


def test_freak_example_had_a_folded_fours_are_wild_and_b_has_four_jacks() -> None:
    # A folds to B's bet in the first round; nobody left holds a five: fours are wild, B's three
    # fours make four jacks, beating C's pair of aces (C has no four: nothing wild for C).
    state = showdown("freak-of-nature", FREAK, fold=(A,))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)),)
    assert pot.eligible == (B, C)


def test_freak_a_six_anywhere_makes_sixes_wild_for_everyone() -> None:
    # A's six makes sixes wild (A: three kings); B's fives are then plain: two pair loses. Were
    # fives wild, B's two fives would make four queens.
    state = showdown("freak-of-nature", ("6s Kc Kh 9s 2d", "5s 5d Qc Qh Js"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)),)


def test_freak_nothing_below_the_twos_nothing_is_wild() -> None:
    # no 2-6 in any hand still in: the hands play as printed, A's aces beat B's tens
    state = showdown("freak-of-nature", ("As Ah Kd Qc Js", "Ts Th 9d 8c 7s"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)),)


def test_freak_uncontested_deal_has_no_showdown_and_no_wild_rank() -> None:
    state = start("freak-of-nature", FREAK[:2], button=B)
    state.apply_action(act.RAISE)
    state.apply_action(act.FOLD)
    assert state.is_terminal() and not state.core.shown
    assert state.returns() == [1.0, -1.0]


def test_uncle_bob_aces_with_a_wheel_play_one_ace_as_the_two() -> None:
    # A-A-3-4-5: one ace wild as the 2, a five-high straight; B's 2 is its lowest card, wild as
    # a 2 or anything: 5-4-3-A and a wild make the same wheel. They split; read aces high only,
    # A would hold three aces and win.
    state = showdown("uncle-bobs-left-nut", ("As Ad 3h 4c 5s", "Ah 2h 3c 4d 5c"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A, B)),)
    assert state.returns() == [0.0, 0.0]


def test_uncle_bob_the_nine_is_wild_for_an_ace_high_straight() -> None:
    # A-K-Q-J-9: the 9 is wild (as the 10): an ace-high straight beats B's king-high straight
    # (B's 8 is wild as the 10 too).
    state = showdown("uncle-bobs-left-nut", ("Ah Kc Qd Js 9c", "Ks Qh Jd 9s 8c"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)),)


def test_uncle_bob_only_one_of_two_lowest_cards_is_wild() -> None:
    # 3♣ 3♦ 8♠ 9♥ K♦ is a pair of kings (one three wild), so B's three queens (the 2 wild) win;
    # were both threes wild, A would hold three kings.
    state = showdown("uncle-bobs-left-nut", ("3c 3d 8s 9h Kd", "Qs Qh 7d 5c 2s"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (B,)),)


def test_uncle_bob_the_player_picks_which_lowest_card_is_wild() -> None:
    # 3♠ 3♥ 5♥ 8♥ 9♥: the 3♠ is the wild one, so the hearts make a flush (A-high with the
    # wild as the ace), beating B's straight (8 wild as the 7... or the 10: ten-high)
    state = showdown("uncle-bobs-left-nut", ("3s 3h 5h 8h 9h", "9s Tc Jd 6c 8d"))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A,)),)


def test_uncle_bob_odd_chip_counts_cards_as_printed() -> None:
    # three players, C folds to A's bet: A and B tie with wheels in a pot of 3 + 2 + 2 = 7 (antes,
    # A's bet and B's call); the odd chip goes to the highest printed card: A♠ beats A♥.
    state = showdown("uncle-bobs-left-nut", ("As Ad 3h 4c 5s", "Ah 2h 3c 4d 5c", "Kc Qc 9d 8h 7s"), fold=(C,))
    (pot,) = state.core.settled
    assert pot.awards == (("high", (A, B)),)
    assert pot.chips[A] == pot.chips[B] + 1


@pytest.mark.parametrize("game", ["freak-of-nature", "uncle-bobs-left-nut"])
def test_random_deals_leak_nothing_and_are_zero_sum(game: str) -> None:
    # the shared checker (no_leak.py): every view and event at every step shows a viewer only
    # what the rules let it see; the returns of every finished deal sum to zero
    tally = Tally()
    for players in (2, 4, 7):
        for seed in range(4):
            options: dict[str, object] = {"players": players, "structure": ("fixed", "pot", "no")[seed % 3]}
            play_checked(game, seed, tally, options)
    assert tally.games == 12 and tally.events > 0
    for seed in range(40):
        state = games.load(game, players=2 + seed % 6).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0


def test_a_wild_rule_chosen_by_a_rule_option() -> None:
    # Jackpot's way: deuces wild or not by option. A's 2♣ makes three kings with deuces wild,
    # beating B's two pair; without wild cards B's two pair beats A's pair of kings.
    from divided.games import Game
    from divided.games.base import RuleOption
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Bet, Deal, Showdown
    from divided.games.poker.variant import Award, Slot, Variant, by_option
    from divided.games.poker.wilds import DEUCES, Fixed

    variant = Variant(
        id="deuces-test", name="Deuces test", summary="", players=(2, 7), slots=(Slot("hand", 5),),
        steps=(Deal(("down",) * 5), Bet("big"), Showdown()),
        awards=(Award("high", ("hand",), wild=by_option("deuces_wild", {"none": None, "deuces": Fixed(DEUCES)})),),
        options=(RuleOption("deuces_wild", ("none", "deuces"), "none or deuces"),))
    hands = (parse("Ks Kh 9d 7c 2c"), parse("Qs Qh Jd Jc 3s"))
    chance = [hands[seat][i] for i in range(5) for seat in (A, B)]  # B deals: A first
    winners = {}
    for wild in ("none", "deuces"):
        state = Game(PokerRules(variant), {"players": 2, "first_dealer": B, "deuces_wild": wild}).new_initial_state(
            chance=chance)
        while not state.is_terminal():
            state.apply_action(act.CALL)
        winners[wild] = state.core.settled[0].awards
    assert winners == {"none": (("high", (B,)),), "deuces": (("high", (A,)),)}


def test_the_hands_are_named_as_the_showdown_ranks_them_with_their_wild_cards() -> None:
    # FN example: A's 5♠ 5♦ K♣ K♥ 9♠ is four kings (fives wild), not two pair, in the deal's
    # facts and in the web page's showdown (the cards still as printed)
    from divided.games.poker.facts import facts
    from divided.web.games.poker import showdown_object

    state = showdown("freak-of-nature", FREAK)
    hands = facts(state.core)["hands"]
    assert hands["0"] == {"high": "Four kings, with a nine"}
    assert hands["1"] == {"high": "Three fours, with a jack and a two"}  # no five held: B's fours are plain
    shown = showdown_object(state.observation(B))
    assert shown is not None
    (winner,) = shown["pots"][0]["awards"][0]["winners"]
    assert (winner["hand"], winner["cards"]) == ("Four kings, with a nine", ["5s", "5d", "Kc", "Kh", "9s"])

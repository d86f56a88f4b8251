"""The equity bot's values follow J-Lo's switch (once nobody opened, hands rank deuce-to-seven:
the nut low 7-5-4-3-2 is worth nearly the whole pot, not nothing, and the draw policy keeps low
cards) and a match (T18: the chips carried into a deal are part of the pot a hand wins)."""

from __future__ import annotations

import random

from poker_bot_positions import start

from divided.bots.poker import shares
from divided.bots.poker.playout import aces_low, draw_style
from divided.bots.poker.values import showdowns
from divided.games.poker import actions as act
from divided.games.poker.awards.switched import config_in_force


def test_after_the_switch_the_nut_low_is_valued_as_the_nuts() -> None:
    state = start("j-lo", ["7c 5d 4h 3s 2c", "Ks Qh 9d 8c 6s"], button=1)
    view = state.observation(0)
    assert draw_style(view) == "high"
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)  # nobody opened: deuce-to-seven, seat 0 acts first again
    view = state.observation(0)
    assert view.current_player == 0 and (draw_style(view), aces_low(view)) == ("low", False)
    found = showdowns("j-lo", view, [None], random.Random(3), 200)
    share = shares.pot_share(config_in_force(view), found.mine, found.theirs)
    assert share.mean() > 0.9


def test_a_match_deals_carried_chips_are_part_of_what_a_hand_wins() -> None:
    import numpy as np

    import divided.games.poker.awards.must_hold
    from divided.bots.poker.values import ChipValues, Showdowns, pot_of
    from divided.games.poker.cards import parse
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Bet, Deal, Showdown
    from divided.games.poker.variant import Award, Match, Slot, Variant

    assert divided.games.poker.awards.must_hold
    variant = Variant(id="fives-test", name="", summary="", players=(2, 7), slots=(Slot("hand", 5),),
                      steps=(Deal(("down",) * 5), Bet("big"), Showdown()),
                      awards=(Award("high", ("hand",), kind="must-hold-five"),), match=Match("replay"), blinds=False)
    rules = PokerRules(variant)
    state = rules.initial_state({o.name: o.default for o in rules.options} | {"players": 2, "first_dealer": 0})
    hands = [list(parse("9s 9h 9d Ks Kh")), list(parse("7s 7h 7d Qc 3s"))]
    while state.owed:
        state = rules.apply(state, hands[state.owed[0][0]].pop(0))
    state = rules.apply(rules.apply(state, act.CALL), act.CALL)  # no five: the 2 chips carry
    hands = [list(parse("5s 5h Ad 8c 2s")), list(parse("Ks Qh 9d 7c 3s"))]
    while state.owed:
        state = rules.apply(state, hands[state.owed[0][0]].pop(0))
    view = rules.observe(state, 0)
    assert view.current_player == 0 and pot_of(view) == 4
    found = Showdowns(np.array([[[9]]]), np.array([[[[1]]]]), (1,))  # seat 0's hand is the better
    assert ChipValues(view, found).won(view.table.contributed).tolist() == [[4.0]]


def test_the_batch_showdown_counts_a_hand_without_a_five_or_with_a_two_as_unable_to_win() -> None:
    import divided.games.poker.awards.assassin
    import divided.games.poker.awards.must_hold
    from divided.games.poker.batch import award_strengths
    from divided.games.poker.cards import parse
    from divided.games.poker.rules import PokerRules
    from divided.games.poker.steps import Bet, Deal, Showdown
    from divided.games.poker.variant import Award, Match, Slot, Variant

    assert divided.games.poker.awards.assassin and divided.games.poker.awards.must_hold
    finals = [[parse("9s 9h 9d Ks Kh")], [parse("7s 7h 7d 5c 3s")], [parse("8c 8d Ks 6h 2c")]]
    for kind, expected in (("must-hold-five", [False, True, False]), ("assassin", [True, True, False])):
        variant = Variant(id="t", name="", summary="", players=(2, 7), slots=(Slot("hand", 5),),
                          steps=(Deal(("down",) * 5), Bet("big"), Showdown()),
                          awards=(Award("high", ("hand",), kind=kind),), match=Match("carry"))
        rules = PokerRules(variant)
        config = rules.initial_state({o.name: o.default for o in rules.options}).config
        strengths = award_strengths(config, finals)[0]
        assert [bool(strength >= 0) for strength in strengths] == expected, kind

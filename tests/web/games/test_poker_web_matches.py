"""The web table of a match (T18): the deal, the chips carried in, the token and forfeits, and
the last deal's log, from a seat's view (a test variant: no match game is registered yet)."""

from __future__ import annotations

import divided.games.poker.awards.must_hold
from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Bet, Deal, Showdown
from divided.games.poker.variant import Award, Match, Slot, Variant
from divided.web.games.poker import log, table

assert divided.games.poker.awards.must_hold  # registers must-hold-five

FIVES_TEST = Variant(
    id="fives-test", name="Fives (test)", summary="", players=(2, 7), slots=(Slot("hand", 5),),
    steps=(Deal(("down",) * 5), Bet("big"), Showdown()),
    awards=(Award("high", ("hand",), kind="must-hold-five"),), match=Match("replay"), blinds=False)


def test_a_carried_pot_shows_in_the_table_and_the_last_deal_in_the_log() -> None:
    rules = PokerRules(FIVES_TEST)
    options = {option.name: option.default for option in rules.options} | {"players": 2, "first_dealer": 0}
    state = rules.initial_state(options)
    hands = [list(parse("9s 9h 9d Ks Kh")), list(parse("7s 7h 7d Qc 3s"))]
    while state.owed:
        state = rules.apply(state, hands[state.owed[0][0]].pop(0))
    state = rules.apply(rules.apply(state, act.CALL), act.CALL)  # both check: no five, the pot carries
    view = rules.observe(state, 0)
    shown = table(view, None, False)
    assert shown["match"] == {"deal": 2, "max_deals": 10, "last": False, "carried": 2, "token": None,
                              "forfeits": [], "out": []}
    assert shown["pot"] == 4 and [pot["amount"] for pot in shown["pots"]] == [4]
    texts = [entry.text for entry in log(view)]
    assert "Nobody wins the main pot (2 chips): it carries to the next deal." in texts
    assert texts.index("Bot 1 shows 7s 7h 7d Qc 3s.") < texts.index("Deal 2 of the match; 2 chips carried into the main pot.")

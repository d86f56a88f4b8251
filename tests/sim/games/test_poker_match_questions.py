"""3-2-1's designer question on the ruling's hand-fixed example, against counts worked out by
hand (the other match games' questions read only the logs: test_poker_questions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from divided.games.poker import actions as act
from divided.games.poker.variants import VARIANTS
from divided.sim.games.poker.questions import THREE_TWO_ONE

pytestmark = pytest.mark.skipif("three-two-one" not in VARIANTS, reason="3-2-1 is defined on branch i30-defs-a")

A, B, C, D = 0, 1, 2, 3
HANDS = {A: "Ah As Ad Ac Kd Kc", B: "Ks Kh 2c 3c 4d 6h", C: "8s 8c Qc 2d 3h 5c", D: "Qs Qh Qd Js Jd Ts"}


def trash_example(**options: object) -> Any:
    """TR's example: four players, D deals; A and D fold; the trash is a pair of nines (9♠ dealt,
    B's 9♦, C's Q♣, 4♥ 2♠ from the stock); B's kings and sevens beat it, C's pair of eights does
    not."""
    from fixed_deals import Table  # the draw games' hand-fixed deals (with 3-2-1)

    table = Table("three-two-one", 4, D, ante=4, small_bet=4, big_bet=8, **options)
    table.give(HANDS, trash="9s")
    table.act(act.CALL, act.RAISE, act.CALL, act.FOLD, act.FOLD)
    table.discard("2c 3c 4d").give({B: "7c 7d 5h"}).discard("2d 3h 5c").give({C: "6d 4c Td"})
    table.act(act.CALL, act.CALL)
    table.discard("5h 6h").give({B: "9d 8h"}).discard("6d 4c").give({C: "Jc 3d"})
    table.act(act.RAISE, act.CALL)
    table.discard("8h").give({B: "Jh"}).discard("3d").give({C: "7s"})
    table.act(act.CALL, act.CALL)
    table.discard("9d").discard("Qc").give({}, trash="4h 2s")
    return table


def test_three_two_one_the_trash_beats_one_of_two_at_the_final_showdown() -> None:
    state = trash_example(max_deals=1).state  # the capped deal: the match ends here, the trash shown
    assert state.over and state.shown
    facts = THREE_TWO_ONE.facts(state, (state.events,))
    assert facts == {"tests": [[2, 1]]}
    items = {k: (v, n) for k, v, n in THREE_TWO_ONE.observe(facts, 8)}
    assert items == {"trash.beats": (1.0, 1.0), "trash.rate": (1.0, 2.0), "trash.any": (1.0, 1.0)}


def test_three_two_one_an_earlier_deal_counts_its_forfeits_from_the_log() -> None:
    state = trash_example().state  # C owes a forfeit: the match goes on to deal 2
    assert state.match is not None and state.match.deal == 2 and not state.shown
    facts = THREE_TWO_ONE.facts(state, (state.match.previous, state.events))
    assert facts == {"tests": [[2, 1]]}  # deal 2 has not reached a showdown

"""The draw games' designer questions and the comparison's facts (issue 30), each checked on
hand-built deals (the rulings' examples where they fit) or hand-made public logs, against
counts worked out here by hand."""

from __future__ import annotations

from typing import Any

from poker_deals import passive, stand_pat, start

from divided.games.poker import actions as act
from divided.games.poker.cards import parse
from divided.games.poker.events import Event
from divided.games.poker.state import PokerState
from divided.sim.games.poker import LAB_ROOMS
from divided.sim.games.poker.questions import (
    ASSASSIN,
    AUCTION_FLOP,
    FIVES,
    MISSISSIPPI,
    freak_wild_rank,
    holds_hog,
    match_money,
)

A, B, C = 0, 1, 2


def _lab(game: str, state: Any) -> tuple[dict[str, Any], dict[str, float], dict[str, float]]:
    """The room's facts of a finished hand-built deal, and its items: value and count by key."""
    room = LAB_ROOMS[game]
    facts = room.facts(state)
    line = {"seats": [f"bot{seat}" for seat in range(facts["players"])], "returns": state.returns(), "facts": facts}
    items = list(room.observe(line))
    declared = {d.key for d in room.metrics({**room.defaults(), "players": facts["players"]})}
    declared |= {d.key for d in room.bot_metrics({}, line["seats"])}
    assert {key for key, _, _ in items} <= declared  # every item is a declared metric
    return facts, {k: v for k, v, _ in items}, {k: n for k, _, n in items}


def _deal(state: Any, cards: str) -> None:
    for card in parse(cards):
        assert state.is_chance_node()
        state.apply_action(card)


def test_six_card_draw_counts_the_draws_that_bought_six() -> None:
    # A draws all six (one more ante), B stands pat: one draw of two bought six
    state = start("six-card-draw", ("2c 3d 4h 6s 8c Tc", "As Ah Ad Ks Kh Kd"), button=B, ante=3)
    passive(state)
    state.apply_action(act.DISCARD + 0b111111)
    _deal(state, "2s 3s 4s 6d 8h Td")
    stand_pat(state)
    passive(state)
    assert state.is_terminal() and state.returns() == [-6.0, 6.0]
    facts, values, counts = _lab("six-card-draw", state)
    assert facts["question"] == {"draws": 2, "six": 1}
    assert (values["six.bought"], counts["six.bought"]) == (1.0, 2.0)
    assert values["six.hands"] == 1.0
    # B was dealt the best six (two sets) and won: the best starting hand won
    assert facts["best_start"] == [B] and values["best-start"] == 1.0


def test_six_card_draw_nobody_bought_six() -> None:
    state = start("six-card-draw", ("2c 3d 4h 6s 8c Tc", "As Ah Ad Ks Kh Kd"), button=B)
    passive(state)
    stand_pat(state)
    passive(state)
    facts, values, _ = _lab("six-card-draw", state)
    assert facts["question"] == {"draws": 2, "six": 0} and values["six.hands"] == 0.0


FREAK = ["5s 5d Kc Kh 9s", "4h 4c 4d Js 2c", "As Ah Qd 7c 3h"]
"""FN's example: A, B, C."""


def _showdown(game: str, hands: list[str], button: int = C) -> Any:
    state = start(game, hands, button=button)
    passive(state)
    stand_pat(state)
    passive(state)
    assert state.is_terminal()
    return state


def test_freak_of_nature_example_fives_are_wild_and_the_best_starting_hand_loses() -> None:
    state = _showdown("freak-of-nature", FREAK)
    assert state.returns()[A] > 0  # four kings with the fives wild
    facts, values, counts = _lab("freak-of-nature", state)
    assert facts["question"] == {"wild": 5}
    assert values["freak.wild.5"] == 1.0 and values["freak.wild.6"] == 0.0 and values["freak.wild.0"] == 0.0
    assert counts["freak.wild.5"] == 1.0
    # without wild cards B's three fours were the best starting hand, and B lost
    assert facts["best_start"] == [B] and values["best-start"] == 0.0


def test_freak_of_nature_fours_when_nobody_holds_a_five_or_six_and_nothing_below_two() -> None:
    state = _showdown("freak-of-nature", ["Ks Kh Kc 9s 8d", "4h 4c 4d Js 2c", "As Ah Qd 7c 3h"])
    assert _lab("freak-of-nature", state)[0]["question"] == {"wild": 4}
    state = _showdown("freak-of-nature", ["As Ks Qs Js 9h", "Ah Kh Qh Jh 9c", "Ad Kd Qd Jd 9d"])
    facts, values, _ = _lab("freak-of-nature", state)
    assert facts["question"] == {"wild": 0} and values["freak.wild.0"] == 1.0
    # tied best starting hands share: the flush (C) is best alone here, and it wins
    assert facts["best_start"] == [C] and values["best-start"] == 1.0


def test_freak_of_nature_uncontested_has_no_wild_rank() -> None:
    state = start("freak-of-nature", FREAK, button=C)
    state.apply_action(act.RAISE)  # A bets, B and C fold
    state.apply_action(act.FOLD)
    state.apply_action(act.FOLD)
    assert state.is_terminal()
    facts, values, _ = _lab("freak-of-nature", state)
    assert facts["question"] == {"wild": None} and not any(key.startswith("freak.") for key in values)


def test_freak_wild_rank_reads_sixes_first() -> None:
    assert freak_wild_rank([parse("6c 2d"), parse("5s 5h")]) == 6
    assert freak_wild_rank([parse("Ac Kd"), parse("3s 2h")]) == 3
    assert freak_wild_rank([]) == 0


J_LO = ["Th Tc 9s 8d 4c", "8s 6d 5c 3h 2s", "7d 6c 5h 4s 3d"]


def test_j_lo_example_switches_and_an_opened_deal_does_not() -> None:
    state = _showdown("j-lo", J_LO, button=C)
    facts, values, _ = _lab("j-lo", state)
    assert facts["question"] == {"switch": True} and values["j-lo.switch"] == 1.0
    state = start("j-lo", ["Jh Jc 9s 8d 4c", J_LO[1], J_LO[2]], button=C)
    state.apply_action(act.RAISE)  # A opens with jacks
    passive(state)
    stand_pat(state)
    passive(state)
    facts, values, _ = _lab("j-lo", state)
    assert facts["question"] == {"switch": False} and values["j-lo.switch"] == 0.0


def test_a_game_of_one_deal_has_one_log_and_its_own_pot() -> None:
    state = _showdown("five-card-draw", ["As Ad Kc Kd 9h", "Qs Qh Jd 8c 5h"], button=B)
    facts, values, _ = _lab("five-card-draw", state)
    assert facts["deals"] == 1 and "deals" not in values
    assert sum(facts["collected"]) == facts["pot"] == 2  # the antes
    assert facts["best_start"] == [A] and values["best-start"] == 1.0


# -- hand-made public logs: the match games ------------------------------------------------------

def _award(pot: int, amount: int, winners: tuple[int, ...], chips: tuple[int, ...], title: str = "high") -> Event:
    return Event(5, None, "award", amount, pot=pot, title=title, winners=winners, chips=chips)


TWO_DEALS = (
    (Event(0, 0, "ante", 5), Event(0, 1, "ante", 5), Event(0, 2, "ante", 5), Event(1, 0, "bet", 5),
     Event(1, 1, "call", 5), Event(5, 0, "show"), Event(5, 1, "show"), Event(5, None, "carry", 25, pot=0)),
    (Event(0, None, "next-deal", 2, chips=(25,)), Event(0, 0, "ante", 5), Event(0, 1, "ante", 5),
     Event(5, 0, "show"), Event(5, 1, "show"), _award(0, 35, (1,), (35,))),
)
"""A match of two deals: 25 chips carry (three antes, a bet and a call), then two antes more and
seat 1 takes the 35."""


def test_match_money_sums_what_was_put_in_over_every_deal() -> None:
    put_in, collected, pots = match_money(TWO_DEALS, 3)
    assert (put_in, collected, pots) == (35, [0, 35, 0], [25, 35])


def test_fives_deals_per_pot_and_the_largest_pot() -> None:
    facts = FIVES.facts(_no_state(), TWO_DEALS)
    assert facts == {"largest": 35, "deals": 2}
    assert dict((k, v) for k, v, _ in FIVES.observe(facts, 10)) == {"fives.replayed": 1.0, "fives.largest": 3.5}
    one = FIVES.facts(_no_state(), TWO_DEALS[1:])
    assert dict((k, v) for k, v, _ in FIVES.observe(one, 10))["fives.replayed"] == 0.0


def test_assassin_carry_rate_per_deal_and_per_match() -> None:
    facts = ASSASSIN.facts(_no_state(), TWO_DEALS)
    assert facts == {"carries": [True, False]}
    items = {k: (v, n) for k, v, n in ASSASSIN.observe(facts, 10)}
    assert items == {"assassin.carry": (1.0, 2.0), "assassin.matches": (1.0, 1.0)}


def test_auction_flop_price_per_lot() -> None:
    # lot 1 sold for 2; lot 2: the first voice pays 1 to refuse, the next pays 2, the third takes it
    # free; lot 3 taken free after nobody bid
    log = (Event(2, None, "lot"), Event(2, 0, "bid", 1), Event(2, 1, "bid", 2), Event(2, 0, "pass"),
           Event(2, 1, "buy", 2), Event(2, None, "lot"), Event(2, 0, "refuse", 1), Event(2, 1, "refuse", 2),
           Event(2, 2, "buy", 0), Event(2, None, "lot"), Event(2, 0, "buy", 0))
    facts = AUCTION_FLOP.facts(_no_state(), (log,))
    assert facts == {"lots": 3, "bought": 2, "free": 2, "refusals": 3}
    items = {k: (v, n) for k, v, n in AUCTION_FLOP.observe(facts, 10)}
    assert items == {"auction.price": (2.0, 3.0), "auction.refusals": (3.0, 3.0), "auction.free": (2.0, 3.0),
                     "auction.lots": (3.0, 1.0)}


def test_mississippi_hog_from_the_shown_hands() -> None:
    # MG's example: A's pair of sevens takes the whole pot
    log = (Event(7, 0, "show", hands=(parse("7s 7d"),)), Event(7, 1, "show", hands=(parse("Ac Ah"),)),
           Event(7, 2, "show", hands=(parse("3d 2s"),)))
    facts = MISSISSIPPI.facts(_no_state(), (log,))
    assert facts == {"shown": True, "hog": True}
    assert {k: v for k, v, _ in MISSISSIPPI.observe(facts, 10)} == {"hog.hands": 1.0, "hog.showdowns": 1.0}
    facts = MISSISSIPPI.facts(_no_state(), (log[1:],))  # had A folded: high and low, no hog
    assert facts == {"shown": True, "hog": False}
    facts = MISSISSIPPI.facts(_no_state(), ((Event(3, 0, "fold"),),))  # uncontested: a hand, no showdown
    assert {k: v for k, v, _ in MISSISSIPPI.observe(facts, 10)} == {"hog.hands": 0.0}
    assert holds_hog([parse("7s 7d")]) and not holds_hog([parse("7s 8d")]) and not holds_hog([parse("7s")])


def _no_state() -> PokerState:
    """The questions read above only the logs; a state they must not touch."""
    return None  # type: ignore[return-value]


def test_the_designer_row_reads_the_runs_metrics() -> None:
    from divided.sim import Arm, SerialExecutor, make_plan, run
    from divided.sim.games.poker.designer import compare_game, markdown
    from divided.sim.report import number

    row = compare_game("j-lo", ["random"], 12, 3, seed=4)
    plan = make_plan("simulate", "j-lo", [Arm("run", {"players": 3}, ("random",))], 12, seed=4)
    lines = run(plan, SerialExecutor(), keep_lines=True).lines["run"]
    pots = [line["facts"]["pot"] / 4 for line in lines]  # the big bet is 4
    assert row.pot.startswith(number(sum(pots) / len(pots), "mean") + " (")
    shares = []
    for line in lines:
        best = line["facts"]["best_start"]
        shares.append(sum(line["returns"][seat] > 0 for seat in best) / len(best))
    assert row.best_start.startswith(number(sum(shares) / len(shares), "rate") + " (")
    switched = sum(line["facts"]["question"]["switch"] for line in lines)
    assert row.question and f"in {number(switched / len(lines), 'rate')} (" in row.question[0]
    table = markdown([row], ["random"])
    assert table.splitlines()[2].startswith("| j-lo | 3 | 12 | ")


def test_folds_at_spliced_steps_count_as_added() -> None:
    from divided.games.poker.steps import Bet, Deal, Draw, Showdown
    from divided.sim.games.poker.questions import align

    deal, small, draw, big, show = Deal(("down",) * 5), Bet("small"), Draw(most=5), Bet("big"), Showdown()
    # a draw that splices a small-bet round and another draw after itself (as the discard rounds do)
    grown = (deal, small, draw, Bet("small"), Draw(most=1), big, show)
    assert align((deal, small, draw, big, show), grown) == [0, 1, 2, None, None, 3, 4]
    assert align((deal, small, big, show), (deal, small, big, show)) == [0, 1, 2, 3]

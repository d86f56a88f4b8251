"""The game's values over openings (divided.bots.divided_ranks.endgame.openings), checked against
independent expectations: OpenSpiel CFR's recorded values, a walk of the engine's own game tree
with the solved strategy as a tabular policy, the interval code against hand computations."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import pytest

from divided import games
from divided.bots.divided_ranks.endgame import openings as op
from divided.bots.divided_ranks.endgame.roots import decision_point, round5_start
from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import ranked_splits

FAST = op.OpeningSettings(target=0.001)


# -- against OpenSpiel ------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "swap", "openspiel", "bound"), [
    (0, "blind", 0.1976, 0.0061),  # reports/study-r1-s0-cfr: CFR, 1024 iterations
    (1, "face-up", 0.1949, 0.0157),  # reports/endgame-study-r5 (os_value.py 1 face-up 32): CFR+
])
def test_the_splitter_value_agrees_with_openspiel_within_both_nash_conv_bounds(
        seed: int, swap: str, openspiel: float, bound: float) -> None:
    # Both studies were solved by OpenSpiel with first splitter 0 and the literal reserve order.
    row = op.solve_row(seed, swap, "chooser-first", FAST, check_seats=False)
    assert row["converged"] and row["nash_conv"] <= FAST.target
    payoff = 2 * row["splitter_value"] - 1  # player 0 splits first: its payoff, win +1, loss -1
    assert abs(payoff - openspiel) <= bound + row["nash_conv"]


def test_the_opening_0_study_has_openspiels_information_state_count() -> None:
    row = op.solve_row(0, "blind", "chooser-first", FAST, check_seats=False)
    assert row["information_states"] == 175  # OpenSpiel's count for this study (docs/adapters.md)


# -- reserve orders and seats -------------------------------------------------------------------

def test_each_order_puts_the_named_round_5_role_first_at_the_reserve() -> None:
    for first_splitter in (0, 1):
        chooser = op.study_start(3, swap="blind", order="chooser-first", first_splitter=first_splitter)
        splitter = op.study_start(3, swap="blind", order="splitter-first", first_splitter=first_splitter)
        assert chooser.splitter == splitter.splitter == first_splitter  # it splits rounds 1, 3 and 5
        assert chooser.reserve_first == 1 - first_splitter
        assert splitter.reserve_first == first_splitter


def test_the_coin_order_is_one_of_the_two_solved_orders_known_before_round_5() -> None:
    starts = {op.study_start(3, swap="face-up", order=o) for o in op.ORDERS}
    game = games.load("divided-ranks", rounds=1, opening_seed=3, first_splitter=0, swap="face-up",
                      reserve_order="coin", build="auto")
    seen = set()
    for coin in (0, 1):
        state = game.new_initial_state()
        state.apply_action(coin)  # the reserve-order coin comes before the deal
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        seen.add(round5_start(state.observation(0)))
    assert seen == starts


def test_the_first_splitters_seat_does_not_change_the_values() -> None:
    row = op.solve_row(2, "face-up", "splitter-first", FAST, check_seats=True)
    assert row["seat_gap"] <= FAST.target


def test_bad_settings_and_variants_raise() -> None:
    with pytest.raises(ValueError, match="target"):
        op.OpeningSettings(target=0)
    with pytest.raises(ValueError, match="rounds=3"):
        op.OpeningSettings(rounds=3)
    with pytest.raises(ValueError, match="scoring"):
        op.OpeningSettings(scoring="highest-card")
    with pytest.raises(ValueError, match="swap"):
        op.study_start(0, swap="sideways", order="chooser-first")
    with pytest.raises(ValueError, match="order"):
        op.study_start(0, swap="blind", order="literal")


# -- the equilibrium facts, against a walk of the engine's game tree ------------------------------

@cache
def _best(holding: int) -> tuple[int, tuple[int, ...]]:
    """Brute force over all 126 splits: the best split's weaker-hand strength and result key."""
    best = ranked_splits(holding, Scoring.CATEGORIES_FIRST)[0]
    return best.weaker.value.strength, best.key_for(Scoring.CATEGORIES_FIRST)


def _walk(seed: int, swap: str, order: str) -> dict[str, float]:
    """Play the study's game through the engine, every chance outcome and every action weighted by
    the solved strategy (looked up from each player's own view), and add up the facts."""
    solved = op.solve_study(op.study_start(seed, swap=swap, order=order), FAST)
    strategy = solved.solver.average()
    game = games.load("divided-ranks", rounds=1, opening_seed=seed, first_splitter=0, swap=swap,
                      reserve_order=op.RULE_OF_ORDER[order], build="auto")
    totals = dict.fromkeys(("value", "first_swaps", "second_swaps", "first_improves", "second_improves",
                            "result_changed"), 0.0)
    starts: dict[int, Any] = {}

    def visit(state: Any, chance: float, drafted: int | None) -> None:
        if state.is_terminal():
            result = state.returns()[0]
            totals["value"] += chance * result
            if drafted is not None and math.copysign(1, result) * (result != 0) != drafted:
                totals["result_changed"] += chance
            return
        if state.is_chance_node():
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_action(outcome)
                visit(child, chance * p, drafted)
            return
        player = state.current_player()
        view = state.observation(player)
        if player not in starts:
            starts[player] = round5_start(view)
        point = decision_point(view, starts[player])
        row = strategy[point.layer][solved.tree.layers[point.layer].index(point.key)]
        if point.layer == 2:  # the first reserve turn: the drafted hands are final here
            hands = [state.observation(p).hand for p in (0, 1)]
            keys = [_best(h)[1] for h in hands]
            drafted = (keys[0] > keys[1]) - (keys[0] < keys[1])
        for action, p in zip(point.actions, row, strict=True):
            if p == 0:
                continue
            child = state.clone()
            child.apply_action(action)
            if point.layer >= 2 and action != point.actions[0]:  # a swap
                seat = "first" if point.layer == 2 else "second"
                totals[f"{seat}_swaps"] += chance * p
                if _best(child.observation(player).hand)[0] > _best(view.hand)[0]:
                    totals[f"{seat}_improves"] += chance * p
            visit(child, chance * p, drafted)

    state = game.new_initial_state()
    visit(state, 1.0, None)
    return totals


@pytest.mark.parametrize(("seed", "swap", "order"), [
    (0, "face-up", "chooser-first"), pytest.param(2, "blind", "splitter-first", marks=pytest.mark.slow)])
def test_the_facts_read_over_the_tree_match_a_walk_of_the_engine(seed: int, swap: str, order: str) -> None:
    walked = _walk(seed, swap, order)
    row = op.solve_row(seed, swap, order, FAST, check_seats=False)
    assert row["splitter_value"] == pytest.approx((1 + walked["value"]) / 2, abs=1e-9)  # player 0 splits
    for key in ("first_swaps", "second_swaps", "first_improves", "second_improves", "result_changed"):
        assert row[key] == pytest.approx(walked[key], abs=1e-9), key
    assert min(row["first_swaps"], row["second_swaps"], row["first_improves"], row["result_changed"]) > 0  # not vacuous


# -- intervals and aggregation, against hand computations ---------------------------------------

@pytest.mark.parametrize(("df", "expected"), [
    (1, 12.7062047), (2, 4.30265273), (4, 2.77644511), (19, 2.09302405), (30, 2.04227246), (1000, 1.96233908),
])
def test_t_quantiles_match_the_tables(df: int, expected: float) -> None:
    assert op.t_quantile(0.975, df) == pytest.approx(expected, abs=1e-7)


def test_a_t_interval_by_hand() -> None:
    # mean 2.5, s = sqrt(5/3) = 1.2909944, s / sqrt(4) = 0.6454972, t(0.975, 3) = 3.1824463: half 2.0542603
    estimate = op.t_interval([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5 and estimate.count == 4
    assert estimate.low == pytest.approx(2.5 - 2.054260, abs=1e-5)
    assert estimate.high == pytest.approx(2.5 + 2.054260, abs=1e-5)
    clipped = op.t_interval([0.9, 1.0, 1.0], bounds=(0.0, 1.0))
    assert clipped.high == 1.0 and clipped.low is not None and clipped.low < 0.9
    assert op.t_interval([0.3]) == op.Estimate(0.3, None, None, 1)
    assert op.t_interval([]) == op.Estimate(None, None, None, 0)


def _row(opening: int, swap: str, order: str, splitter: float, first_swaps: float = 0.5,
         first_improves: float = 0.25) -> dict[str, Any]:
    first_is_splitter = order == "splitter-first"
    return {"opening": opening, "swap": swap, "order": order, "splitter_value": splitter,
            "chooser_value": 1 - splitter, "first_swaps": first_swaps, "first_improves": first_improves,
            "second_swaps": 0.0, "second_improves": 0.0, "result_changed": 0.1,
            "first_reserve_gain": 0.0, "first_value": splitter if first_is_splitter else 1 - splitter}


def test_aggregate_by_hand() -> None:
    rows = [
        # opening 0: splitter 0.9 when first, 0.5 when second -> first edge 0.2, splitter edge 0.2
        _row(0, "blind", "splitter-first", 0.9), _row(0, "blind", "chooser-first", 0.5),
        # opening 1: 0.6 and 0.6 -> first edge 0.0, splitter edge 0.1
        _row(1, "blind", "splitter-first", 0.6), _row(1, "blind", "chooser-first", 0.6, first_swaps=0.0),
        # face-up: opening 0 only (opening 1 has no face-up rows)
        _row(0, "face-up", "splitter-first", 0.7), _row(0, "face-up", "chooser-first", 0.5),
    ]
    out = op.aggregate(rows)
    metrics = out["metrics"]
    assert out["openings"] == [0, 1]
    first = metrics["first_edge"]
    assert first["blind"]["mean"] == pytest.approx(0.1) and first["blind"]["count"] == 2
    # s = sqrt(0.02) = 0.141421, / sqrt(2) = 0.1, t(0.975, 1) = 12.7062
    assert first["blind"]["high"] == 0.5 and first["blind"]["low"] == -0.5  # clipped to the edge's range
    assert first["face-up"] == {"mean": pytest.approx(0.1), "low": None, "high": None, "count": 1}
    assert first["difference"]["mean"] == pytest.approx(0.1 - 0.2) and first["difference"]["count"] == 1
    assert metrics["splitter_edge"]["blind"]["mean"] == pytest.approx(0.15)
    # swap improvement is a ratio given a swap: opening 1 literal never swaps, so it is left out
    assert metrics["literal_first_improves"]["blind"] == {"mean": 0.5, "low": None, "high": None, "count": 1}
    assert metrics["literal_first_swaps"]["blind"]["mean"] == pytest.approx(0.25)

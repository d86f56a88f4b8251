"""Metrics on small hand-made sets of game facts, every answer worked out by hand here."""

from __future__ import annotations

import math
from typing import Any

import pytest

from divided.sim import metrics as lab_metrics
from divided.sim.games import lab_room
from divided.sim.metrics import Metric, compare

Z = 1.959963984540054


def wilson_by_hand(k: float, n: float) -> tuple[float, float]:
    p = k / n
    root = Z * math.sqrt(Z * Z + 4 * n * p * (1 - p))
    return (2 * n * p + Z * Z - root) / (2 * (n + Z * Z)), (2 * n * p + Z * Z + root) / (2 * (n + Z * Z))


def keep(player: int) -> dict[str, Any]:
    return {"player": player, "swapped": False, "gave": -1, "took": -1, "before": None, "after": None,
            "weaker_before": None, "weaker_after": None}


def swap(player: int, before: list[int], after: list[int]) -> dict[str, Any]:
    # The weaker hand's strength is the third entry of a categories-first result key.
    return {"player": player, "swapped": True, "gave": 0, "took": 1, "before": before, "after": after,
            "weaker_before": before[2], "weaker_after": after[2]}


def game(index: int, winner: int | None, step: int | None, first: int, reserve_first: int, *,
         weaker: tuple[int, int], categories: tuple[int, int], reserve: list[dict[str, Any]],
         choices: list[dict[str, Any]] | None = None, classes: tuple[int, int] = (1, 1),
         pair: int | None = None, seats: tuple[str, str] = ("A", "B")) -> dict[str, Any]:
    return {
        "arm": "run", "index": index, "pair": pair, "seed": 0, "seats": list(seats),
        "returns": [0.0, 0.0] if winner is None else [1.0 if seat == winner else -1.0 for seat in (0, 1)],
        "facts": {
            "winner": winner, "step": step, "step_name": None, "steps": 4, "first_splitter": first,
            "reserve_first": reserve_first, "holdings": [0, 0], "weaker_strength": list(weaker),
            "weaker_category": list(categories), "stronger_category": [5, 5], "reserve": reserve,
            "choices": choices or [], "best_split_classes": list(classes), "deal": [],
        },
    }


def measure(lines: list[dict[str, Any]]) -> list[Metric]:
    """The lab's metrics of Divided Ranks games (generic ones and the game's own)."""
    return lab_metrics.measure(lines, room=lab_room("divided-ranks"))


def up(round_: int, chooser: int) -> dict[str, Any]:
    return {"round": round_, "chooser": chooser, "took_face_up": True}


def down(round_: int, chooser: int) -> dict[str, Any]:
    return {"round": round_, "chooser": chooser, "took_face_up": False}


# Four games of A (seat 0) against B (seat 1), each its own unit (no duplicate format).
GAMES = [
    game(0, 0, 1, 0, 1, weaker=(30, 50), categories=(1, 2),
         reserve=[swap(1, [1, 3, 40, 90], [2, 3, 55, 90]), keep(0)],
         choices=[up(1, 1), down(2, 0)]),
    game(1, 1, 3, 0, 1, weaker=(80, 40), categories=(3, 2),
         reserve=[swap(1, [2, 4, 60, 100], [2, 3, 70, 95]), swap(0, [1, 2, 20, 30], [1, 2, 20, 30])],
         choices=[down(1, 1)], classes=(1, 2)),
    game(2, 0, 1, 1, 0, weaker=(10, 12), categories=(1, 1), reserve=[keep(0), keep(1)]),
    game(3, None, None, 1, 0, weaker=(60, 60), categories=(2, 2),
         reserve=[swap(0, [3, 3, 100, 110], [2, 5, 60, 150]), keep(1)]),
]


def by_key(metrics: list[Metric]) -> dict[str, Metric]:
    return {m.key: m for m in metrics}


@pytest.fixture(scope="module")
def metrics() -> dict[str, Metric]:
    return by_key(measure(GAMES))


@pytest.mark.parametrize(
    ("key", "successes", "items"),
    [
        # A is seat 0: wins games 0 and 2, draws game 3, loses game 1.
        ("bot.A.win", 2, 4), ("bot.A.draw", 1, 4), ("bot.A.loss", 1, 4),
        ("bot.B.win", 1, 4), ("bot.B.loss", 2, 4),
        # First splitter: seat 0 in games 0-1 (won, lost), seat 1 in games 2-3 (lost, drew).
        ("role.first-splitter.win", 1, 4), ("role.first-splitter.draw", 1, 4), ("role.first-splitter.loss", 2, 4),
        # First at the reserve: seat 1, 1, 0, 0 -> lost, won, won, drew.
        ("role.first-at-reserve.win", 2, 4), ("role.first-at-reserve.loss", 1, 4),
        ("step.1", 2, 4), ("step.2", 0, 4), ("step.3", 1, 4), ("step.4", 0, 4), ("draw", 1, 4),
        # Weakest hand: seat 0's pair, seat 1's two pair, a pair, a two pair (tied).
        ("weakest.pair", 2, 4), ("weakest.two-pair", 2, 4), ("weakest.three-of-a-kind", 0, 4),
        ("weaker-same-category", 2, 4),
        ("best-split-unique", 7, 8),
        # First at the reserve swapped in games 0, 1 and 3.
        ("swap.first.rate", 3, 4),
        ("swap.first.improves-weaker", 2, 3), ("swap.first.worsens-weaker", 1, 3),
        # Game 1's swap raised the weaker hand (60 -> 70) but lowered the stronger category: worse.
        ("swap.first.improves-result", 1, 3), ("swap.first.worsens-result", 2, 3),
        ("swap.second.rate", 1, 4), ("swap.second.improves-result", 0, 1), ("swap.second.worsens-result", 0, 1),
        ("choice.face-up", 1, 3), ("choice.round-1.face-up", 1, 2), ("choice.round-2.face-up", 0, 1),
    ],
)
def test_rates_and_their_wilson_intervals(metrics: dict[str, Metric], key: str, successes: int, items: int) -> None:
    interval = metrics[key].interval
    assert interval.count == items
    assert interval.value == pytest.approx(successes / items)
    assert (interval.low, interval.high) == pytest.approx(wilson_by_hand(successes, items))


def test_edges_and_scores_by_hand(metrics: dict[str, Metric]) -> None:
    # First splitter's score minus the other's: +1, -1, -1, 0.
    assert metrics["edge.first-splitter"].interval.value == pytest.approx(-0.25)
    # First at the reserve: -1, +1, +1, 0.
    assert metrics["edge.first-at-reserve"].interval.value == pytest.approx(0.25)
    # In all four games the first at the reserve is the second splitter.
    assert metrics["edge.first-at-reserve.also-first-splitter"].interval.value is None
    assert metrics["edge.first-at-reserve.second-splitter"].interval.value == pytest.approx(0.25)
    # The swapper's scores in the first-at-reserve swaps: 0 (game 0), 1 (game 1), 1/2 (game 3).
    assert metrics["swap.first.score-after-swap"].interval.value == pytest.approx(0.5)
    # Choices: face-up by seat 1 in game 0 (lost); face-down by seat 0 in game 0 (won) and by
    # seat 1 in game 1 (won).
    assert metrics["choice.face-up.score"].interval.value == 0.0
    assert metrics["choice.face-down.score"].interval.value == 1.0
    assert metrics["choice.value"].interval.value == -1.0


def test_head_to_head_score_and_normal_interval(metrics: dict[str, Metric]) -> None:
    head = metrics["head-to-head"].interval
    # A's scores 1, 0, 1, 1/2: mean 0.625, sample variance 0.6875 / 3 over 4 units.
    half = Z * math.sqrt(0.6875 / 3 / 4)
    assert head.value == 0.625
    assert 0.625 + half > 1  # a score cannot exceed 1: the interval is clipped there
    assert (head.low, head.high) == pytest.approx((0.625 - half, 1.0))
    assert head.count == 4 and head.units == 4


def test_a_metric_without_cases_reports_none_not_zero() -> None:
    only = by_key(measure([GAMES[2]]))
    assert only["swap.first.improves-weaker"].interval.value is None
    assert only["swap.first.rate"].interval.value == 0.0


def test_self_play_has_no_bot_or_head_to_head_metrics() -> None:
    lines = [game(i, 0, 1, 0, 1, weaker=(1, 2), categories=(1, 1), reserve=[], seats=("X", "X"))
             for i in range(2)]
    keys = by_key(measure(lines))
    assert "head-to-head" not in keys and not any(k.startswith("bot.") for k in keys)


def test_reserve_edge_split_by_whether_that_player_also_split_first() -> None:
    lines = [
        game(0, 0, 1, 0, 0, weaker=(1, 2), categories=(1, 1), reserve=[]),  # same player, won: +1
        game(1, 0, 1, 1, 1, weaker=(1, 2), categories=(1, 1), reserve=[]),  # same player, lost: -1
        game(2, 1, 1, 1, 1, weaker=(1, 2), categories=(1, 1), reserve=[]),  # same player, won: +1
        game(3, 1, 1, 1, 0, weaker=(1, 2), categories=(1, 1), reserve=[]),  # second splitter, lost: -1
    ]
    metrics = by_key(measure(lines))
    assert metrics["edge.first-at-reserve.also-first-splitter"].interval.value == pytest.approx(1 / 3)
    assert metrics["edge.first-at-reserve.second-splitter"].interval.value == pytest.approx(-1.0)
    assert metrics["edge.first-at-reserve"].interval.value == pytest.approx(0.0)
    assert metrics["edge.first-at-reserve"].note == ""  # the roles are told apart in this run


def test_literal_reserve_order_is_noted_as_the_two_round_splitter() -> None:
    metrics = by_key(measure(GAMES[:2]))  # reserve_first != first_splitter in both
    assert "two-round splitter" in metrics["edge.first-at-reserve"].note


def test_duplicate_pairs_are_the_units() -> None:
    # Pair 0: A (seat 0) wins, then A (seat 1) wins; pair 1: A wins then loses.
    lines = [
        game(0, 0, 1, 0, 1, weaker=(1, 2), categories=(1, 1), reserve=[], pair=0),
        game(1, 1, 1, 0, 1, weaker=(1, 2), categories=(1, 1), reserve=[], pair=0, seats=("B", "A")),
        game(2, 0, 1, 0, 1, weaker=(1, 2), categories=(1, 1), reserve=[], pair=1),
        game(3, 0, 1, 0, 1, weaker=(1, 2), categories=(1, 1), reserve=[], pair=1, seats=("B", "A")),
    ]
    head = by_key(measure(lines))["head-to-head"].interval
    # Pair scores 1 and 1/2: mean 0.75; their variance 0.125 over 2 pairs.
    half = Z * math.sqrt(0.125 / 2)
    assert head.value == 0.75 and head.units == 2 and head.count == 4
    assert (head.low, head.high) == pytest.approx((0.75 - half, min(1.0, 0.75 + half)))


def test_compare_gives_the_paired_difference_of_every_metric() -> None:
    baseline = measure(GAMES)
    # The variant: the same four deals; the first splitter now wins games 1 and 3 as well.
    variant_games = [dict(g) for g in GAMES]
    for index, winner in ((1, 0), (3, 1)):
        variant_games[index] = game(index, winner, 1, GAMES[index]["facts"]["first_splitter"],
                                    GAMES[index]["facts"]["reserve_first"], weaker=(10, 12),
                                    categories=(1, 1), reserve=[])
    differences = {d.metric.key: d for d in compare(baseline, measure(variant_games))}
    change = differences["role.first-splitter.win"].change
    # Per-deal differences of the first splitter's win: 0, +1, 0, +1 -> mean 0.5, variance 1/3.
    half = Z * math.sqrt(1 / 3 / 4)
    assert change.value == pytest.approx(0.5)
    assert (change.low, change.high) == pytest.approx((0.5 - half, min(1.0, 0.5 + half)))
    assert differences["draw"].change.value == pytest.approx(-0.25)

"""The match model: its dynamic programming against a direct recursive enumeration of rounds
(the rules re-stated here, points from the engine), and hand-worked match situations."""

from __future__ import annotations

import itertools
import random

import pytest

from divided.bots.card_commons.match import (
    LOSE,
    ROUND_MODEL,
    TIE,
    WIN,
    RoundModel,
    Situation,
    aim,
    ends,
    round_payoffs,
    win_probability,
)
from divided.games.card_commons.rules import points_of

OUTCOMES = list(itertools.product((WIN, TIE, LOSE), repeat=2))


def _winner(result: int, starter: int) -> int | None:
    """The seat that won a comparison, given its result from the starter's side."""
    return None if result == TIE else starter if result == WIN else 1 - starter


def enumerate_match(model: RoundModel, target: int, rule: str, cap: int, scores: tuple[int, int] = (0, 0),
                    starter: int = 0, extra: int = 0) -> float:
    """Seat 0's chance of winning (a draw a half) by walking every sequence of rounds; ``extra``
    is the number of extra rounds started (this one included, 0 in regular play)."""
    total = 0.0
    for five, three in OUTCOMES:
        p = model.starter[five][three]
        if p == 0:
            continue
        w5, w3 = _winner(five, starter), _winner(three, starter)
        gained = points_of(w5, w3)
        new = (scores[0] + gained[0], scores[1] + gained[1])
        decider = w5 if w5 is not None else w3
        nxt = (0 if new[0] > new[1] else 1) if rule == "leader" and new[0] != new[1] else 1 - starter
        reached = (new[0] >= target, new[1] >= target)
        if extra or all(reached):
            if decider is not None:
                value = 1.0 if decider == 0 else 0.0
            elif extra >= cap:
                value = 0.5
            else:
                value = enumerate_match(model, target, rule, cap, new, nxt, extra + 1)
        elif any(reached):
            value = 1.0 if reached[0] else 0.0
        else:
            value = enumerate_match(model, target, rule, cap, new, nxt, 0)
        total += p * value
    return total


def random_model(seed: int) -> RoundModel:
    rng = random.Random(seed)
    cells = [rng.random() + 0.05 for _ in range(9)]
    total = sum(cells)
    rows = tuple(tuple(c / total for c in cells[3 * r: 3 * r + 3]) for r in range(3))
    return RoundModel(rows)  # type: ignore[arg-type]


@pytest.mark.parametrize(("target", "cap"), [(2, 3), (3, 0), (3, 2), (4, 1)])
@pytest.mark.parametrize("rule", ["leader", "alternate"])
def test_dp_equals_enumeration(target: int, cap: int, rule: str) -> None:
    for seed in (1, 2):
        model = random_model(seed)
        for starts in (True, False):
            expected = enumerate_match(model, target, rule, cap, starter=0 if starts else 1)
            got = win_probability(0, 0, target, i_start=starts, next_starter=rule, max_extra_rounds=cap, model=model)
            assert got == pytest.approx(expected, abs=1e-12)


def test_dp_equals_enumeration_from_other_scores() -> None:
    model = random_model(3)
    for my, their in [(1, 0), (0, 2), (2, 2), (3, 1), (1, 3)]:
        for starts in (True, False):
            expected = enumerate_match(model, 4, "leader", 1, (my, their), 0 if starts else 1)
            assert win_probability(my, their, 4, i_start=starts, max_extra_rounds=1, model=model) == pytest.approx(
                expected, abs=1e-12)


def test_round_payoffs_are_the_enumeration_after_one_round() -> None:
    """The nine payoffs are what follows each outcome, and averaged by the model they give the
    value before the round."""
    model = random_model(4)
    for my, their in [(0, 0), (2, 3), (4, 4), (4, 1)]:
        s = Situation(my, their, 5, True, "leader", max_extra_rounds=2)
        table = round_payoffs(s, model)
        before = sum(model.starter[f][t] * table[f][t] for f, t in OUTCOMES)
        assert before == pytest.approx(enumerate_match(model, 5, "leader", 2, (my, their), 0), abs=1e-12)


def test_four_two_the_three_card_point_alone_wins() -> None:
    """At 4-2 (first to 5): a 3-card point with the 5-card hand lost is 5-4: the match is won;
    a tied 3-card hand with the 5-card hand lost is 5-5 and the 5-card winner (them) wins."""
    table = round_payoffs(Situation(4, 2))
    assert table[LOSE][WIN] == 1.0
    assert table[LOSE][TIE] == 0.0 and table[LOSE][LOSE] == 0.0
    assert table[WIN] == (1.0, 1.0, 1.0)
    assert table[TIE][WIN] == 1.0  # 7-4
    assert table[TIE][LOSE] == 0.0  # 6-5, both reached: the 5-card hands tied, their 3-card hand won
    assert 0.0 < table[TIE][TIE] < 1.0  # 7-5, both reached, both comparisons tied: an extra round
    assert "3-card point alone wins you the match" in aim(Situation(4, 2))


def test_both_reach_the_five_card_comparison_decides() -> None:
    """At 4-4 every outcome takes both to 5 unless one player wins both comparisons: the 5-card
    winner wins whatever the 3-card hands did, and a 5-card tie leaves it to the 3-card hands."""
    table = round_payoffs(Situation(4, 4))
    assert table[WIN] == (1.0, 1.0, 1.0)
    assert table[LOSE] == (0.0, 0.0, 0.0)
    assert table[TIE][WIN] == 1.0 and table[TIE][LOSE] == 0.0
    # At 3-4 winning the 5-card comparison and losing the 3-card one is 5-5: the 5-card winner wins.
    assert round_payoffs(Situation(3, 4))[WIN][LOSE] == 1.0
    assert "5-card comparison decides" in aim(Situation(3, 4))


def test_extra_round_value_and_draw_at_the_cap() -> None:
    """An extra round with no further extra round allowed: a level round is a draw (a half)."""
    model = RoundModel.symmetric(0.2, 0.5)
    s = Situation(6, 6, 5, True, extra=True, extra_rounds=1, max_extra_rounds=1)
    table = round_payoffs(s, model)
    assert table[WIN] == (1.0, 1.0, 1.0) and table[LOSE] == (0.0, 0.0, 0.0)
    assert table[TIE] == (1.0, 0.5, 0.0)
    assert ends(s, TIE, TIE) == "extra"
    assert "Extra round 1" in aim(s)
    # One more extra round allowed: a level round is worth the next round's value, 1/2 by symmetry.
    s2 = Situation(6, 6, 5, True, extra=True, extra_rounds=1, max_extra_rounds=2)
    assert round_payoffs(s2, model)[TIE][TIE] == pytest.approx(0.5)


def test_payoffs_are_monotone_in_each_comparison() -> None:
    """Winning a comparison is never worse than tying it, tying never worse than losing (what
    makes leaving out dominated splits sound), in every regular situation to 5 and 7."""
    for target in (5, 7):
        for my in range(target):
            for their in range(target):
                for starts in (True, False):
                    t = round_payoffs(Situation(my, their, target, starts), ROUND_MODEL)
                    for a in range(3):
                        assert t[a][WIN] >= t[a][TIE] - 1e-12 and t[a][TIE] >= t[a][LOSE] - 1e-12
                        assert t[WIN][a] >= t[TIE][a] - 1e-12 and t[TIE][a] >= t[LOSE][a] - 1e-12


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        Situation(5, 2)  # a regular round is not played at the target
    with pytest.raises(ValueError):
        Situation(1, 2, next_starter="random")
    with pytest.raises(ValueError):
        RoundModel(((0.5, 0.5, 0.5), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)))
    with pytest.raises(ValueError):
        Situation(5, 6, extra=True, extra_rounds=0)


def test_ends_agrees_with_the_payoffs() -> None:
    """A round that ends the match is worth 1 or 0; one that leads to another round (regular or
    extra) is worth something in between."""
    for my in range(5):
        for their in range(5):
            s = Situation(my, their)
            table = round_payoffs(s)
            for five, three in OUTCOMES:
                end = ends(s, five, three)
                value = table[five][three]
                if end == "win":
                    assert value == 1.0
                elif end == "lose":
                    assert value == 0.0
                else:
                    assert 0.0 < value < 1.0

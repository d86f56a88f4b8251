"""The review against an advisor that plays a mixed strategy (issue 15): a played move the
strategy plays with real weight gets no grade and words that say how often it is played; any
other move is graded by its value against the best value.

The hand-made advisor below has exact values and a mix chosen so that each rule shows: the
action the mix plays most (1) is not the one with the best value (2), as happens within a
solve's precision. Then a real record: the Divided Ranks expert's solved last round.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from divided import bots
from divided.bots.base import REAL_WEIGHT, Evaluation
from divided.bots.divided_ranks import expert
from divided.games import GameRecord
from divided.games.divided_ranks.state import Phase
from divided.review.base import Decision, review_decision
from divided.review.games.divided_ranks import EXPLAINER

VALUES = {1: 0.52, 2: 0.53, 3: 0.50, 4: 0.40, 5: 0.30}
MIX = {1: 0.55, 2: 0.30, 3: 0.05, 4: 0.04, 5: 0.06}
LABELS = {action: f"move-{action}" for action in VALUES}


class MixedAdvisor:
    """Exact values and a mixed strategy; its pick is the action the mix plays most."""

    name = "mixed"
    budget = 16
    opponent_off_path = False

    def evaluate(self, view: Any, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        return Evaluation({a: VALUES[a] for a in legal}, {a: 0.0 for a in legal}, policy={a: MIX[a] for a in legal},
                          opponent_off_path=self.opponent_off_path)

    def pick(self, view: Any, legal: Sequence[int], values: Mapping[int, float]) -> int:
        return max(legal, key=lambda action: MIX[action])

    def refine(self, view: Any, actions: tuple[int, int], *, salt: int, target: float, budget: int,
               enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        raise AssertionError("exact values are never compared again")

    def choose(self, view: Any, legal: Sequence[int], rng: Any) -> int:
        raise AssertionError("not asked")

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        return {a: MIX[a] for a in legal}


def reviewed(played: int, opponent_off_path: bool = False) -> Any:
    decision = Decision("no-such-game", 7, None, tuple(VALUES), played, LABELS)  # plain words
    advisor = MixedAdvisor()
    advisor.opponent_off_path = opponent_off_path
    return review_decision(advisor, decision, seed=0)


def test_the_real_weight_line_is_five_percent() -> None:
    assert REAL_WEIGHT == 0.05


@pytest.mark.parametrize(("played", "share"), [(1, "55%"), (2, "30%"), (3, "5%"), (5, "6%")])
def test_a_move_of_the_mix_gets_no_grade(played: int, share: str) -> None:
    move = reviewed(played)
    assert move.grade == "best" and move.mixed and move.best == 1
    assert move.policy == MIX
    # the loss is still the honest difference to the best value of the others
    assert move.loss == pytest.approx(max(0.0, max(v for a, v in VALUES.items() if a != played) - VALUES[played]))
    assert f"plays it {share} of the time" in move.reason
    others = [f"move-{a} {MIX[a]:.0%}" for a in (1, 2, 5, 3) if a != played]
    assert "(and " + ", ".join(others) + ")" in move.reason
    assert "mixed strategy" in move.reason and "not graded" in move.reason
    assert "move-4" not in move.reason  # 4% is not real weight: not named as part of the mix


def test_a_move_outside_the_mix_is_graded_against_the_best_value() -> None:
    move = reviewed(4)  # played 4% of the time: 0.53 - 0.40 = 13 points below the best value (2)
    assert not move.mixed and move.loss == pytest.approx(0.13)
    assert move.grade == "mistake"  # 10 <= 13 < 15 points; against the pick (1, 0.52) it would be 12
    assert "plays it only 4% of the time, so it is graded by its value" in move.reason
    assert move.loss_error == 0.0 and "sampled" not in move.reason


GUESS = "Your opponent reached this point by a move the solved strategy almost never makes"


def test_after_the_opponent_left_the_solved_play_the_words_say_the_chances_are_a_guess() -> None:
    """The mix is kept and still not graded, but the words no longer claim its moves are as
    good as each other (their values rest on a guess about the opponent's cards)."""
    inside, outside = reviewed(1, opponent_off_path=True), reviewed(4, opponent_off_path=True)
    assert inside.grade == "best" and inside.mixed and GUESS in inside.reason
    assert "as good as the others" not in inside.reason and "not graded" in inside.reason
    assert "protects you if that move was a trap" in inside.reason
    assert outside.grade == "mistake" and GUESS in outside.reason and "graded by its value" in outside.reason
    for played in (1, 4):  # without the flag, no such words
        assert GUESS not in reviewed(played).reason


def test_a_move_the_strategy_never_plays() -> None:
    saved = dict(MIX)
    MIX.update({4: 0.0, 1: 0.59})
    try:
        move = reviewed(4)
    finally:
        MIX.clear()
        MIX.update(saved)
    assert move.grade == "mistake" and "never plays it" in move.reason


# -- the expert's solved last round: the issue-10 record ------------------------------------------

ISSUE_RECORD = GameRecord("divided-ranks", {"first_splitter": 0}, 44379133551136727, (
    10, 1, 17, 12, 0, 7, 6, 19, 20, 18, 14, 9, 5, 2, 4, 13, 3, 11, 15, 8, 16, 30, 211, 130, 210, 98,
    210, 57, 211, 169, 211, 217, 232, 310, 310))


def _decision(record: GameRecord, seat: int, move_number: int) -> Decision:
    from divided.review.base import decisions

    found, _ = decisions(record, seat)
    return next(d for d in found if d.move_number == move_number)


@pytest.mark.slow  # a solve of its own (seconds)
def test_the_choice_the_solved_strategy_mixes_is_not_graded() -> None:
    """Seat 1 took the face-down pair at move 30, the last round's choice: the expert's own mix
    (its action_probabilities, the bot's policy) plays it with real weight and the face-up
    pair too, so the review gives no grade and says how often each is played."""
    decision = _decision(ISSUE_RECORD, 1, 30)
    assert decision.view.phase == Phase.CHOOSE and decision.played == 211
    mix = expert.ExpertBot().action_probabilities(decision.view, decision.legal)
    assert min(mix[210], mix[211]) >= REAL_WEIGHT  # both in the mix
    move = review_decision(bots.advisor("divided-ranks"), decision, seed=0)
    assert move.grade == "best" and move.mixed and move.loss_error == 0.0
    assert f"plays it {mix[211]:.0%} of the time (and taking the face-up pair {mix[210]:.0%})" in move.reason
    assert "not graded" in move.reason and "solved endgame" in move.reason


def test_a_last_round_split_outside_the_mix_is_graded_by_value() -> None:
    """The same record with another split at move 29 (Qc Kc face up, which the solved strategy
    never plays): graded by its exact value against the best value of the others."""
    record = GameRecord(ISSUE_RECORD.game, ISSUE_RECORD.options, ISSUE_RECORD.seed,
                        (*ISSUE_RECORD.actions[:29], 168))
    decision = _decision(record, 0, 29)
    advisor = bots.advisor("divided-ranks")
    found = advisor.evaluate(decision.view, decision.legal)
    assert found.policy is not None and found.policy[168] < REAL_WEIGHT
    move = review_decision(advisor, decision, seed=0)
    best_value = max(v for a, v in found.values.items() if a != 168)
    assert not move.mixed and move.loss == pytest.approx(best_value - found.values[168]) and move.loss_error == 0.0
    assert move.loss >= 0.15 and move.grade == "blunder"  # about 54% against 16%
    assert re.search(r"solved strategy (never plays it|plays it only .+? of the time), so it is graded", move.reason)
    assert re.match(r"showing Qc Kc \(hiding Qs As\) gives you \d+% to win with the solved endgame", move.reason)


def test_the_explainer_names_moves_in_the_tables_words() -> None:
    decision = _decision(ISSUE_RECORD, 0, 29)
    view = decision.view
    assert EXPLAINER.action_words(view, 169, "split Qc As") == "showing Qc As face up"
    assert EXPLAINER.action_words(view, 210, "take face-up") == "taking the face-up pair"
    assert EXPLAINER.action_words(view, 211, "take face-down") == "taking the face-down pair"
    assert EXPLAINER.action_words(view, 212, "keep") == "keeping"

"""A grade rests on enough worlds (issue 28, item 1), on hand-made values: an advisor that
screens the actions it would not choose over 2 worlds gives values that never make a grade by
themselves; a screened played move is compared again before it is graded, or left ungraded when
the review has no worlds left; and the review never grades below ``best`` the move it names the
Expert's choice."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from divided.bots.base import Evaluation
from divided.review.base import Allowance, Decision, review_decision

GAME = "review-worlds-test"  # no explainer: plain words
CANDIDATES = (0, 2)
LEGAL = (0, 1, 2)
LABELS = {0: "zero", 1: "one", 2: "two"}


def look(values: dict[int, float], counts: dict[int, int], pair: dict[frozenset[int], float]) -> Evaluation:
    return Evaluation(values, {a: 0.05 for a in values}, max(counts.values()), False,
                      lambda a, b: pair[frozenset((a, b))], counts=counts)


@dataclass
class HandMade:
    """An advisor with the given first look and the given closer look; it records what it refines."""

    first: Evaluation
    closer: Evaluation | None = None
    budget: int = 24
    refined: list[tuple[int, int]] = field(default_factory=list)

    def evaluate(self, view: object, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        return self.first

    def pick(self, view: object, legal: Sequence[int], values: Mapping[int, float]) -> int:
        return max(CANDIDATES, key=lambda a: values[a])

    def refine(self, view: object, actions: tuple[int, int], *, salt: int, target: float, budget: int,
               enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        self.refined.append(actions)
        assert self.closer is not None
        return self.closer

    def choose(self, view: object, legal: Sequence[int], rng: object) -> int:
        raise NotImplementedError

    def action_probabilities(self, view: object, legal: Sequence[int]) -> dict[int, float]:
        raise NotImplementedError


def decision(played: int) -> Decision:
    return Decision(GAME, 7, "view", LEGAL, played, LABELS)


# the screened action 1 looks 30 points better than everything over its 2 worlds, and the two
# worlds agree, so its paired error is exactly 0
SCREENED = look({0: 0.5, 1: 0.8, 2: 0.45}, {0: 24, 1: 2, 2: 24},
                {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.01, frozenset((1, 2)): 0.0})


def test_a_screened_value_is_not_the_rival_of_the_experts_choice() -> None:
    advisor = HandMade(SCREENED)
    move = review_decision(advisor, decision(0), 0, Allowance())
    assert move.grade == "best" and move.best == 0 and move.rival == 2 and advisor.refined == []
    assert move.worlds == {0: 24, 1: 2, 2: 24} and move.loss_worlds == 24
    assert "give or take 0.0" not in move.reason


def test_a_screened_played_move_is_compared_again_before_it_is_graded() -> None:
    closer = look({1: 0.2, 0: 0.5}, {0: 32, 1: 32}, {frozenset((0, 1)): 0.02})
    advisor = HandMade(look({0: 0.5, 1: 0.2, 2: 0.45}, {0: 24, 1: 2, 2: 24},
                            {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.01, frozenset((1, 2)): 0.0}), closer)
    move = review_decision(advisor, decision(1), 0, Allowance())
    assert advisor.refined == [(0, 1)]
    assert move.grade == "blunder" and move.loss_worlds == 32 and move.worlds[1] == 32
    assert "give or take 2.0" in move.reason


def test_with_no_worlds_left_a_screened_played_move_is_not_graded() -> None:
    advisor = HandMade(look({0: 0.5, 1: 0.2, 2: 0.45}, {0: 24, 1: 2, 2: 24},
                            {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.01, frozenset((1, 2)): 0.0}))
    move = review_decision(advisor, decision(1), 0, Allowance(worlds=0))
    assert move.grade == "close" and advisor.refined == []
    assert "too few" in move.reason and "give or take" not in move.reason


def test_a_closer_look_that_prefers_the_runner_up_makes_it_the_experts_choice() -> None:
    first = look({0: 0.5, 1: 0.1, 2: 0.48}, {0: 24, 1: 2, 2: 24},
                 {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.03, frozenset((1, 2)): 0.0})
    closer = look({2: 0.6, 0: 0.5}, {0: 400, 2: 400}, {frozenset((0, 2)): 0.01})
    advisor = HandMade(first, closer)
    move = review_decision(advisor, decision(0), 0, Allowance())
    assert advisor.refined == [(2, 0)]
    assert move.grade == "inaccuracy" and move.best == 2 and move.best_label == "two"
    assert move.values == {0: 0.5, 1: 0.1, 2: 0.6} and move.loss_worlds == 400
    # the expert's choice (the hint's) took that closer look itself: it chose two, not the move
    assert "first look chose your move" not in move.reason


def test_the_experts_choice_is_the_better_of_its_top_two_on_a_closer_look() -> None:
    # the played move is the one a closer look prefers: the expert's choice, graded best
    first = look({0: 0.5, 1: 0.1, 2: 0.48}, {0: 24, 1: 2, 2: 24},
                 {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.03, frozenset((1, 2)): 0.0})
    closer = look({2: 0.6, 0: 0.5}, {0: 400, 2: 400}, {frozenset((0, 2)): 0.01})
    advisor = HandMade(first, closer)
    move = review_decision(advisor, decision(2), 0, Allowance(worlds=0))
    assert advisor.refined == [(2, 0)]  # the choice's own look: not the review's allowance
    assert move.grade == "best" and move.best == 2 and move.rival == 0 and move.loss_worlds == 400
    # where the first look's order was settled, the expert's choice is its pick: no closer look
    settled = HandMade(look({0: 0.5, 1: 0.1, 2: 0.2}, {0: 24, 1: 2, 2: 24},
                            {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.01, frozenset((1, 2)): 0.0}))
    move = review_decision(settled, decision(0), 0, Allowance())
    assert settled.refined == [] and move.best == 0 and move.grade == "best" and move.rival == 2


def test_a_sampled_difference_is_never_known_to_zero_points() -> None:
    # 24 worlds that all agree: a real estimate, but not "give or take 0.0"
    first = look({0: 0.5, 1: 0.1, 2: 0.2}, {0: 24, 1: 24, 2: 24},
                 {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.0, frozenset((1, 2)): 0.0})
    move = review_decision(HandMade(first), decision(2), 0, Allowance())
    assert move.grade == "blunder" and "give or take less than 0.1" in move.reason


def test_an_unmeasured_runner_up_is_compared_by_the_experts_choice_itself() -> None:
    # the only measured move is the one played (the expert's pick); the screened runner-up is
    # compared again by the expert's choice (the hint's closer look), even with no worlds left
    # to the review, and stays behind: the choice is the pick, graded best over the closer look
    first = look({0: 0.5, 1: 0.9, 2: 0.2}, {0: 24, 1: 2, 2: 2},
                 {frozenset((0, 1)): 0.0, frozenset((0, 2)): 0.0, frozenset((1, 2)): 0.0})
    closer = look({1: 0.3, 0: 0.5}, {0: 32, 1: 32}, {frozenset((0, 1)): 0.02})
    advisor = HandMade(first, closer)
    move = review_decision(advisor, decision(0), 0, Allowance(worlds=0))
    assert advisor.refined == [(1, 0)]
    assert move.grade == "best" and move.best == 0 and move.rival == 1 and move.loss_worlds == 32

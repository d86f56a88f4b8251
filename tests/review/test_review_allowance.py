"""The review's sharper comparisons: they stop as soon as the grade is settled (asked only once
sharper than the first look), and a whole review keeps to its allowance of worlds and, through a
fake clock, to its deadline.

The advisor here is a fake with known answers, registered for a test game id (Divided Ranks'
rules under another name): at every decision the played action is worth 0.40, one other
action 0.40 + ``gap`` (the first look's error of the difference is ``FIRST_ERROR``) and the rest
0; a sharper comparison over ``w`` worlds finds the same two values with the error
``SPREAD / sqrt(w)``, in batches of 1,024 worlds as the Expert samples them. So how many worlds
each comparison should use follows from the grade rules by hand (the numbers in the tests).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from divided import games
from divided.bots import base as bots_base
from divided.bots.base import Evaluation
from divided.games import GameRecord
from divided.review import review_game
from divided.review.base import (
    REFINE_BUDGET,
    REFINE_SE,
    Allowance,
    decisions,
    grade_for,
    review_decision,
)

GAME = "review-allowance-game"
FIRST_ERROR = 0.012
SPREAD = 1.0
BATCH = 1024
PLAYED_VALUE = 0.40


@dataclass
class FakeAdvisor:
    """Known values (see the module text); ``gaps`` maps each decision's view to its gap."""

    gaps: Mapping[Any, float]
    played: Mapping[Any, int]
    spread: float = SPREAD
    first_error: float = FIRST_ERROR
    budget: int = 65_536
    name: str = "fake"
    refined: list[tuple[int, int]] = field(default_factory=list)  # (budget, worlds used) per comparison
    started: list[float] = field(default_factory=list)  # the clock when each comparison started
    clock: Callable[[], float] | None = None
    sharper_gaps: dict[Any, float] = field(default_factory=dict)  # what a sharper comparison finds, if not the gap

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        return self.pick(view, legal, self.evaluate(view, legal).values)

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        choice = self.choose(view, legal, random.Random(0))
        return {action: float(action == choice) for action in legal}

    def _rival(self, view: Any, legal: Sequence[int]) -> int:
        return next(action for action in legal if action != self.played[view])

    def evaluate(self, view: Any, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        played, rival = self.played[view], self._rival(view, legal)
        values = {action: 0.0 for action in legal}
        values[played], values[rival] = PLAYED_VALUE, PLAYED_VALUE + self.gaps[view]
        errors = {action: self.first_error for action in legal}
        return Evaluation(values, errors, 10_000, False, lambda a, b: self.first_error)

    def pick(self, view: Any, legal: Sequence[int], values: Mapping[int, float]) -> int:
        top = max(values.values())
        return next(action for action in legal if values[action] == top)

    def refine(self, view: Any, actions: tuple[int, int], *, salt: int, target: float, budget: int,
               enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        if self.clock is not None:
            self.started.append(self.clock())
        rival, played = actions
        values = {rival: PLAYED_VALUE + self.sharper_gaps.get(view, self.gaps[view]), played: PLAYED_VALUE}
        worlds = 0
        while True:
            worlds += min(BATCH, budget - worlds)
            error = self.spread / math.sqrt(worlds)
            found = Evaluation(dict(values), {rival: error, played: error}, worlds, False, _constant(error))
            if worlds >= budget or error <= target or (enough is not None and enough(found)):
                self.refined.append((budget, worlds))
                return found


def _constant(error: float) -> Callable[[int, int], float]:
    return lambda first, second: error


@pytest.fixture
def game() -> Iterator[str]:
    games.register(GAME, "divided.games.divided_ranks.rules:DividedRanksRules")
    try:
        yield GAME
    finally:
        games.unregister(GAME)
        if bots_base._ADVISORS.supports(GAME):
            bots_base._ADVISORS.unregister(GAME)


def _record(seed: int = 3) -> GameRecord:
    state = games.load(GAME, first_splitter=0).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    record = state.record()
    return GameRecord(GAME, record.options, record.seed, record.actions)


def _advisor(record: GameRecord, gaps: Sequence[float]) -> FakeAdvisor:
    """The fake for seat 1's decisions of ``record``, with ``gaps`` in decision order (the last
    one repeated)."""
    found, error = decisions(record, 1)
    assert error is None and len(found) == 7
    padded = [*gaps, *[gaps[-1]] * (len(found) - len(gaps))]
    fake = FakeAdvisor({d.view: g for d, g in zip(found, padded, strict=True)},
                       {d.view: d.played for d in found})
    bots_base.register_advisor(GAME, lambda budget=None: fake)
    return fake


def test_a_comparison_stops_once_the_grade_is_settled(game: str) -> None:
    # a loss of 8 points: the first look (error 1.2) leaves 8 - 2.5 * 1.2 - 2 * 1.2 = 2.6 < 5 (close
    # or inaccuracy possible). Settled when the window [8 - 2.5e, 8 + 2.5e] grades inaccuracy
    # throughout at this error and at the finest: 8 - 4.5e >= 5 -> e <= 2/3 point, and
    # 8 + 2.5e - 2e < 10 -> always; the fake's error 1/sqrt(w) <= 1/150 needs 22,500 worlds: 22 batches.
    record = _record()
    fake = _advisor(record, [0.08])
    review = review_game(record, seat=1, seconds=None)
    assert review.complete
    assert fake.refined[0] == (REFINE_BUDGET, 22 * BATCH)
    move = review.moves[0]
    assert move.grade == "inaccuracy" and move.loss == pytest.approx(0.08)
    assert move.loss_error == pytest.approx(1 / math.sqrt(22 * BATCH))
    assert f"compared again over {22 * BATCH} sampled worlds" in move.reason


def test_settled_is_asked_only_once_the_comparison_is_sharper_than_the_first_look(game: str) -> None:
    # the first look: 8 points, error 1.2 (unsettled). The comparison's first batch says 50 points
    # at an error of 1/sqrt(1024) = 3.1 points: a blunder whatever 2.5 errors away (50 - 4.5 * 3.1
    # >= 15), but that batch is noisier than the first look, so the question waits until the
    # error is below 1.2 points: 1/sqrt(w) < 0.012 -> w > 6,944, the 7th batch (7,168 worlds).
    record = _record()
    fake = _advisor(record, [0.08])
    found, _ = decisions(record, 1)
    fake.sharper_gaps[found[0].view] = 0.50
    move = review_decision(fake, found[0], 0, Allowance(worlds=100_000))
    assert fake.refined == [(100_000, 7 * BATCH)]
    assert 1 / math.sqrt(6 * BATCH) >= FIRST_ERROR > 1 / math.sqrt(7 * BATCH)
    assert move.grade == "blunder" and move.loss_error == pytest.approx(1 / math.sqrt(7 * BATCH))


def test_a_loss_on_the_line_is_refined_to_the_finest_error_and_honestly_graded(game: str) -> None:
    # 5.2 points lies within 2.5 finest errors of the inaccuracy line at the finest error
    # (5 + 2 * 0.06 = 5.12; 5.2 - 5.12 < 2.5 * 0.06): never settled, so the comparison goes on
    # until the error is REFINE_SE (0.06 point): with a spread of 0.3, (0.3 / 0.0006)^2 = 250,000
    # worlds, that is 245 batches (244 hold 249,856)
    record = _record()
    fake = _advisor(record, [0.052])
    fake.spread = 0.3
    move = review_game(record, seat=1, seconds=None).moves[0]
    budget, used = fake.refined[0]
    assert budget == REFINE_BUDGET and used == 245 * BATCH
    assert move.loss_error <= REFINE_SE
    assert move.grade == grade_for(move.loss, move.loss_error)


def test_the_whole_review_keeps_to_its_worlds(game: str) -> None:
    # every decision at 5.3 points: each would use REFINE_BUDGET worlds; the review allows
    # REFINE_BUDGET + 37,856
    allowed = REFINE_BUDGET + 37_856
    record = _record()
    fake = _advisor(record, [0.053])
    review = review_game(record, seat=1, seconds=None, worlds=allowed)
    assert [budget for budget, _ in fake.refined] == [REFINE_BUDGET, 37_856]
    assert sum(used for _, used in fake.refined) == allowed
    second = review.moves[1]
    assert second.loss_error == pytest.approx(1 / math.sqrt(37_856))
    # 5.3 - 2 * 0.51 < 5: no grade the error allows, and the reason says why it was not refined
    assert second.grade == "close" and "ran out" in second.reason
    for move in review.moves[2:]:  # nothing left: the first look's error, honestly graded
        assert move.loss_error == FIRST_ERROR and move.grade == "close" and "ran out" in move.reason
    assert review == review_game(record, seat=1, seconds=None, worlds=allowed)  # reproducible


def test_the_deadline_stops_every_comparison_through_a_fake_clock(game: str) -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 0.25  # every look at the clock costs a quarter of a second
        return now[0]

    record = _record()
    fake = _advisor(record, [0.053])
    fake.clock = clock
    review = review_game(record, seat=1, seconds=5.0, clock=clock)
    assert review.complete
    deadline = 0.25 + 5.0  # the first look at the clock starts the review
    assert fake.started and all(started < deadline for started in fake.started)
    # the comparisons looked at the clock once per batch: about 20 batches in all
    assert sum(used for _, used in fake.refined) <= 21 * BATCH
    cut = [move for move in review.moves if "ran out" in move.reason]
    assert cut and all(move.grade == grade_for(move.loss, move.loss_error) == "close" for move in cut)


def test_a_decision_alone_charges_its_allowance(game: str) -> None:
    record = _record()
    fake = _advisor(record, [0.08])
    found, _ = decisions(record, 1)
    allowance = Allowance(worlds=100_000)
    move = review_decision(fake, found[0], 0, allowance)
    assert allowance.worlds == 100_000 - 22 * BATCH and move.grade == "inaccuracy"
    empty = Allowance(worlds=0)
    again = review_decision(fake, found[0], 0, empty)
    # not refined: the first look's error, and 8 - 2 * 1.2 = 5.6 still clears the 5-point line
    assert again.loss_error == FIRST_ERROR and again.grade == "inaccuracy" and "ran out" in again.reason


def test_a_negative_allowance_is_refused() -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        Allowance.starting(worlds=-1)
    with pytest.raises(ValueError, match="must not be negative"):
        Allowance.starting(seconds=-0.5)

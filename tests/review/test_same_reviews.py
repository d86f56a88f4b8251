"""The game-generic review gives Divided Ranks the same reviews as before.

``data/reviews.json`` holds eight full reviews (both seats of four seeded games under four
option sets, budget 48) recorded by running the code of commit 5ef849e, before the review was
split into ``review/base.py`` and ``review/games/divided_ranks.py`` (recorded by
``tests/bots/data/record_expert_and_reviews.py`` in the first commit of that work, removed
right after). Every field of every move must be the same: grades, values, errors, losses, labels
and the reasons' text.

Issue 15's expert solves the last round (exact values, a mixed strategy), so these reviews are
of the expert as it was: the advisor is ``expert-classic`` (``ExpertBot(endgame=None)``, the
same bot without the solve) for this test. The reviews' rules for an advisor without a mix are
unchanged; what a mix changes is tested in ``test_review_mix.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from divided.bots import base as bots_base
from divided.bots.divided_ranks.expert import REVIEW_BUDGET, ExpertBot
from divided.games import GameRecord
from divided.review import review_game


@pytest.fixture(autouse=True)
def _recorded_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    """The closer looks' figures the reviews were recorded with (retuned since, when the
    playouts got faster: the rules are the same, the allowances larger), and no closer look of
    the expert's own top two (added since: the expert's choice was its first look's pick)."""
    from divided.review import base

    for name, value in (("REFINE_SE", 0.0015), ("REFINE_BUDGET", 262_144), ("REFINE_FACTOR", 4),
                        ("REVIEW_WORLDS", 350_000), ("HINT_WORLDS", 0)):
        monkeypatch.setattr(base, name, value)


@pytest.fixture(autouse=True)
def _classic_advisor() -> Iterator[None]:
    """The advisor the reviews were recorded with: the expert without the endgame solve."""
    bots_base.register_advisor("divided-ranks", classic, replace=True)
    try:
        yield
    finally:
        bots_base.register_advisor("divided-ranks", "divided.bots.divided_ranks.expert:advisor", replace=True)


def classic(budget: int | None = None) -> ExpertBot:
    return ExpertBot(budget=REVIEW_BUDGET if budget is None else budget, endgame=None)


REVIEWS = json.loads((Path(__file__).resolve().parent / "data" / "reviews.json").read_text())["reviews"]


def _as_json(move: Any) -> dict[str, Any]:
    return {"move_number": move.move_number, "phase": move.phase, "played": move.played,
            "played_label": move.played_label, "best": move.best, "best_label": move.best_label,
            "values": {str(a): v for a, v in move.values.items()}, "loss": move.loss, "grade": move.grade,
            "reason": move.reason, "errors": {str(a): v for a, v in move.errors.items()},
            "loss_error": move.loss_error}


@pytest.mark.parametrize("saved", REVIEWS, ids=lambda r: f"seed{r['record']['seed']}-seat{r['seat']}")
def test_the_review_is_the_recorded_one(saved: dict[str, Any]) -> None:
    # no wall-clock deadline (it came later, and on a busy machine it cuts the closer looks short)
    review = review_game(GameRecord.from_dict(saved["record"]), saved["seat"], budget=saved["budget"],
                         seed=saved["seed"], seconds=None)
    assert (review.total, review.error) == (saved["total"], saved["error"])
    assert [_as_json(move) for move in review.moves] == saved["moves"]

"""The ``scoring`` rule option lives in the game and maps onto the evaluator's neutral order."""

from __future__ import annotations

import random

from divided import games
from divided.cards import PACK_21
from divided.games.divided_ranks.options import Options
from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import SplitOrder, arrange, best_key, packed_key_table, ranked_splits


def test_stored_values_are_unchanged() -> None:
    # Records and option strings written before the move must still read.
    assert [s.value for s in Scoring] == ["categories-first", "weaker-first"]
    assert Scoring("weaker-first") is Scoring.WEAKER_FIRST
    assert Options().scoring is Scoring.CATEGORIES_FIRST
    game = games.load("divided-ranks", scoring="weaker-first")
    assert game.new_initial_state(seed=3).core.options.scoring is Scoring.WEAKER_FIRST


def test_each_option_names_its_split_order() -> None:
    assert Scoring.CATEGORIES_FIRST.split_order is SplitOrder.CATEGORIES_FIRST
    assert Scoring.WEAKER_FIRST.split_order is SplitOrder.WEAKER_FIRST


def test_the_evaluator_gives_the_same_answers_for_the_option_and_its_order() -> None:
    rng = random.Random(11)
    for _ in range(40):
        holding = sum(1 << i for i in rng.sample(range(PACK_21.size), 10))
        for scoring in Scoring:
            order = scoring.split_order
            assert arrange(holding, scoring) == arrange(holding, order)
            assert best_key(holding, scoring) == best_key(holding, order)
            assert [a.split for a in ranked_splits(holding, scoring)] == [
                a.split for a in ranked_splits(holding, order)
            ]
    for scoring in Scoring:
        assert packed_key_table(scoring) is packed_key_table(scoring.split_order)

"""Ace-to-five (with and without eight or better) and deuce-to-seven against pokerkit, an
established library (a test-only dependency; pokerkit has no ace-to-six).

pokerkit's ``RegularLowHand`` is ace-to-five, ``EightOrBetterLowHand`` ace-to-five eight or better
(a hand that does not qualify is no hand there: ``ValueError``), ``StandardLowHand`` deuce-to-seven.
Their hands compare with ``<`` where the bigger is the better low, as our orders do.

Every five-card class is covered by one hand per (rank multiset, one suit or not); six and
seven cards by a seeded sample through pokerkit's own best-of-the-cards (``from_game``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement, pairwise
from typing import Any

import numpy as np
import pokerkit  # a test dependency (the `test` extra)
import pytest

from divided.hands.poker.low import LowSystem, lowball

REFERENCES = {"a5": "RegularLowHand", "a5-8": "EightOrBetterLowHand", "27": "StandardLowHand"}
SYSTEMS = {"a5": lowball("a5"), "a5-8": lowball("a5", 8), "27": lowball("27")}


def five_card_patterns() -> list[list[int]]:
    """One five-card hand (pack indices) per rank multiset, and per one-suited set of ranks."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(map(ranks.count, ranks)) > 4:
            continue
        hand = [rank * 4 + ranks[:place].count(rank) for place, rank in enumerate(ranks)]
        if len(set(ranks)) == 5:
            hands.append([rank * 4 for rank in ranks])  # five spades
            hand[-1] += 1  # a heart: no flush
        hands.append(hand)
    return hands


def reference_value(name: str, cards: str, *, from_game: bool) -> Any:
    """pokerkit's hand, or ``None`` where no hand qualifies (eight or better)."""
    kind = getattr(pokerkit, REFERENCES[name])
    try:
        return kind.from_game(cards) if from_game else kind(cards)
    except ValueError:
        if name != "a5-8":
            raise
        return None


def compare(a: Any, b: Any) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return int(a > b) - int(a < b)


def assert_same_order(low: LowSystem, hands: Sequence[Sequence[int]], reference: Callable[[str], Any]) -> None:
    """Sorted by our orders, neighbours compare the same way in pokerkit; as pokerkit's order is
    transitive, every pair then does."""
    orders = low.rank_batch(np.array(hands)).tolist()
    text = ["".join(str(low.pack[i]) for i in hand) for hand in hands]
    values = [reference(cards) for cards in text]
    by_ours = sorted(range(len(hands)), key=lambda i: int(orders[i]))
    for i, j in pairwise(by_ours):
        ours = (orders[j] > orders[i]) - (orders[j] < orders[i])
        assert compare(values[j], values[i]) == ours, (text[i], text[j], int(orders[i]), int(orders[j]))


@pytest.mark.parametrize("name", list(REFERENCES))
def test_every_five_card_class_agrees_with_pokerkit(name: str) -> None:
    low = SYSTEMS[name]
    assert_same_order(low, five_card_patterns(), lambda cards: reference_value(name, cards, from_game=False))


@pytest.mark.parametrize("name", list(REFERENCES))
@pytest.mark.parametrize("size", [6, 7])
def test_random_best_of_more_cards_agrees_with_pokerkit(name: str, size: int) -> None:
    rng = np.random.default_rng(1400 + size)
    hands = np.argsort(rng.random((400, 52)), axis=1)[:, :size].tolist()
    low = SYSTEMS[name]
    assert_same_order(low, hands, lambda cards: reference_value(name, cards, from_game=True))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REFERENCES))
def test_large_random_seven_card_sample_agrees_with_pokerkit(name: str) -> None:
    rng = np.random.default_rng(14_000)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].tolist()
    assert_same_order(SYSTEMS[name], hands, lambda cards: reference_value(name, cards, from_game=True))

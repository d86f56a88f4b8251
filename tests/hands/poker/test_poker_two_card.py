"""Two-card rankings (MG1): all 1,326 two-card hands against an order written here from the
ruling's words, for high and for low, one call and batch."""

from __future__ import annotations

from functools import cmp_to_key
from itertools import combinations, pairwise

import numpy as np
import pytest

from divided.cards import STANDARD_52, parse_cards
from divided.errors import InvalidHandError
from divided.hands.poker import system

HANDS = list(combinations(range(52), 2))
RANK = "23456789TJQKA"


def ranks(hand: tuple[int, int]) -> tuple[int, int]:
    """The hand's ranks, 0 (two) to 12 (ace), higher first, read from the cards' names."""
    first, second = (RANK.index(str(STANDARD_52[card])[0]) for card in hand)
    return max(first, second), min(first, second)


def high_compare(a: tuple[int, int], b: tuple[int, int]) -> int:
    """MG1 high, step by step: a pair beats no pair; then the higher card; then the lower."""
    (a_top, a_low), (b_top, b_low) = ranks(a), ranks(b)
    a_pair, b_pair = a_top == a_low, b_top == b_low
    if a_pair != b_pair:
        return 1 if a_pair else -1
    if a_top != b_top:
        return 1 if a_top > b_top else -1
    if a_low != b_low:
        return 1 if a_low > b_low else -1
    return 0


def low_compare(a: tuple[int, int], b: tuple[int, int]) -> int:
    """MG1 low, from its own words: no pair beats a pair; the lower top card wins; then the
    lower second card."""
    (a_top, a_low), (b_top, b_low) = ranks(a), ranks(b)
    a_pair, b_pair = a_top == a_low, b_top == b_low
    if a_pair != b_pair:
        return -1 if a_pair else 1
    if a_top != b_top:
        return 1 if a_top < b_top else -1
    if a_low != b_low:
        return 1 if a_low < b_low else -1
    return 0


@pytest.mark.parametrize(("rules", "compare"), [("two-high", high_compare), ("two-low", low_compare)])
def test_every_two_card_hand_ranks_as_the_ruling_orders_it(rules: str, compare) -> None:  # type: ignore[no-untyped-def]
    ranking = system(rules)
    strengths = {hand: ranking.strength_of_indices(hand) for hand in HANDS}  # type: ignore[attr-defined]
    ordered = sorted(HANDS, key=cmp_to_key(compare))
    for weaker, stronger in pairwise(ordered):
        if compare(weaker, stronger) == 0:
            assert strengths[weaker] == strengths[stronger]
        else:
            assert strengths[weaker] < strengths[stronger], (weaker, stronger)
    assert len(set(strengths.values())) == ranking.classes == 91
    # the same by rank(), and in one batch
    batch = ranking.rank_batch(np.array(HANDS))
    assert batch.tolist() == [strengths[hand] for hand in HANDS]
    for hand in HANDS[::97]:
        assert ranking.rank([STANDARD_52[card] for card in hand]).order == strengths[hand]


def test_low_order_from_the_top_and_the_bottom() -> None:
    low = system("two-low")

    def strength(text: str) -> int:
        return low.strength(parse_cards(text))

    best_first = ["3d 2s", "4h 2c", "4c 3d", "5s 2h", "5d 3c", "5h 4s", "6c 2d"]
    assert [strength(hand) for hand in best_first] == sorted((strength(hand) for hand in best_first), reverse=True)
    assert strength("3d 2s") == low.classes - 1
    assert strength("Ah Ad") == 0  # A-A is the worst
    assert strength("Kc Ks") > strength("Ah Ad") and strength("2c 2d") < strength("Ac Kd")
    assert str(low.rank(parse_cards("Ac Kd"))) == "Ace-king low"


def test_high_words_and_extremes() -> None:
    high = system("two-high")
    assert high.strength(parse_cards("As Ad")) == high.classes - 1
    assert high.strength(parse_cards("3s 2d")) == 0
    assert str(high.rank(parse_cards("Kd Ah"))) == "Ace-king"


@pytest.mark.parametrize("hand", [[0], [0, 0], [0, 52], [1, 2, 3]])
def test_bad_two_card_hands_are_refused(hand: list[int]) -> None:
    with pytest.raises(InvalidHandError):
        system("two-high").strength_of_indices(hand)  # type: ignore[attr-defined]
    with pytest.raises(InvalidHandError):
        system("two-low").rank_batch(np.array([hand]))

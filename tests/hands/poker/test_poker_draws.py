"""Exact draw odds against published counts, hand counting and a brute force over itertools."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from divided.cards import STANDARD_52, parse_cards
from divided.errors import InvalidHandError
from divided.hands.poker import system
from divided.hands.poker.draws import MAX_WAYS, combinations_array, draw_odds, unseen_after


@pytest.mark.parametrize(("n", "k"), [(0, 0), (1, 1), (5, 2), (7, 3), (10, 5), (12, 1), (6, 6), (3, 4)])
def test_combinations_are_every_subset_in_order(n: int, k: int) -> None:
    assert combinations_array(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


def test_keeping_a_pair_and_drawing_three_gives_the_published_counts() -> None:
    # The classic figures: of C(47, 3) = 16,215 draws, 2,592 two pair, 1,854 trips, 165 full houses, 45 quads.
    odds = draw_odds(parse_cards("Js Jd"), unseen_after(parse_cards("Js Jd 8c 5h 2s")), 3)
    assert odds.ways == 16_215
    assert (odds.count("Two Pair"), odds.count("Three of a Kind"), odds.count("Full House"),
            odds.count("Four of a Kind")) == (2_592, 1_854, 165, 45)
    assert odds.count("Pair") == 16_215 - 2_592 - 1_854 - 165 - 45
    assert sum(odds.counts.values()) == odds.ways
    assert next(iter(odds.counts)) == "Four of a Kind"  # strongest first


def test_one_card_draws_count_outs_by_hand() -> None:
    # Four hearts, one card to come from 47: 9 hearts make the flush.
    flush = draw_odds(parse_cards("Ah Kh 7h 4h"), unseen_after(parse_cards("Ah Kh 7h 4h Qs")), 1)
    assert flush.count("Flush") == 9 and flush.ways == 47
    # 9-8-7-6 open-ended, the discard a king: four tens and four fives (the 10h/5h would not flush here).
    straight = draw_odds(parse_cards("9s 8d 7c 6h"), unseen_after(parse_cards("9s 8d 7c 6h Kd")), 1)
    assert straight.count("Straight") == 8
    assert straight.at_least("Straight") == pytest.approx(8 / 47)


def test_low_qualifier_counts_the_cards_that_do_not_pair() -> None:
    # A-2-3-4 drawing one, the king gone: any 5, 6, 7 or 8 makes an eight-or-better low (16 cards).
    odds = draw_odds(parse_cards("As 2d 3h 4c"), unseen_after(parse_cards("As 2d 3h 4c Kd")), 1,
                      system("a5", qualifier=8))
    assert odds.ways == 47 and odds.count("No Low") == 31


def test_agrees_with_brute_force_on_a_small_pool() -> None:
    kept = parse_cards("Ts 9s")
    pool = parse_cards("8s 7s 6s Td 9c 2h 2d Ac")
    high = system("high")
    expected = Counter(high.rank([*kept, *drawn]).category.label for drawn in combinations(pool, 3))
    odds = draw_odds(kept, pool, 3)
    assert dict(odds.counts) == dict(expected) and odds.ways == comb(8, 3)


def test_seven_card_stud_style_draws_use_the_best_five() -> None:
    # Five cards held, two to come: the best five of seven.
    kept = parse_cards("Qs Qh 9d 9c 4s")
    odds = draw_odds(kept, unseen_after(kept), 2)
    assert odds.ways == comb(47, 2)
    # Full house or better: a Q or 9 among the two (4 cards), or a pair of fours... counted by brute force.
    high = system("high")
    pool = unseen_after(kept)
    brute = Counter(high.rank([*kept, *drawn]).category.label for drawn in combinations(pool, 2))
    assert dict(odds.counts) == dict(brute)


def test_bad_requests_are_refused() -> None:
    kept = parse_cards("As Ks")
    with pytest.raises(InvalidHandError, match="also be unseen"):
        draw_odds(kept, list(STANDARD_52), 3)
    with pytest.raises(InvalidHandError, match="repeat"):
        draw_odds(kept, [*unseen_after(kept), STANDARD_52[0]], 3)
    with pytest.raises(InvalidHandError, match="make 9 cards"):
        draw_odds(kept, unseen_after(kept), 7)
    with pytest.raises(InvalidHandError, match="whole number"):
        draw_odds(kept, unseen_after(kept), True)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="cannot draw 3 from 2"):
        draw_odds(kept, parse_cards("2c 3c"), 3)
    assert comb(52, 7) > MAX_WAYS
    with pytest.raises(InvalidHandError, match="ways"):
        draw_odds([], list(STANDARD_52), 7)

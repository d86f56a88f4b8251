"""The review names a Buck Thirty-Five hand with its own buck wild, in the high and, under
high-low, in the ace-to-five low the wild cards make (they stand for the lowest ranks missing)."""

from __future__ import annotations

from poker_deals import passive, start

from divided.games.poker.cards import parse
from divided.review.games.poker import hand_words

HANDS = ("6d 4d 3h 2s Kc", "Qs Qh 7h Js 3c", "7s 6h 5s 4h Jc", "Ks Kh 9c 8d 7d")


def test_buck_hand_is_named_with_the_buck_wild_high_and_low() -> None:
    state = start("buck-thirty-five", HANDS, button=3, buck_split="high-low")
    passive(state)  # to the exchange: the buck is dealt
    view = state.observation(0)
    said = hand_words(view, 0, parse("6d 4d 3h 2s"))
    assert said == "high: Straight, six-high; low: Six-high low: 6-4-3-2-A"

"""The heuristic policies on hand-made hands."""

from __future__ import annotations

from divided.bots.poker import heuristics as h
from divided.games.poker import actions as act
from divided.games.poker.cards import parse


def cards(text: str) -> list[int]:
    return list(parse(text))


def test_high_draw() -> None:
    assert sorted(h.keep_high(cards("9h Th Jh Qh Kh"))) == sorted(cards("9h Th Jh Qh Kh"))  # flush: pat
    assert sorted(h.keep_high(cards("5s 6d 7c 8h 9s"))) == sorted(cards("5s 6d 7c 8h 9s"))  # straight
    assert sorted(h.keep_high(cards("Qs Qd 7c 7h 2s"))) == sorted(cards("Qs Qd 7c 7h"))  # two pair: draw one
    assert sorted(h.keep_high(cards("Qs Qd 7c 4h 2s"))) == sorted(cards("Qs Qd"))
    assert sorted(h.keep_high(cards("Ah 9h 6h 3h Ks"))) == sorted(cards("Ah 9h 6h 3h"))  # four to a flush
    assert h.keep_high(cards("Ah 9c 6h 3d Ks")) == cards("Ah")


def test_low_and_high_low_draws() -> None:
    assert sorted(h.keep_low(cards("As 3d 3c 7h Ks"))) == sorted(cards("As 3d 7h"))
    assert sorted(h.keep_high_low(cards("As 2d 5c 9h Ks"))) == sorted(cards("As 2d 5c"))
    assert sorted(h.keep_high_low(cards("Qs Qd Qc 2h 3s"))) == sorted(cards("Qs Qd Qc"))  # trips play high


def test_two_card_high_low_draw_keeps_pairs_sevens_and_lows() -> None:
    # Mississippi: a pair stands (7-7 hogs; any pair beats every unpaired high); a lone seven is
    # kept to draw to the hog; 6-2 is a good low; 9-4 keeps the four (drawing to a low), K-9
    # the king (drawing to a pair of kings)
    for pat in ("7s 7d", "2c 2d", "Ah As", "6c 2d", "5h 4h"):
        assert sorted(h.keep_high_low(cards(pat))) == sorted(cards(pat))
    assert h.keep_high_low(cards("Kd 7s")) == cards("7s")
    assert h.keep_high_low(cards("7s 2d")) == cards("7s")
    assert h.keep_high_low(cards("9c 4d")) == cards("4d")
    assert h.keep_high_low(cards("Kd 9c")) == cards("Kd")
    assert h.keep_high_low(cards("8c 6d")) == cards("6d")


def test_discard_mask_names_the_cards_in_card_order() -> None:
    hand = cards("Kd 2c 7s")
    assert h.discard_mask(hand, cards("Kd")) == 0b011  # 2c and 7s are the two lowest


def test_assignment() -> None:
    # 10 Card Regrets: a low pair of distinct ranks goes low; kings high; a mixed pair splits
    assert h.assign_choice(cards("2s 5d"), [], 5, 5) == act.BOTH_FIRST
    assert h.assign_choice(cards("Ks Kd"), [], 5, 5) == act.BOTH_SECOND
    assert h.assign_choice(cards("3s Qd"), [], 5, 5) == act.LOWER_FIRST
    assert h.assign_choice(cards("As Qd"), [], 5, 5) == act.LOWER_SECOND  # the ace (higher in card order) low
    assert h.assign_choice(cards("2s 5d"), [], 1, 5) == act.LOWER_FIRST  # the low hand has room for one
    assert h.assign_choice(cards("2s 5d"), [], 0, 5) == act.BOTH_SECOND  # a full hand forces the other


def test_henway_split_and_flip_order() -> None:
    first, second = h.henway_split(cards("As 2d 3h 4c 5s Ks Kh Kd Kc Qh"))
    assert sorted(second) == sorted(cards("As 2d 3h 4c 5s")) and sorted(first) == sorted(cards("Ks Kh Kd Kc Qh"))
    assert h.flip_order(cards("Ks Kh 8d 2c Ac"))[:1] == cards("8d")  # middle, unpaired first; the kings last
    assert set(h.flip_order(cards("Ks Kh 8d 2c Ac"))[-2:]) == set(cards("Ks Kh"))

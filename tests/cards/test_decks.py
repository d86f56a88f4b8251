"""The 52- and 54-card decks and distinct Jokers: notation round trips for every card of every
pack, masks, and hostile inputs (rules: DIVIDE's deck, "Jk1"/"Jk2"; the 21-card pack's "Jk")."""

from __future__ import annotations

import random

import pytest

from divided.cards import (
    JOKER,
    JOKER_1,
    JOKER_2,
    PACK_21,
    STANDARD_52,
    STANDARD_54,
    Card,
    Pack,
    Rank,
    Suit,
    parse_cards,
)
from divided.errors import DividedError, InvalidHandError, InvalidNotationError

# Every pack's cards in its documented order, written out by hand (not from the code).
ORDER_52 = [r + s for r in "23456789TJQKA" for s in "shdc"]
ORDER_54 = [*ORDER_52, "Jk1", "Jk2"]
ORDER_21 = [r + s for r in "TJQKA" for s in "shdc"] + ["Jk"]
PACKS = [(PACK_21, ORDER_21), (STANDARD_52, ORDER_52), (STANDARD_54, ORDER_54)]
EVERY_CARD = [(pack, index, token) for pack, order in PACKS for index, token in enumerate(order)]


@pytest.mark.parametrize(("pack", "index", "token"), EVERY_CARD,
                         ids=[f"{p.name}-{t}" for p, _, t in EVERY_CARD])
def test_every_card_round_trips(pack: Pack, index: int, token: str) -> None:
    card = pack.parse_card(token)
    assert str(card) == token
    assert pack[index] == card and pack.index(card) == index
    assert Card.parse(str(card)) == card
    assert pack.parse_card(token.lower()) == card == pack.parse_card(token.upper())
    assert eval(repr(card), {"Card": Card}) == card
    assert pack.mask([card]) == 1 << index
    assert pack.parse_mask(token) == 1 << index
    assert pack.format_mask(1 << index) == token


@pytest.mark.parametrize(("pack", "order"), PACKS, ids=[p.name for p, _ in PACKS])
def test_pack_order_size_and_full_mask(pack: Pack, order: list[str]) -> None:
    assert [str(card) for card in pack] == order
    assert pack.size == len(set(pack)) == len(order)
    full = pack.parse_mask(" ".join(order), size=len(order))
    assert full == (1 << len(order)) - 1
    assert pack.format_mask(full) == " ".join(order)


@pytest.mark.parametrize(("pack", "order"), PACKS, ids=[p.name for p, _ in PACKS])
def test_random_masks_round_trip(pack: Pack, order: list[str]) -> None:
    rng = random.Random(pack.size)
    for _ in range(200):
        chosen = rng.sample(range(len(order)), rng.randint(0, len(order)))
        mask = sum(1 << i for i in chosen)
        text = " ".join(order[i] for i in sorted(chosen))
        assert pack.format_mask(mask) == text
        assert pack.parse_mask(text, size=len(chosen)) == mask
        shuffled = [order[i] for i in chosen]
        assert pack.mask(parse_cards(", ".join(shuffled))) == mask
        assert pack.format(pack.parse_cards(" ".join(shuffled))) == text


def test_the_three_jokers_are_distinct_cards() -> None:
    assert len({JOKER, JOKER_1, JOKER_2}) == 3
    assert all(j.is_joker and j.rank is None and j.suit is None for j in (JOKER, JOKER_1, JOKER_2))
    assert [str(j) for j in (JOKER, JOKER_1, JOKER_2)] == ["Jk", "Jk1", "Jk2"]
    assert [j.pretty for j in (JOKER, JOKER_1, JOKER_2)] == ["Jk", "Jk1", "Jk2"]
    assert JOKER in PACK_21 and JOKER_1 not in PACK_21 and JOKER_2 not in PACK_21
    assert JOKER not in STANDARD_54 and JOKER_1 in STANDARD_54 and JOKER_2 in STANDARD_54
    assert not any(card.is_joker for card in STANDARD_52)
    assert STANDARD_54.cards[:52] == STANDARD_52.cards


def test_jokers_are_built_only_with_a_valid_number() -> None:
    for bad in (3, -1):
        with pytest.raises(InvalidNotationError):
            Card(None, None, bad)
    with pytest.raises(InvalidNotationError):
        Card(Rank.ACE, Suit.SPADES, 1)


def test_plain_jk_is_refused_by_the_54_card_deck_naming_its_jokers() -> None:
    for text in ("Jk", "jk", "JK"):
        with pytest.raises(InvalidHandError) as info:
            STANDARD_54.parse_card(text)
        assert "Jk1" in str(info.value) and "Jk2" in str(info.value)
    with pytest.raises(InvalidHandError, match="Jk1 and Jk2"):
        STANDARD_54.parse_mask("As Jk")
    with pytest.raises(InvalidHandError, match="Jk1 and Jk2"):
        STANDARD_54.index(JOKER)
    with pytest.raises(InvalidHandError, match="Jk1 and Jk2"):
        STANDARD_54.parse_cards("Jk1 Jk")


@pytest.mark.parametrize("token", ["Jk1", "jk2", "JK1"])
def test_numbered_jokers_are_not_cards_of_the_21_card_pack(token: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        PACK_21.parse_card(token)
    message = str(info.value)
    assert token.capitalize() in message and "21-card" in message and "written Jk" in message
    with pytest.raises(InvalidHandError):
        PACK_21.parse_mask(f"Ts {token}")


def test_no_joker_in_the_52_card_deck() -> None:
    for token in ("Jk", "Jk1", "Jk2"):
        with pytest.raises(InvalidHandError, match="no Joker"):
            STANDARD_52.parse_card(token)


@pytest.mark.parametrize(
    "token",
    ["Jk0", "Jk3", "Jk12", "Jk-1", "Jk 1", "J k1", "Jk1s", "1Jk", "Jokers", "Jk\u00b9", "Jk\uff11",
     "Jk1\x00", "\u212aJ", "\u212as", "J\u212a", "J\u212a1", "A\u0073\u0301", "A\u2660", "x" * 10_000],
)
def test_hostile_tokens_raise_notation_errors_naming_the_token(token: str) -> None:
    for parse in (Card.parse, STANDARD_54.parse_card, PACK_21.parse_card):
        with pytest.raises(InvalidNotationError) as info:
            parse(token)
        assert isinstance(info.value, DividedError)
        if len(token) < 100:
            assert repr(token) in str(info.value) or token in str(info.value)


def test_repeated_jokers_in_a_mask_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="Jk2 appears more than once"):
        STANDARD_54.parse_mask("Jk2 As jk2")
    assert STANDARD_54.parse_mask("Jk1 Jk2") == 0b11 << 52


def test_a_token_that_is_no_card_is_told_how_this_pack_writes_its_jokers() -> None:
    expected = {PACK_21: ", or 'Jk' for the Joker", STANDARD_54: ", or 'Jk1' or 'Jk2' for a Joker", STANDARD_52: ""}
    for pack, ending in expected.items():
        with pytest.raises(InvalidNotationError) as refused:
            pack.parse_card("xx")
        assert str(refused.value).endswith("e.g. 'Qh' or '10s'" + ending)

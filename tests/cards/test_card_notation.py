"""Card notation, the 21-card pack's order and masks (rules: "The pack")."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from divided.cards import (
    JOKER,
    PACK_21,
    STANDARD_52,
    SUITS,
    Card,
    Rank,
    Suit,
    mask_indices,
    parse_cards,
)
from divided.errors import DividedError, InvalidHandError, InvalidNotationError

RANK_TOKENS = {
    "2": Rank.TWO,
    "3": Rank.THREE,
    "4": Rank.FOUR,
    "5": Rank.FIVE,
    "6": Rank.SIX,
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
SUIT_TOKENS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}
GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# Every canonical token of the 52-card notation, written out independently of the code.
CANONICAL_52 = [r + s for r, s in product(RANK_TOKENS, SUIT_TOKENS)]
# The documented 21-card pack order: rank by rank from the tens, s h d c inside a rank, Joker.
CANONICAL_21 = [r + s for r in "TJQKA" for s in "shdc"] + ["Jk"]

VALID_LOWER = (
    {t.lower() for t in CANONICAL_52} | {"10" + s for s in SUIT_TOKENS} | {"jk", "jk1", "jk2"}
)


def case_variants(token: str) -> list[str]:
    options = [(ch.lower(), ch.upper()) if ch.isalpha() else (ch,) for ch in token]
    return sorted({"".join(chars) for chars in product(*options)})


# --------------------------------------------------------------------------------------------
# Card.parse / str
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", CANONICAL_52)
def test_round_trip_52(token: str) -> None:
    card = Card.parse(token)
    assert str(card) == token
    assert card.rank == RANK_TOKENS[token[0]]
    assert card.suit == SUIT_TOKENS[token[1]]
    assert not card.is_joker
    assert Card.parse(str(card)) == card
    assert card in STANDARD_52


@pytest.mark.parametrize("token", CANONICAL_21)
def test_round_trip_21(token: str) -> None:
    card = Card.parse(token)
    assert str(card) == token
    assert Card.parse(str(card)) == card
    assert card in PACK_21


@pytest.mark.parametrize("token", [*CANONICAL_21, "2s", "9d"])
def test_case_insensitive(token: str) -> None:
    variants = case_variants(token)
    assert len(variants) == 2 ** sum(ch.isalpha() for ch in token)
    cards = {Card.parse(v) for v in variants}
    assert cards == {Card.parse(token)}
    assert {str(Card.parse(v)) for v in variants} == {token}


@pytest.mark.parametrize("suit", "shdcSHDC")
def test_ten_alias(suit: str) -> None:
    card = Card.parse("10" + suit)
    assert card == Card.parse("T" + suit)
    assert card.rank == Rank.TEN
    assert str(card) == "T" + suit.lower()


def test_joker() -> None:
    for token in ("Jk", "jk", "JK", "jK"):
        card = Card.parse(token)
        assert card.is_joker
        assert card == JOKER
        assert card.rank is None and card.suit is None
        assert str(card) == "Jk"
        assert card.pretty == "Jk"
    assert JOKER not in STANDARD_52
    assert Card.parse("Js") != JOKER
    assert not Card.parse("Js").is_joker


def test_cards_are_values() -> None:
    assert Card.parse("qh") == Card.parse("QH")
    assert hash(Card.parse("qh")) == hash(Card.parse("Qh"))
    assert len({Card.parse(t) for t in ["Qh", "qh", "QH", "Ts", "10s", "ts"]}) == 2
    assert Card.parse("Qh") != Card.parse("Qd")
    assert Card.parse("Qh") != Card.parse("Kh")


def test_repr_round_trips() -> None:
    for token in CANONICAL_21:
        card = Card.parse(token)
        assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("token", CANONICAL_52)
def test_pretty_52(token: str) -> None:
    card = Card.parse(token)
    rank = "10" if token[0] == "T" else token[0]
    assert card.pretty == rank + GLYPHS[SUIT_TOKENS[token[1]]]


def test_pretty_21_in_pack_order() -> None:
    assert [card.pretty for card in PACK_21] == [
        "10♠", "10♥", "10♦", "10♣",
        "J♠", "J♥", "J♦", "J♣",
        "Q♠", "Q♥", "Q♦", "Q♣",
        "K♠", "K♥", "K♦", "K♣",
        "A♠", "A♥", "A♦", "A♣",
        "Jk",
    ]  # fmt: skip


def test_symbols_and_glyphs() -> None:
    assert [r.symbol for r in Rank] == list(RANK_TOKENS)
    assert [s.glyph for s in SUITS] == ["♠", "♥", "♦", "♣"]
    assert list(SUITS) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN  # ace high, ten low


BAD_TOKENS = [
    "Xz",
    "1s",
    "",
    "Jkk",
    "T",
    "10",
    "s",
    "Tx",
    "11s",
    "AA",
    "Ts h",
    "Jks",
    "0s",
    "1",
    "Joker",
    "T♠",
    "sT",
]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_token_raises_naming_it(token: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(token)
    message = str(info.value)
    if token:
        assert token in message
    else:
        assert "''" in message or '""' in message
    assert isinstance(info.value, DividedError)
    assert isinstance(info.value, ValueError)


# --------------------------------------------------------------------------------------------
# parse_cards
# --------------------------------------------------------------------------------------------


def test_parse_cards_separators_and_order() -> None:
    assert [str(c) for c in parse_cards("As, Kd jk")] == ["As", "Kd", "Jk"]
    assert [str(c) for c in parse_cards("10h,ts  qD,\tAc\n2c")] == ["Th", "Ts", "Qd", "Ac", "2c"]
    assert parse_cards("") == []
    assert parse_cards("Ts Ts") == [Card.parse("Ts"), Card.parse("Ts")]  # no pack, no check


@pytest.mark.parametrize("bad", ["Xz", "1s", "Jkk"])
def test_parse_cards_names_bad_token(bad: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(f"As {bad} Kd")
    assert bad in str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789tjqkashdcxTJQKASHDCX", max_size=4))
def test_parse_accepts_exactly_the_notation(token: str) -> None:
    if token.lower() in VALID_LOWER:
        card = Card.parse(token)
        assert Card.parse(str(card)) == card
        assert str(card).lower() == ("t" + token[2:].lower() if token[:2] == "10" else token.lower())
    else:
        with pytest.raises(InvalidNotationError) as info:
            Card.parse(token)
        if token:
            assert token in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*CANONICAL_52, "Jk"]), max_size=12), st.data())
def test_parse_cards_round_trip(tokens: list[str], data: st.DataObject) -> None:
    seps = data.draw(st.lists(st.sampled_from([" ", ",", ", ", "  ,", "\t"]),
                              min_size=len(tokens), max_size=len(tokens)))
    text = "".join(t + s for t, s in zip(tokens, seps, strict=True))
    assert [str(c) for c in parse_cards(text)] == tokens


# --------------------------------------------------------------------------------------------
# The 21-card pack
# --------------------------------------------------------------------------------------------


def test_pack_21_order() -> None:
    assert PACK_21.size == len(PACK_21) == 21
    assert [str(card) for card in PACK_21] == CANONICAL_21
    for index, token in enumerate(CANONICAL_21):
        card = Card.parse(token)
        assert PACK_21[index] == card
        assert PACK_21.index(card) == index
    assert PACK_21[20] == JOKER
    assert PACK_21.index(Card.parse("Qd")) == 10
    assert len(set(PACK_21)) == 21


def test_pack_21_contents_match_rules() -> None:
    # 10, J, Q, K, A in each of four suits and one Joker
    real = [card for card in PACK_21 if not card.is_joker]
    assert len(real) == 20
    assert {card.rank for card in real} == {Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert {card.suit for card in real} == set(Suit)
    assert sum(card.is_joker for card in PACK_21) == 1


def test_standard_52() -> None:
    assert STANDARD_52.size == 52
    assert {str(card) for card in STANDARD_52} == set(CANONICAL_52)
    for index, card in enumerate(STANDARD_52):
        assert STANDARD_52.index(card) == index


def test_masks() -> None:
    for index, token in enumerate(CANONICAL_21):
        assert PACK_21.mask([Card.parse(token)]) == 1 << index
        assert PACK_21.parse_mask(token) == 1 << index
    mask = PACK_21.parse_mask("Ah Ts Jk")
    assert mask == 1 << 17 | 1 << 0 | 1 << 20
    assert PACK_21.format_mask(mask) == "Ts Ah Jk"
    assert [str(c) for c in PACK_21.cards_of(mask)] == ["Ts", "Ah", "Jk"]
    assert mask_indices(mask) == [0, 17, 20]
    assert PACK_21.mask(parse_cards("Ah Ts Jk"), size=3) == mask
    assert PACK_21.parse_mask("ah 10s JK", size=3) == mask
    assert PACK_21.indices(parse_cards("Ah Ts Jk")) == [17, 0, 20]
    assert PACK_21.format(parse_cards("Jk Ah Ts")) == "Ts Ah Jk"
    assert PACK_21.mask([]) == 0
    full = PACK_21.parse_mask(" ".join(CANONICAL_21), size=21)
    assert full == (1 << 21) - 1


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 20)))
def test_mask_round_trip(indices: set[int]) -> None:
    mask = sum(1 << i for i in indices)
    assert mask_indices(mask) == sorted(indices)
    cards = PACK_21.cards_of(mask)
    assert PACK_21.mask(cards, size=len(indices)) == mask
    assert PACK_21.parse_mask(PACK_21.format_mask(mask), size=len(indices)) == mask
    assert PACK_21.format_mask(mask) == " ".join(CANONICAL_21[i] for i in sorted(indices))


@pytest.mark.parametrize("text", ["Ts Ts", "Ts ts", "Ts 10s", "Ah Kd Jk jk", "Qh Qd QH"])
def test_duplicates_raise(text: str) -> None:
    with pytest.raises(InvalidHandError):
        PACK_21.parse_mask(text)
    with pytest.raises(InvalidHandError):
        PACK_21.mask(parse_cards(text))
    with pytest.raises(InvalidHandError):
        PACK_21.indices(parse_cards(text))


@pytest.mark.parametrize(("text", "size"), [("Ts Js", 3), ("Ts Js Qs", 2), ("", 5), ("Jk", 0)])
def test_wrong_size_raises(text: str, size: int) -> None:
    with pytest.raises(InvalidHandError):
        PACK_21.parse_mask(text, size=size)
    with pytest.raises(InvalidHandError):
        PACK_21.mask(parse_cards(text), size=size)
    with pytest.raises(InvalidHandError):
        PACK_21.indices(parse_cards(text), size=size)


@pytest.mark.parametrize("token", ["2s", "9h", "8c"])
def test_card_outside_pack_raises(token: str) -> None:
    card = Card.parse(token)
    assert card not in PACK_21
    with pytest.raises(InvalidHandError) as info:
        PACK_21.index(card)
    assert token in str(info.value)
    with pytest.raises(InvalidHandError):
        PACK_21.mask([card])
    with pytest.raises(InvalidHandError):
        PACK_21.parse_mask(f"Ts {token}")
    with pytest.raises(InvalidHandError):
        STANDARD_52.index(JOKER)


def test_bad_notation_in_mask_text_raises_notation_error() -> None:
    with pytest.raises(InvalidNotationError) as info:
        PACK_21.parse_mask("Ts Xz Jk")
    assert "Xz" in str(info.value)


def test_duplicate_error_names_card() -> None:
    with pytest.raises(InvalidHandError) as info:
        PACK_21.parse_mask("Qh Kd qh")
    assert "Qh" in str(info.value)

"""The split-pot showdown (``divided.hands.poker.showdown``): pot arithmetic, odd chips and
errors, with tiny made-up ranking systems so every expectation is worked out by hand here."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest

from divided.cards import JOKER_1, STANDARD_52, STANDARD_54, Card, Pack
from divided.errors import DividedError, InvalidHandError
from divided.hands.poker.showdown import Entry, ShowdownError, showdown
from divided.hands.poker.suits import SUIT_ORDERS
from divided.hands.value import HandCategory, HandRank, RankingSystem


class ToyCategory(HandCategory):
    NO_LOW = -1
    HAND = 0


def _ranks(cards: Sequence[Card]) -> list[int]:
    return [int(card.rank) if card.rank is not None else 0 for card in cards]


class ToyHigh:
    """Toy high: the bigger the sum of the ranks (ace 14), the better; any 2 to 7 cards."""

    name = "toy-high"
    pack: Pack = STANDARD_54
    sizes = (2, 3, 4, 5, 6, 7)
    categories = ToyCategory

    def strength(self, cards: Sequence[Card]) -> int:
        if len(cards) not in self.sizes:
            raise InvalidHandError(f"toy hands have 2 to 7 cards, got {len(cards)}")
        return sum(_ranks(cards))

    def rank(self, cards: Sequence[Card]) -> HandRank[ToyCategory]:
        return self.rank_of(self.strength(cards))

    def rank_of(self, order: int) -> HandRank[ToyCategory]:
        return HandRank(self.name, order, ToyCategory.HAND, f"sum {order}")

    def rank_batch(self, indices: npt.ArrayLike) -> npt.NDArray[np.int32]:
        rows = np.asarray(indices)
        return np.array([self.strength([self.pack[int(i)] for i in row]) for row in rows], dtype=np.int32)


class ToyLow(ToyHigh):
    """Toy low (aces low): the smaller the sum the better; no low if a card is above an eight."""

    def __init__(self, name: str = "toy-low") -> None:
        self.name = name

    def strength(self, cards: Sequence[Card]) -> int:
        low = [1 if rank == 14 else rank for rank in _ranks(cards)]
        if max(low) > 8:
            return 0
        return 1000 - sum(low)

    def rank_of(self, order: int) -> HandRank[ToyCategory]:
        category = ToyCategory.NO_LOW if order == 0 else ToyCategory.HAND
        return HandRank(self.name, order, category, "no low" if order == 0 else f"low sum {1000 - order}")


HIGH = ToyHigh()
LOW = ToyLow()


def test_the_toys_are_ranking_systems() -> None:
    assert isinstance(HIGH, RankingSystem) and isinstance(LOW, RankingSystem)


def both(player: str, cards: str) -> Entry:
    return Entry(player, high=cards, low=cards)


def test_high_and_low_split_the_odd_chip_to_high() -> None:
    result = showdown([both("ann", "Ks Kh 9c"), both("bob", "2s 3s 4d")], 101, high=HIGH, low=LOW)
    assert result.high.winners == ("ann",) and result.high.rank is not None and result.high.rank.order == 35
    assert result.low.winners == ("bob",) and str(result.low.rank) == "low sum 9"
    assert (result.high.chips, result.low.chips) == (51, 50)
    assert dict(result.chips) == {"ann": 51, "bob": 50}
    assert result.scoop is None
    assert set(result.high.ranks) == set(result.low.ranks) == {"ann", "bob"}
    assert result.lines() == ["high (toy-high): sum 35 - ann 51", "low (toy-low): low sum 9 - bob 50"]


def test_no_qualifying_low_the_high_scoops() -> None:
    result = showdown([both("ann", "Ks Kh 9c"), both("bob", "2s 3s Td")], 101, high=HIGH, low=LOW)
    assert result.low.winners == () and result.low.rank is None and result.low.chips == 0
    assert dict(result.chips) == {"ann": 101, "bob": 0}
    assert result.scoop == "ann"
    assert result.lines() == ["high (toy-high): sum 35 - ann 101"]


def test_one_player_wins_both_halves() -> None:
    result = showdown([both("ann", "As 2s 3h"), both("bob", "Ks 9s 8h")], 7, high=HIGH, low=LOW)
    # ann: high sum 19 < bob's 30 but the only low (bob's has a nine and a king): 4 + 3
    assert dict(result.chips) == {"ann": 3, "bob": 4}
    result = showdown([both("ann", "8s 7s 6h"), both("bob", "2s 3s 4h")], 7, high=HIGH, low=LOW)
    assert dict(result.chips) == {"ann": 4, "bob": 3}
    # ann has the best high (21 > 14) and the only low (bob's nine spoils his): she scoops
    result = showdown([both("ann", "8s 7s 6h"), both("bob", "2d 3d 9h")], 7, high=HIGH, low=LOW)
    assert result.scoop == "ann" and dict(result.chips) == {"ann": 7, "bob": 0}


def test_tied_highs_odd_chip_to_the_highest_card_by_suit() -> None:
    # ann and cat tie for high at 26 (K+K / K+K); cat's best card Ks beats ann's Kh in the English order
    entries = [both("ann", "Kh Kd"), both("bob", "2c 3c"), both("cat", "Ks Kc")]
    result = showdown(entries, 103, high=HIGH, low=LOW)
    assert result.high.winners == ("ann", "cat") and result.high.chips == 52
    assert dict(result.high.shares) == {"cat": 26, "ann": 26}
    result = showdown(entries, 101, high=HIGH, low=LOW)  # high half 51: 26 + 25
    assert dict(result.high.shares) == {"cat": 26, "ann": 25}
    assert dict(result.chips) == {"ann": 25, "bob": 50, "cat": 26}
    # in Germany clubs are the best suit: ann's Kh (hearts) vs cat's Kc: cat; in Greece hearts: ann
    assert showdown(entries, 101, high=HIGH, low=LOW, suit_order=SUIT_ORDERS["germany"]).chips["cat"] == 26
    assert showdown(entries, 101, high=HIGH, low=LOW, suit_order=SUIT_ORDERS["greece"]).chips["ann"] == 26


def test_the_whole_holding_counts_not_only_the_hand() -> None:
    # equal high sums; ann's best card is the As in her low hand (two-hand game), bob's the Ks
    entries = [Entry("ann", high="Kc Qc", low="As 2d 3d"), Entry("bob", high="Ks Qd", low="9s Th Jh")]
    result = showdown(entries, 9, high=HIGH, low=LOW)
    assert result.high.winners == ("ann", "bob")
    assert result.low.winners == ("ann",)
    assert dict(result.high.shares) == {"ann": 3, "bob": 2}
    assert dict(result.chips) == {"ann": 7, "bob": 2}


def test_tied_lows_odd_chip_to_the_lowest_card_by_suit_ace_low() -> None:
    # equal lows (A-2-3 and A-2-3); the lowest card is an ace each: the Ah is below the As (English)
    entries = [both("ann", "As 2d 3d"), both("bob", "Ah 2c 3c"), both("cat", "Ks Qs Jd")]
    result = showdown(entries, 11, high=HIGH, low=LOW)
    assert result.low.winners == ("ann", "bob") and result.low.chips == 5
    assert dict(result.low.shares) == {"bob": 3, "ann": 2}
    assert dict(result.chips) == {"ann": 2, "bob": 3, "cat": 6}
    # under deuce-to-seven (a low system named "27...") the ace is high: the lowest cards are 2c and 2d
    result = showdown(entries, 11, high=HIGH, low=ToyLow("27-toy"))
    assert dict(result.low.shares) == {"bob": 3, "ann": 2}
    entries = [both("ann", "As 2c 3d"), both("bob", "Ah 2d 3c"), both("cat", "Ks Qs Jd")]
    assert dict(showdown(entries, 11, high=HIGH, low=LOW).low.shares) == {"bob": 3, "ann": 2}
    assert dict(showdown(entries, 11, high=HIGH, low=ToyLow("27-toy")).low.shares) == {"ann": 3, "bob": 2}


def test_several_odd_chips_one_each() -> None:
    entries = [Entry("ann", high="Th 9h"), Entry("bob", high="Ts 9d"), Entry("cat", high="Td 9s"), Entry("dan", high="2c 3c")]
    result = showdown(entries, 11, high=HIGH)
    assert result.high.winners == ("ann", "bob", "cat")
    assert dict(result.high.shares) == {"bob": 4, "ann": 4, "cat": 3}  # Ts > Th > Td
    assert result.chips["dan"] == 0 and sum(result.chips.values()) == 11
    seat = showdown(entries, 11, high=HIGH, odd_chip="seat")
    assert dict(seat.high.shares) == {"ann": 4, "bob": 4, "cat": 3}
    reversed_seats = showdown(entries[::-1], 11, high=HIGH, odd_chip="seat")
    assert dict(reversed_seats.high.shares) == {"cat": 4, "bob": 4, "ann": 3}
    assert list(reversed_seats.chips) == ["dan", "cat", "bob", "ann"]


def test_one_side_only_entries() -> None:
    entries = [Entry("ann", high="Ks Kh"), Entry("bob", low="2s 3s"), Entry("cat", low="4s 5s")]
    result = showdown(entries, 9, high=HIGH, low=LOW)
    assert set(result.high.ranks) == {"ann"} and set(result.low.ranks) == {"bob", "cat"}
    assert dict(result.chips) == {"ann": 5, "bob": 4, "cat": 0}
    # nobody for high: the low takes the pot; no qualifying low either: nobody can win
    assert dict(showdown(entries[1:], 9, high=HIGH, low=LOW).chips) == {"bob": 9, "cat": 0}
    with pytest.raises(ShowdownError, match="nobody can win"):
        showdown([Entry("bob", low="Ks Qs")], 9, high=HIGH, low=LOW)


def test_board_cards_are_shared() -> None:
    # each hand is the player's cards and the board; the odd chip ignores the board
    result = showdown([both("ann", "Kh"), both("bob", "Ks")], 5, high=HIGH, low=LOW, board="2c 3c")
    assert result.high.winners == ("ann", "bob") and result.high.rank is not None
    assert result.high.rank.order == 13 + 2 + 3
    assert result.low.winners == ()  # the kings spoil both lows
    assert dict(result.high.shares) == {"bob": 3, "ann": 2}
    with pytest.raises(InvalidHandError, match=r"2c is shown 2 times \(by the board, ann\)"):
        showdown([both("ann", "Kh 2c"), both("bob", "Ks")], 5, high=HIGH, board="2c 3c", low=LOW)


def test_jokers_do_not_take_odd_chips() -> None:
    # sums: ann 0 (the toy counts a Joker as 0) + 13 + 2, bob 13 + 2: a tie
    entries = [Entry("ann", high=[JOKER_1, Card.parse("Kc"), Card.parse("2d")]), Entry("bob", high="Ks 2c")]
    result = showdown(entries, 3, high=HIGH)
    assert result.high.winners == ("ann", "bob")
    assert dict(result.high.shares) == {"bob": 2, "ann": 1}


def test_two_decks_allow_a_card_twice() -> None:
    entries = [Entry("ann", high="As As"), Entry("bob", high="As Ah")]
    with pytest.raises(InvalidHandError, match=r"As is shown 3 times \(by ann, bob\).*only twice"):
        showdown(entries, 3, high=HIGH, decks=2)
    entries = [Entry("ann", high="As Kh"), Entry("bob", high="As Kh")]
    with pytest.raises(InvalidHandError, match="only once"):
        showdown(entries, 3, high=HIGH)
    result = showdown(entries, 3, high=HIGH, decks=2)
    assert dict(result.high.shares) == {"ann": 2, "bob": 1}  # identical cards: the seat order decides


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pot": -1}, "the pot is a whole number of chips"),
        ({"pot": 2.5}, "the pot is a whole number of chips"),
        ({"pot": True}, "the pot is a whole number of chips"),
        ({"odd_chip": "button"}, "odd_chip is one of cards, seat"),
        ({"decks": 3}, "decks is 1 or 2"),
        ({"suit_order": "english"}, "suit_order is a SuitOrder"),
        ({"entries": []}, "at least one entry"),
        ({"entries": "ann"}, "entries is a list"),
        ({"entries": [("ann", "Ks Kh")]}, "each entry is an Entry"),
        ({"entries": [Entry("", high="Ks Kh")]}, "non-empty string"),
        ({"entries": [Entry("ann", high="Ks Kh"), Entry("ann", low="2s 3s")]}, "'ann' has two entries"),
        ({"entries": [Entry("ann")]}, "'ann' enters no hand"),
        ({"entries": [Entry("ann", low="2s 3s")], "low": None}, "no low side"),
        ({"entries": [Entry("ann", high="Ks Kh", low="Ks 2s 3s")]}, "Ks is shown 2 times"),
        ({"entries": [Entry("ann", high="Ks Kh"), Entry("bob", high="Kh Kd")]}, r"Kh is shown 2 times \(by ann, bob\)"),
        ({"entries": [Entry("ann", high="Ks"), Entry("bob", high="Kh Kd")]}, "ann's high hand: toy hands have 2 to 7"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"entries": [both("ann", "Ks Kh"), both("bob", "2s 3s")], "pot": 10, "high": HIGH, "low": LOW}
    arguments.update(kwargs)
    with pytest.raises(DividedError, match=message):
        showdown(**arguments)  # type: ignore[arg-type]


def test_bad_cards_in_an_entry() -> None:
    with pytest.raises(DividedError, match="'Xx' is not a card"):
        Entry("ann", high="Ks Xx")
    with pytest.raises(ShowdownError, match="a hand is cards or a string of cards"):
        Entry("ann", high=["Ks"])  # type: ignore[list-item]


def test_random_showdowns_add_up() -> None:
    """Invariants over random deals: the chips sum to the pot; a side's winners are exactly the
    best eligible hands and share its chips within one chip, the higher shares first in the
    odd-chip order; nobody else takes chips from it."""
    rng = random.Random(14)
    for _ in range(400):
        players = rng.randint(1, 6)
        deal = rng.sample(STANDARD_52.cards, 4 * players)
        entries = []
        for seat in range(players):
            cards = deal[4 * seat : 4 * seat + 4]
            kind = rng.choice(("both", "both", "high", "low", "two"))
            if kind == "two":  # a two-hand game: two cards for high, two others for low
                entries.append(Entry(f"p{seat}", high=cards[:2], low=cards[2:]))
            else:
                high, low = (cards[:3] if kind != "low" else None), (cards[:3] if kind != "high" else None)
                entries.append(Entry(f"p{seat}", high=high, low=low))
        pot = rng.randint(0, 40)
        try:
            result = showdown(entries, pot, high=HIGH, low=LOW, odd_chip=rng.choice(("cards", "seat")))
        except ShowdownError as error:
            assert "nobody can win" in str(error)
            continue
        assert sum(result.chips.values()) == pot
        for side, others in ((result.high, result.low), (result.low, result.high)):
            eligible = {p: r for p, r in side.ranks.items() if r.category != ToyCategory.NO_LOW}
            if eligible:
                top = max(r.order for r in eligible.values())
                assert set(side.winners) == {p for p, r in eligible.items() if r.order == top}
                assert side.chips == (pot if not others.winners else pot - pot // 2 if side.name == "high" else pot // 2)
                shares = list(side.shares.values())
                assert sum(shares) == side.chips and max(shares) - min(shares) <= 1
                assert shares == sorted(shares, reverse=True)
            else:
                assert side.winners == () and side.chips == 0 and not side.shares


# --- with the real ranking systems ------------------------------------------------------------


def test_real_lows_qualifier_and_ace_convention() -> None:
    from divided.hands.poker import system

    eight = system("a5", qualifier=8)
    # a nine-high low does not qualify under eight or better: the high scoops
    entries = [both("ann", "Ks Kh Kd 2c 3c"), both("bob", "9s 7h 5d 3h 2h")]
    result = showdown(entries, 10, high=HIGH, low=eight)
    assert result.low.winners == () and str(result.low.ranks["bob"]) == "No qualifying low"
    assert result.scoop == "ann"
    # without the qualifier bob's nine-seven is the better low (ann's kings pair)
    assert showdown(entries, 10, high=HIGH, low=system("a5")).low.winners == ("bob",)
    # tied lows: the odd chip to the lowest card by suit (here the 2c, below the 2d)
    entries = [both("ann", "7s 5s 4h 3h 2c"), both("bob", "7h 5h 4s 3s 2d")]
    result = showdown(entries, 7, high=HIGH, low=system("27"))
    assert result.low.winners == ("ann", "bob") and result.low.chips == 3
    assert dict(result.low.shares) == {"ann": 2, "bob": 1}
    # A-K-Q-J-9 twice: deuce-to-seven plays the ace high, so the lowest cards are the nines (9h, bob's);
    # ace-to-five plays it low, so they are the aces (Ah, ann's)
    entries = [both("ann", "Ah Ks Qs Jd 9s"), both("bob", "As Kh Qh Jc 9h")]
    assert dict(showdown(entries, 7, high=HIGH, low=system("27")).low.shares) == {"bob": 2, "ann": 1}
    assert dict(showdown(entries, 7, high=HIGH, low=system("a5")).low.shares) == {"ann": 2, "bob": 1}


def test_henway_two_hands_each_with_real_systems() -> None:
    from divided.hands.poker import system

    high, low = system("high"), system("a5", qualifier=8)
    entries = [
        Entry("ann", high="9s Ts Js Qs Ks", low="7c 5d 4h 3s 2c"),  # straight flush; seven-five low
        Entry("bob", high="9h Th Jh Qh Kh", low="7d 5h 4s 3c 2d"),  # the same straight flush and low
        Entry("cat", high="Ac Ad Ah As 8d", low="8h 7h 6c 5c 4d"),  # four aces; eight-high low
    ]
    result = showdown(entries, 25, high=high, low=low)
    assert result.high.winners == ("ann", "bob") and str(result.high.rank) == "Straight Flush, king-high"
    assert result.low.winners == ("ann", "bob") and str(result.low.rank) == "Seven-high low: 7-5-4-3-2"
    # high half 13: 7 to ann (Ks above Kh: her highest card), 6 to bob; low half 12: 6 each
    assert dict(result.high.shares) == {"ann": 7, "bob": 6}
    assert dict(result.low.shares) == {"ann": 6, "bob": 6}
    assert dict(result.chips) == {"ann": 13, "bob": 12, "cat": 0}
    # in Greece hearts outrank spades: bob's Kh takes the odd chip
    assert dict(showdown(entries, 25, high=high, low=low, suit_order=SUIT_ORDERS["greece"]).chips) == {
        "ann": 12, "bob": 13, "cat": 0,
    }
    # cat alone for low at 15 chips: cat's eight-high low wins low, the tied straight flushes split 8
    result = showdown([Entry("ann", high="9s Ts Js Qs Ks"), Entry("bob", high="9h Th Jh Qh Kh"), entries[2]], 15,
                      high=high, low=low)
    assert dict(result.chips) == {"ann": 4, "bob": 4, "cat": 7}


def test_stud_high_low_with_real_systems() -> None:
    from divided.hands.poker import system

    high, low = system("high"), system("a5", qualifier=8)
    # seven-card stud eight or better: one holding for both sides; nobody has a low: ann scoops
    entries = [both("ann", "Ac Ad As Kh Kd 9c 9d"), both("bob", "Qs Qh Jc Jd Tc 9h 9s")]
    result = showdown(entries, 40, high=high, low=low)
    assert str(result.high.rank) == "Full House, aces over kings" and result.scoop == "ann"
    assert {str(rank) for rank in result.low.ranks.values()} == {"No qualifying low"}
    # an incomplete-hand high (a high system takes one to seven cards): Tc Td Kh beats Th Ts 6c 2d
    result = showdown([Entry("ann", high="Tc Td Kh"), Entry("bob", high="Th Ts 6c 2d")], 3, high=high)
    assert dict(result.chips) == {"ann": 3, "bob": 0}

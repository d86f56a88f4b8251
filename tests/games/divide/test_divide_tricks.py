"""DIVIDE's tricks, case by case from the rules text: the trump hierarchy, ruling D4's full order
(needed for 2nd and 3rd place) and D5's follow-suit with the Jokers.

Every case is written by hand: the cards of a trick in playing order in, the finishing order
worked out from the rules out. A sampled cross-check compares the engine with a second reading of
D4 written here as a "does card a finish above card b" rule (not the engine's sort keys).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from divided.cards import STANDARD_54
from divided.games.divide.tricks import finishing_order, finishing_seats, lead_suit, playable


def card(text: str) -> int:
    return STANDARD_54.index(STANDARD_54.parse_card(text))


def cards(text: str) -> list[int]:
    return [card(t) for t in text.split()]


def names(indices: list[int]) -> str:
    return " ".join(str(STANDARD_54[i]) for i in indices)


def order(played: str, trump: int | None) -> str:
    return names(finishing_order(cards(played), trump))


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def allowed(hand: str, played: str) -> set[str]:
    chosen = playable(mask(hand), cards(played))
    return {str(STANDARD_54[c]) for c in range(54) if chosen >> c & 1}


# (played in order, Trump Rank, expected order from 1st to last, the sentence it checks)
ORDER_CASES = [
    # "otherwise the highest card of the lead suit wins"; Ranks: Ace high to 2 low
    ("9h Ah 2s Kc", None, "Ah 9h Kc 2s", "no trump: the lead suit by rank, then the rest by rank"),
    ("2s As Ts Js", None, "As Js Ts 2s", "ace high, two low"),
    ("Td Ah Kh Qh", None, "Td Ah Kh Qh", "no card of the lead suit but the led one: it wins"),
    ("Td Ah Kh Qh", 3, "Td Ah Kh Qh", "a Trump Rank nobody played changes nothing"),
    # "the highest card is any card that matches both the lead suit and the Trump Rank"
    ("9h 7s 7h Ah", 7, "7h 7s Ah 9h", "the lead-suit Trump-Rank card first, above an off-suit trump of higher suit"),
    ("7c Ac 7d", 7, "7c 7d Ac", "the led card is the lead-suit trump"),
    # D4 (a): "then the others by suit priority" (Spades > Hearts > Diamonds > Clubs)
    ("9d 7c 7h 7s", 7, "7s 7h 7c 9d", "off-suit trumps by suit priority"),
    ("2d 7c 7d 7s", 7, "7d 7s 7c 2d", "lead-suit trump, then spades, then clubs"),
    ("Kc 7d 7h", 7, "7h 7d Kc", "hearts above diamonds among off-suit trumps"),
    # "played out of suit, any card of the Trump Rank beats any card of the lead suit"
    ("Ad 2c Kd Qd", 2, "2c Ad Kd Qd", "the lowest rank as trump beats the lead suit's ace"),
    ("Ah Kh 3s Qh", 3, "3s Ah Kh Qh", "an off-suit trump beats the lead suit"),
    # "Jokers (6 players only) beat non-trumps but lose to any trump"
    ("Ah Jk1 5h 3c 5s Kh", 5, "5h 5s Jk1 Ah Kh 3c", "a Joker under the trumps, above the lead suit"),
    ("Kh Jk1 Ah", 3, "Jk1 Ah Kh", "a Joker beats the lead suit when no trump card is down"),
    ("3d Jk2 Jk1 Ad", 9, "Jk2 Jk1 Ad 3d", "D4 (b): Jokers, earlier-played first (Jk2 before Jk1)"),
    ("Jk1 2c 4s Jk2 2h As", 2, "2c 2h Jk1 Jk2 As 4s", "a led Joker below every trump, above the rest"),
    # D5: "With No Trump active, a Joker beats every other card (earlier-played Joker first)"
    ("Ah Jk2 Kh Jk1 As 2h", None, "Jk2 Jk1 Ah Kh 2h As", "no trump: both Jokers first, in playing order"),
    ("Jk1 Ah Kh 2s 3c 4d", None, "Jk1 Ah Kh 4d 3c 2s", "no trump: a led Joker wins"),
    # D5: "If a Joker is led, the first non-Joker card played sets the lead suit"
    ("Jk1 9c Ac 9s 2c Kd", None, "Jk1 Ac 9c 2c Kd 9s", "a led Joker: clubs from the second card"),
    ("Jk1 9c Ac 9s 2c Kd", 9, "9c 9s Jk1 Ac 2c Kd", "a led Joker, trump 9: 9c is the lead-suit trump"),
    ("Jk2 Jk1 5d As Ad 2d", None, "Jk2 Jk1 Ad 5d 2d As", "two Jokers led: diamonds from the third card"),
    ("Jk2 Jk1 5d As Ad 2d", 5, "5d Jk2 Jk1 Ad 2d As", "two Jokers led under trump 5"),
    # D4 (d): "all other cards by rank, ties by suit priority" -- 2nd and 3rd among equal ranks
    ("4h Qs Qd Qc", None, "4h Qs Qd Qc", "2nd and 3rd among off-suit queens: spades, then diamonds"),
    ("4h Qc Qd Qs", None, "4h Qs Qd Qc", "the same whatever order they were played in"),
    ("2h Kc Ks Kh", None, "Kh 2h Ks Kc", "lead suit by rank, then off-suit kings by suit"),
    ("5c 9d 9h 8s", None, "5c 9h 9d 8s", "off-suit cards: rank first, then suit priority"),
    ("5c 9d 9h 8s Jk1 9s", None, "Jk1 5c 9s 9h 9d 8s", "six players, no trump: Joker, lead suit, nines by suit"),
    ("6s 9d 9h 8c", 8, "8c 6s 9h 9d", "the only trump is a club: it still finishes first"),
]


@pytest.mark.parametrize(("played", "trump", "expected", "why"), ORDER_CASES, ids=[c[3] for c in ORDER_CASES])
def test_finishing_order_follows_the_trump_hierarchy(played: str, trump: int | None, expected: str, why: str) -> None:
    assert order(played, trump) == expected, why


def test_finishing_seats_follow_the_playing_order_from_the_leader() -> None:
    # seat 2 leads a 4-player trick; seats follow clockwise 3, 0, 1
    plays = [(2, card("9d")), (3, card("7c")), (0, card("Ad")), (1, card("7h"))]
    assert finishing_seats(plays, trump=7) == (1, 3, 0, 2)
    assert finishing_seats(plays, trump=None) == (0, 2, 1, 3)  # Ad, 9d, then 7h above 7c
    # two Jokers at six players: the earlier-played one (seat 5, playing second) is first
    plays = [(4, card("2c")), (5, card("Jk2")), (0, card("3c")), (1, card("Jk1")), (2, card("Kc")), (3, card("Ah"))]
    assert finishing_seats(plays, trump=None) == (5, 1, 2, 0, 4, 3)
    assert finishing_seats(plays, trump=14) == (3, 5, 1, 2, 0, 4)


def test_the_lead_suit_comes_from_the_first_card_that_is_not_a_joker() -> None:
    assert lead_suit(cards("Jk1 Jk2 4d 5s")) == lead_suit(cards("4d")) == 2
    assert lead_suit(cards("Jk2")) is None and lead_suit([]) is None


# (hand, trick so far, the cards that may be played, the sentence it checks)
FOLLOW_CASES = [
    ("7h 7s Kd 2h", "9h", "7h 2h", "must follow; a Trump-Rank card of another suit (7s) does not follow"),
    ("7s Kd Jk1", "9h", "7s Kd Jk1", "unable to follow: any card, Joker included"),
    ("Jk1 3h Ks", "9h", "3h", "a Joker only when unable to follow"),
    ("Jk1 Jk2 Ks", "9h", "Jk1 Jk2 Ks", "no heart: either Joker or anything"),
    ("3h Ks Jk2", "", "3h Ks Jk2", "leading: any card, a Joker too"),
    ("3h Ks Jk2", "Jk1", "3h Ks Jk2", "after a led Joker the next card is free"),
    ("3h Kc Jk2 4c", "Jk1 4s", "3h Kc Jk2 4c",
     "a led Joker then 4s: spades set, no spade in hand, any card"),
    ("3h Kc Jk2 4s", "Jk1 2c", "Kc", "a led Joker then 2c: later players must follow clubs"),
    ("3h Kc 4s", "Jk1 Jk2", "3h Kc 4s", "only Jokers down: no lead suit yet"),
    ("Ah", "Kd Qd", "Ah", "a single card must be played"),
    ("2d 3d Ac", "Ks Jk1 Qs", "2d 3d Ac", "no spade: free"),
    ("2s 3d Ac", "Jk2 Ks Jk1", "2s", "a Joker later in the trick does not change the lead suit"),
]


@pytest.mark.parametrize(("hand", "played", "expected", "why"), FOLLOW_CASES, ids=[c[3] for c in FOLLOW_CASES])
def test_follow_suit(hand: str, played: str, expected: str, why: str) -> None:
    assert allowed(hand, played) == set(expected.split()), why


# -- a second reading of D4, as a pairwise rule, against the engine on sampled tricks -------------
def above(a: tuple[int, int], b: tuple[int, int], lead: int | None, trump: int | None) -> bool:
    """Does card ``a`` (position, card) finish above card ``b``? Read from D4 sentence by sentence."""
    (pa, ca), (pb, cb) = a, b
    ja, jb = ca >= 52, cb >= 52
    ra, rb = (0 if ja else ca // 4 + 2), (0 if jb else cb // 4 + 2)
    sa, sb = (-1 if ja else ca % 4), (-1 if jb else cb % 4)
    ta, tb = trump is not None and ra == trump, trump is not None and rb == trump
    if ta != tb:  # (a) a Trump-Rank card above everything else
        return ta
    if ta and tb:  # (a) the lead suit's first, then by suit priority (spades first: suit 0)
        if (sa == lead) != (sb == lead):
            return sa == lead
        return sa < sb
    if ja != jb:  # (b) Jokers above every card that is not a trump
        return ja
    if ja and jb:  # (b) the earlier-played Joker first
        return pa < pb
    if (sa == lead) != (sb == lead):  # (c) lead-suit cards above the others
        return sa == lead
    if ra != rb:  # (c), (d) by rank
        return ra > rb
    return sa < sb  # (d) ties by suit priority


@pytest.mark.parametrize("tricks", [pytest.param(3000, id="sample"),
                                    pytest.param(100_000, id="sweep", marks=pytest.mark.slow)])
@pytest.mark.parametrize("players", [4, 6])
def test_the_engine_agrees_with_a_pairwise_reading_of_d4_on_sampled_tricks(players: int, tricks: int) -> None:
    rng = random.Random(f"{players} {tricks}")
    deck = list(range(52 if players == 4 else 54))
    for _ in range(tricks):
        played = rng.sample(deck, players)
        if players == 6 and rng.random() < 0.3:  # more led Jokers than chance gives
            played = [52, *(c for c in played if c != 52)][:players]
        trump = rng.choice([None, *range(2, 15)])
        lead = next((c % 4 for c in played if c < 52), None)
        result = finishing_order(played, trump)
        positions = {c: i for i, c in enumerate(played)}
        for first, second in combinations(result, 2):  # every card above every later one
            assert above((positions[first], first), (positions[second], second), lead, trump), (
                names(played), trump, names(result))

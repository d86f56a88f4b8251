"""Cards and tricks of DIVIDE: follow-suit (ruling D5) and the full finishing order of a trick
under the trump hierarchy (ruling D4).

Cards are indices of the 54-card deck (:data:`divided.cards.STANDARD_54`): ``4 * (rank - 2) +
suit`` for the 52 ranked cards (suits s h d c as 0..3) and 52, 53 for the Jokers ``Jk1`` and
``Jk2``. A Trump Rank is a rank 2..14, or ``None`` for No Trump.

>>> from divided.cards import STANDARD_54
>>> cards = [STANDARD_54.index(STANDARD_54.parse_card(c)) for c in ("9h", "7s", "Ah", "7d")]
>>> [STANDARD_54[c] for c in finishing_order(cards, trump=None)]  # the lead suit, then by rank
[Card.parse('Ah'), Card.parse('9h'), Card.parse('7s'), Card.parse('7d')]
>>> [str(STANDARD_54[c]) for c in finishing_order(cards, trump=7)]  # sevens first, spades first
['7s', '7d', 'Ah', '9h']
"""

from __future__ import annotations

from collections.abc import Sequence

from divided.cards import STANDARD_54

JOKERS = (52, 53)
JOKER_MASK = (1 << 52) | (1 << 53)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
"""The cards of each suit (s h d c) as masks over the 54-card deck."""
RANK_MASKS: dict[int, int] = {rank: sum(1 << (4 * (rank - 2) + s) for s in range(4)) for rank in range(2, 15)}
"""The four cards of each rank 2..14 as masks."""


def is_joker(card: int) -> bool:
    return card >= 52


def rank_of(card: int) -> int:
    """The rank 2..14 of a ranked card (0 for a Joker)."""
    return 0 if card >= 52 else card // 4 + 2


def suit_of(card: int) -> int:
    """The suit 0..3 (s h d c) of a ranked card (-1 for a Joker)."""
    return -1 if card >= 52 else card % 4


def suit_priority(suit: int) -> int:
    """Spades > Hearts > Diamonds > Clubs, as 3..0."""
    return 3 - suit


def rank_name(rank: int | None) -> str:
    """``'7'``, ``'A'``, or ``'No Trump'`` for ``None``."""
    if rank is None:
        return "No Trump"
    return "23456789TJQKA"[rank - 2]


def card_text(card: int) -> str:
    return str(STANDARD_54[card])


def lead_suit(played: Sequence[int]) -> int | None:
    """The suit of the first non-Joker card played (ruling D5: a led Joker leaves the suit to the
    next card), or ``None`` while only Jokers are down."""
    for card in played:
        if card < 52:
            return card % 4
    return None


def playable(hand: int, played: Sequence[int]) -> int:
    """The cards of ``hand`` (a mask) that may be played to a trick whose cards so far are
    ``played``: a player holding the lead suit must play it (a Trump-Rank card of another suit or
    a Joker does not follow); otherwise any card."""
    suit = lead_suit(played)
    if suit is None:
        return hand
    following = hand & SUIT_MASKS[suit]
    return following if following else hand


def trick_key(card: int, position: int, lead: int | None, trump: int | None) -> tuple[int, int, int]:
    """A sort key (bigger finishes higher) for the card played ``position``-th (0 = led) under
    ruling D4: cards of the Trump Rank (the lead suit's first, then by suit priority), Jokers
    (earlier played first), lead-suit cards by rank, all other cards by rank then suit priority."""
    if card >= 52:
        return (2, -position, 0)
    rank, suit = card // 4 + 2, card % 4
    if trump is not None and rank == trump:
        return (3, 1 if suit == lead else 0, suit_priority(suit))
    if suit == lead:
        return (1, rank, 0)
    return (0, rank, suit_priority(suit))


def finishing_order(played: Sequence[int], trump: int | None) -> list[int]:
    """The trick's cards from 1st to last (``played`` in playing order, led card first)."""
    lead = lead_suit(played)
    keyed = sorted(range(len(played)), key=lambda i: trick_key(played[i], i, lead, trump), reverse=True)
    return [played[i] for i in keyed]


def finishing_seats(plays: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, ...]:
    """The seats from 1st to last for a trick given as (seat, card) pairs in playing order."""
    cards = [card for _, card in plays]
    lead = lead_suit(cards)
    keyed = sorted(range(len(plays)), key=lambda i: trick_key(cards[i], i, lead, trump), reverse=True)
    return tuple(plays[i][0] for i in keyed)

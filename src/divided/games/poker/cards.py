"""Cards of the poker engine: ints, and sets of them as bit masks.

Ints 0..51 are the indices of :data:`divided.cards.STANDARD_52` (rank by rank from the twos up,
suits s h d c inside a rank). A game's deck (:data:`DECKS`, the variant's ``deck``) says which
ints it deals: ``one`` the 52 cards; ``two`` two decks shuffled together (SD3), whose second
copy of card ``c`` is ``c + 52`` and is written with a prime (``As'``): distinct for dealing,
the same card for ranking; ``jokers`` the 52 cards and two jokers, ``104`` and ``105``
(``Jk1``, ``Jk2``: Assassin AS5). Every int means the same card in every deck, so masks, names
and ranks need no deck to be read.

>>> name(0), name(51), rank_of(51), names(mask_of((0, 51)))
('2s', 'Ac', 14, ('2s', 'Ac'))
>>> name(103), rank_of(103), name(104), rank_of(104), deck_size("two"), deck_size("jokers")
("Ac'", 14, 'Jk1', 2, 104, 54)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from divided.cards import STANDARD_52, STANDARD_54, Card, mask_indices

DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
SECOND_COPY = 52
"""The offset of a card's second copy in a two-deck game (``As'`` is ``As + 52``)."""
JOKERS = (104, 105)
"""The two jokers' ints (decks with jokers)."""
CARD_SPAN = 106
"""One more than the highest card int of any deck (what a per-card table must cover)."""

DECKS: dict[str, int] = {
    "one": FULL_DECK,
    "two": (1 << (2 * DECK_SIZE)) - 1,
    "jokers": FULL_DECK | (1 << JOKERS[0]) | (1 << JOKERS[1]),
}
"""Every deck by name, as the mask of the card ints it holds."""

_JOKER_CARDS = (STANDARD_54[52], STANDARD_54[53])
CARDS: tuple[Card, ...] = (*STANDARD_52.cards, *STANDARD_52.cards, *_JOKER_CARDS)
"""The :class:`Card` of every card int (a second copy is the same card; a joker is a joker)."""
_NAMES: tuple[str, ...] = (*(str(card) for card in STANDARD_52.cards), *(f"{card}'" for card in STANDARD_52.cards),
                           *(str(card) for card in _JOKER_CARDS))
_RANKS: tuple[int, ...] = (*(c // 4 + 2 for c in range(DECK_SIZE)), *(c // 4 + 2 for c in range(DECK_SIZE)), 2, 2)
_BY_NAME: dict[str, int] = {text: card for card, text in enumerate(_NAMES)}


def deck_mask(deck: str) -> int:
    """The cards of the deck called ``deck`` as a mask."""
    try:
        return DECKS[deck]
    except KeyError:
        raise ValueError(f"no deck {deck!r}; decks: {', '.join(DECKS)}") from None


def deck_size(deck: str) -> int:
    """How many cards the deck called ``deck`` holds."""
    return deck_mask(deck).bit_count()


def name(card: int) -> str:
    """The card in the project's notation (``Ah``; a second copy ``Ah'``; a joker ``Jk1``)."""
    return _NAMES[card]


def names(mask: int) -> tuple[str, ...]:
    """The cards of a mask in notation, lowest index first."""
    return tuple(_NAMES[c] for c in mask_indices(mask))


def rank_of(card: int) -> int:
    """The card's rank, 2 to 14 (ace); a second copy ranks as its first; a joker reads as a 2
    (Assassin AS5: each acts exactly as a 2; a game with wild jokers reads them itself)."""
    return card // 4 + 2 if card < DECK_SIZE else _RANKS[card]


def ranking_index(card: int) -> int:
    """The card's index in the 52-card pack for the ranking library: a second copy is its
    first copy (SD3: equal for ranking), a joker the 2 of its position's suit (``Jk1`` 2s,
    ``Jk2`` 2h: Assassin reads a joker exactly as a 2)."""
    if card < DECK_SIZE:
        return card
    return card - SECOND_COPY if card < 2 * DECK_SIZE else card - JOKERS[0]


def is_copy(card: int) -> bool:
    """Whether ``card`` is the second copy of a two-deck card."""
    return DECK_SIZE <= card < 2 * DECK_SIZE


def mask_of(cards: Iterable[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def as_cards(cards: Sequence[int]) -> list[Card]:
    """The :class:`Card` objects of card ints (what the ranking library takes)."""
    return [CARDS[c] for c in cards]


def parse(text: str) -> tuple[int, ...]:
    """Card ints from notation (``"Ah Kd"``; ``"Ah'"`` a second copy, ``"Jk1"`` a joker), in
    the order written."""
    out: list[int] = []
    for word in text.split():
        card = _BY_NAME.get(word)
        if card is None:
            out.extend(STANDARD_52.index(c) for c in STANDARD_52.parse_cards(word))  # raises, naming it
        else:
            out.append(card)
    return tuple(out)


__all__ = ["CARDS", "CARD_SPAN", "DECKS", "DECK_SIZE", "FULL_DECK", "JOKERS", "SECOND_COPY", "as_cards", "deck_mask",
           "deck_size", "is_copy", "mask_indices", "mask_of", "name", "names", "parse", "rank_of", "ranking_index"]

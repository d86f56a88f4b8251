"""Action numbering of Card Commons, shared by the engine, the bots and every adapter.

A turn's action is one number that names the action and its cards (a *flat* numbering): the
first turn of a round has at most 7 + 21 + 35 + 105 = 168 legal actions, few enough for search
and for OpenSpiel's and PettingZoo's action masks, and a move never needs a half-chosen state.
Card sets are numbered by their *colex* rank over the card indices of the 21-card pack (the set
``{a < b < c}`` is ``C(c, 3) + C(b, 2) + a``), the same order in every block.

Player actions (``NUM_DISTINCT_ACTIONS`` = 21,077):

==============  ================================================================
0-20            reserve card ``n``
21-230          discard the pair ``n - 21``
231-1560        offer the three cards ``n - 231``
1561-19515      offer two sets: the four cards ``(n - 1561) // 3``, split by
                pairing ``(n - 1561) % 3`` (sorted a < b < c < d: 0 = ab|cd,
                1 = ac|bd, 2 = ad|bc)
19516-19536     keep card ``n - 19516`` of an offer of three
19537-19746     keep the set (pair) ``n - 19537`` of an offer of two sets
19747-21076     build: the three-card hand is the three cards ``n - 19747``;
                the five-card hand is the rest of the Collection
==============  ================================================================

Chance outcomes (at most 21): the coin is ``0`` or ``1`` (the seat it picks); a dealt or drawn
card is its index.

>>> from divided.cards import PACK_21
>>> m = PACK_21.parse_mask
>>> offer_three(m("As Ks Qs")) - OFFER_THREE, decode(offer_sets(m("As Ks"), m("Qs Js"))).sets == (m("Qs Js"), m("As Ks"))
(634, True)
>>> describe(reserve(m("Jk")))
'reserve Jk'
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from math import comb

from divided.cards import PACK_21
from divided.errors import InvalidNotationError

CARDS = 21


class Kind(IntEnum):
    """The four actions of a turn (each usable once a round), then the replies and the build."""

    RESERVE = 0
    DISCARD = 1
    OFFER_THREE = 2
    OFFER_SETS = 3
    KEEP_CARD = 4
    KEEP_SET = 5
    BUILD = 6

    @property
    def words(self) -> str:
        """The action's name in the rules' words."""
        return _WORDS[self]


_WORDS = {Kind.RESERVE: "Reserve 1", Kind.DISCARD: "Discard 2", Kind.OFFER_THREE: "Offer 3",
          Kind.OFFER_SETS: "Offer 2 Sets", Kind.KEEP_CARD: "keep a card", Kind.KEEP_SET: "keep a set",
          Kind.BUILD: "build"}
TURN_KINDS = (Kind.RESERVE, Kind.DISCARD, Kind.OFFER_THREE, Kind.OFFER_SETS)
"""The four actions a player uses once each per round."""
CARDS_USED = {Kind.RESERVE: 1, Kind.DISCARD: 2, Kind.OFFER_THREE: 3, Kind.OFFER_SETS: 4}
"""How many cards each turn action takes from the hand."""


def _sets_of(size: int) -> tuple[int, ...]:
    """Every ``size``-card mask in colex order."""
    out = sorted(combinations(range(CARDS), size), key=lambda cs: tuple(reversed(cs)))
    return tuple(sum(1 << c for c in cs) for cs in out)


PAIRS = _sets_of(2)
TRIPLES = _sets_of(3)
QUADS = _sets_of(4)
_PAIR_NUMBER = {mask: n for n, mask in enumerate(PAIRS)}
_TRIPLE_NUMBER = {mask: n for n, mask in enumerate(TRIPLES)}
_QUAD_NUMBER = {mask: n for n, mask in enumerate(QUADS)}
assert len(PAIRS) == comb(CARDS, 2) and len(TRIPLES) == comb(CARDS, 3) and len(QUADS) == comb(CARDS, 4)

RESERVE = 0
DISCARD = RESERVE + CARDS  # 21
OFFER_THREE = DISCARD + len(PAIRS)  # 231
OFFER_SETS = OFFER_THREE + len(TRIPLES)  # 1561
KEEP_CARD = OFFER_SETS + 3 * len(QUADS)  # 19516
KEEP_SET = KEEP_CARD + CARDS  # 19537
BUILD = KEEP_SET + len(PAIRS)  # 19747
NUM_DISTINCT_ACTIONS = BUILD + len(TRIPLES)  # 21077
MAX_CHANCE_OUTCOMES = CARDS
_STARTS = (RESERVE, DISCARD, OFFER_THREE, OFFER_SETS, KEEP_CARD, KEEP_SET, BUILD, NUM_DISTINCT_ACTIONS)


def _low_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _pairing(quad: int, pairing: int) -> tuple[int, int]:
    a, b, c, d = _low_bits(quad)
    first = (a | b, a | c, a | d)[pairing]
    return first, quad ^ first


@dataclass(frozen=True, slots=True)
class Move:
    """A decoded action: its kind and cards (masks). ``sets`` holds an offer of two sets (the
    set with the lowest card first)."""

    kind: Kind
    cards: int
    sets: tuple[int, int] | None = None


def reserve(card: int) -> int:
    """Reserve the one card of the mask ``card``."""
    return RESERVE + _one_card(card)


def discard(pair: int) -> int:
    return DISCARD + _number(_PAIR_NUMBER, pair, "two")


def offer_three(cards: int) -> int:
    return OFFER_THREE + _number(_TRIPLE_NUMBER, cards, "three")


def offer_sets(first: int, second: int) -> int:
    """Offer the two sets of two cards ``first`` and ``second`` (masks; their order does not matter)."""
    if first & second or first.bit_count() != 2 or second.bit_count() != 2:
        raise InvalidNotationError("an offer of two sets is two sets of two cards with no card in common")
    quad = first | second
    low = first if first & (quad & -quad) else second
    pairing = [_pairing(quad, p)[0] for p in range(3)].index(low)
    return OFFER_SETS + 3 * _QUAD_NUMBER[quad] + pairing


def keep_card(card: int) -> int:
    return KEEP_CARD + _one_card(card)


def keep_set(pair: int) -> int:
    return KEEP_SET + _number(_PAIR_NUMBER, pair, "two")


def build(three: int) -> int:
    """Build with the three cards ``three`` as the 3-card hand (the rest make the 5-card hand)."""
    return BUILD + _number(_TRIPLE_NUMBER, three, "three")


def _one_card(mask: int) -> int:
    if mask.bit_count() != 1 or mask >> CARDS:
        raise InvalidNotationError("one card is needed")
    return mask.bit_length() - 1


def _number(table: dict[int, int], mask: int, size: str) -> int:
    try:
        return table[mask]
    except KeyError:
        raise InvalidNotationError(f"{size} different cards are needed") from None


_KINDS = tuple(Kind)


def kind_of(action: int) -> Kind:
    """The kind of a player action (raises ``ValueError`` outside the numbering)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_DISTINCT_ACTIONS:
        raise ValueError(f"{action!r} is not a Card Commons action")
    return _KINDS[bisect_right(_STARTS, action) - 1]


_DECODED: dict[int, Move] = {}  # every action decoded so far (at most 21,077 small frozen values)


def decode(action: int) -> Move:
    """The kind and cards of a player action."""
    move = _DECODED.get(action) if type(action) is int else None
    if move is None:
        move = _decode(action)
        if type(action) is int:
            _DECODED[action] = move
    return move


def _decode(action: int) -> Move:
    kind = kind_of(action)
    n = action - _STARTS[kind]
    if kind in (Kind.RESERVE, Kind.KEEP_CARD):
        return Move(kind, 1 << n)
    if kind in (Kind.DISCARD, Kind.KEEP_SET):
        return Move(kind, PAIRS[n])
    if kind in (Kind.OFFER_THREE, Kind.BUILD):
        return Move(kind, TRIPLES[n])
    quad = QUADS[n // 3]
    return Move(kind, quad, _pairing(quad, n % 3))


def describe(action: int) -> str:
    """The action in the project's notation: ``reserve Ah``, ``discard Ah Kh``, ``offer Ah Kh Qh``,
    ``offer Ah Kh | Qh Jh``, ``keep Ah``, ``keep Ah Kh``, ``build Ah Kh Qh``."""
    move = decode(action)
    fmt = PACK_21.format_mask
    verb = {Kind.RESERVE: "reserve", Kind.DISCARD: "discard", Kind.OFFER_THREE: "offer",
            Kind.OFFER_SETS: "offer", Kind.KEEP_CARD: "keep", Kind.KEEP_SET: "keep", Kind.BUILD: "build"}[move.kind]
    if move.sets is not None:
        return f"{verb} {fmt(move.sets[0])} | {fmt(move.sets[1])}"
    return f"{verb} {fmt(move.cards)}"


def parse(text: str) -> int:
    """The action written as :func:`describe` writes it (a one-card ``keep`` answers an offer of
    three, a two-card ``keep`` an offer of two sets)."""
    words = text.strip().split(None, 1)
    if len(words) != 2:
        raise InvalidNotationError(
            f"cannot read {text!r}: write e.g. 'reserve Ah', 'discard Ah Kh', 'offer Ah Kh Qh', "
            "'offer Ah Kh | Qh Jh', 'keep Ah', 'keep Ah Kh' or 'build Ah Kh Qh'")
    verb, rest = words[0].lower(), words[1]
    if verb == "offer" and "|" in rest:
        left, _, right = rest.partition("|")
        return offer_sets(PACK_21.parse_mask(left), PACK_21.parse_mask(right))
    cards = PACK_21.parse_mask(rest)
    size = cards.bit_count()
    table = {("reserve", 1): reserve, ("discard", 2): discard, ("offer", 3): offer_three, ("keep", 1): keep_card,
             ("keep", 2): keep_set, ("build", 3): build}
    make = table.get((verb, size))
    if make is None:
        raise InvalidNotationError(
            f"cannot read {text!r}: 'reserve' takes 1 card, 'discard' 2, 'offer' 3 (or two sets "
            "'a b | c d'), 'keep' 1 or 2, 'build' the 3 cards of the 3-card hand")
    return make(cards)

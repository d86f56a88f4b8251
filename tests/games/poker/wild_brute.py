"""An independent brute force for the poker engine's wild rules (:mod:`divided.games.poker.wilds`).

Shares nothing with the engine or the ranking library but the card numbering (0 to 51, rank by
rank from the twos up, suits s h d c inside a rank). Which cards are wild is decided here from
the rulings' own words (:func:`designated`); a hand's value is the best over every substitution
of its wild cards, each wild card replaced by every one of the 52 cards. Substitutes may copy a
held card or each other (a wild card's rank is free: five of a kind needs that), but a
substitution is a flush only when its five cards are all different: the ranking library's
convention (divided.hands.poker.wild: "a wild card completing a flush may not be a card the
player already holds, and two wild cards may not be the same card"). Substitutions are taken
as multisets (the value of five cards does not depend on their order).

Values are integers, bigger is better: ``category * 16**5`` plus the ranks (0 = two .. 12 = ace)
in the order that decides, as base-16 digits: groups by size then rank, the top card of a
straight (5-high: 3). Categories: 0 high card, 1 pair, 2 two pair, 3 three of a kind,
4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight flush, 9 five of a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]
DIGITS = 16**5
STRAIGHT, STRAIGHT_FLUSH = 4, 8
FIVE_HIGH = 3  # rank index of a five
ACE, SIX, FIVE, FOUR, THREE, TWO = 12, 4, 3, 2, 1, 0
FOUR_OF_SPADES = 4 * FOUR  # rank 4, suit s


def evaluate(hands: npt.ArrayLike) -> Array:
    """The value of each row of five cards (see the module text; copies allowed)."""
    cards = np.asarray(hands, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    ordered_cards = np.sort(cards, axis=1)
    copies = (ordered_cards[:, 1:] == ordered_cards[:, :-1]).any(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1) & ~copies
    distinct = (counts > 0).sum(axis=1) == 5
    low_to_high = np.sort(ranks, axis=1)
    wheel = distinct & (low_to_high == np.array([0, 1, 2, 3, 12])).all(axis=1)
    straight = distinct & ((low_to_high[:, 4] - low_to_high[:, 0] == 4) | wheel)
    top = np.where(wheel, FIVE_HIGH, low_to_high[:, 4])
    group = np.take_along_axis(counts, ranks, axis=1) * 16 + ranks
    deciding = -np.sort(-group, axis=1) % 16
    digits = sum(deciding[:, i] * 16 ** (4 - i) for i in range(5))
    most = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    category = np.select(
        [most == 5, straight & flush, most == 4, (most == 3) & (pairs == 1), flush, straight, most == 3,
         pairs == 2, pairs == 1],
        [9, 8, 7, 6, 5, 4, 3, 2, 1], default=0)
    digits = np.where(straight, top, digits)
    return np.asarray(category * DIGITS + digits, dtype=np.int64)


def is_five_high_straight(values: Array) -> npt.NDArray[np.bool_]:
    """Values that are a five-high straight or straight flush."""
    return ((values // DIGITS == STRAIGHT) | (values // DIGITS == STRAIGHT_FLUSH)) & (values % DIGITS == FIVE_HIGH)


@cache
def substitutes(wild: int) -> Array:
    """Every multiset of ``wild`` cards of the 52, one per row."""
    return np.array(list(combinations_with_replacement(range(52), wild)), dtype=np.int64).reshape(-1, wild)


def best_with(naturals: npt.ArrayLike, wild: int, *, only: Callable[[Array], npt.NDArray[np.bool_]] | None = None,
              chunk: int = 1 << 20) -> Array:
    """For each row of natural cards, the best value over every substitution of ``wild`` wild
    cards (``only``: counting only values it accepts; -1 when none is accepted)."""
    rows = np.asarray(naturals, dtype=np.int64)
    rows = rows.reshape(len(rows), 5 - wild)
    subs = substitutes(wild)
    out = np.full(len(rows), -1, dtype=np.int64)
    per = max(1, chunk // len(subs))
    for start in range(0, len(rows), per):
        part = rows[start:start + per]
        hands = np.concatenate([np.repeat(part, len(subs), axis=0), np.tile(subs, (len(part), 1))], axis=1)
        values = evaluate(hands)
        if only is not None:
            values = np.where(only(values), values, -1)
        out[start:start + per] = values.reshape(len(part), len(subs)).max(axis=1)
    return out


def colex(rows: Array) -> Array:
    """The colex number of each row of cards sorted ascending (among the subsets of its size)."""
    out = np.zeros(len(rows), dtype=np.int64)
    for position in range(rows.shape[1]):
        out += _binomials(position + 1)[rows[:, position]]
    return out


@cache
def _binomials(k: int) -> Array:
    return np.array([comb(n, k) for n in range(53)], dtype=np.int64)


@cache
def table(wild: int, wheel: bool = False) -> Array:
    """:func:`best_with` for every set of ``5 - wild`` natural cards, by colex number
    (``wheel``: counting only five-high straights)."""
    naturals = np.array(list(combinations(range(52), 5 - wild)), dtype=np.int64).reshape(comb(52, 5 - wild), 5 - wild)
    found = best_with(naturals, wild, only=is_five_high_straight if wheel else None)
    out = np.empty(len(found), dtype=np.int64)
    out[colex(naturals)] = found
    return out


def value(hands: Array, wild: npt.NDArray[np.bool_], *, wheel: bool = False, direct: bool = False) -> Array:
    """Each sorted five-card hand's best value with the cards marked in ``wild`` wild (looked up
    in :func:`table`, or with ``direct`` brute-forced for these hands only; ``wheel``: only
    five-high straights count, -1 if none)."""
    out = np.full(len(hands), -1, dtype=np.int64)
    counts = wild.sum(axis=1)
    for k in range(6):
        rows = np.flatnonzero(counts == k)
        if not len(rows):
            continue
        naturals = hands[rows][~wild[rows]].reshape(len(rows), 5 - k)
        if k == 0:
            found = evaluate(naturals)
            out[rows] = np.where(is_five_high_straight(found), found, -1) if wheel else found
        elif direct:
            out[rows] = best_with(naturals, k, only=is_five_high_straight if wheel else None)
        else:
            out[rows] = table(k, wheel)[colex(naturals)]
    return out


# --- which cards are wild, from the rulings' words ---------------------------------------------


def of_ranks(hands: Array, ranks: Sequence[int] | npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The cards of these rank indices (a list, or per hand a (n, 13) mask)."""
    card_ranks = hands // 4
    if isinstance(ranks, np.ndarray):
        return np.take_along_axis(ranks, card_ranks, axis=1)
    return np.isin(card_ranks, list(ranks))


def holds(hands: Array, rank: int) -> npt.NDArray[np.bool_]:
    return (hands // 4 == rank).any(axis=1)


def dice(hands: Array, pairs: Sequence[tuple[int, int]]) -> npt.NDArray[np.bool_]:
    """LD1: a wild rank's cards are wild when the hand holds its partner rank."""
    wild_ranks = np.zeros((len(hands), 13), dtype=bool)
    for partner, rank in pairs:
        wild_ranks[:, rank] |= holds(hands, partner)
    return of_ranks(hands, wild_ranks)


LOW_DIE = ((SIX, ACE), (FIVE, TWO), (FOUR, THREE))
HIGH_DIE = ((ACE, SIX), (TWO, FIVE), (THREE, FOUR))


def chain(hands: Array) -> npt.NDArray[np.bool_]:
    """CF1: the 4♠ is wild, and with it every other four."""
    return of_ranks(hands, [FOUR]) & (hands == FOUR_OF_SPADES).any(axis=1)[:, None]


def freak_rank(tables: Sequence[Array]) -> int | None:
    """FN1: sixes if any hand still in holds one, else fives, fours, threes, twos, else none."""
    held = {int(card) // 4 for hand in tables for card in hand}
    return next((rank for rank in (SIX, FIVE, FOUR, THREE, TWO) if rank in held), None)


def opposite(card: int) -> list[int]:
    """TR5: the two cards of the card's rank in the other colour (s c black, h d red)."""
    base, suit = card - card % 4, card % 4
    return [base + 0, base + 3] if suit in (1, 2) else [base + 1, base + 2]


def uncle_bob(hands: Array, *, direct: bool = False) -> Array:
    """UB1-UB2: the better of (a) one card of the lowest rank wild, aces high, the player
    choosing which, and (b) one ace wild when the hand then plays as a five-high straight."""
    ranks = hands // 4
    lowest = ranks == ranks.min(axis=1, keepdims=True)
    best = np.full(len(hands), -1, dtype=np.int64)
    for position in range(5):
        wild = np.zeros_like(lowest)
        wild[:, position] = True
        best = np.maximum(best, np.where(lowest[:, position], value(hands, wild, direct=direct), -1))
        as_ace = np.where(ranks[:, position] == ACE, value(hands, wild, wheel=True, direct=direct), -1)
        best = np.maximum(best, as_ace)
    return best

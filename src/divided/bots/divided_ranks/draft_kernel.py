"""The draft playouts' hot loops, compiled with numba: each world's rest of the draft, both
reserve decisions and the build, in one pass per world.

:func:`playouts` is :meth:`~.draft_values._Position._play_rounds_numpy` followed by
:meth:`~.draft_values._Position._reserve_and_build`, world by world, without numpy's
``(worlds, ...)`` temporaries:

* **the rest of the draft** by the skilled rules, the same float operations in the same order as
  numpy's (so the same hands). A holding's value is summed from its five rank nibbles and the
  Joker (:func:`value_parts`, small enough to stay in the processor's first-level cache) in the
  order the value table was built in, so every value is bit for bit the table's;
* **the reserve decisions** (:func:`reserve_choice`): for every card the side cannot place
  (each equally likely the reserve, the opponent holding the rest), every option (keep, or give
  one of its ten cards for that card) scores +1, 0 or -1 against the opponent's holding; the
  option with the highest total wins, the first among equals (keep, then the cards in ascending
  order). An option is dropped as soon as its remaining candidates cannot lift it above the best
  so far (a later option wins only with a strictly higher total), which changes no answer;
* **the build**: both holdings' packed keys compared (a win 1, a draw 0.5).

Every holding compared here has ten cards, so the packed result keys are read from a compact
table (:func:`compact_keys`): each ten-card mask's rank among the C(21, 10) = 352,716 of them
(the combinatorial number system, summed from two small tables of its low 11 and high 10 bits),
then its key's rank among the distinct keys (756 under the default scoring, so 16 bits).
That table is 0.7 MB and stays in the processor's second-level cache, where the full 2^21-entry
table (8 MB) does not: the reserve decisions, about 40 look-ups each, were bound by memory.

Integer work, and floats in numpy's order, so the results are exactly numpy's (the tests compare
them). The loops release the GIL.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numba as nb
import numpy as np

Array = Any


HOLDING = 10
"""The cards of a holding at the reserve and the build."""


def compact_keys(keys: Array) -> tuple[Array, Array, Array]:
    """The packed result keys of ``keys`` (indexed by mask) for ten-card holdings only, as the
    three tables :func:`_key` reads: ``low[m & 2047]`` holds the combinatorial rank's part from
    the low 11 bits (times 16) plus how many of them are set; ``high[m >> 11, count]`` the part
    from the high 10 bits given that count; ``ranked[rank]`` the key's rank among the distinct
    keys (so comparing ranks compares keys)."""
    low = np.zeros(1 << 11, dtype=np.int32)
    for bits in range(1 << 11):
        cards = [card for card in range(11) if bits >> card & 1]
        low[bits] = 16 * sum(comb(card, t + 1) for t, card in enumerate(cards)) + len(cards)
    high = np.zeros((1 << 10, 12), dtype=np.int32)
    for bits in range(1 << 10):
        cards = [11 + card for card in range(10) if bits >> card & 1]
        for below in range(12):
            high[bits, below] = sum(comb(card, below + t + 1) for t, card in enumerate(cards))
    masks = np.arange(1 << 21, dtype=np.int64)
    holdings = masks[np.bitwise_count(masks) == HOLDING]
    entry = low[holdings & 2047]
    ranks = (entry >> 4) + high[holdings >> 11, entry & 15]
    distinct = np.unique(keys[holdings])
    if len(distinct) > 1 << 16:
        raise ValueError(f"{len(distinct)} distinct keys do not fit 16 bits")
    ranked = np.zeros(len(holdings), dtype=np.uint16)
    ranked[ranks] = np.searchsorted(distinct, keys[holdings])
    return low, high, ranked


@nb.njit(cache=True, nogil=True)
def _key(low: Array, high: Array, ranked: Array, mask: int) -> int:  # pragma: no cover - compiled
    """The rank of a ten-card holding's packed result key (see :func:`compact_keys`)."""
    entry = low[mask & 2047]
    out: int = ranked[(entry >> 4) + high[mask >> 11, entry & 15]]
    return out


def value_parts(table: Array) -> Array:
    """The value table in parts: row ``r`` (0-4) the value of each nibble of rank ``r``'s cards,
    row 5 the Joker's value in column 0 (read from ``table`` itself: a mask of one rank's cards
    alone is worth exactly that rank's part)."""
    parts = np.zeros((6, 16))
    for rank in range(5):
        parts[rank] = table[np.arange(16) << (4 * rank)]
    parts[5, 0] = table[1 << 20]
    return parts


@nb.njit(cache=True, nogil=True)
def _value(parts: Array, mask: int) -> float:  # pragma: no cover - compiled
    """The value table's entry for ``mask``: the Joker's part, then ranks 0 to 4 added in order."""
    value: float = parts[5, 0] if (mask >> 20) & 1 else 0.0
    value += parts[0, mask & 15]
    value += parts[1, (mask >> 4) & 15]
    value += parts[2, (mask >> 8) & 15]
    value += parts[3, (mask >> 12) & 15]
    value += parts[4, (mask >> 16) & 15]
    return value


@nb.njit(cache=True, nogil=True)
def _choice(low: Array, high: Array, ranked: Array, hand: int, pool: int, all_cards: int, cards: Array,
            candidates: Array, theirs: Array) -> int:  # pragma: no cover - compiled
    """One world's reserve decision (see the module text): the card given, or -1 to keep.
    ``cards``, ``candidates`` and ``theirs`` are scratch space (10, 21 and 21 entries)."""
    held = 0
    x = hand
    while x:
        bit = x & -x
        cards[held] = bit
        held += 1
        x ^= bit
    rest = all_cards ^ hand
    n = 0
    x = pool
    while x:
        bit = x & -x
        candidates[n] = bit
        theirs[n] = _key(low, high, ranked, rest ^ bit)
        n += 1
        x ^= bit
    kept = _key(low, high, ranked, hand)
    best_total = 0
    for j in range(n):
        best_total += (kept > theirs[j]) - (kept < theirs[j])
    best = -1
    for i in range(held):
        base = hand ^ cards[i]
        total = 0
        for j in range(n):
            if total + n - j <= best_total:  # cannot beat the best so far
                total = best_total
                break
            mine = _key(low, high, ranked, base | candidates[j])
            total += (mine > theirs[j]) - (mine < theirs[j])
        if total > best_total:
            best_total = total
            best = i
    if best < 0:
        return -1
    card = 0
    bit = cards[best]
    while bit > 1:
        bit >>= 1
        card += 1
    return card


@nb.njit(cache=True, nogil=True)
def reserve_choice(low: Array, high: Array, ranked: Array, hand: Array, candidates: Array, all_cards: int,
                   out: Array) -> None:  # pragma: no cover - compiled
    """Fill ``out`` with each world's card given (-1: keep); see the module text."""
    cards = np.empty(10, np.int64)
    pool = np.empty(21, np.int64)
    theirs = np.empty(21, np.int64)
    for w in range(hand.shape[0]):
        out[w] = _choice(low, high, ranked, hand[w], candidates[w], all_cards, cards, pool, theirs)


@nb.njit(cache=True, nogil=True)
def _play_world(parts: Array, hands: Array, hidden: Array, stock: Array, w: int, first: int, start: int,
                rounds: int, estimate: float, cards: Array) -> None:  # pragma: no cover - compiled
    """The remaining split rounds of world ``w`` by the skilled rules, into ``hands`` and
    ``hidden`` (two entries each: this world's; ``cards``: scratch space of four entries)."""
    firsts = (0, 0, 0, 1, 1, 2)
    seconds = (1, 2, 3, 2, 3, 3)
    column = 0
    for number in range(start, rounds):
        splitter = first if number % 2 == 0 else 1 - first
        chooser = 1 - splitter
        for k in range(4):  # the round's four cards, ascending (insertion sort)
            card = stock[w, column + k]
            m = k
            while m > 0 and cards[m - 1] > card:
                cards[m] = cards[m - 1]
                m -= 1
            cards[m] = card
        column += 4
        drawn = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
        own = hands[splitter]
        other = hands[chooser]
        own_value = _value(parts, own)
        other_value = _value(parts, other)
        best_up = 0
        best_score = -np.inf
        best_passed = False
        for p in range(6):
            up = (1 << cards[firsts[p]]) | (1 << cards[seconds[p]])
            down = drawn ^ up
            passes_up = _value(parts, other | up) - other_value >= estimate
            if passes_up:
                score = (_value(parts, own | down) - own_value) - (_value(parts, other | up) - other_value)
            else:
                score = (_value(parts, own | up) - own_value) - (_value(parts, other | down) - other_value)
            if score > best_score:
                best_up = up
                best_score = score
                best_passed = passes_up
        down = drawn ^ best_up
        if best_passed:
            hands[chooser] = other | best_up
            hands[splitter] = own | down
            hidden[chooser] = hidden[chooser] | down
        else:
            hands[chooser] = other | down
            hands[splitter] = own | best_up


@nb.njit(cache=True, nogil=True)
def _in_order(low: Array, high: Array, ranked: Array, hands: Array, hidden: Array, reserve: int, first: int, alone_first: int,
              alone_second: int, me: int, face_up_swap: bool, all_cards: int, cards: Array, pool: Array,
              theirs: Array) -> float:  # pragma: no cover - compiled
    """One world's result after both reserve decisions, ``first`` deciding first (its decision
    ``alone_first``; ``alone_second``: the second side's decision after a keep, -2 when not yet
    known) and the build."""
    second = 1 - first
    reserve_bit = 1 << reserve
    first_hand, second_hand = hands[first], hands[second]
    swapped = alone_first >= 0
    gift = (1 << alone_first) if swapped else 0
    now = reserve_bit
    if swapped:
        first_hand = first_hand ^ gift | reserve_bit
        now = gift
        if face_up_swap:
            candidates = gift
        else:
            outside = all_cards ^ second_hand
            unplaced = hidden[second] | reserve_bit
            known = (unplaced & (unplaced - 1)) == 0  # only the reserve was unplaced
            candidates = outside ^ reserve_bit if known else outside
        give = _choice(low, high, ranked, second_hand, candidates, all_cards, cards, pool, theirs)
    elif alone_second == -2:
        give = _choice(low, high, ranked, second_hand, hidden[second] | reserve_bit, all_cards, cards, pool, theirs)
    else:  # after a keep the second side decides as it would alone
        give = alone_second
    if give >= 0:
        second_hand = second_hand ^ (1 << give) | now
    a, b = _key(low, high, ranked, first_hand), _key(low, high, ranked, second_hand)
    if me == second:
        a, b = b, a
    return 1.0 if a > b else 0.5 if a == b else 0.0


@nb.njit(cache=True, nogil=True)
def playouts(parts: Array, low: Array, high: Array, ranked: Array, hands: Array, hidden: Array, stock: Array, reserve: Array,
             first_splitter: int, start: int, rounds: int, estimate: float, reserve_first: int, me: int,
             face_up_swap: bool, all_cards: int, out: Array) -> None:  # pragma: no cover - compiled
    """Each world's result for the player ``me`` (see the module text): ``hands`` and ``hidden``
    are ``(2, worlds)`` after the decision being valued, ``stock`` the worlds' stock cards in
    round order, ``reserve`` their reserve cards, ``reserve_first`` the side that decides first
    at the reserve (-1: a coin, both orders equally likely). ``hands`` and ``hidden`` are left
    as they were."""
    cards = np.empty(10, np.int64)
    pool = np.empty(21, np.int64)
    theirs = np.empty(21, np.int64)
    four = np.empty(4, np.int64)
    h = np.empty(2, np.int64)
    b = np.empty(2, np.int64)
    for w in range(hands.shape[1]):
        h[0], h[1] = hands[0, w], hands[1, w]
        b[0], b[1] = hidden[0, w], hidden[1, w]
        _play_world(parts, h, b, stock, w, first_splitter, start, rounds, estimate, four)
        card = reserve[w]
        bit = 1 << card
        if reserve_first < 0:  # a coin: each side's decision alone is shared by both orders
            alone0 = _choice(low, high, ranked, h[0], b[0] | bit, all_cards, cards, pool, theirs)
            alone1 = _choice(low, high, ranked, h[1], b[1] | bit, all_cards, cards, pool, theirs)
            out[w] = 0.5 * (_in_order(low, high, ranked, h, b, card, 0, alone0, alone1, me, face_up_swap, all_cards,
                                      cards, pool, theirs)
                            + _in_order(low, high, ranked, h, b, card, 1, alone1, alone0, me, face_up_swap, all_cards,
                                        cards, pool, theirs))
        else:
            first = reserve_first
            alone = _choice(low, high, ranked, h[first], b[first] | bit, all_cards, cards, pool, theirs)
            out[w] = _in_order(low, high, ranked, h, b, card, first, alone, -2, me, face_up_swap, all_cards, cards, pool,
                               theirs)

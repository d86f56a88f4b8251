"""The last round of Divided Ranks as an imperfect-information game tree, built as arrays.

The root is the start of round 5, before the four cards are drawn. Each *root history* is one
deal of the cards neither player can place for certain: both round-5-start hands, the four
cards to draw and the reserve, with a weight (the chance of that deal). Then, in four layers:

====  ==========  =======  ======================================================================
layer  player     actions  what the player knows when deciding
====  ==========  =======  ======================================================================
1      splitter   6        its hand and the four cards drawn; picks the face-up pair
2      chooser    2        its hand and the face-up pair; takes it (0) or the face-down pair (1)
3      first      11       its hand, what it saw this round, the pair and the choice; keeps (0) or
       reserve             gives the i-th card of its ten (ascending card index), i = 1..10
4      second     11       the same, plus the first player's reserve move as the rules show it
       reserve             (blind: only whether it swapped; face-up: the card given and taken)
====  ==========  =======  ======================================================================

The build is exact: auto-arrange is best against every opponent (ruling R5), so a leaf's payoff
is the sign of the two holdings' packed keys (+1 when player 0 wins, 0 a draw, -1 a loss).

Nodes of a layer are numbered so that node ``n``'s children are ``n * actions + a``: every pass
over the tree is a reshape and a sum, and each layer's information states are the distinct
values of an int64 key (:func:`numpy.unique`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import packed_key_table

BITS = np.int64(1) << np.arange(21, dtype=np.int64)
SPLITS = tuple(combinations(range(4), 2))
"""The six splits of four drawn cards: the face-up pair's positions among them (ascending)."""
RESERVE_ACTIONS = 11
"""Keep, or give the i-th of ten cards."""

IntArray = NDArray[np.int64]
Key = TypeVar("Key", int, IntArray)


def set_bits(masks: IntArray, count: int) -> IntArray:
    """Each mask's lowest ``count`` set bits in ascending order, as a ``(len(masks), count)``
    array of card indices.

    >>> set_bits(np.array([0b1011, 0b1110]), 3).tolist()
    [[0, 1, 3], [1, 2, 3]]
    """
    masks = np.asarray(masks, dtype=np.int64)
    bits = ((masks[:, None] >> np.arange(21, dtype=np.int64)) & 1).astype(bool)
    if (bits.sum(1) < count).any():
        raise ValueError("a mask has fewer set bits than asked for")
    rows, cols = np.nonzero(bits)
    first = np.searchsorted(rows, np.arange(len(masks)))
    return np.asarray(cols[first[:, None] + np.arange(count)], dtype=np.int64)


def pair_code(masks: IntArray) -> IntArray:
    """A two-card mask as ``21 * low + high`` (below 441)."""
    cards = set_bits(masks, 2)
    return cards[:, 0] * 21 + cards[:, 1]


@dataclass(frozen=True, slots=True)
class Roots:
    """Root histories: round-5-start hands of both players, the draw, the reserve card and a
    weight each (need not be normalised)."""

    hands: tuple[IntArray, IntArray]
    draw: IntArray
    reserve: IntArray
    weight: NDArray[np.float64]

    def __len__(self) -> int:
        return len(self.draw)


@dataclass
class Layer:
    """One decision layer: whose it is, each node's information state, and the states' keys."""

    player: int
    actions: int
    info: IntArray
    keys: IntArray

    @classmethod
    def of(cls, player: int, actions: int, keys: IntArray) -> Layer:
        unique, inverse = np.unique(keys, return_inverse=True)
        return cls(player, actions, inverse.astype(np.int64).reshape(-1), unique)

    @property
    def states(self) -> int:
        return len(self.keys)

    def index(self, key: int) -> int:
        """The information state with ``key`` (:class:`KeyError` if the tree has none)."""
        i = int(np.searchsorted(self.keys, key))
        if i >= len(self.keys) or self.keys[i] != key:
            raise KeyError(f"no information state with key {key} in this layer")
        return i


# -- information-state keys (the same formulas read a player's view: see roots.py) -----------

def split_key(hand: Key, draw: Key) -> Key:
    return hand * (1 << 21) + draw


def choose_key(hand: Key, face_up_code: Key) -> Key:
    return hand * 512 + face_up_code


def reserve_key(hand: Key, seen: Key, face_up_code: Key, took_face_down: Key) -> Key:
    """The first reserve player's key (hand at round-5 start, the cards it saw this round)."""
    return ((hand * (1 << 21) + seen) * 512 + face_up_code) * 2 + took_face_down


def second_reserve_key(base: Key, shown: Key) -> Key:
    """The second reserve player's key: its :func:`reserve_key` and what it was shown of the
    first move (:func:`shown_move`)."""
    return base * 1024 + shown


def shown_move(gave: IntArray, took: IntArray, face_up_swap: bool) -> IntArray:
    """What the second reserve player sees of the first move: 0 for a keep; blind, 1 for any
    swap; face up, ``(gave + 1) * 32 + took`` (``gave`` -1 means kept)."""
    swapped = np.asarray(gave) >= 0
    if face_up_swap:
        return np.where(swapped, (np.asarray(gave) + 1) * 32 + took, 0).astype(np.int64)
    return swapped.astype(np.int64)


class Round5Tree:
    """The tree over ``roots``: four :class:`Layer` objects and the leaves' payoffs.

    Every reserve decision offers all eleven moves. (Offering only the likeliest gives, an
    action abstraction, was measured and rejected: keeping three or four of the ten gave
    strategies with NashConv 0.5 to 1.9 in the whole game.)"""

    def __init__(self, roots: Roots, *, splitter: int, reserve_first: int, face_up_swap: bool,
                 scoring: Scoring = Scoring.CATEGORIES_FIRST) -> None:
        reserve_actions = RESERVE_ACTIONS
        keys = np.frombuffer(packed_key_table(scoring), dtype=np.int32)
        self.roots = roots
        self.splitter, self.reserve_first, self.face_up_swap = splitter, reserve_first, face_up_swap
        weight = np.asarray(roots.weight, dtype=np.float64)
        if len(weight) == 0 or weight.sum() <= 0:
            raise ValueError("a subgame needs at least one root with positive weight")
        self.chance = weight / weight.sum()
        hands = [np.asarray(h, dtype=np.int64) for h in roots.hands]
        draw = np.asarray(roots.draw, dtype=np.int64)
        reserve = np.asarray(roots.reserve, dtype=np.int64)
        s, c = splitter, 1 - splitter
        r1, r2 = reserve_first, 1 - reserve_first
        n = len(draw)

        # layer 1: the split (six face-up pairs of the draw)
        drawn = set_bits(draw, 4)
        face_up = np.stack([BITS[drawn[:, i]] | BITS[drawn[:, j]] for i, j in SPLITS], 1).reshape(-1)
        self.drawn = drawn
        key1 = split_key(hands[s], draw)
        # layer 2: the choice; node = root * 6 + split
        hands6 = [np.repeat(h, 6) for h in hands]
        key2 = choose_key(hands6[c], pair_code(face_up))
        # after the choice: node = (root * 6 + split) * 2 + choice (0 face up, 1 face down)
        up = np.repeat(face_up, 2)
        took_down = np.tile(np.array([0, 1], dtype=np.int64), n * 6)
        draw12 = np.repeat(draw, 12)
        taken = np.where(took_down == 0, up, draw12 ^ up)
        start = [np.repeat(h, 12) for h in hands]
        final = [start[0], start[1]]
        final[c] = start[c] | taken
        final[s] = start[s] | (draw12 ^ taken)
        seen = [draw12, draw12]
        seen[c] = np.where(took_down == 0, up, draw12)
        code = pair_code(up)
        base = [reserve_key(start[p], seen[p], code, took_down) for p in (0, 1)]
        # layer 3: the first reserve player keeps or gives its i-th card
        m = len(took_down)
        self.first_cards = set_bits(final[r1], 10).astype(np.int8)
        give1 = np.concatenate([np.full((m, 1), -1), self.first_cards], 1).reshape(-1)
        first_hand = np.repeat(final[r1], reserve_actions)
        second_hand = np.repeat(final[r2], reserve_actions)
        reserve11 = np.repeat(np.repeat(reserve, 12), reserve_actions)
        swapped = give1 >= 0
        first_after = np.where(swapped, first_hand & ~BITS[np.maximum(give1, 0)] | BITS[reserve11], first_hand)
        reserve_after = np.where(swapped, give1, reserve11)
        key4 = second_reserve_key(np.repeat(base[r2], reserve_actions), shown_move(give1, reserve11, face_up_swap))
        # layer 4: the second reserve player keeps or gives
        k = len(give1)
        self.second_cards = np.repeat(set_bits(final[r2], 10).astype(np.int8), reserve_actions, axis=0)
        give2 = np.concatenate([np.full((k, 1), -1), self.second_cards], 1).reshape(-1)
        second_t = np.repeat(second_hand, reserve_actions)
        second_after = np.where(give2 >= 0, second_t & ~BITS[np.maximum(give2, 0)]
                                | BITS[np.repeat(reserve_after, reserve_actions)], second_t)
        first_t = np.repeat(first_after, reserve_actions)
        holdings = [first_t, second_after] if r1 == 0 else [second_after, first_t]
        self.payoff = np.sign(keys[holdings[0]].astype(np.int64) - keys[holdings[1]]).astype(np.int8)
        """Player 0's payoff at every leaf: +1, 0 or -1 (int8: the largest tree's leaves in under a megabyte)."""
        self.layers = (Layer.of(s, 6, key1), Layer.of(c, 2, key2), Layer.of(r1, reserve_actions, base[r1]),
                       Layer.of(r2, reserve_actions, key4))
        self.nodes = tuple(len(layer.info) for layer in self.layers)

    @property
    def leaves(self) -> int:
        return len(self.payoff)

    def sizes(self) -> dict[str, int]:
        """Roots, leaves and each layer's information states."""
        out = {"roots": len(self.chance), "leaves": self.leaves}
        for i, layer in enumerate(self.layers, 1):
            out[f"layer{i}_states"] = layer.states
        return out

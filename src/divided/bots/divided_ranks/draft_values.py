"""The expert's values of a split or choose decision, played out through the reserve and the build.

A *world* places the cards the player has not seen: the face-down pairs that went unseen into
the opponent's hand, the unseen pair on the table (when the player chooses), the rest of the
stock in round order, and the reserve. Every placement is equally likely a priori; a world is
weighted by how likely the opponent's observed choices were in it under the expert's soft model
of play (``epsilon``, ``beta``: see :mod:`divided.bots.divided_ranks.expert`).

In each world every legal action is played out to the end of the game, by the same rules for
both sides:

* **the rest of the draft**: the skilled rules (:func:`divided.bots.divided_ranks.heuristics.best_split` and
  :func:`~divided.bots.divided_ranks.heuristics.choose_face_up`);
* **the reserve**, in the world's order: each side takes the option (keep, or give a card)
  with the best chance to win over the cards it cannot place in that world, each equally likely
  to be the reserve and the opponent holding the rest (the expert's exact reserve rule, with the
  first side treating the other as keeping). The second side knows what the game shows it: after
  a blind swap any card it does not hold may be the reserve (only the given card in the face-up
  variant). The world's reserve card is the one actually taken;
* **the build**: both auto-arrange (ruling R5), and the holdings are scored with the packed
  result keys (a win 1, a draw 0.5).

Why this reserve rule: it is sound (it is the exact chance to win from what each side can know,
the only simplification being that the first side does not model the reply) and it costs a few
table look-ups per card, so the playouts stay vectorised.

The same worlds serve every action (common random numbers). When the distinct worlds are few
(at most :data:`EXACT_LIMIT`, or at most the ``budget`` of worlds the caller would let it
sample anyway) all of them are enumerated and the values are exact (standard error 0);
otherwise worlds are sampled in batches until every action's standard error is at most
``target`` or ``budget`` worlds have been used. The standard error is that of a self-normalised
weighted mean: ``sqrt(sum w^2 (x - mean)^2) / sum w``.

Everything runs over numpy arrays of bit masks, one entry per world. Where numba is installed,
each action's rest of the draft, both reserve decisions and the build run in one compiled pass
per world (:mod:`~.draft_kernel`); without it numpy does the same work to the same results.
The compiled pass releases the GIL, so a large batch's worlds (at least two pieces of
:data:`MIN_SHARE`) are shared out among threads for it (one per core, at most
:data:`MAX_THREADS`; ``DIVIDED_THREADS`` sets the number, 1 turns them off). Every world is
valued on its own and the sums are taken over the whole batch, so the values are bit for bit
those of one thread.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from divided.bots.divided_ranks.heuristics import average_pair_gain, value_table
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.history import read_history
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, ROUNDS, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import packed_key_table
from divided.priority import follow, thread_nice

_compiled: Any
try:
    from divided.bots.divided_ranks import draft_kernel as _compiled
except ImportError:  # numba (the ``fast`` extra) is not installed: numpy does the same work
    _compiled = None

EXACT_LIMIT = 4096
"""Enumerate every world (exact values) when there are at most this many distinct ones, or at
most the budget (the review's budget makes the third round's 34,650-world decisions exact:
faster than sampling them to the review's precision, and never at odds with another salt)."""
TARGET_SE = 0.005
"""Sample until every action's standard error is at most this (or the budget is spent): half
a point of win chance, so that the choice and the grades built on it seldom depend on the
sampling (the review's promise is at most one point)."""
BATCH = 1024
"""Worlds per sampling batch."""
CLOSER_BATCH = 4096
"""Worlds per batch of the review's closer looks (:meth:`~.expert.ExpertBot.refine`): four of
:data:`BATCH`, so that the threads are handed work a quarter as often."""
MAX_THREADS = 2
"""The most threads a batch is shared among by default (the most cores this was measured on)."""
MIN_SHARE = 1024
"""The fewest worlds worth handing to a thread (a batch is cut into pieces of at least this many;
a smaller batch is valued in the calling thread). Measured: the first looks' batches of
:data:`BATCH` were no faster cut in two or four (the hand-overs cost what the second core gave),
the closer looks' batches of :data:`CLOSER_BATCH` were."""

Masks = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
_PAIRS_OF_FOUR = tuple(combinations(range(4), 2))


@dataclass(frozen=True, slots=True)
class DraftValues:
    """Each action's estimated chance to win, its standard error, and how it was found.
    ``products`` holds the sums of ``w^2 x_a x_b`` and ``w^2 x_a`` over the worlds (weights
    ``w``, results ``x``, columns in ``legal`` order), ``weight`` and ``square`` the sums of
    ``w`` and ``w^2``: enough for the error of any difference of two values."""

    legal: tuple[int, ...]
    values: dict[int, float]
    errors: dict[int, float]
    worlds: int
    exact: bool
    products: Floats
    linear: Floats
    weight: float
    square: float

    def difference_error(self, a: int, b: int) -> float:
        """The standard error of ``values[a] - values[b]`` (paired over the same worlds)."""
        if self.exact or a == b or self.weight <= 0.0:
            return 0.0
        i, j = self.legal.index(a), self.legal.index(b)
        mean = self.values[a] - self.values[b]
        squares = self.products[i, i] - 2 * self.products[i, j] + self.products[j, j]
        spread = squares - 2 * mean * (self.linear[i] - self.linear[j]) + mean * mean * self.square
        return math.sqrt(max(0.0, spread)) / self.weight


class _Sums:
    """Running sums over batches of worlds (see :class:`DraftValues`)."""

    def __init__(self, actions: int) -> None:
        self.weight = 0.0
        self.square = 0.0
        self.first = np.zeros(actions)
        self.linear = np.zeros(actions)
        self.products = np.zeros((actions, actions))
        self.worlds = 0

    def add(self, weight: Floats, results: Floats) -> None:
        squared = weight * weight
        self.weight += float(weight.sum())
        self.square += float(squared.sum())
        self.first += weight @ results
        self.linear += squared @ results
        self.products += (results * squared[:, None]).T @ results
        self.worlds += len(weight)

    def means(self) -> Floats:
        if self.weight <= 0.0:
            return np.full(len(self.first), 0.5)
        out: Floats = self.first / self.weight
        return out

    def errors(self) -> Floats:
        if self.weight <= 0.0:
            return np.full(len(self.first), 0.5)
        mu = self.means()
        spread = np.diag(self.products) - 2 * mu * self.linear + mu * mu * self.square
        out: Floats = np.sqrt(np.maximum(spread, 0.0)) / self.weight
        return out

    def values(self, legal: Sequence[int], exact: bool) -> DraftValues:
        means, errors = self.means(), self.errors()
        return DraftValues(tuple(legal), {a: float(means[i]) for i, a in enumerate(legal)},
                           {a: 0.0 if exact else float(errors[i]) for i, a in enumerate(legal)},
                           self.worlds, exact, self.products, self.linear, self.weight, self.square)


@cache
def _values() -> Floats:
    return np.frombuffer(value_table(), dtype=np.float64)


@cache
def _value_parts() -> Floats:
    out: Floats = _compiled.value_parts(_values())
    return out


@cache
def _compact_keys(scoring: Scoring) -> tuple[Any, Any, Any]:
    out: tuple[Any, Any, Any] = _compiled.compact_keys(_keys(scoring))
    return out


@cache
def _keys(scoring: Scoring) -> npt.NDArray[np.int32]:
    return np.frombuffer(packed_key_table(scoring), dtype=np.int32)


def _bit(cards: Masks) -> Masks:
    return np.left_shift(np.int64(1), cards)


def _cards_of(masks: Masks, count: int) -> Masks:
    """The card indices of each mask (each with exactly ``count`` cards), ascending: shape (n, count)."""
    bits = (masks[:, None] >> np.arange(21, dtype=np.int64)) & 1
    return np.nonzero(bits)[1].reshape(len(masks), count).astype(np.int64)


def _gain(table: Floats, hand: Masks, cards: Masks | np.int64) -> Floats:
    out: Floats = table[hand | cards] - table[hand]
    return out


class _Position:
    """What one view fixes: the finished rounds, the unseen cards and their places."""

    def __init__(self, view: PlayerView, epsilon: float, beta: float) -> None:
        if view.phase not in (Phase.SPLIT, Phase.CHOOSE):
            raise ValueError(f"draft values are for split and choose decisions, not {view.phase}")
        self.view = view
        self.epsilon, self.beta = epsilon, beta
        self.me, self.them = view.seat, view.opponent
        books = knowledge(view)
        self.rounds = read_history(view).finished_rounds
        seen = view.hand | view.drawn | view.offer | view.offer_face_down
        for played in self.rounds:
            seen |= played.face_up | (played.face_down or 0)
        self.unseen = np.array(mask_indices(ALL_CARDS ^ seen), dtype=np.int64)
        self.hidden_rounds = [i for i, r in enumerate(self.rounds) if r.face_down is None]
        self.choosing = view.phase == Phase.CHOOSE
        self.table_hidden = 2 if self.choosing and view.offer_face_down == 0 else 0
        self.stock_size = view.stock_size
        slots = 2 * len(self.hidden_rounds) + self.table_hidden + self.stock_size + 1
        if slots != len(self.unseen):
            raise ValueError(f"inconsistent view: {len(self.unseen)} unseen cards for {slots} hidden places")
        self.estimate = average_pair_gain(books.opponent_known, int(sum(1 << int(c) for c in self.unseen)))
        # cards of the player's hand the opponent has not seen (they cannot place them)
        self.hidden_from_them = view.hand & ~books.marked
        self.scoring = view.options.scoring
        self.face_up_swap = view.options.face_up_swap

    # -- worlds ----------------------------------------------------------------------------
    def group_sizes(self) -> list[int]:
        """The sizes of the unseen places, in layout order (pairs, table pair, stock rounds, reserve)."""
        sizes = [2] * len(self.hidden_rounds) + ([2] if self.table_hidden else [])
        sizes += [4] * (self.stock_size // 4)
        return [*sizes, 1]

    def world_count(self) -> int:
        count = math.factorial(len(self.unseen))
        for size in self.group_sizes():
            count //= math.factorial(size)
        return count

    def all_worlds(self) -> Masks:
        """Every distinct placement of the unseen cards, one row each (layout order)."""
        return self.unseen[placement_rows(len(self.unseen), self.group_sizes())]

    def sampled_worlds(self, rng: np.random.Generator, count: int) -> Masks:
        return rng.permuted(np.broadcast_to(self.unseen, (count, len(self.unseen))), axis=1)

    # -- values ------------------------------------------------------------------------------
    def evaluate(self, worlds: Masks, legal: Sequence[int]) -> tuple[Floats, Floats]:
        """The weight of each world and each action's result in it: shapes (n,), (n, actions)."""
        view, me, them = self.view, self.me, self.them
        table = _values()
        n = len(worlds)
        position = 0

        def take(count: int) -> Masks:
            nonlocal position
            out = np.zeros(n, dtype=np.int64)
            for column in range(position, position + count):
                out |= _bit(worlds[:, column])
            position += count
            return out

        faces_down = {index: take(2) for index in self.hidden_rounds}
        table_down = take(2) if self.table_hidden else np.zeros(n, dtype=np.int64)
        stock = worlds[:, position : position + self.stock_size]
        reserve = worlds[:, -1]
        weight, hands, hidden = self._replay(faces_down, n)
        if self.choosing:
            down = np.full(n, view.offer_face_down, dtype=np.int64) if view.offer_face_down else table_down
            weight = weight * self._split_likelihood(hands[them], hands[me], view.offer | down,
                                                     np.int64(view.offer))
        results = np.empty((n, len(legal)))
        compiled = _compiled is not None
        jobs: list[tuple[Masks, Masks]] = []  # each action's hands and hidden cards, (2, n) each
        for column, action in enumerate(legal):
            h = [hands[0].copy(), hands[1].copy()]
            blind = [hidden[0].copy(), hidden[1].copy()]
            if self.choosing:
                if action == act.TAKE_FACE_UP:
                    h[me] |= view.offer
                    h[them] |= down
                    blind[me] |= down
                else:
                    h[me] |= down
                    h[them] |= view.offer
            else:
                a, b = act.PAIRS[action - act.SPLIT]
                up = (1 << a) | (1 << b)
                down_pair = view.drawn ^ up
                took_up = _gain(table, h[them], np.int64(up)) >= self.estimate
                h[them] |= np.where(took_up, up, down_pair)
                h[me] |= np.where(took_up, down_pair, up)
                blind[them] |= np.where(took_up, down_pair, 0)
            if compiled:
                jobs.append((np.stack([h[0], h[1]]), np.stack([blind[0], blind[1]])))
            else:
                self._play_rounds_numpy(h, blind, stock)
                results[:, column] = self._reserve_and_build(h, blind, reserve)
        if compiled:
            self._playouts(jobs, np.ascontiguousarray(stock, dtype=np.int64),
                           np.ascontiguousarray(reserve, dtype=np.int64), results)
        return weight, results

    def _playouts(self, jobs: list[tuple[Masks, Masks]], stock: Masks, reserve: Masks, results: Floats) -> None:
        """Each action's rest of the draft, both reserve decisions and the build in one compiled
        pass (:func:`~.draft_kernel.playouts`: the results of :meth:`_play_rounds_numpy` then
        :meth:`_reserve_and_build`, exactly) into ``results``' columns; ``jobs`` holds each
        action's hands and hidden cards. The worlds are shared out among :func:`threads` threads
        when there are enough of them (each thread values its rows for every action: the loops
        release the GIL, and the numpy work before them stays in the calling thread)."""
        parts = min(threads(), len(reserve) // MIN_SHARE)
        tables = (_value_parts(), *_compact_keys(self.scoring))

        def run(start: int, stop: int) -> None:
            for column, (hands, hidden) in enumerate(jobs):
                out = np.empty(stop - start)
                _compiled.playouts(*tables, np.ascontiguousarray(hands[:, start:stop]),
                                   np.ascontiguousarray(hidden[:, start:stop]), stock[start:stop],
                                   reserve[start:stop], self.view.first_splitter, self.view.round + 1, ROUNDS,
                                   float(self.estimate), self.view.reserve_first, self.me, self.face_up_swap,
                                   ALL_CARDS, out)
                results[start:stop, column] = out

        if parts < 2:
            run(0, len(reserve))
            return
        # pieces of at least MIN_SHARE worlds, two per thread, taken by whichever thread is free
        # first; the calling thread works too, and a helper that has not started by the time
        # the calling thread runs out of pieces is called off (on a busy machine the caller does
        # not wait for a thread that never got a core)
        count = min(2 * parts, len(reserve) // MIN_SHARE)
        edges = [len(reserve) * k // count for k in range(count + 1)]
        pieces = iter(list(pairwise(edges)))
        taking = threading.Lock()
        # a helper runs at its caller's priority or lower (a server's reviews run lowered)
        caller, nice = threading.get_ident(), thread_nice()

        def work() -> None:
            if threading.get_ident() != caller:
                follow(nice)
            while True:
                with taking:
                    piece = next(pieces, None)
                if piece is None:
                    return
                run(*piece)

        helpers = [_executor(parts - 1).submit(work) for _ in range(parts - 1)]
        work()
        for helper in helpers:
            if not helper.cancel():
                helper.result()

    def _replay(self, faces_down: dict[int, Masks], n: int) -> tuple[Floats, list[Masks], list[Masks]]:
        """Replay the finished rounds in every world: the likelihood of the opponent's observed
        choices, both hands, and the cards of each hand the other player never saw."""
        me, them = self.me, self.them
        hands = [np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)]
        hidden = [np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)]
        weight = np.ones(n)
        for index, played in enumerate(self.rounds):
            down = faces_down[index] if played.face_down is None else np.full(n, played.face_down, dtype=np.int64)
            splitter, chooser = played.splitter, 1 - played.splitter
            if splitter == them:
                weight = weight * self._split_likelihood(hands[them], hands[me], played.face_up | down,
                                                         np.int64(played.face_up))
            else:
                weight = weight * self._choice_likelihood(hands[them], played.face_up, played.took_face_up is True)
            if played.took_face_up:
                hands[chooser] = hands[chooser] | played.face_up
                hands[splitter] = hands[splitter] | down
                hidden[chooser] = hidden[chooser] | down  # the splitter's cards the chooser never saw
            else:
                hands[chooser] = hands[chooser] | down
                hands[splitter] = hands[splitter] | played.face_up
        # From the opponent's side, the cards of the player's hand they cannot place are known
        # exactly from the view's books (the same in every world).
        hidden[them] = np.full(n, self.hidden_from_them, dtype=np.int64)
        return weight, hands, hidden

    def _split_likelihood(self, own: Masks, other: Masks, drawn: Masks, shown: np.int64) -> Floats:
        """The soft model's probability that a splitter holding ``own`` showed ``shown`` of ``drawn``."""
        table = _values()
        n = max(len(own), len(drawn))
        own = np.broadcast_to(own, n)
        other = np.broadcast_to(other, n)
        cards = _cards_of(np.broadcast_to(drawn, n).copy(), 4)
        scores = np.empty((n, 6))
        shown_score = np.zeros(n)
        for k, (i, j) in enumerate(_PAIRS_OF_FOUR):
            up = _bit(cards[:, i]) | _bit(cards[:, j])
            down = drawn ^ up
            passes_up = _gain(table, other, up) >= self.estimate
            mine = np.where(passes_up, down, up)
            theirs = np.where(passes_up, up, down)
            scores[:, k] = _gain(table, own, mine) - _gain(table, other, theirs)
            shown_score = np.where(up == shown, scores[:, k], shown_score)
        top = scores.max(axis=1)
        total = np.exp(self.beta * (scores - top[:, None])).sum(axis=1)
        model = np.exp(self.beta * (shown_score - top)) / total
        result: Floats = self.epsilon / 6 + (1.0 - self.epsilon) * model
        return result

    def _choice_likelihood(self, hand: Masks, face_up: int, took_up: bool) -> Floats:
        margin = _gain(_values(), hand, np.int64(face_up)) - self.estimate
        p_up = 1.0 / (1.0 + np.exp(-self.beta * margin))
        model = p_up if took_up else 1.0 - p_up
        result: Floats = self.epsilon / 2 + (1.0 - self.epsilon) * model
        return result

    def _play_rounds_numpy(self, hands: list[Masks], hidden: list[Masks], stock: Masks) -> None:
        """Play the remaining split rounds with the skilled rules (in place; the numpy path, used
        without numba and as the compiled loops' reference)."""
        table = _values()
        first = self.view.first_splitter
        column = 0
        for number in range(self.view.round + 1, ROUNDS):
            splitter = first if number % 2 == 0 else 1 - first
            chooser = 1 - splitter
            cards = np.sort(stock[:, column : column + 4], axis=1)
            column += 4
            bits = [_bit(cards[:, k]) for k in range(4)]
            drawn = bits[0] | bits[1] | bits[2] | bits[3]
            own, other = hands[splitter], hands[chooser]
            own_value, other_value = table[own], table[other]  # each gain is table[hand | cards] - these
            best_up = np.zeros(len(drawn), dtype=np.int64)
            best_score = np.full(len(drawn), -np.inf)
            best_passed = np.zeros(len(drawn), dtype=bool)
            for i, j in _PAIRS_OF_FOUR:
                up = bits[i] | bits[j]
                down = drawn ^ up
                passes_up = table[other | up] - other_value >= self.estimate
                score = ((table[own | np.where(passes_up, down, up)] - own_value)
                         - (table[other | np.where(passes_up, up, down)] - other_value))
                better = score > best_score
                best_up = np.where(better, up, best_up)
                best_score = np.where(better, score, best_score)
                best_passed = np.where(better, passes_up, best_passed)
            down = drawn ^ best_up
            hands[chooser] = other | np.where(best_passed, best_up, down)
            hands[splitter] = own | np.where(best_passed, down, best_up)
            hidden[chooser] = hidden[chooser] | np.where(best_passed, down, 0)

    def _reserve_and_build(self, hands: list[Masks], hidden: list[Masks], reserve: Masks) -> Floats:
        """The player's result in every world after both reserve decisions and the build."""
        keys = _keys(self.scoring)
        first = self.view.reserve_first
        # each side's decision when it decides first (or second after a keep: the same cards
        # unplaced, the same hand), computed once for both orders
        unplaced = [hidden[side] | _bit(reserve) for side in (0, 1)]
        alone = [_reserve_choice(keys, hands[side], unplaced[side]) if first in (-1, side) else None
                 for side in (0, 1)]
        if first < 0:  # the reserve order is still to be decided by a coin: both equally likely
            return 0.5 * (self._reserve_in_order(keys, hands, hidden, reserve, 0, alone)
                          + self._reserve_in_order(keys, hands, hidden, reserve, 1, alone))
        return self._reserve_in_order(keys, hands, hidden, reserve, first, alone)

    def _reserve_in_order(self, keys: npt.NDArray[np.int32], hands: list[Masks], hidden: list[Masks],
                          reserve: Masks, first: int, alone: list[Masks | None]) -> Floats:
        second = 1 - first
        reserve_bit = _bit(reserve)
        h = [hands[0].copy(), hands[1].copy()]
        # the first side: the cards it cannot place are the reserve and the opponent's unseen cards
        give = alone[first]
        assert give is not None
        swapped = give >= 0
        gift_bit = np.where(swapped, _bit(np.maximum(give, 0)), 0)
        h[first] = np.where(swapped, h[first] ^ gift_bit | reserve_bit, h[first])
        reserve_bit = np.where(swapped, gift_bit, reserve_bit)
        # the second side: what it can know after the first side's decision
        outside = ALL_CARDS ^ h[second]
        if self.face_up_swap:
            after_swap = gift_bit
        else:
            unplaced = hidden[second] | _bit(reserve)
            knows_old_reserve = np.bitwise_count(unplaced) < 2  # only the reserve was unplaced
            after_swap = np.where(knows_old_reserve, outside ^ _bit(reserve), outside)
        candidates = np.where(swapped, after_swap, hidden[second] | _bit(reserve))
        kept = alone[second]
        if kept is None:  # the order is known: one decision over every world
            give = _reserve_choice(keys, h[second], candidates)
        else:  # after a keep the second side decides as it would alone; after a swap, afresh
            give = kept.copy()
            if swapped.any():
                give[swapped] = _reserve_choice(keys, h[second][swapped], candidates[swapped])
        swapped = give >= 0
        h[second] = np.where(swapped, h[second] ^ _bit(np.maximum(give, 0)) | reserve_bit, h[second])
        mine, theirs = keys[h[self.me]], keys[h[self.them]]
        result: Floats = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
        return result


def _reserve_choice(keys: npt.NDArray[np.int32], hand: Masks, candidates: Masks) -> Masks:
    """Each world's reserve decision for a side holding ``hand`` (ten cards) that cannot place
    ``candidates`` (one of them is the reserve, each equally likely; the opponent holds the
    rest): the card given (-1 for keep), maximising the chance to win; among equals keep, then
    the lowest card (the legal order). The numpy path; the compiled one is
    :func:`~.draft_kernel.reserve_choice`, with the same answers."""
    n = len(hand)
    cards = _cards_of(hand, 10)
    # column 0 keeps, column 1 + i gives the i-th card (the reserve card is added per candidate)
    kept = np.concatenate([hand[:, None], hand[:, None] ^ _bit(cards)], axis=1)
    takes = np.array([0] + [1] * 10, dtype=np.int64)
    totals = np.zeros((n, 11), dtype=np.int32)  # wins minus losses: ranks options as the chance to win
    # each world's candidate cards, ascending, padded on the right (``present`` marks the real ones)
    bits = ((candidates[:, None] >> np.arange(21, dtype=np.int64)) & 1).astype(bool)
    counts = bits.sum(axis=1)
    rows, columns = np.nonzero(bits)  # row by row, cards ascending
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    order = np.zeros((n, int(counts.max())), dtype=np.int64)
    order[rows, np.arange(len(rows)) - starts[rows]] = columns
    for k in range(order.shape[1]):
        c = order[:, k]
        present = (k < counts).astype(np.int32)[:, None]
        theirs = keys[(ALL_CARDS ^ hand) ^ _bit(c)][:, None]
        mine = keys[kept | (takes[None, :] << c[:, None])]
        totals += np.sign(mine - theirs) * present  # +1 a win, 0 a draw, -1 a loss
    best = np.argmax(totals, axis=1)  # the first of the best (exact integers): keep, then the cards in order
    out: Masks = np.where(best == 0, -1, cards[np.arange(n), np.maximum(best - 1, 0)])
    return out


def threads() -> int:
    """How many threads share a batch of worlds: ``$DIVIDED_THREADS`` if set, else one per core
    this process may use, at most :data:`MAX_THREADS` (1 without numba, whose loops release the
    GIL; numpy's do little of that)."""
    setting = os.environ.get("DIVIDED_THREADS", "").strip()
    if setting:
        if not setting.isdigit() or int(setting) < 1:
            raise ValueError(f"DIVIDED_THREADS must be a whole number of at least 1, not {setting!r}")
        wanted = int(setting)
    else:
        wanted = min(MAX_THREADS, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else
                     os.cpu_count() or 1)
    return wanted if _compiled is not None else 1


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_owner = 0
_pool_lock = threading.Lock()


def _executor(size: int) -> ThreadPoolExecutor:
    """The process's pool of at least ``size`` threads for valuing worlds (made on first use, and
    made again in a forked child, which inherits the pool but not its threads)."""
    global _pool, _pool_size, _pool_owner
    with _pool_lock:
        if _pool is None or _pool_size < size or _pool_owner != os.getpid():
            if _pool is not None and _pool_owner == os.getpid():
                _pool.shutdown(wait=False)  # work already handed to it still runs
            _pool = ThreadPoolExecutor(size, thread_name_prefix="draft-values")
            _pool_size, _pool_owner = size, os.getpid()
        return _pool


def warm_up() -> None:
    """Load (or compile) the playouts' loops and build their tables by valuing one small
    decision: a few seconds the first time on a machine (about 1.5 s to load after that), which a
    server spends at start-up rather than on a player's move."""
    from divided import games

    state = games.load("divided-ranks").new_initial_state(0)
    view = state.observation(state.current_player())
    draft_values(view, state.legal_actions()[:2], np.random.default_rng(0), budget=BATCH, epsilon=0.3, beta=1.0)


def placement_rows(items: int, sizes: Sequence[int]) -> Masks:
    """Every way to deal ``items`` items (0, 1, ...) into consecutive groups of ``sizes`` (each
    group unordered, in ascending order), one row each, in the order of :func:`_placements`
    (the first group's combinations in lexicographic order, then the next's among the items
    left): built group by group with numpy, not one row at a time.

    >>> placement_rows(3, [1, 2]).tolist()
    [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    """
    if sum(sizes) != items:
        raise ValueError(f"groups of {list(sizes)} do not hold {items} items")
    rows = np.zeros((1, 0), dtype=np.int64)  # the items placed so far, per row
    left = np.arange(items, dtype=np.int64)[None, :]  # the items not yet placed, ascending
    for size in sizes:
        count = left.shape[1]
        chosen = np.array(list(combinations(range(count), size)), dtype=np.int64).reshape(-1, size)
        rest = np.array([[i for i in range(count) if i not in pick] for pick in chosen.tolist()],
                        dtype=np.int64).reshape(len(chosen), count - size)
        n = len(rows)
        rows = np.concatenate([np.repeat(rows, len(chosen), axis=0),
                               np.repeat(left, len(chosen), axis=0)[np.arange(n * len(chosen))[:, None],
                                                                     np.tile(chosen, (n, 1))]], axis=1)
        left = np.repeat(left, len(chosen), axis=0)[np.arange(n * len(chosen))[:, None], np.tile(rest, (n, 1))]
    return rows


def _placements(items: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Every way to deal ``items`` into consecutive groups of ``sizes`` (each group unordered)."""
    if not sizes:
        yield []
        return
    size, rest = sizes[0], sizes[1:]
    for group in combinations(items, size):
        left = [item for item in items if item not in group]
        for tail in _placements(left, rest):
            yield [*group, *tail]


def draft_values(view: PlayerView, legal: Sequence[int], rng: np.random.Generator, *, budget: int,
                 epsilon: float, beta: float, target: float = TARGET_SE,
                 difference: bool = False, stop: Callable[[DraftValues], bool] | None = None,
                 batch: int = BATCH) -> DraftValues:
    """Every action of ``legal`` valued at a split or choose decision (see the module text):
    exact when the worlds are few (at most :data:`EXACT_LIMIT` or ``budget``), else sampled until every standard error (with
    ``difference``, that of ``legal[0]``'s value minus ``legal[1]``'s) is at most ``target`` or
    ``budget`` worlds have been used, or ``stop`` (asked after every ``batch`` of worlds) says
    the values are sharp enough for the caller."""
    if budget < 1:
        raise ValueError(f"the budget must be at least one world, not {budget}")
    if batch < 1:
        raise ValueError(f"a batch must hold at least one world, not {batch}")
    position = _Position(view, epsilon, beta)
    sums = _Sums(len(legal))
    if position.world_count() <= max(EXACT_LIMIT, budget):
        sums.add(*position.evaluate(position.all_worlds(), legal))
        return sums.values(legal, True)
    while True:
        size = min(batch, budget - sums.worlds)
        sums.add(*position.evaluate(position.sampled_worlds(rng, size), legal))
        found = sums.values(legal, False)
        if difference:
            spread = found.difference_error(legal[0], legal[1])
        else:
            spread = max(found.errors.values()) if sums.weight > 0 else 1.0
        if sums.worlds >= budget or (sums.weight > 0 and spread <= target):
            return found
        if stop is not None and sums.weight > 0 and stop(found):
            return found

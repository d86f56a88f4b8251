"""The skilled bot: fast card-value rules from the view alone.

Cards are valued by what they add to a Collection's best 5 + 3 split, in expected points
(:mod:`divided.bots.card_commons.values`). A position after an action is scored as

    (what my Collection can become) - (what the opponent's face-up cards are worth)
    - EXPOSURE * (what the opponent can expect from the cards I must still offer),

where what my Collection can become is its value with the best cards of my hand that my
remaining actions can keep (Reserve keeps 1, Offer 3 keeps 2, Offer 2 Sets keeps 2, Discard
none), the free places filled at random. So the bot reserves a card it needs (and that the
opponent would want), discards the two cards that help it least and would help the opponent
most, and offers three cards or two sets assuming the opponent keeps what is best for them
(their gain plus what it denies me, the keep rule below): what they take helps them least while
what it keeps helps it.

* Keep: the card or set that leaves it best off by the same score: what it adds to my likely
  Collection minus what the rest adds to the opponent's.
* Build: :func:`~divided.bots.card_commons.build.best_build` (the build game's values, aiming at
  the match). Playouts use the cheaper :func:`build_choice`: expected points for minus against
  over the opponent's possible reserved cards, the opponent building its best static split.

Everything works on bit masks, with cached tables; a turn takes about a millisecond once the
value tables are built (tens of milliseconds at the build), so the expert uses these rules (with
the cheaper build) as its playout policy for both players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

from divided.bots.base import one_hot, view_random
from divided.bots.card_commons.build import best_build
from divided.bots.card_commons.values import collection_value, split_value, tables
from divided.cards import mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import keep_actions
from divided.games.card_commons.state import ALL_CARDS, Phase
from divided.games.card_commons.view import PlayerView
from divided.hands.five import strength_table
from divided.hands.three import strength3_table

EXPOSURE = 0.5
"""Weight of the cards the opponent can still expect from my future offers."""
KEPT_FROM_ACTION = {act.Kind.RESERVE: 1, act.Kind.DISCARD: 0, act.Kind.OFFER_THREE: 2, act.Kind.OFFER_SETS: 2}
"""Cards of my hand each action puts in my own Collection."""
GIVEN_BY_ACTION = {act.Kind.RESERVE: 0, act.Kind.DISCARD: 0, act.Kind.OFFER_THREE: 1, act.Kind.OFFER_SETS: 2}
"""Cards of my hand each action gives the opponent."""
_CACHE_LIMIT = 100_000
"""The most entries a cache of numbers keeps (it starts again when full: tens of MB at most)."""
_TABLE_CACHE_LIMIT = 10_000
"""The most entries a cache of per-card or per-action tables keeps."""


def _kept_and_given(used: int) -> tuple[int, int]:
    kept = given = 0
    for kind in act.TURN_KINDS:
        if not used >> kind & 1:
            kept += KEPT_FROM_ACTION[kind]
            given += GIVEN_BY_ACTION[kind]
    return kept, given


@cache
def _replies(offer: int) -> tuple[tuple[int, int], ...]:
    """The keep replies to an offer, each with the cards it keeps."""
    return tuple((reply, act.decode(reply).cards) for reply in keep_actions(offer))


_KEPT_AND_GIVEN = tuple(_kept_and_given(used) for used in range(16))


@cache
def _single_cards(cards: int) -> tuple[int, ...]:
    return tuple(1 << c for c in mask_indices(cards))


_PROSPECTS: dict[tuple[int, int, int], float] = {}


@cache
def _subsets(hand: int, size: int) -> tuple[int, ...]:
    """Every ``size``-card subset of ``hand`` (masks)."""
    return tuple(sum(combo) for combo in combinations(_single_cards(hand), size))


def prospect(collection: int, hand: int, kept: int) -> float:
    """What a Collection can become: its value with the best ``kept`` cards of ``hand`` added
    (all of them when the hand is smaller), the free places filled at random."""
    key = (collection, hand, kept)
    found = _PROSPECTS.get(key)
    if found is not None:
        return found
    size = min(kept, hand.bit_count(), 8 - collection.bit_count())
    values = tables().collections
    best = max(values[collection | subset] for subset in _subsets(hand, size))
    if len(_PROSPECTS) > _CACHE_LIMIT:
        _PROSPECTS.clear()
    _PROSPECTS[key] = best
    return best


_GAINS: dict[int, tuple[float, ...]] = {}


def card_gains(collection: int) -> tuple[float, ...]:
    """What each card of the pack would add to ``collection`` (0 for its own cards). Cached."""
    found = _GAINS.get(collection)
    if found is not None:
        return found
    base = collection_value(collection)
    full = collection.bit_count() >= 8
    gains = tuple(0.0 if full or collection >> c & 1 else collection_value(collection | 1 << c) - base
                  for c in range(21))
    if len(_GAINS) > _TABLE_CACHE_LIMIT:
        _GAINS.clear()
    _GAINS[collection] = gains
    return gains


def exposure(hand: int, theirs: int, given: int) -> float:
    """What the opponent can expect from the ``given`` cards of ``hand`` I must still offer
    them: ``given`` times the average gain a card of the hand would add to their Collection."""
    if not given or not hand:
        return 0.0
    gains = card_gains(theirs)
    cards = mask_indices(hand)
    return given * sum(gains[c] for c in cards) / len(cards)


def keep_choice(offer: int, mine: int, hand: int, used: int, theirs: int) -> int:
    """The keep reply to ``offer``: the card or set that maximises my prospect minus the value of
    the opponent's Collection with the rest (``mine``: my Collection; ``theirs``: what I see of
    the opponent's)."""
    return max(keep_scores(offer, mine, hand, used, theirs).items(), key=lambda item: (item[1], -item[0]))[0]


def keep_scores(offer: int, mine: int, hand: int, used: int, theirs: int) -> dict[int, float]:
    """:func:`keep_choice`'s score of every reply."""
    offered = decoded(offer)[1]
    kept, _ = _KEPT_AND_GIVEN[used]
    scores: dict[int, float] = {}
    for reply, taken in _replies(offer):
        scores[reply] = prospect(mine | taken, hand, kept) - collection_value(theirs | (offered ^ taken))
    return scores


def _their_pick(offered: int, parts: Sequence[int], seen_mine: int, theirs: int) -> int:
    """The part of an offer the opponent keeps, as I model them: the keep rule from what they
    see (my face-up cards, their face-up cards; their hand is unknown to me)."""
    best, best_score = parts[0], -1e9
    for part in parts:
        score = collection_value(theirs | part) - collection_value(seen_mine | (offered ^ part))
        if score > best_score + 1e-12:
            best, best_score = part, score
    return best


@cache
def decoded(action: int) -> tuple[int, int, tuple[int, int] | None]:
    """An action's kind, cards and sets (:func:`~divided.games.card_commons.actions.decode`, cached)."""
    move = act.decode(action)
    return int(move.kind), move.cards, move.sets


_MOVES: dict[tuple[int, int], list[tuple[int, int, int, tuple[int, ...]]]] = {}


def moves(hand: int, used: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The legal turn actions of ``hand`` with ``used`` kinds spent, in action order, each as
    (action, kind, cards, the parts of an offer the opponent may keep). The same actions as
    :func:`~divided.games.card_commons.rules.turn_actions`, numbered by colex ranks directly
    (fast; a test checks them against the engine's). Cached."""
    key = (hand, used)
    found = _MOVES.get(key)
    if found is not None:
        return found
    cards = mask_indices(hand)
    out: list[tuple[int, int, int, tuple[int, ...]]] = []
    if not used >> act.Kind.RESERVE & 1:
        out += [(act.RESERVE + c, act.Kind.RESERVE, 1 << c, ()) for c in cards]
    if not used >> act.Kind.DISCARD & 1:
        out += [(act.DISCARD + comb(b, 2) + a, act.Kind.DISCARD, 1 << a | 1 << b, ())
                for a, b in combinations(cards, 2)]
    if not used >> act.Kind.OFFER_THREE & 1:
        out += [(act.OFFER_THREE + comb(c, 3) + comb(b, 2) + a, act.Kind.OFFER_THREE, 1 << a | 1 << b | 1 << c,
                 (1 << a, 1 << b, 1 << c)) for a, b, c in combinations(cards, 3)]
    if not used >> act.Kind.OFFER_SETS & 1:
        for a, b, c, d in combinations(cards, 4):
            base = act.OFFER_SETS + 3 * (comb(d, 4) + comb(c, 3) + comb(b, 2) + a)
            quad = 1 << a | 1 << b | 1 << c | 1 << d
            for pairing, first in enumerate((1 << a | 1 << b, 1 << a | 1 << c, 1 << a | 1 << d)):
                out.append((base + pairing, act.Kind.OFFER_SETS, quad, (first, quad ^ first)))
    out.sort()
    if len(_MOVES) > _TABLE_CACHE_LIMIT:
        _MOVES.clear()
    _MOVES[key] = out
    return out


_TURNS: dict[tuple[int, int, int, int, int], dict[int, float]] = {}


def turn_scores(hand: int, used: int, mine: int, seen_mine: int, theirs: int) -> dict[int, float]:
    """The score of every legal turn action (see the module text): ``hand`` and ``used`` are
    mine, ``mine`` my whole Collection, ``seen_mine`` the part the opponent sees (face up),
    ``theirs`` the opponent's face-up cards. Cached by its arguments."""
    key = (hand, used, mine, seen_mine, theirs)
    found = _TURNS.get(key)
    if found is not None:
        return found
    scores: dict[int, float] = {}
    exposures: dict[tuple[int, int, int], float] = {}
    base_theirs = collection_value(theirs)
    for action, kind, cards, parts in moves(hand, used):
        rest = hand & ~cards
        kept, given = _KEPT_AND_GIVEN[used | 1 << kind]
        collection, their_after = mine, theirs
        if kind == act.Kind.RESERVE:
            collection = mine | cards
        elif parts:
            took = _their_pick(cards, parts, seen_mine, theirs)
            collection = mine | (cards ^ took)
            their_after = theirs | took
        their_value = base_theirs if their_after == theirs else collection_value(their_after)
        exposed = exposures.get((rest, their_after, given))
        if exposed is None:
            exposed = exposures[rest, their_after, given] = exposure(rest, their_after, given)
        scores[action] = prospect(collection, rest, kept) - their_value - EXPOSURE * exposed
    if len(_TURNS) > _TABLE_CACHE_LIMIT:
        _TURNS.clear()
    _TURNS[key] = scores
    return scores


def turn_choice(hand: int, used: int, mine: int, seen_mine: int, theirs: int) -> int:
    """The skilled turn action: the best :func:`turn_scores` (ties: the lowest action number)."""
    scores = turn_scores(hand, used, mine, seen_mine, theirs)
    return max(scores.items(), key=lambda item: (item[1], -item[0]))[0]


@cache
def _threes_of(collection: int) -> tuple[int, ...]:
    """The 56 possible 3-card hands of an eight-card Collection (masks)."""
    return tuple(a | b | c for a, b, c in combinations(_single_cards(collection), 3))


_STATIC: dict[int, tuple[int, int]] = {}


def static_build(collection: int) -> tuple[int, int]:
    """The 5- and 3-card strengths of the best static split of a Collection (the best
    :func:`~.values.split_value`; ties: the lowest mask). Cached."""
    found = _STATIC.get(collection)
    if found is not None:
        return found
    best, best_three = -1.0, 0
    for small in _threes_of(collection):
        value = split_value(collection, small)
        if value > best + 1e-12:
            best, best_three = value, small
    found = (strength_table()[collection ^ best_three], strength3_table()[best_three])
    if len(_STATIC) > _CACHE_LIMIT:
        _STATIC.clear()
    _STATIC[collection] = found
    return found


def build_scores(collection: int, theirs: int, unseen: int) -> dict[int, float]:
    """Every build's expected points for minus against, over the opponent's possible reserved
    cards (each card of ``unseen`` equally likely, their Collection ``theirs`` plus it), the
    opponent building with the best static split (:func:`static_build`)."""
    five, three = strength_table(), strength3_table()
    candidates = [theirs | 1 << c for c in mask_indices(unseen)] if theirs.bit_count() < 8 else [theirs]
    their_hands = [static_build(full) for full in candidates]
    scores: dict[int, float] = {}
    for small in _threes_of(collection):
        mine5, mine3 = five[collection ^ small], three[small]
        total = 0
        for their5, their3 in their_hands:
            total += 2 * ((mine5 > their5) - (mine5 < their5)) + ((mine3 > their3) - (mine3 < their3))
        scores[act.build(small)] = total / len(their_hands)
    return scores


def build_three(collection: int, theirs: int, unseen: int) -> int:
    """The 3-card hand (mask) of the skilled build: the best :func:`build_scores` (ties: the
    better static split, then the lowest action, which is the lowest mask)."""
    five, three = strength_table(), strength3_table()
    candidates = [theirs | 1 << c for c in mask_indices(unseen)] if theirs.bit_count() < 8 else [theirs]
    their_hands = [static_build(full) for full in candidates]
    best = -1 << 30
    tied: list[int] = []
    for small in _threes_of(collection):
        mine5, mine3 = five[collection ^ small], three[small]
        total = 0
        for their5, their3 in their_hands:
            total += 2 * ((mine5 > their5) - (mine5 < their5)) + ((mine3 > their3) - (mine3 < their3))
        if total > best:
            best, tied = total, [small]
        elif total == best:
            tied.append(small)
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda small: (split_value(collection, small), -small))


def build_choice(collection: int, theirs: int, unseen: int) -> int:
    """The skilled build action (:func:`build_three`)."""
    return act.build(build_three(collection, theirs, unseen))


def unseen_cards(view: PlayerView) -> int:
    """The cards the viewer cannot place: the pile, the aside card, the opponent's hand, their
    discards and their reserved card (a pending offer's cards are on the table, seen)."""
    offered = decoded(view.offer)[1] if view.offer >= 0 else 0
    return ALL_CARDS & ~(view.hand | view.reserved | view.face_up[0] | view.face_up[1] | view.discards | offered)


@dataclass
class SkilledBot:
    """Heuristic play from the view alone (see the module text)."""

    name: str = "skilled"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """The skilled action (``rng`` is not used: the rules are deterministic)."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if view.player is None:
            raise ValueError("a spectator's view cannot choose")
        me = view.player
        mine = view.reserved | view.face_up[me]
        theirs = view.face_up[1 - me]
        if view.phase == Phase.ACT:
            return turn_choice(view.hand, view.used[me], mine, view.face_up[me], theirs)
        if view.phase == Phase.KEEP:
            return keep_choice(view.offer, mine, view.hand, view.used[me], theirs)
        if view.phase == Phase.BUILD:
            return best_build(view)
        return legal[0]

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose`."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

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
* Build: :func:`build_choice`, expected points for minus against over the opponent's possible
  reserved cards, the opponent building the same way with its best static split.

Everything works on bit masks; a decision takes well under a millisecond once the value tables
are built, so the expert uses these rules as its playout policy for both players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from divided.bots.base import one_hot, view_random
from divided.bots.card_commons.values import collection_value, split_value
from divided.cards import mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.rules import build_actions, keep_actions, turn_actions
from divided.games.card_commons.state import ALL_CARDS, Phase
from divided.games.card_commons.view import PlayerView

EXPOSURE = 0.5
"""Weight of the cards the opponent can still expect from my future offers."""
KEPT_FROM_ACTION = {act.Kind.RESERVE: 1, act.Kind.DISCARD: 0, act.Kind.OFFER_THREE: 2, act.Kind.OFFER_SETS: 2}
"""Cards of my hand each action puts in my own Collection."""
GIVEN_BY_ACTION = {act.Kind.RESERVE: 0, act.Kind.DISCARD: 0, act.Kind.OFFER_THREE: 1, act.Kind.OFFER_SETS: 2}
"""Cards of my hand each action gives the opponent."""
_CACHE_LIMIT = 200_000


def _kept_and_given(used: int) -> tuple[int, int]:
    kept = given = 0
    for kind in act.TURN_KINDS:
        if not used >> kind & 1:
            kept += KEPT_FROM_ACTION[kind]
            given += GIVEN_BY_ACTION[kind]
    return kept, given


_KEPT_AND_GIVEN = tuple(_kept_and_given(used) for used in range(16))


@cache
def _single_cards(cards: int) -> tuple[int, ...]:
    return tuple(1 << c for c in mask_indices(cards))


_PROSPECTS: dict[tuple[int, int, int], float] = {}


def prospect(collection: int, hand: int, kept: int) -> float:
    """What a Collection can become: its value with the best ``kept`` cards of ``hand`` added
    (all of them when the hand is smaller), the free places filled at random."""
    key = (collection, hand, kept)
    found = _PROSPECTS.get(key)
    if found is not None:
        return found
    bits = [1 << c for c in mask_indices(hand)]
    size = min(kept, len(bits), 8 - collection.bit_count())
    best = 0.0
    for combo in combinations(bits, size):
        value = collection_value(collection | sum(combo))
        if value > best:
            best = value
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
    if len(_GAINS) > _CACHE_LIMIT:
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
    offered = act.decode(offer).cards
    kept, _ = _KEPT_AND_GIVEN[used]
    scores: dict[int, float] = {}
    for reply in keep_actions(offer):
        taken = act.decode(reply).cards
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
def _decoded(action: int) -> tuple[int, int, tuple[int, int] | None]:
    """An action's kind, cards and sets (:func:`~divided.games.card_commons.actions.decode`, cached)."""
    move = act.decode(action)
    return int(move.kind), move.cards, move.sets


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
    base_theirs = collection_value(theirs)
    for action in turn_actions(hand, used):
        kind, cards, sets = _decoded(action)
        rest = hand & ~cards
        kept, given = _KEPT_AND_GIVEN[used | 1 << kind]
        collection, their_after = mine, theirs
        if kind == act.Kind.RESERVE:
            collection = mine | cards
        elif kind == act.Kind.OFFER_THREE:
            took = _their_pick(cards, _single_cards(cards), seen_mine, theirs)
            collection = mine | (cards ^ took)
            their_after = theirs | took
        elif kind == act.Kind.OFFER_SETS:
            assert sets is not None
            took = _their_pick(cards, sets, seen_mine, theirs)
            collection = mine | (cards ^ took)
            their_after = theirs | took
        their_value = base_theirs if their_after == theirs else collection_value(their_after)
        scores[action] = (prospect(collection, rest, kept) - their_value
                          - EXPOSURE * exposure(rest, their_after, given))
    if len(_TURNS) > _CACHE_LIMIT:
        _TURNS.clear()
    _TURNS[key] = scores
    return scores


def turn_choice(hand: int, used: int, mine: int, seen_mine: int, theirs: int) -> int:
    """The skilled turn action: the best :func:`turn_scores` (ties: the lowest action number)."""
    scores = turn_scores(hand, used, mine, seen_mine, theirs)
    return max(scores.items(), key=lambda item: (item[1], -item[0]))[0]


def build_scores(collection: int, theirs: int, unseen: int) -> dict[int, float]:
    """Every build's expected points for minus against, over the opponent's possible reserved
    cards (each card of ``unseen`` equally likely, their Collection ``theirs`` plus it), the
    opponent building with the best static split (:func:`~.values.split_value`)."""
    from divided.hands.five import strength_table
    from divided.hands.three import strength3_table

    five, three = strength_table(), strength3_table()
    candidates = [theirs | 1 << c for c in mask_indices(unseen)] if theirs.bit_count() < 8 else [theirs]
    their_hands = []
    for full in candidates:
        small = max(build_actions(full), key=lambda a: (split_value(full, act.decode(a).cards), -a))
        cards = act.decode(small).cards
        their_hands.append((five[full ^ cards], three[cards]))
    scores: dict[int, float] = {}
    for action in build_actions(collection):
        cards = act.decode(action).cards
        mine5, mine3 = five[collection ^ cards], three[cards]
        total = 0
        for their5, their3 in their_hands:
            total += 2 * ((mine5 > their5) - (mine5 < their5)) + ((mine3 > their3) - (mine3 < their3))
        scores[action] = total / len(their_hands)
    return scores


def build_choice(collection: int, theirs: int, unseen: int) -> int:
    """The skilled build (see :func:`build_scores`; ties: the better static split)."""
    scores = build_scores(collection, theirs, unseen)
    return max(scores, key=lambda a: (scores[a], split_value(collection, act.decode(a).cards), -a))


def unseen_cards(view: PlayerView) -> int:
    """The cards the viewer cannot place: the pile, the aside card, the opponent's hand, their
    discards and their reserved card."""
    return ALL_CARDS & ~(view.hand | view.reserved | view.face_up[0] | view.face_up[1] | view.discards)


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
            return build_choice(mine, theirs, unseen_cards(view))
        return legal[0]

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose`."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

"""Card Commons views as bits, for learning code: the room's observation layout.

:data:`LAYOUT` encodes one :class:`~divided.games.card_commons.view.PlayerView` alone (so an
encoding never carries hidden information) as an ``int`` whose bit ``i`` is entry ``i`` of the
flat vector (the adapters turn it into numpy). Seats are absolute. It holds what a player sees
that matters for play: the seat, who is to move, the phase, the round, its starter, the target
and the scores, the player's hand, reserved card and discards, each seat's face-up Collection,
hand and pile sizes, the actions each seat has used, this round's turns (each turn's action,
the cards of an offer and what was kept of it), the pending offer (cards and sets), who has
built and the player's own build, extra rounds, the last round's showdown (both Collections
and both 3-card hands) and the winner. Past rounds before the last are summed up by the
scores: their turns are not encoded.

Counters saturate: the round, the scores and the extra rounds count 0-15, the last entry
meaning 15 or more (reached only through a long run of extra rounds, or a target of 10 and
beyond).

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> view = state.observation(0)
>>> size(LAYOUT)
776
>>> entries(LAYOUT, LAYOUT.encode(view), "hand") == [c for c in range(CARDS) if view.hand >> c & 1]
True
"""

from __future__ import annotations

from divided.games.base import CHANCE
from divided.games.card_commons import actions as act
from divided.games.card_commons.history import read_turns
from divided.games.card_commons.options import OPTIONS
from divided.games.card_commons.state import HAND_SIZE, TURNS, Phase
from divided.games.card_commons.view import PlayerView
from divided.games.room import Pieces, entries, offsets, size

CARDS = 21
COUNTER = 16
"""Entries of a saturating counter (0-15)."""
PHASES: tuple[Phase, ...] = tuple(Phase)
_PHASE_NUMBER = {phase: n for n, phase in enumerate(PHASES)}
TARGETS: tuple[int, ...] = tuple(int(v) for v in OPTIONS[1].choices)
_MOST_IN_HAND = HAND_SIZE + TURNS // 2  # six dealt and four drawn, before any is used


PIECES: Pieces = (
    ("seat", (2,)),
    ("current_player", (4,)),  # player 0, player 1, chance, terminal
    ("phase", (len(PHASES),)),
    ("round", (COUNTER,)),
    ("starter", (3,)),  # not yet decided, player 0, player 1
    ("target", (len(TARGETS),)),
    ("scores", (2, COUNTER)),
    ("hand", (CARDS,)),
    ("hand_sizes", (2, _MOST_IN_HAND + 1)),
    ("pile_size", (CARDS + 1,)),
    ("reserved", (CARDS,)),  # the player's own
    ("discards", (CARDS,)),  # the player's own
    ("face_up", (2, CARDS)),
    ("used", (2, len(act.TURN_KINDS))),
    ("turn", (TURNS + 1,)),
    ("turn_kind", (TURNS, len(act.TURN_KINDS))),  # this round's turns in order
    ("turn_offered", (TURNS, CARDS)),  # the cards of an offer
    ("turn_kept", (TURNS, CARDS)),  # what the other player kept of it
    ("offer_kind", (2,)),  # the pending offer: three cards, two sets
    ("offer", (CARDS,)),
    ("offer_first_set", (CARDS,)),  # of two sets: the one with the lowest card
    ("built", (2,)),
    ("build", (CARDS,)),  # the player's own 3-card hand, once built
    ("extra", (1,)),
    ("extra_rounds", (COUNTER,)),
    ("last_collections", (2, CARDS)),  # the last showdown
    ("last_threes", (2, CARDS)),
    ("winner", (3,)),  # draw, player 0, player 1
)


_O = offsets(PIECES)


def _one(piece: str, index: int) -> int:
    return 1 << (_O[piece] + index)


_TURN_KIND_NUMBER = {kind: n for n, kind in enumerate(act.TURN_KINDS)}
_TURN_KINDS_MASK = sum(1 << kind for kind in act.TURN_KINDS)
_USED_ROW = tuple(sum(1 << n for n, kind in enumerate(act.TURN_KINDS) if used >> kind & 1)
                  for used in range(_TURN_KINDS_MASK + 1))
"""A seat's ``used`` (bit ``k`` for kind ``k``) as its row of the ``used`` piece."""


def _count(value: int) -> int:
    return min(value, COUNTER - 1)


class ViewLayout:
    """The view as bits (see the module text): :data:`LAYOUT`."""

    pieces: Pieces = PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        bits = 0
        player = view.player
        if player is not None:
            bits |= _one("seat", player)
        current = view.current_player
        bits |= _one("current_player", current if current >= 0 else (2 if current == CHANCE else 3))
        bits |= _one("phase", _PHASE_NUMBER[view.phase])
        bits |= _one("round", _count(view.round))
        bits |= _one("starter", view.starter + 1)
        bits |= _one("target", TARGETS.index(view.options.target))
        for seat in (0, 1):
            bits |= _one("scores", seat * COUNTER + _count(view.scores[seat]))
            bits |= _one("hand_sizes", seat * (_MOST_IN_HAND + 1) + view.hand_sizes[seat])
            bits |= view.face_up[seat] << (_O["face_up"] + seat * CARDS)
            bits |= _USED_ROW[view.used[seat] & _TURN_KINDS_MASK] << (_O["used"] + seat * len(act.TURN_KINDS))
            if view.built[seat]:
                bits |= _one("built", seat)
        bits |= _one("pile_size", view.pile_size)
        bits |= view.hand << _O["hand"] | view.reserved << _O["reserved"] | view.discards << _O["discards"]
        bits |= view.build << _O["build"]
        bits |= _one("turn", view.turn)
        if view.phase != Phase.COIN:
            kinds = offered = kept = 0  # this round's turns, each piece relative to its start
            for turn in read_turns(view):
                kinds |= 1 << (turn.number * len(act.TURN_KINDS) + _TURN_KIND_NUMBER[turn.kind])
                if turn.is_offer:
                    assert turn.cards is not None
                    offered |= turn.cards << turn.number * CARDS
                    kept |= (turn.kept or 0) << turn.number * CARDS
            bits |= kinds << _O["turn_kind"] | offered << _O["turn_offered"] | kept << _O["turn_kept"]
        if view.offer >= 0:
            move = act.decode(view.offer)
            bits |= _one("offer_kind", 0 if move.kind == act.Kind.OFFER_THREE else 1)
            bits |= move.cards << _O["offer"]
            if move.sets is not None:
                bits |= move.sets[0] << _O["offer_first_set"]
        if view.extra:
            bits |= _one("extra", 0)
        bits |= _one("extra_rounds", _count(view.extra_rounds))
        if view.rounds:
            last = view.rounds[-1]
            for seat in (0, 1):
                bits |= last.collections[seat] << (_O["last_collections"] + seat * CARDS)
                bits |= last.threes[seat] << (_O["last_threes"] + seat * CARDS)
        if view.outcome is not None:
            winner = view.outcome.winner
            bits |= _one("winner", 0 if winner is None else winner + 1)
        return bits


LAYOUT = ViewLayout()
"""The room's observation layout (776 entries)."""

__all__ = ["CARDS", "COUNTER", "LAYOUT", "PIECES", "TARGETS", "ViewLayout", "entries", "offsets", "size"]

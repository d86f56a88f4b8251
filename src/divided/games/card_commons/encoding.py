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


(_SEAT, _CURRENT_PLAYER, _PHASE, _ROUND, _STARTER, _TARGET, _SCORES, _HAND, _HAND_SIZES, _PILE_SIZE, _RESERVED,
 _DISCARDS, _FACE_UP, _USED, _TURN, _TURN_KIND, _TURN_OFFERED, _TURN_KEPT, _OFFER_KIND, _OFFER, _OFFER_FIRST_SET,
 _BUILT, _BUILD, _EXTRA, _EXTRA_ROUNDS, _LAST_COLLECTIONS, _LAST_THREES, _WINNER) = (_O[name] for name, _ in PIECES)
"""Each piece's offset, in the order of :data:`PIECES`."""


_TURN_KIND_NUMBER = {kind: n for n, kind in enumerate(act.TURN_KINDS)}
_TURN_KINDS_MASK = sum(1 << kind for kind in act.TURN_KINDS)
_USED_ROW = tuple(sum(1 << n for n, kind in enumerate(act.TURN_KINDS) if used >> kind & 1)
                  for used in range(_TURN_KINDS_MASK + 1))
"""A seat's ``used`` (bit ``k`` for kind ``k``) as its row of the ``used`` piece."""


class ViewLayout:
    """The view as bits (see the module text): :data:`LAYOUT`."""

    pieces: Pieces = PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        player = view.player
        bits = 0 if player is None else 1 << (_SEAT + player)
        current = view.current_player
        bits |= 1 << (_CURRENT_PLAYER + (current if current >= 0 else (2 if current == CHANCE else 3)))
        phase = view.phase
        bits |= (1 << (_PHASE + _PHASE_NUMBER[phase]) | 1 << (_ROUND + min(view.round, COUNTER - 1))
                 | 1 << (_STARTER + view.starter + 1) | 1 << (_TARGET + TARGETS.index(view.options.target)))
        scores, sizes, face_up, used, built = view.scores, view.hand_sizes, view.face_up, view.used, view.built
        bits |= (1 << (_SCORES + min(scores[0], COUNTER - 1)) | 1 << (_SCORES + COUNTER + min(scores[1], COUNTER - 1))
                 | 1 << (_HAND_SIZES + sizes[0]) | 1 << (_HAND_SIZES + _MOST_IN_HAND + 1 + sizes[1])
                 | face_up[0] << _FACE_UP | face_up[1] << (_FACE_UP + CARDS)
                 | _USED_ROW[used[0] & _TURN_KINDS_MASK] << _USED
                 | _USED_ROW[used[1] & _TURN_KINDS_MASK] << (_USED + len(act.TURN_KINDS)))
        if built[0]:
            bits |= 1 << _BUILT
        if built[1]:
            bits |= 2 << _BUILT
        bits |= (1 << (_PILE_SIZE + view.pile_size) | view.hand << _HAND | view.reserved << _RESERVED
                 | view.discards << _DISCARDS | view.build << _BUILD | 1 << (_TURN + view.turn))
        if phase != Phase.COIN:
            kinds = offered = kept = 0  # this round's turns, each piece relative to its start
            for turn in read_turns(view):
                kinds |= 1 << (turn.number * len(act.TURN_KINDS) + _TURN_KIND_NUMBER[turn.kind])
                if turn.is_offer:
                    assert turn.cards is not None
                    offered |= turn.cards << turn.number * CARDS
                    kept |= (turn.kept or 0) << turn.number * CARDS
            bits |= kinds << _TURN_KIND | offered << _TURN_OFFERED | kept << _TURN_KEPT
        if view.offer >= 0:
            move = act.decode(view.offer)
            bits |= 1 << (_OFFER_KIND + (0 if move.kind == act.Kind.OFFER_THREE else 1)) | move.cards << _OFFER
            if move.sets is not None:
                bits |= move.sets[0] << _OFFER_FIRST_SET
        if view.extra:
            bits |= 1 << _EXTRA
        bits |= 1 << (_EXTRA_ROUNDS + min(view.extra_rounds, COUNTER - 1))
        if view.rounds:
            last = view.rounds[-1]
            bits |= (last.collections[0] << _LAST_COLLECTIONS | last.collections[1] << (_LAST_COLLECTIONS + CARDS)
                     | last.threes[0] << _LAST_THREES | last.threes[1] << (_LAST_THREES + CARDS))
        if view.outcome is not None:
            winner = view.outcome.winner
            bits |= 1 << (_WINNER + (0 if winner is None else winner + 1))
        return bits


LAYOUT = ViewLayout()
"""The room's observation layout (776 entries)."""

__all__ = ["CARDS", "COUNTER", "LAYOUT", "PIECES", "TARGETS", "ViewLayout", "entries", "offsets", "size"]

"""DIVIDE views as bits, for learning code: the room's observation layout.

:data:`LAYOUT` encodes one :class:`~divided.games.divide.view.PlayerView` alone (so an encoding
never carries hidden information) as an ``int`` whose bit ``i`` is entry ``i`` of the flat
vector (the adapters turn it into numpy). One layout serves both table sizes: seat blocks have
six rows and a 4-player game leaves rows 4 and 5 empty. Seats are **relative** to the viewer
(row 0 the viewer, row 1 their left neighbour, and so on; a spectator's rows are the absolute
seats), so the same position looks the same from every seat; ``seat`` gives the absolute seat.

It holds: the table size and the rule variants, the seat, who is to act, the phase, the dealer,
the round and the trick; the viewer's hand, commit and pass, the cards they received; hand
sizes, who has committed and passed; the cards each seat played this round (Trick 1's commits
once flipped), the current trick by seat and its leader; the voids shown this round; the token
line (each face-up value one-hot), the current token and the values still face down; the Trump
Rank (one-hot with No Trump); the draft (the finishers, the rewards picked) and who holds Lead;
the scores, round points, 5-value tokens and tricks led as thermometers (saturating); the
winners. :meth:`ViewLayout.public` and :meth:`ViewLayout.private` split a view into what every
player knows and what only its player knows, for OpenSpiel's factored observations.

>>> from divided import games
>>> state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
>>> view = state.observation(1)
>>> size(LAYOUT)
1836
>>> entries(LAYOUT, LAYOUT.encode(view), "hand") == [c for c in range(CARDS) if view.hand >> c & 1]
True
"""

from __future__ import annotations

from dataclasses import replace
from math import prod

from divided.games.base import CHANCE
from divided.games.divide import actions as act
from divided.games.divide.history import read_history
from divided.games.divide.state import TOKENS, TRICKS, Phase
from divided.games.divide.view import PlayerView, SeenPass
from divided.games.room import Pieces, entries, offsets, size

CARDS = 54
SEATS = 6
PHASES: tuple[Phase, ...] = tuple(Phase)
_PHASE_NUMBER = {phase: n for n, phase in enumerate(PHASES)}
ROUNDS = 10
VALUES = (1, 3, 5)
REWARDS = (act.Reward.POINTS, act.Reward.TRUMP, act.Reward.LEAD)
SCORE_STEP, SCORE_BITS = 2, 40
"""Scores as a thermometer in steps of 2 points (bit k: at least 2(k+1)), saturating at 80."""
ROUND_POINTS = sum(TOKENS)  # 23
FIVES_BITS = 10
LED_BITS = 30


PIECES: Pieces = (
    ("players", (2,)),  # 4, 6
    ("rules", (2,)),  # Trump resets each round; the score end is off
    ("seat", (SEATS,)),  # absolute (none for a spectator)
    ("current_player", (SEATS + 2,)),  # relative seats, chance, terminal
    ("phase", (len(PHASES),)),
    ("dealer", (SEATS,)),
    ("round", (ROUNDS,)),
    ("trick", (TRICKS + 1,)),  # 0 before Trick 1
    ("hand", (CARDS,)),
    ("commit", (CARDS,)),  # the viewer's own
    ("pass_left", (CARDS,)),  # the viewer's own
    ("pass_right", (CARDS,)),
    ("received", (2, CARDS)),  # from the right neighbour (its left pass), from the left neighbour
    ("hand_sizes", (SEATS, 10)),
    ("committed", (SEATS,)),
    ("passed", (SEATS,)),
    ("played", (SEATS, CARDS)),  # this round, by seat
    ("current_trick", (SEATS, CARDS)),  # the trick in play or being drafted, by seat
    ("leader", (SEATS,)),  # of the current trick
    ("voids", (SEATS, 4)),
    ("line", (len(TOKENS), len(VALUES))),
    ("current_token", (len(VALUES),)),
    ("face_down", (len(TOKENS),)),  # thermometers: 1s (4), 3s (3), 5s (2) still face down
    ("trump", (14,)),  # 2..A, No Trump
    ("finishers", (3, SEATS)),
    ("picks", (3, len(REWARDS))),
    ("next_leader", (SEATS,)),  # who took Lead in the last Divide
    ("scores", (SEATS, SCORE_BITS)),
    ("round_points", (SEATS, ROUND_POINTS)),
    ("fives", (SEATS, FIVES_BITS)),
    ("led", (SEATS, LED_BITS)),
    ("winners", (SEATS,)),
)


_O = offsets(PIECES)


def _one(piece: str, index: int) -> int:
    return 1 << (_O[piece] + index)


def _thermometer(piece: str, row: int, width: int, level: int) -> int:
    """The first ``min(level, width)`` entries of row ``row``."""
    return ((1 << min(max(level, 0), width)) - 1) << (_O[piece] + row * width)


def _cards(piece: str, row: int, mask: int) -> int:
    return mask << (_O[piece] + row * CARDS)


class ViewLayout:
    """The view as bits (see the module text): :data:`LAYOUT`."""

    pieces: Pieces = PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        n = view.num_players
        me = view.player
        base = me if me is not None else 0

        def rel(seat: int) -> int:
            return (seat - base) % n

        bits = _one("players", 0 if n == 4 else 1)
        if view.options.trump == "resets":
            bits |= _one("rules", 0)
        if not view.options.end_score:
            bits |= _one("rules", 1)
        if me is not None:
            bits |= _one("seat", me)
        current = view.current_player
        bits |= _one("current_player", rel(current) if current >= 0 else (SEATS if current == CHANCE else SEATS + 1))
        bits |= _one("phase", _PHASE_NUMBER[view.phase])
        if view.dealer >= 0:
            bits |= _one("dealer", rel(view.dealer))
        bits |= _one("round", min(view.round, ROUNDS - 1))
        bits |= _one("trick", view.trick)
        bits |= _cards("hand", 0, view.hand)
        if view.commit >= 0:
            bits |= _one("commit", view.commit)
        if view.my_pass >= 0:
            left, right = act.pass_cards(view.my_pass)
            bits |= _one("pass_left", left) | _one("pass_right", right)
        past = read_history(view)
        current_round = past.current
        if me is not None:
            for row, card in enumerate(current_round.received(me)):
                if card is not None:
                    bits |= _one("received", row * CARDS + card)
        for seat in range(n):
            r = rel(seat)
            bits |= _one("hand_sizes", r * 10 + min(view.hand_sizes[seat], 9))
            if view.committed[seat]:
                bits |= _one("committed", r)
            if view.passed[seat]:
                bits |= _one("passed", r)
            bits |= _cards("played", r, current_round.played[seat])
            bits |= current_round.voids[seat] << (_O["voids"] + 4 * r)
            bits |= _thermometer("scores", r, SCORE_BITS, view.scores[seat] // SCORE_STEP)
            bits |= _thermometer("round_points", r, ROUND_POINTS, view.round_points[seat])
            bits |= _thermometer("fives", r, FIVES_BITS, view.fives[seat])
            bits |= _thermometer("led", r, LED_BITS, view.led[seat])
        if view.phase in (Phase.PLAY, Phase.DRAFT) and view.trick >= 1:
            for seat, card in view.plays:
                bits |= _one("current_trick", rel(seat) * CARDS + card)
            bits |= _one("leader", rel(view.leader))
        for position, value in enumerate(view.line):
            if value:
                bits |= _one("line", position * len(VALUES) + VALUES.index(value))
        if view.current_token:
            bits |= _one("current_token", VALUES.index(view.current_token))
        start = 0
        for value in VALUES:
            total = TOKENS.count(value)
            left_down = total - sum(v == value for v in view.line)
            bits |= ((1 << left_down) - 1) << (_O["face_down"] + start)
            start += total
        bits |= _one("trump", 13 if view.trump is None else view.trump - 2)
        if view.phase == Phase.DRAFT:
            for place, seat in enumerate(view.finishers):
                bits |= _one("finishers", place * SEATS + rel(seat))
            for place, pick in enumerate(view.picks):
                bits |= _one("picks", place * len(REWARDS) + REWARDS.index(act.reward_of(pick)))
        if view.next_leader >= 0:
            bits |= _one("next_leader", rel(view.next_leader))
        if view.outcome is not None:
            for seat in view.outcome.winners:
                bits |= _one("winners", rel(seat))
        return bits


    def public(self, view: PlayerView) -> PlayerView:
        """:func:`public_view`."""
        return public_view(view)

    def private(self, view: PlayerView) -> PlayerView:
        """:func:`private_view`."""
        return private_view(view)

    def private_mask(self) -> int:
        """The bits of :data:`PRIVATE_PIECES`."""
        mask = 0
        for name in PRIVATE_PIECES:
            mask |= ((1 << prod(dict(PIECES)[name])) - 1) << _O[name]
        return mask


PRIVATE_PIECES = ("seat", "hand", "commit", "pass_left", "pass_right", "received")
"""The pieces only the view's player knows (OpenSpiel's private observation)."""


def public_view(view: PlayerView) -> PlayerView:
    """What every player knows: the spectator's view of the same moment (no hand, no commit or
    pass of one's own, every pass card hidden); it encodes with absolute seats, so it is the same
    from every seat."""
    events = tuple(replace(e, left=None, right=None) if isinstance(e, SeenPass) else e for e in view.events)
    return replace(view, player=None, hand=0, commit=-1, my_pass=-1, events=events)


def private_view(view: PlayerView) -> PlayerView:
    """Only what ``view.player`` knows and the others do not: their seat, hand, commit and pass,
    and the cards passed to them this round (every public field blank)."""
    n = view.num_players
    zeros = (0,) * n
    me = view.player
    events = tuple(e for e in view.events if isinstance(e, SeenPass) and e.round == view.round
                   and me is not None and e.player in ((me - 1) % n, (me + 1) % n, me))
    return replace(view, current_player=CHANCE, phase=Phase.DEALER, dealer=-1, hand_sizes=zeros,
                   committed=(False,) * n, passed=(False,) * n, line=(0,) * len(TOKENS), revealed=0, trick=0,
                   leader=-1, plays=(), finishers=(), picks=(), trump=None, next_leader=-1, round_points=zeros,
                   scores=zeros, fives=zeros, led=zeros, events=events, outcome=None)


LAYOUT = ViewLayout()
"""The room's observation layout (1,836 entries)."""

__all__ = ["CARDS", "LAYOUT", "PIECES", "PRIVATE_PIECES", "SEATS", "ViewLayout", "entries", "offsets", "private_view",
           "public_view", "size"]

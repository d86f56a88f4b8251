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
from divided.games.divide.history import read_round_cards, received
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


_ONES = tuple((1 << k) - 1 for k in range(max(SCORE_BITS, ROUND_POINTS, FIVES_BITS, LED_BITS) + 1))
"""``_ONES[k]``: a thermometer at level ``k`` (its first ``k`` entries)."""
_MOST = ROUND_POINTS * max(ROUNDS, 10)  # no tally exceeds every point of the longest game (10 rounds)
_SCORE_ROW = tuple(_ONES[min(score // SCORE_STEP, SCORE_BITS)] for score in range(_MOST + 1))
_POINTS_ROW = tuple(_ONES[min(points, ROUND_POINTS)] for points in range(_MOST + 1))
_FIVES_ROW = tuple(_ONES[min(fives, FIVES_BITS)] for fives in range(_MOST + 1))
_LED_ROW = tuple(_ONES[min(led, LED_BITS)] for led in range(_MOST + 1))
"""A seat's row of each tally by its value (0 to :data:`_MOST`; a tally is never negative)."""
_VALUE_NUMBER = {value: n for n, value in enumerate(VALUES)}
_REWARD_NUMBER = {reward: n for n, reward in enumerate(REWARDS)}


_LINE_BITS: dict[tuple[int, ...], int] = {}


def _line_bits(line: tuple[int, ...]) -> int:
    """The token line's pieces (each face-up value, the current token's, the values still face
    down), relative to the ``current_trick`` piece; the last few thousand lines are kept."""
    bits = _LINE_BITS.get(line)
    if bits is None:
        faces = down = 0
        for position, value in enumerate(line):
            if value:
                faces |= 1 << (position * len(VALUES) + _VALUE_NUMBER[value])
        start = 0
        for value in VALUES:
            total = TOKENS.count(value)
            down |= _ONES[total - line.count(value)] << start
            start += total
        bits = faces << (_O["line"] - _O["current_trick"]) | down << (_O["face_down"] - _O["current_trick"])
        if len(_LINE_BITS) >= 4096:
            _LINE_BITS.clear()
        _LINE_BITS[line] = bits
    return bits


_TALLY_BITS: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {}


def _tally_bits(base: int, scores: tuple[int, ...], points: tuple[int, ...], fives: tuple[int, ...],
                led: tuple[int, ...]) -> int:
    """The pieces ``scores``, ``round_points``, ``fives`` and ``led`` (consecutive), relative to
    ``scores``, with row ``r`` seat ``(base + r) % n``. They change only when a trick or a
    round ends, so the last few thousand are kept."""
    key = (base, scores, points, fives, led)
    bits = _TALLY_BITS.get(key)
    if bits is None:
        score_bits = points_bits = fives_bits = led_bits = 0
        n = len(scores)
        for row in range(n):
            seat = (base + row) % n
            score_bits |= _SCORE_ROW[scores[seat]] << row * SCORE_BITS
            points_bits |= _POINTS_ROW[points[seat]] << row * ROUND_POINTS
            fives_bits |= _FIVES_ROW[fives[seat]] << row * FIVES_BITS
            led_bits |= _LED_ROW[led[seat]] << row * LED_BITS
        bits = (score_bits | points_bits << (_O["round_points"] - _O["scores"])
                | fives_bits << (_O["fives"] - _O["scores"]) | led_bits << (_O["led"] - _O["scores"]))
        if len(_TALLY_BITS) >= 4096:
            _TALLY_BITS.clear()
        _TALLY_BITS[key] = bits
    return bits


class ViewLayout:
    """The view as bits (see the module text): :data:`LAYOUT`."""

    pieces: Pieces = PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``). Each piece is assembled as
        a small integer and shifted into place once (ORs into the 1,836-bit whole are the cost)."""
        n = view.num_players
        me = view.player
        base = me if me is not None else 0
        o = _O
        bits = 1 if n == 4 else 2  # players
        if view.options.trump == "resets":
            bits |= 1 << o["rules"]
        if not view.options.end_score:
            bits |= 2 << o["rules"]
        if me is not None:
            bits |= 1 << (o["seat"] + me)
        current = view.current_player
        bits |= 1 << (o["current_player"] + ((current - base) % n if current >= 0
                                              else (SEATS if current == CHANCE else SEATS + 1)))
        bits |= 1 << (o["phase"] + _PHASE_NUMBER[view.phase])
        if view.dealer >= 0:
            bits |= 1 << (o["dealer"] + (view.dealer - base) % n)
        bits |= 1 << (o["round"] + min(view.round, ROUNDS - 1))
        bits |= 1 << (o["trick"] + view.trick)
        bits |= view.hand << o["hand"]
        if view.commit >= 0:
            bits |= 1 << (o["commit"] + view.commit)
        if view.my_pass >= 0:
            left, right = act.pass_cards(view.my_pass)
            bits |= 1 << (o["pass_left"] + left) | 1 << (o["pass_right"] + right)
        passes, played_cards, void_suits = read_round_cards(view)
        if me is not None:
            for row, card in enumerate(received(passes, me)):
                if card is not None:
                    bits |= 1 << (o["received"] + row * CARDS + card)
        sizes = committed = passed = played = voids = 0
        if base:  # every per-seat tuple rotated so that row r is seat (base + r) % n
            rows = [t[base:] + t[:base] for t in (view.hand_sizes, view.committed, view.passed, played_cards,
                                                   void_suits)]
        else:
            rows = [view.hand_sizes, view.committed, view.passed, played_cards, void_suits]
        for row, (held, has_committed, has_passed, cards, lacks) in enumerate(zip(*rows, strict=True)):
            sizes |= 1 << (row * 10 + min(held, 9))
            if has_committed:
                committed |= 1 << row
            if has_passed:
                passed |= 1 << row
            played |= cards << row * CARDS
            voids |= lacks << 4 * row
        bits |= (sizes << o["hand_sizes"] | committed << o["committed"] | passed << o["passed"]
                 | played << o["played"] | voids << o["voids"])
        table = 0  # from the current trick on, relative to it
        if view.phase in (Phase.PLAY, Phase.DRAFT) and view.trick >= 1:
            trick = 0
            for seat, card in view.plays:
                trick |= 1 << ((seat - base) % n * CARDS + card)
            table |= trick | 1 << (o["leader"] - o["current_trick"] + (view.leader - base) % n)
        table |= _line_bits(view.line)
        token = view.current_token
        if token:
            table |= 1 << (o["current_token"] - o["current_trick"] + _VALUE_NUMBER[token])
        table |= 1 << (o["trump"] - o["current_trick"] + (13 if view.trump is None else view.trump - 2))
        if view.phase == Phase.DRAFT:
            for place, seat in enumerate(view.finishers):
                table |= 1 << (o["finishers"] - o["current_trick"] + place * SEATS + (seat - base) % n)
            for place, pick in enumerate(view.picks):
                table |= 1 << (o["picks"] - o["current_trick"] + place * len(REWARDS)
                               + _REWARD_NUMBER[act.reward_of(pick)])
        if view.next_leader >= 0:
            table |= 1 << (o["next_leader"] - o["current_trick"] + (view.next_leader - base) % n)
        bits |= table << o["current_trick"]
        bits |= _tally_bits(base, view.scores, view.round_points, view.fives, view.led) << o["scores"]
        if view.outcome is not None:
            winners = 0
            for seat in view.outcome.winners:
                winners |= 1 << (seat - base) % n
            bits |= winners << o["winners"]
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

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
from typing import Protocol

from divided.games.base import CHANCE
from divided.games.divide import actions as act
from divided.games.divide.history import read_round_cards, trick_voids
from divided.games.divide.options import Options
from divided.games.divide.state import (
    TOKENS,
    TRICKS,
    DivideState,
    Event,
    Outcome,
    PassEvent,
    Phase,
    TrickEvent,
)
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
    down), relative to the ``current_trick`` piece, kept as the last line read; the last few
    thousand lines are kept by value."""
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
    _LINE_READ[0] = (line, bits)
    return bits


_SeatRows = dict[tuple[int, ...], int]
_SCORES_BY_SEAT: _SeatRows = {}
_POINTS_BY_SEAT: _SeatRows = {}
_FIVES_BY_SEAT: _SeatRows = {}
_LED_BY_SEAT: _SeatRows = {}


def _seat_rows(kept: _SeatRows, row_of: tuple[int, ...], width: int, values: tuple[int, ...]) -> int:
    """One tally piece by absolute seat (``row_of[v]``: a seat's row of ``width`` bits at value
    ``v``, seat ``s``'s in bits ``s * width`` on), kept by its values (the last few thousand)."""
    bits = 0
    for seat, value in enumerate(values):
        bits |= row_of[value] << seat * width
    if len(kept) >= 4096:
        kept.clear()
    kept[values] = bits
    return bits


_Tally = tuple[int, ...] | None
_TALLIES_READ: list[tuple[_Tally, _Tally, _Tally, _Tally, int, int, int, int]] = [(None, None, None, None, 0, 0, 0, 0)]
"""The last tallies :func:`_tally_bits` read (scores, round points, 5s, tricks led: the tuples
themselves, which the engine keeps until a tally changes) and their rows by absolute seat."""


def _absolute_tallies(scores: tuple[int, ...], points: tuple[int, ...], fives: tuple[int, ...],
                      led: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The four tally pieces by absolute seat (:func:`_seat_rows`, each kept by its values),
    kept as the last tallies read."""
    score_rows = _SCORES_BY_SEAT.get(scores)
    if score_rows is None:
        score_rows = _seat_rows(_SCORES_BY_SEAT, _SCORE_ROW, SCORE_BITS, scores)
    points_rows = _POINTS_BY_SEAT.get(points)
    if points_rows is None:
        points_rows = _seat_rows(_POINTS_BY_SEAT, _POINTS_ROW, ROUND_POINTS, points)
    fives_rows = _FIVES_BY_SEAT.get(fives)
    if fives_rows is None:
        fives_rows = _seat_rows(_FIVES_BY_SEAT, _FIVES_ROW, FIVES_BITS, fives)
    led_rows = _LED_BY_SEAT.get(led)
    if led_rows is None:
        led_rows = _seat_rows(_LED_BY_SEAT, _LED_ROW, LED_BITS, led)
    _TALLIES_READ[0] = (scores, points, fives, led, score_rows, points_rows, fives_rows, led_rows)
    return score_rows, points_rows, fives_rows, led_rows


def _tally_bits(n: int, base: int, scores: tuple[int, ...], points: tuple[int, ...], fives: tuple[int, ...],
                led: tuple[int, ...]) -> int:
    """The pieces ``scores``, ``round_points``, ``fives`` and ``led`` (consecutive), relative to
    ``scores``, with row ``r`` seat ``(base + r) % n``. Each piece is kept by absolute seat,
    by its values (one reading for every viewer: kept by viewer, the round points and the
    tricks led missed on most encodings of a new game, since a viewer meets a trick's tallies
    once), and turned to the viewer's seats by :func:`_rotation`. The last tallies read are
    found by identity first (consecutive positions share the engine's tuples until a tally
    changes)."""
    kept_scores, kept_points, kept_fives, kept_led, score_rows, points_rows, fives_rows, led_rows = _TALLIES_READ[0]
    if kept_scores is not scores or kept_points is not points or kept_fives is not fives or kept_led is not led:
        score_rows, points_rows, fives_rows, led_rows = _absolute_tallies(scores, points, fives, led)
    if base:
        (s_cut, s_low, s_up), (p_cut, p_low, p_up), (f_cut, f_low, f_up), (l_cut, l_low, l_up) = _TALLY_ROWS[n][base]
        score_rows = score_rows >> s_cut | (score_rows & s_low) << s_up
        points_rows = points_rows >> p_cut | (points_rows & p_low) << p_up
        fives_rows = fives_rows >> f_cut | (fives_rows & f_low) << f_up
        led_rows = led_rows >> l_cut | (led_rows & l_low) << l_up
    return (score_rows | points_rows << _POINTS_FROM_SCORES | fives_rows << _FIVES_FROM_SCORES
            | led_rows << _LED_FROM_SCORES)


_POINTS_FROM_SCORES = _O["round_points"] - _O["scores"]
_FIVES_FROM_SCORES = _O["fives"] - _O["scores"]
_LED_FROM_SCORES = _O["led"] - _O["scores"]


_SEAT_ROWS_BITS: dict[tuple[int, tuple[int, ...], tuple[bool, ...], tuple[bool, ...]], int] = {}


def _seat_rows_bits(base: int, hand_sizes: tuple[int, ...], committed: tuple[bool, ...],
                    passed: tuple[bool, ...]) -> int:
    """The pieces ``hand_sizes``, ``committed`` and ``passed`` (consecutive), relative to
    ``hand_sizes``, with row ``r`` seat ``(base + r) % n``. They change only when a card is
    played, committed or passed, so the last few thousand are kept."""
    key = (base, hand_sizes, committed, passed)
    bits = _SEAT_ROWS_BITS.get(key)
    if bits is None:
        sizes = done_commit = done_pass = 0
        n = len(hand_sizes)
        for row in range(n):
            seat = (base + row) % n
            sizes |= 1 << (row * 10 + min(hand_sizes[seat], 9))
            if committed[seat]:
                done_commit |= 1 << row
            if passed[seat]:
                done_pass |= 1 << row
        bits = (sizes | done_commit << (_O["committed"] - _O["hand_sizes"])
                | done_pass << (_O["passed"] - _O["hand_sizes"]))
        if len(_SEAT_ROWS_BITS) >= 4096:
            _SEAT_ROWS_BITS.clear()
        _SEAT_ROWS_BITS[key] = bits
    return bits


def _rotation(n: int, base: int, width: int) -> tuple[int, int, int]:
    """How rows of ``width`` bits by absolute seat become rows by seat relative to ``base``
    (row ``r`` = seat ``(base + r) % n``): ``rows >> cut | (rows & low) << up``."""
    cut = base * width
    return cut, (1 << cut) - 1, (n - base) * width


_CARD_ROWS = {n: tuple(_rotation(n, base, CARDS) for base in range(n)) for n in (4, SEATS)}
_VOID_ROWS = {n: tuple(_rotation(n, base, 4) for base in range(n)) for n in (4, SEATS)}
_TALLY_ROWS = {n: tuple(tuple(_rotation(n, base, width) for width in (SCORE_BITS, ROUND_POINTS, FIVES_BITS, LED_BITS))
                         for base in range(n)) for n in (4, SEATS)}
"""``[n][base]``: :func:`_rotation` of the card rows (``played``, ``current_trick``), of the
``voids`` rows and of the tally rows (``scores``, ``round_points``, ``fives``, ``led``)."""


def _card_rows(masks: tuple[int, ...], width: int = CARDS) -> int:
    """Masks by absolute seat as one integer, seat ``s``'s in bits ``s * width`` on."""
    rows = 0
    for seat, mask in enumerate(masks):
        rows |= mask << seat * width
    return rows

_TRICK_CARDS: dict[tuple[tuple[int, int], ...], tuple[int, int]] = {}


def _trick_cards(plays: tuple[tuple[int, int], ...], n: int) -> tuple[int, int]:
    """A trick's cards by absolute seat (:func:`_card_rows`) and the voids it shows if it is one
    of Tricks 2-9 (by absolute seat, rows of 4 bits); the last few thousand tricks are kept
    (a trick in play is met again at every decision until it is complete). ``plays`` name their
    seats, so the table size is the same for every key: a seat beyond the last does not occur."""
    rows = 0
    for seat, card in plays:
        rows |= 1 << (seat * CARDS + card)
    voids = _card_rows(trick_voids(plays, n), 4) if plays else 0
    if len(_TRICK_CARDS) >= 4096:
        _TRICK_CARDS.clear()
    _TRICK_CARDS[plays] = rows, voids
    return rows, voids


def _trick_reading(plays: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
    """A trick's cards by absolute seat (:func:`_card_rows`), the voids it shows by absolute seat
    (rows of 4 bits, as :func:`~divided.games.divide.history.trick_voids` finds them: a card off
    the lead suit once the first suited card set it, ruling D5) and its lead suit (-1 while
    unset). :meth:`ViewLayout.encode_state` extends the last one read by each card played."""
    rows = voids = 0
    suit = -1
    for seat, card in plays:
        rows |= 1 << (seat * CARDS + card)
        if suit < 0:
            if card < 52:
                suit = card % 4
        elif card >= 52 or card % 4 != suit:
            voids |= 1 << (seat * 4 + suit)
    return rows, voids, suit


_TRICK_READ: list[tuple[tuple[tuple[int, int], ...], int, int, int]] = [((), 0, 0, -1)]
"""The trick :meth:`ViewLayout.encode_state` last read (the core state's ``plays`` itself) and its
:func:`_trick_reading`: consecutive positions of a trick add one card each, or share the tuple."""


_DRAFT_BITS: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], int] = {}


def _draft_bits(base: int, n: int, finishers: tuple[int, ...], picks: tuple[int, ...]) -> int:
    """The pieces ``finishers`` (relative seats) and ``picks``, relative to ``current_trick``;
    the last few thousand are kept (a draft is met again at each of its picks and by each
    viewer)."""
    bits = 0
    for place, seat in enumerate(finishers):
        bits |= 1 << (_FINISHERS_T + place * SEATS + (seat - base) % n)
    for place, pick in enumerate(picks):
        bits |= 1 << (_PICKS_T + place * len(REWARDS) + _REWARD_NUMBER[act.reward_of(pick)])
    if len(_DRAFT_BITS) >= 4096:
        _DRAFT_BITS.clear()
    _DRAFT_BITS[base, n, finishers, picks] = bits
    return bits


_PASS_BITS: dict[int, int] = {}
"""A pass action's pieces ``pass_left`` and ``pass_right`` (kept: a pass is encoded at every
decision of the rest of its round; under 3,000 pass actions)."""

_RULES = _O["rules"]
_SEAT = _O["seat"]
_CURRENT_PLAYER = _O["current_player"]
_PHASE = _O["phase"]
_DEALER = _O["dealer"]
_ROUND = _O["round"]
_TRICK = _O["trick"]
_HAND = _O["hand"]
_COMMIT = _O["commit"]
_PASS_LEFT = _O["pass_left"]
_PASS_RIGHT = _O["pass_right"]
_RECEIVED = _O["received"]
_HAND_SIZES = _O["hand_sizes"]
_PLAYED = _O["played"]
_VOIDS = _O["voids"]
_CURRENT_TRICK = _O["current_trick"]
_SCORES = _O["scores"]
_WINNERS = _O["winners"]
_TABLE = {name: _O[name] - _CURRENT_TRICK for name in
          ("leader", "voids", "current_token", "trump", "finishers", "picks", "next_leader")}
"""The pieces from ``current_trick`` on, relative to it."""
_LEADER_T, _CURRENT_TOKEN_T, _TRUMP_T = _TABLE["leader"], _TABLE["current_token"], _TABLE["trump"]
_VOIDS_T = _TABLE["voids"]
_FINISHERS_T, _PICKS_T, _NEXT_LEADER_T = _TABLE["finishers"], _TABLE["picks"], _TABLE["next_leader"]
_PLAY, _DRAFT = Phase.PLAY, Phase.DRAFT
"""(Read once: an enum member looked up on its class costs about 0.2 µs.)"""
_IN_A_TRICK = (_PLAY, _DRAFT)


_OPTIONS_READ: list[tuple[Options | None, int]] = [(None, 0)]
_LINE_READ: list[tuple[tuple[int, ...] | None, int]] = [(None, 0)]
"""The last options and token line read (the objects themselves: a game's positions share them,
the line until a token turns face up) and their bits (:func:`_options_bits`, :func:`_line_bits`)."""


def _options_bits(options: Options) -> int:
    """The pieces ``players`` and ``rules`` (from the vector's start), kept as the last read."""
    bits = 1 if options.players == 4 else 2
    if options.trump == "resets":
        bits |= 1 << _RULES
    if not options.end_score:
        bits |= 2 << _RULES
    _OPTIONS_READ[0] = (options, bits)
    return bits


class _Table(Protocol):
    """What a view and the core state both hold under the same names (the layout reads these
    from either)."""

    @property
    def options(self) -> Options: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def line(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def plays(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def finishers(self) -> tuple[int, ...]: ...
    @property
    def picks(self) -> tuple[int, ...]: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def next_leader(self) -> int: ...
    @property
    def round_points(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def fives(self) -> tuple[int, ...]: ...
    @property
    def led(self) -> tuple[int, ...]: ...
    @property
    def outcome(self) -> Outcome | None: ...


def _round_bits(options: Options, me: int | None, dealer: int, round_number: int, commit: int, my_pass: int,
                received: tuple[int | None, int | None]) -> int:
    """The pieces that change only between rounds for a viewer (from the vector's start to
    ``received``): the options, the viewer's seat, the dealer, the round, the viewer's commit and
    pass, and the cards they received (from the right, from the left)."""
    n = options.players
    base = me if me is not None else 0
    kept_options, bits = _OPTIONS_READ[0]
    if kept_options is not options:
        bits = _options_bits(options)
    if dealer >= 0:
        bits |= 1 << (_DEALER + (dealer - base) % n)
    bits |= 1 << (_ROUND + min(round_number, ROUNDS - 1))
    if commit >= 0:
        bits |= 1 << (_COMMIT + commit)
    if my_pass >= 0:
        pass_bits = _PASS_BITS.get(my_pass)
        if pass_bits is None:
            left, right = act.pass_cards(my_pass)
            pass_bits = _PASS_BITS[my_pass] = 1 << (_PASS_LEFT + left) | 1 << (_PASS_RIGHT + right)
        bits |= pass_bits
    if me is not None:
        bits |= 1 << (_SEAT + me)
        from_right, from_left = received
        if from_right is not None:
            bits |= 1 << (_RECEIVED + from_right)
        if from_left is not None:
            bits |= 1 << (_RECEIVED + CARDS + from_left)
    return bits


def _encode(table: _Table, n: int, me: int | None, current: int, hand: int, round_bits: int, played_rows: int,
            void_rows: int, seat_rows: int) -> int:
    """The vector of the view of ``me`` at ``table`` (the view's own fields), given what the view
    holds besides: the player to act, the viewer's hand, :func:`_round_bits`, the round's played
    cards and voids by absolute seat (:func:`_card_rows`, with the trick being played), and
    :func:`_seat_rows_bits`. (:meth:`ViewLayout.encode_state` does the same work from the core
    state in one function.)
    Each piece is assembled as a small integer and shifted into place once (ORs into the
    1,836-bit whole are the cost); pieces that change only now and then are kept by their
    values."""
    base = me if me is not None else 0
    phase = table.phase
    trick_number = table.trick
    line = table.line
    bits = round_bits | hand << _HAND
    bits |= 1 << (_CURRENT_PLAYER + ((current - base) % n if current >= 0
                                     else (SEATS if current == CHANCE else SEATS + 1)))
    bits |= 1 << (_PHASE + _PHASE_NUMBER[phase]) | 1 << (_TRICK + trick_number)
    cut, low, up = _CARD_ROWS[n][base]
    trump = table.trump
    kept_line, line_bits = _LINE_READ[0]
    if kept_line is not line:
        line_bits = _line_bits(line)
    table_bits = line_bits | 1 << (_TRUMP_T + (13 if trump is None else trump - 2))  # from the current trick on, relative to it
    next_leader = table.next_leader
    if next_leader >= 0:
        table_bits |= 1 << (_NEXT_LEADER_T + (next_leader - base) % n)
    if trick_number >= 1 and phase in _IN_A_TRICK:
        plays = table.plays
        trick_cards = _TRICK_CARDS.get(plays)
        if trick_cards is None:
            trick_cards = _trick_cards(plays, n)
        trick_rows = trick_cards[0]
        table_bits |= trick_rows >> cut | (trick_rows & low) << up | 1 << (_LEADER_T + (table.leader - base) % n)
    bits |= seat_rows << _HAND_SIZES | (played_rows >> cut | (played_rows & low) << up) << _PLAYED
    if void_rows:
        cut, low, up = _VOID_ROWS[n][base]
        table_bits |= (void_rows >> cut | (void_rows & low) << up) << _VOIDS_T
    if 1 <= trick_number <= len(line):  # (the current token)
        token = line[trick_number - 1]
        if token:
            table_bits |= 1 << (_CURRENT_TOKEN_T + _VALUE_NUMBER[token])
    if phase is _DRAFT:
        finishers, picks = table.finishers, table.picks
        draft_bits = _DRAFT_BITS.get((base, n, finishers, picks))
        if draft_bits is None:
            draft_bits = _draft_bits(base, n, finishers, picks)
        table_bits |= draft_bits
    bits |= table_bits << _CURRENT_TRICK
    bits |= _tally_bits(n, base, table.scores, table.round_points, table.fives, table.led) << _SCORES
    outcome = table.outcome
    if outcome is not None:
        winners = 0
        for seat in outcome.winners:
            winners |= 1 << (seat - base) % n
        bits |= winners << _WINNERS
    return bits


_RoundCards = tuple[tuple[PassEvent | None, ...], int, int]
"""A round's passes by seat (the full events: hidden cards), and its played cards and voids by
absolute seat (:func:`_card_rows`)."""

_LAST_STATE_ROUND: dict[int, tuple[tuple[Event, ...], int, int, _RoundCards]] = {}
"""Per table size: the last core log :func:`_state_round_cards` read, its round, where that
round's events start in it, and its reading."""


def _read_state_round(number: int, events: tuple[Event, ...], n: int, before: _RoundCards | None) -> _RoundCards:
    """Round ``number``'s passes, played cards and voids from the core log's ``events`` (other
    rounds' passed over), continuing ``before``."""
    passes, played, voids = before if before is not None else ((None,) * n, 0, 0)
    for event in events:
        if event.round != number:
            continue
        if isinstance(event, PassEvent):
            seat = event.player
            passes = (*passes[:seat], event, *passes[seat + 1:])
        elif isinstance(event, TrickEvent):
            plays = event.plays
            kept_plays, rows, trick_voids_rows, _ = _TRICK_READ[0]  # (its draft reads the trick first)
            if kept_plays is not plays:
                rows, trick_voids_rows, _ = _trick_reading(plays)
            played |= rows
            if event.trick >= 2:
                voids |= trick_voids_rows
    return passes, played, voids


def _state_round_cards(state: DivideState) -> _RoundCards:
    """The core state's round in play as :func:`_read_state_round` reads it (without the trick
    being played). Public but for the passes, which :meth:`ViewLayout.encode_state` reads only as
    the viewer sees them. Read once for every viewer: the last log read is kept (per table size)
    and extended when the new log holds the same events of the round (compared by value) and
    more after them. The log's rounds never go back (the engine appends to it), so only the
    round's own events are compared: the events before it belong to earlier rounds."""
    n = state.options.players
    number = max(state.round, 0)
    log = state.log
    last = _LAST_STATE_ROUND.get(n)
    reading: _RoundCards | None = None
    start = -1
    if last is not None and last[1] == number:
        known, _, start, reading = last
        if known is log:
            return reading
        done = len(known)
        if (len(log) >= done and log[start:done] == known[start:]
                and (start == 0 or log[start - 1].round < number)):
            reading = _read_state_round(number, log[done:], n, reading)
        else:
            reading = None
    if reading is None:
        start = len(log)
        while start and log[start - 1].round >= number:
            start -= 1
        reading = _read_state_round(number, log[start:], n, None)
    _LAST_STATE_ROUND[n] = (log, number, start, reading)
    return reading


_SIZE_ROWS = {n: tuple(_rotation(n, base, 10) for base in range(n)) for n in (4, SEATS)}
_TURNED_SEATS = {n: tuple(tuple(sum(1 << (seat - base) % n for seat in range(n) if mask >> seat & 1)
                                for mask in range(1 << n)) for base in range(n)) for n in (4, SEATS)}
"""``[n][base]``: :func:`_rotation` of the ``hand_sizes`` rows; each set of absolute seats (a
mask) as relative seats (``committed``, ``passed``)."""
_SIZE_BITS = tuple(1 << min(size, 9) for size in range(CARDS + 1))
_FROM_SIZES_TO_COMMITTED = _O["committed"] - _O["hand_sizes"]
_FROM_SIZES_TO_PASSED = _O["passed"] - _O["hand_sizes"]

_HANDS_READ: list[tuple[tuple[int, ...] | None, int]] = [(None, 0)]
"""The last hands :meth:`ViewLayout.encode_state` read (the core state's tuple itself) and their
``hand_sizes`` rows by absolute seat: the hands change only when a card moves, and consecutive
positions share the tuple until then."""
_ROUND_BITS_READ: dict[int | None, tuple[Options, tuple[int, ...], tuple[int, ...], tuple[PassEvent | None, ...],
                                          int, int, int]] = {}
"""Per viewer: what :func:`_round_bits` last read from the core state (the options, commits,
passes made and the round's pass events: the objects themselves, the same for a whole round
once the passes are made; the dealer and the round) and its answer."""
_MADE_READ: list[tuple[tuple[int, ...] | None, tuple[int, ...] | None, int, int]] = [(None, None, 0, 0)]
"""The last commits and passes read (the tuples themselves) and the seats that made them, as
masks: the same tuples for a whole round once every commit and pass is made."""
_ROUND_READ: list[tuple[tuple[Event, ...] | None, int, _RoundCards]] = [(None, -1, ((), 0, 0))]
"""The last core log :func:`_state_round_cards` was asked for (the tuple itself), its round and
the answer."""


_TALLY_CUTS = {n: tuple(tuple(value for rotation in rotations for value in rotation) for rotations in by_base)
               for n, by_base in _TALLY_ROWS.items()}
"""``[n][base]``: :data:`_TALLY_ROWS` as one flat tuple (unpacked at once)."""
_WINNERS_FROM_SCORES = _O["winners"] - _O["scores"]
_SCORES_FROM_TRICK = _O["scores"] - _O["current_trick"]
_TRICK_FROM_PLAYED = _O["current_trick"] - _O["played"]
_PLAYED_FROM_SIZES = _O["played"] - _O["hand_sizes"]


class ViewLayout:
    """The view as bits (see the module text): :data:`LAYOUT`."""

    pieces: Pieces = PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        n = view.num_players
        me = view.player
        passes, played_cards, void_suits = read_round_cards(view)
        received: tuple[int | None, int | None] = (None, None)
        if me is not None:
            from_right, from_left = passes[(me - 1) % n], passes[(me + 1) % n]  # (history.received)
            received = (from_right.left if from_right is not None else None,
                        from_left.right if from_left is not None else None)
        played_rows = void_rows = 0
        for seat in range(n):
            played_rows |= played_cards[seat] << seat * CARDS
            void_rows |= void_suits[seat] << seat * 4
        base = me if me is not None else 0
        round_bits = _round_bits(view.options, me, view.dealer, view.round, view.commit, view.my_pass, received)
        return _encode(view, n, me, view.current_player, view.hand, round_bits, played_rows, void_rows,
                       _seat_rows_bits(base, view.hand_sizes, view.committed, view.passed))

    def encode_state(self, state: DivideState, player: int | None, current_player: int) -> int:
        """``encode(observe(state, player, current_player))`` without building the view: the
        same bits from the core state, read only where the view would read it (the viewer's own
        hand, commit and pass; of the other passes only the cards the viewer received).
        ``tests/games/test_state_encodings.py`` checks the two agree bit for bit.

        It is :func:`_encode`'s work for the core state in one function (PettingZoo asks it at
        every decision; each call and its arguments cost about as much as a piece): the pieces
        are assembled in three groups (up to ``received``, from ``hand_sizes``, from
        ``current_trick``), each shifted into place once."""
        options = state.options
        n = options.players
        phase = state.phase
        trick_number = state.trick
        in_trick = trick_number >= 1 and (phase is _PLAY or phase is _DRAFT)
        if in_trick:  # (read before the round: a trick just finished is in the log, and read here first)
            plays = state.plays
            kept_plays, trick_rows, trick_void_rows, suit = _TRICK_READ[0]
            if kept_plays is not plays:
                known = len(kept_plays)
                if len(plays) == known + 1 and plays[:known] == kept_plays:  # the trick read, and one card more
                    seat, card = plays[known]
                    trick_rows |= 1 << (seat * CARDS + card)
                    if suit < 0:
                        if card < 52:
                            suit = card % 4
                    elif card >= 52 or card % 4 != suit:
                        trick_void_rows |= 1 << (seat * 4 + suit)
                else:
                    trick_rows, trick_void_rows, suit = _trick_reading(plays)
                _TRICK_READ[0] = (plays, trick_rows, trick_void_rows, suit)
        log, number = state.log, state.round
        kept_log, kept_number, reading = _ROUND_READ[0]
        if kept_log is not log or kept_number != number or len(reading[0]) != n:  # (the empty log is one object)
            reading = _state_round_cards(state)
            _ROUND_READ[0] = (log, number, reading)
        passes, played_rows, void_rows = reading
        base = player if player is not None else 0
        # hand_sizes, committed, passed (as _seat_rows_bits makes them from a view): absolute seats, turned below
        hands = state.hands
        kept_hands, sizes = _HANDS_READ[0]
        if kept_hands is not hands:
            sizes = 0
            for seat, hand in enumerate(hands):
                sizes |= _SIZE_BITS[hand.bit_count()] << seat * 10
            _HANDS_READ[0] = (hands, sizes)
        commits, made_passes = state.commits, state.passes
        kept_commits, kept_passes, committed, passed = _MADE_READ[0]
        if kept_commits is not commits or kept_passes is not made_passes:
            committed = passed = 0
            for seat in range(n):
                if commits[seat] >= 0:
                    committed |= 1 << seat
                if made_passes[seat] >= 0:
                    passed |= 1 << seat
            _MADE_READ[0] = (commits, made_passes, committed, passed)
        dealer = state.dealer
        kept = _ROUND_BITS_READ.get(player)
        if (kept is None or kept[0] is not options or kept[1] is not commits or kept[2] is not made_passes
                or kept[3] is not passes or kept[4] != dealer or kept[5] != number):
            if player is None:
                round_bits = _round_bits(options, None, dealer, number, -1, -1, (None, None))
            else:
                from_right, from_left = passes[(player - 1) % n], passes[(player + 1) % n]
                received = (from_right.left if from_right is not None else None,  # its left card came to the viewer
                            from_left.right if from_left is not None else None)  # its right card came to the viewer
                round_bits = _round_bits(options, player, dealer, number, commits[player], made_passes[player],
                                         received)
            _ROUND_BITS_READ[player] = (options, commits, made_passes, passes, dealer, number, round_bits)
        else:
            round_bits = kept[6]
        # up to received: the round's pieces, the player to act, the phase, the trick, the hand
        low = (1 << (_CURRENT_PLAYER + ((current_player - base) % n if current_player >= 0
                                        else (SEATS if current_player == CHANCE else SEATS + 1)))
               | 1 << (_PHASE + _PHASE_NUMBER[phase]) | 1 << (_TRICK + trick_number))
        if player is not None:
            low |= state.hands[player] << _HAND
        # from current_trick on (relative to it): the trick, its leader, voids, line, token, trump, draft, Lead
        line = state.line
        kept_line, table = _LINE_READ[0]
        if kept_line is not line:
            table = _line_bits(line)
        trump = state.trump
        table |= 1 << (_TRUMP_T + (13 if trump is None else trump - 2))
        next_leader = state.next_leader
        if next_leader >= 0:
            table |= 1 << (_NEXT_LEADER_T + (next_leader - base) % n)
        cut, cut_low, up = _CARD_ROWS[n][base]
        if in_trick:
            table |= trick_rows >> cut | (trick_rows & cut_low) << up | 1 << (_LEADER_T + (state.leader - base) % n)
            if phase is _PLAY and plays:  # the trick in play is not in the round's reading
                played_rows |= trick_rows
                if trick_number >= 2:
                    void_rows |= trick_void_rows
        if phase is _DRAFT:
            finishers, picks = state.finishers, state.picks
            draft_bits = _DRAFT_BITS.get((base, n, finishers, picks))
            if draft_bits is None:
                draft_bits = _draft_bits(base, n, finishers, picks)
            table |= draft_bits
        if void_rows:
            v_cut, v_low, v_up = _VOID_ROWS[n][base]
            table |= (void_rows >> v_cut | (void_rows & v_low) << v_up) << _VOIDS_T
        if 1 <= trick_number <= len(line):  # (the current token)
            token = line[trick_number - 1]
            if token:
                table |= 1 << (_CURRENT_TOKEN_T + _VALUE_NUMBER[token])
        # from scores on (relative to it): the tallies by relative seat (as _tally_bits), the winners
        scores, points, fives, led = state.scores, state.round_points, state.fives, state.led
        kept_scores, kept_points, kept_fives, kept_led, score_rows, points_rows, fives_rows, led_rows = _TALLIES_READ[0]
        if kept_scores is not scores or kept_points is not points or kept_fives is not fives or kept_led is not led:
            score_rows, points_rows, fives_rows, led_rows = _absolute_tallies(scores, points, fives, led)
        if base:
            s_cut, s_low, s_up, p_cut, p_low, p_up, f_cut, f_low, f_up, l_cut, l_low, l_up = _TALLY_CUTS[n][base]
            score_rows = score_rows >> s_cut | (score_rows & s_low) << s_up
            points_rows = points_rows >> p_cut | (points_rows & p_low) << p_up
            fives_rows = fives_rows >> f_cut | (fives_rows & f_low) << f_up
            led_rows = led_rows >> l_cut | (led_rows & l_low) << l_up
        tallies = (score_rows | points_rows << _POINTS_FROM_SCORES | fives_rows << _FIVES_FROM_SCORES
                   | led_rows << _LED_FROM_SCORES)
        outcome = state.outcome
        if outcome is not None:
            winners = 0
            for seat in outcome.winners:
                winners |= 1 << (seat - base) % n
            tallies |= winners << _WINNERS_FROM_SCORES
        # from hand_sizes on (relative to it): the seat rows, the played cards, then the rest
        if base:
            z_cut, z_low, z_up = _SIZE_ROWS[n][base]
            sizes = sizes >> z_cut | (sizes & z_low) << z_up
        turned = _TURNED_SEATS[n][base]
        seats = sizes | turned[committed] << _FROM_SIZES_TO_COMMITTED | turned[passed] << _FROM_SIZES_TO_PASSED
        upper = (played_rows >> cut | (played_rows & cut_low) << up
                 | (table | tallies << _SCORES_FROM_TRICK) << _TRICK_FROM_PLAYED)
        return round_bits | low | (seats | upper << _PLAYED_FROM_SIZES) << _HAND_SIZES

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

"""Divided Ranks views as bits, for learning code: the game's observation layouts.

Two layouts, each a function of one :class:`PlayerView` alone (so an encoding never carries
hidden information), and each producing an ``int`` whose bit ``i`` is entry ``i`` of the flat
vector (the adapters turn it into numpy; nothing here needs numpy):

* :data:`LAYOUT` (837 entries, the room's ``observation``): every field of the view one-hot,
  seats absolute, the whole log of the game as the player saw it. It is the OpenSpiel
  adapter's information-state and observation tensor (the golden playthroughs pin it), and the
  default observation of the PettingZoo environment. Its :meth:`~ViewLayout.public` and
  :meth:`~ViewLayout.private` projections serve OpenSpiel's factored observations.
* :data:`SUMMARY` (328 entries): a compact summary from the player's side (my hand, the cards I
  know the opponent holds, the reserve card when known, sizes, who is to move relative to me).
  It is the vector the PettingZoo environment gave before every game had a room: pass
  ``layout=SUMMARY`` to :func:`divided.adapters.pettingzoo.env` to get exactly those bits.

>>> from divided import games
>>> state = games.load("divided-ranks", first_splitter=0).new_initial_state(3)
>>> view = state.observation(0)
>>> size(LAYOUT), size(SUMMARY)
(837, 328)
>>> bits = LAYOUT.encode(view)
>>> entries(LAYOUT, bits, "hand") == [card for card in range(CARDS) if view.hand >> card & 1]
True
"""

from __future__ import annotations

from dataclasses import replace
from math import prod

from divided.games.base import CHANCE
from divided.games.divided_ranks.history import read_history
from divided.games.divided_ranks.state import (
    ROUNDS,
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Event,
    Outcome,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import (
    PlayerView,
    SeenBuild,
    SeenChoice,
    SeenEvent,
    SeenReserve,
    SeenSplit,
)
from divided.hands.arrange import SPLIT_COUNT

CARDS = 21
HAND_SIZE = 10
PHASES: tuple[Phase, ...] = tuple(Phase)
_PHASE_NUMBER = {phase: n for n, phase in enumerate(PHASES)}
_ALL = (1 << CARDS) - 1

Pieces = tuple[tuple[str, tuple[int, ...]], ...]


def size(layout: ViewLayout | SummaryLayout) -> int:
    """How many entries the layout's vector has."""
    return sum(prod(shape) for _, shape in layout.pieces)


def offsets(pieces: Pieces) -> dict[str, int]:
    """Where each piece starts in the flat vector."""
    starts: dict[str, int] = {}
    position = 0
    for name, shape in pieces:
        starts[name] = position
        position += prod(shape)
    return starts


def entries(layout: ViewLayout | SummaryLayout, bits: int, piece: str) -> list[int]:
    """The set entries of one piece (flat, counted from the piece's start) in ``bits``."""
    start = offsets(layout.pieces)[piece]
    width = prod(dict(layout.pieces)[piece])
    block = bits >> start & ((1 << width) - 1)
    return [i for i in range(width) if block >> i & 1]


def _pieces_mask(pieces: Pieces, names: tuple[str, ...]) -> int:
    starts = offsets(pieces)
    shapes = dict(pieces)
    mask = 0
    for name in names:
        mask |= ((1 << prod(shapes[name])) - 1) << starts[name]
    return mask


# -- LAYOUT: the view, one-hot (OpenSpiel's tensor) ---------------------------------------------

_VIEW_PIECES: Pieces = (
    ("seat", (2,)),
    ("current_player", (4,)),  # player 0, player 1, chance, terminal
    ("phase", (len(PHASES),)),
    ("round", (ROUNDS + 1,)),
    ("first_splitter", (3,)),  # unknown, 0, 1
    ("reserve_first", (3,)),
    ("hand", (CARDS,)),
    ("hand_sizes", (2, HAND_SIZE + 1)),
    ("stock_size", (CARDS,)),
    ("drawn", (CARDS,)),
    ("offer", (CARDS,)),
    ("offer_face_down", (CARDS,)),
    ("split_splitter", (ROUNDS, 2)),
    ("split_drawn", (ROUNDS, CARDS)),
    ("split_face_up", (ROUNDS, CARDS)),
    ("choice_took", (ROUNDS, 2)),  # face-up, face-down
    ("choice_face_down", (ROUNDS, CARDS)),
    ("reserve_player", (2, 2)),
    ("reserve_swapped", (2, 2)),  # kept, swapped
    ("reserve_gave", (2, CARDS)),
    ("reserve_took", (2, CARDS)),
    ("built", (2,)),
    ("build", (2, SPLIT_COUNT)),
    ("winner", (3,)),  # draw, player 0, player 1
)
_V = offsets(_VIEW_PIECES)
_V_BUILD = _V["build"]
_V_BUILT = _V["built"]
_V_CHOICE_FACE_DOWN = _V["choice_face_down"]
_V_CHOICE_TOOK = _V["choice_took"]
_V_CURRENT_PLAYER = _V["current_player"]
_V_DRAWN = _V["drawn"]
_V_FIRST_SPLITTER = _V["first_splitter"]
_V_HAND = _V["hand"]
_V_HAND_SIZES = _V["hand_sizes"]
_V_OFFER = _V["offer"]
_V_OFFER_FACE_DOWN = _V["offer_face_down"]
_V_PHASE = _V["phase"]
_V_RESERVE_FIRST = _V["reserve_first"]
_V_RESERVE_GAVE = _V["reserve_gave"]
_V_RESERVE_PLAYER = _V["reserve_player"]
_V_RESERVE_SWAPPED = _V["reserve_swapped"]
_V_RESERVE_TOOK = _V["reserve_took"]
_V_ROUND = _V["round"]
_V_SEAT = _V["seat"]
_V_SPLIT_DRAWN = _V["split_drawn"]
_V_SPLIT_FACE_UP = _V["split_face_up"]
_V_SPLIT_SPLITTER = _V["split_splitter"]
_V_STOCK_SIZE = _V["stock_size"]
_V_WINNER = _V["winner"]
_PRIVATE_PIECES = ("seat", "hand", "drawn", "offer_face_down", "build")


def public_view(view: PlayerView) -> PlayerView:
    """The part of ``view`` both players know (the same from either player's view).

    Private to one player: their hand, the four cards they split, the face-down pair they
    offer, a face-down pair only they saw (the chooser took the face-up pair), blind swaps'
    cards and a build before the showdown. The face-up pairs, every choice, a face-down pair
    the chooser took (both saw it), the hand sizes and the stock are public. ``player`` is -1.
    """
    over = view.phase == Phase.OVER
    face_up_swap = view.options.face_up_swap
    log: list[SeenEvent] = []
    for event in view.log:
        if isinstance(event, SeenSplit):
            log.append(replace(event, drawn=None))
        elif isinstance(event, SeenChoice):
            log.append(replace(event, face_down=None if event.took_face_up else event.face_down))
        elif isinstance(event, SeenReserve):
            log.append(event if face_up_swap else replace(event, gave=None, took=None))
        else:
            log.append(event if over else replace(event, split=None))
    return replace(view, player=-1, hand=0, drawn=0, offer_face_down=0, my_build=-1, log=tuple(log))


def private_view(view: PlayerView) -> PlayerView:
    """Only what ``view.player`` sees now and the other player does not: their hand, the
    four cards they are splitting, the face-down pair they offer, their committed build."""
    blank = replace(public_view(view), phase=Phase.DEAL, current_player=CHANCE, round=0,
                    first_splitter=-1, reserve_first=-1, hand_sizes=(0, 0), stock_size=0, offer=0,
                    built=(False, False), log=(), outcome=None)
    return replace(blank, player=view.player, hand=view.hand, drawn=view.drawn,
                   offer_face_down=view.offer_face_down, my_build=view.my_build)


_LogReading = tuple[int, int, int, int]
"""A log's bits, and how many splits, choices and reserve decisions it holds."""


def _read_log(events: tuple[SeenEvent, ...], before: _LogReading = (0, 0, 0, 0)) -> _LogReading:
    """The log pieces of ``events``, or of the events logged after those ``before`` read."""
    bits, splits, choices, reserves = before
    for event in events:
        if isinstance(event, SeenSplit):
            bits |= (1 << (_V_SPLIT_SPLITTER + 2 * splits + event.splitter)
                     | (event.drawn or 0) << (_V_SPLIT_DRAWN + CARDS * splits)
                     | event.face_up << (_V_SPLIT_FACE_UP + CARDS * splits))
            splits += 1
        elif isinstance(event, SeenChoice):
            bits |= (1 << (_V_CHOICE_TOOK + 2 * choices + (0 if event.took_face_up else 1))
                     | (event.face_down or 0) << (_V_CHOICE_FACE_DOWN + CARDS * choices))
            choices += 1
        elif isinstance(event, SeenReserve):
            bits |= (1 << (_V_RESERVE_PLAYER + 2 * reserves + event.player)
                     | 1 << (_V_RESERVE_SWAPPED + 2 * reserves + int(event.swapped)))
            if event.gave is not None:
                bits |= 1 << (_V_RESERVE_GAVE + CARDS * reserves + event.gave)
            if event.took is not None:
                bits |= 1 << (_V_RESERVE_TOOK + CARDS * reserves + event.took)
            reserves += 1
        else:
            assert isinstance(event, SeenBuild)
            bits |= 1 << (_V_BUILT + event.player)
            if event.split is not None:
                bits |= 1 << (_V_BUILD + event.player * SPLIT_COUNT + event.split)
    return bits, splits, choices, reserves


_LAST_LOG: dict[int | None, tuple[tuple[SeenEvent, ...], _LogReading]] = {}
"""Per viewer (a seat or ``None``): the last log :func:`_log_bits` read and its reading."""


def _log_bits(log: tuple[SeenEvent, ...], viewer: int | None) -> int:
    """The log pieces of ``log`` (a view's, whose player is ``viewer``). Only the events logged
    since the viewer's last reading are read when the log extends it (compared by value, elements
    by identity first); any other log is read whole. Either way, the bits of the whole log."""
    last = _LAST_LOG.get(viewer)
    if last is not None:
        known, reading = last
        if known is log:
            return reading[0]
        done = len(known)
        if len(log) >= done and log[:done] == known:
            reading = _read_log(log[done:], reading)
            _LAST_LOG[viewer] = (log, reading)
            return reading[0]
    reading = _read_log(log)
    _LAST_LOG[viewer] = (log, reading)
    return reading[0]


_SPLIT, _CHOOSE, _OVER = Phase.SPLIT, Phase.CHOOSE, Phase.OVER
"""(Read once: an enum member looked up on its class costs about 0.2 µs.)"""

_CoreLogReading = tuple[int, int, int, int, int, int]
"""A core log's bits as one viewer sees them but for the builds' splits, how many splits,
choices and reserve decisions it holds, the bit of the viewer's own build's split, and who has
built (a mask of seats)."""


def _read_core_log(events: tuple[Event, ...], player: int | None, face_up_swap: bool,
                   before: _CoreLogReading = (0, 0, 0, 0, 0, 0)) -> _CoreLogReading:
    """The log pieces of the core log's ``events`` as ``player`` sees them (``None``: a
    spectator; the same sight as the view's log, :func:`~divided.games.divided_ranks.view.observe`),
    or of those logged after the events ``before`` read."""
    bits, splits, choices, reserves, own_build, builders = before
    for event in events:
        if isinstance(event, SplitEvent):
            bits |= (1 << (_V_SPLIT_SPLITTER + 2 * splits + event.splitter)
                     | event.face_up << (_V_SPLIT_FACE_UP + CARDS * splits))
            if event.splitter == player:
                bits |= event.drawn << (_V_SPLIT_DRAWN + CARDS * splits)
            splits += 1
        elif isinstance(event, ChoiceEvent):
            took_face_up = event.took_face_up
            bits |= 1 << (_V_CHOICE_TOOK + 2 * choices + (0 if took_face_up else 1))
            if not took_face_up or (player is not None and event.chooser != player):  # the splitter saw it
                bits |= event.face_down << (_V_CHOICE_FACE_DOWN + CARDS * choices)
            choices += 1
        elif isinstance(event, ReserveEvent):
            swapped = event.swapped
            bits |= (1 << (_V_RESERVE_PLAYER + 2 * reserves + event.player)
                     | 1 << (_V_RESERVE_SWAPPED + 2 * reserves + int(swapped)))
            if swapped and (event.player == player or face_up_swap):
                bits |= (1 << (_V_RESERVE_GAVE + CARDS * reserves + event.gave)
                         | 1 << (_V_RESERVE_TOOK + CARDS * reserves + event.took))
            reserves += 1
        else:
            assert isinstance(event, BuildEvent)
            bits |= 1 << (_V_BUILT + event.player)
            builders |= 1 << event.player
            if event.player == player:
                own_build = 1 << (_V_BUILD + event.player * SPLIT_COUNT + event.split)
    return bits, splits, choices, reserves, own_build, builders


_LAST_CORE_LOG: dict[tuple[int | None, bool], tuple[tuple[Event, ...], _CoreLogReading]] = {}
"""Per viewer (a seat or ``None``, and whether swaps are face up): the last core log
:func:`_core_log_bits` read and its reading."""


def _core_log_bits(state: DividedRanksState, player: int | None) -> int:
    """The log pieces of ``state`` as ``player``'s view holds them (at the showdown every
    build's split), read from the events logged since the viewer's last reading when the log
    extends it (compared by value), else from the start."""
    log = state.log
    key = (player, state.options.face_up_swap)
    last = _LAST_CORE_LOG.get(key)
    reading: _CoreLogReading | None = None
    if last is not None:
        known, reading = last
        if known is not log:
            done = len(known)
            reading = (_read_core_log(log[done:], player, key[1], reading)
                       if len(log) >= done and log[:done] == known else None)
    if reading is None:
        reading = _read_core_log(log, player, key[1])
    _LAST_CORE_LOG[key] = (log, reading)
    bits, _, _, _, own_build, builders = reading
    if state.phase is not _OVER:
        return bits | own_build
    for seat in (0, 1):  # the showdown shows both builds
        if builders >> seat & 1:
            bits |= 1 << (_V_BUILD + seat * SPLIT_COUNT + state.builds[seat])
    return bits


def _encode(player: int | None, current: int, phase: Phase, round_number: int, first_splitter: int,
            reserve_first: int, hand: int, drawn: int, offer: int, offer_face_down: int, my_build: int,
            hand_sizes: tuple[int, int], stock_size: int, log_bits: int, outcome: Outcome | None) -> int:
    """The vector of a view with these fields (``log_bits``: its log's pieces)."""
    bits = hand << _V_HAND | drawn << _V_DRAWN | offer_face_down << _V_OFFER_FACE_DOWN
    if player is not None and player >= 0:
        bits |= 1 << (_V_SEAT + player)
        if my_build >= 0:
            bits |= 1 << (_V_BUILD + player * SPLIT_COUNT + my_build)
    bits |= 1 << (_V_CURRENT_PLAYER + (current if current >= 0 else (2 if current == CHANCE else 3)))
    bits |= 1 << (_V_PHASE + _PHASE_NUMBER[phase])
    bits |= 1 << (_V_ROUND + min(round_number, ROUNDS))
    bits |= 1 << (_V_FIRST_SPLITTER + first_splitter + 1)
    bits |= 1 << (_V_RESERVE_FIRST + reserve_first + 1)
    bits |= 1 << (_V_HAND_SIZES + hand_sizes[0]) | 1 << (_V_HAND_SIZES + HAND_SIZE + 1 + hand_sizes[1])
    bits |= 1 << (_V_STOCK_SIZE + min(stock_size, CARDS - 1))
    bits |= offer << _V_OFFER | log_bits
    if outcome is not None:
        winner = outcome.winner
        bits |= 1 << (_V_WINNER + (0 if winner is None else winner + 1))
    return bits


class ViewLayout:
    """Every field of a :class:`PlayerView`, one-hot (see the module text): :data:`LAYOUT`.

    ``public``/``private`` project a view onto what both players know / what only its player
    knows; an encoding of the private part keeps only :attr:`private_pieces`.
    """

    pieces: Pieces = _VIEW_PIECES
    private_pieces: tuple[str, ...] = _PRIVATE_PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        return _encode(view.player, view.current_player, view.phase, view.round, view.first_splitter,
                       view.reserve_first, view.hand, view.drawn, view.offer, view.offer_face_down,
                       view.my_build, view.hand_sizes, view.stock_size, _log_bits(view.log, view.player),
                       view.outcome)

    def encode_state(self, state: DividedRanksState, player: int | None, current_player: int) -> int:
        """``encode(observe(state, player, current_player))`` without building the view: the
        same bits from the core state, each field read only as
        :func:`~divided.games.divided_ranks.view.observe` shows it to ``player`` (``None``: a
        spectator). ``tests/games/test_state_encodings.py`` checks the two agree bit for bit."""
        phase = state.phase
        choosing = phase is _CHOOSE
        splitter = (player is not None and (choosing or phase is _SPLIT)
                    and state.splitter() == player)
        hands = state.hands
        return _encode(player, current_player, phase, state.round, state.first_splitter, state.reserve_first,
                       hands[player] if player is not None else 0,
                       state.drawn() if splitter and phase is _SPLIT else 0,
                       state.face_up if choosing else 0,
                       state.face_down if splitter and choosing else 0,
                       state.builds[player] if player is not None else -1,
                       (hands[0].bit_count(), hands[1].bit_count()), state.stock_size(),
                       _core_log_bits(state, player), state.outcome)

    def public(self, view: PlayerView) -> PlayerView:
        """:func:`public_view`."""
        return public_view(view)

    def private(self, view: PlayerView) -> PlayerView:
        """:func:`private_view`."""
        return private_view(view)

    def private_mask(self) -> int:
        """The bits of :attr:`private_pieces`."""
        return _pieces_mask(self.pieces, self.private_pieces)


# -- SUMMARY: the player's side of the table (PettingZoo's vector before rooms) ------------------

_SUMMARY_PIECES: Pieces = (
    ("hand", (CARDS,)),  # my hand
    ("opponent_known", (CARDS,)),  # cards I watched go to the opponent, still certainly theirs
    ("reserve_known", (CARDS,)),  # the reserve card, when my observations pin it down
    ("drawn", (CARDS,)),  # the four cards I am splitting (splitter only)
    ("offer", (CARDS,)),  # the face-up pair on the table (while the chooser decides)
    ("offer_face_down", (CARDS,)),  # the face-down pair, if I split it
    ("my_build", (SPLIT_COUNT,)),  # my committed split (one-hot)
    ("built", (2,)),  # [I have built, the opponent has built]
    ("phase", (len(PHASES),)),  # one-hot
    ("round", (ROUNDS + 1,)),  # one-hot, 0-5 (5 = after the draft)
    ("seat", (2,)),  # one-hot of my seat
    ("to_move", (2,)),  # [I am to move, the opponent is to move]
    ("first_splitter", (3,)),  # [me, the opponent, not yet known]
    ("reserve_first", (3,)),  # [me, the opponent, not yet known]
    ("hand_size", (HAND_SIZE + 1,)),  # one-hot of my hand size
    ("opponent_hand_size", (HAND_SIZE + 1,)),  # one-hot of the opponent's hand size
    ("stock_size", (CARDS,)),  # one-hot, 0-20
    ("reserve_done", (2,)),  # [I have decided at the reserve, the opponent has]
    ("swapped", (2,)),  # [I swapped, the opponent swapped]
    ("result", (3,)),  # [I won, I lost, draw] once the game is over
)
_S = offsets(_SUMMARY_PIECES)


def opponent_cards_and_reserve(view: PlayerView) -> tuple[int, int]:
    """Cards certainly in the opponent's hand and the reserve card (mask, 0 if unknown), from
    the view alone (its past read by :func:`~divided.games.divided_ranks.history.read_history`)."""
    me, them = view.seat, view.opponent
    if view.outcome is not None:  # the showdown shows both holdings
        weak, strong = view.outcome.hands[them]
        mine_weak, mine_strong = view.outcome.hands[me]
        return weak | strong, _ALL ^ weak ^ strong ^ mine_weak ^ mine_strong
    past = read_history(view)
    theirs = 0
    for played in past.finished_rounds:
        if played.chooser == them:  # a face-down pair they took is one I split, so saw
            theirs |= played.face_up if played.took_face_up else (played.face_down or 0)
        elif not played.took_face_up:  # I took the face-down pair; they keep the face-up one
            theirs |= played.face_up
    reserve = 0
    for event in past.reserve:
        if not event.swapped:
            continue
        if event.player == me:
            assert event.gave is not None
            reserve = 1 << event.gave
        elif event.gave is not None and event.took is not None:  # a face-up swap
            theirs = theirs & ~(1 << event.gave) | (1 << event.took)
            reserve = 1 << event.gave
        else:  # a blind swap: they took the reserve and gave any card of theirs
            theirs = reserve
            reserve = 0
    return theirs, reserve


def _relative(seat: int, me: int) -> int:
    return 2 if seat < 0 else (0 if seat == me else 1)


class SummaryLayout:
    """The player's side of the table (see the module text): :data:`SUMMARY`. A seated
    player's view only: a spectator's view raises ``ValueError``."""

    pieces: Pieces = _SUMMARY_PIECES

    def encode(self, view: PlayerView) -> int:
        """The view's vector as an integer (bit ``i`` = entry ``i``)."""
        me = view.player
        if me is None or me < 0:
            raise ValueError("the summary layout is seen from a seat; a spectator's view has none")
        them = 1 - me
        theirs, reserve = opponent_cards_and_reserve(view)
        bits = (view.hand << _S["hand"] | theirs << _S["opponent_known"] | reserve << _S["reserve_known"]
                | view.drawn << _S["drawn"] | view.offer << _S["offer"]
                | view.offer_face_down << _S["offer_face_down"])
        if view.my_build >= 0:
            bits |= 1 << (_S["my_build"] + view.my_build)
        if view.built[me]:
            bits |= 1 << _S["built"]
        if view.built[them]:
            bits |= 1 << (_S["built"] + 1)
        bits |= 1 << (_S["phase"] + _PHASE_NUMBER[view.phase])
        bits |= 1 << (_S["round"] + min(view.round, ROUNDS))
        bits |= 1 << (_S["seat"] + me)
        if view.current_player in (0, 1):
            bits |= 1 << (_S["to_move"] + (0 if view.current_player == me else 1))
        bits |= 1 << (_S["first_splitter"] + _relative(view.first_splitter, me))
        bits |= 1 << (_S["reserve_first"] + _relative(view.reserve_first, me))
        bits |= 1 << (_S["hand_size"] + min(view.hand_sizes[me], HAND_SIZE))
        bits |= 1 << (_S["opponent_hand_size"] + min(view.hand_sizes[them], HAND_SIZE))
        bits |= 1 << (_S["stock_size"] + min(view.stock_size, CARDS - 1))
        for event in view.log:
            if isinstance(event, SeenReserve):
                side = 0 if event.player == me else 1
                bits |= 1 << (_S["reserve_done"] + side)
                if event.swapped:
                    bits |= 1 << (_S["swapped"] + side)
        if view.outcome is not None:
            winner = view.outcome.winner
            bits |= 1 << (_S["result"] + (2 if winner is None else 0 if winner == me else 1))
        return bits


LAYOUT = ViewLayout()
"""The room's observation layout: the whole view, one-hot (837 entries)."""

SUMMARY = SummaryLayout()
"""The compact summary from the player's side (328 entries)."""

__all__ = [
    "CARDS",
    "LAYOUT",
    "SUMMARY",
    "SummaryLayout",
    "ViewLayout",
    "entries",
    "offsets",
    "opponent_cards_and_reserve",
    "private_view",
    "public_view",
    "size",
]

"""The one reader of a DIVIDE view's past: each round as the viewer saw it.

The books, the world sampler, the observation layout and the other layers read the game so far
here, from a :class:`~divided.games.divide.view.PlayerView` alone: per round the passes the
viewer knows, each trick (leader, plays, finishing order, Trump Rank), the picks, the reveals,
the cards each seat played, and what the play showed:

* **voids**: a player who played off the lead suit (a Joker counts; a Trump-Rank card of another
  suit too, ruling D5) has no card of that suit for the rest of that round. Trick 1's commits
  show nothing (follow-suit does not bind a commit), nor does a Joker played while only Jokers
  are down (no lead suit yet).
* **known cards**: a card the viewer passed to a neighbour is in that neighbour's hand until
  they play it.

>>> from divided import games
>>> state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
>>> past = read_history(state.observation(1))
>>> past.current.number, past.current.tricks, past.known_in_hand
(0, (), {})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, Protocol, TypeVar

from divided.games.divide import actions as act
from divided.games.divide.state import Phase, PickEvent, RevealEvent, RoundEvent, TrickEvent
from divided.games.divide.view import PlayerView, SeenEvent, SeenPass


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as everybody saw it: its cards in playing order as (seat, card), the seats from
    1st to last (empty while it is being played) and the Trump Rank it was played under."""

    number: int
    leader: int
    plays: tuple[tuple[int, int], ...]
    order: tuple[int, ...]
    trump: int | None

    @property
    def finished(self) -> bool:
        return bool(self.order)


def trick_voids(plays: tuple[tuple[int, int], ...], players: int) -> tuple[int, ...]:
    """The suits (a mask, bit ``s`` for suit ``s``) each seat showed it lacks in one trick of
    Tricks 2-9: a card off the lead suit once the lead suit is set (ruling D5).

    >>> trick_voids(((0, 52), (1, 13), (2, 53), (3, 0)), 4)  # Jk1 led, 5h sets hearts
    (0, 0, 2, 2)
    """
    voids = [0] * players
    suit = -1
    for seat, card in plays:
        if suit < 0:
            if card < 52:
                suit = card % 4  # the first card of a suit sets the lead suit (D5)
        elif card >= 52 or card % 4 != suit:
            voids[seat] |= 1 << suit
    return tuple(voids)


@dataclass(frozen=True, slots=True)
class Round:
    """One round as the viewer saw it. Card sets are masks over the 54-card deck.

    ``passes[s]``: seat ``s``'s pass as the viewer knows it once the cards changed hands (else
    ``None``); ``tricks``: the finished tricks and, while one is being played, the current one
    (last, unfinished); ``played[s]``: the cards seat ``s`` played this round (Trick 1's commit
    included); ``voids[s]``: the suits seat ``s`` showed it lacks (a mask of suits)."""

    number: int
    dealer: int
    passes: tuple[SeenPass | None, ...]
    tricks: tuple[Trick, ...]
    picks: tuple[PickEvent, ...]
    reveals: tuple[RevealEvent, ...]
    result: RoundEvent | None
    played: tuple[int, ...]
    voids: tuple[int, ...]

    @property
    def exchanged(self) -> bool:
        """Whether the passed cards have changed hands."""
        return any(p is not None for p in self.passes)

    @property
    def played_cards(self) -> int:
        """Every card played this round (a mask)."""
        out = 0
        for mask in self.played:
            out |= mask
        return out

    def received(self, seat: int) -> tuple[int | None, int | None]:
        """The cards ``seat`` received (from its right neighbour's left pass, from its left
        neighbour's right pass) as the viewer knows them."""
        return received(self.passes, seat)

    def commit(self, seat: int) -> int:
        """``seat``'s Trick-1 card once flipped (-1 before)."""
        if self.tricks and self.tricks[0].number == 1:
            for who, card in self.tricks[0].plays:
                if who == seat:
                    return card
        return -1


@dataclass(frozen=True, slots=True)
class History:
    """The game so far as one viewer saw it: every round (the one in play last) and the cards
    known to be in another player's hand (``known_in_hand[s]``, a mask: the cards the viewer
    passed to ``s`` this round that ``s`` has not played)."""

    player: int | None
    rounds: tuple[Round, ...]
    known_in_hand: dict[int, int]

    @property
    def current(self) -> Round:
        return self.rounds[-1]


class _RoundLog(NamedTuple):
    """What the log says of one round (a :class:`Round` without the trick in play)."""

    number: int
    passes: tuple[SeenPass | None, ...]
    tricks: tuple[Trick, ...]
    picks: tuple[PickEvent, ...]
    reveals: tuple[RevealEvent, ...]
    result: RoundEvent | None
    played: tuple[int, ...]
    voids: tuple[int, ...]


def _read_round_log(number: int, events: Iterable[SeenEvent], n: int, before: _RoundLog | None = None) -> _RoundLog:
    """Round ``number`` from its events (in logged order; events of other rounds are passed
    over) at an ``n``-player table; with ``before``, from the events logged after those
    ``before`` read."""
    if before is None:
        before = _RoundLog(number, (None,) * n, (), (), (), None, (0,) * n, (0,) * n)
    _, passes, tricks, picks, reveals, result, played, voids = before
    for event in events:
        if event.round != number:
            continue
        if isinstance(event, SeenPass):
            seat = event.player
            passes = (*passes[:seat], event, *passes[seat + 1:])
        elif isinstance(event, TrickEvent):
            tricks = (*tricks, Trick(event.trick, event.leader, event.plays, event.order, event.trump))
            played, voids = _with_plays(event.trick, event.plays, played, voids)
        elif isinstance(event, PickEvent):
            picks = (*picks, event)
        elif isinstance(event, RevealEvent):
            reveals = (*reveals, event)
        elif isinstance(event, RoundEvent):
            result = event
    return _RoundLog(number, passes, tricks, picks, reveals, result, played, voids)


def _with_plays(trick: int, plays: tuple[tuple[int, int], ...], played: tuple[int, ...],
                voids: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``played`` with the cards of trick number ``trick`` added, ``voids`` with the suits it
    showed lacking."""
    cards = list(played)
    for seat, card in plays:
        cards[seat] |= 1 << card
    if trick >= 2:
        shown = trick_voids(plays, len(played))
        if any(shown):
            voids = tuple(v | m for v, m in zip(voids, shown, strict=True))
    return tuple(cards), voids


def _read_round(view: PlayerView, log: _RoundLog) -> Round:
    """The round of ``log`` with, if it is the view's and a trick is being played, that trick."""
    number, passes, tricks, picks, reveals, result, played, voids = log
    if number == view.round and view.phase == Phase.PLAY and view.plays:
        tricks = (*tricks, Trick(view.trick, view.leader, view.plays, (), view.trump))
        played, voids = _with_plays(view.trick, view.plays, played, voids)
    n = view.num_players
    dealer = (view.dealer - (view.round - number)) % n if view.dealer >= 0 else -1
    return Round(number, dealer, passes, tricks, picks, reveals, result, played, voids)


class _RoundCards(NamedTuple):
    """What the log says of one round's cards (a :class:`_RoundLog` without its tricks, picks,
    reveals and result: what the observation layout reads)."""

    number: int
    passes: tuple[SeenPass | None, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]


def _read_round_cards_log(number: int, events: Iterable[SeenEvent], n: int,
                          before: _RoundCards | None = None) -> _RoundCards:
    """:func:`_read_round_log`'s passes, played cards and voids alone."""
    if before is None:
        before = _RoundCards(number, (None,) * n, (0,) * n, (0,) * n)
    _, passes, played, voids = before
    for event in events:
        if event.round != number:
            continue
        if isinstance(event, SeenPass):
            seat = event.player
            passes = (*passes[:seat], event, *passes[seat + 1:])
        elif isinstance(event, TrickEvent):
            played, voids = _with_plays(event.trick, event.plays, played, voids)
    return _RoundCards(number, passes, played, voids)


class _Reading(Protocol):
    @property
    def number(self) -> int: ...


R = TypeVar("R", bound=_Reading)
Viewer = tuple[int | None, int]
"""A viewer's key: its seat (``None``: a spectator) and the table size."""

_LAST_ROUND_LOG: dict[Viewer, tuple[tuple[SeenEvent, ...], _RoundLog]] = {}
"""Per viewer: the last log :func:`read_round` read and its current round."""
_LAST_ROUND_CARDS: dict[Viewer, tuple[tuple[SeenEvent, ...], _RoundCards]] = {}
"""Per viewer: the last log :func:`read_round_cards` read and its current round's cards."""


def _current_round_reading(view: PlayerView, last_readings: dict[Viewer, tuple[tuple[SeenEvent, ...], R]],
                           read: Callable[[int, tuple[SeenEvent, ...], int, R | None], R]) -> R:
    """What ``read`` makes of the view's round (``read(number, events, n, before)``: from the
    events in logged order, passing over other rounds', or from those logged after
    ``before``'s). Only the events logged since the viewer's last reading (kept in
    ``last_readings``) are read when the log extends it (compared by value, elements by identity
    first) within the same round; otherwise only the round's own events, from the end of the log
    (a log is in the order of play). Either way the cost does not grow with the game."""
    number = max(view.round, 0)
    events = view.events
    key = (view.player, view.num_players)
    last = last_readings.get(key)
    if last is not None and last[1].number == number:
        known, reading = last
        done = len(known)
        if known is events or (len(events) >= done and events[:done] == known):
            if len(events) > done:  # (a log cut to this round may be extended by earlier rounds)
                reading = read(number, events[done:], view.num_players, reading)
                last_readings[key] = (events, reading)
            return reading
    start = len(events)
    while start and events[start - 1].round >= number:
        start -= 1
    reading = read(number, events[start:], view.num_players, None)
    last_readings[key] = (events, reading)
    return reading


def read_round(view: PlayerView) -> Round:
    """The round in play (the last one, once the game is over): ``read_history(view).current``,
    read incrementally (see :func:`_current_round_reading`)."""
    return _read_round(view, _current_round_reading(view, _LAST_ROUND_LOG, _read_round_log))


def read_round_cards(view: PlayerView) -> tuple[tuple[SeenPass | None, ...], tuple[int, ...], tuple[int, ...]]:
    """``passes``, ``played`` and ``voids`` of :func:`read_round`, read alone and incrementally
    like it (for the observation layout, which reads only these)."""
    log = _current_round_reading(view, _LAST_ROUND_CARDS, _read_round_cards_log)
    if log.number == view.round and view.phase == Phase.PLAY and view.plays:
        return (log.passes, *_with_plays(view.trick, view.plays, log.played, log.voids))
    return log.passes, log.played, log.voids


def received(passes: tuple[SeenPass | None, ...], seat: int) -> tuple[int | None, int | None]:
    """The cards ``seat`` received (from its right neighbour's left pass, from its left
    neighbour's right pass) as the viewer of ``passes`` knows them."""
    n = len(passes)
    from_right, from_left = passes[(seat - 1) % n], passes[(seat + 1) % n]
    return (from_right.left if from_right else None, from_left.right if from_left else None)


@lru_cache(maxsize=32)
def read_history(view: PlayerView) -> History:
    """The past of ``view`` (see the module text). Views are values, so the last few readings
    are kept: the books, the layout and the sampler of one view read it once."""
    n = view.num_players
    number = max(view.round, 0)
    by_round: dict[int, list[SeenEvent]] = {r: [] for r in range(number + 1)}
    for event in view.events:
        by_round.setdefault(event.round, []).append(event)
    rounds = [_read_round(view, _read_round_log(r, by_round[r], n)) for r in range(number + 1)]
    known: dict[int, int] = {}
    me = view.player
    current = rounds[-1]
    if me is not None and view.my_pass >= 0 and current.exchanged:
        left, right = act.pass_cards(view.my_pass)
        for seat, card in (((me + 1) % n, left), ((me - 1) % n, right)):
            if not current.played[seat] >> card & 1:
                known[seat] = known.get(seat, 0) | 1 << card
    return History(me, tuple(rounds), known)


__all__ = ["History", "Round", "Trick", "read_history", "read_round", "read_round_cards", "received",
           "trick_voids"]

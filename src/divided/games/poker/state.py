"""The frozen state of one poker deal.

Cards are ints (:mod:`divided.games.poker.cards`: 0..51, and past them the second deck's copies
and the jokers of the games that deal them); card sets are bit masks. Every card of the game's
deck is always in exactly one place: the stock, a seat's slot, a seat's face-down or face-up
discards in the pile (``discarded``), a folded seat's mucked cards (``mucked``), a seat's
set-aside cards (``aside``) or the trash (``trash``). ``up`` marks the cards
everyone can see (up cards, flipped cards, revealed discards); at the showdown (``shown``) the
hands of every seat still in are shown too. The chips are the betting :class:`~divided.games.poker.betting.Table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from divided.games.frozen_builder import evolver
from divided.games.poker.betting import Table
from divided.games.poker.events import Event
from divided.games.poker.options import Config

Cards = tuple[int, ...]
TRASH = -1
"""The seat of an owed card bound for the trash, and the source of a trash card from the stock."""
SeatSlots = tuple[Cards, ...]


@dataclass(frozen=True, slots=True)
class Phase:
    """Where the current step is.

    ``order``: the seats still to act at a draw or a simultaneous step, the first acts next.
    ``commits``: per seat, the hidden choices it made at this simultaneous step (T15), shown to
    nobody else until the step ends. ``drawn``: per seat, the cards it discarded at this draw
    (they join ``discarded`` when the draw ends; the seat being served keeps its own out of a
    reshuffle, T16). ``marks``: public counters of a step kind that needs more than the order
    (a turn number, the highest bid...); each kind documents its own.
    """

    order: tuple[int, ...] = ()
    commits: tuple[tuple[int, ...], ...] = ()
    drawn: tuple[int, ...] = ()
    marks: tuple[int, ...] = field(default=(), repr=False)  # not in the repr, which recorded view digests hash


@dataclass(frozen=True, slots=True)
class Settled:
    """One pot layer at the end: its chips, the seats that could win it, who won each award
    (``awards``: title and winners, odd chips in that order) and the chips each seat got."""

    amount: int
    eligible: tuple[int, ...]
    awards: tuple[tuple[str, tuple[int, ...]], ...]
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchState:
    """Where a match stands (T18); all of it is public.

    ``deal``: the number of the deal under way (1 the first). ``carried``: chips carried into
    it from earlier deals (they join its lowest layer, T9). ``token``: the seat holding the
    token (-1: in the middle). ``forfeits``: per seat, the forfeit it posted as its ante in this
    deal (0: none). ``out``: per seat, whether it sits out the rest of the match (no chips).
    ``last``: this deal ends the match whatever happens (the deal cap, or too few players
    left for another). ``previous``: the public log of the deal before."""

    deal: int
    carried: int
    token: int
    forfeits: tuple[int, ...]
    out: tuple[bool, ...]
    last: bool
    previous: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class PokerState:
    """One deal of a poker variant (see the module text).

    ``slots[seat][i]`` are the seat's cards in the variant's ``i``-th slot, in order (dealt
    order, or the order a partition set). ``owed`` lists the cards still to be dealt, as
    (seat, slot, face up): while it is not empty chance acts. ``discarded[seat]`` are the
    cards the seat discarded at earlier draws still in the pile, ``mucked[seat]`` its folded
    hand. ``draws``
    has one entry per draw step reached: the cards each seat discarded (-1: did not draw).
    ``folded_at[seat]`` is the step at which the seat folded (-1: still in). ``events`` is the
    public log (:mod:`divided.games.poker.events`), appended as the deal goes. ``aside[seat]``
    are the cards the seat set aside at a draw (Bounce Back: kept apart, seen by the seat only,
    never reshuffled); empty until a draw sets cards aside. ``trash`` are the cards of the
    trash (3-2-1: a shared heap ranked at the showdown, never reshuffled), in the order they came,
    and ``trash_from`` who put each there (:data:`TRASH` for the stock): a face-down trash card
    is seen by the seat that put it there only, until the showdown shows the trash. ``match``: where
    the match stands (:class:`MatchState`; ``None`` in a game of one deal).
    """

    config: Config
    button: int
    step: int
    phase: Phase
    slots: tuple[SeatSlots, ...]
    up: int
    stock: int
    discarded: tuple[int, ...]
    mucked: tuple[int, ...]
    owed: tuple[tuple[int, int, bool], ...]
    table: Table
    draws: tuple[tuple[int, ...], ...]
    dealt: int
    folded_at: tuple[int, ...] = ()
    shown: bool = False
    over: bool = False
    settled: tuple[Settled, ...] = ()
    events: tuple[Event, ...] = ()
    aside: tuple[int, ...] = ()
    trash: tuple[int, ...] = ()
    trash_from: tuple[int, ...] = ()
    match: MatchState | None = None

    @property
    def players(self) -> int:
        return self.config.players


evolve_state = evolver(PokerState)
"""A copy of a :class:`PokerState` with some fields changed (fast ``dataclasses.replace``)."""

evolve_phase = evolver(Phase)
"""A copy of a :class:`Phase` with some fields changed."""

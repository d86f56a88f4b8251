"""What one seat may see of a poker deal (T17): the only door to hidden cards.

:func:`observe` projects a :class:`PokerState` onto a :class:`PokerView`: stacks, bets, pots and
the betting round are public (the whole betting :class:`Table`); a seat sees its own cards, up
cards, flipped cards and face-up discards, how many cards every hand, discard heap and the
stock hold, and, once the showdown is reached, every hand still in. A hidden card is ``None``.
Hidden commitments (T15) are shown to their maker only. A spectator (``player`` ``None``) sees
only the public part.

A view keeps the state's shape (the same field names), so the step kinds compute the acting
seat's legal actions and names from its view as from the state (:class:`Position`). For the
table it also answers :meth:`PokerView.to_call` (a seat's chips to call) and
:meth:`PokerView.pots` (each pot with the seats that may win it).

Views are built many times a move (every seat, bots' samplers), so what all views of a state
share (each seat's hands and piles as the public sees them) is computed once and kept by the
identity of the state's frozen fields, which successive states share.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import is_not
from typing import Protocol

from divided.errors import DividedError
from divided.games.base import TERMINAL, Result
from divided.games.frozen_builder import builder
from divided.games.poker.betting import Table
from divided.games.poker.cards import mask_indices
from divided.games.poker.events import Event
from divided.games.poker.options import Config
from divided.games.poker.pots import Pot, layers
from divided.games.poker.state import MatchState, Phase, PokerState, SeatSlots, Settled

Seen = tuple[int | None, ...]


class Position(Protocol):
    """What the step kinds read: the full state, or the acting seat's view."""

    @property
    def config(self) -> Config: ...

    @property
    def button(self) -> int: ...

    @property
    def step(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def slots(self) -> tuple[tuple[Seen, ...], ...]: ...

    @property
    def up(self) -> int: ...

    @property
    def table(self) -> Table: ...

    @property
    def aside(self) -> tuple[int, ...] | tuple[Seen, ...]: ...


@dataclass(frozen=True, slots=True)
class PokerView:
    """One seat's view of a deal (``player`` ``None``: a spectator's).

    ``slots[seat][i]``: that seat's cards in slot ``i`` in order, ``None`` where hidden.
    ``discarded``/``mucked``: per seat, its cards in the pile (discards of earlier draws, a
    folded hand), those this viewer cannot see as ``None``; ``phase.drawn`` likewise holds the
    cards of the draw under way, as masks of the cards the viewer sees, with ``drawn_counts``
    the numbers. ``match``: where a match stands (T18: the deal number, the chips carried in,
    the token holder, the forfeits posted, who sits out; all public), ``None`` for one deal.
    ``phase.commits`` holds the viewer's own commitments only. ``events``: the public
    log (every event is public, :mod:`divided.games.poker.events`). ``stock`` is how
    many cards the stock holds; ``owed`` the cards about to be dealt (seat, slot, face up).
    ``aside``: per seat, the cards it set aside (Bounce Back), seen by that seat only (the
    others see one ``None`` a card); empty while nobody has set cards aside. ``trash``: the
    trash's cards in order (3-2-1), each seen when it is up, when the viewer put it there, or
    once the showdown shows the trash; ``trash_from`` who put each there (-1: the stock).
    """

    player: int | None
    current_player: int
    num_players: int
    config: Config
    button: int
    step: int
    phase: Phase
    drawn_counts: tuple[int, ...]
    slots: tuple[tuple[Seen, ...], ...]
    up: int
    stock: int
    discarded: tuple[Seen, ...]
    mucked: tuple[Seen, ...]
    owed: tuple[tuple[int, int, bool], ...]
    table: Table
    draws: tuple[tuple[int, ...], ...]
    dealt: int
    folded_at: tuple[int, ...]
    shown: bool
    over: bool
    settled: tuple[Settled, ...]
    result: Result | None
    events: tuple[Event, ...]
    aside: tuple[Seen, ...] = ()
    trash: Seen = ()
    trash_from: tuple[int, ...] = ()
    match: MatchState | None = None

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def to_call(self, seat: int) -> int:
        """The chips ``seat`` must add to its bet to stay in: the bet to match less its own, at
        most its stack (short: it calls all in). 0 for a seat that has folded or is all in, between
        betting rounds, once the deal is over, and while a bring-in is open (the seat to act brings
        in or completes: ``table.bring_in``)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise DividedError(f"there is no seat {seat!r} at this table: seats are 0 to {self.num_players - 1}")
        table = self.table
        if self.over or not table.live[seat]:
            return 0
        return max(0, min(table.current - table.bets[seat], table.stacks[seat]))

    def pots(self) -> tuple[Pot, ...]:
        """The main pot, then the side pots (T9): each layer's chips and the seats that may win it.

        During the deal these are the chips in the middle: every contribution except the bets in
        front of the seats in the round under way (:attr:`table` ``.bets``, pulled in when the round
        ends), cut at the totals of the seats all in before this round. Once the deal is over, the
        layers that were settled (:attr:`settled`). Public information (T17)."""
        table, settled = self.table, self.settled
        last = _pots_memo[0]
        if last is not None and last[0] is table and last[1] is settled:
            return last[2]
        if settled:
            found = tuple(Pot(layer.amount, layer.eligible) for layer in settled)
        else:
            middle = tuple(chips - bet for chips, bet in zip(table.contributed, table.bets, strict=True))
            all_in = tuple(live and stack == 0 and bet == 0
                           for live, stack, bet in zip(table.live, table.stacks, table.bets, strict=True))
            carried = self.match.carried if self.match is not None else 0
            found = layers(middle, table.live, carried=carried, all_in=all_in)
        _pots_memo[0] = (table, settled, found)  # one assignment: a reader sees a whole triple
        return found


_pots_memo: list[tuple[Table, tuple[Settled, ...], tuple[Pot, ...]] | None] = [None]
"""The last table (and settled layers) :meth:`PokerView.pots` answered, with its answer: every
seat's view of one state shares its table object (frozen; holding it keeps its identity)."""


def _seen(cards: tuple[int, ...], visible: int) -> Seen:
    if not visible:
        return (None,) * len(cards)
    return tuple(card if visible >> card & 1 else None for card in cards)


@lru_cache(maxsize=4096)
def _pile(mask: int, visible: int) -> Seen:
    """A heap as seen: the visible cards in card order, then one ``None`` per hidden card."""
    if not mask:
        return ()
    cards = mask_indices(mask)
    shown = tuple(c for c in cards if visible >> c & 1)
    return (*shown, *(None for _ in range(len(cards) - len(shown))))


# What every view of a state shares: each seat's hands and piles as the public sees them. States
# are frozen and a move copies the fields it does not change, so successive states (and every
# seat's view of one state) hold the same objects: the projections below are kept by identity.
# An entry holds its key object, so the key's identity cannot be reused while the entry lives;
# each table is replaced or cleared in one operation, so a concurrent reader sees whole entries.
_MEMO_SIZE = 512
_public_hands_memo: dict[int, tuple[SeatSlots, int, tuple[Seen, ...]]] = {}
_public_slots_memo: list[tuple[tuple[SeatSlots, ...], int, tuple[tuple[Seen, ...], ...]] | None] = [None]
_public_piles_memo: dict[int, tuple[tuple[int, ...], int, tuple[Seen, ...]]] = {}


def _mask_hands(held: SeatSlots, public: int) -> tuple[Seen, ...]:
    return tuple(_seen(cards, public) if cards else () for cards in held)


def _public_hands(held: SeatSlots, public: int) -> tuple[Seen, ...]:
    """One seat's hands as the public sees them (up cards, everything else ``None``)."""
    entry = _public_hands_memo.get(id(held))
    if entry is not None and entry[0] is held and entry[1] == public:
        return entry[2]
    masked = _mask_hands(held, public)
    if len(_public_hands_memo) >= _MEMO_SIZE:
        _public_hands_memo.clear()
    _public_hands_memo[id(held)] = (held, public, masked)
    return masked


def _public_slots(slots: tuple[SeatSlots, ...], public: int) -> tuple[tuple[Seen, ...], ...]:
    """Every seat's hands as the public sees them."""
    last = _public_slots_memo[0]
    if last is not None and last[1] == public and len(last[0]) == len(slots):
        if last[0] is slots:
            return last[2]
        changed = list(map(is_not, slots, last[0]))
        if changed.count(True) == 1:  # a card dealt: one seat's hands changed since the last state
            seat = changed.index(True)
            before = last[2]
            masked = (*before[:seat], _mask_hands(slots[seat], public), *before[seat + 1:])
        else:
            masked = tuple(_public_hands(held, public) for held in slots)
    else:
        masked = tuple(_public_hands(held, public) for held in slots)
    _public_slots_memo[0] = (slots, public, masked)
    return masked


def _public_piles(piles: tuple[int, ...], public: int) -> tuple[Seen, ...]:
    """Every seat's discards (or mucked cards) as the public sees them."""
    entry = _public_piles_memo.get(id(piles))
    if entry is not None and entry[0] is piles and entry[1] == public:
        return entry[2]
    seen = tuple(_pile(mask, public) if mask else () for mask in piles)
    if len(_public_piles_memo) >= _MEMO_SIZE:
        _public_piles_memo.clear()
    _public_piles_memo[id(piles)] = (piles, public, seen)
    return seen


def _with_own(public: tuple[Seen, ...], own: int, piles: tuple[int, ...]) -> tuple[Seen, ...]:
    """The public piles with seat ``own``'s own pile seen whole."""
    mask = piles[own]
    if not mask:
        return public
    return (*public[:own], _pile(mask, -1), *public[own + 1:])


def _seen_phase(phase: Phase, player: int | None, public: int) -> tuple[Phase, tuple[int, ...]]:
    """The step under way as ``player`` sees it, and how many cards each seat has drawn."""
    if not (phase.commits or phase.drawn):
        return phase, ()
    last = _seen_phase_memo[0]
    if last is not None and last[0] is phase and last[1] == player and last[2] == public:
        return last[3]
    drawn = phase.drawn
    seen = Phase(
        order=phase.order,
        commits=tuple(c if seat == player else () for seat, c in enumerate(phase.commits)),
        drawn=tuple(d if seat == player else d & public for seat, d in enumerate(drawn)),
        marks=phase.marks,
    ), tuple(d.bit_count() for d in drawn)
    _seen_phase_memo[0] = (phase, player, public, seen)
    return seen


_seen_phase_memo: list[tuple[Phase, int | None, int, tuple[Phase, tuple[int, ...]]] | None] = [None]

_make_view = builder(PokerView)
"""``PokerView(...)``, faster (:mod:`divided.games.frozen_builder`), for :func:`observe`."""


def observe(state: PokerState, player: int | None, current_player: int, result: Result | None) -> PokerView:
    """``player``'s view of ``state`` (``None``: a spectator's)."""
    players = state.config.players
    public = state.up
    held = state.slots
    seat_of_viewer = player if player is not None and 0 <= player < len(held) else None
    masked = _public_slots(held, public)
    if state.shown or seat_of_viewer is not None:
        shown_seats = [seat for seat, live in enumerate(state.table.live) if live] if state.shown else []
        seen_slots = list(masked)
        for seat in shown_seats:
            seen_slots[seat] = held[seat]
        if seat_of_viewer is not None:
            seen_slots[seat_of_viewer] = held[seat_of_viewer]
        slots = tuple(seen_slots)
    else:
        slots = masked
    discarded = _public_piles(state.discarded, public)
    mucked = _public_piles(state.mucked, public)
    if seat_of_viewer is not None:
        discarded = _with_own(discarded, seat_of_viewer, state.discarded)
        mucked = _with_own(mucked, seat_of_viewer, state.mucked)
    aside: tuple[Seen, ...] = ()
    if state.aside:
        aside = tuple(_pile(mask, -1 if seat == seat_of_viewer else 0) for seat, mask in enumerate(state.aside))
    trash: Seen = ()
    if state.trash:
        trash = tuple(card if state.shown or public >> card & 1 or (seat_of_viewer is not None and source == seat_of_viewer)
                      else None for card, source in zip(state.trash, state.trash_from, strict=True))
    seen_phase, drawn_counts = _seen_phase(state.phase, player, public)
    return _make_view(
        player, current_player, players, state.config, state.button, state.step, seen_phase,
        drawn_counts, slots, public, state.stock.bit_count(),
        discarded, mucked, state.owed, state.table, state.draws, state.dealt, state.folded_at, state.shown,
        state.over, state.settled, result, state.events, aside, trash, state.trash_from, state.match,
    )

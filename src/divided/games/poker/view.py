"""What one seat may see of a poker deal (T17): the only door to hidden cards.

:func:`observe` projects a :class:`PokerState` onto a :class:`PokerView`: stacks, bets, pots and
the betting round are public (the whole betting :class:`Table`); a seat sees its own cards, up
cards, flipped cards and face-up discards, how many cards every hand, discard heap and the
stock hold, and, once the showdown is reached, every hand still in. A hidden card is ``None``.
Hidden commitments (T15) are shown to their maker only. A spectator (``player`` ``None``) sees
only the public part.

A view keeps the state's shape (the same field names), so the step kinds compute the acting
seat's legal actions and names from its view as from the state (:class:`Position`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from divided.games.base import TERMINAL, Result
from divided.games.frozen_builder import builder
from divided.games.poker.betting import Table
from divided.games.poker.cards import mask_indices
from divided.games.poker.events import Event
from divided.games.poker.options import Config
from divided.games.poker.state import Phase, PokerState, Settled

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


@dataclass(frozen=True, slots=True)
class PokerView:
    """One seat's view of a deal (``player`` ``None``: a spectator's).

    ``slots[seat][i]``: that seat's cards in slot ``i`` in order, ``None`` where hidden.
    ``discarded``/``mucked``: per seat, its cards in the pile (discards of earlier draws, a
    folded hand), those this viewer cannot see as ``None``; ``phase.drawn`` likewise holds the
    cards of the draw under way, as masks of the cards the viewer sees, with ``drawn_counts``
    the numbers. ``phase.commits`` holds the viewer's own commitments only. ``events``: the public
    log (every event is public, :mod:`divided.games.poker.events`). ``stock`` is how
    many cards the stock holds; ``owed`` the cards about to be dealt (seat, slot, face up).
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

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL


def _seen(cards: tuple[int, ...], visible: int) -> Seen:
    return tuple(card if visible >> card & 1 else None for card in cards)


def _pile(mask: int, visible: int) -> Seen:
    """A heap as seen: the visible cards in card order, then one ``None`` per hidden card."""
    if not mask:
        return ()
    cards = mask_indices(mask)
    shown = tuple(c for c in cards if visible >> c & 1)
    return (*shown, *(None for _ in range(len(cards) - len(shown))))


_make_view = builder(PokerView)
"""``PokerView(...)``, faster (:mod:`divided.games.frozen_builder`), for :func:`observe`."""


def observe(state: PokerState, player: int | None, current_player: int, result: Result | None) -> PokerView:
    """``player``'s view of ``state`` (``None``: a spectator's)."""
    players = state.config.players
    live = state.table.live
    public = state.up
    shown = state.shown
    slots: list[tuple[Seen, ...]] = []
    for seat, held in enumerate(state.slots):
        if seat == player or (shown and live[seat]):
            slots.append(held)
        else:
            slots.append(tuple(_seen(cards, public) if cards else () for cards in held))
    discarded = tuple(_pile(mask, -1 if seat == player else public) for seat, mask in enumerate(state.discarded))
    mucked = tuple(_pile(mask, -1 if seat == player else public) for seat, mask in enumerate(state.mucked))
    phase = state.phase
    drawn = phase.drawn
    if phase.commits or drawn:
        seen_phase = Phase(
            order=phase.order,
            commits=tuple(c if seat == player else () for seat, c in enumerate(phase.commits)),
            drawn=tuple(d if seat == player else d & public for seat, d in enumerate(drawn)),
        )
    else:
        seen_phase = phase
    return _make_view(
        player, current_player, players, state.config, state.button, state.step, seen_phase,
        tuple(d.bit_count() for d in drawn), tuple(slots), public, state.stock.bit_count(),
        discarded, mucked, state.owed, state.table, state.draws, state.dealt, state.folded_at, state.shown,
        state.over, state.settled, result, state.events,
    )

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


def _seen(mask_or_cards: tuple[int, ...], visible: int) -> Seen:
    return tuple(card if visible >> card & 1 else None for card in mask_or_cards)


def _pile(mask: int, visible: int) -> Seen:
    """A heap as seen: the visible cards in card order, then one ``None`` per hidden card."""
    cards = mask_indices(mask)
    shown = tuple(c for c in cards if visible >> c & 1)
    return (*shown, *(None for _ in range(len(cards) - len(shown))))


def observe(state: PokerState, player: int | None, current_player: int, result: Result | None) -> PokerView:
    """``player``'s view of ``state`` (``None``: a spectator's)."""
    players = state.players
    live = state.table.live
    public = state.up
    slots: list[tuple[Seen, ...]] = []
    for seat in range(players):
        if seat == player or (state.shown and live[seat]):
            slots.append(state.slots[seat])
        else:
            slots.append(tuple(_seen(cards, public) for cards in state.slots[seat]))
    discarded, mucked = [], []
    for seat in range(players):
        own = seat == player
        discarded.append(_pile(state.discarded[seat], -1 if own else public))
        mucked.append(_pile(state.mucked[seat], -1 if own else public))
    phase = state.phase
    drawn = phase.drawn
    seen_phase = Phase(
        order=phase.order,
        commits=tuple(c if seat == player else () for seat, c in enumerate(phase.commits)),
        drawn=tuple(d if seat == player else d & public for seat, d in enumerate(drawn)),
    )
    stock = state.stock.bit_count()
    return PokerView(
        player=player, current_player=current_player, num_players=players, config=state.config,
        button=state.button, step=state.step, phase=seen_phase,
        drawn_counts=tuple(d.bit_count() for d in drawn), slots=tuple(slots), up=public, stock=stock,
        discarded=tuple(discarded), mucked=tuple(mucked), owed=state.owed, table=state.table, draws=state.draws,
        dealt=state.dealt, folded_at=state.folded_at, shown=state.shown, over=state.over, settled=state.settled, result=result,
        events=state.events,
    )

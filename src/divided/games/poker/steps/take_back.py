"""TakeBack (Bounce Back BK1-BK3): each seat still in that set cards aside at a draw may give
up exactly as many cards of its hand, any of them, and pick the set-aside cards up again
(action TAKE_BACK+mask: the bits name the cards given up, in card order), or decline (PASS).
The cards given up go face down to the discard pile; only how many is public. Seats act in turn
from the button's left, or from the dealer (``first="dealer"``: Bounce Back). Declined
set-aside cards stay apart to the end of the deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import mask_indices, name
from divided.games.poker.events import Event
from divided.games.poker.state import Phase, evolve_phase, evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position


@dataclass(frozen=True)
class TakeBack(Step):
    """The seats with cards set aside may take them back into ``slot`` for as many of its cards."""

    kind: ClassVar[str] = "take-back"
    slot: str = "hand"
    first: str = "left"


def aside_cards(position: Position, seat: int) -> tuple[int | None, ...]:
    """The cards ``seat`` set aside, as its own view (or the state) shows them (``None`` hidden)."""
    aside = position.aside
    if not aside:
        return ()
    held = aside[seat]
    return tuple(mask_indices(held)) if isinstance(held, int) else held


def held_in_order(position: Position, step: TakeBack, seat: int) -> list[int]:
    cards = position.slots[seat][position.config.variant.slot_index(step.slot)]
    return sorted(card for card in cards if card is not None)


def _order(state: PokerState, step: TakeBack) -> tuple[int, ...]:
    order = engine.live_from_left(state)
    if step.first == "dealer" and order and order[-1] == state.button:
        order = (order[-1], *order[:-1])
    aside = state.aside
    return tuple(seat for seat in order if aside and aside[seat])


class TakeBackKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, TakeBack)
        order = _order(state, step)
        if not order:
            return engine.next_step(state)
        return evolve_state(state, phase=Phase(order=order))

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, TakeBack)
        seat = position.phase.order[0]
        count = len(aside_cards(position, seat))
        size = len(held_in_order(position, step, seat))
        return [act.PASS, *(act.TAKE_BACK + mask for mask in range(1 << size) if mask.bit_count() == count)]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, TakeBack)
        seat = state.phase.order[0]
        if action == act.PASS:
            state = evolve_state(state, events=(*state.events, Event(state.step, seat, "keep")))
        else:
            slot = state.config.variant.slot_index(step.slot)
            held = held_in_order(state, step, seat)
            given = [card for i, card in enumerate(held) if (action - act.TAKE_BACK) >> i & 1]
            returned = tuple(mask_indices(state.aside[seat]))
            gone = sum(1 << card for card in given)
            hand = (*(card for card in state.slots[seat][slot] if not gone >> card & 1), *returned)
            seat_slots = (*state.slots[seat][:slot], hand, *state.slots[seat][slot + 1:])
            state = evolve_state(
                state, slots=(*state.slots[:seat], seat_slots, *state.slots[seat + 1:]),
                aside=engine.replace_seat(state.aside, seat, 0),
                discarded=engine.replace_seat(state.discarded, seat, state.discarded[seat] | gone),
                events=(*state.events, Event(state.step, seat, "take-back", len(given))))
        state = evolve_state(state, phase=evolve_phase(state.phase, order=state.phase.order[1:]))
        return state if state.phase.order else engine.next_step(state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return state if state.phase.order else engine.next_step(state)

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, TakeBack)
        if not position.phase.order:
            raise IllegalActionError("nobody takes back now")
        seat = position.phase.order[0]
        if action == act.PASS:
            return "keep", "keep your hand", ()
        held = held_in_order(position, step, seat)
        given = tuple(card for i, card in enumerate(held) if (action - act.TAKE_BACK) >> i & 1)
        back = " ".join(name(c) for c in aside_cards(position, seat) if c is not None)
        return "take-back", f"give up {' '.join(name(c) for c in given)} and take back {back}", given


register(TakeBack.kind, TakeBackKind())

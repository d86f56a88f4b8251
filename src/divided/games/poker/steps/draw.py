"""Draw: one seat at a time from the button's left, each discards then receives its
replacements before the next decides (T14); the stock running out is T16's reshuffle
(:func:`divided.games.poker.engine.deal`). With ``reveal="after"`` every discard of the draw
still in the pile is turned up once the last seat has drawn (open draw, OS1)."""

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
class Draw(Step):
    """Each seat still in discards ``least`` to ``most`` cards of ``slot`` and draws as many."""

    kind: ClassVar[str] = "draw"
    slot: str = "hand"
    least: int = 0
    most: int = 5
    reveal: str = "never"


def held_in_order(position: Position, step: Draw, seat: int) -> list[int]:
    """The seat's cards of the drawing hand in card order (what a discard mask's bits name)."""
    cards = position.slots[seat][position.config.variant.slot_index(step.slot)]
    return sorted(card for card in cards if card is not None)


def discarded_cards(position: Position, step: Draw, seat: int, mask: int) -> list[int]:
    cards = held_in_order(position, step, seat)
    return [card for i, card in enumerate(cards) if mask >> i & 1]


class DrawKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        order = engine.live_from_left(state)
        zero = (0,) * state.players
        state = evolve_state(state, phase=Phase(order=order, drawn=zero), draws=(*state.draws, (-1,) * state.players))
        return state if order else self.resume(step, state)

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, Draw)
        seat = position.phase.order[0]
        size = len(held_in_order(position, step, seat))
        least, most = step.least, min(step.most, size)
        return [act.DISCARD + mask for mask in range(1 << size) if least <= mask.bit_count() <= most]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, Draw)
        seat = state.phase.order[0]
        cards = discarded_cards(state, step, seat, action - act.DISCARD)
        slot = state.config.variant.slot_index(step.slot)
        gone = 0
        for card in cards:
            gone |= 1 << card
        kept = tuple(card for card in state.slots[seat][slot] if not gone >> card & 1)
        held = (*state.slots[seat][:slot], kept, *state.slots[seat][slot + 1:])
        slots = (*state.slots[:seat], held, *state.slots[seat + 1:])
        phase = state.phase
        drawn = engine.replace_seat(phase.drawn, seat, phase.drawn[seat] | gone)
        counts = engine.replace_seat(state.draws[-1], seat, len(cards))
        state = evolve_state(state, slots=slots, phase=evolve_phase(phase, order=phase.order[1:], drawn=drawn),
                       draws=(*state.draws[:-1], counts),
                       events=(*state.events, Event(state.step, seat, "draw", len(cards))))
        return engine.owe(state, tuple((seat, slot, False) for _ in cards))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Draw)
        if state.phase.order:
            return state
        drawn = state.phase.drawn
        discarded = tuple(d | drawn[seat] for seat, d in enumerate(state.discarded))
        up = state.up
        events = state.events
        if step.reveal == "after":
            for cards in drawn:
                up |= cards
            events += tuple(Event(state.step, seat, "reveal", cards=tuple(mask_indices(drawn[seat])))
                            for seat in engine.from_left(state.button, state.players) if drawn[seat])
        return engine.next_step(evolve_state(state, discarded=discarded, up=up, events=events))

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, Draw)
        if not position.phase.order:
            raise IllegalActionError("nobody draws now")
        cards = tuple(discarded_cards(position, step, position.phase.order[0], action - act.DISCARD))
        if not cards:
            return "stand-pat", "stand pat", ()
        return "discard", f"discard {' '.join(name(c) for c in cards)}", cards


register(Draw.kind, DrawKind())

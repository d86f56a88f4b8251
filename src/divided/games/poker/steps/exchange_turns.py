"""Exchange turns (Jackpot JP1-JP3): turns go round from the button's left among the seats still
in; on its turn a seat may exchange up to ``most`` cards (discard face down, draw as many at once,
T14), then says "I call" (:data:`~divided.games.poker.actions.STOP`) or not
(:data:`~divided.games.poker.actions.PASS`). A call ends the drawing at once; after ``turns`` turns
each without a call the drawing ends as if called. A repeat-until with a cap: the count of turns
taken is the step's only memory.

``phase.order``: the seats in turn (fixed for the step); ``phase.marks``: (turns taken, stage),
stage 0 while the seat to act exchanges, 1 while it decides whether to call; ``phase.drawn``: the
card the seat now served discarded (kept out of a reshuffle, T16; it joins the pile once the
replacement is dealt). The step keeps one entry of ``draws``: the cards each seat exchanged in all.

Where the rulings are silent: the last turn of the cap offers no call (the drawing ends as if
called whatever the seat says), and a seat with no card to exchange (never, with five cards)
would only stand pat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import name
from divided.games.poker.events import Event
from divided.games.poker.state import Phase, evolve_phase, evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.options import Config
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position

EXCHANGE, DECIDE = 0, 1


@dataclass(frozen=True)
class ExchangeTurns(Step):
    """Turns of exchanging up to ``most`` cards of ``slot``, each ended by a call or not, at
    most ``turns`` turns a seat."""

    kind: ClassVar[str] = "exchange-turns"
    slot: str = "hand"
    most: int = 1
    turns: int = 5


def _held(position: Position, step: ExchangeTurns, seat: int) -> list[int]:
    cards = position.slots[seat][position.config.variant.slot_index(step.slot)]
    return sorted(card for card in cards if card is not None)


def _seat(position: Position) -> int:
    order = position.phase.order
    return order[position.phase.marks[0] % len(order)]


class ExchangeTurnsKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        order = engine.live_from_left(state)
        counts = tuple(0 if live else -1 for live in state.table.live)
        state = evolve_state(state, phase=Phase(order=order, drawn=(0,) * state.players, marks=(0, EXCHANGE)),
                             draws=(*state.draws, counts))
        return state if order else engine.next_step(state)

    def actor(self, step: Step, state: PokerState) -> int:
        return _seat(state)

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, ExchangeTurns)
        if position.phase.marks[1] == DECIDE:
            return [act.PASS, act.STOP]
        size = len(_held(position, step, _seat(position)))
        return [act.DISCARD + mask for mask in range(1 << size) if mask.bit_count() <= step.most]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, ExchangeTurns)
        phase, seat = state.phase, _seat(state)
        turn, stage = phase.marks
        if stage == DECIDE:
            if action == act.STOP:
                state = evolve_state(state, events=(*state.events, Event(state.step, seat, "stop")))
                return engine.next_step(state)
            state = evolve_state(state, phase=evolve_phase(phase, marks=(turn + 1, EXCHANGE)),
                                 events=(*state.events, Event(state.step, seat, "pass")))
            return state
        held = _held(state, step, seat)
        cards = [card for i, card in enumerate(held) if (action - act.DISCARD) >> i & 1]
        gone = sum(1 << card for card in cards)
        slot = state.config.variant.slot_index(step.slot)
        kept = tuple(card for card in state.slots[seat][slot] if not gone >> card & 1)
        seat_slots = (*state.slots[seat][:slot], kept, *state.slots[seat][slot + 1:])
        counts = engine.replace_seat(state.draws[-1], seat, state.draws[-1][seat] + len(cards))
        state = evolve_state(
            state, slots=(*state.slots[:seat], seat_slots, *state.slots[seat + 1:]),
            phase=evolve_phase(phase, drawn=engine.replace_seat(phase.drawn, seat, gone), marks=(turn, DECIDE)),
            draws=(*state.draws[:-1], counts), events=(*state.events, Event(state.step, seat, "draw", len(cards))))
        return engine.owe(state, tuple((seat, slot, False) for _ in cards))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, ExchangeTurns)
        phase = state.phase
        discarded = tuple(pile | drawn for pile, drawn in zip(state.discarded, phase.drawn, strict=True))
        state = evolve_state(state, discarded=discarded, phase=evolve_phase(phase, drawn=(0,) * state.players))
        if phase.marks[0] + 1 >= step.turns * len(phase.order):  # the cap: the drawing ends as if called
            return engine.next_step(state)
        return state

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, ExchangeTurns)
        if action not in self.legal(step, position):
            raise IllegalActionError(f"action {action} is not an exchange or a call now")
        if action == act.STOP:
            return "stop", 'say "I call"', ()
        if action == act.PASS:
            return "pass", "do not call", ()
        held = _held(position, step, _seat(position))
        cards = tuple(card for i, card in enumerate(held) if (action - act.DISCARD) >> i & 1)
        if not cards:
            return "stand-pat", "keep your cards", ()
        return "discard", f"exchange {' '.join(name(c) for c in cards)}", cards

    def max_moves(self, step: Step, config: Config) -> int:
        """Every turn's exchange, its replacements and its call."""
        assert isinstance(step, ExchangeTurns)
        return step.turns * config.players * (2 + step.most)


register(ExchangeTurns.kind, ExchangeTurnsKind())

"""Assign (10 Card Regrets): each seat puts the two cards just dealt into its two hands, both
in one or one in each, never beyond a hand's capacity (R4: a full hand forces the other). The
choices are hidden commitments (T15), applied together; with ``reveal="face-up"`` the cards are
then turned up (R3 option ``regrets_exposure``), otherwise only how many each hand holds is
public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import name
from divided.games.poker.events import Event
from divided.games.poker.state import evolve_state
from divided.games.poker.steps import commits
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position


@dataclass(frozen=True)
class Assign(Step):
    """The two cards in ``source`` go into the hands ``into`` (first, second)."""

    kind: ClassVar[str] = "assign"
    source: str = "held"
    into: tuple[str, str] = ("left", "right")
    capacity: int = 5
    reveal: str = "hidden"


def placement(pair: list[int], choice: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards for the first and the second hand under an assign choice (``pair`` in card
    order: the lower card first)."""
    low, high = pair
    return {act.BOTH_FIRST: ((low, high), ()), act.BOTH_SECOND: ((), (low, high)),
            act.LOWER_FIRST: ((low,), (high,)), act.LOWER_SECOND: ((high,), (low,))}[choice]


def _indices(position: Position, step: Assign) -> tuple[int, int, int]:
    variant = position.config.variant
    return variant.slot_index(step.source), variant.slot_index(step.into[0]), variant.slot_index(step.into[1])


class AssignKind(commits.CommitSteps):
    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, Assign)
        seat = position.phase.order[0]
        _, first, second = _indices(position, step)
        room_first = step.capacity - len(position.slots[seat][first])
        room_second = step.capacity - len(position.slots[seat][second])
        out = []
        if room_first >= 2:
            out.append(act.assign_action(act.BOTH_FIRST))
        if room_second >= 2:
            out.append(act.assign_action(act.BOTH_SECOND))
        if room_first >= 1 and room_second >= 1:
            out += [act.assign_action(act.LOWER_FIRST), act.assign_action(act.LOWER_SECOND)]
        return out

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        state = commits.commit(state, state.phase.order[0], action - act.ASSIGN, True)
        return state if state.phase.order else self.resume(step, state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Assign)
        source, first, second = _indices(state, step)
        slots = list(state.slots)
        up = state.up
        events = []
        for seat, chosen in enumerate(state.phase.commits):
            if not chosen:
                continue
            held = list(slots[seat])
            pair = held[source]
            to_first, to_second = placement(sorted(pair), chosen[0])
            # cards keep the order they were dealt in, so the order of hidden cards tells nothing
            held[first] = (*held[first], *(c for c in pair if c in to_first))
            held[second] = (*held[second], *(c for c in pair if c in to_second))
            held[source] = ()
            slots[seat] = tuple(held)
            face_up = step.reveal == "face-up"
            if face_up:
                for card in pair:
                    up |= 1 << card
            events.append(Event(state.step, seat, "assign", counts=(len(to_first), len(to_second)),
                                hands=(held[first][-len(to_first):] if to_first else (),
                                       held[second][-len(to_second):] if to_second else ()) if face_up else (),
                                hands_named=step.into))
        order = engine.from_left(state.button, state.players)
        events.sort(key=lambda event: order.index(event.seat))
        return engine.next_step(evolve_state(state, slots=tuple(slots), up=up, events=(*state.events, *events)))

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, Assign)
        seat = position.phase.order[0]
        source, _, _ = _indices(position, step)
        pair = sorted(c for c in position.slots[seat][source] if c is not None)
        to_first, to_second = placement(pair, action - act.ASSIGN)
        parts = []
        if to_first:
            parts.append(f"{' '.join(name(c) for c in to_first)} to the {step.into[0]} hand")
        if to_second:
            parts.append(f"{' '.join(name(c) for c in to_second)} to the {step.into[1]} hand")
        return "assign", "assign " + ", ".join(parts), tuple(pair)


register(Assign.kind, AssignKind())

"""Partition: each seat divides the cards it holds into hands (Henway: two five-card hands,
each put in order; Cowpie: a five and a two), as hidden commitments (T15) applied together.

Every decision stays small: the first choice is the cards of the last hand, the
``combination``-th subset of the held cards (in card order) of that hand's size: C(10, 5) =
252 for Henway, C(7, 2) = 21 for Cowpie. An ordered partition then takes each hand's order
card by card from the top (at most five choices each; a hand's last card goes in by itself).

Constraints (Cowpie C1, C3): ``outranks`` (the first hand must rank strictly above the last as
high hands, incomplete hands included: more cards win when the shown cards tie) and
``down_in`` (each named hand holds at least one down card). Only legal partitions are offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import as_cards, name
from divided.games.poker.events import Event
from divided.games.poker.state import evolve_state
from divided.games.poker.steps import commits
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step
from divided.hands.poker import system

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position


@dataclass(frozen=True)
class Partition(Step):
    """The cards of ``source`` go into the hands ``into`` (their sizes are the slots')."""

    kind: ClassVar[str] = "partition"
    source: str = "held"
    into: tuple[str, ...] = ("one", "two")
    ordered: bool = False
    outranks: bool = False
    down_in: tuple[str, ...] = ()


def _sizes(position: Position, step: Partition) -> list[int]:
    variant = position.config.variant
    return [variant.slots[variant.slot_index(name)].size for name in step.into]


def held_in_order(position: Position, step: Partition, seat: int) -> list[int]:
    cards = position.slots[seat][position.config.variant.slot_index(step.source)]
    return sorted(card for card in cards if card is not None)


def split_of(held: list[int], combination: int, last_size: int) -> tuple[list[int], list[int]]:
    """The first hand and the last hand of a two-hand partition choice (card order)."""
    chosen = act.subsets(len(held), last_size)[combination]
    last = [held[i] for i in chosen]
    return [c for c in held if c not in last], last


def is_legal_split(step: Partition, first: list[int], last: list[int], up: int) -> bool:
    """Whether a split meets the step's constraints (C1, C3)."""
    if step.outranks:
        high = system("high")
        if high.strength(as_cards(first)) <= high.strength(as_cards(last)):
            return False
    for hand_name in step.down_in:
        cards = first if hand_name == step.into[0] else last
        if all(up >> card & 1 for card in cards):
            return False
    return True


def _commitment_length(position: Position, step: Partition) -> int:
    return 1 + (sum(size - 1 for size in _sizes(position, step)) if step.ordered else 0)


def _ordering(position: Position, step: Partition, seat: int) -> tuple[int, list[int], list[int]]:
    """While ordering: which hand (index), the cards put in order so far and the cards left."""
    chosen = position.phase.commits[seat]
    sizes = _sizes(position, step)
    first, last = split_of(held_in_order(position, step, seat), chosen[0] - act.PARTITION, sizes[-1])
    hands = [first, last]
    done = list(chosen[1:])
    for index, size in enumerate(sizes):
        placed = [c - act.ORDER for c in done[: size - 1]]
        done = done[size - 1:]
        if len(placed) < size - 1:
            return index, placed, [c for c in hands[index] if c not in placed]
    raise IllegalActionError("this seat's partition is complete")


def ordering(position: Position, step: Partition, seat: int) -> tuple[int, list[int], list[int]]:
    """Where ``seat``'s ordering stands, from its own view or the state: the hand being put in
    order (its index in ``step.into``), the cards put in so far (top first) and the cards left."""
    return _ordering(position, step, seat)


class PartitionKind(commits.CommitSteps):
    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, Partition)
        seat = position.phase.order[0]
        if position.phase.commits[seat]:
            return sorted(act.order_action(card) for card in _ordering(position, step, seat)[2])
        held = held_in_order(position, step, seat)
        last_size = _sizes(position, step)[-1]
        choices = len(act.subsets(len(held), last_size))
        if not step.outranks and not step.down_in:  # every split is legal (Henway)
            return list(range(act.PARTITION, act.PARTITION + choices))
        out = []
        for number in range(choices):
            first, last = split_of(held, number, last_size)
            if is_legal_split(step, first, last, position.up):
                out.append(act.partition_action(number))
        return out

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, Partition)
        seat = state.phase.order[0]
        complete = len(state.phase.commits[seat]) + 1 == _commitment_length(state, step)
        state = commits.commit(state, seat, action, complete)
        return state if state.phase.order else self.resume(step, state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Partition)
        variant = state.config.variant
        source = variant.slot_index(step.source)
        targets = [variant.slot_index(name) for name in step.into]
        sizes = _sizes(state, step)
        slots = list(state.slots)
        up = state.up
        done: dict[int, Event] = {}
        for seat, chosen in enumerate(state.phase.commits):
            if not chosen:
                continue
            dealt = state.slots[seat][source]
            first, last = split_of(sorted(dealt), chosen[0] - act.PARTITION, sizes[-1])
            if step.ordered:
                hands = []
                rest = list(chosen[1:])
                for hand, size in zip((first, last), sizes, strict=True):
                    top = [c - act.ORDER for c in rest[: size - 1]]
                    rest = rest[size - 1:]
                    hands.append((*top, *(c for c in hand if c not in top)))
            else:  # the cards keep the order they were dealt in: hidden ones tell nothing
                hands = [tuple(c for c in dealt if c in first), tuple(c for c in dealt if c in last)]
            held = list(slots[seat])
            held[source] = ()
            for index, hand_cards in zip(targets, hands, strict=True):
                held[index] = tuple(hand_cards)
            slots[seat] = tuple(held)
            done[seat] = Event(state.step, seat, "arrange" if step.ordered else "split",
                               hands=tuple(tuple(c for c in hand if up >> c & 1) for hand in hands),
                               counts=tuple(sum(1 for c in hand if not up >> c & 1) for hand in hands),
                               hands_named=step.into)
        events = tuple(done[seat] for seat in engine.from_left(state.button, state.players) if seat in done)
        return engine.next_step(evolve_state(state, slots=tuple(slots), events=state.events + events))

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, Partition)
        seat = position.phase.order[0]
        if act.ORDER <= action < act.RAISE_TO:
            index, placed, _ = _ordering(position, step, seat)
            card = action - act.ORDER
            place = ("top", "second", "third", "fourth", "fifth")[len(placed)]
            return "order", f"{name(card)} {place} in the {step.into[index]} hand", (card,)
        held = held_in_order(position, step, seat)
        first, last = split_of(held, action - act.PARTITION, _sizes(position, step)[-1])
        text = " | ".join(f"{hand}: {' '.join(name(c) for c in cards)}"
                          for hand, cards in zip(step.into, (first, last), strict=True))
        return ("arrange" if step.ordered else "split"), text, tuple(last)


register(Partition.kind, PartitionKind())

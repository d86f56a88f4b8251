"""Test variants for the step kinds of issue 30 whose games need other parts not written yet
(Low-Die's wild cards, Auction Flop's paid discard), and a way to play them through the games
registry for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar

from divided import games
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.awards.places import PLACES
from divided.games.poker.cards import name
from divided.games.poker.events import Event
from divided.games.poker.room import PokerRoom
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import Phase, PokerState, evolve_state
from divided.games.poker.steps import Deal, Showdown
from divided.games.poker.steps.auction import Auction
from divided.games.poker.steps.base import register
from divided.games.poker.steps.dealer_call import MAX_DRAWS, MAX_DRAWS_OPTION, CallDraws, CalledRounds
from divided.games.poker.variant import Award, Slot, Step, Variant, by_option
from divided.games.poker.variants import ROOMS, RULES, VARIANTS
from divided.games.poker.view import Position

CALLED_DRAWS = Variant(
    id="test-called-draws", name="Five-card draw with the dealer's call", players=(2, 7),
    slots=(Slot("hand", 5),), summary="The dealer calls the draws before the deal (Low-Die's LD2, no wild cards).",
    steps=(CallDraws(most=by_option("max_draws", MAX_DRAWS)), Deal(("down",) * 5), CalledRounds(), Showdown()),
    awards=(Award("high", ("hand",)),), options=(MAX_DRAWS_OPTION,),
)


@contextmanager
def registered(variant: Variant) -> Iterator[str]:
    """``variant`` playable as a game (``games.load(variant.id)``) inside the block."""
    rules = PokerRules(variant)
    VARIANTS[variant.id] = variant
    RULES[variant.id] = lambda: rules
    ROOMS[variant.id] = PokerRoom(variant.id, variant)
    games.register(variant.id, RULES[variant.id], ROOMS[variant.id], replace=True)
    try:
        yield variant.id
    finally:
        from divided.games import _ROOMS, _RULES

        _RULES.unregister(variant.id)
        _ROOMS.unregister(variant.id)
        for table in (VARIANTS, RULES, ROOMS):
            table.pop(variant.id, None)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class FreeDiscard(Step):
    """A stand-in for Auction Flop's first step (another part of issue 30): each seat in turn
    discards 0-5 cards face down, not replaced, paying nothing."""

    kind: ClassVar[str] = "test-free-discard"


class FreeDiscardKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        order = engine.live_from_left(state)
        return evolve_state(state, phase=Phase(order=order))

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]

    def legal(self, step: Step, position: Position) -> list[int]:
        size = len(position.slots[position.phase.order[0]][0])
        return [act.DISCARD + mask for mask in range(1 << size)]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        seat = state.phase.order[0]
        held = sorted(state.slots[seat][0])
        gone = [card for i, card in enumerate(held) if (action - act.DISCARD) >> i & 1]
        kept = tuple(card for card in state.slots[seat][0] if card not in gone)
        slots = list(state.slots)
        slots[seat] = (kept, *state.slots[seat][1:])
        pile = engine.replace_seat(state.discarded, seat, state.discarded[seat] | sum(1 << c for c in gone))
        state = evolve_state(state, slots=tuple(slots), discarded=pile, phase=Phase(order=state.phase.order[1:]),
                             events=(*state.events, Event(state.step, seat, "discard", len(gone))))
        return state if state.phase.order else engine.next_step(state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return state

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        held = sorted(c for c in position.slots[position.phase.order[0]][0] if c is not None)
        cards = tuple(card for i, card in enumerate(held) if (action - act.DISCARD) >> i & 1)
        return "discard", "discard " + " ".join(name(c) for c in cards), cards


register(FreeDiscard.kind, FreeDiscardKind())

AUCTION_HANDS = (Slot("hand", 5), Slot("lot", 3))

AUCTION = Variant(
    id="test-auction", name="Auction (dealt three)", players=(2, 7), slots=AUCTION_HANDS,
    summary="Three cards down each, then lots auctioned until every hand has five; places 60/30/10.",
    steps=(Deal(("down",) * 3), Auction(), Showdown()),
    awards=(Award("places", ("hand",), kind=PLACES),), blinds=False,
)

AUCTION_DISCARD = Variant(
    id="test-auction-discard", name="Auction after a free discard", players=(2, 7), slots=AUCTION_HANDS,
    summary="Five cards down, a free discard of 0-5, then lots auctioned until every hand has five.",
    steps=(Deal(("down",) * 5), FreeDiscard(), Auction(), Showdown()),
    awards=(Award("places", ("hand",), kind=PLACES),), blinds=False,
)

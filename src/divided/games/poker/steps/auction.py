"""The auction (Auction Flop AF1-AF6, AF8): lots of the top ``lot`` stock cards, turned up, are
sold to the seats whose hands need cards until every hand holds ``size`` cards.

A lot: the cards are dealt face up in front of the lot's first voice (its ``lot_slot``), then
bidding goes from the first voice to the left among the seats needing cards: pass
(:data:`~divided.games.poker.actions.PASS`) or bid one more than the highest bid
(:data:`~divided.games.poker.actions.BID`, opening at 1, never above the bidder's stack); a seat
that passed may bid when the turn comes back; the lot is sold when all the others have passed
since the last bid. When nobody bids, the refusal ladder (AF4): the first voice takes the lot free
(:data:`~divided.games.poker.actions.TAKE`) or pays 1 to refuse it
(:data:`~divided.games.poker.actions.REFUSE`), then the next seat needing cards takes it or pays
2, and so on around; a seat that cannot pay must take. The buyer pays its bid (every payment is a
contribution, T9; nobody folds, AF8), keeps one card up to what its hand needs
(:data:`~divided.games.poker.actions.KEEP` + a mask of the lot's cards in card order) and
discards the rest face down: all see how many it kept, not which (AF3). A seat alone in needing
cards takes every lot free (AF5). The first voice of the first lot is the first seat needing cards
left of the dealer; of each later lot, the next seat needing cards left of the previous first
voice (AF2). When the stock is empty, the whole pile is shuffled into a new stock (AF6: the
engine's reshuffle, a chance event, with no seat's discards held back). If every hand is full
when the step starts, it ends at once (AF8: the showdown follows).

``phase.order``: the seats needing cards, from the lot's first voice; ``phase.marks``: (stage,
first voice, turn, highest bid, highest bidder or buyer, passes since the last bid, refusal
price), all public.

Where the rulings are silent: the lot lies in front of its first voice (in that seat's
``lot_slot``) until it is sold; a seat with no chips may still pass at the bidding; the bidding
round and the ladder go among the seats needing cards only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import betting, engine
from divided.games.poker.cards import name
from divided.games.poker.events import Event
from divided.games.poker.state import Phase, evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.options import Config
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position

DEALING, BIDDING, LADDER, KEEPING = range(4)
STAGE, VOICE, TURN, HIGH, BIDDER, PASSES, PRICE = range(7)


@dataclass(frozen=True)
class Auction(Step):
    """Lots of ``lot`` cards for the hands of ``slot`` until each holds ``size`` (module text)."""

    kind: ClassVar[str] = "auction"
    slot: str = "hand"
    lot_slot: str = "lot"
    size: int = 5
    lot: int = 3


def needing(position: Position, step: Auction) -> list[int]:
    """The seats still in whose hands hold fewer than ``size`` cards, in seat order."""
    index = position.config.variant.slot_index(step.slot)
    return [seat for seat, live in enumerate(position.table.live)
            if live and len(position.slots[seat][index]) < step.size]


def lot_cards(position: Position, step: Auction) -> list[int]:
    """The lot's cards in card order (what a keep mask's bits name)."""
    voice = position.phase.marks[VOICE]
    cards = position.slots[voice][position.config.variant.slot_index(step.lot_slot)]
    return sorted(card for card in cards if card is not None)


_MARKS = {"stage": STAGE, "voice": VOICE, "turn": TURN, "high": HIGH, "bidder": BIDDER, "passes": PASSES,
          "price": PRICE}


def _marks(phase: Phase, **changes: int) -> tuple[int, ...]:
    """``phase.marks`` with the named marks changed."""
    marks = list(phase.marks)
    for key, value in changes.items():
        marks[_MARKS[key]] = value
    return tuple(marks)


def _acting(position: Position) -> int:
    marks = position.phase.marks
    if marks[STAGE] == KEEPING:
        return marks[BIDDER]
    return position.phase.order[marks[TURN]]


class AuctionKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Auction)
        need = needing(state, step)
        if not need:  # AF8: every hand is full
            return engine.next_step(state)
        voice = next(seat for seat in engine.from_left(state.button, state.players) if seat in need)
        return self._lot(step, state, voice)

    def _lot(self, step: Auction, state: PokerState, voice: int) -> PokerState:
        """Deal the next lot face up in front of ``voice``."""
        need = set(needing(state, step))
        order = tuple(seat for seat in (voice, *engine.from_left(voice, state.players)[:-1]) if seat in need)
        state = evolve_state(state, phase=Phase(order=order, marks=(DEALING, voice, 0, 0, -1, 0, 1)))
        slot = state.config.variant.slot_index(step.lot_slot)
        return engine.owe(state, tuple((voice, slot, True) for _ in range(step.lot)))

    def resume(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Auction)
        phase = state.phase
        event = Event(state.step, None, "lot", cards=tuple(lot_cards(state, step)))
        state = evolve_state(state, events=(*state.events, event))
        if len(phase.order) == 1:  # AF5: alone in needing cards, it takes every lot free
            return self._sold(state, phase.order[0], 0)
        return evolve_state(state, phase=Phase(order=phase.order, marks=_marks(phase, stage=BIDDING)))

    def actor(self, step: Step, state: PokerState) -> int:
        return _acting(state)

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, Auction)
        marks = position.phase.marks
        stage, seat = marks[STAGE], _acting(position)
        stack = position.table.stacks[seat]
        if stage == BIDDING:
            return [act.PASS, act.BID] if marks[HIGH] + 1 <= stack else [act.PASS]
        if stage == LADDER:
            return [act.TAKE, act.REFUSE] if marks[PRICE] <= stack else [act.TAKE]
        if stage == KEEPING:
            index = position.config.variant.slot_index(step.slot)
            room = step.size - len(position.slots[seat][index])
            return [act.KEEP + mask for mask in range(1, 1 << len(lot_cards(position, step))) if mask.bit_count() <= room]
        return []

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, Auction)
        phase = state.phase
        marks, seat = phase.marks, _acting(state)
        following = (marks[TURN] + 1) % len(phase.order)
        if marks[STAGE] == BIDDING:
            if action == act.BID:
                high = marks[HIGH] + 1
                return evolve_state(state, phase=Phase(order=phase.order, marks=_marks(
                    phase, turn=following, high=high, bidder=seat, passes=0)),
                    events=(*state.events, Event(state.step, seat, "bid", high)))
            passes = marks[PASSES] + 1
            state = evolve_state(state, events=(*state.events, Event(state.step, seat, "pass")))
            if marks[HIGH] and passes == len(phase.order) - 1:
                return self._sold(state, marks[BIDDER], marks[HIGH])
            if not marks[HIGH] and passes == len(phase.order):  # nobody bid: the ladder, from the first voice
                return evolve_state(state, phase=Phase(order=phase.order, marks=_marks(
                    phase, stage=LADDER, turn=0, price=1)))
            return evolve_state(state, phase=Phase(order=phase.order, marks=_marks(phase, turn=following, passes=passes)))
        if marks[STAGE] == LADDER:
            if action == act.TAKE:
                return self._sold(state, seat, 0)
            price = marks[PRICE]
            state = evolve_state(state, table=betting.pay(state.table, seat, price),
                                 events=(*state.events, Event(state.step, seat, "refuse", price)))
            return evolve_state(state, phase=Phase(order=phase.order, marks=_marks(phase, turn=following, price=price + 1)))
        return self._keep(step, state, seat, action - act.KEEP)

    def _sold(self, state: PokerState, buyer: int, price: int) -> PokerState:
        phase = state.phase
        table = betting.pay(state.table, buyer, price) if price else state.table
        return evolve_state(state, table=table, events=(*state.events, Event(state.step, buyer, "buy", price)),
                            phase=Phase(order=phase.order, marks=_marks(phase, stage=KEEPING, bidder=buyer)))

    def _keep(self, step: Auction, state: PokerState, buyer: int, mask: int) -> PokerState:
        variant = state.config.variant
        voice = state.phase.marks[VOICE]
        lot = lot_cards(state, step)
        kept = [card for i, card in enumerate(lot) if mask >> i & 1]
        thrown = sum(1 << card for i, card in enumerate(lot) if not mask >> i & 1)
        hand, lot_slot = variant.slot_index(step.slot), variant.slot_index(step.lot_slot)
        slots = list(state.slots)
        voice_slots = list(slots[voice])
        voice_slots[lot_slot] = ()
        slots[voice] = tuple(voice_slots)
        buyer_slots = list(slots[buyer])
        buyer_slots[hand] = (*buyer_slots[hand], *kept)
        slots[buyer] = tuple(buyer_slots)
        everything = sum(1 << card for card in lot)
        state = evolve_state(state, slots=tuple(slots), up=state.up & ~everything,
                             discarded=engine.replace_seat(state.discarded, buyer, state.discarded[buyer] | thrown),
                             events=(*state.events, Event(state.step, buyer, "keep", len(kept))))
        need = needing(state, step)
        if not need:
            return engine.next_step(state)
        voice = next(seat for seat in engine.from_left(voice, state.players) if seat in need)  # AF2
        return self._lot(step, state, voice)

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, Auction)
        if action not in self.legal(step, position):
            raise IllegalActionError(f"action {action} is not a bid, a pass, a take, a refusal or a keep now")
        marks = position.phase.marks
        if action == act.PASS:
            return "pass", "pass", ()
        if action == act.BID:
            return "bid", f"bid {marks[HIGH] + 1}", ()
        if action == act.TAKE:
            return "take", "take the lot free", ()
        if action == act.REFUSE:
            return "refuse", f"pay {marks[PRICE]} to refuse the lot", ()
        cards = tuple(card for i, card in enumerate(lot_cards(position, step)) if (action - act.KEEP) >> i & 1)
        return "keep", f"keep {' '.join(name(c) for c in cards)}", cards

    def max_moves(self, step: Step, config: Config) -> int:
        """Lots (each fills at least one card of a hand), each: its cards dealt, the bids and
        passes (one bid per chip of the deepest stack, each answered by every other seat), the
        ladder (a refusal costs at least a chip) and the keep."""
        assert isinstance(step, Auction)
        players = config.players
        per_lot = step.lot + (max(config.stacks) + 2) * players + config.total_chips + players + 1
        return step.size * players * per_lot


register(Auction.kind, AuctionKind())

"""Discard rounds (the sequential open draw, OQ1-OQ2): from the button's left, each seat still in
that has not passed discards one card face down (:data:`~divided.games.poker.actions.DISCARD` with
a one-card mask) or passes (:data:`~divided.games.poker.actions.PASS`, final for the deal). When
all have acted, the round's discards are turned up. Rounds repeat until one in which nobody
discards; then each seat still in receives as many cards as it discarded, one seat at a time from
the button's left (T14).

Each round is one step. A round with a discard puts the next round after itself (with
``betting``, an S betting round first) through :func:`~divided.games.poker.steps.expand.splice`;
the next round's step carries the seats that passed (``passed``, a seat mask) and each seat's
discards so far (``discards``, card masks). A seat with no cards left passes by itself, so the
rounds are bounded by the hand's size: at most ``size + 1`` rounds.

``phase.drawn``: this round's discards (seen by their owner only until the round ends); at the
replacement, each seat's discards of every round (public by then), so that the seat being served
keeps its own out of a reshuffle (T16). Turned-up discards lie in the pile face up meanwhile.

Where the rulings are silent: a seat that folds at a betting round between discard rounds
(option ``sequential_betting``) leaves its discards in the pile and receives nothing; the draw's
entry in ``draws`` is made at the replacement (cards each seat received).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import mask_indices, name
from divided.games.poker.events import Event
from divided.games.poker.state import Phase, evolve_phase, evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.steps.bet import Bet
from divided.games.poker.steps.expand import splice
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.options import Config
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position

MAX_HAND = 7


@dataclass(frozen=True)
class DiscardRounds(Step):
    """Discard rounds of one card face down each from ``slot`` (see the module text); with
    ``betting`` a small-bet round follows each round's reveal. ``passed`` and ``discards`` are
    filled in by the rounds themselves."""

    kind: ClassVar[str] = "discard-rounds"
    slot: str = "hand"
    betting: bool = False
    passed: int = 0
    discards: tuple[int, ...] = ()


def _held(position: Position, step: DiscardRounds, seat: int) -> list[int]:
    cards = position.slots[seat][position.config.variant.slot_index(step.slot)]
    return sorted(card for card in cards if card is not None)


class DiscardRoundsKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, DiscardRounds)
        slot = state.config.variant.slot_index(step.slot)
        order = tuple(seat for seat in engine.live_from_left(state)
                      if not step.passed >> seat & 1 and state.slots[seat][slot])
        state = evolve_state(state, phase=Phase(order=order, drawn=(0,) * state.players))
        return state if order else self._replace(step, state)

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, DiscardRounds)
        size = len(_held(position, step, position.phase.order[0]))
        return [act.PASS, *(act.DISCARD + (1 << i) for i in range(size))]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, DiscardRounds)
        phase = state.phase
        seat = phase.order[0]
        if action == act.PASS:
            step = replace(step, passed=step.passed | 1 << seat)
            state = splice(state, (step,), at=state.step, replacing=1)  # the pass is kept with the step
            event = Event(state.step, seat, "pass")
        else:
            card = _held(state, step, seat)[(action - act.DISCARD).bit_length() - 1]
            slot = state.config.variant.slot_index(step.slot)
            kept = tuple(c for c in state.slots[seat][slot] if c != card)
            seat_slots = (*state.slots[seat][:slot], kept, *state.slots[seat][slot + 1:])
            state = evolve_state(state, slots=(*state.slots[:seat], seat_slots, *state.slots[seat + 1:]))
            phase = evolve_phase(phase, drawn=engine.replace_seat(phase.drawn, seat, 1 << card))
            event = Event(state.step, seat, "discard", 1)
        state = evolve_state(state, phase=evolve_phase(phase, order=phase.order[1:]), events=(*state.events, event))
        return state if state.phase.order else self._round_over(state)

    def _round_over(self, state: PokerState) -> PokerState:
        step = state.config.steps[state.step]
        assert isinstance(step, DiscardRounds)
        drawn = state.phase.drawn
        if not any(drawn):
            return self._replace(step, state)
        up, events = state.up, state.events
        for seat in engine.from_left(state.button, state.players):
            if drawn[seat]:
                up |= drawn[seat]
                events += (Event(state.step, seat, "reveal", cards=tuple(mask_indices(drawn[seat]))),)
        before = step.discards or (0,) * state.players
        discards = tuple(old | new for old, new in zip(before, drawn, strict=True))
        pile = tuple(old | new for old, new in zip(state.discarded, drawn, strict=True))
        following = replace(step, discards=discards)
        state = evolve_state(state, up=up, discarded=pile, events=events, phase=Phase())
        state = splice(state, (Bet("small"), following) if step.betting else (following,))
        return engine.next_step(state)

    def _replace(self, step: DiscardRounds, state: PokerState) -> PokerState:
        """The round in which all passed: the seats still in receive their replacements."""
        live = state.table.live
        discards = step.discards or (0,) * state.players
        drawn = tuple(mask if live[seat] else 0 for seat, mask in enumerate(discards))
        pile = tuple(mask & ~drawn[seat] for seat, mask in enumerate(state.discarded))
        counts = tuple(mask.bit_count() if live[seat] else -1 for seat, mask in enumerate(drawn))
        slot = state.config.variant.slot_index(step.slot)
        owed = tuple((seat, slot, False) for seat in engine.live_from_left(state) for _ in range(drawn[seat].bit_count()))
        events = state.events + tuple(Event(state.step, seat, "draw", drawn[seat].bit_count())
                                      for seat in engine.live_from_left(state) if drawn[seat])
        state = evolve_state(state, discarded=pile, phase=Phase(drawn=drawn),
                             draws=(*state.draws, counts), events=events)
        return engine.owe(state, owed)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        drawn = state.phase.drawn
        discarded = tuple(pile | mask for pile, mask in zip(state.discarded, drawn, strict=True))
        return engine.next_step(evolve_state(state, discarded=discarded))

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, DiscardRounds)
        if action not in self.legal(step, position):
            raise IllegalActionError(f"action {action} is not a discard or a pass now")
        if action == act.PASS:
            return "pass", "pass (for the rest of the draw)", ()
        card = _held(position, step, position.phase.order[0])[(action - act.DISCARD).bit_length() - 1]
        return "discard", f"discard {name(card)} face down", (card,)

    def max_moves(self, step: Step, config: Config) -> int:
        """Every round's discards and passes, the replacements, and the betting rounds between."""
        assert isinstance(step, DiscardRounds)
        from divided.games.poker.rules import bet_round_moves

        rounds = MAX_HAND + 1
        return rounds * config.players + MAX_HAND * config.players + (rounds * bet_round_moves(config) if step.betting else 0)


register(DiscardRounds.kind, DiscardRoundsKind())

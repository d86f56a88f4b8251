"""Full deals consistent with one view (a *determinisation*), for bots and the contract tests.

The distribution: every card the viewer cannot see is exchangeable, so the unseen cards are
shuffled uniformly into the hidden places (other seats' down cards, their face-down discards,
folded hands and the stock) with the counts the view shows. Hidden commitments of seats that
have already chosen at a simultaneous step under way (T15) are drawn uniformly among their
legal choices, one decision at a time (a model of the player, not a count of states, as
Divided Ranks' sampler models a secret build).

Constraints: a Cowpie split that has been revealed must stay legal with the drawn down cards
(C1: the five outranks the two). Whole deals are drawn again until every revealed split is
legal (rejection keeps the draw uniform over the consistent deals); after
:data:`JOINT_TRIES` failures the seats are filled one after another, each by rejection among
the cards left (a legal filling always exists: the real one), which is close to uniform but
not exactly so. The output depends on the view and the random source alone.

The same rejection keeps an opener requirement (J-Lo, JL1): the seat that opened held openers
when it bet, so its hand then (its cards now less those it drew since, with its discards of
that draw) must meet the requirement; where a reshuffle took the discards back into the stock
the test is skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from divided.games.base import evolve
from divided.games.poker import engine
from divided.games.poker.cards import deck_mask, mask_indices
from divided.games.poker.state import PokerState
from divided.games.poker.steps import Bet, Draw, Partition, kind_of
from divided.games.poker.steps.bet import has_openers
from divided.games.poker.steps.partition import is_legal_split
from divided.games.poker.view import PokerView

if TYPE_CHECKING:
    import random

JOINT_TRIES = 200
SEAT_TRIES = 2000


def _known(view: PokerView) -> int:
    known = 0
    for seat in range(view.num_players):
        for held in view.slots[seat]:
            for card in held:
                if card is not None:
                    known |= 1 << card
        for pile in (view.discarded[seat], view.mucked[seat]):
            for card in pile:
                if card is not None:
                    known |= 1 << card
    for drawn in view.phase.drawn:
        known |= drawn
    for pile in (*view.aside, view.trash):
        for card in pile:
            if card is not None:
                known |= 1 << card
    return known


def _revealed_splits(view: PokerView) -> list[tuple[Partition, int, int]]:
    """The constrained partitions already applied: (step, first slot, last slot)."""
    out = []
    variant = view.config.variant
    for index, step in enumerate(view.config.steps[: view.step]):
        if isinstance(step, Partition) and step.outranks and index < view.step:
            out.append((step, variant.slot_index(step.into[0]), variant.slot_index(step.into[-1])))
    return out


def _opener(view: PokerView) -> tuple[int, str, int, int] | None:
    """The seat that opened a round with an opener requirement, the requirement, the slot of
    the first draw after it and that draw's number (-1: none yet); ``None`` when there is none
    to keep (nobody opened, or the viewer did)."""
    steps = view.config.steps
    for event in view.events:
        if event.kind == "switch":
            return None
        step = steps[event.step] if 0 <= event.step < len(steps) else None
        if event.kind == "bet" and isinstance(step, Bet) and step.opens_with:
            if event.seat is None or event.seat == view.player:
                return None
            later = [index for index, later_step in enumerate(steps) if isinstance(later_step, Draw) and index > event.step]
            if not later:
                return None
            draw = steps[later[0]]
            assert isinstance(draw, Draw)
            draws_before = sum(1 for earlier in steps[: later[0]] if isinstance(earlier, Draw))
            number = draws_before if draws_before < len(view.draws) else -1
            return event.seat, step.opens_with, view.config.variant.slot_index(draw.slot), number
    return None


@dataclass(frozen=True, slots=True)
class PokerWorlds:
    """The world sampler of one view (see the module text). What every world of the view shares
    (the cards the viewer cannot see, the revealed splits, the seats to fill) is read from the
    view once, when the sampler is made."""

    view: PokerView
    _unseen: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _splits: tuple[tuple[Partition, int, int], ...] = field(init=False, repr=False, compare=False)
    _seats: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _opener: tuple[int, str, int, int] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        view = self.view
        known = _known(view)
        object.__setattr__(self, "_unseen", tuple(mask_indices(deck_mask(view.config.deck) & ~known)))
        object.__setattr__(self, "_splits", tuple(_revealed_splits(view)))
        object.__setattr__(self, "_seats", tuple(s for s in range(view.num_players)
                                                 if s != view.player and view.table.live[s]))
        has_requirement = any(isinstance(step, Bet) and step.opens_with for step in view.config.steps)
        object.__setattr__(self, "_opener", _opener(view) if has_requirement else None)

    def weight(self, state: Any) -> float:
        return 1.0

    def sample(self, rng: random.Random) -> PokerState:
        splits, seats = self._splits, self._seats
        for _ in range(JOINT_TRIES):
            state = self._fill(rng, None)
            if all(self._legal(state, seat, splits) for seat in seats):
                return self._commit(state, rng)
        state = self._fill(rng, None)
        for seat in seats:  # seat by seat: the others keep their cards
            for _ in range(SEAT_TRIES):
                if self._legal(state, seat, splits):
                    break
                state = self._fill(rng, (state, seat))
            else:
                raise RuntimeError(f"no legal split found for seat {seat} (the view is impossible)")
        return self._commit(state, rng)

    def _legal(self, state: PokerState, seat: int, splits: tuple[tuple[Partition, int, int], ...]) -> bool:
        opener = self._opener
        if opener is not None and opener[0] == seat and not self._had_openers(state, *opener):
            return False
        return all(is_legal_split(step, list(state.slots[seat][first]), list(state.slots[seat][last]), state.up)
                   for step, first, last in splits)

    def _had_openers(self, state: PokerState, seat: int, requirement: str, slot: int, number: int) -> bool:
        """Whether ``seat``'s hand when it opened met ``requirement`` (see the module text)."""
        held = state.slots[seat][slot]
        if number < 0:
            return has_openers(requirement, held)
        drew = self.view.draws[number][seat]
        if drew <= 0:
            return has_openers(requirement, held)
        drawn = state.phase.drawn  # the draw under way keeps its discards apart until it ends
        discards = mask_indices(state.discarded[seat] | (drawn[seat] if drawn else 0))
        if len(discards) != drew:  # reshuffled into the stock (T16): nothing left to test
            return True
        return has_openers(requirement, (*held[: len(held) - drew], *discards))

    def _fill(self, rng: random.Random, redo: tuple[PokerState, int] | None) -> PokerState:
        """Deal the unseen cards into the hidden places; with ``redo`` = (state, seat), only that
        seat's hidden cards are dealt again, from its own and the stock's."""
        view = self.view
        if redo is None:
            unseen = list(self._unseen)
            rng.shuffle(unseen)
            return self._build(unseen)
        state, seat = redo
        seen = view.slots[seat]
        pool = [state.slots[seat][i][pos] for i, held in enumerate(seen) for pos, card in enumerate(held)
                if card is None]
        pool += mask_indices(state.stock)
        rng.shuffle(pool)
        new_held = tuple(tuple(state.slots[seat][i][pos] if card is not None else pool.pop()
                               for pos, card in enumerate(held)) for i, held in enumerate(seen))
        stock = 0
        for card in pool:
            stock |= 1 << card
        return evolve(state, slots=(*state.slots[:seat], new_held, *state.slots[seat + 1:]), stock=stock)

    def _build(self, unseen: list[int]) -> PokerState:
        view = self.view
        slots = []
        for seat in range(view.num_players):
            slots.append(tuple(tuple(card if card is not None else unseen.pop() for card in held)
                               for held in view.slots[seat]))
        discarded: list[int] = []
        mucked: list[int] = []
        for seat in range(view.num_players):
            for piles, seen in ((discarded, view.discarded[seat]), (mucked, view.mucked[seat])):
                mask = 0
                for card in seen:
                    mask |= 1 << (card if card is not None else unseen.pop())
                piles.append(mask)
        aside = tuple(sum(1 << (card if card is not None else unseen.pop()) for card in seen) for seen in view.aside)
        trash = tuple(card if card is not None else unseen.pop() for card in view.trash)
        drawn = list(view.phase.drawn)
        for seat, count in enumerate(view.drawn_counts):
            for _ in range(count - drawn[seat].bit_count()):
                drawn[seat] |= 1 << unseen.pop()
        stock = 0
        for card in unseen:
            stock |= 1 << card
        assert stock.bit_count() == view.stock, "the view's card counts do not add up"
        return PokerState(
            config=view.config, button=view.button, step=view.step, phase=evolve(view.phase, drawn=tuple(drawn)),
            slots=tuple(slots), up=view.up, stock=stock, discarded=tuple(discarded), mucked=tuple(mucked),
            owed=view.owed, table=view.table, draws=view.draws, dealt=view.dealt,
            folded_at=view.folded_at, shown=view.shown, over=view.over, settled=view.settled, events=view.events,
            aside=aside, trash=trash, trash_from=view.trash_from, match=view.match,
        )

    def _commit(self, state: PokerState, rng: random.Random) -> PokerState:
        """Draw the hidden commitments of the seats that chose before the viewer's turn."""
        view = self.view
        phase = state.phase
        if not phase.commits or state.over or view.step >= len(view.config.steps):
            return state
        step = view.config.steps[view.step]
        kind = kind_of(step)
        order = engine.live_from_left(state)
        waiting = phase.order
        commits = list(phase.commits)
        for seat in order:
            if seat in waiting or seat == view.player or commits[seat]:
                continue
            trial = evolve(state, phase=evolve(phase, order=(seat, *waiting), commits=tuple(commits)))
            while trial.phase.order and trial.phase.order[0] == seat:
                trial = kind.apply(step, trial, rng.choice(kind.legal(step, trial)))
            commits[seat] = trial.phase.commits[seat]
        return evolve(state, phase=evolve(phase, commits=tuple(commits)))


"""Draw: one seat at a time from the button's left, each discards then receives its
replacements before the next decides (T14); the stock running out is T16's reshuffle
(:func:`divided.games.poker.engine.deal`). With ``reveal="after"`` every discard of the draw
still in the pile is turned up once the last seat has drawn (open draw, OS1).

The draw games' extensions are fields with defaults (a plain draw takes none of them):

* ``fees``: chips owed by the number of cards discarded (``fees[n]`` units of ``fee_unit``:
  ``chip``, ``ante``, or the name of a rule option whose value is a number of chips or
  ``ante``). Six-card draw SD4: ``(0, 0, 0, 0, 0, 0, 1)`` antes; Fives FV3: one ``draw-cost``
  a card; Auction Flop: ``(0, 1, 3, 6, 10, 15)`` chips. A fee is a chosen payment: only the
  discards a seat can pay for in full are offered (T7); it is a contribution (T9), never returned.
* ``or_fold``: exactly ``least``..``most`` cards or fold (3-2-1 TR1: action FOLD, offered to
  all-in seats too).
* ``replace``: ``now`` (the discards are replaced) or ``never`` (the hand shrinks: the open
  draws' face-up discard, Auction Flop's discard).
* ``face``: the discards go to the pile ``down`` or ``up`` (shown as they are made; with
  ``at_once``, all together).
* ``at_once``: every seat chooses in secret and the choices apply together (T15), in turn from
  the first seat (replacements too).
* ``keep_face``: a replacement is dealt face up when the card it replaces was up (Mississippi).
* ``bonus_rank``/``bonus_most``: a seat that keeps a card of ``bonus_rank`` may discard
  ``bonus_most`` cards; the kept card of that rank is then shown to all (Crazy 4 of Spades CF2:
  four cards for a player who keeps an ace).
* ``show_rank``: a seat discarding cards of ``show_rank`` may show them face up (action
  SHOW+mask) and then receives exactly one extra card (Assassin AS2: the hand grows to six).
  Every discarded card of that rank is shown (chosen where AS2 is silent: showing some and
  hiding others gains nothing).
* ``set_aside``: the discards are kept apart face down in front of the seat (Bounce Back
  BK1-BK3: seen by their owner only, their number public, never reshuffled by T16); a
  :class:`~divided.games.poker.steps.take_back.TakeBack` step may return them.
* ``first``: ``left`` (T14) or ``dealer`` (the button acts first, then on to the left: Bounce
  Back).
* ``to``: the discards go to the ``pile`` or to the ``trash`` (3-2-1: "each player still in adds
  one card face down to the trash", a draw of exactly one card not replaced; the card is seen by
  its owner only until the showdown shows the trash).

A slot the draw does not name is never exchanged (Buck Thirty-Five's buck: a slot of its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import betting, engine
from divided.games.poker.cards import mask_indices, name, rank_of
from divided.games.poker.events import Event
from divided.games.poker.state import Phase, evolve_phase, evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.options import Config
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position


@dataclass(frozen=True)
class Draw(Step):
    """Each seat still in discards ``least`` to ``most`` cards of ``slot`` and draws as many
    (the extensions: see the module text)."""

    kind: ClassVar[str] = "draw"
    slot: str = "hand"
    least: int = 0
    most: int = 5
    reveal: str = "never"
    fees: tuple[int, ...] = ()
    fee_unit: str = "chip"
    or_fold: bool = False
    replace: str = "now"
    face: str = "down"
    at_once: bool = False
    keep_face: bool = False
    bonus_rank: int = 0
    bonus_most: int = 0
    show_rank: int = 0
    set_aside: bool = False
    first: str = "left"
    to: str = "pile"

    @cached_property
    def plain(self) -> bool:
        """Whether the draw takes none of the extensions (the plain draw's quick path)."""
        return (not self.fees and not self.or_fold and self.replace == "now" and self.face == "down"
                and not self.at_once and not self.keep_face and not self.bonus_most and not self.show_rank
                and not self.set_aside and self.first == "left" and self.to == "pile")


def held_in_order(position: Position, step: Draw, seat: int) -> list[int]:
    """The seat's cards of the drawing hand in card order (what a discard mask's bits name)."""
    cards = position.slots[seat][position.config.variant.slot_index(step.slot)]
    return sorted(card for card in cards if card is not None)


def discarded_cards(position: Position, step: Draw, seat: int, mask: int) -> list[int]:
    cards = held_in_order(position, step, seat)
    return [card for i, card in enumerate(cards) if mask >> i & 1]


def fee_of(config: Config, step: Draw, count: int) -> int:
    """The chips owed for discarding ``count`` cards at ``step`` (0 for a free draw)."""
    if not step.fees:
        return 0
    if count >= len(step.fees):
        raise ValueError(f"the draw's fees {step.fees} name no fee for {count} cards")
    units = step.fees[count]
    if not units:
        return 0
    unit: object = step.fee_unit
    if unit not in ("chip", "ante"):
        unit = config.option(step.fee_unit)
    if unit == "chip":
        return units
    if unit == "ante":
        return units * config.ante
    return units * int(str(unit))


def draw_order(state: PokerState, step: Draw) -> tuple[int, ...]:
    """The seats still in, in the order they draw: from the button's left, or from the dealer."""
    order = engine.live_from_left(state)
    if step.first == "dealer" and order and order[-1] == state.button:
        return (order[-1], *order[:-1])
    return order


def _choices(step: Draw, position: Position, seat: int) -> list[int]:
    """The seat's legal actions at an extended draw (see the module text)."""
    held = held_in_order(position, step, seat)
    size = len(held)
    most = min(step.most, size)
    stack = position.table.stacks[seat]
    config = position.config
    out = [act.FOLD] if step.or_fold else []
    shows = []
    for mask in range(1 << size):
        count = mask.bit_count()
        if step.least <= count <= most or (count == step.bonus_most and count > most and any(
                rank_of(card) == step.bonus_rank for i, card in enumerate(held) if not mask >> i & 1)):
            pass
        else:
            continue
        if step.fees and fee_of(config, step, count) > stack:
            continue
        out.append(act.DISCARD + mask)
        if step.show_rank and count <= most and step.replace == "now" and any(
                rank_of(card) == step.show_rank for i, card in enumerate(held) if mask >> i & 1):
            shows.append(act.SHOW + mask)
    return out + shows


def _discard(step: Draw, state: PokerState, seat: int, action: int) -> tuple[PokerState, tuple[tuple[int, int, bool], ...]]:
    """``seat`` discards as ``action`` says (its fee paid, its cards shown as the step says);
    returns the new state and the replacements it is owed."""
    show = act.SHOW <= action < act.TAKE_BACK
    cards = discarded_cards(state, step, seat, action - (act.SHOW if show else act.DISCARD))
    config = state.config
    slot = config.variant.slot_index(step.slot)
    gone = 0
    for card in cards:
        gone |= 1 << card
    kept = tuple(card for card in state.slots[seat][slot] if not gone >> card & 1)
    held = (*state.slots[seat][:slot], kept, *state.slots[seat][slot + 1:])
    slots = (*state.slots[:seat], held, *state.slots[seat + 1:])
    events = list(state.events)
    table = state.table
    fee = fee_of(config, step, len(cards))
    if fee:
        table = betting.pay(table, seat, fee)
        events.append(Event(state.step, seat, "pay", fee, all_in=table.stacks[seat] == 0))
    up = state.up
    was_up = [bool(up >> card & 1) for card in cards]
    replaced = step.replace == "now"
    events.append(Event(state.step, seat, "draw" if replaced else "discard", len(cards)))
    shown = 0
    if step.face == "up":
        shown = gone
    elif show:
        shown = sum(1 << card for card in cards if rank_of(card) == step.show_rank)
    if shown & ~up:
        up |= shown
        events.append(Event(state.step, seat, "reveal", cards=tuple(mask_indices(shown))))
    if step.bonus_most and len(cards) > step.most:  # the bonus: the kept card of the bonus rank is shown
        bonus = next(card for card in sorted(kept) if rank_of(card) == step.bonus_rank)
        if not up >> bonus & 1:
            up |= 1 << bonus
            events.append(Event(state.step, seat, "expose", cards=(bonus,)))
    phase = state.phase
    aside = state.aside
    trash, trash_from = state.trash, state.trash_from
    if step.to == "trash":
        trash, trash_from = (*trash, *cards), (*trash_from, *(seat for _ in cards))
    elif step.set_aside:
        aside = engine.replace_seat(aside or (0,) * state.players, seat, aside[seat] | gone if aside else gone)
    else:
        phase = evolve_phase(phase, drawn=engine.replace_seat(phase.drawn, seat, phase.drawn[seat] | gone))
    counts = engine.replace_seat(state.draws[-1], seat, len(cards))
    state = evolve_state(state, slots=slots, up=up, table=table, phase=phase, aside=aside, trash=trash,
                         trash_from=trash_from, draws=(*state.draws[:-1], counts), events=tuple(events))
    if not replaced:
        return state, ()
    faces = was_up if step.keep_face else [False] * len(cards)
    return state, (*((seat, slot, face) for face in faces), *(((seat, slot, False),) if show else ()))


def _fold(state: PokerState, seat: int) -> PokerState:
    """``seat`` folds at a change-or-fold draw (TR1)."""
    table = state.table
    table = betting.evolve_table(table, live=(*table.live[:seat], False, *table.live[seat + 1:]))
    state = evolve_state(state, table=table, events=(*state.events, Event(state.step, seat, "fold")))
    return engine.after_fold(state, seat)


class DrawKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Draw)
        order = engine.live_from_left(state) if step.plain else draw_order(state, step)
        zero = (0,) * state.players
        phase = Phase(order=order, drawn=zero, commits=((),) * state.players if step.at_once else ())
        state = evolve_state(state, phase=phase, draws=(*state.draws, (-1,) * state.players))
        return state if order else self.resume(step, state)

    def actor(self, step: Step, state: PokerState) -> int:
        return state.phase.order[0]

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, Draw)
        seat = position.phase.order[0]
        if not step.plain:
            return _choices(step, position, seat)
        size = len(held_in_order(position, step, seat))
        least, most = step.least, min(step.most, size)
        return [act.DISCARD + mask for mask in range(1 << size) if least <= mask.bit_count() <= most]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, Draw)
        seat = state.phase.order[0]
        if step.at_once:
            phase = state.phase
            commits = engine.replace_seat(phase.commits, seat, (action,))  # type: ignore[arg-type]
            state = evolve_state(state, phase=evolve_phase(phase, order=phase.order[1:], commits=commits))
            return state if state.phase.order else self._apply_together(step, state)
        if action == act.FOLD:
            state = _fold(state, seat)
            if state.over:
                return state
            state = evolve_state(state, phase=evolve_phase(state.phase, order=state.phase.order[1:]))
            return state if state.phase.order else self.resume(step, state)
        if step.plain:
            return self._plain(step, state, seat, action)
        state, owed = _discard(step, state, seat, action)
        state = evolve_state(state, phase=evolve_phase(state.phase, order=state.phase.order[1:]))
        return engine.owe(state, owed)

    def _plain(self, step: Draw, state: PokerState, seat: int, action: int) -> PokerState:
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

    def _apply_together(self, step: Draw, state: PokerState) -> PokerState:
        """Every hidden choice applied at once, in turn (T15); then the replacements owed."""
        owed: tuple[tuple[int, int, bool], ...] = ()
        for seat in draw_order(state, step):
            (action,) = state.phase.commits[seat]
            if action == act.FOLD:
                state = _fold(state, seat)
                if state.over:
                    return state
                continue
            state, more = _discard(step, state, seat, action)
            owed += more
        state = evolve_state(state, phase=evolve_phase(state.phase, commits=((),) * state.players))
        return engine.owe(state, owed)

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
        if action == act.FOLD:
            return "fold", "fold", ()
        show = act.SHOW <= action < act.TAKE_BACK
        cards = tuple(discarded_cards(position, step, position.phase.order[0],
                                      action - (act.SHOW if show else act.DISCARD)))
        if not cards:
            return "stand-pat", "stand pat", ()
        text = f"discard {' '.join(name(c) for c in cards)}"
        if show:
            text += f" and show the {_rank_word(step.show_rank)} for one more card"
        fee = fee_of(position.config, step, len(cards))
        if fee:
            text += f" (pay {fee})"
        return "discard", text, cards


def _rank_word(rank: int) -> str:
    return {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
            10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}[rank]


register(Draw.kind, DrawKind())

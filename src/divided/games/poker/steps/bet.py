"""Bet: one betting round (T4-T8, T10) played through :mod:`divided.games.poker.betting`.

Who opens (T5): ``left`` (the first player left of the button who can act; with blinds, the
first round starts left of the big blind), ``bring-in`` (the lowest up card, aces high, equal
ranks by the lower suit; a seat with no chips passes it to the next in turn, T3) or
``best-up`` (the best up cards as an incomplete high hand, the first of tied seats left of the
button) or ``dealer`` (the button acts first, Bounce Back).

An opener requirement (``opens_with``: ``jacks``, any hand ranking at least a pair of jacks,
JL3) lets a seat bet in the round only with that hand, checked when the bet is made (JL1); once
someone has opened the others act freely. When everyone checks and the step names a rule to
switch to (``otherwise``: ``27``), the public event ``switch`` is logged, the deal is ranked by
that rule from then on (the award kind ``best-or-switched``) and the round is played again
without requirement (JL2: the repeated round keeps its size). Without ``otherwise`` a round
nobody opened simply ends (no game does that yet).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker import betting, engine
from divided.games.poker.cards import CARDS, as_cards
from divided.games.poker.events import Event
from divided.games.poker.state import evolve_state
from divided.games.poker.steps.base import register
from divided.games.poker.variant import Step
from divided.hands.poker import system

if TYPE_CHECKING:
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position


@dataclass(frozen=True)
class Bet(Step):
    """A betting round of the ``small`` or ``big`` bet, opened as ``opener`` says."""

    kind: ClassVar[str] = "bet"
    size: str = "small"
    opener: str = "left"
    opens_with: str = ""
    otherwise: str = ""


OPENERS = {"jacks": "Js Jh 4d 3c 2s"}
"""Each opener requirement by the weakest hand that meets it (a pair of jacks, lowest kickers)."""

OPENER_WORDS = {"jacks": "jacks or better (a pair of jacks or any better hand)"}


@cache
def _opener_strength(requirement: str) -> int:
    from divided.games.poker.cards import parse
    from divided.games.poker.showdown import strength_of

    return strength_of("high")(parse(OPENERS[requirement]))


def has_openers(requirement: str, cards: tuple[int | None, ...]) -> bool:
    """Whether ``cards`` (the seat's own, as it sees them) meet the opener requirement.

    >>> from divided.games.poker.cards import parse
    >>> has_openers("jacks", parse("Jd Jc 5h 4s 2d")), has_openers("jacks", parse("Ts Th Ad Kc Qs"))
    (True, False)
    >>> has_openers("jacks", parse("3s 3h 2d 2c 7s"))
    True
    """
    from divided.games.poker.showdown import strength_of

    held = [card for card in cards if card is not None]
    return len(held) == 5 and strength_of("high")(held) >= _opener_strength(requirement)


def switched_to(position: object) -> str:
    """The rule the deal switched to (the public event ``switch``), or ``""``."""
    for event in getattr(position, "events", ()):
        if event.kind == "switch":
            return str(event.title)
    return ""


def _must_open_with(step: Bet, position: Position) -> str:
    """The requirement a bet must meet now: the step's, while nobody has bet in the round and
    the deal has not switched; else ``""``."""
    if not step.opens_with or position.table.current or switched_to(position):
        return ""
    return step.opens_with


def missing_openers(step: Bet, position: Position, seat: int) -> str:
    """The opener requirement ``seat`` would fail by betting now, in words (``""``: none)."""
    requirement = _must_open_with(step, position)
    if not requirement or has_openers(requirement, tuple(card for held in position.slots[seat] for card in held)):
        return ""
    return OPENER_WORDS[requirement]


def up_cards(state: PokerState, seat: int) -> list[int]:
    """The seat's up cards, in every slot."""
    return [card for held in state.slots[seat] for card in held if state.up >> card & 1]


def bring_in_seat(state: PokerState) -> int:
    """T3: the lowest up card brings in (aces high, equal ranks: the lower suit); a seat whose
    ante left it no chips passes it to the next seat in turn that has chips."""
    order = state.config.suit_order
    live = engine.live_from_left(state)
    lowest = min(live, key=lambda seat: min(order.key(CARDS[c]) for c in up_cards(state, seat)))
    start = live.index(lowest)
    for seat in live[start:] + live[:start]:
        if state.table.stacks[seat] > 0:
            return seat
    return lowest


def best_up_seat(state: PokerState) -> int:
    """T5: the best up cards, ranked as an incomplete high hand; ties go to the first seat left
    of the button."""
    high = system("high")
    live = engine.live_from_left(state)
    strengths = [high.strength(as_cards(up_cards(state, seat))) for seat in live]
    return live[strengths.index(max(strengths))]


def is_first_round(state: PokerState) -> bool:
    first = next(i for i, step in enumerate(state.config.steps) if isinstance(step, Bet))
    return state.step == first


class BetKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        assert isinstance(step, Bet)
        config = state.config
        size = config.small_bet if step.size == "small" else config.big_bet
        bring_in = 0
        if step.opener == "bring-in":
            first = bring_in_seat(state)
            bring_in = config.bring_in
        elif step.opener == "best-up":
            first = best_up_seat(state)
        elif step.opener == "dealer":
            first = state.button
        elif config.blinds and is_first_round(state):
            _, big = blind_seats_among(state.button, state.table.live)
            first = (big + 1) % state.players
        else:
            first = (state.button + 1) % state.players
        table = betting.open_round(state.table, config.limits, size, first, bring_in=bring_in)
        state = evolve_state(state, table=table)
        if table.to_act == -1:
            return engine.next_step(evolve_state(state, table=betting.close_round(table)))
        return state

    def actor(self, step: Step, state: PokerState) -> int:
        return state.table.to_act

    def legal(self, step: Step, position: Position) -> list[int]:
        options = betting.options(position.table, position.config.limits)
        out = []
        if options.fold:
            out.append(act.FOLD)
        if options.check or options.call > 0:
            out.append(act.CALL)
        if position.config.limits.structure == betting.Structure.FIXED:
            if options.raise_to is not None:
                out.append(act.RAISE)
            if options.bring_in is not None:
                out.append(act.BRING_IN)
        else:
            if options.bring_in is not None:
                out.append(act.BRING_IN)
            if options.raise_to is not None:
                low, high = options.raise_to
                out.extend(range(act.RAISE_TO + low, act.RAISE_TO + high + 1))
        if isinstance(step, Bet) and step.opens_with and missing_openers(step, position, options.seat):
            out = [action for action in out if action in (act.FOLD, act.CALL)]
        return out

    def allows(self, step: Step, position: Position, action: int) -> bool:
        """Whether ``action`` is in :meth:`legal`, without listing every raise-to amount."""
        options = betting.options(position.table, position.config.limits)
        if action == act.FOLD:
            return options.fold
        if action == act.CALL:
            return options.check or options.call > 0
        if action == act.BRING_IN:
            return options.bring_in is not None
        if isinstance(step, Bet) and step.opens_with and (action == act.RAISE or action >= act.RAISE_TO):
            missing = missing_openers(step, position, options.seat)
            if missing:
                raise IllegalActionError(f"player {options.seat} may not open the betting: it takes {missing} "
                                         "(nothing changed)")
        fixed = position.config.limits.structure == betting.Structure.FIXED
        if action == act.RAISE:
            return fixed and options.raise_to is not None
        if fixed or options.raise_to is None:
            return False
        low, high = options.raise_to
        return act.RAISE_TO + low <= action <= act.RAISE_TO + high

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        limits = state.config.limits
        table = state.table
        seat = table.to_act
        options = betting.options(table, limits)
        if action == act.FOLD:
            move, amount = betting.Act.FOLD, None
        elif action == act.CALL:
            move, amount = (betting.Act.CHECK if options.call == 0 else betting.Act.CALL), None
        elif action == act.BRING_IN:
            move, amount = betting.Act.BRING_IN, options.bring_in
        elif action == act.RAISE:
            assert options.raise_to is not None
            move, amount = betting.Act.RAISE, options.raise_to[1]
        else:
            move, amount = betting.Act.RAISE, action - act.RAISE_TO
        before = table
        table = betting.act(table, limits, seat, move, amount)
        state = evolve_state(state, table=table, events=(*state.events, _event(state.step, seat, move, before, table)))
        if move == betting.Act.FOLD:
            state = engine.after_fold(state, seat)
            if state.over:
                return state
        if state.table.to_act == -1:
            assert isinstance(step, Bet)
            if step.otherwise and not state.table.current and not switched_to(state):  # nobody opened
                switch = Event(state.step, None, "switch", title=step.otherwise)
                return engine.enter(evolve_state(state, table=betting.close_round(state.table),
                                                 events=(*state.events, switch)))
            return engine.next_step(evolve_state(state, table=betting.close_round(state.table)))
        return state

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return state

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        table = position.table
        options = betting.options(table, position.config.limits)
        if action == act.FOLD:
            return "fold", "fold", ()
        if action == act.CALL:
            if options.call == 0:
                return "check", "check", ()
            all_in = options.call >= table.stacks[options.seat]
            return "call", f"call {options.call}" + (" (all in)" if all_in else ""), ()
        if action == act.BRING_IN:
            return "bring-in", f"bring in for {options.bring_in}", ()
        if action == act.RAISE:
            assert options.raise_to is not None
            amount = options.raise_to[1]
        else:
            amount = action - act.RAISE_TO
        shove = " (all in)" if amount >= table.bets[options.seat] + table.stacks[options.seat] else ""
        if table.completing:
            return "complete", f"complete to {amount}{shove}", ()
        if table.current == 0:
            return "bet", f"bet {amount}{shove}", ()
        return "raise", f"raise to {amount}{shove}", ()


def _event(step: int, seat: int, move: betting.Act, before: betting.Table, after: betting.Table) -> Event:
    """The public event of ``seat``'s betting action (``before`` and ``after`` it)."""
    paid = before.stacks[seat] - after.stacks[seat]
    all_in = paid > 0 and after.stacks[seat] == 0
    if move == betting.Act.FOLD:
        return Event(step, seat, "fold")
    if move == betting.Act.CHECK:
        return Event(step, seat, "check")
    if move == betting.Act.CALL:
        return Event(step, seat, "call", paid, all_in)
    if move == betting.Act.BRING_IN:
        return Event(step, seat, "bring-in", paid, all_in)
    kind = "complete" if before.completing else "bet" if before.current == 0 else "raise"
    return Event(step, seat, kind, after.bets[seat], all_in)


def blind_seats(button: int, players: int) -> tuple[int, int]:
    """The small and the big blind's seats (T3: heads-up the button posts the small one)."""
    small = button if players == 2 else (button + 1) % players
    return small, (small + 1) % players


def blind_seats_among(button: int, dealt_in: tuple[bool, ...]) -> tuple[int, int]:
    """The blinds' seats among the seats dealt in (a match's later deals may leave some out,
    T18): the first two left of the button, heads-up the button and the other. With every
    seat dealt in, :func:`blind_seats`."""
    players = len(dealt_in)
    if all(dealt_in):
        return blind_seats(button, players)
    seats = [(button + k) % players for k in range(1, players + 1) if dealt_in[(button + k) % players]]
    small = button if len(seats) == 2 else seats[0]
    return small, seats[(seats.index(small) + 1) % len(seats)]


register(Bet.kind, BetKind())

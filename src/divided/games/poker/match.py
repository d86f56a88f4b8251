"""Matches (T18): one episode, a sequence of deals, for games whose pot can outlive a deal.

Design: a match is the same :class:`~divided.games.poker.state.PokerState` with a
:class:`~divided.games.poker.state.MatchState` in its ``match`` field. When a deal ends (the
showdown's :func:`~divided.games.poker.showdown.settle` or an uncontested win), :func:`end_deal`
asks the variant's *match rule* what passes on; if something does, the next deal's state is
built fresh (:func:`next_deal`: a new deck, empty hands, a new betting table over the kept
stacks) with the updated match state in it, and play goes on at its first chance node. So the
episode is one game (one history, one state machine, chance nodes ``deal`` numbered on through
the match), each deal's state is exactly a one-deal state (every step kind, view, book and
sampler works on it unchanged), and games that are not matches never reach this module.

The match rule (registered by name, :func:`register_match_rule`) answers two questions:
:meth:`MatchRule.carries` (does this pot layer carry to the next deal instead of being paid;
asked per layer with each award's winners) and :meth:`MatchRule.passed` (after the deal: the
token, the forfeits owed, and who is dealt in next). Rules here: ``carry`` (a layer nobody
wins carries: Assassin), ``replay`` (the same, and only the players eligible for a carried
layer are dealt in next: Fives). The token and the trash forfeit are in
:mod:`divided.games.poker.awards`.

Choices where the rulings are silent (documented for the lead):

- The button moves to the next seat left that is dealt in to the next deal (T18), so in a
  Fives replay among some players it moves among them.
- When something would pass on but fewer than two players could be dealt in (the others out
  of chips, or a carried layer only one player may claim), the deal is settled again as the
  capped deal would be, and the match ends.
- A forfeit replaces the seat's ante in the next deal (TR3: "the ante becomes"); it is posted
  as far as the stack goes (T7) and logged as ``forfeit``.
- Carried chips are not any seat's contribution in the next deal: they join its lowest layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from divided.games.base import RuleOption
from divided.games.poker import betting, engine
from divided.games.poker.cards import deck_mask
from divided.games.poker.events import Event
from divided.games.poker.options import Config
from divided.games.poker.state import MatchState, Phase, PokerState, Settled, evolve_state
from divided.games.poker.steps.bet import blind_seats_among
from divided.games.poker.variant import resolve

MAX_DEALS = RuleOption("max_deals", (10,), "a match's deal cap (T18): the capped deal settles whatever would "
                       "have passed on, and ends the match", integers=range(1, 101))
"""The option ``max_deals`` every match game has."""

CARRIED = "carried"
"""The award title of a layer that carried to the next deal (its ``chips`` are all 0)."""


@dataclass(frozen=True, slots=True)
class Passed:
    """What a deal passes on besides carried chips: the ``token`` holder (-1: in the middle),
    the ``forfeits`` each seat owes (its ante next deal; 0: none) and ``dealt_in``, the seats
    dealt in to the next deal if it comes (``None``: every seat with chips)."""

    token: int = -1
    forfeits: tuple[int, ...] = ()
    dealt_in: tuple[int, ...] | None = None


class MatchRule(Protocol):
    """What a game's match passes from deal to deal (see the module text)."""

    def carries(self, state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
        """Whether pot layer ``index`` of the deal ending in ``state`` carries, given each award's
        winners of it (``(("uncontested" winner),)`` for an uncontested deal)."""
        ...

    def passed(self, state: PokerState) -> Passed:
        """What the settled deal ``state`` passes on (asked only when it is not the last)."""
        ...


_RULES: dict[str, MatchRule] = {}


def register_match_rule(name: str, rule: MatchRule) -> None:
    """Register a match rule by name (a second registration is an error)."""
    if name in _RULES:
        raise ValueError(f"match rule {name!r} is already registered")
    _RULES[name] = rule


def rule_of(config: Config) -> MatchRule:
    """The registered match rule of ``config``'s variant."""
    match = config.variant.match
    assert match is not None
    try:
        return _RULES[match.rule]
    except KeyError:
        raise ValueError(f"no match rule {match.rule!r} is registered; known: {', '.join(sorted(_RULES))}") from None


def max_deals(config: Config) -> int:
    """The deal cap of a match game (option ``max_deals``)."""
    return int(config.option(MAX_DEALS.name))


def first(config: Config) -> MatchState | None:
    """The match state of a first deal (``None`` for a game of one deal)."""
    if config.variant.match is None:
        return None
    players = config.players
    return MatchState(deal=1, carried=0, token=-1, forfeits=(0,) * players, out=(False,) * players,
                      last=max_deals(config) <= 1)


def is_last_deal(state: PokerState) -> bool:
    """Whether the deal of ``state`` ends its match whatever happens (the capped deal): award
    kinds then settle everything (Fives: the best hand wins; Assassin: the best of the
    assassinated)."""
    return state.match is not None and state.match.last


def carries(state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
    """Whether pot layer ``index`` carries (never in a game of one deal, never at the last deal)."""
    if state.match is None or state.match.last:
        return False
    return rule_of(state.config).carries(state, index, winners)


def carried_layer(amount: int, eligible: tuple[int, ...], players: int, winners: tuple[int, ...] = ()) -> Settled:
    """A layer that carried: nobody got a chip of it. ``winners``: who won its first award all
    the same (Crazy 4's token), in its one award entry titled :data:`CARRIED`."""
    return Settled(amount, eligible, ((CARRIED, winners),), (0,) * players)


def is_carried(layer: Settled) -> bool:
    """Whether a settled layer carried to the next deal."""
    return layer.awards[0][0] == CARRIED


def carried_chips(state: PokerState) -> int:
    """The chips of the settled deal ``state`` that carry to the next deal."""
    return sum(layer.amount for layer in state.settled if is_carried(layer))


def uncontested(state: PokerState, winner: int) -> PokerState:
    """T12 in a match: the last seat in takes every layer, carried chips included, unless the
    match rule carries it (Crazy 4's token: the winner takes the token instead)."""
    table = state.table
    if table.to_act != -1 or any(table.bets):
        table = betting.close_round(betting.evolve_table(table, to_act=-1))
    before = evolve_state(state, table=table)
    assert state.match is not None

    def finish(current: PokerState) -> PokerState:
        assert current.match is not None
        total = sum(table.contributed) + current.match.carried
        players = current.players
        if carries(current, 0, ((winner,),)):
            settled = carried_layer(total, (winner,), players, (winner,))
            event = Event(current.step, None, "carry", total, pot=0, winners=(winner,))
        else:
            chips = tuple(total if seat == winner else 0 for seat in range(players))
            settled = Settled(total, (winner,), (("uncontested", (winner,)),), chips)
            event = Event(current.step, None, "award", total, pot=0, title="uncontested", winners=(winner,),
                          chips=(total,))
        return evolve_state(current, over=True, settled=(settled,), owed=(), events=(*current.events, event))

    return end_deal(before, finish)


def end_deal(before: PokerState, finish: Callable[[PokerState], PokerState]) -> PokerState:
    """The end of a deal of a match: ``finish`` settles ``before`` (the showdown or an
    uncontested win); then the match ends, or the next deal begins (see the module text)."""
    done = finish(before)
    match = done.match
    assert match is not None
    if match.last:
        return done
    carried = carried_chips(done)
    passed = rule_of(done.config).passed(done)
    stacks = engine.final_stacks(done)
    out = tuple(gone or stacks[seat] == 0 for seat, gone in enumerate(match.out))
    token = passed.token if passed.token >= 0 and not out[passed.token] else -1
    forfeits = passed.forfeits or (0,) * done.players
    forfeits = tuple(0 if out[seat] else owed for seat, owed in enumerate(forfeits))
    if not carried and token < 0 and not any(forfeits):
        return _close(done, token, forfeits)
    wanted = passed.dealt_in if passed.dealt_in is not None else range(done.players)
    dealt_in = tuple(seat for seat in wanted if not out[seat])
    if len(dealt_in) < 2:  # nobody to play the next deal against: settle as the capped deal
        return end_deal(evolve_state(before, match=replace(match, last=True)), finish)
    done = _close(done, token, forfeits)
    return next_deal(done, MatchState(
        deal=match.deal + 1, carried=carried, token=token, forfeits=forfeits, out=out,
        last=match.deal + 1 >= max_deals(done.config), previous=done.events), dealt_in)


def _close(done: PokerState, token: int, forfeits: tuple[int, ...]) -> PokerState:
    """The settled deal with what it passes on logged (the token, each forfeit owed)."""
    assert done.match is not None
    events: list[Event] = []
    if token != done.match.token:
        events.append(Event(done.step, None, "token", winners=(token,) if token >= 0 else ()))
    events += [Event(done.step, seat, "owes", owed) for seat, owed in enumerate(forfeits) if owed]
    return evolve_state(done, events=(*done.events, *events)) if events else done


def next_deal(done: PokerState, match: MatchState, dealt_in: Sequence[int]) -> PokerState:
    """The next deal of the match: the stacks of ``done`` kept, the button moved to the next
    seat left dealt in, a new deck, the variant's own steps (none spliced in); every seat dealt in antes (a forfeit instead where it owes
    one), the blinds are posted when the option is on, and the first step begins."""
    config = done.config
    steps = resolve(config.variant.steps, dict(config.values))
    if config.steps != steps:  # steps spliced into the last deal (steps/expand.py): the next starts afresh
        config = replace(config, steps=steps)
    players = config.players
    stacks = engine.final_stacks(done)
    live = tuple(seat in dealt_in for seat in range(players))
    button = next_seat(done.button, live)
    zero = (0,) * players
    empty = tuple(() for _ in config.variant.slots)
    table = betting.new_table(stacks, dealt_in=live)
    events = [Event(0, None, "next-deal", match.deal, chips=(match.carried,),
                    winners=(match.token,) if match.token >= 0 else ())]
    for seat in engine.from_left(button, players):
        if not live[seat]:
            continue
        owed = match.forfeits[seat]
        before = table.stacks[seat]
        table = betting.post(table, seat, owed or config.ante)
        paid = before - table.stacks[seat]
        if owed or paid:
            events.append(Event(0, seat, "forfeit" if owed else "ante", paid,
                                all_in=paid > 0 and table.stacks[seat] == 0))
    if config.blinds:
        small, big = blind_seats_among(button, live)
        for seat, amount in ((small, max(1, config.small_bet // 2)), (big, config.small_bet)):
            before = table.stacks[seat]
            table = betting.post(table, seat, amount, as_bet=True)
            paid = before - table.stacks[seat]
            events.append(Event(0, seat, "blind", paid, all_in=paid > 0 and table.stacks[seat] == 0))
    state = PokerState(
        config=config, button=button, step=0, phase=Phase(), slots=(empty,) * players, up=0, stock=deck_mask(config.deck),
        discarded=zero, mucked=zero, owed=(), table=table, draws=(), dealt=done.dealt,
        folded_at=tuple(-1 if live[seat] else 0 for seat in range(players)), events=tuple(events), match=match)
    return engine.enter(state)


def next_seat(seat: int, live: Sequence[bool]) -> int:
    """The first seat left of ``seat`` that is dealt in."""
    players = len(live)
    for k in range(1, players + 1):
        candidate = (seat + k) % players
        if live[candidate]:
            return candidate
    raise ValueError("no seat is dealt in")


class CarryRule:
    """``carry``: a layer whose awards nobody wins carries (Assassin, AS4); every seat with
    chips is dealt in to the next deal."""

    def carries(self, state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
        return not any(winners)

    def passed(self, state: PokerState) -> Passed:
        return Passed()


class ReplayRule(CarryRule):
    """``replay``: as ``carry``, and only the seats eligible for a layer that carried are dealt
    in to the next deal (Fives, FV4)."""

    def passed(self, state: PokerState) -> Passed:
        seats = sorted({seat for layer in state.settled if is_carried(layer) for seat in layer.eligible})
        return Passed(dealt_in=tuple(seats))


register_match_rule("carry", CarryRule())
register_match_rule("replay", ReplayRule())

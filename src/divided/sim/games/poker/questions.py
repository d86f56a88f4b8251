"""The draw games' own designer questions (issue 30), and what every poker game's comparison needs.

Each question reads the *public log* of every deal of the game (a match's earlier deals from
the log the next deal keeps, :attr:`~divided.games.poker.state.MatchState.previous`, found by
replaying the finished game's history) and, where the log does not hold it, the finished
state (3-2-1's trash). Facts are JSON-ready; :class:`Question` turns them into metric items.

What the comparison of the games adds to every poker game (:func:`replay`):

* **the best starting hand** (``best_start``): the seats whose cards at the deal's first
  decision once every seat holds cards (the first deal of a match) rank best under the game's first award's ranking, wild
  cards not counted (a starting hand the ranking cannot rank, or a game whose first hands are
  chosen later, has none); the metric is the share of those seats that finished ahead (chips
  won over the game > 0), ties sharing;
* **deals** per game (1 unless a match goes on) and, for a match, the chips every player put in
  over all its deals and the chips each seat collected (from the ``award`` events), so the pot
  of a match is what its players staked, not its last deal's alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from divided.games.base import State
from divided.games.poker.awards.trash_forfeit import failing_seats
from divided.games.poker.cards import rank_of
from divided.games.poker.events import Event
from divided.games.poker.showdown import ranking, strength_of
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Step
from divided.sim.games import MetricDef
from divided.sim.plan import LabError

QUESTION = "Designer question"

Log = tuple[Event, ...]


@dataclass(frozen=True)
class Replayed:
    """What a replay of a finished game's history finds: the first actor, each seat's cards at
    the first decision with cards in every hand (empty if there is none), and the public log of every deal in order (the last one the final
    state's)."""

    first_actor: int
    start: tuple[tuple[int, ...], ...]
    logs: tuple[Log, ...]
    steps: tuple[Step, ...]
    """The first deal's steps at its start (before any step kind spliced steps in)."""


def replay(state: State[Any, Any]) -> Replayed:
    """Replay ``state``'s history from its start (see :class:`Replayed`)."""
    rules = state.game.rules
    core = rules.initial_state(state.game.options)
    steps = core.config.steps
    first = -1
    start: tuple[tuple[int, ...], ...] = ()
    logs: list[Log] = []
    deal = core.match.deal if core.match is not None else 1
    for action in state.history():
        if not start and rules.current_player(core) >= 0:
            if first < 0:
                first = int(rules.current_player(core))
            hands = tuple(tuple(card for slot in seat for card in slot) for seat in core.slots)
            if all(hands):  # a decision before the deal (Low-Die's call) is not the start
                start = hands
        core = rules.apply(core, action)
        if core.match is not None and core.match.deal != deal:
            logs.append(core.match.previous)
            deal = core.match.deal
    if first < 0:
        raise LabError("the deal ended before any player acted")
    final = state.core
    assert isinstance(final, PokerState)
    logs.append(final.events)
    return Replayed(first, start, tuple(logs), steps)


def align(base: Sequence[Step], grown: Sequence[Step]) -> list[int | None]:
    """For each of a deal's ``grown`` steps, the index of the same step among the ``base`` steps
    it started with, or ``None`` for a step a kind spliced in (matched in order, a step equal to
    the next unmatched base step being that step)."""
    out: list[int | None] = []
    j = 0
    for step in grown:
        if j < len(base) and (step is base[j] or step == base[j]):
            out.append(j)
            j += 1
        else:
            out.append(None)
    return out


def best_start(state: PokerState, start: Sequence[Sequence[int]]) -> list[int]:
    """The seats holding the best starting hand under the first award's ranking (no wild cards),
    or ``[]`` when some seat's starting cards are not a size that ranking ranks."""
    rule = state.config.awards[0].rule
    sizes = ranking(rule).sizes
    dealt = [seat for seat, cards in enumerate(start) if cards]
    if len(dealt) < 2 or any(len(start[seat]) not in sizes for seat in dealt):
        return []
    strength = strength_of(rule)
    claims = {seat: strength(tuple(start[seat])) for seat in dealt}
    top = max(claims.values())
    return [seat for seat, claim in claims.items() if claim == top]


def layer_amounts(log: Iterable[Event]) -> dict[int, int]:
    """Each pot layer's chips at the deal's end (carried chips included), from its ``award`` and
    ``carry`` events."""
    out: dict[int, int] = {}
    for event in log:
        if event.seat is None and event.kind in ("award", "carry"):
            out[event.pot] = event.amount
    return out


def carried_in(log: Iterable[Event]) -> int:
    """The chips a deal began with from earlier deals (its ``next-deal`` event)."""
    return next((e.chips[0] for e in log if e.kind == "next-deal" and e.chips), 0)


def match_money(logs: Sequence[Log], players: int) -> tuple[int, list[int], list[int]]:
    """Over every deal: the chips put in, the chips each seat collected (``award`` events) and
    each deal's pot (its layers at the end, carried chips included)."""
    collected = [0] * players
    pots = []
    put_in = 0
    for log in logs:
        pot = sum(layer_amounts(log).values())
        pots.append(pot)
        put_in += pot - carried_in(log)
        for event in log:
            if event.seat is None and event.kind == "award":
                for seat, chips in zip(event.winners, event.chips, strict=True):
                    collected[seat] += chips
    return put_in, collected, pots


def shown_hands(log: Iterable[Event]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """The hands each seat showed at the deal's showdown (none if it ended uncontested)."""
    return {event.seat: event.hands for event in log if event.kind == "show" and event.seat is not None}


@dataclass(frozen=True)
class Question:
    """One game's designer question: its metrics, its facts and their items, its headline."""

    metrics: Callable[[int], Sequence[MetricDef]]
    """The metrics, given the big bet."""
    facts: Callable[[PokerState, Sequence[Log]], dict[str, Any]]
    observe: Callable[[Mapping[str, Any], int], Iterable[tuple[str, float, float]]]
    """The items of the question's facts, given the big bet."""
    headline: Callable[[Callable[[str], Any]], str | None]
    """A sentence from the arm's metrics by key (``None`` when they are missing)."""


def _rate(get: Callable[[str], Any], key: str) -> str | None:
    from divided.sim.report import interval_text, number

    metric = get(key)
    if metric is None or metric.interval.value is None:
        return None
    return f"{number(metric.interval.value, 'rate')} ({interval_text(metric.interval, 'rate')})"


def _mean(get: Callable[[str], Any], key: str) -> str | None:
    from divided.sim.report import interval_text, number

    metric = get(key)
    if metric is None or metric.interval.value is None:
        return None
    return f"{number(metric.interval.value, 'mean')} ({interval_text(metric.interval, 'mean')})"


def _sentence(template: str, **parts: str | None) -> str | None:
    return None if any(part is None for part in parts.values()) else template.format(**parts)


# Six-card draw: how often six are bought --------------------------------------------------------

def _six_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    draws = [e.amount for log in logs for e in log if e.kind == "draw" and e.seat is not None]
    return {"draws": len(draws), "six": sum(1 for amount in draws if amount == 6)}


SIX_CARD_DRAW = Question(
    metrics=lambda big: (
        MetricDef("six.bought", "draws that bought all six cards (for one more ante)", QUESTION, "draws", "rate",
                  "standing pat counts as a draw of none"),
        MetricDef("six.hands", "hands in which somebody bought six", QUESTION, "hands", "rate")),
    facts=_six_facts,
    observe=lambda f, big: [("six.bought", float(f["six"]), float(f["draws"])),
                            ("six.hands", float(f["six"] > 0), 1.0)],
    headline=lambda get: _sentence("Six-card draw: {draws} of draws bought all six; somebody did in {hands} of "
                                   "hands.", draws=_rate(get, "six.bought"), hands=_rate(get, "six.hands")),
)


# Freak of Nature: the wild rank -----------------------------------------------------------------

FREAK_RANKS = (6, 5, 4, 3, 2)


def freak_wild_rank(hands: Iterable[Sequence[int]]) -> int:
    """FN1: the wild rank among the hands shown: sixes if any holds one, else fives ... twos;
    0 when none holds a 2-6."""
    held = {rank_of(card) for hand in hands for card in hand}
    return next((rank for rank in FREAK_RANKS if rank in held), 0)


def _freak_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    shown = shown_hands(logs[-1])
    return {"wild": freak_wild_rank(hand for hands in shown.values() for hand in hands) if shown else None}


_FREAK_WORDS = {6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "twos", 0: "nothing"}

FREAK_OF_NATURE = Question(
    metrics=lambda big: tuple(
        MetricDef(f"freak.wild.{rank}", f"showdowns where {_FREAK_WORDS[rank]} {'was' if rank == 0 else 'were'} wild",
                  QUESTION, "showdowns", "rate", "FN1: the highest of 6-5-4-3-2 any player still in holds")
        for rank in (*FREAK_RANKS, 0)),
    facts=_freak_facts,
    observe=lambda f, big: [] if f["wild"] is None else [
        (f"freak.wild.{rank}", float(f["wild"] == rank), 1.0) for rank in (*FREAK_RANKS, 0)],
    headline=lambda get: _sentence("Freak of Nature, the wild rank at showdowns: sixes {six}, fives {five}, fours "
                                   "{four}, lower {low}.", six=_rate(get, "freak.wild.6"), five=_rate(get, "freak.wild.5"),
                                   four=_rate(get, "freak.wild.4"),
                                   low=_lower(get)),
)


def _lower(get: Callable[[str], Any]) -> str | None:
    from divided.sim.report import number

    values = [get(f"freak.wild.{rank}") for rank in (3, 2, 0)]
    if any(m is None or m.interval.value is None for m in values):
        return None
    return number(sum(m.interval.value for m in values), "rate") + " (threes, twos or nothing)"


# J-Lo: the switch rate --------------------------------------------------------------------------

def _j_lo_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    return {"switch": any(e.kind == "switch" for log in logs for e in log)}


J_LO = Question(
    metrics=lambda big: (MetricDef("j-lo.switch", "hands that turned to deuce-to-seven (nobody opened)", QUESTION,
                                   "hands", "rate"),),
    facts=_j_lo_facts,
    observe=lambda f, big: [("j-lo.switch", float(f["switch"]), 1.0)],
    headline=lambda get: _sentence("J-Lo: nobody opened and the deal turned to deuce-to-seven in {switch} of hands.",
                                   switch=_rate(get, "j-lo.switch")),
)


# Mississippi: the hog rate ----------------------------------------------------------------------

def holds_hog(hands: Iterable[Sequence[int]]) -> bool:
    """MG2: a hand of exactly a pair of sevens."""
    return any(len(hand) == 2 and rank_of(hand[0]) == 7 == rank_of(hand[1]) for hand in hands)


def _hog_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    shown = shown_hands(logs[-1])
    return {"shown": bool(shown), "hog": any(holds_hog(hands) for hands in shown.values())}


MISSISSIPPI = Question(
    metrics=lambda big: (
        MetricDef("hog.hands", "hands a pair of sevens hogged (won every award it could)", QUESTION, "hands", "rate"),
        MetricDef("hog.showdowns", "showdowns a pair of sevens hogged", QUESTION, "showdowns", "rate")),
    facts=_hog_facts,
    observe=lambda f, big: [("hog.hands", float(f["hog"]), 1.0),
                            *([("hog.showdowns", float(f["hog"]), 1.0)] if f["shown"] else [])],
    headline=lambda get: _sentence("Mississippi: a pair of sevens hogged {hands} of hands, {shown} of showdowns.",
                                   hands=_rate(get, "hog.hands"), shown=_rate(get, "hog.showdowns")),
)


# Auction Flop: price per lot --------------------------------------------------------------------

def _auction_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    events = [e for log in logs for e in log]
    return {"lots": sum(1 for e in events if e.kind == "lot"),
            "bought": sum(e.amount for e in events if e.kind == "buy"),
            "free": sum(1 for e in events if e.kind == "buy" and e.amount == 0),
            "refusals": sum(e.amount for e in events if e.kind == "refuse")}


AUCTION_FLOP = Question(
    metrics=lambda big: (
        MetricDef("auction.price", "price paid per lot (chips)", QUESTION, "lots", "mean", "a lot taken free counts 0"),
        MetricDef("auction.refusals", "chips paid to refuse, per lot", QUESTION, "lots", "mean"),
        MetricDef("auction.free", "lots taken free", QUESTION, "lots", "rate"),
        MetricDef("auction.lots", "lots per hand", QUESTION, "hands", "mean")),
    facts=_auction_facts,
    observe=lambda f, big: [*([("auction.price", float(f["bought"]), float(f["lots"])),
                               ("auction.refusals", float(f["refusals"]), float(f["lots"])),
                               ("auction.free", float(f["free"]), float(f["lots"]))] if f["lots"] else []),
                            ("auction.lots", float(f["lots"]), 1.0)],
    headline=lambda get: _sentence("Auction Flop: {price} chips paid per lot, {refusals} more to refuse it; {free} "
                                   "of lots taken free; {lots} lots a hand.", price=_mean(get, "auction.price"),
                                   refusals=_mean(get, "auction.refusals"), free=_rate(get, "auction.free"),
                                   lots=_mean(get, "auction.lots")),
)


# Assassin: the carry rate -----------------------------------------------------------------------

def _carry_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    return {"carries": [any(e.kind == "carry" for e in log) for log in logs]}


ASSASSIN = Question(
    metrics=lambda big: (
        MetricDef("assassin.carry", "deals whose pot carried (every showdown hand assassinated)", QUESTION, "deals",
                  "rate"),
        MetricDef("assassin.matches", "matches in which a pot carried at least once", QUESTION, "matches", "rate")),
    facts=_carry_facts,
    observe=lambda f, big: [("assassin.carry", float(sum(f["carries"])), float(len(f["carries"]))),
                            ("assassin.matches", float(any(f["carries"])), 1.0)],
    headline=lambda get: _sentence("Assassin: the pot carried in {deals} of deals; {matches} of matches had a carry.",
                                   deals=_rate(get, "assassin.carry"), matches=_rate(get, "assassin.matches")),
)


# Fives: deals per pot and the largest pot -------------------------------------------------------

def _fives_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    pots = [sum(layer_amounts(log).values()) for log in logs]
    return {"largest": max(pots, default=0), "deals": len(logs)}


FIVES = Question(
    metrics=lambda big: (
        MetricDef("fives.replayed", "matches replayed at least once (no five in the best hand)", QUESTION, "matches",
                  "rate"),
        MetricDef("fives.largest", "the match's largest pot in big bets (carried chips included)", QUESTION,
                  "matches", "mean", "deals per match: see The hand")),
    facts=_fives_facts,
    observe=lambda f, big: [("fives.replayed", float(f["deals"] > 1), 1.0),
                            ("fives.largest", float(f["largest"]) / big, 1.0)],
    headline=lambda get: _sentence("Fives: {deals} deals per pot; {replayed} of matches were replayed; the largest "
                                   "pot of a match {largest} big bets.", deals=_mean(get, "deals"),
                                   replayed=_rate(get, "fives.replayed"), largest=_mean(get, "fives.largest")),
)


# 3-2-1: how many players the trash beats --------------------------------------------------------

def _trash_facts(state: PokerState, logs: Sequence[Log]) -> dict[str, Any]:
    """Per deal that reached a showdown: (showdown players, players the trash beat). Earlier deals
    of the match from their public log (the ``owes`` events: each player who failed owes a forfeit,
    unless the option is off or the player is out of chips, when the match would have ended);
    the last deal from the final state, whose trash the showdown shows."""
    tests = [[len(shown_hands(log)), sum(1 for e in log if e.kind == "owes")] for log in logs[:-1]
             if shown_hands(log)]
    if state.shown:
        tests.append([len(shown_hands(logs[-1])), len(failing_seats(state))])
    return {"tests": tests}


THREE_TWO_ONE = Question(
    metrics=lambda big: (
        MetricDef("trash.beats", "players the trash beats per showdown", QUESTION, "showdowns", "mean",
                  "a tie counts as beaten (TR2)"),
        MetricDef("trash.rate", "showdown players the trash beats", QUESTION, "showdown players", "rate"),
        MetricDef("trash.any", "showdowns where the trash beats somebody", QUESTION, "showdowns", "rate")),
    facts=_trash_facts,
    observe=lambda f, big: [item for shown, beaten in f["tests"] for item in (
        ("trash.beats", float(beaten), 1.0), ("trash.rate", float(beaten), float(shown)),
        ("trash.any", float(beaten > 0), 1.0))],
    headline=lambda get: _sentence("3-2-1: the trash beat {beats} players per showdown, {rate} of showdown players; "
                                   "somebody in {any} of showdowns.", beats=_mean(get, "trash.beats"),
                                   rate=_rate(get, "trash.rate"), any=_rate(get, "trash.any")),
)


QUESTIONS: dict[str, Question] = {
    "six-card-draw": SIX_CARD_DRAW, "freak-of-nature": FREAK_OF_NATURE, "j-lo": J_LO, "mississippi": MISSISSIPPI,
    "auction-flop": AUCTION_FLOP, "assassin": ASSASSIN, "fives": FIVES, "three-two-one": THREE_TWO_ONE,
}
"""The draw games' designer questions by game id (issue 30)."""

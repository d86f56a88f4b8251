"""Facts of a finished match of Card Commons, for the lab (JSON-ready, from the full state).

What a designer asks of a match: who started each round, who won or tied each comparison, the
points, the order in which each player used the four actions, whether both players reached the
target and which comparison then decided, the extra rounds of ruling C6, and the largest deficit
the winner came back from. Pure: the lab (``divided.sim.games.card_commons``) turns these facts
into metrics.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> found = facts(state.core)
>>> found["rounds"] == len(found["per_round"]), found["first_starter"], found["per_round"][0]["starter"]
(True, 0, 0)
>>> sorted(found["per_round"][0]["orders"][0]) == sorted(ACTION_SLUGS)
True
"""

from __future__ import annotations

from typing import TypedDict

from divided.errors import RuleOptionError
from divided.games.card_commons.actions import TURN_KINDS, Kind, kind_of
from divided.games.card_commons.state import CardCommonsState, RoundResult, TurnEvent

ACTION_SLUGS: tuple[str, ...] = ("reserve", "discard", "offer-3", "offer-2-sets")
"""The four turn actions as the facts write them, in :data:`~.actions.TURN_KINDS` order."""
_SLUG = {kind: slug for kind, slug in zip(TURN_KINDS, ACTION_SLUGS, strict=True)}
DECIDERS = ("five", "three")
"""How a comparison is named in the facts: the 5-card hands, the 3-card hands."""


class RoundFact(TypedDict):
    """One finished round (``round`` counts from 1).

    ``five``/``three``: the seat whose hand won that comparison (``None``: the hands were equal);
    ``points``: what each seat scored this round, ``scores`` the totals after it; ``orders``: per
    seat, the four actions in the order that seat used them (turns 1-4 of its own);
    ``both_reached``: both players were at or over the target after this round (always so in an
    extra round); ``decided``: in such a round, the comparison that separated the players
    (``"five"``, ``"three"``, or ``None`` when both were equal and another round followed).
    """

    round: int
    starter: int
    extra: bool
    five: int | None
    three: int | None
    points: list[int]
    scores: list[int]
    orders: list[list[str]]
    both_reached: bool
    decided: str | None


class Facts(TypedDict):
    """What the lab needs from one finished match of Card Commons (seats are 0 and 1).

    ``rounds``: rounds played; ``scores``: the final points; ``winner``: the winning seat
    (``None``: a draw at the cap on extra rounds); ``ending``: ``"first-to-target"`` (one player
    reached the target), ``"both-reached"`` (both did in the same round: ruling's tie-break by
    the 5-card, then the 3-card hands), ``"extra-round"`` (ruling C6's extra rounds decided) or
    ``"draw-at-cap"``; ``decided_by``: the comparison that decided under the both-reach rule or
    in an extra round (``None`` otherwise); ``winner_fewer_points``: the winner ended on fewer
    points than the loser; ``largest_deficit``: the most points the winner trailed by at the
    start of a round (0 if never behind; 0 in a draw).
    """

    winner: int | None
    scores: list[int]
    rounds: int
    extra_rounds: int
    target: int
    reason: str
    first_starter: int
    ending: str
    decided_by: str | None
    winner_fewer_points: bool
    largest_deficit: int
    per_round: list[RoundFact]


def facts(core: CardCommonsState) -> Facts:
    """The facts of a finished match of Card Commons from its core state (what the room's
    ``facts`` gives); another game's state or an unfinished match raises
    :class:`~divided.errors.RuleOptionError`."""
    if not isinstance(core, CardCommonsState):
        raise RuleOptionError(f"these facts are defined for Card Commons' states, not {type(core).__name__}")
    outcome = core.outcome
    if outcome is None or not core.rounds:
        raise RuleOptionError("facts are only defined for a finished match")
    target = core.options.target
    orders = _orders(core)
    per_round = [_round_fact(played, target, orders.get(played.round, ([], []))) for played in core.rounds]
    last = per_round[-1]
    winner = outcome.winner
    if winner is None:
        ending = "draw-at-cap"
    elif last["extra"]:
        ending = "extra-round"
    elif last["both_reached"]:
        ending = "both-reached"
    else:
        ending = "first-to-target"
    scores = list(core.scores)
    return Facts(
        winner=winner, scores=scores, rounds=len(core.rounds), extra_rounds=core.extra_rounds, target=target,
        reason=outcome.reason, first_starter=core.rounds[0].starter, ending=ending,
        decided_by=last["decided"] if ending in ("both-reached", "extra-round") else None,
        winner_fewer_points=winner is not None and scores[winner] < scores[1 - winner],
        largest_deficit=_largest_deficit(core.rounds, winner), per_round=per_round,
    )


def _orders(core: CardCommonsState) -> dict[int, tuple[list[str], list[str]]]:
    """Per round (the engine's 0-based number), each seat's turn actions in the order used."""
    out: dict[int, tuple[list[str], list[str]]] = {}
    for event in core.log:
        if isinstance(event, TurnEvent):
            out.setdefault(event.round, ([], []))[event.player].append(_SLUG[kind_of(event.action)])
    return out


def _round_fact(played: RoundResult, target: int, orders: tuple[list[str], list[str]]) -> RoundFact:
    both = played.extra or all(score >= target for score in played.scores)
    decided = None
    if both:
        decided = "five" if played.five is not None else "three" if played.three is not None else None
    return RoundFact(
        round=played.round + 1, starter=played.starter, extra=played.extra, five=played.five,
        three=played.three, points=list(played.points), scores=list(played.scores),
        orders=[list(orders[0]), list(orders[1])], both_reached=both, decided=decided,
    )


def _largest_deficit(rounds: tuple[RoundResult, ...], winner: int | None) -> int:
    """The most points the winner trailed by at the start of a round (the final scores, after
    the match is over, do not count)."""
    if winner is None:
        return 0
    deficit = 0
    for played in rounds[:-1]:
        deficit = max(deficit, played.scores[1 - winner] - played.scores[winner])
    return deficit


def kind_slug(kind: Kind) -> str:
    """A turn action's name in the facts (``Kind.OFFER_SETS`` -> ``"offer-2-sets"``)."""
    return _SLUG[kind]

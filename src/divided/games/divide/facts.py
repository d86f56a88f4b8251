"""Facts of a finished game of DIVIDE, for the lab (JSON-ready, read with the game's history
reader from a spectator's view of the finished game: every fact is public).

What a designer asks of a game: the totals, each round's points, 5-value tokens and tricks led,
the winners and which step of ruling D9 decided, whether the game stopped at the end score or
after its last round, the first dealer, the places by total alone, and per trick: who led, the
finishing order, the Trump Rank it was played under, the token at stake and each finisher's
reward. A Trump pick also says how many cards of the declared rank the declarer still held (the
cards it played later in the round: every card held is played by Trick 9). Pure: the lab
(``divided.sim.games.divide``) turns these facts into metrics.

>>> from divided import games
>>> state = games.load("divide", first_dealer=2).new_initial_state(seed=3)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> found = facts(state.core)
>>> found["first_dealer"], found["rounds_played"], len(found["per_round"][0]["tricks"])
(2, 4, 9)
>>> sum(found["per_round"][0]["points"])  # the nine tokens, one claimed a trick
23
"""

from __future__ import annotations

from typing import TypedDict

from divided.games.base import TERMINAL
from divided.games.divide import actions as act
from divided.games.divide.history import read_history
from divided.games.divide.state import DivideState
from divided.games.divide.tricks import rank_of
from divided.games.divide.view import observe

REWARDS: tuple[str, ...] = tuple(reward.value for reward in act.Reward)
"""The three rewards as the facts write them: ``points``, ``trump``, ``lead``."""
DECIDERS = ("score", "fives", "led", "shared")
"""Ruling D9's steps as the facts write them (``Outcome.decided_by``)."""


class TrickFact(TypedDict):
    """One trick (``trick`` 1..9): its leader, the seats from 1st to last (``order``), the Trump
    Rank it was played under (``None``: No Trump), the token at stake (what Points claimed) and
    ``picks``, the reward each place took (1st, 2nd, 3rd: the seats ``order[:3]``). ``declared``:
    the Trump Rank the Trump pick declared (``None``: No Trump); ``held``: the cards of that rank
    the declarer still held after the trick (0 for No Trump)."""

    trick: int
    leader: int
    order: list[int]
    trump: int | None
    token: int
    picks: list[str]
    declared: int | None
    held: int


class RoundFact(TypedDict):
    """One round (``round`` counts from 1): its dealer, the Trump Rank active when it began, each
    seat's points, the totals after it and its tricks."""

    round: int
    dealer: int
    trump_at_start: int | None
    points: list[int]
    scores: list[int]
    tricks: list[TrickFact]


class Facts(TypedDict):
    """What the lab needs from one finished game of DIVIDE.

    ``end_score`` is 0 when the score end is off; ``ended``: ``"score"`` (a total reached the end
    score after a round) or ``"rounds"`` (the last round was played); ``winners`` share the win;
    ``decided_by``: the step of ruling D9 that decided (:data:`DECIDERS`); ``places_by_total``:
    each seat's place by its total alone (1 + the seats with more points; ties share a place).
    """

    players: int
    rounds: int
    end_score: int
    trump_rule: str
    first_dealer: int
    rounds_played: int
    ended: str
    reason: str
    scores: list[int]
    fives: list[int]
    led: list[int]
    winners: list[int]
    decided_by: str
    places_by_total: list[int]
    per_round: list[RoundFact]


def places_by_total(scores: list[int]) -> list[int]:
    """Each seat's place by total alone: 1 + the number of seats with more points.

    >>> places_by_total([30, 12, 30, 20])
    [1, 4, 1, 3]
    """
    return [1 + sum(other > mine for other in scores) for mine in scores]


def facts(state: DivideState) -> Facts:
    """The facts of a finished game (raises ``ValueError`` for a game still running)."""
    outcome = state.outcome
    if outcome is None:
        raise ValueError("facts need a finished game of DIVIDE")
    options = state.options
    past = read_history(observe(state, None, TERMINAL))  # a spectator's view: the facts are public
    rounds: list[RoundFact] = []
    for seen in past.rounds:
        if seen.result is None:
            raise ValueError(f"round {seen.number + 1} of a finished game has no result")
        tricks = [TrickFact(trick=t.number, leader=t.leader, order=list(t.order), trump=t.trump, token=0, picks=[],
                            declared=None, held=0) for t in seen.tricks]
        for pick in seen.picks:
            trick = tricks[pick.trick - 1]
            if trick["trick"] != pick.trick or pick.player != trick["order"][pick.place - 1]:
                raise ValueError(f"round {seen.number + 1}, trick {pick.trick}: place {pick.place} was drafted "
                                 f"by seat {pick.player}, not by that finisher")
            reward = act.reward_of(pick.action)
            trick["picks"].append(reward.value)
            if reward == act.Reward.POINTS:
                trick["token"] = pick.token
            elif reward == act.Reward.TRUMP:
                trick["declared"] = act.declared_rank(pick.action)
        _count_held(tricks, [(t.number, seat, card) for t in seen.tricks for seat, card in t.plays])
        rounds.append(RoundFact(round=seen.number + 1, dealer=seen.dealer, trump_at_start=tricks[0]["trump"],
                                points=list(seen.result.points), scores=list(seen.result.scores), tricks=tricks))
    scores = list(state.scores)
    reached = bool(options.end_score) and max(scores) >= options.end_score
    return Facts(
        players=options.players, rounds=options.rounds, end_score=options.end_score, trump_rule=options.trump,
        first_dealer=rounds[0]["dealer"], rounds_played=len(rounds), ended="score" if reached else "rounds",
        reason=outcome.reason, scores=scores, fives=list(state.fives), led=list(state.led),
        winners=list(outcome.winners), decided_by=outcome.decided_by, places_by_total=places_by_total(scores),
        per_round=rounds)


def _count_held(tricks: list[TrickFact], played: list[tuple[int, int, int]]) -> None:
    """For each trick whose Trump pick declared a rank: how many cards of it the declarer played
    in the later tricks of the round (every card still held is played by Trick 9)."""
    for trick in tricks:
        rank = trick["declared"]
        if rank is None:
            continue
        seat = trick["order"][trick["picks"].index(act.Reward.TRUMP.value)]
        trick["held"] = sum(1 for t, s, card in played if t > trick["trick"] and s == seat and rank_of(card) == rank)


__all__ = ["DECIDERS", "REWARDS", "Facts", "RoundFact", "TrickFact", "facts", "places_by_total"]

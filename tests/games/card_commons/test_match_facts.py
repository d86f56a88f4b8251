"""Card Commons' match facts on hand-made finished matches: every figure below is worked out by
hand from the rules text (2 points for the 5-card hands, 1 for the 3-card hands, both on a tie;
the both-reach rule and ruling C6's extra rounds), not by the code under test."""

from __future__ import annotations

from dataclasses import replace

import pytest

from divided import games
from divided.cards import PACK_21
from divided.errors import RuleOptionError
from divided.games.card_commons import actions as act
from divided.games.card_commons.facts import facts
from divided.games.card_commons.rules import CardCommonsRules
from divided.games.card_commons.state import CardCommonsState, Event, Outcome, Phase, RoundResult, TurnEvent

m = PACK_21.parse_mask
ANY_FIVE, ANY_THREE = m("Ts Js Qs Ks As"), m("Th Jh Qh")  # the hands do not matter to the facts
KIND_ACTION = {"reserve": act.reserve(m("As")), "discard": act.discard(m("As Ks")),
               "offer-3": act.offer_three(m("As Ks Qs")), "offer-2-sets": act.offer_sets(m("As Ks"), m("Qs Js"))}


def played(number: int, starter: int, five: int | None, three: int | None, scores: tuple[int, int], *,
           extra: bool = False) -> RoundResult:
    """A finished round (``number`` counts from 0, as the engine does); its points from the rules."""
    points = [0, 0]
    for winner, value in ((five, 2), (three, 1)):
        for seat in (0, 1):
            if winner is None or winner == seat:
                points[seat] += value
    collections = (ANY_FIVE | ANY_THREE, ANY_FIVE | ANY_THREE)
    return RoundResult(number, starter, collections, (ANY_THREE, ANY_THREE), five, three, (points[0], points[1]),
                       scores, extra)


def turns(number: int, starter: int, first: list[str], second: list[str]) -> list[Event]:
    """A round's turn events: the starter's four actions and the other player's, alternating."""
    events: list[Event] = []
    for mine, theirs in zip(first, second, strict=True):
        events.append(TurnEvent(number, starter, KIND_ACTION[mine]))
        events.append(TurnEvent(number, 1 - starter, KIND_ACTION[theirs]))
    return events


def match(rounds: list[RoundResult], winner: int | None, log: list[Event] | None = None,
          **options: str | int) -> CardCommonsState:
    start = CardCommonsRules().initial_state({"first_starter": rounds[0].starter, **options})
    extra = sum(r.extra for r in rounds)
    return replace(start, phase=Phase.OVER, rounds=tuple(rounds), scores=rounds[-1].scores, log=tuple(log or ()),
                   extra_rounds=extra, outcome=Outcome(winner, "hand-made"))


ORDER = ["offer-2-sets", "discard", "offer-3", "reserve"]
OTHER = ["reserve", "offer-3", "discard", "offer-2-sets"]


def test_a_comeback_from_three_behind() -> None:
    # Round 1: seat 1 starts and wins both (0-3). Round 2 (seat 1 leads, so starts): seat 0 wins the
    # 5-card hands, seat 1 the 3-card hands (2-4). Round 3 (seat 1 starts): seat 0 wins both (5-4).
    rounds = [played(0, 1, 1, 1, (0, 3)), played(1, 1, 0, 1, (2, 4)), played(2, 1, 0, 0, (5, 4))]
    log = turns(0, 1, ORDER, OTHER) + turns(1, 1, OTHER, ORDER) + turns(2, 1, ORDER, ORDER)
    found = facts(match(rounds, 0, log))
    assert (found["winner"], found["scores"], found["rounds"], found["extra_rounds"]) == (0, [5, 4], 3, 0)
    assert found["first_starter"] == 1 and found["target"] == 5
    assert found["ending"] == "first-to-target" and found["decided_by"] is None
    assert found["largest_deficit"] == 3 and not found["winner_fewer_points"]  # 0-3 after round 1
    first, second, third = found["per_round"]
    assert (first["round"], first["starter"], first["five"], first["three"]) == (1, 1, 1, 1)
    assert (first["points"], first["scores"]) == ([0, 3], [0, 3])
    assert first["orders"] == [OTHER, ORDER]  # seat 0 is the second player: it used OTHER
    assert second["orders"] == [ORDER, OTHER] and third["orders"] == [ORDER, ORDER]
    assert (second["points"], third["points"]) == ([2, 1], [3, 0])
    assert not any(r["both_reached"] or r["extra"] or r["decided"] for r in found["per_round"])


def test_the_player_on_fewer_points_wins_when_both_reach_the_target() -> None:
    # 2-1, then 2-4 (seat 1 wins both); round 3: the 5-card hands tie (2 each), seat 0 wins the
    # 3-card hands (1): 5-6. Both reached 5 and the 5-card hands were equal, so the 3-card hands
    # decide: seat 0 wins on fewer points.
    rounds = [played(0, 0, 0, 1, (2, 1)), played(1, 0, 1, 1, (2, 4)), played(2, 1, None, 0, (5, 6))]
    assert [r.points for r in rounds] == [(2, 1), (0, 3), (3, 2)]
    found = facts(match(rounds, 0))
    assert found["ending"] == "both-reached" and found["decided_by"] == "three"
    assert found["winner_fewer_points"] and found["scores"] == [5, 6]
    assert found["largest_deficit"] == 2  # 2-4 at the start of round 3
    last = found["per_round"][-1]
    assert last["both_reached"] and last["decided"] == "three" and last["five"] is None


def test_extra_rounds_then_a_win_on_fewer_points() -> None:
    # 4-2, then a round of equal hands (3 each): 7-5, both reached 5 with every comparison equal,
    # so an extra round (C6): seat 1 wins the 5-card hands, seat 0 the 3-card hands: 8-7, seat 1 wins.
    rounds = [played(0, 0, 0, 0, (3, 0)), played(1, 0, 1, 0, (4, 2)), played(2, 0, None, None, (7, 5)),
              played(3, 1, 1, 0, (8, 7), extra=True)]
    found = facts(match(rounds, 1))
    assert (found["ending"], found["decided_by"], found["extra_rounds"], found["rounds"]) == ("extra-round", "five", 1, 4)
    assert found["winner_fewer_points"] and found["largest_deficit"] == 3  # 0-3 after round 1
    tie, extra = found["per_round"][2:]
    assert tie["both_reached"] and tie["decided"] is None and not tie["extra"]
    assert extra["both_reached"] and extra["decided"] == "five" and extra["extra"] and extra["round"] == 4


def test_a_draw_at_the_cap_on_extra_rounds() -> None:
    rounds = [played(0, 0, None, None, (3, 3)), played(1, 1, None, None, (6, 6)),
              played(2, 0, None, None, (9, 9), extra=True)]
    found = facts(match(rounds, None, max_extra_rounds=1))
    assert (found["winner"], found["ending"], found["decided_by"], found["extra_rounds"]) == (None, "draw-at-cap", None, 1)
    assert found["largest_deficit"] == 0 and not found["winner_fewer_points"]


def test_a_lower_target() -> None:
    rounds = [played(0, 1, 0, 1, (2, 1)), played(1, 0, 0, None, (5, 2))]
    found = facts(match(rounds, 0, target=3))
    assert found["target"] == 3 and found["ending"] == "first-to-target"
    # 2-1, then 3-3: both reached 3 in the same round; seat 1's 5-card hand won it, so seat 1 wins.
    found = facts(match([played(0, 1, 0, 1, (2, 1)), played(1, 0, 1, 0, (3, 3))], 1, target=3))
    assert found["ending"] == "both-reached" and found["decided_by"] == "five"  # both reach 3, seat 1's 5-card hand
    assert not found["winner_fewer_points"] and found["largest_deficit"] == 1


def test_unfinished_matches_and_other_games_are_refused() -> None:
    state = games.load("card-commons", first_starter=0).new_initial_state(seed=1)
    with pytest.raises(RuleOptionError, match="finished"):
        facts(state.core)
    other = games.load("divided-ranks").new_initial_state(seed=1)
    with pytest.raises(RuleOptionError, match="Card Commons"):
        facts(other.core)


def test_a_whole_random_match_counts_every_players_actions_once_a_round() -> None:
    import random

    state = games.load("card-commons", first_starter="coin").new_initial_state(seed=11)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    found = facts(state.core)
    assert found["rounds"] == len(state.core.rounds) >= 2
    for number, fact in enumerate(found["per_round"]):
        assert fact["round"] == number + 1
        for order in fact["orders"]:
            assert sorted(order) == sorted(KIND_ACTION)
        assert sum(fact["points"]) >= 3
    scores = [0, 0]
    for fact in found["per_round"]:
        scores = [scores[0] + fact["points"][0], scores[1] + fact["points"][1]]
        assert fact["scores"] == scores
    assert found["scores"] == scores

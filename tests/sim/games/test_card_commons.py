"""Card Commons in the lab: every room metric recomputed here from the game records by a reader
written for this test (it walks each record with the engine, reads the actions' words and the
scores after each round, and compares the hands with the evaluators), not by the lab's facts or
metrics; rare endings (the both-reach rule, extra rounds, a draw at the cap) from hand-made
matches; a comparison of rule variants paired deal by deal; the report and plots."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.games.card_commons.facts import facts
from divided.games.card_commons.rules import CardCommonsRules
from divided.games.card_commons.state import CardCommonsState, Outcome, Phase, RoundResult
from divided.hands.five import strength_of_mask
from divided.hands.three import strength3_of_mask
from divided.sim import Arm, SerialExecutor, analyse, make_plan, run
from divided.sim.games import lab_room
from divided.sim.games.card_commons import LAB_ROOM, regular_rounds
from divided.sim.metrics import measure
from divided.sim.report import make_plots, markdown, summary

GAME = "card-commons"
BOTS = ("random",)
SLUGS = ("reserve", "discard", "offer-3", "offer-2-sets")


@dataclass
class Round:
    """One round as the reader saw it."""

    starter: int = -1
    orders: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    points: tuple[int, int] = (0, 0)
    before: tuple[int, int] = (0, 0)
    five_tie: bool = False
    three_tie: bool = False
    split: bool = False
    extra: bool = False


def slug_of(text: str) -> str:
    """The action's name from its words: ``reserve Ah``, ``discard Ah Kh``, ``offer Ah Kh Qh``,
    ``offer Ah Kh | Qh Jh``."""
    verb = text.split()[0]
    if verb == "offer":
        return "offer-2-sets" if "|" in text else "offer-3"
    return verb


def read(line: Mapping[str, Any]) -> list[Round]:
    """The rounds of a game line, from its record."""
    record = line["record"]
    game = games.load(GAME, **record["options"])
    target = int(record["options"]["target"])
    state = game.new_initial_state()
    rounds: list[Round] = [Round()]
    scores = (0, 0)
    for action in record["actions"]:
        core = state.core
        if not state.is_chance_node() and core.phase == Phase.ACT:
            mover = state.current_player()
            current = rounds[-1]
            if current.starter < 0:
                current.starter = mover
            current.orders[mover].append(slug_of(state.action_to_string(action)))
        state.apply_action(action)
        core = state.core
        if len(core.rounds) == len(rounds):  # the round just ended
            current = rounds[-1]
            result = core.rounds[-1]
            fives = [strength_of_mask(c ^ t) for c, t in zip(result.collections, result.threes, strict=True)]
            threes = [strength3_of_mask(t) for t in result.threes]
            current.five_tie, current.three_tie = fives[0] == fives[1], threes[0] == threes[1]
            five_winner = None if current.five_tie else int(fives[1] > fives[0])
            three_winner = None if current.three_tie else int(threes[1] > threes[0])
            current.split = five_winner is not None and three_winner is not None and five_winner != three_winner
            current.before = scores
            current.extra = min(scores) >= target
            current.points = (core.scores[0] - scores[0], core.scores[1] - scores[1])
            scores = core.scores
            if not state.is_terminal():
                rounds.append(Round())
    assert state.is_terminal() and list(scores) == line["facts"]["scores"]
    return rounds


def mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None


def ratio(pairs: Iterable[tuple[float, float]]) -> float | None:
    items = list(pairs)
    den = sum(d for _, d in items)
    return sum(n for n, _ in items) / den if den else None


def match_score(line: Mapping[str, Any], seat: int) -> float:
    returns = line["returns"]
    return 0.5 if returns[0] == returns[1] else float(returns[seat] > returns[1 - seat])


def expected(lines: list[dict[str, Any]]) -> dict[str, float | None]:
    """Every room metric of a run, from the records."""
    target = int(lines[0]["record"]["options"]["target"])
    read_lines = [(line, read(line)) for line in lines]
    rounds = [(line, r) for line, rs in read_lines for r in rs]
    out: dict[str, float | None] = {}
    out["starter.share"] = ratio((r.points[r.starter], sum(r.points)) for _, r in rounds)
    for number in range(1, max(regular_rounds(target)) + 1):
        out[f"starter.share.round-{number}"] = ratio(
            (rs[number - 1].points[rs[number - 1].starter], sum(rs[number - 1].points))
            for _, rs in read_lines if len(rs) >= number and not rs[number - 1].extra)
    for name, sign in (("level", 0), ("ahead", 1), ("behind", -1)):
        out[f"starter.share.{name}"] = ratio(
            (r.points[r.starter], sum(r.points)) for _, r in rounds
            if (r.before[r.starter] > r.before[1 - r.starter]) - (r.before[r.starter] < r.before[1 - r.starter]) == sign)
    out["starter.more"] = mean(float(r.points[r.starter] > r.points[1 - r.starter]) for _, r in rounds)
    out["tie.five"] = mean(float(r.five_tie) for _, r in rounds)
    out["tie.three"] = mean(float(r.three_tie) for _, r in rounds)
    out["tie.both"] = mean(float(r.five_tie and r.three_tie) for _, r in rounds)
    out["split"] = mean(float(r.split) for _, r in rounds)
    out["rounds"] = mean(len(rs) for _, rs in read_lines)
    out["extra"] = mean(float(any(r.extra for r in rs)) for _, rs in read_lines)
    for n in regular_rounds(target):
        out[f"rounds.{n}"] = mean(float(len(rs) == n and not any(r.extra for r in rs)) for _, rs in read_lines)
    for turn in range(1, 5):
        for slug in SLUGS:
            used = [(line, seat) for line, r in rounds for seat in (0, 1) if r.orders[seat][turn - 1] == slug]
            out[f"action.turn-{turn}.{slug}"] = len(used) / (2 * len(rounds))
            out[f"action.turn-{turn}.{slug}.score"] = mean(match_score(line, seat) for line, seat in used)
    for slug in SLUGS:
        out[f"action.{slug}.turn"] = mean(float(order.index(slug) + 1) for _, r in rounds for order in r.orders)
    comebacks, any_deficit, fewer = [], [], []
    for line, rs in read_lines:
        returns = line["returns"]
        winner = None if returns[0] == returns[1] else int(returns[1] > returns[0])
        deficit = 0 if winner is None else max(r.before[1 - winner] - r.before[winner] for r in rs)
        comebacks.append(float(deficit >= 2))
        any_deficit.append(float(deficit >= 1))
        final = line["facts"]["scores"]
        fewer.append(float(winner is not None and final[winner] < final[1 - winner]))
    out["comeback"], out["comeback.any"], out["fewer"] = mean(comebacks), mean(any_deficit), mean(fewer)
    first_to = [float(min(rs[-1].before[s] + rs[-1].points[s] for s in (0, 1)) < target) for _, rs in read_lines]
    out["ending.first-to-target"] = mean(first_to)
    out["both-rule"] = mean(1.0 - f for f in first_to)
    return out


@pytest.fixture(scope="module")
def run_lines(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("card-commons-lab")
    plan = make_plan("simulate", GAME, [Arm("run", {}, BOTS)], 60, seed=12)
    analysis = analyse(run(plan, SerialExecutor(), out=folder))
    lines = [json.loads(text) for text in (folder / "games.jsonl").read_text().splitlines()]
    lines.sort(key=lambda line: int(line["index"]))
    return analysis, lines


def test_room_metrics_match_the_records(run_lines: tuple[Any, list[dict[str, Any]]]) -> None:
    analysis, lines = run_lines
    metrics = {m.key: m for m in analysis.arms[0].metrics}
    want = expected(lines)
    for key, value in want.items():
        got = metrics[key].interval.value
        assert (got is None) == (value is None), key
        if value is not None:
            assert got == pytest.approx(value), key
    # the run is rich enough to mean something: every action on every turn, comebacks, both rounds counts
    assert all(want[f"action.turn-{t}.{s}"] for t in range(1, 5) for s in SLUGS)
    assert want["comeback"] and want["rounds.2"] and want["rounds.3"]


def test_the_round_1_starter_is_the_coins_pick(run_lines: tuple[Any, list[dict[str, Any]]]) -> None:
    analysis, lines = run_lines
    metrics = {m.key: m for m in analysis.arms[0].metrics}
    starters = [read(line)[0].starter for line in lines]
    assert {line["record"]["actions"][0] for line in lines} == {0, 1}  # the coin comes first
    assert starters == [line["record"]["actions"][0] for line in lines]
    wins = mean(match_score(line, seat) == 1.0 for line, seat in zip(lines, starters, strict=True))
    assert metrics["role.round-1-starter.win"].interval.value == pytest.approx(wins)
    # a deal pair replays the same coin: the same seat starts round 1 in both games of a pair
    assert all(starters[i] == starters[i + 1] for i in range(0, len(lines), 2))


def hand_made(rounds: list[tuple[int, int | None, int | None, tuple[int, int], bool]], winner: int | None,
              **options: str | int) -> CardCommonsState:
    """A finished match from (starter, 5-card winner, 3-card winner, scores after, extra) per round."""
    made: list[RoundResult] = []
    for number, (starter, five, three, scores, extra) in enumerate(rounds):
        before = made[-1].scores if made else (0, 0)
        points = (scores[0] - before[0], scores[1] - before[1])
        made.append(RoundResult(number, starter, (0, 0), (0, 0), five, three, points, scores, extra))
    start = CardCommonsRules().initial_state({"first_starter": rounds[0][0], **options})
    return replace(start, phase=Phase.OVER, rounds=tuple(made), scores=made[-1].scores,
                   extra_rounds=sum(r[4] for r in rounds), outcome=Outcome(winner, "hand-made"))


def test_rare_endings_from_hand_made_matches() -> None:
    matches = [
        # first to 5: seat 0 after trailing 0-3 (a comeback)
        (hand_made([(1, 1, 1, (0, 3), False), (1, 0, 1, (2, 4), False), (1, 0, 0, (5, 4), False)], 0), [1.0, -1.0]),
        # both reach 5; the 5-card hands tie and seat 0's 3-card hand wins it on fewer points (5-6)
        (hand_made([(0, 0, 1, (2, 1), False), (0, 1, 1, (2, 4), False), (1, None, 0, (5, 6), False)], 0), [1.0, -1.0]),
        # both reach 5 with equal hands (7-5), then an extra round won by seat 1's 5-card hand (8-7)
        (hand_made([(0, 0, 0, (3, 0), False), (0, 1, 0, (4, 2), False), (0, None, None, (7, 5), False),
                    (1, 1, 0, (8, 7), True)], 1), [-1.0, 1.0]),
        # equal hands to the cap of one extra round: a draw
        (hand_made([(0, None, None, (3, 3), False), (1, None, None, (6, 6), False), (0, None, None, (9, 9), True)],
                   None, max_extra_rounds=1), [0.0, 0.0]),
    ]
    lines = [{"index": i, "seats": ["a", "b"], "returns": returns, "moves": 30, "facts": dict(facts(state))}
             for i, (state, returns) in enumerate(matches)]
    metrics = {m.key: m.interval.value for m in measure(lines, room=LAB_ROOM, options={})}
    assert metrics["ending.first-to-target"] == 0.25 and metrics["ending.both-reached"] == 0.25
    assert metrics["ending.extra-round"] == 0.25 and metrics["draw"] == 0.25
    assert metrics["both-rule"] == 0.5  # the both-reached match and the extra round's
    assert metrics["both-rule.five"] == 0.5  # the extra round (5-card) and not the 3-card decision
    assert metrics["both-rule.fewer"] == 1.0 and metrics["fewer"] == 0.5
    assert metrics["comeback"] == 0.75  # trailed 0-3, 2-4 and 0-3; the draw is no comeback
    assert metrics["deficit"] == pytest.approx((3 + 2 + 3 + 0) / 4)
    assert metrics["extra"] == 0.5 and metrics["extra.rounds"] == 0.5
    assert metrics["rounds"] == pytest.approx((3 + 3 + 4 + 3) / 4)
    assert metrics["rounds.3"] == 0.5 and metrics["rounds.2"] == 0.0
    # extra rounds' starters: seat 1 took 2 of 3 points, seat 0 took 3 of 6
    assert metrics["starter.share.extra"] == pytest.approx(5 / 9)
    # rounds begun level: the four first rounds (the starter took 3 of 3, 2 of 3, 3 of 3, 3 of 6) and
    # the draw's later rounds (3 of 6 at 3-3, 3 of 6 at 6-6)
    assert metrics["starter.share.level"] == pytest.approx((3 + 2 + 3 + 3 + 3 + 3) / (3 + 3 + 3 + 6 + 6 + 6))
    # begun with the starter ahead: 1 of 3 at 3-0 and 0 of 3 at 4-2 (first match, seat 1), 0 of 3 at
    # 2-1 and 2 of 5 at 4-2 (second), 1 of 3 at 3-0 and 3 of 6 at 4-2 (third)
    assert metrics["starter.share.ahead"] == pytest.approx((1 + 0 + 0 + 2 + 1 + 3) / (3 + 3 + 3 + 5 + 3 + 6))
    assert metrics["starter.share.behind"] == pytest.approx(2 / 3)  # the extra round: seat 1 behind 5-7
    # round 3's starters, extra rounds aside: seat 1 took 0 of 3 points, seat 1 took 2 of 5, seat 0 took 3 of 6
    assert metrics["starter.share.round-3"] == pytest.approx((0 + 2 + 3) / (3 + 5 + 6))
    assert metrics["tie.both"] == pytest.approx(4 / 13)


def test_declared_metrics_follow_the_target() -> None:
    keys = {d.key for d in LAB_ROOM.metrics({"target": 10})}
    assert {f"rounds.{n}" for n in (4, 5, 6, 7)} <= keys and "rounds.3" not in keys
    assert "starter.share.round-7" in keys and "starter.share.round-8" not in keys
    assert lab_room(GAME) is LAB_ROOM
    assert LAB_ROOM.roles({"first_starter": 1}) == {"round-1-starter": 1}


def test_rule_variants_side_by_side(tmp_path: Path) -> None:
    arms = [Arm("baseline", {}, BOTS), Arm("variant", {"next_starter": "alternate", "target": 4}, BOTS)]
    plan = make_plan("compare", GAME, arms, 12, seed=5)
    analysis = analyse(run(plan, SerialExecutor(), out=tmp_path))
    assert analysis.same_deals == 1.0  # chance by name: the same coins and cards under both rules
    changed = {d.metric.key for d in analysis.differences}
    assert {"starter.share", "role.round-1-starter.win", "action.turn-1.reserve", "rounds.3"} <= changed
    report = markdown(analysis, [])
    assert "next_starter leader -> alternate" in report and "target 5 -> 4" in report
    assert "observational" in report
    files = make_plots(analysis)
    assert {"starter-share.png", "actions.png", "action-score.png", "match-length.png", "endings.png"} <= set(files)
    assert all(data.startswith(b"\x89PNG") for data in files.values())
    data = summary(analysis, sorted(files))
    assert [arm["options"]["next_starter"] for arm in data["arms"]] == ["leader", "alternate"]

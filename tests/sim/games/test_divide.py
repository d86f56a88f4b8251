"""DIVIDE in the lab: the facts of a game and the lab room's metrics, checked against figures
read again from the game records by a separate walk through the full states (not through the
log the facts come from), against hand-made games, and in a comparison of rule variants."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.games.base import OptionValue
from divided.games.divide import actions as act
from divided.games.divide.facts import facts, places_by_total
from divided.games.divide.state import Phase
from divided.games.divide.tricks import RANK_MASKS
from divided.sim import Arm, LabError, SerialExecutor, analyse, make_plan, plots, run
from divided.sim.games import MetricDef, lab_room
from divided.sim.games.divide import LAB_ROOM, DivideLab
from divided.sim.metrics import measure
from divided.sim.report import markdown, summary

GAME = "divide"
BOTS = ("random:auto_arrange=no",)
REWARD_OF = {act.POINTS: "points", act.LEAD: "lead"}


@dataclass
class Pick:
    """One reward as the walk saw it."""

    round: int
    trick: int
    place: int
    seat: int
    reward: str
    token: int  # the token of the trick (what Points claims)
    held: int  # with a rank declared: the declarer's cards of that rank in hand after the pick


@dataclass
class Game:
    """One game as the walk through its states saw it."""

    players: int
    first_dealer: int = -1
    picks: list[Pick] = field(default_factory=list)
    winners: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, trick) -> 1st finisher
    leaders: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, trick) -> its leader
    round_points: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)  # (dealer, points)
    trump_at_start: list[int | None] = field(default_factory=list)
    scores: tuple[int, ...] = ()


def reward_name(action: int) -> str:
    return REWARD_OF.get(action, "trump")


def walk(record: Mapping[str, Any]) -> Game:
    """Replay a record and read, from the full state before and after each action, who drafted
    what with which token at stake, who finished 1st in each trick, and each round's points."""
    state = games.load(GAME, **record["options"]).new_initial_state()
    seen = Game(state.core.options.players)
    for action in record["actions"]:
        before = state.core
        state.apply_action(action)
        after = state.core
        if seen.first_dealer < 0 and after.dealer >= 0:
            seen.first_dealer = after.dealer
        if before.phase in (Phase.DEAL, Phase.DEALER) and after.phase == Phase.COMMIT:
            seen.trump_at_start.append(after.trump)
        if before.phase != Phase.DRAFT:
            continue
        key = (before.round, before.trick)
        seen.winners[key] = before.finishers[0]
        seen.leaders[key] = before.leader
        token = before.line[before.trick - 1]
        place = len(before.picks) + 1
        seat = before.finishers[place - 1]
        held = -1
        if act.TRUMP_BASE <= action <= act.NO_TRUMP and action != act.NO_TRUMP:
            rank = action - act.TRUMP_BASE + 2
            hand = after.hands[seat] if after.round == before.round and after.phase != Phase.OVER else 0
            held = (hand & RANK_MASKS[rank]).bit_count() if before.trick < 9 else -1
        seen.picks.append(Pick(before.round, before.trick, place, seat, reward_name(action), token, held))
        if place == 2:  # the 3rd finisher takes Points or Lead without a decision (Trump is a decision)
            left = {"points", "trump", "lead"} - {p.reward for p in seen.picks[-2:]}
            if left != {"trump"}:
                seen.picks.append(Pick(before.round, before.trick, 3, before.finishers[2], left.pop(), token, -1))
        if after.round != before.round or after.phase == Phase.OVER:
            points = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
            seen.round_points.append((before.dealer, points))
    assert state.is_terminal()
    seen.scores = state.core.scores
    return seen


def ratio(pairs: Iterable[tuple[float, float]]) -> float | None:
    items = list(pairs)
    den = sum(d for _, d in items)
    return sum(n for n, _ in items) / den if den else None


def expected(lines: list[dict[str, Any]]) -> dict[str, float | None]:
    """Room metrics of a run, from its records and returns."""
    walked = [(line, walk(line["record"])) for line in lines]
    n = walked[0][1].players
    out: dict[str, float | None] = {}
    for k in range(n):
        out[f"position.{k}.win-share"] = ratio(
            (line["returns"][(g.first_dealer + k) % n], 1) for line, g in walked)
        out[f"position.{k}.points"] = ratio((g.scores[(g.first_dealer + k) % n], 1) for _, g in walked)
        out[f"dealer.{k}.points"] = ratio(
            (points[(dealer + k) % n], 1) for _, g in walked for dealer, points in g.round_points)
    picks = [p for _, g in walked for p in g.picks]
    for place in (1, 2, 3):
        for reward in ("points", "trump", "lead"):
            out[f"pick.{place}.{reward}"] = ratio((p.reward == reward, 1) for p in picks if p.place == place)
        out[f"token.{place}"] = ratio((p.token, 1) for p in picks if p.place == place and p.reward == "points")
        out[f"claimed.{place}"] = ratio((p.token if p.reward == "points" else 0, 1) for p in picks if p.place == place)
    for value in (1, 3, 5):
        out[f"pick.1.points.token-{value}"] = ratio(
            (p.reward == "points", 1) for p in picks if p.place == 1 and p.token == value)
    firsts = {(id(g), p.round, p.trick): p.reward for _, g in walked for p in g.picks if p.place == 1}
    out["pick.2.lead.after.trump"] = ratio(
        (p.reward == "lead", 1) for _, g in walked for p in g.picks
        if p.place == 2 and firsts[(id(g), p.round, p.trick)] == "trump")
    for reward in ("points", "trump", "lead"):
        out[f"next-first.{reward}"] = ratio(
            (g.winners[(p.round, p.trick + 1)] == p.seat, 1) for _, g in walked for p in g.picks
            if p.reward == reward and p.trick < 9)
    out["leader.first.trick-1"] = ratio((g.winners[key] == g.leaders[key], 1) for _, g in walked
                                        for key in g.winners if key[1] == 1)
    out["leader.first"] = ratio((g.winners[key] == g.leaders[key], 1) for _, g in walked
                                for key in g.winners if key[1] > 1)
    out["trump.held"] = ratio((p.held, 1) for p in picks if p.held >= 0)
    out["trump.round-start"] = ratio(
        (trump is not None, 1) for _, g in walked for trump in g.trump_at_start[1:])
    out["spread.stdev"] = ratio((statistics.pstdev(g.scores), 1) for _, g in walked)
    out["decided.score"] = ratio((sorted(g.scores)[-1] > sorted(g.scores)[-2], 1) for _, g in walked)
    return out


def ran(folder: Path, options: dict[str, Any], count: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    plan = make_plan("simulate", GAME, [Arm("run", options, BOTS)], count, seed=seed)
    analysis = analyse(run(plan, SerialExecutor(), out=folder))
    lines = sorted((json.loads(text) for text in (folder / "games.jsonl").read_text().splitlines()),
                   key=lambda line: int(line["index"]))
    return {m.key: m for m in analysis.arms[0].metrics}, lines


@pytest.fixture(scope="module", params=[4, 6], ids=["4-players", "6-players"])
def run_lines(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        tuple[dict[str, Any], list[dict[str, Any]]]]:
    players = int(request.param)
    yield ran(tmp_path_factory.mktemp(f"divide-{players}"), {"players": players}, players, 11)


def test_room_metrics_match_the_records(run_lines: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    metrics, lines = run_lines
    for key, value in expected(lines).items():
        got = metrics[key].interval.value
        if value is None:
            assert got is None, key
        else:
            assert got == pytest.approx(value), key


def test_facts_agree_with_the_final_state(run_lines: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    _, lines = run_lines
    for line in lines:
        state = games.replay(games.GameRecord.from_dict(line["record"]))
        found = line["facts"]
        assert found == json.loads(json.dumps(facts(state.core)))  # JSON scalars, stored as computed
        core = state.core
        assert found["scores"] == list(core.scores) and found["fives"] == list(core.fives)
        assert sum(found["scores"]) == 23 * found["rounds_played"]
        points = [0] * found["players"]
        fives = [0] * found["players"]
        led = [0] * found["players"]
        for played in found["per_round"]:
            assert len(played["tricks"]) == 9 and sum(played["points"]) == 23
            for trick in played["tricks"]:
                led[trick["leader"]] += 1
                assert sorted(trick["picks"]) == ["lead", "points", "trump"]
                taker = trick["order"][trick["picks"].index("points")]
                points[taker] += trick["token"]
                fives[taker] += trick["token"] == 5
        assert points == found["scores"] and fives == found["fives"] and led == found["led"]
        assert found["places_by_total"] == places_by_total(found["scores"])
        assert set(found["winners"]) == {seat for seat, r in enumerate(line["returns"]) if r > 0}


def test_facts_of_a_running_game_refuse() -> None:
    state = games.load(GAME, first_dealer=0).new_initial_state(seed=1)
    with pytest.raises(ValueError, match="finished game"):
        facts(state.core)


def test_places_by_total_share_ties() -> None:
    assert places_by_total([12, 30, 30, 5, 30, 20]) == [5, 1, 1, 6, 1, 4]


def trick(number: int, leader: int, order: list[int], picks: list[str], token: int, trump: int | None = None,
          declared: int | None = None, held: int = 0) -> dict[str, Any]:
    return {"trick": number, "leader": leader, "order": order, "trump": trump, "token": token, "picks": picks,
            "declared": declared, "held": held}


def hand_made() -> dict[str, Any]:
    """A 4-player game of two rounds cut to two tricks each (the room reads what is there).

    Round 1, dealt by seat 2: Trick 1 (token 5) finishes 2, 0, 1, 3 and they take Points, Trump (7)
    and Lead; Trick 2 (token 1, under 7) finishes 0, 3, 2, 1: Points, Trump (No Trump), Lead.
    Round 2, dealt by seat 3: Trick 1 (token 3) finishes 1, 0, 3, 2: Lead, Trump (9), Points;
    Trick 9 (led by seat 0; token 3, under 9) finishes 0, 2, 3, 1: Trump (9 again), Lead, Points.
    """
    round_1 = {"round": 1, "dealer": 2, "trump_at_start": None, "points": [1, 0, 5, 0], "scores": [1, 0, 5, 0],
               "tricks": [trick(1, 3, [2, 0, 1, 3], ["points", "trump", "lead"], 5, declared=7, held=2),
                          trick(2, 1, [0, 3, 2, 1], ["points", "trump", "lead"], 1, trump=7, declared=None)]}
    round_2 = {"round": 2, "dealer": 3, "trump_at_start": None, "points": [0, 0, 0, 6], "scores": [1, 0, 5, 6],
               "tricks": [trick(1, 0, [1, 0, 3, 2], ["lead", "trump", "points"], 3, declared=9, held=0),
                          trick(9, 0, [0, 2, 3, 1], ["trump", "lead", "points"], 3, trump=9, declared=9, held=0)]}
    found = {"players": 4, "rounds": 2, "end_score": 50, "trump_rule": "persists", "first_dealer": 2,
             "rounds_played": 2, "ended": "rounds", "reason": "after 2 rounds", "scores": [1, 0, 5, 6],
             "fives": [0, 0, 1, 0], "led": [2, 1, 0, 1], "winners": [3], "decided_by": "score",
             "places_by_total": [3, 4, 2, 1], "per_round": [round_1, round_2]}
    return {"index": 0, "seats": ["a"] * 4, "returns": [0.0, 0.0, 0.0, 1.0], "places": [3, 4, 2, 1],
            "facts": found}


def test_metrics_of_a_hand_made_game() -> None:
    metrics = {m.key: m.interval.value for m in measure([hand_made()], room=LAB_ROOM, options={"rounds": 2})}
    # seat 2 dealt first: positions 0..3 are seats 2, 3, 0, 1
    assert [metrics[f"position.{k}.win-share"] for k in range(4)] == [0.0, 1.0, 0.0, 0.0]
    assert [metrics[f"position.{k}.points"] for k in range(4)] == [5.0, 6.0, 1.0, 0.0]
    assert [metrics[f"position.{k}.place"] for k in range(4)] == [2.0, 1.0, 3.0, 4.0]
    # from each round's dealer on: round 1 (dealer 2) 5, 0, 1, 0; round 2 (dealer 3) 6, 0, 0, 0
    assert [metrics[f"dealer.{k}.points"] for k in range(4)] == [5.5, 0.0, 0.5, 0.0]
    assert (metrics["pick.1.points"], metrics["pick.1.trump"], metrics["pick.1.lead"]) == (0.5, 0.25, 0.25)
    assert (metrics["pick.2.points"], metrics["pick.2.trump"], metrics["pick.2.lead"]) == (0.0, 0.75, 0.25)
    assert (metrics["pick.3.points"], metrics["pick.3.trump"], metrics["pick.3.lead"]) == (0.5, 0.0, 0.5)
    assert metrics["pick.2.trump.after.points"] == 1.0 and metrics["pick.2.lead.after.points"] == 0.0
    assert metrics["pick.2.trump.after.lead"] == 1.0 and metrics["pick.2.points.after.lead"] == 0.0
    assert metrics["pick.2.lead.after.trump"] == 1.0 and metrics["pick.2.points.after.trump"] == 0.0
    assert metrics["pick.1.points.token-5"] == 1.0 and metrics["pick.1.points.token-1"] == 1.0
    assert (metrics["pick.1.points.token-3"], metrics["pick.1.trump.token-3"], metrics["pick.1.lead.token-3"]) == (
        0.0, 0.5, 0.5)
    assert metrics["token.1"] == 3.0 and metrics["token.2"] is None and metrics["token.3"] == 3.0
    assert (metrics["claimed.1"], metrics["claimed.2"], metrics["claimed.3"]) == (1.5, 0.0, 1.5)
    # the next trick is won by seat 0 both times; the takers: round 1 Points 2, Trump 0, Lead 1; round 2
    # Lead 1, Trump 0, Points 3; in the next tricks seat 0 claims 1 point (round 1), seat 3 claims 3 (round 2)
    assert (metrics["next-first.points"], metrics["next-first.trump"], metrics["next-first.lead"]) == (0.0, 1.0, 0.0)
    assert metrics["next-first.trump.2"] == 1.0 and metrics["next-first.trump.1"] is None
    assert metrics["next-first.points.1"] == 0.0 and metrics["next-first.points.3"] == 0.0
    assert metrics["next-first.trump-vs-points"] == 1.0 and metrics["next-first.lead-vs-points"] == 0.0
    assert (metrics["next-points.points"], metrics["next-points.trump"], metrics["next-points.lead"]) == (
        1.5, 0.5, 0.0)
    assert metrics["leader.first.trick-1"] == 0.0 and metrics["leader.first"] == 0.5  # only Trick 9's leader won
    assert metrics["trump.no-trump"] == 0.25 and metrics["trump.change"] == 0.75  # 9 re-declared under 9
    assert metrics["trump.held"] == 1.0  # 2 and 0 held; Trick 9's declaration is not counted
    assert metrics["trump.under"] == 0.5 and metrics["trump.round-start"] == 0.0
    assert metrics["spread.margin"] == 1.0 and metrics["spread.top"] == 6.0
    assert metrics["spread.stdev"] == pytest.approx(statistics.pstdev([1, 0, 5, 6]))
    assert metrics["rounds"] == 2.0 and metrics["rounds.2"] == 1.0 and metrics["rounds.1"] == 0.0
    assert metrics["end.score"] == 0.0 and metrics["end.early"] == 0.0 and metrics["reach.50"] == 0.0
    assert metrics["decided.score"] == 1.0 and metrics["decided.shared"] == 0.0
    assert metrics["front.round-1"] == 0.0  # seat 2 was alone on top after round 1; seat 3 won
    assert metrics["role.first-dealer.loss"] == 1.0 and metrics["role.first-leader.win"] == 1.0


def test_a_tied_top_and_an_early_end() -> None:
    line = hand_made()
    found = line["facts"]
    found["per_round"] = found["per_round"][:1]
    found["per_round"][0]["scores"] = [5, 0, 5, 0]
    found.update(rounds_played=1, ended="score", end_score=5, scores=[5, 0, 5, 0], decided_by="fives", winners=[2],
                 places_by_total=[1, 3, 1, 3])
    line.update(returns=[0.0, 0.0, 1.0, 0.0], places=[2, 3, 1, 3])
    metrics = {m.key: m.interval.value for m in measure([line], room=LAB_ROOM, options={"rounds": 2})}
    assert metrics["end.score"] == 1.0 and metrics["end.early"] == 1.0 and metrics["rounds.1"] == 1.0
    assert metrics["decided.fives"] == 1.0 and metrics["decided.score"] == 0.0
    assert metrics["spread.margin"] == 0.0
    assert metrics["position.0.place"] == 1.0 and metrics["position.2.place"] == 1.0
    assert metrics["front.round-1"] is None  # no game went on after round 1


def test_an_undeclared_metric_is_an_error() -> None:
    class Leaky(DivideLab):
        def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
            yield from super().observe(line)
            yield "pick.1.dragons", 1.0, 1.0

    with pytest.raises(LabError, match=r"pick\.1\.dragons"):
        measure([hand_made()], room=Leaky(), options={"rounds": 2})


def test_declared_metrics_follow_the_options() -> None:
    four = {d.key for d in LAB_ROOM.metrics({"players": 4})}
    six = {d.key for d in LAB_ROOM.metrics({"players": 6, "rounds": 6})}
    assert "position.3.win-share" in four and "position.4.win-share" not in four
    assert {"position.5.win-share", "dealer.5.points", "rounds.6", "front.round-5"} <= six
    assert "rounds.5" in six and "rounds.5" not in four
    assert lab_room(GAME) is LAB_ROOM
    assert LAB_ROOM.roles({"first_dealer": 5, "players": 6}) == {"first-dealer": 5, "first-leader": 0}
    contrasts = [d for d in LAB_ROOM.metrics({}) if d.contrast is not None]
    assert all(isinstance(d, MetricDef) and d.kind == "edge" for d in contrasts) and len(contrasts) == 2


def test_labels_do_not_change_with_the_variants() -> None:
    """``--compare`` pairs a metric only when its words are the same in both arms."""
    base = {d.key: d.label for d in LAB_ROOM.metrics({"players": 6})}
    variants: list[dict[str, OptionValue]] = [{"players": 6, "trump": "resets"}, {"players": 6, "end_score": "off"},
                                              {"players": 6, "end_score": 30}]
    for variant in variants:
        assert {d.key: d.label for d in LAB_ROOM.metrics(variant)} == base


@pytest.mark.parametrize("players", [4, 6])
def test_rule_variants_side_by_side(tmp_path: Path, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    arms = [Arm("baseline", {"players": players}, BOTS),
            Arm("variant", {"players": players, "trump": "resets", "end_score": "off"}, BOTS)]
    plan = make_plan("compare", GAME, arms, players, seed=5)
    analysis = analyse(run(plan, SerialExecutor(), out=tmp_path))
    assert analysis.same_deals == 1.0  # chance by name: the same first dealer and cards under both rules
    changed = {d.metric.key: d for d in analysis.differences}
    assert {"position.0.win-share", "pick.1.points", "token.1", "next-first.trump", "trump.round-start",
            "end.score", "reach.50", "decided.fives", "spread.margin", "role.first-dealer.win"} <= set(changed)
    start = changed["trump.round-start"]
    assert start.variant.value == 0.0 and start.change.value is not None  # every round starts with No Trump
    report = markdown(analysis, [])
    assert "trump persists -> resets" in report and "end_score 50 -> off" in report
    drawn: dict[str, list[str]] = {}

    def draw(title: str, categories: Sequence[str], series: Sequence[plots.Series], **_: Any) -> bytes:
        assert all(len(intervals) == len(categories) for _, intervals in series)
        drawn[title] = [label for label, _ in series]
        return b"png"

    monkeypatch.setattr(plots, "bars", draw)  # the CLI test draws them for real
    monkeypatch.setattr(plots, "points", draw)
    files = LAB_ROOM.plots(analysis)
    assert set(files) == {"seats.png", "dealer-points.png", "draft.png", "points-by-place.png", "next-trick.png",
                          "endings.png"}
    assert drawn["Share of the win by seat from the first dealer"] == ["baseline", "variant"]
    assert drawn["Which reward each finisher takes"] == [f"{reward} ({arm})" for reward in ("Points", "Trump", "Lead")
                                                         for arm in ("baseline", "variant")]
    data = summary(analysis, sorted(files))
    assert [arm["options"]["trump"] for arm in data["arms"]] == ["persists", "resets"]


def test_an_end_score_cuts_games_short(tmp_path: Path) -> None:
    metrics, lines = ran(tmp_path, {"players": 4, "end_score": 20, "first_dealer": 1}, 4, 2)
    for line in lines:
        found = line["facts"]
        assert found["first_dealer"] == 1
        ends = [max(r["scores"]) >= 20 for r in found["per_round"]]
        assert ends.index(True) == len(ends) - 1 if any(ends) else len(ends) == 4
        assert found["ended"] == ("score" if any(ends) else "rounds")
    assert metrics["end.score"].interval.value == pytest.approx(
        sum(line["facts"]["ended"] == "score" for line in lines) / len(lines))
    assert metrics["role.first-dealer.win"].interval.count == len(lines)


def test_the_hand_made_game_is_seeded_consistently() -> None:
    """The walk and the facts agree on a game played by a seeded policy of the test's own."""
    rng = random.Random(4)
    state = games.load(GAME, players=6, rounds=2, trump="resets").new_initial_state(seed=8)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
        else:
            points = [a for a in legal if a == act.POINTS]
            state.apply_action(points[0] if points and rng.random() < 0.7 else rng.choice(legal))
    record = state.record().to_dict()
    seen = walk(record)
    found = facts(state.core)
    assert [p.reward for p in seen.picks] == [r for played in found["per_round"] for t in played["tricks"]
                                              for r in t["picks"]]
    assert [p.held for p in seen.picks if p.held >= 0] == [
        t["held"] for played in found["per_round"] for t in played["tricks"]
        if t["declared"] is not None and t["trick"] < 9]
    assert seen.trump_at_start == [r["trump_at_start"] for r in found["per_round"]] == [None, None]

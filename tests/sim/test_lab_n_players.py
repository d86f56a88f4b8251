"""The lab on any registered game: Three Cards, the tests-only three-player game
(``tests/three_cards.py``, with a card drawn mid-game and, with paired ranks, shared wins), runs
with seat rotations and generic metrics, each figure recomputed here from the game records by
hand-written rules (not by the lab's code); and the two-player rotation is today's seat swap."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.sim import Arm, LabError, SerialExecutor, analyse, make_plan, run
from divided.sim import games as lab_rooms
from divided.sim.games import PLAIN, MetricDef, PlainLabRoom, RoleDef
from divided.sim.report import markdown, summary
from divided.sim.seeds import deal_seed
from three_cards import EXCHANGE, KEEP, NAME, CardsRoom, CardsRules, read_actions, registered

BOTS = ("random:auto_arrange=no", "random:auto_arrange=off", "random:auto_arrange=false")
OPTIONS = {"ranks": "paired"}  # two seats may share the win


@pytest.fixture(autouse=True)
def three_cards() -> Iterator[None]:
    yield from registered()
    lab_rooms.unregister(NAME)


def rank(card: int) -> int:
    """A card's rank under paired ranks, from the rules text: 1-2, 3-4 and 5-6 rank alike."""
    return {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[card]


def by_hand(line: Mapping[str, Any]) -> tuple[list[float], list[float]]:
    """(returns, seat scores) of a game line, from its record alone: a seat's score is the share
    of the other seats it beat, a tie counting half."""
    assert line["record"]["options"]["ranks"] == "paired"
    returns = read_actions(line["record"]["actions"]).returns(paired=True)
    scores = []
    for seat, mine in enumerate(returns):
        others = [r for other, r in enumerate(returns) if other != seat]
        scores.append(sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others) / len(others))
    return returns, scores


def mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items)


def played(folder: Path, count: int = 24, room: Any = None) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """A run of the three-player game: its analysis, metrics by key, and game lines (with records)."""
    if room is not None:
        lab_rooms.register(NAME, room, replace=True)
    plan = make_plan("simulate", NAME, [Arm("run", OPTIONS, BOTS)], count, seed=9)
    analysis = analyse(run(plan, SerialExecutor(), out=folder))
    lines = [json.loads(text) for text in (folder / "games.jsonl").read_text().splitlines()]
    lines.sort(key=lambda line: int(line["index"]))
    return analysis, {m.key: m for m in analysis.arms[0].metrics}, lines


def test_every_deal_is_played_once_per_seat_rotation(tmp_path: Path) -> None:
    analysis, _, lines = played(tmp_path, 12)
    assert analysis.plan.units == 4 and len(lines) == 12
    for deal in range(4):
        three = lines[3 * deal : 3 * deal + 3]
        assert {line["pair"] for line in three} == {deal}
        assert {line["seed"] for line in three} == {deal_seed(9, deal)}
        assert len({tuple(line["record"]["actions"][:3]) for line in three}) == 1  # the same deal
        for rotation, line in enumerate(three):
            assert line["seats"] == [BOTS[(seat + rotation) % 3] for seat in range(3)]
        for bot in BOTS:  # every bot at every seat once
            assert sorted(line["seats"].index(bot) for line in three) == [0, 1, 2]


def test_generic_metrics_of_three_players_match_the_records(tmp_path: Path) -> None:
    analysis, metrics, lines = played(tmp_path)
    assert len(lines) == 24
    hand = [by_hand(line) for line in lines]
    assert [line["returns"] for line in lines] == [returns for returns, _ in hand]

    def outcome(returns: list[float], seat: int) -> str:
        top = max(returns)
        if returns[seat] != top:
            return "loss"
        return "win" if returns.count(top) == 1 else "draw"

    for seat in range(3):
        for name in ("win", "draw", "loss"):
            expected = mean(outcome(returns, seat) == name for returns, _ in hand)
            assert metrics[f"seat.{seat}.{name}"].interval.value == pytest.approx(expected)
        assert metrics[f"seat.{seat}.score"].interval.value == pytest.approx(mean(s[seat] for _, s in hand))
    for bot in BOTS:
        seats = [(line["seats"].index(bot), returns, scores) for line, (returns, scores) in zip(lines, hand, strict=True)]
        assert metrics[f"field.{bot}"].interval.value == pytest.approx(mean(scores[s] for s, _, scores in seats))
        assert metrics[f"bot.{bot}.win"].interval.value == pytest.approx(
            mean(outcome(returns, s) == "win" for s, returns, _ in seats))
    assert metrics["draw"].interval.value == pytest.approx(mean(len(set(r)) == 1 for r, _ in hand))
    assert metrics["length"].interval.value == 3.0  # three decisions; neither the deal nor a draw counts
    assert any(returns.count(0.5) == 2 for returns, _ in hand), "the run has a shared win"
    assert any(EXCHANGE in read_actions(line["record"]["actions"]).decisions for line in lines)
    assert metrics["field.random:auto_arrange=no"].interval.units == 8  # deals are the error-bar units
    assert "head-to-head" not in metrics
    assert "edge.first-splitter" not in metrics  # no Divided Ranks metric leaks into another game

    report = markdown(analysis, [])
    assert "each deal played 3 times, once per seat rotation; error bars over 8 deals" in report
    assert "24 games (8 deals)" in report and "score against the field" in report
    assert summary(analysis, [])["arms"][0]["games"] == 24


class Highest(PlainLabRoom):
    """A lab room with a role (who was dealt the highest-ranked card; the lower seat on a tie)
    and one metric of its own (how often a seat keeps its card)."""

    role_defs = (RoleDef("dealt-highest", "dealt the highest card", "the seat dealt the highest card",
                         "the seat dealt the highest card", "dealt highest"),)
    sections = ("Choices",)

    def metrics(self, options: Mapping[str, Any]) -> Sequence[MetricDef]:
        return (MetricDef("keeps", "a seat keeps its card", "Choices", "decisions", "rate"),)

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        return {"dealt-highest": int(facts["highest"])}

    def facts(self, state: Any) -> dict[str, Any]:
        core = state.core
        ranks = [rank(shown or card) for shown, card in zip(core.shown, core.cards, strict=True)]
        return {"highest": ranks.index(max(ranks))}

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        decisions = read_actions(line["record"]["actions"]).decisions
        yield "keeps", float(sum(decision == KEEP for decision in decisions)), 3.0


def test_a_rooms_roles_and_metrics_are_measured(tmp_path: Path) -> None:
    _, metrics, lines = played(tmp_path, room=Highest())
    hand = [by_hand(line) for line in lines]
    edges, wins = [], []
    for line, (returns, scores) in zip(lines, hand, strict=True):
        dealt = [rank(card) for card in line["record"]["actions"][:3]]
        seat = dealt.index(max(dealt))
        edges.append(scores[seat] - mean(s for other, s in enumerate(scores) if other != seat))
        wins.append(returns[seat] == max(returns) and returns.count(max(returns)) == 1)
    assert metrics["role.dealt-highest.win"].interval.value == pytest.approx(mean(wins))
    assert metrics["edge.dealt-highest"].interval.value == pytest.approx(mean(edges))
    assert metrics["edge.dealt-highest"].label == "edge of the seat dealt the highest card (its score minus the others' mean)"
    keeps = [d == KEEP for line in lines for d in read_actions(line["record"]["actions"]).decisions]
    assert metrics["keeps"].interval.value == pytest.approx(mean(keeps))
    assert metrics["keeps"].interval.count == 72


class Careless(Highest):
    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        yield from super().observe(line)
        yield "swaps", 1.0, 1.0  # never declared


def test_a_metric_observed_but_not_declared_is_an_error_not_no_cases(tmp_path: Path) -> None:
    with pytest.raises(LabError, match="'swaps', which it does not declare"):
        played(tmp_path, 6, room=Careless())


def test_a_room_may_not_observe_a_generic_metric_itself(tmp_path: Path) -> None:
    class Meddling(Highest):
        def metrics(self, options: Mapping[str, Any]) -> Sequence[MetricDef]:
            return (*super().metrics(options), MetricDef("draw", "drawn", "Choices", "games", "rate"))

        def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
            yield "draw", 0.0, 1.0

    with pytest.raises(LabError, match="'draw'"):
        played(tmp_path, 6, room=Meddling())


def test_a_role_the_room_does_not_declare_is_an_error(tmp_path: Path) -> None:
    class Unnamed(Highest):
        def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
            return {"dealer": 0}

    with pytest.raises(LabError, match="role 'dealer'"):
        played(tmp_path, 6, room=Unnamed())


def test_relabel_may_change_words_only(tmp_path: Path) -> None:
    class Renaming(Highest):
        def relabel(self, defs: Sequence[MetricDef], totals: Mapping[str, tuple[float, float]]) -> Sequence[MetricDef]:
            return [replace(d, kind="score") if d.key == "keeps" else d for d in defs]

    with pytest.raises(LabError, match="words only"):
        played(tmp_path, 6, room=Renaming())


def test_without_a_lab_room_the_facts_come_from_the_games_room(tmp_path: Path) -> None:
    assert isinstance(games.room(NAME), CardsRoom)
    _, _, lines = played(tmp_path, 6)
    for line in lines:  # the room's facts: the cards dealt and the number of exchanges, read by hand
        game = read_actions(line["record"]["actions"])
        assert line["facts"] == {"dealt": list(game.dealt), "exchanges": game.decisions.count(EXCHANGE)}

    class Room:  # only what the lab reads of a GameRoom
        def facts(self, core: Any) -> dict[str, Any]:
            return {"cards": list(core.cards)}

    games.register(NAME, CardsRules, room=Room(), replace=True)  # type: ignore[arg-type]
    _, _, lines = played(tmp_path / "other", 3)
    assert [line["facts"]["cards"] for line in lines] == [
        list(read_actions(line["record"]["actions"]).cards) for line in lines]


def test_a_game_without_a_lab_room_gets_the_plain_one() -> None:
    assert lab_rooms.lab_room(NAME) is PLAIN
    assert "divided-ranks" in lab_rooms.names()
    lab_rooms.register(NAME, Highest())
    assert isinstance(lab_rooms.lab_room(NAME), Highest)


def test_the_duplicate_format_needs_a_multiple_of_the_players() -> None:
    with pytest.raises(LabError, match=r"not a multiple of 3.*such as 3 or 6"):
        make_plan("simulate", NAME, [Arm("run", {}, BOTS)], 4, seed=1)
    assert make_plan("simulate", NAME, [Arm("run", {}, BOTS)], 4, seed=1, duplicate=False).units == 4


@pytest.mark.parametrize("bots", [("random", "skilled"), ("random", "random")])
def test_two_player_rotations_are_todays_deal_pairs(bots: tuple[str, str]) -> None:
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, bots)], 20, seed=4)
    for index in range(20):
        setup = plan.setup(plan.arms[0], index)
        # Today's pairs: games 2k and 2k+1 share deal k, the second with the seats swapped.
        assert setup.pair == index // 2
        assert setup.seed == deal_seed(4, index // 2)
        assert setup.seats == (bots if index % 2 == 0 else (bots[1], bots[0]))
    assert plan.units == 10

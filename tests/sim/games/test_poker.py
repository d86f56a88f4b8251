"""The poker lab room: its figures on tiny runs against counts made here from the games' own
returns and pots, duplicate deals, zero-sum results, intervals, and the designer questions."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.bots import BotSpec, register
from divided.bots.base import unregister
from divided.cli.main import main
from divided.games.poker.pots import AwardWinners, Pot, divide
from divided.games.poker.state import PokerState
from divided.games.poker.variants import VARIANTS
from divided.sim import Arm, SerialExecutor, analyse, make_plan, run
from divided.sim.games import lab_room, names
from divided.sim.games.poker import LAB_ROOMS, percentile, sd, split_awards
from divided.sim.lab import Analysis
from divided.sim.metrics import Metric, measure
from divided.sim.play import ChunkTask, play_chunk
from divided.sim.stats import Ratio

POKER = tuple(VARIANTS)
"""Every poker game (the draw games of issue 30 as they land)."""


class _Last:
    """A test bot unlike ``random``: always the last legal action (in poker, the biggest bet)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def choose(self, view: object, legal: Sequence[int], rng: random.Random) -> int:
        return legal[-1]

    def action_probabilities(self, view: object, legal: Sequence[int]) -> dict[int, float]:
        return {action: float(action == legal[-1]) for action in legal}


@pytest.fixture
def last_bot() -> Iterator[str]:
    register(BotSpec("lab-last", _Last))
    yield "lab-last"
    unregister("lab-last")


def _run(game: str, bots: tuple[str, ...], count: int, seed: int = 5, **options: Any) -> tuple[Analysis, list[
        dict[str, Any]]]:
    plan = make_plan("simulate", game, [Arm("run", options, bots)], count, seed=seed)
    result = run(plan, SerialExecutor(), keep_lines=True)
    return analyse(result), result.lines["run"]


def _metrics(analysis: Analysis) -> dict[str, Metric]:
    return {m.key: m for m in analysis.arms[0].metrics}


def test_every_poker_game_has_this_room() -> None:
    assert set(POKER) <= set(names())
    for game in POKER:
        assert lab_room(game) is LAB_ROOMS[game]


def test_chips_by_bot_and_by_seat_match_the_returns(last_bot: str) -> None:
    analysis, lines = _run("cowpie", ("random", last_bot, "random"), 24, players=3)
    metrics = _metrics(analysis)
    for bot in ("random", last_bot):
        seated = [line["returns"][s] for line in lines for s, b in enumerate(line["seats"]) if b == bot]
        assert metrics[f"bot.{bot}.chips"].interval.value == pytest.approx(sum(seated) / len(seated))
        assert metrics[f"bot.{bot}.bb100"].interval.value == pytest.approx(100 * sum(seated) / len(seated) / 4)
        assert metrics[f"bot.{bot}.square"].interval.value == pytest.approx(
            sum(r * r for r in seated) / len(seated))
        assert sd(metrics[f"bot.{bot}.square"], metrics[f"bot.{bot}.chips"]) == pytest.approx(
            statistics.pstdev(seated))
    # the last bot always brings in for the full small bet or raises: it cannot be even with random
    assert metrics[f"bot.{last_bot}.chips"].interval.value != 0
    # by seat from the bring-in: the anchor is the seat whose first decision offers a bring-in
    room = games.room("cowpie")
    for line in lines:
        first = _first_decision(games.load("cowpie", players=3), line)
        kinds = {room.label(first.observation(first.current_player()), a).kind for a in first.legal_actions()}
        assert first.current_player() == line["facts"]["anchor"] and "bring-in" in kinds
    for k in range(3):
        at = [line["returns"][(line["facts"]["anchor"] + k) % 3] for line in lines]
        assert metrics[f"position.{k}.chips"].interval.value == pytest.approx(sum(at) / len(at))


def _first_decision(game: games.Game[Any, Any], line: dict[str, Any]) -> games.State[Any, Any]:
    """The deal replayed from its record up to the first player decision."""
    state = game.new_initial_state(line["seed"], chance_by_name=True)
    assert not state.is_chance_node()
    return state


def test_duplicate_deals_give_the_same_cards_to_the_same_seats_as_the_bots_rotate(last_bot: str) -> None:
    plan = make_plan("simulate", "henway", [Arm("run", {"players": 3}, ("random", last_bot, "random"))], 12, seed=2)
    lines = play_chunk(ChunkTask(plan, "run", tuple(range(12))))
    game = games.load("henway", players=3)
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        by_deal.setdefault(int(line["pair"] or 0), []).append(dict(line))
    dealt = []
    for deal in by_deal.values():
        assert len(deal) == 3 and len({line["seed"] for line in deal}) == 1
        hands = set()
        assert len({tuple(line["seats"]) for line in deal}) == 3  # the bots rotate
        for line in deal:
            # the cards of the recorded game itself, at its first decision (all ten are dealt)
            record: dict[str, Any] = dict(line["record"])
            state = game.new_initial_state(chance=[])
            for action in record["actions"]:
                if not state.is_chance_node():
                    break
                state.apply_action(action)
            core = state.core
            assert isinstance(core, PokerState)
            hands.add((core.button, core.slots))
        assert len(hands) == 1  # every rotation: the same button and the same ten cards at each seat
        dealt.append(hands.pop())
    assert len(set(dealt)) == len(dealt)  # and the deals differ from each other


def test_seats_rotate_within_a_deal(last_bot: str) -> None:
    _, lines = _run("five-card-draw", ("random", last_bot), 8, players=2)
    for first, second in zip(lines[::2], lines[1::2], strict=True):
        assert first["seed"] == second["seed"] and first["seats"] == second["seats"][::-1]


@pytest.mark.parametrize("game", POKER)
def test_results_sum_to_zero_per_hand_and_per_deal(game: str, last_bot: str) -> None:
    players = VARIANTS[game].players[0]
    analysis, lines = _run(game, ("random", last_bot, *("random",) * (players - 2)), 4 * players, players=players)
    for line in lines:
        assert sum(line["returns"]) == 0 and line["facts"]["results"] == line["returns"]
        assert sum(line["facts"]["collected"]) == line["facts"]["pot"]
        if line["facts"]["showdown"] and line["facts"]["deals"] == 1:  # a match's awards: its last deal's
            assert sum(line["facts"]["award_chips"].values()) == line["facts"]["pot"]
    metrics = _metrics(analysis)
    bots = metrics["bot.random.chips"].measure, metrics[f"bot.{last_bot}.chips"].measure
    assert isinstance(bots[0], Ratio) and isinstance(bots[1], Ratio)
    assert list(bots[0].num + bots[1].num) == [0.0] * 4  # per deal: what one bot won the other lost
    seats = sum(metrics[f"position.{k}.chips"].interval.value or 0.0 for k in range(players))
    assert seats == pytest.approx(0.0)


def test_intervals_shrink_with_more_hands() -> None:
    small, _ = _run("double-draw-high-low", ("random",), 24, players=3)
    large, _ = _run("double-draw-high-low", ("random",), 240, players=3)

    def width(analysis: Analysis, key: str) -> float:
        interval = _metrics(analysis)[key].interval
        assert interval.low is not None and interval.high is not None
        return interval.high - interval.low

    for key in ("position.0.bb100", "pot.big-bets", "showdown"):
        assert width(large, key) < width(small, key) / 2


def test_awards_and_the_hand_against_counts_from_the_pots() -> None:
    analysis, lines = _run("double-draw-high-low", ("random",), 60, players=3)
    metrics = _metrics(analysis)
    shown = [line for line in lines if line["facts"]["showdown"]]
    assert shown, "a run this size reaches some showdowns"
    assert metrics["showdown"].interval.value == pytest.approx(len(shown) / len(lines))
    high = low = 0
    for line in shown:
        for pot in line["facts"]["pots"]:  # T11: halves rounded down, the odd chip to high
            amount, won_high, won_low = pot["amount"], pot["awards"]["high"], pot["awards"]["low"]
            if won_high and won_low:
                high, low = high + amount - amount // 2, low + amount // 2
            elif won_high:
                high += amount
            else:
                low += amount
    assert metrics["award.high.share"].interval.value == pytest.approx(high / (high + low))
    scoops = sum(1 for line in shown if len({*line["facts"]["pots"][0]["awards"]["high"],
                                             *line["facts"]["pots"][0]["awards"]["low"]}) == 1)
    assert metrics["scoop"].interval.value == pytest.approx(scoops / len(shown))
    pots = [line["facts"]["pot"] for line in lines]
    assert metrics["pot.chips"].interval.value == pytest.approx(sum(pots) / len(pots))
    assert metrics["pot.over.3"].interval.value == pytest.approx(sum(p > 12 for p in pots) / len(pots))
    folds = sum(len(seats) for line in lines for key, seats in line["facts"]["folds"].items() if key == "1 bet")
    assert metrics["fold.1"].interval.value == pytest.approx(folds / len(lines))


def test_the_pot_percentile_reads_the_grid() -> None:
    pots = sorted(random.Random(3).randrange(1, 80) for _ in range(400))
    lines = [{"index": i, "pair": None, "seats": ["random", "random"], "returns": [0.0, 0.0], "places": [1, 1],
              "facts": _facts(pot=pot)} for i, pot in enumerate(pots)]
    metrics = measure(lines, room=LAB_ROOMS["henway"], options={"players": 2})
    point, low, high = percentile(metrics)
    exact = pots[int(0.9 * len(pots)) - 1]  # the 360th smallest pot: 90% are at most it
    assert point == -(-exact // 4) and low is not None and high is not None and low <= point <= high


def _facts(pot: int = 10, showdown: bool = True, high: Sequence[int] = (0,), low: Sequence[int] = (0,),
           award_chips: dict[str, int] | None = None) -> dict[str, Any]:
    """Facts of a hand-made finished heads-up Henway deal."""
    return {"players": 2, "anchor": 0, "big_bet": 4, "pot": pot, "showdown": showdown, "folds": {},
            "bet_steps": [3, 5, 7, 9], "total_chips": 400, "collected": [pot, 0],
            "award_chips": award_chips or {"high": pot // 2, "low": pot - pot // 2},
            "award_apart": {"high": 0, "low": 0},
            "main_awards": {"high": list(high), "low": list(low)} if showdown else {}}


@pytest.mark.parametrize(("high", "low", "showdown", "both", "every"), [
    ((0,), (0,), True, 1.0, 1.0),      # one player takes both halves
    ((0,), (1,), True, 0.0, 0.0),      # each takes one
    ((0, 1), (0,), True, 0.0, 1.0),    # high split, low to seat 0: a share of both, not alone
    ((1,), (), True, 1.0, 1.0),        # no low qualifies (a5-8): the high hand takes the whole pot
    ((), (), False, 0.0, None),        # taken uncontested: no halves were contested
])
def test_henway_both_halves_on_hand_made_deals(high: tuple[int, ...], low: tuple[int, ...], showdown: bool,
                                               both: float, every: float | None) -> None:
    line = {"seats": ["a", "b"], "returns": [5.0, -5.0], "facts": _facts(showdown=showdown, high=high, low=low)}
    items = {key: value for key, value, _ in LAB_ROOMS["henway"].observe(line)}
    assert items["henway.both-halves"] == both
    assert items.get("every-award") == every
    assert items["showdown"] == float(showdown)


def test_cowpie_two_card_share_against_the_halved_pots() -> None:
    analysis, lines = _run("cowpie", ("random",), 60, players=2)
    metrics = _metrics(analysis)
    two = total = 0
    for line in lines:
        total += line["facts"]["pot"]
        if line["facts"]["showdown"]:  # C5: each hand takes half of every layer, the five the odd chip
            two += sum(pot["amount"] // 2 for pot in line["facts"]["pots"])
    assert two > 0
    assert metrics["cowpie.two-share"].interval.value == pytest.approx(two / total)
    # the two-card half that went to a player who did not win the five (a seat alone in the two)
    apart = shown = 0
    for line in lines:
        for pot in line["facts"]["pots"] if line["facts"]["showdown"] else ():
            shown += pot["amount"]
            five, pair = pot["awards"]["five"], pot["awards"]["two"]
            assert len(pair) == 1, "no tied two-card hands in this run (the count below assumes it)"
            if pair[0] not in five:
                apart += pot["amount"] // 2
    assert metrics["award.two.apart"].interval.value == pytest.approx(apart / shown)


def test_split_awards_agrees_with_the_engines_division() -> None:
    rng = random.Random(11)
    for _ in range(300):
        seats = rng.randrange(2, 6)
        eligible = tuple(sorted(rng.sample(range(seats), rng.randrange(1, seats + 1))))
        winners = [tuple(rng.sample(eligible, rng.randrange(0, len(eligible) + 1))) for _ in range(2)]
        if not any(winners):
            continue
        amount = rng.randrange(0, 200)
        by_seat = [sum(column) for column in zip(*split_awards(amount, winners, [1, 1], seats), strict=True)]
        assert tuple(by_seat) == divide(Pot(amount, eligible), [AwardWinners(w) for w in winners], seats)


def test_simulate_henway_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["simulate", "henway", "--players", "3", "--games", "12", "--workers", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "12 games (4 deals)" in printed and "Big bets per 100 hands by seat" in printed
    assert "Henway: one player won both halves" in printed
    lines = [json.loads(text) for text in (out / "games.jsonl").read_text().splitlines()]
    summary = json.loads((out / "summary.json").read_text())
    metrics = {m["key"]: m for m in summary["arms"][0]["metrics"]}
    button = [line["returns"][line["facts"]["button"]] for line in lines]
    assert metrics["position.0.bb100"]["estimate"] == pytest.approx(100 * sum(button) / len(button) / 4)
    report = (out / "report.md").read_text()
    for section in ("## Chips by bot", "## Chips by seat", "## Awards", "## The hand", "## Designer question"):
        assert section in report

"""Same plan, same records: whatever the executor, and the duplicate format's pairs share deals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from divided import games
from divided.games.base import GameRecord
from divided.sim import Arm, ProcessExecutor, SerialExecutor, analyse, make_plan, run
from divided.sim.games import lab_room
from divided.sim.metrics import measure
from divided.sim.plan import Plan
from divided.sim.report import summary
from divided.sim.seeds import bot_seed, deal_seed


def records(folder: Path) -> list[dict[str, Any]]:
    """Every game line of a run folder, in game order."""
    lines = [json.loads(text) for text in (folder / "games.jsonl").read_text().splitlines()]
    return sorted(lines, key=lambda line: (line["arm"], line["index"]))


def small_plan(games_count: int = 24, **options: object) -> Plan:
    return make_plan("simulate", "divided-ranks", [Arm("run", options, ("random", "random:auto_arrange=no"))],
                     games_count, seed=11)


def test_serial_and_two_worker_processes_give_identical_records(tmp_path: Path) -> None:
    plan = small_plan()
    by_serial = run(plan, SerialExecutor(), out=tmp_path / "serial")
    with ProcessExecutor(2) as executor:
        by_pool = run(plan, executor, out=tmp_path / "pool")
    serial, pool = records(tmp_path / "serial"), records(tmp_path / "pool")
    assert len(serial) == 24
    assert serial == pool
    assert len({repr(line["record"]["actions"]) for line in serial}) == 24  # 24 different games
    # The analysis, tallied as chunks arrived (in whatever order), is the same too, and equals
    # the metrics computed from the saved records in one go.
    assert summary(analyse(by_serial), []) == summary(analyse(by_pool), [])
    batch = {m.key: m.interval for m in measure(serial, range(12), ["random", "random:auto_arrange=no"],
                                                room=lab_room("divided-ranks"), options=plan.arms[0].options)}
    streamed = {m.key: m.interval for m in analyse(by_pool).arms[0].metrics}
    assert streamed == batch


def test_a_record_replays_to_the_facts_it_was_stored_with() -> None:
    result = run(small_plan(6), SerialExecutor(), keep_lines=True)
    plan = result.plan
    game = games.load(plan.game, **dict(plan.arms[0].options))
    from divided.sim.play import play_game

    for index in range(6):
        _, state = play_game(game, plan.setup(plan.arms[0], index))
        replayed = games.replay(GameRecord.from_dict(state.record().to_dict()))
        assert replayed.is_terminal() and replayed.returns() == state.returns()
        facts = result.lines["run"][index]["facts"]
        assert facts["winner"] == replayed.core.outcome.winner
        assert facts["holdings"] == list(replayed.core.hands)


def test_duplicate_pairs_swap_the_seats_and_share_the_deal() -> None:
    plan = small_plan(8, reserve_order="coin")
    lines = run(plan, SerialExecutor(), keep_lines=True).lines["run"]
    for first, second in zip(lines[0::2], lines[1::2], strict=True):
        assert first["pair"] == second["pair"] == first["index"] // 2
        assert first["seed"] == second["seed"] == deal_seed(11, first["pair"])
        assert second["seats"] == list(reversed(first["seats"]))
        a, b = first["facts"], second["facts"]
        assert a["deal"] == b["deal"] and sorted(a["deal"]) == list(range(21))
        assert (a["first_splitter"], a["reserve_first"]) == (b["first_splitter"], b["reserve_first"])
    assert len({tuple(line["facts"]["deal"]) for line in lines}) == 4  # a new deal per pair


def test_chance_is_the_same_under_every_rule_setting() -> None:
    """Options that add a coin flip do not move the deal: comparisons are paired deal by deal."""
    deals = []
    for options in ({}, {"reserve_order": "coin"}, {"first_splitter": 0}, {"swap": "face-up"}):
        lines = run(small_plan(4, **options), SerialExecutor(), keep_lines=True).lines["run"]
        deals.append([line["facts"]["deal"] for line in lines])
    assert all(d == deals[0] for d in deals)


def test_without_duplicate_every_game_has_its_own_deal_and_fixed_seats() -> None:
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random", "random:auto_arrange=no"))], 5,
                     seed=2, duplicate=False)
    lines = run(plan, SerialExecutor(), keep_lines=True).lines["run"]
    assert [line["pair"] for line in lines] == [None] * 5
    assert all(line["seats"] == ["random", "random:auto_arrange=no"] for line in lines)
    assert len({line["seed"] for line in lines}) == 5


def test_bot_seeds_depend_on_game_seat_and_name_only() -> None:
    assert bot_seed(5, 0, 0, "random") == bot_seed(5, 0, 0, "random")
    seeds = {bot_seed(5, 0, 0, "random"), bot_seed(5, 0, 1, "random"), bot_seed(6, 0, 0, "random"),
             bot_seed(5, 1, 0, "random"), bot_seed(5, 0, 0, "expert")}
    assert len(seeds) == 5


def test_self_play_pairs_are_not_copies_of_each_other() -> None:
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("random",))], 20, seed=4)
    lines = run(plan, SerialExecutor(), keep_lines=True).lines["run"]
    choices = [[c["took_face_up"] for c in line["facts"]["choices"]] for line in lines]
    assert any(choices[i] != choices[i + 1] for i in range(0, 20, 2))


@pytest.mark.parametrize("count", [0, -2, 7])
def test_impossible_game_counts_are_refused(count: int) -> None:
    from divided.sim import LabError

    with pytest.raises(LabError):
        small_plan(count)


def test_each_bot_gets_its_own_generator_seeded_from_game_seat_and_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from divided.bots import base
    from divided.bots.random_bot import RandomBot

    first_draws: list[tuple[int, float]] = []  # (seat, first number) of each bot object

    class Recorder(RandomBot):
        drew = False

        def choose(self, view: Any, legal: Any, rng: random.Random) -> int:
            if not self.drew:
                self.drew = True
                first_draws.append((view.player, rng.random()))
            return super().choose(view, legal, rng)

    base.names("divided-ranks")  # loads the registry before the test adds to it
    monkeypatch.setitem(base._SPECS, "recorder",
                        [base.BotSpec("recorder", lambda: Recorder("divided-ranks", name="recorder"), frozenset({"divided-ranks"}))])
    plan = make_plan("simulate", "divided-ranks", [Arm("run", {}, ("recorder",))], 2, seed=3)
    run(plan, SerialExecutor())
    setup = plan.setup(plan.arms[0], 0)
    expected = {seat: random.Random(bot_seed(setup.seed, 0, seat, "recorder")).random() for seat in (0, 1)}
    assert len(first_draws) == 4  # a fresh bot per seat per game
    assert dict(first_draws[:2]) == expected

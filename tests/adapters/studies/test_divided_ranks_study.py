"""Solving a Divided Ranks study with OpenSpiel's CFR, and bots measured exactly against the solution."""

from __future__ import annotations

import json
from collections import defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from divided.adapters.studies import cfr as study  # noqa: E402
from divided.adapters.studies.divided_ranks import study_game_string  # noqa: E402
from divided.bots import make_bot  # noqa: E402
from divided.cli.main import main  # noqa: E402

GAME = study_game_string(rounds=1, opening_seed=0, first_splitter=0)


@pytest.fixture(scope="module")
def solution() -> study.Solution:
    return study.solve(GAME, 8, [1, 2, 4, 8])


@pytest.mark.slow
def test_nash_conv_falls_with_cfr_iterations(solution: study.Solution) -> None:
    values = [v for _, v in solution.curve]
    assert [i for i, _ in solution.curve] == [1, 2, 4, 8]
    # CFR's average after one iteration is the uniform policy (its initial regrets are zero).
    assert values[0] == pytest.approx(study.uniform_nash_conv(GAME))
    assert all(later < earlier for earlier, later in pairwise(values))
    assert 0 < values[-1] < 0.6 * values[0]
    assert solution.info_states > 100


@pytest.mark.slow
def test_bot_measures_are_exact_game_values(solution: study.Solution) -> None:
    measure = study.measure_bot(GAME, "skilled", solution)
    assert 0 <= measure.nash_conv <= 2
    assert all(-1 <= value <= 1 for value in (*measure.against_cfr, measure.cfr_value))
    assert measure.decisions > 0
    # The margin of the CFR strategy against itself would be 0: a bot's margin is its own.
    assert measure.margin == pytest.approx(
        ((measure.against_cfr[0] - measure.cfr_value) + (measure.against_cfr[1] + measure.cfr_value)) / 2)


def _decision_states(game: Any) -> list[Any]:
    found = []

    def walk(state: Any) -> None:
        if state.is_terminal():
            return
        if not state.is_chance_node():
            found.append(state)
        for action in (state.legal_actions() if not state.is_chance_node() else [a for a, _ in state.chance_outcomes()]):
            walk(state.child(action))

    walk(game.new_initial_state())
    return found


def test_bot_policy_is_one_action_per_information_state() -> None:
    game = pyspiel.load_game(GAME)
    bot_policy = study.BotPolicy(game, make_bot("divided-ranks", "expert-classic:budget=8"))
    chosen: dict[str, set[int]] = defaultdict(set)
    states = _decision_states(game)
    for state in states[::7]:
        probabilities = bot_policy.action_probabilities(state)
        assert list(probabilities.values()) == [1.0]
        (action,) = probabilities
        assert action in state.legal_actions()
        chosen[state.information_state_string()].add(action)
    assert all(len(actions) == 1 for actions in chosen.values())
    assert len(bot_policy.decisions) == len(chosen)


def test_cli_refuses_the_full_game_and_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--rounds", "5"]) == 2
    assert "far too large" in capsys.readouterr().err
    assert main(["solve", "--bots", "grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
    assert main(["solve", "--option", "rounds=2"]) == 2
    assert main(["solve", "--iterations", "zero"]) == 2
    assert main(["solve", "--algorithm", "mccfr"]) == 2
    assert "cfr, cfr+" in capsys.readouterr().err


@pytest.mark.slow
def test_cli_writes_a_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    assert main(["solve", "--iterations", "2", "--bots", "random", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "NashConv" in printed and "random" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert summary["game"] == GAME
    assert [p["iteration"] for p in summary["nash_conv"]] == [1, 2]
    assert summary["bots"][0]["bot"] == "random"
    assert (out / "nashconv.png").read_bytes()[:4] == b"\x89PNG"
    assert "| random |" in (out / "report.md").read_text()

"""The endgame algorithm of ``divided solve`` (the Divided Ranks endgame solver as an OpenSpiel
policy, checked by OpenSpiel's own exploitability) and mixed bots measured exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score  # noqa: E402

from divided.adapters.studies import cfr as study  # noqa: E402
from divided.adapters.studies.divided_ranks import study_game_string  # noqa: E402
from divided.adapters.studies.endgame.divided_ranks import EndgamePolicy, first_decisions, study_start  # noqa: E402
from divided.bots.divided_ranks.endgame.roots import round5_start  # noqa: E402
from divided.cli.main import main  # noqa: E402
from divided.errors import RuleOptionError  # noqa: E402
from divided.games.divided_ranks.state import Phase  # noqa: E402

BLIND = study_game_string(rounds=1, opening_seed=0, first_splitter=0)
FACE_UP = study_game_string(rounds=1, opening_seed=0, first_splitter=0, swap="face-up")
OPENSPIEL_CFR_VALUE = 0.1976
"""reports/study-r1-s0-cfr: OpenSpiel's CFR on the blind study, NashConv 0.0061 after 1024 iterations."""


class ToyMix:
    """A toy bot that mixes: a quarter on the first legal action, the rest spread evenly."""

    name = "toy-mix"

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
        raise AssertionError("a policy is read from action_probabilities, never from choose")

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        if len(legal) == 1:
            return {legal[0]: 1.0}
        rest = 0.75 / (len(legal) - 1)
        return {action: 0.25 if i == 0 else rest for i, action in enumerate(legal)}


class Uniform(ToyMix):
    name = "toy-uniform"

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        return {action: 1 / len(legal) for action in legal}


class Broken(ToyMix):
    name = "toy-broken"

    def action_probabilities(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        return {legal[0]: 0.5}


def _some_decisions(game: Any, count: int) -> list[Any]:
    """Decision states along seeded random paths (both players, every round-5 phase)."""
    rng = random.Random(5)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                found.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_string", [BLIND, FACE_UP], ids=["blind", "face-up"])
def test_the_endgame_strategy_is_an_equilibrium_by_openspiels_measure(game_string: str) -> None:
    solution = study.solve(game_string, 1, [1], "endgame")
    ((iterations, nash_conv),) = solution.curve
    assert iterations > 0 and solution.solver_nash_conv is not None
    assert 0 <= solution.solver_nash_conv <= 0.001
    assert 0 <= nash_conv <= 0.002  # OpenSpiel's exploitability of the joint strategy
    assert nash_conv == pytest.approx(solution.solver_nash_conv, abs=1e-9)
    value = study.equilibrium_value(game_string, solution)
    if game_string == BLIND:
        # OpenSpiel's tabular CFR on the same study: as many information states, the same value
        # within the two NashConv bounds.
        assert solution.info_states == 175
        assert value == pytest.approx(OPENSPIEL_CFR_VALUE, abs=0.0061 + 0.001)
    else:
        assert solution.info_states == 715  # the second reserve player sees the cards swapped
    # Against an equilibrium no strategy gains more than its NashConv in either seat.
    skilled = study.measure_bot(game_string, "skilled", solution)
    assert skilled.against_cfr[0] <= value + nash_conv and skilled.against_cfr[1] <= -value + nash_conv


def test_endgame_policy_is_a_distribution_over_the_legal_actions() -> None:
    game = pyspiel.load_game(BLIND)
    policy = EndgamePolicy(game)
    states = _some_decisions(game, 12)
    assert {state.view(state.current_player()).phase for state in states} == {Phase.SPLIT, Phase.CHOOSE,
                                                                              Phase.RESERVE}
    for state in states:
        probabilities = policy.action_probabilities(state)
        assert sorted(probabilities) == sorted(state.legal_actions())
        assert sum(probabilities.values()) == pytest.approx(1.0)
        assert min(probabilities.values()) >= 0
    # Both players' starts, both solved (the same public subgame: five root deals).
    assert {start.player for start in policy.endgames} == {0, 1}
    assert all(len(endgame.tree.chance) == 5 for endgame in policy.endgames.values())


def test_a_reserve_view_reads_the_same_start_as_the_split() -> None:
    game = pyspiel.load_game(FACE_UP)
    states = _some_decisions(game, 8)
    for state in states:
        view = state.view(state.current_player())
        if view.phase == Phase.RESERVE:
            assert view.round > 4
            split = first_decisions(game)[0].view(view.player)
            assert study_start(view) == round5_start(split) == study_start(split)


def test_bot_policy_gives_a_mixed_bots_mix() -> None:
    game = pyspiel.load_game(BLIND)
    bot_policy = study.BotPolicy(game, ToyMix())
    states = _some_decisions(game, 10)
    for state in states:
        legal = state.legal_actions()
        want = {a: 0.25 if i == 0 else 0.75 / (len(legal) - 1) for i, a in enumerate(legal)}
        assert bot_policy.action_probabilities(state) == pytest.approx(want)
    assert 0 < len(bot_policy.decisions) <= len(states)


def test_bot_policy_measures_a_uniform_bot_as_openspiels_uniform_policy() -> None:
    game = pyspiel.load_game(BLIND)
    root = game.new_initial_state()
    ours = study.BotPolicy(game, Uniform())
    theirs = os_policy.UniformRandomPolicy(game)
    first = expected_game_score.policy_value(root, [ours, ours])
    assert first == pytest.approx(expected_game_score.policy_value(root, [theirs, theirs]), abs=1e-12)


def test_bot_policy_refuses_a_bot_that_is_not_a_distribution() -> None:
    game = pyspiel.load_game(BLIND)
    state = _some_decisions(game, 1)[0]
    bot_policy = study.BotPolicy(game, Broken())
    with pytest.raises(ValueError, match="toy-broken"):
        bot_policy.action_probabilities(state)
    assert bot_policy.decisions == {}


def test_the_endgame_algorithm_refuses_longer_studies_and_chosen_builds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuleOptionError, match=r"rounds=1 studies .* rounds=2"):
        study.solve(study_game_string(rounds=2, opening_seed=0, first_splitter=0), 1, [1], "endgame")
    with pytest.raises(RuleOptionError, match="build=auto"):
        study.solve(study_game_string(rounds=1, opening_seed=0, first_splitter=0, build="choose"), 1, [1], "endgame")
    assert main(["solve", "--rounds", "2", "--algorithm", "endgame"]) == 2
    assert "rounds=1 studies" in capsys.readouterr().err

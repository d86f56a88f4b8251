"""The adapters are generic: a 3-player game registered at run time (``tiny_game``: its rules and
room, no adapter parts) runs through OpenSpiel's and PettingZoo's own conformance checks."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402
from tiny_game import GAME, PLAY, PLAYERS, TinyRoom, TinyRules  # noqa: E402

from divided import games  # noqa: E402
from divided.adapters import openspiel, pettingzoo  # noqa: E402
from divided.errors import IllegalActionError, RuleOptionError, UnsupportedGameError  # noqa: E402

NAME = "python_high_card_test_v1"


@pytest.fixture(scope="module", autouse=True)
def _tiny_game() -> Iterator[None]:
    games.register(GAME, TinyRules, TinyRoom())
    try:
        assert openspiel.register(GAME) == NAME  # (OpenSpiel keeps it for the process; idempotent)
        yield
    finally:
        games.unregister(GAME)


def test_openspiel_type_and_info_come_from_the_rules() -> None:
    game = pyspiel.load_game(NAME)
    kind = game.get_type()
    assert (kind.short_name, kind.long_name) == (NAME, "Python High Card Test")
    assert (kind.min_num_players, kind.max_num_players, game.num_players()) == (3, 3, 3)
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_parameters() == {"cards": 6}
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()) == (2, 6, 6)
    assert game.observation_tensor_size() == 3 + 5 + 6 + 6 + 18
    assert pyspiel.load_game(f"{NAME}(cards=4)").get_parameters() == {"cards": 4}
    with pytest.raises(ValueError, match="cards=7 is not allowed"):
        pyspiel.load_game(f"{NAME}(cards=7)")


@pytest.mark.parametrize("setting", [NAME, f"{NAME}(cards=4)"])
def test_openspiel_random_sim_test(setting: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(setting), num_sims=20, serialize=True, verbose=False)


def test_openspiel_tensor_and_string_are_the_view() -> None:
    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    for card in (4, 0, 5):  # seat 0 gets 4, seat 1 gets 0, seat 2 gets 5
        state.apply_action(card)
    state.apply_action(PLAY)  # seat 0 plays
    # Hand-made: seat 1's tensor shows its seat, that seat 1 is to move, its card 0 and seat 0's play.
    expected = np.zeros(38, np.float32)
    expected[1] = 1  # seat 1
    expected[3 + 1] = 1  # to move: seat 1
    expected[8 + 0] = 1  # my card: 0
    expected[14 + 2 * 0 + 1] = 1  # seat 0 played
    assert np.array_equal(np.array(state.observation_tensor(1), np.float32), expected)
    text = state.observation_string(1)  # the view's repr: its own card, no one else's
    assert "my_card=0" in text and "shown=(None, None, None)" in text and text.startswith("TinyView(player=1,")
    state.apply_action(0)
    state.apply_action(PLAY)
    assert state.is_terminal() and state.returns() == [-2.0, -1.0, 3.0]  # seat 2's 5 beats seat 0's 4


def test_openspiel_resampling_and_ismcts_without_adapter_parts() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(NAME)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    for card in (2, 3, 1):
        state.apply_action(card)
    state.apply_action(PLAY)
    seen = set()
    for _ in range(40):
        sample = state.resample_from_infostate(1, sampler)
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.information_state_tensor(1) == state.information_state_tensor(1)
        assert sample.current_player() == 1
        seen.add(tuple(sample.core.dealt))
    assert {dealt[1] for dealt in seen} == {3} and len(seen) > 1  # my card kept, the others vary
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


def test_openspiel_refuses_a_game_without_a_layout() -> None:
    games.register("no-layout-test", TinyRules)
    try:
        with pytest.raises(UnsupportedGameError, match="no observation layout"):
            openspiel.register("no-layout-test")
    finally:
        games.unregister("no-layout-test")


def test_pettingzoo_api_test_and_seed_test() -> None:
    api_test(pettingzoo.env(GAME), num_cycles=300)
    api_test(pettingzoo.env(GAME, cards=4), num_cycles=300)
    seed_test(functools.partial(pettingzoo.env, GAME), num_cycles=300)


def test_pettingzoo_three_agents_masks_and_zero_sum_rewards() -> None:
    environment = pettingzoo.env(GAME)
    assert environment.metadata["name"] == "high_card_test_v1"
    rng = random.Random(2)
    for seed in range(30):
        environment.reset(seed=seed)
        assert environment.possible_agents == ["player_0", "player_1", "player_2"]
        raw = environment.unwrapped
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            observation, reward, terminated, _, _ = environment.last()
            totals[agent] += reward
            if terminated:
                environment.step(None)
                continue
            seat = int(agent.removeprefix("player_"))
            vector = observation["observation"]
            assert vector[seat] == 1 and vector[:PLAYERS].sum() == 1
            assert vector[8 + raw.engine_state.core.dealt[seat]] == 1 and vector[8:14].sum() == 1
            assert observation["action_mask"].tolist() == [1, 1]
            history = raw.engine_state.history()
            with pytest.raises(IllegalActionError):
                raw.step(1.5)  # not an action: refused, nothing changes
            assert raw.engine_state.history() == history and environment.agent_selection == agent
            environment.step(rng.choice([0, 1]))
        assert sum(totals.values()) == 0
        assert [totals[a] for a in environment.possible_agents] == raw.engine_state.returns()


def test_pettingzoo_bad_options_are_refused() -> None:
    with pytest.raises(RuleOptionError, match="cards"):
        pettingzoo.env(GAME, cards=9)
    with pytest.raises(UnsupportedGameError):
        pettingzoo.env("no-such-game")


def test_openspiel_ismcts_plays_the_tiny_game_once_its_parts_give_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.adapters import openspiel_bots
    from divided.adapters.rooms import PARTS, AdapterParts
    from divided.bots import base, make_bot

    assert GAME not in openspiel_bots.supported_games()  # no part says a view's rule options
    monkeypatch.setattr(base, "_SPECS", {name: list(specs) for name, specs in base._SPECS.items()})
    PARTS.register(GAME, AdapterParts(options_of=lambda view: {"cards": view.cards}))
    try:
        assert GAME in openspiel_bots.supported_games()
        openspiel_bots.register_bot(GAME)
        bot = make_bot(GAME, "openspiel-ismcts:simulations=5")
        game = games.load(GAME, cards=5)
        for seed in range(5):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                player = state.current_player()
                legal = state.legal_actions()
                view = state.observation(player)
                action = bot.choose(view, legal, rng)
                assert action in legal
                assert bot.choose(view, legal, random.Random(seed)) == bot.choose(view, legal, random.Random(seed))
                state.apply_action(action)
            assert sum(state.returns()) == 0
    finally:
        PARTS.unregister(GAME)

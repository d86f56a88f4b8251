"""The adapters are generic: Three Cards, the three-player game registered by the tests alone
(``tests/three_cards.py``: its rules and room, no adapter parts; a card drawn mid-game, a text
rule option), runs through OpenSpiel's and PettingZoo's own conformance checks."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from divided import games  # noqa: E402
from divided.adapters import openspiel, pettingzoo  # noqa: E402
from divided.errors import IllegalActionError, RuleOptionError, UnsupportedGameError  # noqa: E402
from three_cards import EXCHANGE, KEEP, NAME, PLAYERS, CardsRoom, CardsRules  # noqa: E402

OPENSPIEL = "python_three_cards_v1"


@pytest.fixture(scope="module", autouse=True)
def _three_cards() -> Iterator[None]:
    games.register(NAME, CardsRules, CardsRoom())
    try:
        assert openspiel.register(NAME) == OPENSPIEL  # (OpenSpiel keeps it for the process; idempotent)
        yield
    finally:
        games.unregister(NAME)


def test_openspiel_type_and_info_come_from_the_rules() -> None:
    game = pyspiel.load_game(OPENSPIEL)
    kind = game.get_type()
    assert (kind.short_name, kind.long_name) == (OPENSPIEL, "Python Three Cards")
    assert (kind.min_num_players, kind.max_num_players, game.num_players()) == (3, 3, 3)
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM  # the winners share 1
    assert game.get_parameters() == {"ranks": "distinct"}
    # two decisions; chance outcomes are the cards 1-6 (so 7 ids); three deals, three decisions, three draws
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()) == (2, 7, 9)
    assert game.observation_tensor_size() == 3 + 5 + 6 + 18 + 3 + 18
    assert pyspiel.load_game(f"{OPENSPIEL}(ranks=paired)").get_parameters() == {"ranks": "paired"}
    with pytest.raises(ValueError, match="shuffled"):
        pyspiel.load_game(f"{OPENSPIEL}(ranks=shuffled)")


@pytest.mark.parametrize("setting", [OPENSPIEL, f"{OPENSPIEL}(ranks=paired)"])
def test_openspiel_random_sim_test(setting: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(setting), num_sims=20, serialize=True, verbose=False)


def test_openspiel_tensor_and_string_are_the_view() -> None:
    game = pyspiel.load_game(OPENSPIEL)
    state = game.new_initial_state()
    for card in (2, 5, 3):  # seat 0 gets 2, seat 1 gets 5, seat 2 gets 3
        state.apply_action(card)
    state.apply_action(EXCHANGE)  # seat 0 shows its 2 ...
    assert state.is_chance_node() and sorted(a for a, _ in state.chance_outcomes()) == [1, 4, 6]
    state.apply_action(6)  # ... and draws the 6
    # Hand-made: seat 1's tensor shows its seat, that seat 1 is to move, its card 5, seat 0's shown 2
    # and that seat 0 has decided; nothing of the 6 seat 0 drew.
    expected = np.zeros(53, np.float32)
    expected[1] = 1  # seat 1
    expected[3 + 1] = 1  # to move: seat 1
    expected[8 + 5 - 1] = 1  # my card: 5
    expected[14 + 0 * 6 + 2 - 1] = 1  # seat 0 shows a 2
    expected[32 + 0] = 1  # seat 0 decided
    assert np.array_equal(np.array(state.observation_tensor(1), np.float32), expected)
    text = state.observation_string(1)  # the view's repr: its own card, no one else's
    assert text.startswith("CardsView(player=1,") and "card=5," in text and "shown=(2, 0, 0)" in text
    assert "revealed=None" in text and "6" not in text
    state.apply_action(KEEP)
    state.apply_action(EXCHANGE)  # seat 2 shows its 3 and draws the last card left of 1 and 4 ...
    state.apply_action(4)
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]  # seat 0's 6 beats 5 and 4


def test_openspiel_resampling_and_ismcts_without_adapter_parts() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(OPENSPIEL)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same worlds every run
    state = game.new_initial_state()
    for action in (2, 5, 3, EXCHANGE, 6):  # seat 0 shows a 2 and draws a 6
        state.apply_action(action)
    seen = set()
    for _ in range(40):
        sample = state.resample_from_infostate(1, sampler)
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.information_state_tensor(1) == state.information_state_tensor(1)
        assert sample.current_player() == 1
        seen.add(sample.core.cards)
    # my card kept; the others are the unseen cards (not my 5, not the shown 2), and they vary
    assert {cards[1] for cards in seen} == {5} and len(seen) > 1
    assert {card for cards in seen for seat, card in enumerate(cards) if seat != 1} <= {1, 3, 4, 6}
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


def test_openspiel_refuses_a_game_without_a_layout() -> None:
    games.register("no-layout-test", CardsRules)
    try:
        with pytest.raises(UnsupportedGameError, match="no observation layout"):
            openspiel.register("no-layout-test")
    finally:
        games.unregister("no-layout-test")


def test_pettingzoo_api_test_and_seed_test() -> None:
    api_test(pettingzoo.env(NAME), num_cycles=300)
    api_test(pettingzoo.env(NAME, ranks="paired"), num_cycles=300)
    seed_test(functools.partial(pettingzoo.env, NAME), num_cycles=300)


@pytest.mark.parametrize("ranks", ["distinct", "paired"])
def test_pettingzoo_three_agents_masks_and_constant_sum_rewards(ranks: str) -> None:
    environment = pettingzoo.env(NAME, ranks=ranks)
    assert environment.metadata["name"] == "three_cards_v1"
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
            assert vector[seat] == 1 and vector[:PLAYERS].sum() == 1 and vector[3 + seat] == 1
            # my card (the true one, read from the hidden state), and no other seat's
            assert vector[8 + raw.engine_state.core.cards[seat] - 1] == 1 and vector[8:14].sum() == 1
            assert vector[35:].sum() == 0  # nothing revealed before the end
            assert observation["action_mask"].tolist() == [1, 1]
            history = raw.engine_state.history()
            with pytest.raises(IllegalActionError):
                raw.step(1.5)  # not an action: refused, nothing changes
            assert raw.engine_state.history() == history and environment.agent_selection == agent
            environment.step(rng.choice([KEEP, EXCHANGE]))
        assert sum(totals.values()) == pytest.approx(1.0)  # the winners share 1
        assert [totals[a] for a in environment.possible_agents] == raw.engine_state.returns()


def test_pettingzoo_bad_options_are_refused() -> None:
    with pytest.raises(RuleOptionError, match="ranks"):
        pettingzoo.env(NAME, ranks="shuffled")
    with pytest.raises(UnsupportedGameError):
        pettingzoo.env("no-such-game")


def test_openspiel_ismcts_plays_three_cards_once_its_parts_give_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from divided.adapters import openspiel_bots
    from divided.adapters.rooms import PARTS, AdapterParts
    from divided.bots import base, make_bot, names

    assert NAME not in openspiel_bots.supported_games()  # no part says a view's rule options
    # The bots registered here go when the test ends: load the generic ones first (else they would
    # be loaded into the copy only and never again), and undo any game's first look-up with it.
    names(NAME)
    monkeypatch.setattr(base, "_SPECS", {name: list(specs) for name, specs in base._SPECS.items()})
    monkeypatch.setattr(base, "_games_loaded", set(base._games_loaded))
    PARTS.register(NAME, AdapterParts(options_of=lambda view: {"ranks": "paired" if view.paired else "distinct"}))
    try:
        assert NAME in openspiel_bots.supported_games()
        openspiel_bots.register_bot(NAME)
        bot = make_bot(NAME, "openspiel-ismcts:simulations=5")
        game = games.load(NAME, ranks="paired")
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
            assert sum(state.returns()) == pytest.approx(1.0)  # the winners share 1
    finally:
        PARTS.unregister(NAME)

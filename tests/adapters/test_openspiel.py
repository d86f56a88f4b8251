"""The OpenSpiel adapter: OpenSpiel's own consistency checks, resampling, errors, ISMCTS."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from divided.adapters import openspiel as adapter  # noqa: E402

COIN = -1
"""OpenSpiel's value of ``first_splitter`` for the coin flip (the option's first text choice)."""

SETTINGS = [
    "python_divided_ranks_v1",
    "python_divided_ranks_v1(swap=face-up,reserve_order=coin,first_splitter=1)",
    "python_divided_ranks_v1(scoring=weaker-first,reserve_order=splitter-first,first_splitter=0)",
    "python_divided_ranks_v1(rounds=4,opening_seed=5,build=auto)",
    "python_divided_ranks_v1(rounds=3,swap=face-up)",
    "python_divided_ranks_v1(rounds=2,reserve_order=coin,scoring=weaker-first)",
    "python_divided_ranks_v1(rounds=1,build=auto,first_splitter=0,opening_seed=123456)",
]
"""Every value of every parameter appears in at least one setting."""


def test_settings_cover_every_value() -> None:
    from divided.games.divided_ranks.options import OPTIONS

    used = {(name, str(value)) for setting in SETTINGS
            for name, value in pyspiel.load_game(setting).get_parameters().items()}
    for option in OPTIONS:
        for choice in option.choices:
            value = COIN if choice == "coin" and option.name == "first_splitter" else choice
            assert (option.name, str(value)) in used, (option.name, choice)


@pytest.mark.parametrize("name", SETTINGS)
def test_random_sim(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize(("text", "first"), [("first_splitter=1", 1), ("first_splitter=0", 0)])
def test_fixed_first_splitter_in_text_form(text: str, first: int) -> None:
    game = pyspiel.load_game(f"python_divided_ranks_v1({text})")
    assert game.get_parameters()["first_splitter"] == first
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == first
    assert pyspiel.load_game("python_divided_ranks_v1").get_parameters()["first_splitter"] == COIN


def test_game_info() -> None:
    game = pyspiel.load_game("python_divided_ranks_v1")
    assert game.num_distinct_actions() == 360
    assert game.max_chance_outcomes() == 21
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    # one coin (the reserve order is literal) + 21 deals + 10 splits and choices + 2 reserve + 2 builds
    assert game.max_game_length() == 36
    assert game.max_game_length() <= adapter.OpenSpielGame("divided-ranks").engine.rules.info.max_game_length
    study = pyspiel.load_game("python_divided_ranks_v1(rounds=1,build=auto,first_splitter=0)")
    assert study.max_game_length() == 21 + 2 + 2  # deal, one split and choice, the reserve
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _random_states(game: Any, rng: random.Random, games: int) -> list[Any]:
    """Player-decision states met in random playouts."""
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                found.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("name", [SETTINGS[0], SETTINGS[1], SETTINGS[-1]])
def test_resampling_keeps_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same worlds every run
    states = _random_states(game, rng, 2)
    for state in states[:: max(1, len(states) // 30)]:
        for player in (0, 1):
            info = state.information_state_string(player)
            tensor = np.array(state.information_state_tensor(player))
            for _ in range(2):
                sample = state.resample_from_infostate(player, sampler)
                assert sample.information_state_string(player) == info
                assert np.array_equal(np.array(sample.information_state_tensor(player)), tensor)
                assert sample.observation_string(player) == state.observation_string(player)
                assert sample.current_player() == state.current_player()
                assert len(sample.history()) == len(state.history())


@pytest.mark.parametrize(
    "text",
    [
        "python_divided_ranks_v1(swap=sideways)",
        "python_divided_ranks_v1(colour=red)",
        "python_divided_ranks_v1(first_splitter=2)",
        "python_divided_ranks_v1(first_splitter=coin)",
        "python_divided_ranks_v1(rounds=6)",
        "python_divided_ranks_v1(rounds=five)",
        "python_divided_ranks_v1(opening_seed=-3)",
        "python_divided_ranks_v1(build=manual)",
    ],
)
def test_bad_parameters_raise(text: str) -> None:
    with pytest.raises((pyspiel.SpielError, ValueError)):
        pyspiel.load_game(text)


def test_bad_parameter_value_names_the_option() -> None:
    with pytest.raises(ValueError, match="swap"):
        pyspiel.load_game("python_divided_ranks_v1(swap=sideways)")
    with pytest.raises(ValueError, match=r"first_splitter=2 is not allowed; choose one of 'coin', 0, 1 \(as a parameter, -1 is coin\)"):
        pyspiel.load_game("python_divided_ranks_v1(first_splitter=2)")
    with pytest.raises(ValueError, match="rounds"):
        pyspiel.load_game("python_divided_ranks_v1(rounds=9)")


def test_illegal_action_raises_and_changes_nothing() -> None:
    game = pyspiel.load_game("python_divided_ranks_v1(first_splitter=0)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state), state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match=r"[Ii]llegal|not legal"):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before
    chance = game.new_initial_state()
    with pytest.raises(Exception, match=r"[Ii]llegal|not legal"):  # no card 25 in the pack
        chance.apply_action(25)


def test_ismcts_plays_a_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game("python_divided_ranks_v1")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=30,
                           random_state=np.random.RandomState(2))
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0.0


def _observers(game: Any) -> tuple[Any, Any]:
    from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    return public, private


@pytest.mark.parametrize("name", [SETTINGS[0], SETTINGS[1], SETTINGS[-1]])
def test_public_observation_is_common_knowledge(name: str) -> None:
    # The public observation must be the same from both seats, and unchanged in every world
    # either player considers possible: so it holds nothing one player knows and the other not.
    game = pyspiel.load_game(name)
    public, private = _observers(game)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same worlds every run
    states = _random_states(game, random.Random(8), 3)
    for state in states[:: max(1, len(states) // 25)]:
        strings = [public.string_from(state, p) for p in (0, 1)]
        assert strings[0] == strings[1]
        tensors = []
        for p in (0, 1):
            public.set_from(state, p)
            tensors.append(public.tensor.copy())
        assert np.array_equal(tensors[0], tensors[1])
        for player in (0, 1):
            sample = state.resample_from_infostate(player, sampler)
            assert public.string_from(sample, 1 - player) == strings[0]
            assert private.string_from(sample, player) == private.string_from(state, player)


def test_private_observation_holds_the_hand_and_no_history() -> None:
    game = pyspiel.load_game("python_divided_ranks_v1(first_splitter=0)")
    public, private = _observers(game)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])  # player 0 splits
    state.apply_action(211)  # player 1 takes the face-down pair
    private.set_from(state, 1)
    hand = private.dict["hand"]
    assert hand.sum() == 2 and private.dict["phase"].sum() == 0 and private.dict["split_face_up"].sum() == 0
    public.set_from(state, 1)
    assert public.dict["hand"].sum() == 0 and public.dict["seat"].sum() == 0
    assert public.dict["choice_face_down"].sum() == 2  # the chooser took it, so both saw it
    assert public.dict["split_drawn"].sum() == 0  # only the splitter saw the four cards
    with pytest.raises(ValueError, match="every player"):
        from open_spiel.python.observation import make_observation

        make_observation(game, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_old_name_is_an_alias_of_the_versioned_one() -> None:
    old, new = pyspiel.load_game("python_divided_ranks(swap=face-up)"), pyspiel.load_game("python_divided_ranks_v1(swap=face-up)")
    assert (old.get_type().short_name, new.get_type().short_name) == ("python_divided_ranks", "python_divided_ranks_v1")
    assert old.get_parameters() == new.get_parameters()
    assert old.max_game_length() == new.max_game_length() and old.get_type().long_name == new.get_type().long_name
    rng = random.Random(4)
    a, b = old.new_initial_state(), new.new_initial_state()
    while not a.is_terminal():
        for player in (0, 1):
            assert a.information_state_string(player) == b.information_state_string(player)
            assert a.information_state_tensor(player) == b.information_state_tensor(player)
        outcomes = [o for o, _ in a.chance_outcomes()] if a.is_chance_node() else a.legal_actions()
        action = rng.choice(outcomes)
        assert a.action_to_string(a.current_player(), action) == b.action_to_string(b.current_player(), action)
        a.apply_action(action)
        b.apply_action(action)
    assert a.returns() == b.returns()


def test_parameters_follow_the_rule_options() -> None:
    # Hand-made: first_splitter mixes text (coin) and numbers, so it is a number parameter, coin = -1.
    parameters = adapter.Parameters.of("divided-ranks")
    assert parameters.defaults == {"first_splitter": -1, "reserve_order": "literal", "scoring": "categories-first",
                                   "swap": "blind", "rounds": 5, "opening_seed": 0, "build": "choose"}
    assert parameters.engine_options({"first_splitter": -1})["first_splitter"] == "coin"
    assert parameters.engine_options({"first_splitter": 1, "rounds": 2})["rounds"] == 2
    assert adapter.short_name("divided-ranks") == "python_divided_ranks_v1"
    with pytest.raises(ValueError, match="unknown parameter colour"):
        parameters.engine_options({"colour": "red"})


@pytest.mark.parametrize("name", ["python_divided_ranks_v1", "python_card_commons_v1", "python_divide_v1"])
def test_tensors_asked_from_python_are_pyspiels_own(name: str) -> None:
    """The state's ``observation_tensor`` and ``information_state_tensor`` give, for every
    player at every decision of a random game, what pyspiel's own (C++) methods give."""
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(7)
    decisions = 0
    while not state.is_terminal() and decisions < 60:
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        for player in range(game.num_players()):
            assert state.observation_tensor(player) == pyspiel.State.observation_tensor(state, player)
            assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(state, player)
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    for player in (-1, game.num_players()):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(player)


def test_an_observation_tensor_encodes_one_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyspiel's own ``observation_tensor`` also built and encoded a new initial state (to learn
    the tensor's size) at every call; the state's own encodes the asked view alone."""
    game = pyspiel.load_game("python_divided_ranks_v1")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    layout = type(game.layout)
    encoded: list[Any] = []
    original, original_state = layout.encode, layout.encode_state

    def counted(self: Any, view: Any) -> int:
        encoded.append(view)
        return original(self, view)

    def counted_state(self: Any, core: Any, player: int | None, current_player: int) -> int:
        # (the layout's fast path from the core state: the view's bits without the view)
        encoded.append(state.view(player) if core is state.core else None)
        return original_state(self, core, player, current_player)

    monkeypatch.setattr(layout, "encode", counted)
    monkeypatch.setattr(layout, "encode_state", counted_state)
    state.observation_tensor(state.current_player())
    assert encoded == [state.view(state.current_player())]

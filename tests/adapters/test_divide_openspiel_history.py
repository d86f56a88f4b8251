"""DIVIDE's adapter parts: the history they give for a core state (chance included) replays to
that state, at nodes of random games at four and six players under several option sets, and for
worlds the room's sampler draws; the options of a view are the game's. No adapter library is
needed for these."""

from __future__ import annotations

import random
from typing import Any

import pytest

from divided import games
from divided.adapters.games.divide import history_of, options_of
from divided.adapters.rooms import part
from divided.games.divide import actions as act
from divided.games.divide.state import PickEvent

GAME = "divide"
SAMPLED = [({"players": 4}, 1), ({"players": 6}, 2)]
MANY = [(options, 3)
        for options in ({"players": 4}, {"players": 6}, {"players": 4, "first_dealer": 2, "trump": "resets",
                                                         "rounds": 2},
                        {"players": 6, "end_score": "off"}, {"players": 4, "end_score": 10})]


def replay(game: Any, actions: list[int]) -> Any:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state.core


@pytest.mark.parametrize("games_played", [pytest.param(SAMPLED, id="sample"),
                                          pytest.param(MANY, id="five-option-sets", marks=pytest.mark.slow)])
def test_history_of_replays_nodes_and_sampled_worlds_of_random_games(games_played: list[tuple[dict[str, Any], int]]
                                                                     ) -> None:
    room = games.room(GAME)
    nodes = worlds = 0
    for options, seed in games_played:
        game = games.load(GAME, **options)
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while True:
            # every node up to the Divide of Trick 1 (the deal, the commits, the passes, picks), then every 13th
            if (state.core.round == 0 and state.core.trick <= 1) or step % 13 == 0 or state.is_terminal():
                assert replay(game, history_of(state.core)) == state.core
                nodes += 1
            if state.is_terminal():
                break
            if not state.is_chance_node() and step % 37 == 0:  # a world the mover cannot tell from this one
                world = room.sampler(state.observation(state.current_player())).sample(rng)
                assert replay(game, history_of(world)) == world
                worlds += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        assert options_of(state.observation(0)) == dict(game.options)
    assert nodes > 60 * len(games_played) and worlds > 3 * len(games_played)


def test_a_forced_third_pick_is_left_to_the_engine_and_a_trump_left_over_is_a_decision() -> None:
    game = games.load(GAME, first_dealer=0)
    rng = random.Random(5)
    state = game.new_initial_state(seed=5)
    forced = chosen = 0
    while not state.is_terminal() and not (forced and chosen):
        legal = state.legal_actions()
        core = state.core
        if act.POINTS in legal or act.LEAD in legal:
            # odd tricks: Points and Lead go first, so Trump is left to the 3rd finisher (a decision);
            # even tricks: Trump goes first, so the 3rd takes what is left (forced)
            prefer = [a for a in legal if act.is_reward(a) and (act.reward_of(a) == act.Reward.TRUMP) ==
                      (core.trick % 2 == 0)]
            legal = prefer or legal
        state.apply_action(rng.choice(legal))
        picks = [e for e in state.core.log if isinstance(e, PickEvent) and e.place == 3]
        forced = sum(act.reward_of(e.action) != act.Reward.TRUMP for e in picks)
        chosen = len(picks) - forced
    assert forced and chosen
    history = history_of(state.core)
    # decisions in the history: every pick but the forced ones
    picks = [e for e in state.core.log if isinstance(e, PickEvent)]
    rewards = [a for a in history if act.is_reward(a)]
    assert len(rewards) == len(picks) - forced
    assert replay(game, history) == state.core


def test_the_generic_adapters_find_the_parts() -> None:
    assert part(GAME, "history_of") is history_of and part(GAME, "options_of") is options_of
    view = games.load(GAME, players=6, first_dealer=4, end_score="off").new_initial_state(seed=1).observation(2)
    assert options_of(view) == {"players": 6, "first_dealer": 4, "trump": "persists", "rounds": 4,
                                "end_score": "off"}

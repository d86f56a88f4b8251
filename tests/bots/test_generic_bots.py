"""The generic ``random`` and ``ismcts`` bots work for any game from its rules and room alone.

That they play Divided Ranks exactly as its own bots did is shown on recorded games
(``tests/bots/divided_ranks/test_same_as_before.py``). Here a second game id is registered for
the test: Divided Ranks' rules and room under another name, which has no rollout policy and no
bots of its own, so ISMCTS uses the default policy (random legal playouts, the game's returns).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from divided import games
from divided.bots import make_bot, names
from divided.bots.ismcts import ROLLOUTS, IsmctsBot, RandomRollout, rollout_policy
from divided.errors import RuleOptionError, UnsupportedGameError

OTHER = "generic-bots-test-game"


@pytest.fixture
def other_game() -> Iterator[str]:
    games.register(OTHER, "divided.games.divided_ranks.rules:DividedRanksRules",
                   "divided.games.divided_ranks.room:ROOM")
    try:
        yield OTHER
    finally:
        games.unregister(OTHER)


def _positions(seeds: range) -> Iterator[tuple[Any, tuple[int, ...]]]:
    """Every decision of seeded random-move games."""
    for seed in seeds:
        options = [{}, {"swap": "face-up"}, {"reserve_order": "coin", "scoring": "weaker-first"}][seed % 3]
        state = games.load(OTHER, **options).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            legal = tuple(state.legal_actions())
            yield state.observation(player), legal
            state.apply_action(legal[rng.randrange(len(legal))])


def test_a_game_without_a_rollout_policy_gets_random_playouts(other_game: str) -> None:
    assert not ROLLOUTS.supports(other_game)
    assert isinstance(rollout_policy(other_game, "random"), RandomRollout)
    with pytest.raises(ValueError, match="rollout must be 'random'"):
        rollout_policy(other_game, "skilled")
    with pytest.raises(RuleOptionError, match="rollout='skilled'"):
        make_bot(other_game, "ismcts:rollout=skilled")
    assert {"random", "ismcts"} <= set(names(other_game)) and "expert" not in names(other_game)
    with pytest.raises(UnsupportedGameError):
        make_bot(other_game, "expert")


def test_ismcts_on_another_game_plays_legal_deterministic_games(other_game: str) -> None:
    bot = make_bot(other_game, "ismcts:iterations=12")
    assert isinstance(bot, IsmctsBot) and bot.game == other_game
    histories = []
    for _ in range(2):
        state = games.load(other_game, first_splitter=0).new_initial_state(seed=4)
        rng = random.Random(9)
        while not state.is_terminal():
            player = state.current_player()
            legal = tuple(state.legal_actions())
            action = bot.choose(state.observation(player), legal, rng)
            assert action in legal
            state.apply_action(action)
        histories.append(state.history())
    assert histories[0] == histories[1]


def test_the_default_rollout_plays_to_the_end_and_backs_up_the_returns(other_game: str) -> None:
    policy = RandomRollout(games.room(other_game).rules)
    state = games.load(other_game, first_splitter=1).new_initial_state(seed=6)
    while state.is_chance_node() or state.move_number() < 25:
        state.apply_action(state.legal_actions()[0])
    assert policy.searched(state.core)
    results = {policy.rollout(state.core, random.Random(seed)) for seed in range(12)}
    assert results <= {(-1.0, 1.0), (1.0, -1.0), (0.0, 0.0)}  # the rules' returns of a finished game
    assert len(results) > 1  # the playouts differ with the rng
    finished = state.clone()
    while not finished.is_terminal():
        finished.apply_action(finished.legal_actions()[0])
    assert not policy.searched(finished.core)
    assert policy.rollout(finished.core, random.Random(0)) == tuple(finished.returns())


def test_the_random_bot_plays_the_dominant_action_unless_told_not_to(other_game: str) -> None:
    forced, free = make_bot(other_game, "random"), make_bot(other_game, "random:forced=no")
    assert getattr(make_bot(other_game, "random:auto_arrange=no"), "forced") is False  # noqa: B009
    with pytest.raises(RuleOptionError, match="forced='maybe'"):
        make_bot(other_game, "random:forced=maybe")
    room = games.room(other_game)
    seen_dominant = 0
    for view, legal in _positions(range(2)):
        dominant = room.dominant_action(view, legal)
        if dominant is None:
            assert forced.action_probabilities(view, legal) == {a: 1 / len(legal) for a in legal}
            assert free.action_probabilities(view, legal) == {a: 1 / len(legal) for a in legal}
            continue
        seen_dominant += 1
        assert forced.choose(view, legal, random.Random(0)) == dominant
        assert forced.action_probabilities(view, legal) == {a: float(a == dominant) for a in legal}
        assert len({free.choose(view, legal, random.Random(s)) for s in range(30)}) > 1
    assert seen_dominant > 0

"""The generic ``random`` and ``ismcts`` bots work for any game from its rules and room alone.

Until Divided Ranks' room is on this branch, a stand-in room built from the same parts the room
uses (the game's rules, the world sampler, the auto-arranged build as the dominant action) is
registered for the test, under Divided Ranks' id and under a second id that has no rollout
policy and no bots of its own.

* Against Divided Ranks' own random and ISMCTS bots (the code the generic ones were taken from),
  the generic bots give the same action at every decision of seeded games, and leave the rng in
  the same state: so the same seeds give the same games.
* On the second id, ISMCTS uses the default policy (random legal playouts, the game's returns)
  and plays legal, deterministic games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from divided import games
from divided.bots import make_bot, names
from divided.bots.ismcts import ROLLOUTS, IsmctsBot, RandomRollout, rollout_policy
from divided.bots.random_bot import RandomBot
from divided.errors import RuleOptionError, UnsupportedGameError

OTHER = "generic-bots-test-game"


class StandInRoom:
    """Divided Ranks' sampler and dominant build, as its room provides them."""

    def __init__(self, game: str) -> None:
        from divided.games.divided_ranks.rules import DividedRanksRules

        self.game, self.rules = game, DividedRanksRules()

    def sampler(self, view: Any) -> Any:
        from divided.bots.worlds import WorldSampler

        return WorldSampler(view)

    def dominant_action(self, view: Any, legal: Sequence[int]) -> int | None:
        from divided.games.divided_ranks import actions as act
        from divided.games.divided_ranks.state import Phase
        from divided.hands.arrange import arrange

        if view.phase != Phase.BUILD or view.player is None or view.current_player != view.player:
            return None
        best = act.build_action(arrange(view.hand, view.options.scoring).split)
        return best if best in legal else None


@pytest.fixture
def rooms() -> Iterator[None]:
    from divided.games import _ROOMS

    games.register(OTHER, "divided.games.divided_ranks.rules:DividedRanksRules", StandInRoom(OTHER))
    _ROOMS.register("divided-ranks", StandInRoom("divided-ranks"), replace=True)
    try:
        yield
    finally:
        games.unregister(OTHER)
        _ROOMS.register("divided-ranks", "divided.games.divided_ranks.room:ROOM", replace=True)


def _positions(seeds: range) -> Iterator[tuple[Any, tuple[int, ...], random.Random]]:
    """Every decision of seeded random-move games, with a seeded rng."""
    for seed in seeds:
        options = [{}, {"swap": "face-up"}, {"reserve_order": "coin", "scoring": "weaker-first"}][seed % 3]
        state = games.load("divided-ranks", **options).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            legal = tuple(state.legal_actions())
            yield state.observation(player), legal, rng
            state.apply_action(legal[rng.randrange(len(legal))])


def _same(generic: Any, specific: Any, view: Any, legal: tuple[int, ...], rng: random.Random) -> None:
    saved = rng.getstate()
    action = generic.choose(view, legal, rng)
    copy = random.Random()
    copy.setstate(saved)
    assert specific.choose(view, legal, copy) == action
    assert copy.getstate() == rng.getstate()


def test_the_generic_random_bot_plays_divided_ranks_random_bot(rooms: None) -> None:
    from divided.bots.divided_ranks.random_bot import RandomBot as OldRandom

    pairs = [(RandomBot("divided-ranks"), OldRandom()), (RandomBot("divided-ranks", forced=False), OldRandom(False))]
    count = 0
    for view, legal, rng in _positions(range(6)):
        for generic, specific in pairs:
            _same(generic, specific, view, legal, rng)
            assert generic.action_probabilities(view, legal) == specific.action_probabilities(view, legal)
            count += 1
    assert count > 100


@pytest.mark.parametrize("rollout", ["random", "skilled"])
def test_the_generic_ismcts_plays_divided_ranks_ismcts(rooms: None, rollout: str) -> None:
    from divided.bots.divided_ranks.ismcts import IsmctsBot as OldIsmcts

    generic, specific = IsmctsBot("divided-ranks", iterations=25, rollout=rollout), OldIsmcts(25, rollout=rollout)
    count = 0
    for view, legal, rng in _positions(range(3)):
        _same(generic, specific, view, legal, rng)
        count += 1
    assert count > 30


def test_a_game_without_a_rollout_policy_gets_random_playouts(rooms: None) -> None:
    assert not ROLLOUTS.supports(OTHER)
    assert isinstance(rollout_policy(OTHER, "random"), RandomRollout)
    with pytest.raises(ValueError, match="rollout must be 'random'"):
        rollout_policy(OTHER, "skilled")
    with pytest.raises(RuleOptionError, match="rollout='skilled'"):
        make_bot(OTHER, "ismcts:rollout=skilled")
    assert {"random", "ismcts"} <= set(names(OTHER)) and "expert" not in names(OTHER)
    with pytest.raises(UnsupportedGameError):
        make_bot(OTHER, "expert")


def test_ismcts_on_another_game_plays_legal_deterministic_games(rooms: None) -> None:
    bot = make_bot(OTHER, "ismcts:iterations=12")
    assert isinstance(bot, IsmctsBot) and bot.game == OTHER
    histories = []
    for _ in range(2):
        state = games.load(OTHER, first_splitter=0).new_initial_state(seed=4)
        rng = random.Random(9)
        while not state.is_terminal():
            player = state.current_player()
            legal = tuple(state.legal_actions())
            action = bot.choose(state.observation(player), legal, rng)
            assert action in legal
            state.apply_action(action)
        histories.append(state.history())
    assert histories[0] == histories[1]


def test_the_random_bot_plays_the_dominant_action_unless_told_not_to(rooms: None) -> None:
    forced, free = make_bot(OTHER, "random"), make_bot(OTHER, "random:forced=no")
    assert getattr(make_bot(OTHER, "random:auto_arrange=no"), "forced") is False  # noqa: B009
    with pytest.raises(RuleOptionError, match="forced='maybe'"):
        make_bot(OTHER, "random:forced=maybe")
    room = games.room(OTHER)
    seen_dominant = 0
    for view, legal, _ in _positions(range(2)):
        dominant = room.dominant_action(view, legal)
        if dominant is None:
            assert forced.action_probabilities(view, legal) == {a: 1 / len(legal) for a in legal}
            continue
        seen_dominant += 1
        assert forced.choose(view, legal, random.Random(0)) == dominant
        assert forced.action_probabilities(view, legal) == {a: float(a == dominant) for a in legal}
        assert len({free.choose(view, legal, random.Random(s)) for s in range(30)}) > 1
    assert seen_dominant > 0

"""Stored records in the poker games' two action numberings (:mod:`divided.games.poker.numbering`,
:mod:`divided.games.records`): raise-to at ``440 + amount`` before commit 3bff8aa, at
``1024 + amount`` since. The old records here are today's hands written in the old numbers by
hand (the action table of 3bff8aa's parent: raise-to 440 + amount, every lower number as now)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from divided import games
from divided.errors import RecordVersionError
from divided.games import records
from divided.games.base import GameRecord, State
from divided.games.poker import actions as act
from divided.games.poker.numbering import FIRST_GAMES

OLD_RAISE_TO = 440
DEEP = {"players": 2, "structure": "no", "stacks": "2000/2000", "first_dealer": 1}


def played(options: dict[str, object], moves: list[int], seed: int) -> State[Any, Any]:
    """Five-card draw under ``options``, the players making ``moves`` in turn (chance from ``seed``)."""
    state = games.load("five-card-draw", **options).new_initial_state(seed=seed)
    for move in moves:
        assert move in state.legal_actions(), (move, state.legal_actions())
        state.apply_action(move)
    return state


def as_old(actions: list[int]) -> tuple[int, ...]:
    """Today's actions written in the old numbers (raise-to 440 + amount)."""
    return tuple(a - act.RAISE_TO + OLD_RAISE_TO if a >= act.RAISE_TO else a for a in actions)


def deep_hand(seed: int = 4) -> State[Any, Any]:
    """Heads-up at 2,000 chips: the button raises to 700, the big blind calls, both stand pat,
    the big blind bets 1,000, the button calls; showdown. Written in the old numbers, 1140 and
    1440 read today as raises to 116 and 416: legal too, and that hand ends as well."""
    return played(DEEP, [act.RAISE_TO + 700, act.CALL, act.DISCARD, act.DISCARD, act.RAISE_TO + 1000, act.CALL], seed)


def test_the_old_numbers_map_to_todays_one_by_one() -> None:
    old = GameRecord("five-card-draw", {"structure": "pot"}, 1, (0, 1, 3, 4 + 127, 439, 440, 452, 1023, 1440))
    assert records.upgrade(old, 1).actions == (0, 1, 3, 131, 439, 1024, 1036, 1607, 2024)
    assert records.upgrade(old, 2) == old


def test_an_old_no_limit_hand_is_read_as_old_and_replays_as_played() -> None:
    state = played({"players": 2, "structure": "no"}, [act.RAISE_TO + 12, act.RAISE_TO + 36, act.CALL], seed=3)
    old = GameRecord("five-card-draw", state.game.options, 3, as_old(state.history()))
    assert old.actions != tuple(state.history()) and any(OLD_RAISE_TO <= a < act.RAISE_TO for a in old.actions)
    assert records.version_of(old, over=False) == 1
    assert games.replay(records.upgrade(old, None, over=False)).history() == state.history()
    today = GameRecord("five-card-draw", state.game.options, 3, tuple(state.history()))
    assert records.version_of(today, over=False) == 2 and records.upgrade(today, None, False) == today


def test_a_deep_hand_both_readings_end_is_told_apart_by_the_stored_result() -> None:
    state = deep_hand()
    assert state.is_terminal() and abs(state.returns()[0]) == 1 + 700 + 1000  # the ante, the raise, the bet
    old = GameRecord("five-card-draw", state.game.options, 4, as_old(state.history()))
    misread = games.replay(old)  # today's reading: raises to 116 and 416, every action legal
    assert misread.is_terminal() and abs(misread.returns()[0]) == 1 + 116 + 416
    with pytest.raises(RecordVersionError, match="replay under both numberings"):
        records.version_of(old, over=True)
    assert records.version_of(old, True, agrees=lambda end: end.returns() == state.returns()) == 1
    assert records.upgrade(old, 1).actions == tuple(state.history())
    # today's record of the same hand read the old way raises to 1,284 then 1,584 of 716 left: refused
    today = GameRecord("five-card-draw", state.game.options, 4, tuple(state.history()))
    assert records.version_of(today, over=True) == 2


def test_records_with_nothing_to_tell_apart_are_todays() -> None:
    fixed = played({"players": 2, "structure": "fixed"}, [act.RAISE, act.CALL], seed=5)
    assert records.version_of(GameRecord("five-card-draw", fixed.game.options, 5, tuple(fixed.history()))) == 2
    # a game that came with today's numbering: 440 is its pass, never an old raise-to
    assert records.version_of(GameRecord("jackpot", {}, 1, (0, 440, 441))) == 2
    assert records.current_version("divided-ranks") == 1
    ranks = GameRecord("divided-ranks", {}, 1, (500, 3))
    assert records.version_of(ranks) == 1 and records.upgrade(ranks, None) == ranks


def test_versions_no_record_was_written_in_are_refused() -> None:
    with pytest.raises(RecordVersionError, match="no jackpot record was ever written with action numbering version 1"):
        records.upgrade(GameRecord("jackpot", {}, 1, (440,)), 1)
    with pytest.raises(RecordVersionError, match="this version reads versions 1 to 2"):
        records.upgrade(GameRecord("five-card-draw", {}, 1, ()), 0)
    with pytest.raises(RecordVersionError, match="version 2; this version reads version 1 only"):
        records.upgrade(GameRecord("divided-ranks", {}, 1, ()), 2)


def test_a_record_fitting_no_numbering_is_refused() -> None:
    state = deep_hand()
    broken = GameRecord("five-card-draw", state.game.options, 4, (*as_old(state.history())[:-1], 5000))
    with pytest.raises(RecordVersionError, match="replay under no numbering"):
        records.version_of(broken, over=True)


@pytest.mark.parametrize("game", sorted(FIRST_GAMES))
def test_random_hands_of_the_first_games_written_the_old_way_are_read_back(game: str) -> None:
    """What the one-by-one map rests on: in the seven first games no action in 440-1023 is ever
    legal and every chance outcome is below 440. Random hands (the raises below 584 chips, as
    at the default stacks) written in the old numbers are read as old and come back exactly."""
    rng = random.Random(game)
    raised = 0
    for structure in ("pot", "no"):
        poker_game = games.load(game, structure=structure)
        for seed in range(15):
            state = poker_game.new_initial_state(seed=seed)  # chance outcomes come from the seed
            decided: set[int] = set()  # where in the history the players' actions are
            while not state.is_terminal():
                legal = state.legal_actions()
                assert not [a for a in legal if OLD_RAISE_TO <= a < act.RAISE_TO]
                decided.add(len(state.history()))
                state.apply_action(rng.choice(legal))
            history = state.history()
            assert max(a for i, a in enumerate(history) if i not in decided) < OLD_RAISE_TO
            old = GameRecord(game, poker_game.options, seed, as_old(history))
            raised += old.actions != tuple(history)
            assert records.upgrade(old, None, over=True).actions == tuple(history)
    assert raised  # the hands had raises to tell apart

"""J-Lo (JL1-JL3 and the example): jacks or better to open, else deuce-to-seven lowball."""

from __future__ import annotations

import pytest
from poker_deals import start

from divided.errors import IllegalActionError
from divided.games.poker import actions as act
from divided.games.poker.events import describe

EXAMPLE = ["Th Tc 9s 8d 4c", "8s 6d 5c 3h 2s", "7d 6c 5h 4s 3d"]
"""A (seat 0) holds a pair of tens; B (seat 1) and C (seat 2) no openers either."""


def test_example_tens_may_not_open_everyone_checks_and_the_deal_turns_to_deuce_to_seven() -> None:
    state = start("j-lo", EXAMPLE, button=2)
    assert state.current_player() == 0 and state.legal_actions() == [act.CALL]
    before = state.core
    with pytest.raises(IllegalActionError, match="jacks or better"):
        state.apply_action(act.RAISE)
    assert state.core is before
    for _ in range(3):
        state.apply_action(act.CALL)
    switch = [e for e in state.core.events if e.kind == "switch"]
    assert [describe(e) for e in switch] == [
        "Nobody opened: the deal turns to deuce-to-seven lowball and the first round is played again"]
    assert state.core.step == 1 and state.current_player() == 0
    assert act.RAISE in state.legal_actions()  # JL2: no requirement in the repeated round, a small bet
    state.apply_action(act.RAISE)
    assert state.core.table.current == 2
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)
    for _ in range(3):
        state.apply_action(act.DISCARD)  # everyone stands pat
    for _ in range(3):
        state.apply_action(act.CALL)
    assert state.is_terminal()
    # 8-6-5-3-2 beats the straight 7-6-5-4-3 and A's tens in deuce-to-seven
    assert state.returns() == [-3.0, 6.0, -3.0]


def test_two_pair_opens_and_after_an_opening_the_others_act_freely() -> None:
    state = start("j-lo", ["3h 3c 2s 2d 7c", "8s 6d 5c 4h 9s", "Kd Qc 5h 4s 3d"], button=2)
    assert act.RAISE in state.legal_actions()  # JL3: two pair of any ranks qualifies
    state.apply_action(act.RAISE)
    assert act.RAISE in state.legal_actions()  # seat 1 holds no openers but may raise an opened pot


def test_opener_wins_uncontested_and_may_break_openers() -> None:
    state = start("j-lo", ["Jh Jc 2s 5d 7c", "8s 6d 5c 4h 9s", "Kd Qc 5h 4s 3d"], button=2)
    state.apply_action(act.RAISE)
    state.apply_action(act.FOLD)
    state.apply_action(act.CALL)
    state.apply_action(act.DISCARD + 0b11000)  # JL1: seat 0 breaks its jacks (the two highest cards)
    assert not state.is_terminal()
    state = start("j-lo", ["Jh Jc 2s 5d 7c", "8s 6d 5c 4h 9s", "Kd Qc 5h 4s 3d"], button=2)
    state.apply_action(act.RAISE)
    state.apply_action(act.FOLD)
    state.apply_action(act.FOLD)
    assert state.is_terminal() and state.returns() == [2.0, -1.0, -1.0]


def test_without_a_switch_the_best_high_hand_wins() -> None:
    state = start("j-lo", ["Jh Jc 2s 5d 7c", "8s 6d 5c 4h 9s", "Kd Qc 5h 4s 3d"], button=2)
    state.apply_action(act.RAISE)
    state.apply_action(act.CALL)
    state.apply_action(act.CALL)
    for _ in range(3):
        state.apply_action(act.DISCARD)
    for _ in range(3):
        state.apply_action(act.CALL)
    assert state.returns() == [6.0, -3.0, -3.0]


def test_the_observation_bits_tell_whether_the_deal_switched() -> None:
    from divided.games.poker.encoding import PokerLayout
    from divided.games.room import offsets

    state = start("j-lo", EXAMPLE, button=2)
    layout = PokerLayout(state.core.config.variant)
    bit = 1 << offsets(layout.pieces)["switched"]
    assert not layout.encode(state.observation(0)) & bit
    for _ in range(3):
        state.apply_action(act.CALL)
    assert layout.encode(state.observation(0)) & bit


def test_sampled_worlds_give_the_opener_openers_before_and_after_the_draw() -> None:
    import random

    from divided.games.poker.cards import mask_indices, parse
    from divided.games.poker.steps.bet import has_openers
    from divided.games.poker.worlds import PokerWorlds

    state = start("j-lo", ["Kd Qc 5h 4s 3d", "Jh Jc 2s 5d 7c", "8s 6d 5c 4h 9s"], button=0)
    state.apply_action(act.RAISE)  # seat 1 opens with its jacks
    view = state.observation(2)
    rng = random.Random(5)
    worlds = [PokerWorlds(view).sample(rng) for _ in range(60)]
    assert all(has_openers("jacks", world.slots[1][0]) for world in worlds)
    state.apply_action(act.CALL)  # seat 2
    state.apply_action(act.CALL)  # seat 0
    state.apply_action(act.DISCARD + 0b11)  # seat 1 keeps its jacks: draws 2 (its 2s and 5d)
    for card in parse("Ah Ac"):
        state.apply_action(card)
    state.apply_action(act.DISCARD + 0b111)  # seat 2 draws 3
    for card in parse("Qs Qh Qd"):
        state.apply_action(card)
    assert state.current_player() == 0
    view = state.observation(2)
    worlds = [PokerWorlds(view).sample(rng) for _ in range(60)]
    for world in worlds:
        before = (*world.slots[1][0][:3], *mask_indices(world.discarded[1] | world.phase.drawn[1]))
        assert has_openers("jacks", before)
    # without the constraint a random hand rarely holds jacks or better (about one in five)
    assert sum(has_openers("jacks", world.slots[0][0]) for world in worlds) < 30

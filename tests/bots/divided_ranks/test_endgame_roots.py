"""The round-5 start and the subgame's roots, read from real views, against the books
(:mod:`divided.games.divided_ranks.knowledge`, an independent reading of the same log) and the
true deal."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from divided import games
from divided.bots import make_bot
from divided.bots.divided_ranks.endgame.policy import is_endgame
from divided.bots.divided_ranks.endgame.roots import (
    decision_point,
    multinomial,
    round5_start,
    subgame_roots,
)
from divided.bots.divided_ranks.endgame.tree import Round5Tree
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import Phase, SplitEvent

GAME = "divided-ranks"


def round5_states(count: int, swap: str = "blind") -> Iterator:
    """States of seeded skilled-vs-random games at every round-5 decision (and the round-5 start hands)."""
    for seed in range(count):
        game = games.load(GAME, swap=swap)
        state = game.new_initial_state(seed)
        bots = [make_bot(GAME, "skilled"), make_bot(GAME, "random")]
        rng = random.Random(seed)
        start_hands = None
        while not state.is_terminal():
            core = state.core
            last_round = (core.round == 4 and core.phase in (Phase.SPLIT, Phase.CHOOSE)) or core.phase == Phase.RESERVE
            if last_round and not state.is_chance_node():
                if start_hands is None:
                    start_hands = core.hands
                yield state, start_hands
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions(), rng))


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_round5_start_agrees_with_the_books_and_the_deal(swap: str) -> None:
    seen = 0
    for state, start_hands in round5_states(12, swap):
        core = state.core
        for player in (0, 1):
            view = state.observation(player)
            start = round5_start(view)
            assert start.hand == start_hands[player]
            splitter = next(e.splitter for e in core.log if isinstance(e, SplitEvent) and e.round == 4) \
                if core.phase == Phase.RESERVE else core.splitter()
            assert start.splitter == splitter and start.reserve_first == core.reserve_first
            if core.phase in (Phase.SPLIT, Phase.CHOOSE):  # hands are still the round-5 start's
                books = knowledge(view)
                assert start.marked == books.marked
                assert start.opponent_seen == books.opponent_known & start_hands[1 - player]
                assert start.opponent_hidden == start_hands[1 - player].bit_count() - start.opponent_seen.bit_count()
            seen += 1
    assert seen > 40


def test_roots_are_every_consistent_deal_and_hold_the_true_one() -> None:
    for state, start_hands in round5_states(6):
        core = state.core
        for player in (0, 1):
            start = round5_start(state.observation(player))
            b, a = start.hidden.bit_count(), start.opponent_hidden
            roots, full = subgame_roots(start, cap=10**6, rng=np.random.default_rng(0))
            assert full and len(roots) == multinomial(b, a, 4, 1) == start.public_deals()
            rows = set(zip(roots.hands[0].tolist(), roots.hands[1].tolist(), roots.draw.tolist(),
                           roots.reserve.tolist(), strict=True))
            assert len(rows) == len(roots)  # no deal twice
            draw = sum(1 << c for c in core.deal[17:21])
            assert (start_hands[0], start_hands[1], draw, core.deal[0]) in rows
            for h0, h1, d, r in rows:  # every deal keeps the public cards where they are
                mine, theirs = (h0, h1) if player == 0 else (h1, h0)
                assert mine & start.marked == start.marked and theirs & start.opponent_seen == start.opponent_seen
                assert mine.bit_count() == theirs.bit_count() == 8 and (h0 | h1 | d | 1 << r).bit_count() == 21
        break


def test_truncated_roots_keep_our_hand_and_stay_within_the_cap() -> None:
    for state, _ in round5_states(10):
        start = round5_start(state.observation(0))
        if start.public_deals() <= 630:
            continue
        roots, full = subgame_roots(start, cap=630, rng=np.random.default_rng(1))
        assert not full and len(roots) <= max(630, start.deals_per_hand())
        ours = roots.hands[0]
        assert (ours == start.hand).sum() == start.deals_per_hand()  # every deal for our true hand
        return
    pytest.fail("no position needed truncating")


@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_every_round5_decision_is_in_its_tree_with_the_legal_actions(swap: str) -> None:
    phases = set()
    for state, _ in round5_states(8, swap):
        phases.add(str(state.core.phase))
        player = state.current_player()
        view = state.observation(player)
        start = round5_start(view)
        roots, _ = subgame_roots(start, cap=630, rng=np.random.default_rng(0))
        tree = Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                          face_up_swap=start.face_up_swap, scoring=start.scoring)
        point = decision_point(view, start)
        assert tree.layers[point.layer].player == player
        tree.layers[point.layer].index(point.key)  # raises KeyError if absent
        assert sorted(point.actions) == sorted(state.legal_actions())
        assert is_endgame(view)
    assert phases == {"split", "choose", "reserve"}


def test_views_outside_round5_are_refused() -> None:
    state = games.load(GAME).new_initial_state(3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="round 5"):
        round5_start(state.observation(0))
    with pytest.raises(ValueError, match="spectator"):
        round5_start(state.observation(None))

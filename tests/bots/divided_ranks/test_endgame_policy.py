"""The solved endgame as a player uses it, after that player has left the solved play.

Two round-5 reserve decisions reached by random moves (as a player who ignores a hint plays):
the player's own split or choice earlier in the round is one the solved strategy (almost) never
plays. CFR's average there was a mix of its first iterations, whose most played move was worth
10 and 30 points of win chance less than the best (found by a random-play search; the web test
of hints failed on such a position). The policy must now play a best response there.
"""

from __future__ import annotations

import numpy as np
import pytest

from divided import games
from divided.bots.base import REAL_WEIGHT
from divided.bots.divided_ranks.endgame.policy import EndgameSettings, is_endgame, solve_endgame
from divided.bots.divided_ranks.endgame.solver import OFF_PATH, REFINE_THRESHOLDS
from divided.bots.divided_ranks.expert import advisor

RECORDS = {  # the search's game number: (the player, every action to the decision, the deal first)
    20: (0, [20, 0, 17, 8, 11, 18, 16, 4, 1, 12, 2, 14, 3, 10, 15, 6, 9, 19, 5, 13, 7,
             170, 210, 36, 210, 50, 210, 107, 211, 124, 210, 215]),
    31: (1, [9, 3, 11, 15, 19, 4, 0, 13, 8, 7, 12, 5, 17, 14, 1, 20, 16, 6, 18, 2, 10,
             64, 211, 3, 211, 96, 210, 34, 210, 116, 210]),
}


@pytest.mark.parametrize("seed", sorted(RECORDS))
def test_off_its_own_path_the_player_is_advised_the_best_move(seed: int) -> None:
    player, actions = RECORDS[seed]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state()  # the deal is in the actions
    for action in actions:
        state.apply_action(action)
    assert state.current_player() == player
    view, legal = state.observation(player), list(state.legal_actions(player))
    endgame = solve_endgame(view)
    values = endgame.win_chances(view)
    policy = endgame.policy(view)
    assert set(policy) == set(legal) and sum(policy.values()) == pytest.approx(1.0)
    played = [action for action in legal if policy[action] > 0]
    assert len(played) == 1 and values[played[0]] == max(values.values())
    found = advisor().evaluate(view, legal, salt=0)  # the hint and the review read the same
    assert found.policy is not None and found.policy == policy
    assert max(legal, key=lambda a: found.policy[a]) == played[0]



@pytest.mark.parametrize("seed", sorted(RECORDS))
def test_the_own_reach_is_the_product_of_the_players_moves_in_the_round(seed: int) -> None:
    """Read from the views: the solved strategy's weight of each move the player made in round 5
    before the decision (on its path each is the average's, which the policy plays there)."""
    player, actions = RECORDS[seed]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state()
    expected, earlier = 1.0, 0
    for action in actions:
        if state.current_player() == player and is_endgame(view := state.observation(player)):
            expected *= solve_endgame(view).policy(view)[action]
            earlier += 1
        state.apply_action(action)
    view = state.observation(player)
    own, other = solve_endgame(view).reaches(view)
    assert earlier >= 1 and own == pytest.approx(expected, rel=1e-9)
    assert own < OFF_PATH and 0.0 <= other <= 1.0


@pytest.mark.parametrize("seed", sorted(RECORDS))
def test_the_policy_is_the_played_strategy_on_and_off_the_path(seed: int) -> None:
    """The policy reads CFR's average where the player's own play leads (the bot's moves need no
    refinement) and the refined strategy elsewhere: the same rows as the refined strategy."""
    _, actions = RECORDS[seed]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state()
    checked = 0
    for action in [*actions, None]:
        mover = state.current_player()
        if mover >= 0 and is_endgame(view := state.observation(mover)):
            endgame = solve_endgame(view)
            point = endgame.point(view)
            row = endgame.strategy[point.layer][endgame.tree.layers[point.layer].index(point.key)]
            assert list(endgame.policy(view).values()) == row.tolist()
            checked += 1
        if action is not None:
            state.apply_action(action)
    assert checked >= 3


OPPONENT_OFF = {  # the search's game number: (the player, every action to the decision): the
    # opponent's round-5 split (111) or its first reserve turn (152) is one the solution almost never plays
    111: (1, [8, 5, 17, 1, 16, 4, 10, 9, 2, 13, 0, 12, 11, 7, 19, 20, 18, 6, 15, 14, 3,
              34, 211, 78, 210, 165, 211, 208, 210, 189]),
    152: (0, [1, 16, 20, 2, 12, 9, 13, 18, 5, 0, 14, 8, 11, 10, 7, 19, 4, 17, 3, 15, 6,
              177, 210, 147, 210, 7, 210, 76, 210, 59, 211, 229]),
}


@pytest.mark.parametrize("seed", sorted(OPPONENT_OFF))
def test_the_advice_says_when_the_opponent_left_the_solved_play(seed: int) -> None:
    """There the mix is kept (it deters the move), and the evaluation flags its values as resting
    on a guess; at the player's first decision of the round before, nothing is flagged."""
    player, actions = OPPONENT_OFF[seed]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state()
    flags = []
    for action in actions:
        if state.current_player() == player and is_endgame(view := state.observation(player)):
            flags.append(advisor().evaluate(view, list(state.legal_actions(player)), salt=0).opponent_off_path)
        state.apply_action(action)
    view, legal = state.observation(player), list(state.legal_actions(player))
    found = advisor().evaluate(view, legal, salt=0)
    own, other = solve_endgame(view).reaches(view)
    assert found.opponent_off_path and other < OFF_PATH <= own
    assert found.policy is not None and sum(w >= REAL_WEIGHT for w in found.policy.values()) >= 1
    assert not any(flags)  # earlier in the round the opponent had not yet left it


@pytest.mark.parametrize("seed", sorted(RECORDS))
def test_the_played_strategy_refines_as_far_as_the_target_allows(seed: int) -> None:
    """The threshold is the largest of REFINE_THRESHOLDS whose refined strategy keeps the solve's
    NashConv target (each larger one breaks it), and the played strategy is that refinement."""
    player, actions = RECORDS[seed]
    state = games.load("divided-ranks", first_splitter=0).new_initial_state()
    for action in actions:
        state.apply_action(action)
    endgame = solve_endgame(state.observation(player))
    threshold, strategy = endgame.refinement
    solver = endgame.solver
    assert threshold in REFINE_THRESHOLDS and endgame.target == EndgameSettings().target
    assert solver.nash_conv(list(strategy)) <= endgame.target or threshold == OFF_PATH
    me = endgame.start.player
    for larger in REFINE_THRESHOLDS[: REFINE_THRESHOLDS.index(threshold)]:
        assert solver.nash_conv(solver.refined(list(endgame.average), threshold=larger, player=me)) > endgame.target
    expected = solver.refined(list(endgame.average), threshold=threshold, player=me)
    assert all(np.array_equal(a, b) for a, b in zip(strategy, expected, strict=True))

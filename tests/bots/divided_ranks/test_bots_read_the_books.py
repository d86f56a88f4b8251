"""Every bot keeps working wherever the books place a card by deduction.

A player who splits rounds 1, 3 and 5 and takes the face-down pair in rounds 2 and 4 has seen
twenty cards by round 5: the books name the reserve and leave nothing unaccounted for (ruling
R7). The bots that read the books must play on from there, and from every kind of draft
position (each round and phase, either seat, every history of face-up / face-down takes).
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from divided import games
from divided.bots import make_bot, names
from divided.games.base import State
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import ALL_CARDS, ROUNDS

TAKES = (210, 211)  # take face-up, take face-down
QUICK = {"expert": "expert:budget=12", "ismcts": "ismcts:iterations=20"}  # same code, fewer samples


def bot_specs() -> list[str]:
    return [QUICK.get(name, name) for name in names("divided-ranks")]


def twenty_seen() -> State:  # type: ignore[type-arg]
    """Round 5's split: player 0 has seen every card but the reserve."""
    state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=1006)
    for action in [20, 211, 68, 211, 103, 210, 122, 211]:
        state.apply_action(action)
    return state


def play_out(state: State, spec: str, rng: random.Random) -> State:  # type: ignore[type-arg]
    """Play to the end with the bot on both seats; every move must be legal."""
    bots = (make_bot("divided-ranks", spec), make_bot("divided-ranks", spec))
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        action = bots[player].choose(state.observation(player), tuple(legal), rng)
        assert action in legal
        state.apply_action(action)
    return state


def test_the_position_is_as_described() -> None:
    state = twenty_seen()
    assert state.current_player() == 0
    books = knowledge(state.observation(0))
    assert books.reserve == state.core.reserve and books.unaccounted == {}
    assert books.opponent_known == state.core.hands[1]
    assert ALL_CARDS ^ state.core.hands[0] ^ state.core.hands[1] ^ state.core.drawn() == 1 << state.core.reserve


@pytest.mark.parametrize("spec", bot_specs())
def test_every_bot_plays_on_when_the_reserve_is_worked_out(spec: str) -> None:
    """Player 0 splits knowing the reserve; then the choose, the reserve and the build."""
    for seed in range(2):
        finished = play_out(twenty_seen(), spec, random.Random(seed))
        assert finished.core.outcome is not None


def every_kind_of_draft_position() -> list[State]:  # type: ignore[type-arg]
    """Rounds 1-5 at the split and at the choose, after every history of takes (random
    splits), the first splitter alternating."""
    positions = []
    for rounds in range(ROUNDS):
        for number, takes in enumerate(product(TAKES, repeat=rounds)):
            rng = random.Random(number)
            state = games.load("divided-ranks", first_splitter=number % 2).new_initial_state(seed=number)
            for take in takes:
                state.apply_action(rng.choice(state.legal_actions()))
                state.apply_action(take)
            positions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            positions.append(state)
    return positions


@pytest.mark.slow
@pytest.mark.parametrize("spec", bot_specs())
def test_every_bot_decides_at_every_kind_of_draft_position(spec: str) -> None:
    positions = every_kind_of_draft_position()
    assert len(positions) == 62
    rng = random.Random(5)
    for position in positions:
        player = position.current_player()
        legal = position.legal_actions()
        assert make_bot("divided-ranks", spec).choose(position.observation(player), tuple(legal), rng) in legal

"""Three Cards, the tests-only three-player game, on hand-made games: who wins, shared wins
under paired ranks, what each seat sees, and the by-hand reader of its records."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from divided import games
from three_cards import EXCHANGE, KEEP, NAME, read_actions, registered


@pytest.fixture(autouse=True)
def three_cards() -> Iterator[None]:
    yield from registered()


# dealt 2, 5, 3; seat 0 exchanges its 2 and draws 6; seat 1 keeps; seat 2 exchanges its 3, draws 4
ACTIONS = [2, 5, 3, EXCHANGE, 6, KEEP, EXCHANGE, 4]


@pytest.mark.parametrize(("ranks", "returns"), [("distinct", [1.0, 0.0, 0.0]), ("paired", [0.5, 0.5, 0.0])])
def test_a_hand_made_game(ranks: str, returns: list[float]) -> None:
    state = games.load(NAME, ranks=ranks).new_initial_state(chance=[2, 5, 3, 6, 4])
    seen = []
    for action in (EXCHANGE, KEEP, EXCHANGE):  # the given chance outcomes resolve the draws
        seen.append(state.observation(state.current_player()))
        state.apply_action(action)
    assert state.is_terminal() and state.history() == ACTIONS
    assert state.returns() == returns  # 6 beats 5 and 4; paired, 6 and 5 both rank 3
    assert [(v.player, v.card, v.shown) for v in seen] == [(0, 2, (0, 0, 0)), (1, 5, (2, 0, 0)), (2, 3, (2, 0, 0))]
    played = read_actions(ACTIONS)
    assert (played.dealt, played.decisions, played.cards) == ((2, 5, 3), (1, 0, 1), (6, 5, 4))
    assert played.returns(ranks == "paired") == returns
    assert games.room(NAME).facts(state.core) == {"exchanges": 2, "dealt": [2, 5, 3]}


def test_the_layout_on_a_hand_made_position() -> None:
    state = games.load(NAME).new_initial_state(chance=[2, 5, 3, 6])
    state.apply_action(EXCHANGE)  # seat 0 shows its 2 and draws the 6
    layout = games.room(NAME).observation
    assert [name for name, _ in layout.pieces] == ["seat", "to_move", "card", "shown", "decided", "revealed"]
    # seat 1 (bit 1), seat 1 to move (3 + 1), its card 5 (8 + 4), seat 0 shows a 2 (14 + 1), seat 0 decided (32)
    assert layout.encode(state.observation(1)) == (1 << 1) | (1 << 4) | (1 << 12) | (1 << 15) | (1 << 32)
    # a spectator: no seat, no card
    assert layout.encode(state.observation(None)) == (1 << 4) | (1 << 15) | (1 << 32)
    state.apply_action(KEEP)
    state.apply_action(KEEP)  # the end: seat 3 + 4 is "over"; every card revealed from bit 35 on
    revealed = (1 << (35 + 5)) | (1 << (35 + 6 + 4)) | (1 << (35 + 12 + 2))  # cards 6, 5, 3
    assert layout.encode(state.observation(2)) == (1 << 2) | (1 << 7) | (1 << 10) | (1 << 15) | (7 << 32) | revealed

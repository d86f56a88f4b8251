"""Golden playthroughs (as OpenSpiel keeps them): a one-round game at 4 players with chance
seeded by move number and one at 6 players with chance by name, every move in words with its
mover, and the result. A change to the chance streams, the order of legal actions or the
notation shows up here; regenerate with ``python tests/games/divide/test_divide_playthrough.py``
only when such a change is meant (and say so in the commit). Chance moves are named as an
unseeded game replaying the history names them."""

from __future__ import annotations

import random
from pathlib import Path

from divided import games
from divided.games import CHANCE

GOLDEN = Path(__file__).with_name("divide_playthrough.txt")
GAMES = [(4, 11, False), (6, 12, True)]  # (players, seed, chance by name)


def playthrough() -> str:
    lines = []
    for players, seed, by_name in GAMES:
        game = games.load("divide", players=players, rounds=1, end_score="off")
        state = game.new_initial_state(seed, chance_by_name=by_name)
        mirror = game.new_initial_state()  # replays the history, chance included, to name each move
        rng = random.Random(seed)
        lines.append(f"# {players} players, seed {seed}, chance {'by name' if by_name else 'by move number'}")
        while True:
            for action in state.history()[mirror.move_number():]:
                mover = mirror.current_player()
                lines.append(f"{'chance' if mover == CHANCE else mover}: {mirror.action_to_string(action)}")
                mirror.apply_action(action)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        result = state.result()
        assert result is not None
        lines.append(f"result: {result.headline}; returns {list(result.returns)}; places {list(result.places)}")
    return "\n".join(lines) + "\n"


def test_the_golden_playthroughs() -> None:
    assert playthrough() == GOLDEN.read_text()


if __name__ == "__main__":
    GOLDEN.write_text(playthrough())

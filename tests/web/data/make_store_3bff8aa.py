"""Write ``store_3bff8aa.sqlite3``: poker hands as the web app stored them before commit 3bff8aa
renumbered pot and no limit's raise-to (``440 + amount`` then, ``1024 + amount`` now).

Run with the sources of 3bff8aa's parent first on the path (the fixture is committed; this
script only says how it was made)::

    git archive 3bff8aa^ src | tar -x -C OLD
    PYTHONPATH=OLD/src python tests/web/data/make_store_3bff8aa.py tests/web/data/store_3bff8aa.sqlite3

Hands of five-card draw of one session (``old-poker-session-3bff8aa``, as long as a cookie's session id must be) against the maniac (who bets and raises
whenever it may), the player raising whenever the dice say so: finished hands at pot limit
(raises below 584 chips, numbered 440-1023 then) and at no limit with 400-chip stacks (the
player moves all in: 840 then), two later hands of a no-limit table at 1,000 chips a seat (the
player all in: raise-to 1,000, numbered 1440 then, a number that reads as a raise-to of 416 now), one at fixed limit, and one pot-limit
hand left in progress with the player to act facing a raise. Next to it, ``store_3bff8aa.json``
holds what the old code said of each hand (its history and, for the finished ones, the returns
and every seat's chips), to compare the upgraded replays with.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from typing import Any

from divided import games
from divided.games.base import GameRecord
from divided.web import games as web_games
from divided.web.api import GameService, NewGame, _progress
from divided.web.store import GameStore

SESSION = "old-poker-session-3bff8aa"
OLD_RAISE_TO = 440


def play(service: GameService, body: dict[str, Any], rng: random.Random, *, all_in: bool = False,
         stop_facing_raise: bool = False) -> str:
    state = service.create(SESSION, NewGame.parse(body))
    while state["to_move"] == "you":
        legal = [entry["action"] for entry in state["legal"]]
        raises = [a for a in legal if a >= OLD_RAISE_TO or a == 2]
        if stop_facing_raise and 0 in legal and any(a >= OLD_RAISE_TO for a in legal):
            break  # facing a bet, with raises offered: leave the hand here
        if raises and (all_in or rng.random() < 0.6):
            action = max(raises) if all_in else rng.choice(raises)
        else:
            action = rng.choice([a for a in legal if a != 0] or legal)
        state = service.move(state["id"], SESSION, state["move_number"], action)
    return str(state["id"])


def deep_hand(store: GameStore, seed: int) -> str:
    """A later hand of a no-limit table whose seats won chips (1,000 each): stored as the web app
    stored a table's next hand, the player (seat 0) all in at the first chance, the bot calling."""
    options = {"players": 2, "structure": "no", "stacks": "1000/1000", "first_dealer": 1}
    state = games.load("five-card-draw", **options).new_initial_state(seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(max(legal) if state.current_player() == 0 else (1 if 1 in legal else legal[0]))
    web = web_games.room("five-card-draw")
    row = store.insert(session_id=SESSION, game="five-card-draw", options=state.game.options, seed=seed,
                       human_seat=0, bots=[None, "maniac"], progress=_progress(web, state, 0, None))
    assert row is not None
    return row.id


def main(path: str) -> None:
    seeds = itertools.count(3000)
    store = GameStore(f"sqlite:///{path}", seed_source=lambda: next(seeds))
    store.create_tables()
    service = GameService(store)
    rng = random.Random(11)
    base = {"game": "five-card-draw", "bot": "maniac", "players": 2}
    ids = [play(service, {**base, "structure": "pot"}, rng) for _ in range(3)]
    ids += [play(service, {**base, "structure": "no", "stack": 400}, rng, all_in=True) for _ in range(2)]
    ids += [deep_hand(store, seed) for seed in (3100, 3101)]
    ids.append(play(service, {**base, "structure": "fixed"}, rng))
    ids.append(play(service, {**base, "structure": "pot"}, rng, stop_facing_raise=True))
    expected = {}
    for game_id in ids:
        row = store.get(game_id, SESSION)
        assert row is not None
        state = games.load(row.game, **dict(row.options)).replay(
            GameRecord(row.game, dict(row.options), row.seed, row.actions))
        expected[game_id] = {"structure": row.options["structure"], "over": state.is_terminal(),
                             "history": state.history(),
                             "returns": state.returns() if state.is_terminal() else None,
                             "stacks": list(state.core.table.stacks)}
    with open(path.removesuffix(".sqlite3") + ".json", "w") as out:
        json.dump(expected, out, indent=1)
    service.close()
    store.dispose()


if __name__ == "__main__":
    main(sys.argv[1])

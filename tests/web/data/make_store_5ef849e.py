"""Write ``store_5ef849e.sqlite3``: a games database as the web app at commit 5ef849e wrote it.

Run with that commit's sources first on the path (the fixture is committed; this script only
says how it was made)::

    git archive 5ef849e src | tar -x -C OLD
    PYTHONPATH=OLD/src python tests/web/data/make_store_5ef849e.py tests/web/data/store_5ef849e.sqlite3

Four games of one session (``old-session``): three finished (against the random and the skilled
bot, blind and face-up swaps) and one in progress, plus one feedback message.
"""

from __future__ import annotations

import itertools
import random
import sys

from divided.web.api import GameService, NewGame
from divided.web.store import GameStore

SESSION = "old-session"


def main(path: str) -> None:
    seeds = itertools.count(1000)
    store = GameStore(f"sqlite:///{path}", seed_source=lambda: next(seeds))
    store.create_tables()
    service = GameService(store)
    rng = random.Random(5)
    plans = [({"bot": "random"}, None), ({"bot": "skilled", "swap": "face-up"}, None),
             ({"bot": "random", "first_splitter": "bot", "hints": True}, None),
             ({"bot": "random", "first_splitter": "you"}, 6)]
    for body, stop in plans:
        state = service.create(SESSION, NewGame.parse(body))
        moves = 0
        while state["to_move"] == "you" and (stop is None or moves < stop):
            action = rng.choice(state["legal"])["action"]
            state = service.move(state["id"], SESSION, state["move_number"], action)
            moves += 1
    store.add_feedback(SESSION, "/", None, "written by the old version")
    service.close()
    store.dispose()


if __name__ == "__main__":
    main(sys.argv[1])

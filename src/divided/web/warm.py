"""Loading the bots' registry and tables once per process, before requests run in parallel."""

from __future__ import annotations

from divided.bots import names as bot_names
from divided.web import games as web_games


def warm_up() -> None:
    """Load the bot registry and the tables the bots use (cached once loaded).

    ``divided.bots`` fills its registry lazily and not thread-safely (two first calls at once
    can see it empty), and the first table loads take seconds; doing them at start-up, once
    per process, keeps that off the first requests.
    """
    for game in web_games.names():
        bot_names(game)
        web_games.room(game).warm_up()

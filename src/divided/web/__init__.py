"""The browser app of ``divided serve``: a FastAPI server that runs the games and the bots.

:func:`divided.web.app.create_app` builds the application; :mod:`divided.web.api` is the JSON
API (docs/web-api.md), :mod:`divided.web.viewmodel` the state object built from the human's
view, :mod:`divided.web.games` each game's web room (found by game id; the shell imports no
game), :mod:`divided.web.store` the database, :mod:`divided.web.sessions` the signed session
cookie and :mod:`divided.web.config` where data, database and secret live.
"""

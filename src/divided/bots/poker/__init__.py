"""The bots of the poker games (issue 29): the probes (:mod:`~divided.bots.poker.probes`) and
``equity`` (:mod:`~divided.bots.poker.equity`), registered for every poker game by
:mod:`~divided.bots.poker.builtin`."""

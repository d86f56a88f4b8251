"""Award kinds and match rules beyond the plain best hand, one module each, registered by name
when imported (:func:`divided.games.poker.showdown.register_award`,
:func:`divided.games.poker.match.register_match_rule`); a game's definition imports the ones
it names."""

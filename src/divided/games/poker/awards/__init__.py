"""Award kinds beyond the showdown's ``best`` (:func:`divided.games.poker.showdown.register_award`)
and match rules (:func:`divided.games.poker.match.register_match_rule`), each a module that
registers itself when imported: :mod:`~divided.games.poker.awards.places`,
:mod:`~divided.games.poker.awards.must_hold`, :mod:`~divided.games.poker.awards.assassin`,
:mod:`~divided.games.poker.awards.switched`, :mod:`~divided.games.poker.awards.token`,
:mod:`~divided.games.poker.awards.trash_forfeit`; a game's definition imports the ones it names."""

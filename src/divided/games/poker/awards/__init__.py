"""Award kinds beyond the showdown's ``best`` (:func:`divided.games.poker.showdown.register_award`)
and match rules (:func:`divided.games.poker.match.register_match_rule`), each a module that
registers itself when imported: :mod:`~divided.games.poker.awards.hog`,
:mod:`~divided.games.poker.awards.places`, :mod:`~divided.games.poker.awards.must_hold`,
:mod:`~divided.games.poker.awards.assassin`, :mod:`~divided.games.poker.awards.switched`,
:mod:`~divided.games.poker.awards.token`, :mod:`~divided.games.poker.awards.trash_forfeit`. A
game's definition imports the ones it names, and the showdown imports this package (so every
kind) the first time a variant names a kind it does not know."""

from divided.games.poker.awards import assassin, hog, must_hold, places, switched, token, trash_forfeit

__all__ = ["assassin", "hog", "must_hold", "places", "switched", "token", "trash_forfeit"]

"""Award kinds beyond the showdown's ``best`` (:func:`divided.games.poker.showdown.register_award`),
each a module that registers itself when imported: :mod:`~divided.games.poker.awards.places`."""

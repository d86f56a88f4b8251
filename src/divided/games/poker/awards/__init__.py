"""Award kinds beyond ``best`` (:func:`divided.games.poker.showdown.register_award`), one module
each; the showdown imports this package the first time a variant names a kind it does not know."""

from divided.games.poker.awards import hog

__all__ = ["hog"]

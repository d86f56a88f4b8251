"""Mississippi Gonorrhea's showdown (MG1-MG3), ready for its definition: half the pot to the best
two-card high hand, half to the best two-card low, and a pair of sevens hogs both halves
(:mod:`divided.games.poker.awards.hog`). The deal itself (a draw that keeps the replaced card's
face) is defined with the draw steps that support it."""

from __future__ import annotations

from divided.games.poker.awards.hog import HOG_SEVENS
from divided.games.poker.variant import Award, Slot

TWO_CARD_HAND = (Slot("hand", 2),)

MISSISSIPPI_AWARDS = (Award("high", ("hand",), "two-high", kind=HOG_SEVENS),
                      Award("low", ("hand",), "two-low", kind=HOG_SEVENS))
"""High first: it takes the odd chip of a split layer (T11)."""

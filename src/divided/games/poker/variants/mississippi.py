"""Mississippi Gonorrhea (poker-games.md, MG1-MG3): one card down and one up, three exchanges
that keep each replaced card's face, two-card high and low halves, and a pair of sevens hogs.

Where the rulings are silent: the exchanges go one player at a time from the button's left
(T14), each followed by a betting round; rounds S S B B (the first after the deal). Replacing
both cards is one exchange of two, the new down card down and the new up card up; the stock
running out is T16's reshuffle.
"""

from __future__ import annotations

import divided.games.poker.awards.hog  # noqa: F401  (registers the award kind hog-sevens)
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Variant
from divided.games.poker.variants.mississippi_awards import MISSISSIPPI_AWARDS, TWO_CARD_HAND

EXCHANGE = Draw(most=2, keep_face=True)

MISSISSIPPI = Variant(
    id="mississippi", name="Mississippi Gonorrhea", players=(2, 7), slots=TWO_CARD_HAND,
    summary="One card down and one up; three exchanges (breakfast, lunch, dinner), each followed by a "
            "betting round, in which a player may replace either card or both, a new card taking the face of "
            "the one it replaces; half the pot to the best two-card high hand, half to the best low, and a "
            "pair of sevens takes it all.",
    steps=(Deal(("down", "up")), Bet("small"), EXCHANGE, Bet("small"), EXCHANGE, Bet("big"), EXCHANGE, Bet("big"),
           Showdown()),
    awards=MISSISSIPPI_AWARDS,
    notes=("High: a pair beats no pair, then the higher card, then the lower; aces are always high.",
           "Low is the exact reverse: no pair beats a pair, the lower top card wins; 3-2 is the best low and "
           "A-A the worst.",
           "A pair of sevens wins both halves; two pairs of sevens share them. One player may win both halves."),
)

"""Auction Flop Poker (poker-games.md, AF1-AF8): a paid discard, not replaced, then lots of three
up cards auctioned until every hand has five again; no betting rounds; places 60/30/10.

Where the rulings are silent: the discard is made by everyone at once, in secret (T15: "at once"),
and shown as counts only; a player pays its discard's price in full or may not make that discard
(T7: a chosen payment). The table options of betting (structure, bet sizes) stay offered but
change nothing, since no betting round is played; there are no blinds.
"""

from __future__ import annotations

import divided.games.poker.awards.places  # noqa: F401  (registers the award kind places)
from divided.games.poker.awards.places import PLACES
from divided.games.poker.steps import Auction, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant

DISCARD_PRICES = (0, 1, 3, 6, 10, 15)
"""The price of discarding 0, 1, ... 5 cards (AF step 2)."""

AUCTION_FLOP = Variant(
    id="auction-flop", name="Auction Flop Poker", players=(2, 7), slots=(Slot("hand", 5), Slot("lot", 3)),
    summary="Five cards down; everyone discards at once, paying 0, 1, 3, 6, 10 or 15 for 0 to 5 cards, not "
            "replaced. Then lots of three up cards are auctioned until every hand has five again; the best "
            "hand takes 60% of the pot, the second 30%, the third 10%.",
    steps=(Deal(("down",) * 5), Draw(most=5, fees=DISCARD_PRICES, replace="never", at_once=True), Auction(),
           Showdown()),
    awards=(Award("places", ("hand",), kind=PLACES),),
    blinds=False, ante=3,
    notes=("Bidding goes left from the lot's first voice among the players who need cards: pass, or bid one "
           "more than the highest bid. The buyer keeps one card or more (no more than its hand needs) and "
           "discards the rest face down; everyone sees how many it kept.",
           "When nobody bids, the first voice takes the lot free or pays 1 to refuse it, then the next player "
           "needing cards takes it or pays 2, and so on. A player who cannot pay must take it.",
           "Tied players pool their places and share equally; with two players the shares are 2/3 and 1/3.",
           "There are no betting rounds and nobody folds."),
)

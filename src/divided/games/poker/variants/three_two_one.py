"""3-2-1 (poker-games.md, TR1-TR5): six cards each and a trash; three changes of exactly three,
two and one cards (or fold), each followed by betting; each player still in adds a card to the
trash, which is filled to five; at the showdown every showdown player whose hand does not beat
the trash owes a forfeit, and the match (T18) goes on until a deal owes none.

Choices where the rulings are silent: the changes go from the button's left; the trash cards
added by the players come in that order too, then the stock fills it (the trash's first card is
its first card from the deal, or with five players the first player's); a player all-in changes
like the others (TR1) and may also fold. With ``trash_wild`` on (3-4 players, TR5) the trash's
first card is dealt face up and the two cards of its rank in the other colour are wild in every
hand and in the trash, which is ranked with them for the forfeit test.
"""

from __future__ import annotations

import divided.games.poker.awards.trash_forfeit as trash_forfeit
from divided.games.base import RuleOption
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Match, PlayersFor, Slot, Variant, by_option
from divided.games.poker.wilds import OppositeColour

TRASH_WILD = RuleOption("trash_wild", ("off", "on"), "on (3-4 players): the trash's first card is dealt face up, "
                        "and the two cards of its rank in the other colour are wild for every hand and the trash")


def change(cards: int) -> Draw:
    """A change: exactly ``cards`` cards or fold (TR1)."""
    return Draw(least=cards, most=cards, or_fold=True)


THREE_TWO_ONE = Variant(
    id="three-two-one", name="3-2-1", players=(3, 5), slots=(Slot("hand", 6),),
    summary="Six cards each and a trash; change exactly three, then two, then one card or fold, betting "
            "after each; everyone left adds a card to the trash, and any hand that does not beat the trash "
            "pays half the pot as its next ante.",
    steps=(Deal(("down",) * 6), Deal(by_option("trash_wild", {"off": ("down",) * 5, "on": ("up",) + ("down",) * 4}),
                                       slot="trash", minus_players=True), Bet("small"),
           change(3), Bet("small"), change(2), Bet("big"), change(1), Bet("big"),
           Draw(least=1, most=1, replace="never", to="trash"), Deal(("down",) * 5, slot="trash"), Showdown()),
    awards=(Award("high", ("hand",), wild=by_option("trash_wild", {"off": None, "on": OppositeColour("trash")})),),
    match=Match("trash-forfeit"), options=(trash_forfeit.TRASH_FORFEIT, TRASH_WILD), default_players=4,
    players_for=(PlayersFor("trash_wild", "on", (3, 4)),),
    notes=("At each change you discard exactly that many cards and draw as many, or fold.",
           "The trash is ranked as a five-card hand and never wins; every player at the showdown, the "
           "winner too, must beat it, and a tie fails. Folded players owe nothing.",
           "A player who fails owes a forfeit: by default their next ante is half the pot just played; the "
           "match ends after a deal where nobody owes one.",
           "With trash-wild on (3 or 4 players), the trash's first card is dealt face up; the two cards of "
           "its rank in the other colour are wild for every hand, and for the trash too."),
)

"""What a showdown may cost besides this deal's chips: 3-2-1's trash forfeit (TR2-TR4), as the
bots price it.

**The trash in a world.** Its cards so far in the sampled world, the card every seat still in
throws to it in the completion (the heuristic's, or the deciding seat's option), then cards
from the world's stock up to its size (:func:`trash_size`); ranked as the engine ranks it
(:func:`divided.games.poker.awards.trash_forfeit.trash_strength`: a five-card high hand, the
award's wild cards counted), on the scale of the first award's strengths.

**The price.** The deciding seat fails when its strength for the first award does not beat the
trash (a tie fails); a failing seat's ante for the next deal becomes the forfeit (half the final
pot, at least the ante; or two antes; nothing when the option is ``off``). That ante goes into
a pot every seat of the match contests, so the cost counted is the forfeit above the normal
ante times ``(n - 1) / n`` (``n`` the seats at the table: the share of it the others take back
on average). Nothing at a match's capped deal (TR4) or when nobody else is still in (an
uncontested deal has no test). Not modelled: that a forfeit keeps the match going.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.games.poker.awards.trash_forfeit import TRASH_FORFEIT
from divided.games.poker.showdown import strength_of
from divided.games.poker.steps import Deal
from divided.games.poker.view import PokerView
from divided.games.poker.wilds import Seen, strength

Array = npt.NDArray[np.float64]
Strengths = npt.NDArray[np.int64]

RULE = "trash-forfeit"
"""The match rule whose forfeit is priced here."""


def at_stake(view: PokerView) -> bool:
    """Whether a showdown at ``view``'s deal may owe a trash forfeit (the rule, an amount, not
    the capped deal)."""
    match = view.config.variant.match
    if match is None or match.rule != RULE or forfeit(view, 0) == 0:
        return False
    return not (view.match is not None and view.match.last)


def forfeit(view: PokerView, pot: int) -> int:
    """The next ante of a seat that fails, for a deal whose final pot is ``pot`` (0: ``off``)."""
    config = view.config
    how = dict(config.values).get(TRASH_FORFEIT.name, "half-pot")
    if how == "off":
        return 0
    if how == "ante":
        return 2 * config.ante
    return max(config.ante, pot // 2)


def trash_size(view: PokerView) -> int:
    """The cards the trash holds at the showdown: the last deal to it fills it to that many."""
    sizes = [len(step.pattern) for step in view.config.steps if isinstance(step, Deal) and step.slot == "trash"]
    return sizes[-1] if sizes else 0


def trash_strengths(view: PokerView, trashes: Sequence[Sequence[int]]) -> Strengths:
    """Each trash's strength (see the module text)."""
    award = view.config.awards[0]
    if award.wild is None:
        rank = strength_of("high")
        return np.array([rank(cards) for cards in trashes], dtype=np.int64)
    variant = view.config.variant
    return np.array([strength(award.wild, Seen(tuple(cards), (tuple(cards),), variant, (), view))  # type: ignore[arg-type]
                     for cards in trashes], dtype=np.int64)


def cost(view: PokerView, mine: Strengths, trash: Strengths, contributed: Sequence[int]) -> Array:
    """``(worlds, options)``: the chips the deciding seat is taken to lose to the forfeit, its
    first award's strengths ``mine`` against each world's ``trash``, the deal ending with
    ``contributed`` (see the module text)."""
    if sum(view.table.live) < 2:
        return np.zeros(mine.shape, dtype=np.float64)
    carried = view.match.carried if view.match is not None else 0
    extra = max(0, forfeit(view, sum(contributed) + carried) - view.config.ante)
    players = view.num_players
    failing: Array = (mine <= trash).astype(np.float64)
    return failing * (extra * (players - 1) / players)

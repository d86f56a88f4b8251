"""The match rule ``trash-forfeit`` (3-2-1, TR2-TR4).

After a showdown the trash is ranked as a five-card high hand; every showdown player, winner
included, whose hand does not rank strictly above it (a tie fails) owes a forfeit: its ante for
the next deal becomes half the pot just played (all layers, rounded down, at least the normal
ante). Option ``trash_forfeit``: ``half-pot`` | ``ante`` (one extra ante: the next ante is
doubled) | ``off``. Folded players owe nothing, an uncontested deal has no trash test (TR2), the
match ends after a deal with no forfeit owed and the capped deal charges none (TR4; the last
deal of a match is never asked what it passes on).

The trash itself: :func:`trash_cards` reads it from the final state. Until the trash zone
exists it takes the cards of every seat's slot named ``trash`` (how the tests build one); the
lead points it at the zone when that lands (the one function to change). A hand's strength is
its best claim on the game's first award (:func:`divided.games.poker.showdown.entries`).
"""

from __future__ import annotations

from collections.abc import Sequence

from divided.games.base import RuleOption
from divided.games.poker import engine
from divided.games.poker.match import Passed, register_match_rule
from divided.games.poker.showdown import entries, strength_of
from divided.games.poker.state import PokerState

TRASH_FORFEIT = RuleOption("trash_forfeit", ("half-pot", "ante", "off"), "what a showdown player whose hand does "
                           "not beat the trash owes: an ante of half the pot next deal, one extra ante, or nothing")
"""The option ``trash_forfeit`` of a game with the ``trash-forfeit`` match rule."""


def trash_cards(state: PokerState) -> tuple[int, ...]:
    """The trash's cards in the final ``state`` (the state's trash zone, dealt by
    ``Deal(slot="trash")`` and fed by draws ``to="trash"``)."""
    if not state.trash:
        raise ValueError(f"variant {state.config.variant.id!r} has no trash to rank (nothing was dealt to it)")
    return state.trash


def forfeit_amount(state: PokerState) -> int:
    """The forfeit under the option: half the pot just played (every layer, rounded down, at
    least the ante), or one extra ante (the next ante doubled); 0 when ``off``."""
    config = state.config
    how = dict(config.values).get(TRASH_FORFEIT.name, "half-pot")
    if how == "off":
        return 0
    if how == "ante":
        return 2 * config.ante
    return max(config.ante, sum(layer.amount for layer in state.settled) // 2)


def failing_seats(state: PokerState) -> tuple[int, ...]:
    """The showdown players whose hand does not rank strictly above the trash (none when the
    deal ended uncontested)."""
    if not state.shown:
        return ()
    award = state.config.awards[0]
    trash = strength_of("high")(trash_cards(state))
    showing = engine.live_from_left(state)
    claims = {entry.seat: entry.strength for entry in entries(state.config, state, award, showing)}
    return tuple(seat for seat in showing if claims.get(seat, -1) <= trash)


class TrashForfeitRule:
    """``trash-forfeit``: see the module text."""

    def carries(self, state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
        return not any(winners)

    def passed(self, state: PokerState) -> Passed:
        amount = forfeit_amount(state)
        failing = failing_seats(state) if amount else ()
        return Passed(forfeits=tuple(amount if seat in failing else 0 for seat in range(state.players)))


register_match_rule("trash-forfeit", TrashForfeitRule())

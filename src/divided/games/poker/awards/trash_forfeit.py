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
its best claim on the game's first award (:func:`divided.games.poker.showdown.entries`); with a
wild rule the trash is ranked with the same wild cards, on the same scale (:func:`trash_strength`).
"""

from __future__ import annotations

from collections.abc import Sequence

from divided.games.base import RuleOption
from divided.games.poker import engine
from divided.games.poker.match import Passed, register_match_rule
from divided.games.poker.showdown import entries, strength_of
from divided.games.poker.state import PokerState
from divided.games.poker.variant import Award

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
    showing = engine.live_from_left(state)
    trash = trash_strength(state, award, showing)
    claims = {entry.seat: entry.strength for entry in entries(state.config, state, award, showing)}
    return tuple(seat for seat in showing if claims.get(seat, -1) <= trash)


def trash_strength(state: PokerState, award: Award, showing: Sequence[int]) -> int:
    """The trash ranked as a five-card high hand on the scale of ``award``'s claims: with a wild
    rule (3-2-1's ``trash_wild``, TR5), its wild cards count for the trash too."""
    cards = trash_cards(state)
    if award.wild is None:
        return strength_of("high")(cards)
    from divided.games.poker.wilds import Seen, strength

    variant = state.config.variant
    slots = [variant.slot_index(name) for name in award.slots]
    table = tuple(state.slots[seat][index] for seat in showing for index in slots)
    return strength(award.wild, Seen(cards, (cards,), variant, table, state))


class TrashForfeitRule:
    """``trash-forfeit``: see the module text."""

    def carries(self, state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
        return not any(winners)

    def passed(self, state: PokerState) -> Passed:
        amount = forfeit_amount(state)
        failing = failing_seats(state) if amount else ()
        return Passed(forfeits=tuple(amount if seat in failing else 0 for seat in range(state.players)))


register_match_rule("trash-forfeit", TrashForfeitRule())

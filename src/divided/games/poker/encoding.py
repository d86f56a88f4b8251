"""Poker views as bits for learning code: the room's observation layout.

A function of one :class:`PokerView` alone. Seats are absolute and the layout is sized for the
variant's largest table, so one game has one layout under every option. Chips are thermometers
in units of the small bet, capped: the pot at :data:`POT_UNITS`, each stack and each bet at
:data:`STACK_UNITS` and :data:`BET_UNITS`; a match's carried chips count in the pot.
"""

from __future__ import annotations

from dataclasses import dataclass

from divided.games.base import CHANCE, TERMINAL
from divided.games.poker.cards import CARD_SPAN, DECK_SIZE
from divided.games.poker.variant import Variant
from divided.games.poker.view import PokerView
from divided.games.room import Pieces, offsets

POT_UNITS = 64
STACK_UNITS = 64
BET_UNITS = 16


@dataclass(frozen=True)
class PokerLayout:
    """The observation layout of one variant (see the module text)."""

    variant: Variant

    @property
    def width(self) -> int:
        """Bits a card set takes: the 52 cards, or every card int (two decks, jokers)."""
        return DECK_SIZE if self.variant.deck == "one" else CARD_SPAN

    @property
    def pieces(self) -> Pieces:
        width = self.width
        seats = self.variant.players[1]
        slots = len(self.variant.slots)
        return (
            ("seat", (seats,)), ("to_act", (seats + 2,)), ("button", (seats,)),
            ("step", (len(self.variant.steps) + 1,)), ("own", (slots, width)),
            ("visible", (seats, slots, width)), ("face_up_discards", (width,)),
            ("live", (seats,)), ("all_in", (seats,)), ("pot", (POT_UNITS,)), ("bets", (seats, BET_UNITS)),
            ("stacks", (seats, STACK_UNITS)),
            *self._extra_pieces,
        )

    @property
    def _extra_pieces(self) -> Pieces:
        """Pieces only some games have (the other layouts stay as they were): a deal that can
        switch its ranking (J-Lo: whether it did), a match (T18: the token holder, the seats
        that posted a forfeit this deal, whether this is the last deal; the carried chips are
        in ``pot``)."""
        seats = self.variant.players[1]
        extra: list[tuple[str, tuple[int, ...]]] = []
        if any(getattr(step, "otherwise", "") for step in self.variant.steps):
            extra.append(("switched", (1,)))
        if self.variant.match is not None:
            extra += [("token", (seats,)), ("forfeit", (seats,)), ("last_deal", (1,))]
        return tuple(extra)

    def encode(self, view: PokerView) -> int:
        seats = self.variant.players[1]
        slots = len(self.variant.slots)
        start = offsets(self.pieces)
        width = self.width
        bits = 0
        if view.player is not None:
            bits |= 1 << (start["seat"] + view.player)
        actor = {CHANCE: seats, TERMINAL: seats + 1}.get(view.current_player, view.current_player)
        bits |= 1 << (start["to_act"] + actor)
        if view.button >= 0:
            bits |= 1 << (start["button"] + view.button)
        bits |= 1 << (start["step"] + min(view.step, len(self.variant.steps)))
        for seat in range(view.num_players):
            for index, held in enumerate(view.slots[seat]):
                for card in held:
                    if card is None:
                        continue
                    if seat == view.player:
                        bits |= 1 << (start["own"] + index * width + card)
                    if view.up >> card & 1 or seat != view.player:
                        bits |= 1 << (start["visible"] + (seat * slots + index) * width + card)
            for card in view.discarded[seat]:
                if card is not None and view.up >> card & 1:
                    bits |= 1 << (start["face_up_discards"] + card)
        table = view.table
        unit = max(1, view.config.small_bet)
        match = view.match
        carried = match.carried if match is not None else 0
        bits |= _thermometer((sum(table.contributed) + carried) // unit, POT_UNITS) << start["pot"]
        for seat in range(view.num_players):
            if table.live[seat]:
                bits |= 1 << (start["live"] + seat)
                if table.stacks[seat] == 0:
                    bits |= 1 << (start["all_in"] + seat)
            bits |= _thermometer(table.bets[seat] // unit, BET_UNITS) << (start["bets"] + seat * BET_UNITS)
            bits |= _thermometer(table.stacks[seat] // unit, STACK_UNITS) << (start["stacks"] + seat * STACK_UNITS)
        if "switched" in start and any(event.kind == "switch" for event in view.events):
            bits |= 1 << start["switched"]
        if match is not None:
            if match.token >= 0:
                bits |= 1 << (start["token"] + match.token)
            for seat, owed in enumerate(match.forfeits):
                if owed:
                    bits |= 1 << (start["forfeit"] + seat)
            if match.last:
                bits |= 1 << start["last_deal"]
        return bits


def _thermometer(units: int, cap: int) -> int:
    return (1 << min(max(units, 0), cap)) - 1

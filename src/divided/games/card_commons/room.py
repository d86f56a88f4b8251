"""Card Commons as a room: what generic layers ask of the game (:class:`divided.games.room.GameRoom`).

>>> from divided import games
>>> room = games.room("card-commons")
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> view = state.observation(0)
>>> labels = [room.label(view, a) for a in state.legal_actions()]
>>> sorted({label.kind for label in labels}), len(labels)
(['discard', 'offer-sets', 'offer-three', 'reserve'], 168)
>>> room.dominant_action(view, state.legal_actions()) is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from divided.cards import PACK_21, mask_indices
from divided.errors import IllegalActionError
from divided.games.card_commons import actions as act
from divided.games.card_commons.knowledge import Knowledge, knowledge
from divided.games.card_commons.rules import CardCommonsRules, build_actions, keep_actions, turn_actions
from divided.games.card_commons.state import CardCommonsState, Phase
from divided.games.card_commons.view import PlayerView
from divided.games.card_commons.worlds import WorldSampler
from divided.games.room import JSON, ActionLabel, GameRoom, ObservationLayout

if TYPE_CHECKING:
    from divided.games.base import Rules

_ENCODING = "divided.games.card_commons.encoding"
_FACTS = "divided.games.card_commons.facts"

KINDS = {act.Kind.RESERVE: "reserve", act.Kind.DISCARD: "discard", act.Kind.OFFER_THREE: "offer-three",
         act.Kind.OFFER_SETS: "offer-sets", act.Kind.KEEP_CARD: "keep-card", act.Kind.KEEP_SET: "keep-set",
         act.Kind.BUILD: "build"}
"""The label kind of each action kind."""


def _names(mask: int) -> tuple[str, ...]:
    return tuple(str(PACK_21[c]) for c in mask_indices(mask))


def legal_in_view(view: PlayerView) -> list[int]:
    """The legal actions of the player to move, from their own view (empty if the view is not
    theirs, or nobody but chance is to move); equal to the rules' ``legal_actions``."""
    me = view.player
    if me is None or view.current_player != me:
        return []
    if view.phase == Phase.ACT:
        return turn_actions(view.hand, view.used[me])
    if view.phase == Phase.KEEP:
        return keep_actions(view.offer)
    if view.phase == Phase.BUILD and not view.built[me]:
        return build_actions(view.collection)
    return []


@dataclass(frozen=True, slots=True)
class CardCommonsRoom:
    """The room of Card Commons (:data:`ROOM`): labels, books, the world sampler, forced moves,
    the observation layout and, from their own modules, the layout and the lab's facts."""

    game: str = "card-commons"
    rules: Rules[CardCommonsState, PlayerView] = field(default_factory=CardCommonsRules)

    @property
    def observation(self) -> ObservationLayout[PlayerView]:
        """The observation layout (``divided.games.card_commons.encoding.LAYOUT``), imported on
        first use."""
        return cast("ObservationLayout[PlayerView]", importlib.import_module(_ENCODING).LAYOUT)

    def label(self, view: PlayerView, action: int) -> ActionLabel:
        """``action``, legal for the player to move in their ``view``, as a person reads it.

        Kinds: ``reserve`` (cards: the card), ``discard`` (the pair), ``offer-three`` (the three
        cards), ``offer-sets`` (the four cards, the first set then the second), ``keep-card``
        (the card kept), ``keep-set`` (the pair kept) and ``build`` (the 3-card hand; the
        5-card hand is the rest of the Collection). The text is the rules' ``action_to_string``.
        An action that is not legal for the view's player raises :class:`IllegalActionError`.
        """
        if action not in legal_in_view(view):
            raise IllegalActionError(
                f"cannot label action {action!r}: it is not a legal action of the player whose view this is "
                f"(player {view.player}, {view.phase} phase, player {view.current_player} to move)")
        move = act.decode(action)
        cards = _names(move.sets[0]) + _names(move.sets[1]) if move.sets is not None else _names(move.cards)
        return ActionLabel(action, KINDS[move.kind], act.describe(action), cards)

    def books(self, view: PlayerView) -> Knowledge:
        """The books of the view's player, or a spectator's public ones
        (:func:`~divided.games.card_commons.knowledge.knowledge`)."""
        return knowledge(view)

    def sampler(self, view: PlayerView) -> WorldSampler:
        """The world sampler of :mod:`divided.games.card_commons.worlds` for ``view`` (a
        player's view; :class:`ValueError` for a spectator's or an impossible one)."""
        return WorldSampler(view)

    def dominant_action(self, view: PlayerView, legal: Sequence[int]) -> int | None:
        """A forced move: the only legal action (a player's last turn with exactly the cards of
        their last action, when that is a Reserve, a Discard or an Offer 3). Else ``None``: no
        other choice is at least as good as every other whatever is hidden (a keep or a build
        depends on the opponent's cards and choices, ruling C7)."""
        if view.player is None or view.current_player != view.player or len(legal) != 1:
            return None
        return legal[0]

    def facts(self, state: CardCommonsState) -> Mapping[str, JSON]:
        """The lab's facts of a finished match (``divided.games.card_commons.facts.facts``),
        imported on first use."""
        return cast("Mapping[str, JSON]", importlib.import_module(_FACTS).facts(state))

    def zones(self, state: CardCommonsState) -> Mapping[str, Sequence[str]]:
        """Where every card is: each player's hand, reserved card, face-up Collection cards and
        discards, the card set aside, the offer in flight (while the opponent decides) and the
        draw pile (every card not yet placed this round: before the deal, the whole pack)."""
        offer = act.decode(state.offer).cards if state.offer >= 0 else 0
        out: dict[str, Sequence[str]] = {}
        for seat in (0, 1):
            out[f"hand {seat}"] = _names(state.hands[seat])
            out[f"reserved {seat}"] = _names(state.reserved[seat])
            out[f"face-up {seat}"] = _names(state.face_up[seat])
            out[f"discards {seat}"] = _names(state.discards[seat])
        out["aside"] = _names(state.aside)
        out["offer"] = _names(offer)
        out["pile"] = _names(state.pile)
        return out


ROOM = CardCommonsRoom()
"""The room of Card Commons, registered as ``games.room("card-commons")``."""

if TYPE_CHECKING:
    _CHECK: GameRoom[CardCommonsState, PlayerView] = ROOM

"""DIVIDE as a room: what generic layers ask of the game (:class:`divided.games.room.GameRoom`).

>>> from divided import games
>>> room = games.room("divide")
>>> state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
>>> view = state.observation(1)
>>> labels = [room.label(view, a) for a in state.legal_actions()]
>>> sorted({label.kind for label in labels}), len(labels)
(['commit'], 9)
>>> room.dominant_action(view, state.legal_actions()) is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from divided.cards import mask_indices
from divided.errors import IllegalActionError
from divided.games.divide import actions as act
from divided.games.divide.knowledge import Knowledge, knowledge
from divided.games.divide.rules import DECK_MASKS, DivideRules, pass_actions, reward_actions
from divided.games.divide.state import DivideState, Phase, TrickEvent
from divided.games.divide.tricks import card_text, playable
from divided.games.divide.view import PlayerView
from divided.games.divide.worlds import WorldSampler
from divided.games.room import JSON, ActionLabel, GameRoom, ObservationLayout

if TYPE_CHECKING:
    from divided.games.base import Rules

_ENCODING = "divided.games.divide.encoding"
_FACTS = "divided.games.divide.facts"


def _names(mask: int) -> tuple[str, ...]:
    return tuple(card_text(c) for c in mask_indices(mask))


def legal_in_view(view: PlayerView) -> list[int]:
    """The legal actions of the player to move, from their own view (empty if the view is not
    theirs, or nobody but chance is to move); equal to the rules' ``legal_actions``."""
    me = view.player
    if me is None or view.current_player != me:
        return []
    if view.phase == Phase.COMMIT:
        return mask_indices(view.hand)
    if view.phase == Phase.PASS:
        return pass_actions(view.hand)
    if view.phase == Phase.PLAY:
        return mask_indices(playable(view.hand, [card for _, card in view.plays]))
    if view.phase == Phase.DRAFT:
        return reward_actions(view.picks)
    return []


@dataclass(frozen=True, slots=True)
class DivideRoom:
    """The room of DIVIDE (:data:`ROOM`): labels, books, the world sampler, forced moves, card
    zones and, from their own modules, the observation layout and the lab's facts."""

    game: str = "divide"
    rules: Rules[DivideState, PlayerView] = field(default_factory=DivideRules)

    @property
    def observation(self) -> ObservationLayout[PlayerView]:
        """The observation layout (``divided.games.divide.encoding.LAYOUT``), imported on first use."""
        return cast("ObservationLayout[PlayerView]", importlib.import_module(_ENCODING).LAYOUT)

    def label(self, view: PlayerView, action: int) -> ActionLabel:
        """``action``, legal for the player to move in their ``view``, as a person reads it.

        Kinds: ``commit`` (cards: the card), ``pass`` (the card passed left, then the one passed
        right), ``play`` (the card), ``points``, ``lead`` and ``trump`` (no cards; the text names
        the declared rank). The text is the rules' ``action_to_string``. An action that is not
        legal for the view's player raises :class:`IllegalActionError`.
        """
        if action not in legal_in_view(view):
            raise IllegalActionError(
                f"cannot label action {action!r}: it is not a legal action of the player whose view this is "
                f"(player {view.player}, {view.phase} phase, player {view.current_player} to move)")
        text = act.describe(action)
        if view.phase == Phase.COMMIT:
            return ActionLabel(action, "commit", f"commit {text}", (card_text(action),))
        if view.phase == Phase.PASS:
            left, right = act.pass_cards(action)
            return ActionLabel(action, "pass", text, (card_text(left), card_text(right)))
        if view.phase == Phase.PLAY:
            return ActionLabel(action, "play", text, (card_text(action),))
        return ActionLabel(action, str(act.reward_of(action)), text)

    def books(self, view: PlayerView) -> Knowledge:
        """The books of the view's player, or a spectator's public ones
        (:func:`~divided.games.divide.knowledge.knowledge`)."""
        return knowledge(view)

    def sampler(self, view: PlayerView) -> WorldSampler:
        """The world sampler of :mod:`divided.games.divide.worlds` for ``view`` (a player's view;
        :class:`ValueError` for a spectator's or an impossible one)."""
        return WorldSampler(view)

    def dominant_action(self, view: PlayerView, legal: Sequence[int]) -> int | None:
        """A forced move: the only legal action (a last card, a single card of the lead suit).
        Else ``None``: a commit, a pass, a card or a reward depends on the hidden cards and on
        what the other players do, so no choice is at least as good as every other in general."""
        if view.player is None or view.current_player != view.player or len(legal) != 1:
            return None
        return legal[0]

    def facts(self, state: DivideState) -> Mapping[str, JSON]:
        """The lab's facts of a finished game (``divided.games.divide.facts.facts``), imported
        on first use."""
        return cast("Mapping[str, JSON]", importlib.import_module(_FACTS).facts(state))

    def zones(self, state: DivideState) -> Mapping[str, Sequence[str]]:
        """Where every card is: each hand, each face-down commit (before Trick 1 is flipped),
        each pass in transit (during the pass phase), the cards of the trick in play or being
        drafted (``trick``), the cards of this round's finished tricks (``played``) and the
        cards not dealt this round (``undealt``: before the deal, the whole deck)."""
        n = state.options.players
        out: dict[str, Sequence[str]] = {}
        face_down = state.trick == 0
        transit = state.phase == Phase.PASS
        for seat in range(n):
            out[f"hand {seat}"] = _names(state.hands[seat])
            commit = state.commits[seat]
            out[f"commit {seat}"] = (card_text(commit),) if face_down and commit >= 0 else ()
            passed = state.passes[seat]
            out[f"pass {seat}"] = tuple(card_text(c) for c in act.pass_cards(passed)) if transit and passed >= 0 else ()
        current = state.plays if state.phase in (Phase.PLAY, Phase.DRAFT) else ()
        in_trick = 0
        for _, card in current:
            in_trick |= 1 << card
        played = 0
        for event in state.log:
            if isinstance(event, TrickEvent) and event.round == state.round:
                for _, card in event.plays:
                    played |= 1 << card
        out["trick"] = _names(in_trick)
        out["played"] = _names(played & ~in_trick)
        out["undealt"] = _names(DECK_MASKS[n] & ~state.placed)
        return out


ROOM = DivideRoom()
"""The room of DIVIDE, registered as ``games.room("divide")``."""

if TYPE_CHECKING:
    _CHECK: GameRoom[DivideState, PlayerView] = ROOM

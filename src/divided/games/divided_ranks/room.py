"""Divided Ranks as a room: what generic layers ask of the game (:class:`divided.games.room.GameRoom`).

>>> from divided import games
>>> room = games.room("divided-ranks")
>>> state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=3)
>>> view = state.observation(0)
>>> label = room.label(view, state.legal_actions()[0])
>>> label.kind, label.text == state.action_to_string(label.action), len(label.cards)
('split', True, 2)
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
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import Knowledge, knowledge
from divided.games.divided_ranks.rules import DividedRanksRules
from divided.games.divided_ranks.state import ALL_CARDS, SPLIT_SIZE, DividedRanksState, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.games.divided_ranks.worlds import WorldSampler
from divided.games.room import JSON, ActionLabel, GameRoom, ObservationLayout
from divided.hands.arrange import SPLIT_COUNT, arrange, split_masks

if TYPE_CHECKING:
    from divided.games.base import Rules

_ENCODING = "divided.games.divided_ranks.encoding"
_FACTS = "divided.games.divided_ranks.facts"


def _names(mask: int) -> tuple[str, ...]:
    return tuple(str(PACK_21[c]) for c in mask_indices(mask))


def legal_in_view(view: PlayerView) -> list[int]:
    """The legal actions of the player to move, from their own view (empty if the view is not
    theirs, or nobody but chance is to move); equal to the rules' ``legal_actions``."""
    if view.player is None or view.current_player != view.player:
        return []
    if view.phase == Phase.SPLIT:
        cards = mask_indices(view.drawn)
        return sorted(act.split_action(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])
    if view.phase == Phase.CHOOSE:
        return [act.TAKE_FACE_UP, act.TAKE_FACE_DOWN]
    if view.phase == Phase.RESERVE:
        return [act.KEEP] + [act.give_action(c) for c in mask_indices(view.hand)]
    if view.phase == Phase.BUILD:
        return list(range(act.BUILD, act.BUILD + SPLIT_COUNT))
    return []


@dataclass(frozen=True, slots=True)
class DividedRanksRoom:
    """The room of Divided Ranks (:data:`ROOM`): labels, books, the world sampler, the build
    that dominates (ruling R5), and, from their own modules, the observation layout and facts."""

    game: str = "divided-ranks"
    rules: Rules[DividedRanksState, PlayerView] = field(default_factory=DividedRanksRules)

    @property
    def observation(self) -> ObservationLayout[PlayerView]:
        """The observation layout (``divided.games.divided_ranks.encoding.LAYOUT``), imported on
        first use."""
        return cast("ObservationLayout[PlayerView]", importlib.import_module(_ENCODING).LAYOUT)

    def label(self, view: PlayerView, action: int) -> ActionLabel:
        """``action``, legal for the player to move in their ``view``, as a person reads it.

        Kinds: ``split`` (cards: the face-up pair), ``take-face-up`` (the pair on offer),
        ``take-face-down`` (no cards: the chooser has not seen them), ``keep``, ``give`` (the
        card given) and ``build`` (cards: the first hand written; the other is the rest of the
        ten). The text is the rules' ``action_to_string``. An action that is not legal for the
        view's player raises :class:`IllegalActionError`.
        """
        if action not in legal_in_view(view):
            raise IllegalActionError(
                f"cannot label action {action!r}: it is not a legal action of the player whose view this is "
                f"(player {view.player}, {view.phase} phase, player {view.current_player} to move)")
        if act.is_split(action):
            pair = tuple(str(PACK_21[c]) for c in act.PAIRS[action - act.SPLIT])
            return ActionLabel(action, "split", f"split {pair[0]} {pair[1]}", pair)
        if action == act.TAKE_FACE_UP:
            return ActionLabel(action, "take-face-up", "take face-up", _names(view.offer))
        if action == act.TAKE_FACE_DOWN:
            return ActionLabel(action, "take-face-down", "take face-down", _names(view.offer_face_down))
        if action == act.KEEP:
            return ActionLabel(action, "keep", "keep")
        if act.is_give(action):
            given = str(PACK_21[action - act.GIVE])
            return ActionLabel(action, "give", f"give {given}", (given,))
        first, second = split_masks(view.hand, action - act.BUILD)
        text = f"build {PACK_21.format_mask(first)} | {PACK_21.format_mask(second)}"
        return ActionLabel(action, "build", text, _names(first))

    def books(self, view: PlayerView) -> Knowledge:
        """The player's books (:func:`~divided.games.divided_ranks.knowledge.knowledge`); a
        spectator keeps none (:class:`ValueError`)."""
        return knowledge(view)

    def sampler(self, view: PlayerView) -> WorldSampler:
        """The world sampler of :mod:`divided.games.divided_ranks.worlds` for ``view`` (a
        player's view; :class:`ValueError` for a spectator's or an impossible one)."""
        return WorldSampler(view)

    def dominant_action(self, view: PlayerView, legal: Sequence[int]) -> int | None:
        """At the player's own build: the auto-arranged split (the best result key, at least as
        good as any other split whatever the opponent holds, ruling R5). Else ``None``."""
        if view.phase != Phase.BUILD or view.player is None or view.current_player != view.player:
            return None
        best = act.build_action(arrange(view.hand, view.options.scoring).split)
        return best if best in legal else None

    def facts(self, state: DividedRanksState) -> Mapping[str, JSON]:
        """The lab's facts of a finished game (``divided.games.divided_ranks.facts.facts``),
        imported on first use."""
        return cast("Mapping[str, JSON]", importlib.import_module(_FACTS).facts(state))

    def zones(self, state: DividedRanksState) -> Mapping[str, Sequence[str]]:
        """Before the deal ends: "dealt" (in deal order) and "undealt"; then each player's hand,
        the reserve, the four cards being split or the two pairs on the table, and the stock."""
        if state.phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN, Phase.DEAL):
            dealt = 0
            for card in state.deal:
                dealt |= 1 << card
            return {"dealt": tuple(str(PACK_21[c]) for c in state.deal), "undealt": _names(ALL_CARDS ^ dealt)}
        out: dict[str, Sequence[str]] = {"hand 0": _names(state.hands[0]), "hand 1": _names(state.hands[1]),
                                         "reserve": _names(1 << state.reserve)}
        if state.phase == Phase.SPLIT:
            out["splitting"] = _names(state.drawn())
        elif state.phase == Phase.CHOOSE:
            out["face-up pair"] = _names(state.face_up)
            out["face-down pair"] = _names(state.face_down)
        if state.phase in (Phase.SPLIT, Phase.CHOOSE):
            out["stock"] = tuple(str(PACK_21[c]) for c in state.deal[1 + SPLIT_SIZE * (state.round + 1):])
        return out


ROOM = DividedRanksRoom()
"""The room of Divided Ranks, registered as ``games.room("divided-ranks")``."""

if TYPE_CHECKING:
    _CHECK: GameRoom[DividedRanksState, PlayerView] = ROOM

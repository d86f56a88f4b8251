"""Divided Ranks' adapter parts: its old OpenSpiel name, the history behind a state, chance text.

Found by the generic adapters through :data:`divided.adapters.rooms.PARTS`.
"""

from __future__ import annotations

from divided.adapters.rooms import AdapterParts
from divided.cards import mask_indices
from divided.games.base import OptionValue
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import (
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import PlayerView


def history_of(core: DividedRanksState) -> list[int]:
    """Every action (chance outcomes included) that leads from the start to ``core``."""
    options = core.options
    history: list[int] = []
    if options.first_splitter == "coin" and core.first_splitter >= 0:
        history.append(core.first_splitter)
    if options.reserve_order == "coin" and core.reserve_first >= 0:
        history.append(core.reserve_first)
    history.extend(core.deal)
    for event in core.log:
        if isinstance(event, SplitEvent | ChoiceEvent) and event.round < options.opening_rounds:
            continue  # the public opening is played by the deal itself
        if isinstance(event, BuildEvent) and options.auto_build:
            continue  # made by the rules after the reserve
        if isinstance(event, SplitEvent):
            a, b = mask_indices(event.face_up)
            history.append(act.split_action(a, b))
        elif isinstance(event, ChoiceEvent):
            history.append(act.TAKE_FACE_UP if event.took_face_up else act.TAKE_FACE_DOWN)
        elif isinstance(event, ReserveEvent):
            history.append(act.give_action(event.gave) if event.swapped else act.KEEP)
        else:
            assert isinstance(event, BuildEvent)
            history.append(act.build_action(event.split))
    return history


def chance_text(core: DividedRanksState, action: int, text: str) -> str:
    """OpenSpiel's text of a chance outcome: ``Coin:<phase>:player N`` or ``Deal:<card>``."""
    if core.phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
        return f"Coin:{core.phase}:player {action}"
    return f"Deal:{text}"


def options_of(view: PlayerView) -> dict[str, OptionValue]:
    """The engine's rule options of the game ``view`` belongs to."""
    options = view.options
    return {"first_splitter": options.first_splitter, "reserve_order": options.reserve_order,
            "scoring": str(options.scoring), "swap": options.swap, "rounds": options.rounds,
            "opening_seed": options.opening_seed, "build": options.build}


PARTS = AdapterParts(
    aliases=("python_divided_ranks",),  # the OpenSpiel name before names were versioned
    history_of=history_of,
    chance_text=chance_text,
    options_of=options_of,
)

"""Facts of a finished game of Divided Ranks, for the lab (JSON-ready, from the full state).

This is knowledge of the game, so it lives with the game and is pure: the lab's own batch
figures over many games (the best split classes, computed with numpy) are added by
``divided.sim.games.divided_ranks``.

>>> from divided import games
>>> state = games.load("divided-ranks", build="auto").new_initial_state(seed=3)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> found = facts(state.core)
>>> found["steps"], len(found["holdings"]), len(found["choices"])
(4, 2, 5)
"""

from __future__ import annotations

from typing import TypedDict

from divided.errors import RuleOptionError
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ChoiceEvent, DividedRanksState, ReserveEvent
from divided.hands.arrange import arrange
from divided.hands.five import evaluate_mask


class ReserveFact(TypedDict):
    """A reserve decision. For a swap, the best result of the holding before and after it.

    ``before``/``after`` are the best split's result key under the game's scoring order and
    ``weaker_before``/``weaker_after`` the strength of that split's weaker hand (``None`` when
    the player kept). The holding before = the final holding minus ``took`` plus ``gave``.
    """

    player: int
    swapped: bool
    gave: int
    took: int
    before: list[int] | None
    after: list[int] | None
    weaker_before: int | None
    weaker_after: int | None


class ChoiceFact(TypedDict):
    """A choice: in which round (1-5), by whom, and whether the face-up pair was taken."""

    round: int
    chooser: int
    took_face_up: bool


class Facts(TypedDict):
    """What the lab needs from one finished game of Divided Ranks (seats are 0 and 1).

    ``deal`` is the order of the 21 cards (the lab counts identical deals with it);
    ``best_split_classes`` is filled by the lab for a whole chunk of games at once (empty here).
    """

    winner: int | None
    step: int | None
    step_name: str | None
    steps: int
    first_splitter: int
    reserve_first: int
    holdings: list[int]
    weaker_strength: list[int]
    weaker_category: list[int]
    stronger_category: list[int]
    reserve: list[ReserveFact]
    choices: list[ChoiceFact]
    best_split_classes: list[int]
    deal: list[int]


def facts(core: DividedRanksState) -> Facts:
    """The facts of a finished game of Divided Ranks from its core state (what
    ``games.room("divided-ranks").facts`` gives); another game's state or an unfinished game
    raises :class:`~divided.errors.RuleOptionError`."""
    if not isinstance(core, DividedRanksState):
        raise RuleOptionError(f"these facts are defined for Divided Ranks' states, not {type(core).__name__}")
    outcome = core.outcome
    if outcome is None:
        raise RuleOptionError("facts are only defined for a finished game")
    scoring = Scoring(core.options.scoring)
    weaker = [evaluate_mask(outcome.hands[p][0]) for p in (0, 1)]
    stronger = [evaluate_mask(outcome.hands[p][1]) for p in (0, 1)]
    reserve: list[ReserveFact] = []
    choices: list[ChoiceFact] = []
    for event in core.log:
        if isinstance(event, ChoiceEvent) and event.round >= core.options.opening_rounds:  # not a study's opening
            choices.append(ChoiceFact(round=event.round + 1, chooser=event.chooser,
                                      took_face_up=event.took_face_up))
        elif isinstance(event, ReserveEvent):
            reserve.append(_reserve_fact(event, core.hands[event.player], scoring))
    return Facts(
        winner=outcome.winner, step=outcome.step, step_name=outcome.step_name,
        steps=len(outcome.keys[0]), first_splitter=core.first_splitter,
        reserve_first=core.reserve_first, holdings=list(core.hands),
        weaker_strength=[v.strength for v in weaker],
        weaker_category=[int(v.category) for v in weaker],
        stronger_category=[int(v.category) for v in stronger],
        reserve=reserve, choices=choices, best_split_classes=[], deal=list(core.deal),
    )


def _reserve_fact(event: ReserveEvent, final: int, scoring: Scoring) -> ReserveFact:
    if not event.swapped:
        return ReserveFact(player=event.player, swapped=False, gave=-1, took=-1, before=None,
                           after=None, weaker_before=None, weaker_after=None)
    before_holding = final ^ (1 << event.took) | (1 << event.gave)
    before, after = arrange(before_holding, scoring), arrange(final, scoring)
    return ReserveFact(
        player=event.player, swapped=True, gave=event.gave, took=event.took,
        before=list(before.key_for(scoring)), after=list(after.key_for(scoring)),
        weaker_before=before.weaker.value.strength, weaker_after=after.weaker.value.strength,
    )

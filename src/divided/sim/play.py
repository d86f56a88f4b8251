"""Playing the games of a plan: one game, one chunk of games, and the facts metrics need.

Each game gets a fresh bot per seat and, per seat, its own ``random.Random`` seeded from the
game's seed, its number, the seat and the bot's name (:func:`divided.sim.seeds.bot_seed`), so a
game's record is fixed by the plan alone, whichever process plays it and whatever ran before.
(The game number is part of the seed so that in self-play the two games of a deal pair are not
copies of each other.)

One game gives one JSON-ready object (a :class:`GameLine`): who sat where, the seed, the game
record (it replays with :func:`divided.games.replay`) and the *facts* the metrics are computed
from, so the analysis never needs to replay a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt

from divided import games
from divided.bots import make_bot
from divided.errors import IllegalActionError
from divided.games.base import State
from divided.games.divided_ranks.state import ChoiceEvent, DividedRanksState, ReserveEvent
from divided.hands.arrange import SPLIT_POSITIONS, Scoring, arrange, encode_keys
from divided.hands.batch import strength_array
from divided.hands.five import JOKER_INDEX, evaluate_mask
from divided.sim.plan import GameSetup, LabError, Plan
from divided.sim.seeds import bot_seed


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
    """What the metrics need from one finished game of Divided Ranks (seats are 0 and 1)."""

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


class GameLine(TypedDict):
    """One line of ``games.jsonl``."""

    arm: str
    index: int
    pair: int | None
    seed: int
    seats: list[str]
    options: dict[str, Any]
    returns: list[float]
    record: dict[str, Any]
    facts: Facts


@dataclass(frozen=True)
class ChunkTask:
    """Games ``indices`` of arm ``arm`` of ``plan``: the unit of work sent to an executor."""

    plan: Plan
    arm: str
    indices: tuple[int, ...]


def play_chunk(task: ChunkTask) -> list[GameLine]:
    """Play a chunk of games (this runs in worker processes and on Ray workers)."""
    plan = task.plan
    arm = plan.arm(task.arm)
    game = games.load(plan.game, **dict(arm.options))
    played = [play_game(game, plan.setup(arm, index)) for index in task.indices]
    lines = [_line(setup, state) for setup, state in played]
    scoring = _scoring(played[0][1]) if played else Scoring.CATEGORIES_FIRST
    holdings = [h for line in lines for h in line["facts"]["holdings"]]
    classes = best_split_classes(holdings, scoring)
    for number, line in enumerate(lines):
        line["facts"]["best_split_classes"] = classes[2 * number : 2 * number + 2]
    return lines


def play_game(game: games.Game[Any, Any], setup: GameSetup) -> tuple[GameSetup, State[Any, Any]]:
    """Play one game to its end between fresh bots; returns the finished state."""
    bots = [make_bot(game.info.short_name, name) for name in setup.seats]
    rngs = [random.Random(bot_seed(setup.seed, setup.index, seat, name))
            for seat, name in enumerate(setup.seats)]
    state = deal(game, setup.seed)
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        action = bots[player].choose(state.observation(player), legal, rngs[player])
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            raise LabError(
                f"bot {setup.seats[player]!r} at seat {player} chose an illegal action in game "
                f"{setup.index} of {setup.arm!r} (seed {setup.seed}): {error}"
            ) from None
    return setup, state


def deal(game: games.Game[Any, Any], seed: int) -> State[Any, Any]:
    """A new game whose chance is resolved by name from ``seed`` (see
    :meth:`divided.games.Game.new_initial_state`): each chance node's outcome depends only on the
    seed and the node's name and index, so the same seed gives the same coins and the same cards
    under every rule option, which makes comparisons of rule options paired deal by deal. The
    record holds every chance outcome, so it replays exactly (its ``seed`` is ``None``; the lab's
    line keeps the seed)."""
    return game.new_initial_state(seed, chance_by_name=True)


def _scoring(state: State[Any, Any]) -> Scoring:
    core = state.core
    assert isinstance(core, DividedRanksState)
    return Scoring(core.options.scoring)


def _line(setup: GameSetup, state: State[Any, Any]) -> GameLine:
    record = state.record()
    return GameLine(
        arm=setup.arm, index=setup.index, pair=setup.pair, seed=setup.seed, seats=list(setup.seats),
        options=dict(record.options), returns=[float(r) for r in state.returns()],
        record=record.to_dict(), facts=divided_ranks_facts(state),
    )


def divided_ranks_facts(state: State[Any, Any]) -> Facts:
    """The facts of a finished game of Divided Ranks (``best_split_classes`` left empty:
    :func:`play_chunk` fills it for a whole chunk at once)."""
    core = state.core
    if not isinstance(core, DividedRanksState):
        raise LabError(f"the lab's metrics are defined for Divided Ranks, not {state.game.info.short_name}")
    outcome = core.outcome
    if outcome is None:
        raise LabError("facts are only defined for a finished game")
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


# Rank weights of the 21 cards for rank-multiset signatures: 10, J, Q, K, A count in base 8,
# the Joker as a rank of its own (suits are ignored).
_RANK_WEIGHT = np.array([8 ** (i // 4) for i in range(JOKER_INDEX)] + [8**5], dtype=np.int64)


def split_signatures(holdings: Sequence[int], scoring: Scoring = Scoring.CATEGORIES_FIRST) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """For every split of every ten-card holding: its packed result key and its rank signature.

    Both arrays have shape (holdings, 126). Two splits have the same signature exactly when
    their two hands have the same rank multisets (the Joker counted as a rank of its own), that
    is, when they differ only by suits.
    """
    block = np.asarray(holdings, dtype=np.int64)
    bits = np.left_shift(1, np.arange(21, dtype=np.int64))
    flat = np.nonzero((block[:, None] & bits[None, :]) != 0)[1]
    if flat.size != 10 * len(block) or ((block >> 21) != 0).any():
        raise LabError("every holding must be ten cards of the 21-card pack")
    indices = flat.reshape(len(block), 10)
    positions = np.array(SPLIT_POSITIONS, dtype=np.int64)
    first = np.left_shift(1, indices)[:, positions].sum(axis=2)
    second = block[:, None] - first
    strengths = strength_array().astype(np.int64)
    sa, sb = strengths[first], strengths[second]
    first_weaker = sa <= sb
    keys = encode_keys(np.where(first_weaker, sa, sb), np.where(first_weaker, sb, sa), scoring).astype(np.int64)
    weights = _RANK_WEIGHT[indices]
    sig_first = weights[:, positions].sum(axis=2)
    sig_second = weights.sum(axis=1, keepdims=True) - sig_first
    low, high = np.minimum(sig_first, sig_second), np.maximum(sig_first, sig_second)
    signatures: npt.NDArray[np.int64] = low * (8**6) + high
    return keys, signatures


def best_split_classes(holdings: Sequence[int], scoring: Scoring = Scoring.CATEGORIES_FIRST) -> list[int]:
    """For each ten-card holding: how many different best splits it has, counting splits that
    differ only by suits (same :func:`split_signatures`) as one."""
    if not holdings:
        return []
    keys, signatures = split_signatures(holdings, scoring)
    is_best = keys == keys.max(axis=1, keepdims=True)
    return [len(set(signatures[row][is_best[row]].tolist())) for row in range(len(keys))]

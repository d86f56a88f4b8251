"""The dealer's call (Low-Die / High-Die LD2): before the deal the dealer (the button seat) calls
the draws, up to ``most`` of them, each of 1-5 cards, totalling per player at most the cards left
after the deal divided by the players (rounded down); calling no draw is allowed. The call is
public; it then becomes steps of the deal: :class:`CallDraws` replaces the variant's
:class:`CalledRounds` placeholder by a betting round, then each called draw followed by a betting
round, the rounds sized by T4 (n rounds: S for the first n // 2, B for the rest; no draw: one
round, B). This is how a kind expands into steps that depend on play
(:func:`~divided.games.poker.steps.expand.splice`): the draws and rounds are the ordinary
:class:`~divided.games.poker.steps.Draw` and :class:`~divided.games.poker.steps.Bet`.

A call is :data:`~divided.games.poker.actions.CALL_DRAWS` + its index in :func:`schedules`: the
calls in a fixed order, shortest first, then by the draws' sizes in order (lexicographic): for a
table where each player may draw 15 cards, 0: no draw, 1: (1,), ..., 5: (5,), 6: (1, 1), ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, ClassVar

from divided.errors import IllegalActionError
from divided.games.base import RuleOption
from divided.games.poker import actions as act
from divided.games.poker import engine
from divided.games.poker.cards import DECK_SIZE
from divided.games.poker.events import Event
from divided.games.poker.state import evolve_state
from divided.games.poker.steps.base import Automatic, register
from divided.games.poker.steps.bet import Bet
from divided.games.poker.steps.draw import Draw
from divided.games.poker.steps.expand import splice
from divided.games.poker.variant import Step

if TYPE_CHECKING:
    from divided.games.poker.options import Config
    from divided.games.poker.state import PokerState
    from divided.games.poker.view import Position

LARGEST_DRAW = 5

MAX_DRAWS_OPTION = RuleOption("max_draws", (3, 1, 2), "the most draws the dealer may call before the deal")
"""The option ``max_draws`` of a game with the dealer's call; its step is
``CallDraws(most=by_option("max_draws", MAX_DRAWS))``."""

MAX_DRAWS = {1: 1, 2: 2, 3: 3}


@dataclass(frozen=True)
class CallDraws(Step):
    """The dealer calls up to ``most`` draws of ``slot`` for hands of ``size`` cards dealt."""

    kind: ClassVar[str] = "call-draws"
    most: int = 3
    slot: str = "hand"
    size: int = 5


@dataclass(frozen=True)
class CalledRounds(Step):
    """Where the called draws and their betting rounds go (replaced once the call is made)."""

    kind: ClassVar[str] = "called-rounds"


@cache
def schedules(most: int, per_player: int) -> tuple[tuple[int, ...], ...]:
    """Every call of at most ``most`` draws of 1-5 cards totalling at most ``per_player``, in the
    order of the actions (see the module text)."""
    found: list[tuple[int, ...]] = []
    for length in range(most + 1):
        found += [draws for draws in product(range(1, LARGEST_DRAW + 1), repeat=length) if sum(draws) <= per_player]
    if len(found) > act.CALL_SCHEDULES:
        raise ValueError(f"{len(found)} calls of up to {most} draws: more than the {act.CALL_SCHEDULES} actions")
    return tuple(found)


def calls_of(step: CallDraws, players: int) -> tuple[tuple[int, ...], ...]:
    """The calls the dealer may make at a table of ``players``."""
    return schedules(step.most, (DECK_SIZE - step.size * players) // players)


def called_steps(step: CallDraws, draws: tuple[int, ...]) -> tuple[Step, ...]:
    """The betting rounds and draws a call makes (T4 sizes)."""
    rounds = len(draws) + 1
    sizes = ["big"] if rounds == 1 else ["small" if i < rounds // 2 else "big" for i in range(rounds)]
    made: list[Step] = [Bet(sizes[0])]
    for size, draw in zip(sizes[1:], draws, strict=True):
        made += [Draw(slot=step.slot, most=draw), Bet(size)]
    return tuple(made)


class CallDrawsKind:
    def enter(self, step: Step, state: PokerState) -> PokerState:
        return state

    def actor(self, step: Step, state: PokerState) -> int:
        return state.button

    def legal(self, step: Step, position: Position) -> list[int]:
        assert isinstance(step, CallDraws)
        return [act.CALL_DRAWS + i for i in range(len(calls_of(step, position.config.players)))]

    def apply(self, step: Step, state: PokerState, action: int) -> PokerState:
        assert isinstance(step, CallDraws)
        draws = calls_of(step, state.players)[action - act.CALL_DRAWS]
        steps = state.config.steps
        at = next((i for i in range(state.step + 1, len(steps)) if isinstance(steps[i], CalledRounds)), None)
        if at is None:
            raise ValueError("the variant calls draws but has no CalledRounds step to put them in")
        state = splice(state, called_steps(step, draws), at=at, replacing=1)
        state = evolve_state(state, events=(*state.events, Event(state.step, state.button, "call-draws", counts=draws)))
        return engine.next_step(state)

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return state

    def describe(self, step: Step, position: Position, action: int) -> tuple[str, str, tuple[int, ...]]:
        assert isinstance(step, CallDraws)
        calls = calls_of(step, position.config.players)
        if not 0 <= action - act.CALL_DRAWS < len(calls):
            raise IllegalActionError(f"action {action} is not a call of the draws")
        draws = calls[action - act.CALL_DRAWS]
        if not draws:
            return "call-draws", "call no draw", ()
        return "call-draws", "call " + ", then ".join(f"a draw of {d}" for d in draws), ()

    def max_moves(self, step: Step, config: Config) -> int:
        """The call, then the most called draws (cards dealt with each) and betting rounds."""
        assert isinstance(step, CallDraws)
        from divided.games.poker.rules import bet_round_moves

        return 1 + step.most * (1 + LARGEST_DRAW) * config.players + (step.most + 1) * bet_round_moves(config)


class CalledRoundsKind(Automatic):
    def enter(self, step: Step, state: PokerState) -> PokerState:
        raise ValueError("the called rounds were reached before the dealer's call: put CallDraws before them")

    def resume(self, step: Step, state: PokerState) -> PokerState:
        return self.enter(step, state)


register(CallDraws.kind, CallDrawsKind())
register(CalledRounds.kind, CalledRoundsKind())

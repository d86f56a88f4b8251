"""The heavy work of the web app as plain functions of picklable data, so that a worker process
(:mod:`divided.web.compute`) or the server's own thread runs the same code with the same result.

Each job rebuilds what it needs from a game record (the game, its options, its seed and every
action): a bot's move draws its random numbers from the seed and the move number
(:func:`bot_rng`), so the same record gives the same move wherever it is computed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from divided import games
from divided.bots import advisor
from divided.bots.base import REAL_WEIGHT, Bot, Evaluation, ponder
from divided.games.base import GameRecord, State
from divided.review.base import EXPLAINERS, Allowance, Decision, expert_choice, review_decision

BotFactory = Callable[[str, str], Bot[Any]]
"""Makes a bot from a game id and a bot name (:func:`divided.bots.make_bot`)."""
PONDER_BRANCHES = 6
"""A bot ponders each of the player's possible moves when there are at most this many (a
split's six, a choice's two), and otherwise only the position as it stands."""


def bot_rng(seed: int, move_number: int) -> random.Random:
    """The bot's random numbers at a move: fixed by the game's seed and the move number."""
    return random.Random(f"divided-web-bot:{seed}:{move_number}")


def replay(record: GameRecord) -> State[Any, Any]:
    """The state after ``record``'s actions (each checked again)."""
    return games.load(record.game, **dict(record.options)).replay(record)


def bot_choice(record: GameRecord, bot_name: str, factory: BotFactory) -> Any:
    """What the bot called ``bot_name`` answers at the end of ``record`` (from its own view);
    the caller checks that it is a legal action."""
    state = replay(record)
    bot = factory(record.game, bot_name)
    seed = record.seed if record.seed is not None else 0
    return bot.choose(state.observation(state.current_player()), state.legal_actions(),
                      bot_rng(seed, state.move_number()))


def hint_mix(found: Evaluation, state: State[Any, Any]) -> list[dict[str, Any]] | None:
    """Where the advisor plays a mixed strategy, the actions it plays with real weight (at least
    :data:`~divided.review.base.REAL_WEIGHT`), most played first, each with its label, its
    weight and its value; ``None`` where it plays one action. A function of the player's view
    (the evaluation is), like the rest of the hint."""
    policy = found.policy
    if policy is None:
        return None
    played = sorted((action for action, weight in policy.items() if weight >= REAL_WEIGHT),
                    key=lambda action: (-policy[action], action))
    return [{"action": action, "label": state.action_to_string(action), "weight": policy[action],
             "value": found.values[action]} for action in played]


def hint_of(state: State[Any, Any], seat: int, budget: int, salt: int) -> dict[str, Any]:
    """The advisor's suggestion for ``seat``'s decision at ``state`` (from its view only):
    the action, its label, value and error, the mix and whether the opponent left the path.
    The action is the review's expert's choice (:func:`~divided.review.base.expert_choice`: the
    advisor's pick, after a closer look of its top two where their order is not settled), its
    value and error the sharper ones."""
    view = state.observation(seat)
    legal = list(state.legal_actions(seat))
    expert = advisor(state.game.info.short_name, budget=budget)
    chosen = expert_choice(expert, view, legal, salt)
    action, found = chosen.action, chosen.found
    return {"action": action, "label": state.action_to_string(action), "value": chosen.values[action],
            "error": chosen.errors[action], "mix": hint_mix(found, state),
            "opponent_off_path": found.opponent_off_path, "unit": value_unit(state.game.info.short_name)}


def value_unit(game: str) -> str | None:
    """How ``game``'s advisor values read in words, as its review explainer names a hundredth of
    them (poker: ``"% of the pot"``); ``None``: chances to win."""
    if not EXPLAINERS.supports(game):
        return None
    unit = getattr(EXPLAINERS.get(game), "unit", None)
    return unit if isinstance(unit, str) else None


def hint_job(record: GameRecord, seat: int, budget: int, salt: int) -> dict[str, Any]:
    """:func:`hint_of` at the end of ``record``."""
    return hint_of(replay(record), seat, budget, salt)


def review_job(decision: Decision, salt: int, budget: int, worlds: int,
               seconds: float | None) -> tuple[Any, int]:
    """One reviewed decision and the worlds the review has left after it (``worlds`` and
    ``seconds`` are what its allowance had left before)."""
    allowance = Allowance.starting(worlds, None if seconds is None else max(0.0, seconds))
    bot = advisor(decision.game, budget=budget)
    return review_decision(bot, decision, salt, allowance), allowance.worlds


def think_ahead(state: State[Any, Any], bots: Mapping[int, Bot[Any]], human: int, seed: int,
                go_on: Callable[[], bool]) -> None:
    """Each bot ponders its view of ``state``; where one asks to look further and ``human``
    has at most :data:`PONDER_BRANCHES` moves, each is played ahead with the bots' replies
    (:func:`play_ahead`). Stops before any step once ``go_on`` says no."""
    further = [ponder(bot, state.observation(seat)) for seat, bot in bots.items() if go_on()]
    legal = state.legal_actions(human)
    if not any(further) or len(legal) > PONDER_BRANCHES:
        return
    for action in legal:
        ahead = state.clone()
        ahead.apply_action(action, player=human)
        play_ahead(ahead, bots, human, seed, go_on)


def play_ahead(state: State[Any, Any], bots: Mapping[int, Bot[Any]], human: int, seed: int,
               go_on: Callable[[], bool]) -> None:
    """The bots' replies from ``state`` up to ``human``'s turn, each bot pondering its view
    of every position on the way; stops where the bot to move does not ask to look further, or
    when ``go_on`` says so."""
    while not state.is_terminal() and go_on():
        mover = state.current_player()
        further = {seat: ponder(bot, state.observation(seat)) for seat, bot in bots.items()}
        if mover == human or not further.get(mover, False):
            return
        legal = state.legal_actions()
        action = bots[mover].choose(state.observation(mover), legal, bot_rng(seed, state.move_number()))
        if action not in legal:
            return
        state.apply_action(action, player=mover)


def ponder_job(record: GameRecord, seats: tuple[str | None, ...], human: int, factory: BotFactory,
               forgets: int) -> None:
    """:func:`think_ahead` at the end of ``record`` in a worker (see
    :func:`divided.web.compute.may_go_on`)."""
    from divided.web.compute import may_go_on

    state = replay(record)
    bots = {seat: factory(record.game, name) for seat, name in enumerate(seats) if name is not None}
    seed = record.seed if record.seed is not None else 0
    think_ahead(state, bots, human, seed, lambda: may_go_on(forgets))

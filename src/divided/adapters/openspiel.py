"""Divided Ranks as an OpenSpiel Python game: ``pyspiel.load_game("python_divided_ranks")``.

Importing this module registers the game. The adapter is thin: every state wraps an engine
:class:`divided.games.base.State` and every rule question is asked of the engine. The
information state of a player is their :class:`PlayerView` (exactly what they know); the
observation equals it. ``resample_from_infostate`` draws a consistent full state with
:func:`divided.games.divided_ranks.worlds.sample_state`, so OpenSpiel's ISMCTS can search the game.

>>> import pyspiel
>>> game = pyspiel.load_game("python_divided_ranks(swap=face-up)")
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(360, 21, 36)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from divided import games
from divided.cards import mask_indices
from divided.errors import RuleOptionError
from divided.games.base import Game as EngineGame
from divided.games.base import State as EngineState
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.options import OPTIONS, Options
from divided.games.divided_ranks.rules import INFO
from divided.games.divided_ranks.state import (
    ROUNDS,
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import (
    PlayerView,
    SeenBuild,
    SeenChoice,
    SeenEvent,
    SeenReserve,
    SeenSplit,
)
from divided.hands.arrange import SPLIT_COUNT

SHORT_NAME = "python_divided_ranks"
_ENGINE_NAME = "divided-ranks"
_CARDS = 21
_PHASES = tuple(Phase)

COIN = -1
"""The OpenSpiel value of ``first_splitter`` for a coin flip (OpenSpiel parameters have one type)."""

DEFAULT_PARAMS: dict[str, str | int] = {
    option.name: COIN if option.name == "first_splitter" else option.default for option in OPTIONS
}
"""The game's parameters (the engine's rule options) and their defaults. Integer options take
integers (``first_splitter``: -1 for the coin flip, 0 or 1; ``rounds``; ``opening_seed``),
the others text, as OpenSpiel's parameter syntax writes them."""

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python " + INFO.long_name,
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=INFO.max_players,
    min_num_players=INFO.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def engine_options(params: dict[str, Any] | None) -> dict[str, str | int]:
    """The engine's rule options for OpenSpiel parameters; unknown names raise.

    >>> engine_options({"first_splitter": -1, "rounds": 1})["first_splitter"]
    'coin'
    """
    params = dict(params or {})
    unknown = sorted(set(params) - set(DEFAULT_PARAMS))
    if unknown:
        raise RuleOptionError(
            f"unknown parameter {', '.join(unknown)} of {SHORT_NAME}; it has: {', '.join(DEFAULT_PARAMS)}"
        )
    options = {name: params.get(name, default) for name, default in DEFAULT_PARAMS.items()}
    if options["first_splitter"] not in (COIN, 0, 1) or isinstance(options["first_splitter"], bool):
        raise RuleOptionError(
            f"parameter first_splitter={options['first_splitter']!r} of {SHORT_NAME} must be "
            f"{COIN} (a coin flip), 0 or 1"
        )
    if options["first_splitter"] == COIN:
        options["first_splitter"] = "coin"
    return options


def game_info(options: Options) -> Any:
    """OpenSpiel's GameInfo for one setting: the longest game counts every chance node."""
    coins = (options.first_splitter == "coin") + (options.reserve_order == "coin")
    builds = 0 if options.auto_build else 2
    return pyspiel.GameInfo(
        num_distinct_actions=INFO.num_distinct_actions,
        max_chance_outcomes=INFO.max_chance_outcomes,
        num_players=INFO.num_players,
        min_utility=INFO.min_utility,
        max_utility=INFO.max_utility,
        utility_sum=INFO.utility_sum,
        max_game_length=coins + _CARDS + 2 * options.rounds + 2 + builds,
    )


class DividedRanksGame(pyspiel.Game):  # type: ignore[misc]
    """Divided Ranks with fixed rule options, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.engine: EngineGame[DividedRanksState, PlayerView] = games.load(_ENGINE_NAME, **engine_options(params))
        self.options = Options.from_mapping(dict(self.engine.options))
        values = {name: self.engine.options[name] for name in DEFAULT_PARAMS}
        if values["first_splitter"] == "coin":
            values["first_splitter"] = COIN
        super().__init__(_GAME_TYPE, game_info(self.options), values)

    def new_initial_state(self) -> DividedRanksOpenSpielState:
        return DividedRanksOpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


class DividedRanksOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an engine state (no seed: chance nodes are explicit)."""

    def __init__(self, game: DividedRanksGame, engine_state: EngineState[DividedRanksState, PlayerView] | None = None) -> None:
        super().__init__(game)
        self._engine = engine_state if engine_state is not None else game.engine.new_initial_state()

    @property
    def engine_state(self) -> EngineState[DividedRanksState, PlayerView]:
        return self._engine

    @property
    def core(self) -> DividedRanksState:
        core: DividedRanksState = self._engine.core
        return core

    def view(self, player: int) -> PlayerView:
        """The engine's view of ``player`` (their information state)."""
        view: PlayerView = self._engine.observation(player)
        return view

    # -- OpenSpiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        player = self._engine.current_player()
        if player == games.TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == games.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._engine.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._engine.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._engine.apply_action(int(action))  # the engine checks legality and raises

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            phase = self.core.phase
            if phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
                return f"Coin:{phase}:player {action}"
            return f"Deal:{self._engine.action_to_string(action)}"
        return self._engine.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._engine.is_terminal()

    def returns(self) -> list[float]:
        return self._engine.returns()

    def __str__(self) -> str:
        return str(self._engine)

    # -- determinisation for ISMCTS --------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DividedRanksOpenSpielState:
        """A full state drawn from those consistent with ``player_id``'s information state.

        The random draw is seeded from ``probability_sampler()`` (a uniform number in [0, 1)).
        The new state is reached by replaying its whole history, so ``history()`` is right.
        """
        from divided.games.divided_ranks.worlds import sample_state

        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        core = sample_state(self.view(player_id), rng)
        state = DividedRanksOpenSpielState(self.get_game())
        for action in history_of(core):
            state.apply_action(action)
        if state.core != core:  # pragma: no cover - a broken sampler or history
            raise AssertionError("resampled state does not replay to the sample")
        return state


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


# -- the observer --------------------------------------------------------------------------
_PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("seat", (2,)),
    ("current_player", (4,)),  # player 0, player 1, chance, terminal
    ("phase", (len(_PHASES),)),
    ("round", (ROUNDS + 1,)),
    ("first_splitter", (3,)),  # unknown, 0, 1
    ("reserve_first", (3,)),
    ("hand", (_CARDS,)),
    ("hand_sizes", (2, 11)),
    ("stock_size", (_CARDS,)),
    ("drawn", (_CARDS,)),
    ("offer", (_CARDS,)),
    ("offer_face_down", (_CARDS,)),
    ("split_splitter", (ROUNDS, 2)),
    ("split_drawn", (ROUNDS, _CARDS)),
    ("split_face_up", (ROUNDS, _CARDS)),
    ("choice_took", (ROUNDS, 2)),  # face-up, face-down
    ("choice_face_down", (ROUNDS, _CARDS)),
    ("reserve_player", (2, 2)),
    ("reserve_swapped", (2, 2)),  # kept, swapped
    ("reserve_gave", (2, _CARDS)),
    ("reserve_took", (2, _CARDS)),
    ("built", (2,)),
    ("build", (2, SPLIT_COUNT)),
    ("winner", (3,)),  # draw, player 0, player 1
)


def _set_mask(row: Any, mask: int) -> None:
    for card in mask_indices(mask):
        row[card] = 1


def public_view(view: PlayerView) -> PlayerView:
    """The part of ``view`` both players know (the same from either player's view).

    Private to one player: their hand, the four cards they split, the face-down pair they
    offer, a face-down pair only they saw (the chooser took the face-up pair), blind swaps'
    cards and a build before the showdown. The face-up pairs, every choice, a face-down pair
    the chooser took (both saw it), the hand sizes and the stock are public.
    """
    over = view.phase == Phase.OVER
    face_up_swap = view.options.face_up_swap
    log: list[SeenEvent] = []
    for event in view.log:
        if isinstance(event, SeenSplit):
            log.append(replace(event, drawn=None))
        elif isinstance(event, SeenChoice):
            log.append(replace(event, face_down=None if event.took_face_up else event.face_down))
        elif isinstance(event, SeenReserve):
            log.append(event if face_up_swap else replace(event, gave=None, took=None))
        else:
            log.append(event if over else replace(event, split=None))
    return replace(view, player=-1, hand=0, drawn=0, offer_face_down=0, my_build=-1, log=tuple(log))


def private_view(view: PlayerView) -> PlayerView:
    """Only what ``view.player`` sees now and the other player does not: their hand, the
    four cards they are splitting, the face-down pair they offer, their committed build."""
    blank = replace(public_view(view), phase=Phase.DEAL, current_player=games.CHANCE, round=0,
                    first_splitter=-1, reserve_first=-1, hand_sizes=(0, 0), stock_size=0, offer=0,
                    built=(False, False), log=(), outcome=None)
    return replace(blank, player=view.player, hand=view.hand, drawn=view.drawn,
                   offer_face_down=view.offer_face_down, my_build=view.my_build)


class ViewObserver:
    """OpenSpiel's Python observer over :class:`PlayerView`.

    The string is the repr of the view (a frozen dataclass: canonical and complete); the
    tensor one-hot encodes every field of the view. Information state and observation are
    the same thing here: the view already holds everything the player remembers. OpenSpiel's
    factored observations are served too: public information only (``private_info`` NONE:
    :func:`public_view`) and private information only (``public_info`` False:
    :func:`private_view`); the tensor layout is the same in every case.
    """

    def __init__(self, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.project: Any = None
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError(f"{SHORT_NAME} does not provide an observation of every player's private cards")
            if private == pyspiel.PrivateInfoType.NONE:
                self.project = public_view
            elif not iig_obs_type.public_info:
                self.project = private_view
        size = sum(int(np.prod(shape)) for _, shape in _PIECES)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in _PIECES:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + count].reshape(shape)
            index += count

    def _view(self, state: DividedRanksOpenSpielState, player: int) -> PlayerView:
        view = state.view(player)
        return view if self.project is None else self.project(view)

    def set_from(self, state: DividedRanksOpenSpielState, player: int) -> None:
        self.tensor.fill(0)
        view = self._view(state, player)
        private_only = self.project is private_view
        d = self.dict
        if view.player is not None and view.player >= 0:
            d["seat"][view.player] = 1
        _set_mask(d["hand"], view.hand)
        _set_mask(d["drawn"], view.drawn)
        _set_mask(d["offer_face_down"], view.offer_face_down)
        if view.my_build >= 0:
            d["build"][view.player, view.my_build] = 1
        if private_only:
            return
        current = view.current_player
        d["current_player"][current if current >= 0 else (2 if current == games.CHANCE else 3)] = 1
        d["phase"][_PHASES.index(view.phase)] = 1
        d["round"][min(view.round, ROUNDS)] = 1
        d["first_splitter"][view.first_splitter + 1] = 1
        d["reserve_first"][view.reserve_first + 1] = 1
        for seat, count in enumerate(view.hand_sizes):
            d["hand_sizes"][seat, count] = 1
        d["stock_size"][min(view.stock_size, _CARDS - 1)] = 1
        _set_mask(d["offer"], view.offer)
        splits = choices = reserves = 0
        for event in view.log:
            if isinstance(event, SeenSplit):
                d["split_splitter"][splits, event.splitter] = 1
                _set_mask(d["split_drawn"][splits], event.drawn or 0)
                _set_mask(d["split_face_up"][splits], event.face_up)
                splits += 1
            elif isinstance(event, SeenChoice):
                d["choice_took"][choices, 0 if event.took_face_up else 1] = 1
                _set_mask(d["choice_face_down"][choices], event.face_down or 0)
                choices += 1
            elif isinstance(event, SeenReserve):
                d["reserve_player"][reserves, event.player] = 1
                d["reserve_swapped"][reserves, int(event.swapped)] = 1
                if event.gave is not None:
                    d["reserve_gave"][reserves, event.gave] = 1
                if event.took is not None:
                    d["reserve_took"][reserves, event.took] = 1
                reserves += 1
            else:
                assert isinstance(event, SeenBuild)
                d["built"][event.player] = 1
                if event.split is not None:
                    d["build"][event.player, event.split] = 1
        if view.outcome is not None:
            winner = view.outcome.winner
            d["winner"][0 if winner is None else winner + 1] = 1

    def string_from(self, state: DividedRanksOpenSpielState, player: int) -> str:
        return repr(self._view(state, player))


pyspiel.register_game(_GAME_TYPE, DividedRanksGame)

__all__ = [
    "DEFAULT_PARAMS",
    "SHORT_NAME",
    "DividedRanksGame",
    "DividedRanksOpenSpielState",
    "ViewObserver",
    "engine_options",
    "game_info",
    "history_of",
    "private_view",
    "public_view",
]

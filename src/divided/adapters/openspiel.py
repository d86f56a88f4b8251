"""Every game with an observation layout as an OpenSpiel Python game: ``python_<game>_v1``.

Importing this module registers ``python_<game>_v1`` (hyphens become underscores) for every game
of :func:`divided.games.names` whose room has an observation layout, plus any older names a
game's adapter parts list (Divided Ranks keeps ``python_divided_ranks``); :func:`register` adds a
game registered later. The adapter is thin and generic over rooms:

* ``GameType`` comes from the rules' :class:`~divided.games.base.GameInfo`, its parameters from
  the rule options (OpenSpiel parameters have one type each, so an option mixing text and whole
  numbers, e.g. ``first_splitter``: coin, 0, 1, takes numbers and writes its text choices as -1,
  -2, ... in order); ``GameInfo`` from ``rules.game_info(options)``;
* every state wraps an engine :class:`~divided.games.base.State`, and every rule question is
  asked of the engine;
* the information state of a player is their view (exactly what they know), and so is the
  observation: the string is ``repr(view)``, the tensor the room's layout, ``encode(view)``
  unpacked (OpenSpiel's public-only and private-only observations are served when the layout
  offers the projections, see :class:`~divided.adapters.rooms.FactoredLayout`);
* ``resample_from_infostate`` draws a consistent full state from the room's world sampler, so
  OpenSpiel's ISMCTS can search the game.

>>> import pyspiel
>>> game = pyspiel.load_game("python_divided_ranks_v1(swap=face-up)")
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(360, 21, 36)
>>> pyspiel.load_game("python_divided_ranks").get_type().short_name
'python_divided_ranks'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from divided import games
from divided.adapters.rooms import VERSION, FactoredLayout, layout_of, part, room_of, short_name, size, unpack
from divided.errors import RuleOptionError, UnsupportedGameError
from divided.games.base import CHANCE, TERMINAL, GameInfo, OptionValue, RuleOption
from divided.games.base import Game as EngineGame
from divided.games.base import State as EngineState
from divided.games.room import GameRoom, ObservationLayout


# -- parameters: rule options in OpenSpiel's one-type-per-parameter syntax -------------------------
@dataclass(frozen=True)
class Parameters:
    """The rule options of ``game`` as OpenSpiel parameters.

    ``codes[name]`` maps each text choice of an option that also takes whole numbers to its
    number (-1, -2, ... in order); other options keep their values.
    """

    game: str
    name: str
    options: tuple[RuleOption, ...]
    codes: Mapping[str, Mapping[str, int]]

    @classmethod
    def of(cls, game: str, name: str | None = None) -> Parameters:
        options = games.load(game).rules.info.options
        codes: dict[str, dict[str, int]] = {}
        for option in options:
            texts = [choice for choice in option.choices if isinstance(choice, str)]
            numeric = option.integers is not None or any(isinstance(c, int) for c in option.choices)
            if texts and numeric:
                codes[option.name] = {text: -1 - n for n, text in enumerate(texts)}
        return cls(game, name or short_name(game), options, codes)

    def to_param(self, option: str, value: OptionValue) -> str | int:
        """One engine option value as OpenSpiel writes it."""
        if isinstance(value, str) and option in self.codes:
            return self.codes[option][value]
        return value

    @property
    def defaults(self) -> dict[str, str | int]:
        """The parameter specification: every option at its default."""
        return {option.name: self.to_param(option.name, option.default) for option in self.options}

    def engine_options(self, params: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """The engine's rule options for OpenSpiel parameters; unknown names and bad values raise
        :class:`RuleOptionError` (a ``ValueError``) naming the parameter."""
        params = dict(params or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(params) - set(known))
        if unknown:
            raise RuleOptionError(f"unknown parameter {', '.join(unknown)} of {self.name}; "
                                  f"it has: {', '.join(known)}")
        values: dict[str, OptionValue] = {}
        for name, option in known.items():
            value = params.get(name, self.to_param(name, option.default))
            texts = {code: text for text, code in self.codes.get(name, {}).items()}
            if type(value) is int and value in texts:
                value = texts[value]
            elif type(value) is int and value < 0 and texts:
                raise RuleOptionError(f"parameter {name}={value!r} of {self.name} must be "
                                      + ", ".join(f"{code} ({text})" for code, text in texts.items())
                                      + f" or one of {option.values_text}")
            try:
                values[name] = option.validate(value)
            except RuleOptionError as error:
                codes = ", ".join(f"{code} is {text}" for code, text in texts.items())
                raise RuleOptionError(f"parameter of {self.name}: {error}"
                                      + (f" (as a parameter, {codes})" if codes else "")) from None
        return values


def _game_type(name: str, info: GameInfo, params: Parameters, layout: ObservationLayout[Any]) -> Any:
    dynamics = {"sequential": pyspiel.GameType.Dynamics.SEQUENTIAL}
    chance = {"explicit-stochastic": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
              "deterministic": pyspiel.GameType.ChanceMode.DETERMINISTIC}
    information = {"imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
                   "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION}
    if info.dynamics not in dynamics or info.chance_mode not in chance or info.information not in information:
        raise UnsupportedGameError(f"the OpenSpiel adapter cannot serve {params.game!r}: dynamics "
                                   f"{info.dynamics!r}, chance {info.chance_mode!r}, information {info.information!r}")
    if info.utility_sum is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif info.utility_sum == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=name,
        long_name="Python " + info.long_name,
        dynamics=dynamics[info.dynamics],
        chance_mode=chance[info.chance_mode],
        information=information[info.information],
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params.defaults,
    )


def game_info(info: GameInfo) -> Any:
    """OpenSpiel's GameInfo of the engine's per-options :class:`GameInfo`."""
    return pyspiel.GameInfo(
        num_distinct_actions=info.num_distinct_actions,
        max_chance_outcomes=info.max_chance_outcomes,
        num_players=info.num_players,
        min_utility=info.min_utility,
        max_utility=info.max_utility,
        utility_sum=info.utility_sum,
        max_game_length=info.max_game_length,
    )


# -- games and states ------------------------------------------------------------------------------
class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the project with fixed rule options, as an OpenSpiel game."""

    def __init__(self, game: str, params: Mapping[str, Any] | None = None, name: str | None = None) -> None:
        self.game_id = game
        self.parameters = Parameters.of(game, name)
        self.engine: EngineGame[Any, Any] = games.load(game, **self.parameters.engine_options(params))
        self.room: GameRoom[Any, Any] = room_of(game)
        self.layout: ObservationLayout[Any] = self.room.observation
        values = {name: self.parameters.to_param(name, value) for name, value in self.engine.options.items()}
        game_type = _game_type(self.parameters.name, self.engine.rules.info, self.parameters, self.layout)
        super().__init__(game_type, game_info(self.engine.info), values)
        self.tensor_observer = ViewObserver(self.layout, None, None, self.parameters.name)
        """The observer of :meth:`OpenSpielState.observation_tensor` (OpenSpiel's default and
        information-state observation types both mean the whole view here)."""

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self.layout, iig_obs_type, params, self.parameters.name)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an engine state (no seed: chance nodes are explicit)."""

    def __init__(self, game: OpenSpielGame, engine_state: EngineState[Any, Any] | None = None) -> None:
        super().__init__(game)  # (the game is not kept here: a clone would deep-copy it)
        self._engine = engine_state if engine_state is not None else game.engine.new_initial_state()

    @property
    def engine_state(self) -> EngineState[Any, Any]:
        return self._engine

    @property
    def core(self) -> Any:
        """The engine's full core state (hidden information included)."""
        return self._engine.core

    def view(self, player: int) -> Any:
        """The engine's view of ``player`` (their information state)."""
        return self._engine.observation(player)

    # -- OpenSpiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        player = self._engine.current_player()
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._engine.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._engine.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._engine.apply_action(int(action))  # the engine checks legality and raises

    def _action_to_string(self, player: int, action: int) -> str:
        text = self._engine.action_to_string(action)
        if player == pyspiel.PlayerId.CHANCE:
            chance_text = part(self.get_game().game_id, "chance_text")
            if chance_text is not None:
                return str(chance_text(self.core, action, text))
            return f"Chance:{self._engine.chance_node().name}:{text}"
        return text

    def is_terminal(self) -> bool:
        return self._engine.is_terminal()

    def returns(self) -> list[float]:
        return self._engine.returns()

    def __str__(self) -> str:
        return str(self._engine)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s (by default the current player's) tensor, as pyspiel's own gives it.

        Answered here for Python callers: pyspiel's asks the game for the tensor's size first,
        which builds a new initial state and encodes its view, at every call (two encodings).
        C++ callers still take pyspiel's path (the same values)."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.num_players():
            raise pyspiel.SpielError(f"no player {player} to observe (players are 0-{self.num_players() - 1})")
        observer: ViewObserver = self.get_game().tensor_observer
        observer.set_from(self, player)
        tensor: list[float] = observer.tensor.tolist()
        return tensor

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The same as :meth:`observation_tensor` (the view holds everything the player remembers)."""
        return self.observation_tensor(player)

    # -- determinisation for ISMCTS --------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A full state drawn by the room's world sampler from those consistent with
        ``player_id``'s information state.

        The random draw is seeded from ``probability_sampler()`` (a uniform number in [0, 1)).
        With the game's ``history_of`` part the new state is reached by replaying its whole
        history, so ``history()`` is right; without it the sampled state is wrapped as it is.
        """
        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        game: OpenSpielGame = self.get_game()
        return state_from_core(game, game.room.sampler(self.view(player_id)).sample(rng))


def state_from_core(game: OpenSpielGame, core: Any) -> OpenSpielState:
    """An OpenSpiel state of ``game`` at the engine core state ``core`` (see
    :meth:`OpenSpielState.resample_from_infostate`)."""
    history_of = part(game.game_id, "history_of")
    if history_of is None:
        return OpenSpielState(game, EngineState(game.engine, core))
    state = OpenSpielState(game)
    for action in history_of(core):
        state.apply_action(action)
    if state.core != core:  # pragma: no cover - a broken sampler or history
        raise AssertionError("a sampled state does not replay to itself")
    return state


# -- the observer ----------------------------------------------------------------------------------
class ViewObserver:
    """OpenSpiel's Python observer over a room's observation layout.

    The string is the repr of the view (a frozen dataclass: canonical and complete); the tensor
    is the layout's encoding of it. Information state and observation are the same thing here:
    the view already holds everything the player remembers. OpenSpiel's factored observations
    are served when the layout is a :class:`FactoredLayout`: public information only
    (``private_info`` NONE) and private information only (``public_info`` False); the tensor
    layout is the same in every case.
    """

    def __init__(self, layout: ObservationLayout[Any], iig_obs_type: Any = None, params: Any = None,
                 name: str = "this game") -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.layout = layout
        self.project: Any = None
        self.keep = -1  # the bits kept (all but a private-only observation's public part)
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError(f"{name} does not provide an observation of every player's private cards")
            wants_public = private == pyspiel.PrivateInfoType.NONE
            wants_private = not wants_public and not iig_obs_type.public_info
            if wants_public or wants_private:
                if not isinstance(layout, FactoredLayout):
                    raise ValueError(f"{name} provides no public-only or private-only observation")
                self.project = layout.public if wants_public else layout.private
                if wants_private:
                    self.keep = layout.private_mask()
        # the layout's fast path from the core state (the view's bits without the view), for whole views
        self.from_state = self.project is None and callable(getattr(layout, "encode_state", None))
        self.size = size(layout)
        self.tensor = np.zeros(self.size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for piece, shape in layout.pieces:
            count = int(np.prod(shape))
            self.dict[piece] = self.tensor[index : index + count].reshape(shape)
            index += count

    def _view(self, state: OpenSpielState, player: int) -> Any:
        view = state.view(player)
        return view if self.project is None else self.project(view)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        if self.from_state:
            engine = state.engine_state
            bits = self.layout.encode_state(engine.core, player, engine.current_player())  # type: ignore[attr-defined]
        else:
            bits = self.layout.encode(self._view(state, player))
        self.tensor[:] = unpack(bits & self.keep, self.size, np.float32)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return repr(self._view(state, player))


# -- registration ----------------------------------------------------------------------------------
def _factory(game: str, name: str) -> type[OpenSpielGame]:
    """A subclass of :class:`OpenSpielGame` fixed to one game and name (OpenSpiel calls it with
    the parameters; it is kept in this module, where pickle looks for it). A class, not a closure: OpenSpiel's registry keeps its creators to the end
    of the process, and a class stays alive until then, where a closure would be freed by
    OpenSpiel without Python's lock at exit and abort the interpreter."""

    def __init__(self: OpenSpielGame, params: Mapping[str, Any] | None = None) -> None:
        OpenSpielGame.__init__(self, game, params, name)

    cls = type(f"OpenSpielGame_{name}", (OpenSpielGame,), {"__init__": __init__, "__module__": __name__})
    globals()[cls.__name__] = cls  # found by name when a game is pickled
    return cls


def register(game: str) -> str:
    """Register ``game`` (which needs an observation layout) with OpenSpiel under
    :func:`short_name` and its aliases; returns the short name. Registering again does nothing."""
    layout = layout_of(game)
    if layout is None:
        raise UnsupportedGameError(f"game {game!r} has no observation layout, so no OpenSpiel adapter")
    known = set(pyspiel.registered_names())
    info = games.load(game).rules.info
    for name in (short_name(game), *(part(game, "aliases") or ())):
        if name not in known:
            pyspiel.register_game(_game_type(name, info, Parameters.of(game, name), layout), _factory(game, name))
    return short_name(game)


def register_all() -> list[str]:
    """Register every known game with an observation layout; their short names."""
    return [register(game) for game in games.names() if layout_of(game) is not None]


REGISTERED = register_all()
"""The short names registered when this module was imported."""

__all__ = [
    "REGISTERED",
    "VERSION",
    "OpenSpielGame",
    "OpenSpielState",
    "Parameters",
    "ViewObserver",
    "game_info",
    "register",
    "register_all",
    "short_name",
    "state_from_core",
]

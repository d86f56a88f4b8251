"""Every game with an observation layout as a PettingZoo AEC environment: ``env(game, **options)``.

Agents are ``player_0`` ... ``player_<n-1>`` (the engine's seats; ``n`` from the game's
``game_info``). Chance is resolved by the engine from the reset seed, so the same seed always
gives the same deal; no agent ever sees a chance node. The action space is
``Discrete(num_distinct_actions)``, the engine's own player-action numbering, with an action
mask from the legal actions. An illegal action raises
:class:`~divided.errors.IllegalActionError` and changes nothing: no wrapper here replaces or
punishes it. The environment's name is ``<game>_v1`` (``divided_ranks_v1``).

Each observation is ``{"observation": int8 vector, "action_mask": int8 vector}``; the vector is
the game room's observation layout (:class:`~divided.games.room.ObservationLayout`) encoding the
agent's view, ``layout.encode(rules.observe(state, player))``: a function of the view alone, so
it never carries hidden information. A layout that offers ``encode_state`` (its fast path,
:class:`~divided.games.room.StateEncoding`: the same bits from the core state without building
the view) is asked that instead. Another layout of the game can be passed as ``layout``
(Divided Ranks' :data:`~divided.games.divided_ranks.encoding.SUMMARY` is the 328-entry vector
this environment gave before every game had a room).

>>> e = env("divided-ranks", first_splitter=0)
>>> e.reset(seed=3)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((837,), 6)
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from divided import games
from divided.adapters.rooms import VERSION, room_of, size
from divided.errors import IllegalActionError
from divided.games.base import TERMINAL, State
from divided.games.room import ObservationLayout

Int8Array = npt.NDArray[np.int8]
_FEW_LEGAL = 256
"""Up to this many legal actions the mask is set in a bytearray, one entry at a time: faster than
numpy's ``np.zeros`` and fancy indexing with the list (which converts it first) for 24 to 150
legal actions as for a few, in a scratch timing (BENCHMARKS.md, seventh pass)."""
_LARGE_MASK = 1024
"""From this many actions on, masks are :class:`ActionMask` (below, the plain array's ``nonzero``
is as fast)."""
_INT8 = np.dtype(np.int8)
_BOOL = np.dtype(np.bool_)
_UNPACK = np.unpackbits
"""The observation's bytes as its entries, arguments by position (a tenth faster than by name, or
than looking each byte up as its 8 entries: 1.2 µs instead of 1.3 for DIVIDE's 1,836)."""


class ActionMask(np.ndarray[Any, np.dtype[Any]]):
    """An ``int8`` action mask (the dtype gymnasium's ``Discrete.sample(mask)`` asks for) whose
    nonzero entries (``np.flatnonzero``, ``np.nonzero``, ``np.where(mask)``, ``mask.nonzero()``)
    numpy would find entry by entry, found faster:

    * a mask made by :meth:`of_legal` (as the environment makes them) keeps its memory (a
      ``bytearray``) and a copy of it, and while the two are equal (a write to it, or to any
      array sharing its memory, changes the first) answers from the copy read as booleans (0s and 1s:
      numpy's fast path), through ``__array_function__`` (numpy's path to ``nonzero`` is
      several Python calls): about two thirds of the time for DIVIDE's 2,986 entries
      (BENCHMARKS.md);
    * otherwise an ``int8`` array is compared with 0 first (numpy finds the nonzero entries of
      a boolean array by a fast path): about 3 µs instead of 7 for DIVIDE's mask, 7 instead of
      40 for Card Commons' 21,077.

    The answer is numpy's for every ``int8`` array, whatever its values; an array of another
    dtype made from a mask (``mask * 0.5``) takes numpy's own path.

    >>> mask = np.zeros(3000, dtype=np.int8).view(ActionMask)
    >>> mask[[7, 2990]] = 1
    >>> np.flatnonzero(mask).tolist(), mask.dtype, isinstance(mask, np.ndarray)
    ([7, 2990], dtype('int8'), True)
    >>> np.flatnonzero(ActionMask.of_legal(3000, [4, 9])).tolist()
    [4, 9]
    """

    @classmethod
    def of_legal(cls, size: int, legal: list[int]) -> ActionMask:
        """A mask of ``size`` entries with ``legal`` set (action numbers 0 to ``size - 1``, in any
        order), that keeps a copy of its entries."""
        entries = bytearray(size)  # the mask's memory: a read compares it with the copy (no tobytes)
        if len(legal) <= _FEW_LEGAL:  # set byte by byte (see _FEW_LEGAL)
            for action in legal:
                entries[action] = 1
        mask = cls((size,), _INT8, entries)
        if len(legal) > _FEW_LEGAL:
            mask[legal] = 1
        mask.__dict__["_legal"] = (entries, bytes(entries))
        return mask

    def _kept_indices(self) -> npt.NDArray[np.intp] | None:
        """The legal actions :meth:`of_legal` kept, if the entries are still the ones it set."""
        kept_pair = self.__dict__.get("_legal")
        if kept_pair is None:
            return None
        entries, kept = kept_pair
        if entries != kept or self.dtype is not _INT8 or self.ndim != 1:
            return None
        return np.ndarray((len(kept),), _BOOL, kept).nonzero()[0]  # (0s and 1s: numpy's fast path for booleans)

    def nonzero(self) -> tuple[npt.NDArray[np.intp], ...]:
        indices = self._kept_indices()
        if indices is not None:
            return (indices,)
        plain = self.view(np.ndarray)
        if self.dtype is _INT8:
            return np.not_equal(plain, 0).nonzero()
        return plain.nonzero()

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """``np.flatnonzero(mask)``, ``np.nonzero(mask)`` and ``np.where(mask)`` straight from the
        kept legal actions (numpy's own path reaches :meth:`nonzero` through several Python
        calls); every other function as numpy's."""
        if func in _NONZERO_FUNCTIONS and len(args) == 1 and args[0] is self and not kwargs:
            kept_pair = self.__dict__.get("_legal")
            if kept_pair is not None and kept_pair[0] == kept_pair[1] and self.dtype is _INT8 and self.ndim == 1:
                kept = kept_pair[1]
                indices = np.ndarray((len(kept),), _BOOL, kept).nonzero()[0]
                return indices if func is _FLATNONZERO else (indices,)
        return super().__array_function__(func, types, args, kwargs)


_FLATNONZERO = np.flatnonzero
_NONZERO_FUNCTIONS = frozenset((np.flatnonzero, np.nonzero, np.where))


def agent_names(players: int) -> list[str]:
    """The agents of an ``players``-player game.

    >>> agent_names(3)
    ['player_0', 'player_1', 'player_2']
    """
    return [f"player_{seat}" for seat in range(players)]


def env_name(game: str) -> str:
    """The environment's name (PettingZoo's ``metadata["name"]``).

    >>> env_name("divided-ranks")
    'divided_ranks_v1'
    """
    return f"{game.replace('-', '_')}_v{VERSION}"


def env(game: str, render_mode: str | None = None, layout: ObservationLayout[Any] | None = None,
        **rule_options: Any) -> AECEnv:
    """The wrapped environment of ``game`` under ``rule_options`` (observations from ``layout``,
    by default the game room's). Out-of-range actions fail an assertion, illegal ones raise
    :class:`~divided.errors.IllegalActionError`; nothing is ever replaced by a legal move.

    The wrappers are PettingZoo's standard two (as in its classic games), subclassed only to
    serve the agent loop faster: its attributes read directly (see :data:`LOOP_ATTRIBUTES`) and
    ``last()`` passed down to the unwrapped environment (neither wrapper alters what it returns).
    """
    environment: AECEnv = raw_env(game, render_mode=render_mode, layout=layout, **rule_options)
    environment = AssertOutOfBoundsWrapper(environment)
    environment = OrderEnforcingWrapper(environment)
    return environment


LastResult = tuple[Any, float, bool, bool, dict[str, Any]]  # what AECEnv.last returns

LOOP_ATTRIBUTES = ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos",
                   "_cumulative_rewards")
"""The attributes the agent loop (``agent_iter``, ``last``, ``step``) reads from the wrappers."""


class AssertOutOfBoundsWrapper(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading :data:`LOOP_ATTRIBUTES` directly."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._unwrapped = env.unwrapped
        self._contains: dict[str, Callable[[Any], bool]] = {}
        self.in_every_space = _common_actions(env)

    def last(self, observe: bool = True) -> LastResult:
        result: LastResult = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        """PettingZoo's check (an action of the space, or ``None`` for a finished agent), asking
        the wrapped environment directly rather than through this wrapper's forwarding (an
        agent's space never changes, so its ``contains`` is looked up once; a plain ``int``
        that every agent's space holds needs no look-up)."""
        env = self.env
        if type(action) is int and action in self.in_every_space:
            env.step(action)
            return
        agent = env.agent_selection
        contains = self._contains.get(agent)
        if contains is None:
            contains = self._contains[agent] = env.action_space(agent).contains
        assert (action is None and (env.terminations[agent] or env.truncations[agent])) or contains(
            action), "action is not in action space"
        env.step(action)


class OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading :data:`LOOP_ATTRIBUTES` directly once reset
    (before, they fall back to its ``__getattr__``, which refuses them). Made for :func:`env`'s
    stack: ``last()`` asks the unwrapped environment directly (the wrapper between alters
    nothing it returns)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        unwrapped = self._unwrapped = self.env.unwrapped
        inner = self.env  # env()'s stack: the out-of-bounds check made here, the raw environment stepped
        self._checked_here = (inner.in_every_space if type(inner) is AssertOutOfBoundsWrapper and inner.env is unwrapped
                              else range(0))
        self.__dict__["last"] = unwrapped.last  # once reset, last() is the unwrapped one's (see last)

    def last(self, observe: bool = True) -> LastResult:
        """``AECEnv.last``: before reset, the wrapper's own error; once reset, the unwrapped
        environment's ``last`` answers (:meth:`reset` sets it on the instance: a call less at
        every step)."""
        result: LastResult = super().last(observe) if not self._has_reset else self._unwrapped.last(observe)
        return result

    def step(self, action: Any) -> None:
        """PettingZoo's order checks, the wrapped environment stepped directly once reset with
        agents left (PettingZoo's own path logs the errors and warnings otherwise)."""
        if self._has_reset and self._unwrapped.agents:
            self._has_updated = True
            if type(action) is int and action in self._checked_here:  # the out-of-bounds wrapper's own check
                self._unwrapped.step(action)
            else:
                self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's order-enforcing agent iterator, each step in one call (:class:`AgentIterator`)."""
        if not self._has_reset:
            return super().agent_iter(max_iter)  # logs the error of an iteration before reset
        return AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's ``AECOrderEnforcingIterable``, iterated by :class:`AgentIterator`."""

    def __iter__(self) -> AgentIterator:
        return AgentIterator(self.env, self.max_iter)


class AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's ``AECOrderEnforcingIterator`` (the agent to act until none is left, and
    ``step()`` or ``reset()`` asked between two agents), its checks in one call reading the
    unwrapped environment directly."""

    def __next__(self) -> str:
        env = self.env
        unwrapped = env._unwrapped
        if not unwrapped.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = unwrapped.agent_selection
        return agent


# PettingZoo's wrappers forward each attribute they lack through ``__getattr__``: a failed
# look-up and two calls per wrapper, several times a step. These properties read the unwrapped
# environment's attribute in one C call; when it raises AttributeError (``_unwrapped`` not yet
# set, or the attribute missing), Python falls back to the wrapper's ``__getattr__``, so every
# error is still the wrapper's own.
for _wrapper in (AssertOutOfBoundsWrapper, OrderEnforcingWrapper):
    for _name in LOOP_ATTRIBUTES:
        setattr(_wrapper, _name, property(attrgetter(f"_unwrapped.{_name}"),
                                          doc=f"The unwrapped environment's ``{_name}``."))
del _wrapper, _name


def _common_actions(env: AECEnv) -> range:
    """The actions every agent's space holds, when each is an :class:`ActionSpace` of the same
    bounds (so a plain ``int`` among them passes PettingZoo's out-of-bounds check); else none."""
    bounds: set[tuple[int, int] | None] = {space._bounds if isinstance(space, ActionSpace) else None
                                           for space in map(env.action_space, getattr(env, "possible_agents", ()))}
    common = bounds.pop() if len(bounds) == 1 else None
    return range(*common) if common is not None else range(0)


class ActionSpace(spaces.Discrete):
    """``Discrete(n)``, answering ``contains`` for a plain ``int`` without numpy (the
    out-of-bounds wrapper asks it at every step), and ``sample(mask)`` for a mask this
    environment made (an :class:`ActionMask` whose entries are still the ones it set) from the
    legal actions it keeps: the draw ``Discrete.sample`` makes (the same generator call on the
    same indices), without its four passes over the mask. Anything else goes to ``Discrete``."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._bounds = (int(self.start), int(self.start + self.n))  # plain ints: numpy scalars compare slowly

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            low, high = self._bounds
            return low <= x < high
        return bool(super().contains(x))

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if probability is None and type(mask) is ActionMask and mask.shape == (self.n,):
            legal = mask._kept_indices()
            if legal is not None:  # (the entries are the 0s and 1s of_legal set: Discrete's checks pass)
                if len(legal):
                    return self.start + self.dtype.type(self.np_random.choice(legal))
                return self.start
        return super().sample(mask, probability)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's naming and untyped base
    """The unwrapped AEC environment of ``game``; ``rule_options`` are the game's rule options."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (each instance gets its own, named after its game)
        "name": "divided_v1",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, layout: ObservationLayout[Any] | None = None,
                 **rule_options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.metadata = {**self.metadata, "name": env_name(game)}
        self.render_mode = render_mode
        self.game = games.load(game, **rule_options)
        self._rules = self.game.rules
        self.layout = layout if layout is not None else room_of(game).observation
        info = self.game.info
        agents = agent_names(info.num_players)
        self._agent_names = agents
        self._player_of_agent = {agent: seat for seat, agent in enumerate(agents)}
        self._actions = info.num_distinct_actions
        self._size = size(self.layout)
        self.possible_agents = list(agents)
        self.agents = list(agents)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0, 1, (self._size,), np.int8),
            "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
        })
        self._action_space = ActionSpace(self._actions)
        self.observation_spaces = dict.fromkeys(agents, self._observation_space)
        self.action_spaces = dict.fromkeys(agents, self._action_space)
        self._rng: np.random.Generator | None = np.random.default_rng()
        self._rng_seed: int | None = None  # the generator still to make, from the last seeded reset
        self.state_: State[Any, Any] | None = None
        self._observed: list[tuple[Any, dict[str, Int8Array]] | None] = [None] * len(agents)
        self._to_move: tuple[Any, int] = (None, TERMINAL)  # (core, its player)
        # The observation's bits become bytes, unpacked by one numpy call; the action mask is a
        # fresh zero vector with the legal actions set (legal sets rarely repeat: Card Commons'
        # 21,077 actions give thousands of them in a hundred matches).
        self._packed_count = (self._size + 7) // 8
        self._packed = np.zeros(self._packed_count, dtype=np.uint8)
        self._packed_bytes = self._packed.data

    @property
    def layout(self) -> ObservationLayout[Any]:
        """The observation layout (another one may be set; it must have the same size)."""
        return self._layout

    @layout.setter
    def layout(self, layout: ObservationLayout[Any]) -> None:
        self._layout = layout
        self._encode_state: Callable[[Any, int, int], int] | None = getattr(layout, "encode_state", None)

    # -- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game --------------------------------------------------------------------------
    @property
    def engine_state(self) -> State[Any, Any]:
        """The engine's state handle (full information: for tests and tools, not agents)."""
        if self.state_ is None:
            raise RuntimeError("reset() must be called before the environment is used")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With ``seed`` the deal is that seed's; without, a seed is drawn from
        the environment's generator (itself seeded by the last seeded reset)."""
        if seed is not None:  # the generator is made only if an unseeded reset needs it
            self._rng, self._rng_seed = None, int(seed)
            game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng(self._rng_seed)
            game_seed = int(self._rng.integers(0, 2**62))
        self.state_ = self.game.new_initial_state(game_seed)
        self._observed = [None] * len(self._agent_names)
        self.agents = list(self._agent_names)
        self.rewards = dict.fromkeys(self._agent_names, 0.0)
        self._cumulative_rewards = dict.fromkeys(self._agent_names, 0.0)
        self.terminations = dict.fromkeys(self._agent_names, False)
        self.truncations = dict.fromkeys(self._agent_names, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self._agent_names}
        current = self.state_.current_player()
        self._to_move = (self.state_.core, current)
        self.agent_selection = self._agent_names[current]

    def last(self, observe: bool = True) -> LastResult:
        """``AECEnv.last``: the agent to act's observation (with ``observe``), cumulative reward,
        termination, truncation and info."""
        agent = self.agent_selection
        assert agent is not None
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, Int8Array]:
        player = self._player_of_agent[agent]
        state = self.state_
        if state is None:
            raise RuntimeError("reset() must be called before the environment is used")
        core = state.core  # frozen: a new one after every action
        observed = self._observed[player]
        if observed is not None and observed[0] is core:
            return observed[1]
        rules = self._rules  # asked directly: the state's own methods repeat their checks
        known_core, current = self._to_move  # (step() has just asked the engine)
        if known_core is not core:
            current = rules.current_player(core)
        encode_state = self._encode_state
        if encode_state is not None:  # the layout's fast path: the view's bits without the view
            bits = encode_state(core, player, current)
        else:
            bits = self._layout.encode(rules.observe(core, player))
        if bits.bit_length() > self._size:
            raise ValueError(f"the observation layout set bits beyond its {self._size} entries")
        self._packed_bytes[:] = bits.to_bytes(self._packed_count, "little")
        mask: Int8Array
        if current == player:
            legal = rules.legal_actions(core)
            if self._actions >= _LARGE_MASK:
                mask = ActionMask.of_legal(self._actions, legal)
            elif len(legal) <= _FEW_LEGAL:  # set byte by byte (see _FEW_LEGAL)
                entries = bytearray(self._actions)
                for action in legal:
                    entries[action] = 1
                mask = np.ndarray((self._actions,), _INT8, entries)  # (np.frombuffer costs twice as much)
            else:
                mask = np.zeros(self._actions, dtype=np.int8)
                mask[legal] = 1
        elif self._actions >= _LARGE_MASK:
            mask = ActionMask.of_legal(self._actions, [])
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        observation = {"observation": _UNPACK(self._packed, -1, self._size, "little").view(_INT8),
                       "action_mask": mask}
        self._observed[player] = (core, observation)
        return observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, np.integer):
                raise IllegalActionError(f"{agent}: an action is an integer 0-{self._actions - 1}, "
                                         f"got {action!r} (nothing changed)")
            action = int(action)
        state = self.state_
        if state is None:
            raise RuntimeError("reset() must be called before the environment is used")
        # The engine raises, changing nothing, if the action is illegal or not the agent's turn.
        state.apply_action(action, self._player_of_agent[agent])
        self._cumulative_rewards[agent] = 0.0
        core = state.core
        current = self._rules.current_player(core)
        self._to_move = (core, current)
        if current == TERMINAL:
            returns = state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self._agent_names)}
            self.terminations = dict.fromkeys(self._agent_names, True)
            self._accumulate_rewards()
        else:  # no reward before the end: rewards stay the zeros of reset(), nothing accumulates
            self.agent_selection = self._agent_names[current]
        if self.render_mode == "human":
            self.render()

    # -- rendering -------------------------------------------------------------------------
    def render(self) -> str | None:
        """The full state as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            return None
        text = str(self.engine_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

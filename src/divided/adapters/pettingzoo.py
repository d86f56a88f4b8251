"""Divided Ranks as a PettingZoo AEC environment (``divided_ranks_v1``).

Agents are ``player_0`` and ``player_1`` (the engine's seats). Chance is resolved by the engine
from the reset seed, so the same seed always gives the same deal; no agent ever sees a chance
node. The action space is ``Discrete(360)``, the engine's own player-action numbering (see
:mod:`divided.games.divided_ranks.actions`), with an action mask. An illegal action raises
:class:`~divided.errors.IllegalActionError` and changes nothing: no wrapper here replaces or
punishes it.

Each observation is ``{"observation": int8 vector, "action_mask": int8 vector}``; the vector is
computed from the agent's :class:`~divided.games.divided_ranks.view.PlayerView` alone (see
:func:`encode_view` for the layout), so it never carries hidden information.

>>> e = env(first_splitter=0)
>>> e.reset(seed=3)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((328,), 6)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from divided import games
from divided.errors import IllegalActionError, NotYourTurnError
from divided.games.base import State
from divided.games.divided_ranks.actions import NUM_DISTINCT_ACTIONS
from divided.games.divided_ranks.state import ROUNDS, Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenReserve, SeenSplit
from divided.hands.arrange import SPLIT_COUNT

CARDS = 21
HAND_SIZE = 10
PHASES: tuple[Phase, ...] = tuple(Phase)
AGENTS: tuple[str, ...] = ("player_0", "player_1")

# Observation layout: (name, width). Card blocks are masks over the 21-card pack.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", CARDS),  # my hand
    ("opponent_known", CARDS),  # cards I watched go to the opponent, still certainly theirs
    ("reserve_known", CARDS),  # the reserve card, when my observations pin it down
    ("drawn", CARDS),  # the four cards I am splitting (splitter only)
    ("offer", CARDS),  # the face-up pair on the table (while the chooser decides)
    ("offer_face_down", CARDS),  # the face-down pair, if I split it
    ("my_build", SPLIT_COUNT),  # my committed split (one-hot)
    ("built", 2),  # [I have built, the opponent has built]
    ("phase", len(PHASES)),  # one-hot
    ("round", ROUNDS + 1),  # one-hot, 0-5 (5 = after the draft)
    ("seat", 2),  # one-hot of my seat
    ("to_move", 2),  # [I am to move, the opponent is to move]
    ("first_splitter", 3),  # [me, the opponent, not yet known]
    ("reserve_first", 3),  # [me, the opponent, not yet known]
    ("hand_size", HAND_SIZE + 1),  # one-hot of my hand size
    ("opponent_hand_size", HAND_SIZE + 1),  # one-hot of the opponent's hand size
    ("stock_size", CARDS),  # one-hot, 0-20
    ("reserve_done", 2),  # [I have decided at the reserve, the opponent has]
    ("swapped", 2),  # [I swapped, the opponent swapped]
    ("result", 3),  # [I won, I lost, draw] once the game is over
)
OFFSETS: dict[str, int] = {}
_position = 0
for _name, _width in LAYOUT:
    OFFSETS[_name] = _position
    _position += _width
OBSERVATION_SIZE = _position
del _position, _name, _width
(_HAND, _OPPONENT_KNOWN, _RESERVE_KNOWN, _DRAWN, _OFFER, _OFFER_FACE_DOWN, _MY_BUILD, _BUILT, _PHASE,
 _ROUND, _SEAT, _TO_MOVE, _FIRST_SPLITTER, _RESERVE_FIRST, _HAND_SIZE, _OPPONENT_HAND_SIZE,
 _STOCK_SIZE, _RESERVE_DONE, _SWAPPED, _RESULT) = (OFFSETS[name] for name, _ in LAYOUT)
_PHASE_NUMBER = {phase: n for n, phase in enumerate(PHASES)}

Int8Array = npt.NDArray[np.int8]


def _mask_positions(positions: list[int], base: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        positions.append(base + low.bit_length() - 1)
        mask ^= low


def _opponent_cards_and_reserve(view: PlayerView) -> tuple[int, int]:
    """Cards certainly in the opponent's hand and the reserve card (mask, 0 if unknown),
    from the view's log alone."""
    me, them = view.player, view.opponent
    if view.outcome is not None:  # the showdown shows both holdings
        weak, strong = view.outcome.hands[them]
        mine_weak, mine_strong = view.outcome.hands[me]
        rest = ((1 << CARDS) - 1) ^ weak ^ strong ^ mine_weak ^ mine_strong
        return weak | strong, rest
    theirs = 0
    reserve = 0
    face_up: dict[int, int] = {}
    for event in view.log:
        if isinstance(event, SeenSplit):
            face_up[event.round] = event.face_up
        elif isinstance(event, SeenChoice):
            shown = face_up.get(event.round, 0)
            if event.chooser == them:
                theirs |= shown if event.took_face_up else (event.face_down or 0)
            elif not event.took_face_up:  # I took the face-down pair; they keep the face-up one
                theirs |= shown
        elif isinstance(event, SeenReserve) and event.swapped:
            if event.player == me:
                assert event.gave is not None
                reserve = 1 << event.gave
            elif event.gave is not None and event.took is not None:  # a face-up swap
                theirs = theirs & ~(1 << event.gave) | (1 << event.took)
                reserve = 1 << event.gave
            else:  # a blind swap: they took the reserve and gave any card of theirs
                theirs = reserve
                reserve = 0
    return theirs, reserve


def _relative(seat: int, me: int) -> int:
    return 2 if seat < 0 else (0 if seat == me else 1)


def encode_view(view: PlayerView) -> Int8Array:
    """The observation vector of a player's view (a 0/1 int8 vector of :data:`OBSERVATION_SIZE`).

    Only the view is read, so two equal views always give equal vectors.
    """
    me, them = view.player, view.opponent
    theirs, reserve = _opponent_cards_and_reserve(view)
    at: list[int] = []
    _mask_positions(at, _HAND, view.hand)
    _mask_positions(at, _OPPONENT_KNOWN, theirs)
    _mask_positions(at, _RESERVE_KNOWN, reserve)
    _mask_positions(at, _DRAWN, view.drawn)
    _mask_positions(at, _OFFER, view.offer)
    _mask_positions(at, _OFFER_FACE_DOWN, view.offer_face_down)
    if view.my_build >= 0:
        at.append(_MY_BUILD + view.my_build)
    if view.built[me]:
        at.append(_BUILT)
    if view.built[them]:
        at.append(_BUILT + 1)
    at.append(_PHASE + _PHASE_NUMBER[view.phase])
    at.append(_ROUND + min(view.round, ROUNDS))
    at.append(_SEAT + me)
    if view.current_player in (0, 1):
        at.append(_TO_MOVE + (0 if view.current_player == me else 1))
    at.append(_FIRST_SPLITTER + _relative(view.first_splitter, me))
    at.append(_RESERVE_FIRST + _relative(view.reserve_first, me))
    at.append(_HAND_SIZE + min(view.hand_sizes[me], HAND_SIZE))
    at.append(_OPPONENT_HAND_SIZE + min(view.hand_sizes[them], HAND_SIZE))
    at.append(_STOCK_SIZE + min(view.stock_size, CARDS - 1))
    for event in view.log:
        if isinstance(event, SeenReserve):
            side = 0 if event.player == me else 1
            at.append(_RESERVE_DONE + side)
            if event.swapped:
                at.append(_SWAPPED + side)
    if view.outcome is not None:
        winner = view.outcome.winner
        at.append(_RESULT + (2 if winner is None else 0 if winner == me else 1))
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    vector[at] = 1
    return vector


def env(**rule_options: Any) -> AECEnv:
    """The wrapped environment. Out-of-range actions fail an assertion, illegal ones raise
    :class:`~divided.errors.IllegalActionError`; nothing is ever replaced by a legal move."""
    environment: AECEnv = raw_env(**rule_options)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's naming and untyped base
    """The unwrapped AEC environment; ``rule_options`` are the game's rule options."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "divided_ranks_v1",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None, **rule_options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self.game = games.load("divided-ranks", **rule_options)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0, 1, (OBSERVATION_SIZE,), np.int8),
            "action_mask": spaces.Box(0, 1, (NUM_DISTINCT_ACTIONS,), np.int8),
        })
        self._action_space = spaces.Discrete(NUM_DISTINCT_ACTIONS)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._rng = np.random.default_rng()
        self.state_: State[Any, PlayerView] | None = None
        self._cache: dict[int, tuple[int, dict[str, Int8Array]]] = {}

    # -- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game --------------------------------------------------------------------------
    @property
    def engine_state(self) -> State[Any, PlayerView]:
        """The engine's state handle (full information: for tests and tools, not agents)."""
        if self.state_ is None:
            raise RuntimeError("reset() must be called before the environment is used")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With ``seed`` the deal is that seed's; without, a seed is drawn from
        the environment's generator (itself seeded by the last seeded reset)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(0, 2**62))
        self.state_ = self.game.new_initial_state(game_seed)
        self._cache = {}
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.state_.current_player()]

    def observe(self, agent: str) -> dict[str, Int8Array]:
        state = self.engine_state
        player = AGENTS.index(agent)
        moves = state.move_number()
        cached = self._cache.get(player)
        if cached is not None and cached[0] == moves:
            return cached[1]
        mask = np.zeros(NUM_DISTINCT_ACTIONS, dtype=np.int8)
        if state.current_player() == player:
            mask[state.legal_actions()] = 1
        observation = {"observation": encode_view(state.observation(player)), "action_mask": mask}
        self._cache[player] = (moves, observation)
        return observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"{agent}: an action is an integer 0-{NUM_DISTINCT_ACTIONS - 1}, "
                                     f"got {action!r} (nothing changed)")
        state = self.engine_state
        player = AGENTS.index(agent)
        if state.current_player() != player:  # cannot happen through agent_iter
            raise NotYourTurnError(f"{agent} is not to move (nothing changed)")
        state.apply_action(int(action), player)  # raises, changing nothing, if illegal
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self.agent_selection = AGENTS[state.current_player()]
        self._accumulate_rewards()
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

"""Divided Ranks as a PettingZoo AEC environment (``divided_ranks_v1``).

Agents are ``player_0`` and ``player_1`` (the engine's seats). Chance is resolved by the engine
from the reset seed, so the same seed always gives the same deal; no agent ever sees a chance
node. The action space is ``Discrete(360)``, the engine's own player-action numbering (see
:mod:`divided.games.divided_ranks.actions`), with an action mask. An illegal action raises
:class:`~divided.errors.IllegalActionError` and changes nothing: no wrapper here replaces or
punishes it.

Each observation is ``{"observation": int8 vector, "action_mask": int8 vector}``; the vector is
:func:`encode_view` of the agent's :class:`~divided.games.divided_ranks.view.PlayerView` (see it
for the layout), a function of the view alone, so it never carries hidden information. The
environment does not build views: an :class:`ObservationTracker` per agent follows the game as
that agent sees it and gives the same vector (tested at every step of many games) far faster.

>>> e = env(first_splitter=0)
>>> e.reset(seed=3)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((328,), 6)
"""

from __future__ import annotations

from functools import reduce
from operator import attrgetter, or_
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from divided import games
from divided.errors import IllegalActionError
from divided.games.base import TERMINAL, State
from divided.games.divided_ranks.actions import NUM_DISTINCT_ACTIONS
from divided.games.divided_ranks.state import (
    ROUNDS,
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenReserve, SeenSplit
from divided.hands.arrange import SPLIT_COUNT

CARDS = 21
HAND_SIZE = 10
PHASES: tuple[Phase, ...] = tuple(Phase)
AGENTS: tuple[str, ...] = ("player_0", "player_1")
PLAYER_OF_AGENT: dict[str, int] = {agent: seat for seat, agent in enumerate(AGENTS)}
MASK_CACHE_SIZE = 8192  # legal-action sets whose masks are kept (a split's six actions, a build's 126...)

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
    me, them = view.seat, view.opponent
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
    me, them = view.seat, view.opponent
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


# -- the fast path: vectors as integers (bit i = entry i) ------------------------------------

# One-hot entries as bits, looked up by the value they encode.
_PHASE_BIT = {phase: 1 << (_PHASE + n) for n, phase in enumerate(PHASES)}
_SPLIT, _CHOOSE = Phase.SPLIT, Phase.CHOOSE
_ROUND_BIT = tuple(1 << (_ROUND + min(n, ROUNDS)) for n in range(ROUNDS + 1))
_HAND_SIZE_BIT = tuple(1 << (_HAND_SIZE + min(n, HAND_SIZE)) for n in range(CARDS + 1))
_OPPONENT_HAND_SIZE_BIT = tuple(1 << (_OPPONENT_HAND_SIZE + min(n, HAND_SIZE)) for n in range(CARDS + 1))
_STOCK_SIZE_BIT = tuple(1 << (_STOCK_SIZE + min(n, CARDS - 1)) for n in range(CARDS + 1))
# [me][first splitter][reserve first] (seats -1, 0, 1; -1 is the last item): seat and both orders
_SEATING_BITS = tuple(
    tuple(
        tuple(1 << (_SEAT + me) | 1 << (_FIRST_SPLITTER + _relative(first, me))
              | 1 << (_RESERVE_FIRST + _relative(reserve_first, me)) for reserve_first in (0, 1, -1))
        for first in (0, 1, -1))
    for me in (0, 1))

# The observation and the action mask travel packed in one integer, the mask from the first byte
# boundary after the vector; one numpy call unpacks both (each byte looked up as its 8 entries).
_OBSERVATION_BYTES = (OBSERVATION_SIZE + 7) // 8
_MASK_START = 8 * _OBSERVATION_BYTES
_PACKED_BYTES = _OBSERVATION_BYTES + (NUM_DISTINCT_ACTIONS + 7) // 8
_MASK_BIT = tuple(1 << (_MASK_START + action) for action in range(NUM_DISTINCT_ACTIONS))
_ENTRIES_OF_BYTE = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.int8)


class ObservationTracker:
    """One player's observation vector, followed as the game goes on.

    Equal at every step to ``encode_view(observe(state, player))`` (tested over many games) at a
    fraction of the cost: no view is built, the log is read once (each event as the player sees
    it) and the vector is assembled as an integer, bit ``i`` being entry ``i``. It reads nothing
    the view does not show: the public position, the player's own hand and build, the cards
    being split when the player splits, and of each event what the view shows this player.
    """

    __slots__ = ("_events_read", "_face_up", "_reserve", "_reserve_flags", "_theirs", "player")

    def __init__(self, player: int) -> None:
        self.player = player
        self.restart()

    def restart(self) -> None:
        """Forget the game: the next observation starts a new one."""
        self._events_read = 0
        self._face_up = 0  # the face-up pair of the latest split (public)
        self._theirs = 0  # cards certainly the opponent's, as in _opponent_cards_and_reserve
        self._reserve = 0  # the reserve card if known (mask)
        self._reserve_flags = 0  # the reserve_done and swapped entries, as bits of the vector

    def bits(self, core: DividedRanksState, current_player: int) -> int:
        """The vector of ``core`` as an integer, bit ``i`` being entry ``i`` (``current_player`` is
        who is to move)."""
        if len(core.log) > self._events_read:
            self._read_events(core)
        me, them = self.player, 1 - self.player
        phase = core.phase
        hands = core.hands
        outcome = core.outcome
        if outcome is None:
            theirs, reserve = self._theirs, self._reserve
        else:  # the showdown shows both holdings
            weak, strong = outcome.hands[them]
            mine_weak, mine_strong = outcome.hands[me]
            theirs = weak | strong
            reserve = ((1 << CARDS) - 1) ^ theirs ^ mine_weak ^ mine_strong
        bits = (hands[me] << _HAND | theirs << _OPPONENT_KNOWN | reserve << _RESERVE_KNOWN
                | self._reserve_flags
                | _PHASE_BIT[phase]
                | _ROUND_BIT[core.round]
                | _SEATING_BITS[me][core.first_splitter][core.reserve_first]
                | _HAND_SIZE_BIT[hands[me].bit_count()]
                | _OPPONENT_HAND_SIZE_BIT[hands[them].bit_count()]
                | _STOCK_SIZE_BIT[core.stock_size()])
        if phase is _SPLIT:
            if core.splitter() == me:
                bits |= core.drawn() << _DRAWN
        elif phase is _CHOOSE:
            bits |= core.face_up << _OFFER
            if core.splitter() == me:
                bits |= core.face_down << _OFFER_FACE_DOWN
        my_build, their_build = core.builds[me], core.builds[them]
        if my_build >= 0:
            bits |= 1 << (_MY_BUILD + my_build) | 1 << _BUILT
        if their_build >= 0:
            bits |= 1 << (_BUILT + 1)
        if current_player == me:
            bits |= 1 << _TO_MOVE
        elif current_player == them:
            bits |= 1 << (_TO_MOVE + 1)
        if outcome is not None:
            winner = outcome.winner
            bits |= 1 << (_RESULT + (2 if winner is None else 0 if winner == me else 1))
        return bits

    def _read_events(self, core: DividedRanksState) -> None:
        me, them = self.player, 1 - self.player
        theirs, reserve, flags = self._theirs, self._reserve, self._reserve_flags
        for event in core.log[self._events_read:]:
            if isinstance(event, SplitEvent):
                self._face_up = event.face_up  # shown to both
            elif isinstance(event, ChoiceEvent):
                if event.chooser == them:  # a face-down pair they took is one I split, so saw
                    theirs |= self._face_up if event.took_face_up else event.face_down
                elif not event.took_face_up:  # I took the face-down pair; they keep the shown one
                    theirs |= self._face_up
                # (I took the shown pair: they keep the face-down pair, which I never saw)
            elif isinstance(event, ReserveEvent):
                side = 0 if event.player == me else 1
                flags |= 1 << (_RESERVE_DONE + side)  # who decided, and whether they swapped,
                if not event.swapped:  # is public
                    continue
                flags |= 1 << (_SWAPPED + side)
                if event.player == me:
                    reserve = 1 << event.gave
                elif core.options.face_up_swap:  # a face-up swap shows both cards
                    theirs = theirs & ~(1 << event.gave) | (1 << event.took)
                    reserve = 1 << event.gave
                else:  # a blind swap: they took the reserve and gave an unseen card
                    theirs, reserve = reserve, 0
        self._events_read = len(core.log)
        self._theirs, self._reserve, self._reserve_flags = theirs, reserve, flags


def env(**rule_options: Any) -> AECEnv:
    """The wrapped environment. Out-of-range actions fail an assertion, illegal ones raise
    :class:`~divided.errors.IllegalActionError`; nothing is ever replaced by a legal move.

    The wrappers are PettingZoo's standard two (as in its classic games), subclassed only to
    serve the agent loop faster: its attributes read directly (see :data:`LOOP_ATTRIBUTES`) and
    ``last()`` passed down to the unwrapped environment (neither wrapper alters what it returns).
    """
    environment: AECEnv = raw_env(**rule_options)
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

    def last(self, observe: bool = True) -> LastResult:
        result: LastResult = self.env.last(observe)
        return result


class OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading :data:`LOOP_ATTRIBUTES` directly once reset
    (before, they fall back to its ``__getattr__``, which refuses them)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        self._unwrapped = self.env.unwrapped

    def last(self, observe: bool = True) -> LastResult:
        result: LastResult = super().last(observe) if not self._has_reset else self.env.last(observe)
        return result  # (before reset, AECEnv.last raises the wrapper's own error)

    def __str__(self) -> str:
        return str(self.env)


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


class ActionSpace(spaces.Discrete):
    """``Discrete(360)``, answering ``contains`` for a plain ``int`` without numpy (the
    out-of-bounds wrapper asks it at every step); anything else goes to ``Discrete``."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return bool(self.start <= x < self.start + self.n)
        return bool(super().contains(x))


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
        self._rules = self.game.rules
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0, 1, (OBSERVATION_SIZE,), np.int8),
            "action_mask": spaces.Box(0, 1, (NUM_DISTINCT_ACTIONS,), np.int8),
        })
        self._action_space = ActionSpace(NUM_DISTINCT_ACTIONS)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._rng: np.random.Generator | None = np.random.default_rng()
        self._rng_seed: int | None = None  # the generator still to make, from the last seeded reset
        self.state_: State[Any, PlayerView] | None = None
        self._trackers = [ObservationTracker(0), ObservationTracker(1)]
        self._observed: list[tuple[DividedRanksState, dict[str, Int8Array]] | None] = [None, None]
        self._to_move: tuple[DividedRanksState | None, int] = (None, TERMINAL)  # (core, its player)
        self._packed = np.zeros(_PACKED_BYTES, dtype=np.uint8)  # observation and mask, 8 entries a byte
        self._packed_bytes = self._packed.data
        self._mask_bits: dict[tuple[int, ...], int] = {}  # legal actions -> their mask's bits

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
        if seed is not None:  # the generator is made only if an unseeded reset needs it
            self._rng, self._rng_seed = None, int(seed)
            game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng(self._rng_seed)
            game_seed = int(self._rng.integers(0, 2**62))
        self.state_ = self.game.new_initial_state(game_seed)
        for tracker in self._trackers:
            tracker.restart()
        self._observed = [None, None]
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        current = self.state_.current_player()
        self._to_move = (self.state_.core, current)
        self.agent_selection = AGENTS[current]

    def observe(self, agent: str) -> dict[str, Int8Array]:
        player = PLAYER_OF_AGENT[agent]
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
        bits = self._trackers[player].bits(core, current)
        if current == player:
            bits |= self._mask_bits_of(rules.legal_actions(core))
        # Both vectors in one numpy call: the bits as bytes, each byte looked up as its 8 entries.
        self._packed_bytes[:] = bits.to_bytes(_PACKED_BYTES, "little")
        entries = _ENTRIES_OF_BYTE.take(self._packed, axis=0).ravel()
        observation = {"observation": entries[:OBSERVATION_SIZE],
                       "action_mask": entries[_MASK_START:_MASK_START + NUM_DISTINCT_ACTIONS]}
        self._observed[player] = (core, observation)
        return observation

    def _mask_bits_of(self, legal_actions: list[int]) -> int:
        """The action mask of ``legal_actions`` as bits of the packed pair (cached)."""
        key = tuple(legal_actions)
        bits = self._mask_bits.get(key)
        if bits is None:
            if len(self._mask_bits) >= MASK_CACHE_SIZE:
                self._mask_bits.clear()
            bits = self._mask_bits[key] = reduce(or_, map(_MASK_BIT.__getitem__, legal_actions), 0)
        return bits

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, np.integer):
                raise IllegalActionError(f"{agent}: an action is an integer 0-{NUM_DISTINCT_ACTIONS - 1}, "
                                         f"got {action!r} (nothing changed)")
            action = int(action)
        state = self.engine_state
        # The engine raises, changing nothing, if the action is illegal or not the agent's turn.
        state.apply_action(action, PLAYER_OF_AGENT[agent])
        self._cumulative_rewards[agent] = 0.0
        core = state.core
        current = self._rules.current_player(core)
        self._to_move = (core, current)
        if current == TERMINAL:
            returns = state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(AGENTS, True)
            self._accumulate_rewards()
        else:  # no reward before the end: rewards stay the zeros of reset(), nothing accumulates
            self.agent_selection = AGENTS[current]
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

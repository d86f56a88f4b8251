"""The PettingZoo action mask of a large action space (:class:`~divided.adapters.pettingzoo.ActionMask`):
an ``int8`` array like any other, whose nonzero entries numpy finds as it would for a plain
array (the class only finds them faster), for any values and any arrays made from it."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

pytest.importorskip("pettingzoo")

from divided.adapters import pettingzoo as pz

INT8_ARRAYS = hnp.arrays(np.int8, hnp.array_shapes(min_dims=1, max_dims=3, max_side=40),
                         elements=st.integers(-128, 127) | st.sampled_from([0, 0, 0, 1]))


@settings(deadline=None)  # no timing in a test: a loaded machine is slow, not wrong
@given(INT8_ARRAYS)
def test_nonzero_finds_what_numpy_finds_for_a_plain_array(plain: np.ndarray) -> None:  # type: ignore[type-arg]
    mask = plain.copy().view(pz.ActionMask)
    for found, expected in ((np.nonzero(mask), np.nonzero(plain)), (np.where(mask), np.where(plain)),
                            ((np.flatnonzero(mask),), (np.flatnonzero(plain),)),
                            (np.nonzero(mask * 0.5), np.nonzero(plain * 0.5)),  # a float array made from it
                            (np.nonzero(mask == 1), np.nonzero(plain == 1)),  # gymnasium's reading
                            (np.nonzero(mask[::-1]), np.nonzero(plain[::-1]))):  # a strided view
        assert len(found) == len(expected)
        for axis, indices in zip(found, expected, strict=True):
            assert type(axis) is np.ndarray and axis.dtype == np.intp
            assert axis.tolist() == indices.tolist()


@pytest.mark.parametrize(("game", "options"), [("divide", {"players": 4, "rounds": 1}),
                                               ("card-commons", {"target": 3})])
def test_large_masks_are_int8_action_masks_that_gymnasium_samples(game: str, options: dict[str, object]) -> None:
    """The masks handed out for DIVIDE's 2,986 and Card Commons' 21,077 actions: ``int8``
    :class:`ActionMask` arrays of the action space's size; ``Discrete.sample(mask)`` (which
    asks for an ``int8`` array) draws a legal action, and ``np.flatnonzero`` lists exactly the
    engine's legal actions."""
    environment = pz.env(game, **options)
    raw = environment.unwrapped
    rng = random.Random(3)
    environment.reset(seed=3)
    decisions = 0
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        assert isinstance(mask, pz.ActionMask) and mask.dtype == np.int8
        assert environment.observation_space(agent)["action_mask"].contains(mask)
        legal = sorted(raw.engine_state.legal_actions())
        assert np.flatnonzero(mask).tolist() == legal
        assert environment.action_space(agent).sample(mask) in legal
        environment.step(rng.choice(legal))
        decisions += 1
    assert decisions > 20


def test_a_mask_survives_pickling_and_copying() -> None:
    """Vectorised environments send observations between processes by pickle."""
    environment = pz.env("divide", players=4, rounds=1)
    environment.reset(seed=5)
    mask = environment.last()[0]["action_mask"]
    for copied in (pickle.loads(pickle.dumps(mask)), copy.deepcopy(mask), mask.copy()):
        assert isinstance(copied, pz.ActionMask) and copied.dtype == np.int8
        assert np.flatnonzero(copied).tolist() == np.flatnonzero(np.asarray(mask)).tolist() != []


def test_small_masks_stay_plain_arrays() -> None:
    """Divided Ranks' 360 actions: numpy's own ``nonzero`` is as fast there."""
    environment = pz.env("divided-ranks")
    environment.reset(seed=1)
    assert type(environment.last()[0]["action_mask"]) is np.ndarray

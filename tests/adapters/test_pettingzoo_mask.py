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


LEGAL_LISTS = st.lists(st.integers(0, 99), max_size=40)
"""Legal actions as a game might list them: usually increasing and distinct, but any list."""
WRITES = st.lists(st.tuples(st.sampled_from(["mask", "asarray", "view", "slice"]), st.integers(0, 99),
                            st.integers(-128, 127) | st.sampled_from([0, 1])), max_size=3)


@settings(deadline=None)
@given(LEGAL_LISTS | LEGAL_LISTS.map(lambda legal: sorted(set(legal))), WRITES)
def test_a_mask_made_from_legal_actions_finds_what_numpy_finds_after_any_writes(
        legal: list[int], writes: list[tuple[str, int, int]]) -> None:
    """:meth:`ActionMask.of_legal` keeps its legal actions, and answers from them while its
    entries are the ones it set: any write to it, through itself or an array sharing its memory,
    must be seen (the expectation is numpy's answer for a plain copy of the entries)."""
    mask = pz.ActionMask.of_legal(100, legal)
    entries = [1 if index in legal else 0 for index in range(100)]
    for through, index, value in writes:
        target = {"mask": mask, "asarray": np.asarray(mask), "view": mask.view(np.ndarray),
                  "slice": mask[::1]}[through]
        target[index] = value
        entries[index] = value
    plain = np.array(entries, dtype=np.int8)
    assert mask.tolist() == entries
    for found, expected in (((np.flatnonzero(mask),), (np.flatnonzero(plain),)), (np.nonzero(mask), np.nonzero(plain)),
                            (np.where(mask), np.where(plain)), (mask.nonzero(), plain.nonzero())):
        assert len(found) == len(expected)
        for axis, indices in zip(found, expected, strict=True):
            assert type(axis) is np.ndarray and axis.dtype == np.intp
            assert axis.tolist() == indices.tolist()


def test_a_mask_made_from_legal_actions_changed_in_shape_or_dtype_is_read_as_numpy_reads_it() -> None:
    """A mask whose shape or dtype is changed in place (same bytes) is no longer the list kept."""
    reshaped = pz.ActionMask.of_legal(6, [1, 4])
    reshaped.shape = (2, 3)
    assert [axis.tolist() for axis in np.nonzero(reshaped)] == [[0, 1], [1, 1]]
    retyped = pz.ActionMask.of_legal(6, [1, 4])
    retyped.dtype = np.int16  # three entries of two bytes: (1 << 8), 0, 1
    assert np.flatnonzero(retyped).tolist() == [0, 2]
    assert np.flatnonzero(pz.ActionMask.of_legal(6, [4, 1])).tolist() == [1, 4]  # not in order
    assert np.flatnonzero(pz.ActionMask.of_legal(6, [1, 1, 4])).tolist() == [1, 4]  # twice


@settings(deadline=None)
@given(LEGAL_LISTS, WRITES, st.integers(0, 2**32 - 1))
def test_the_action_space_samples_a_mask_as_gymnasium_does(legal: list[int], writes: list[tuple[str, int, int]],
                                                          seed: int) -> None:
    """``ActionSpace.sample(mask)`` answers from the legal actions a mask keeps: the expectation
    is gymnasium's ``Discrete.sample`` with the same seed on a plain copy of the entries (the
    same draws, the same type, the same generator state after; its error for a mask that is not
    0s and 1s), after any writes to the mask."""
    mask = pz.ActionMask.of_legal(100, legal)
    for through, index, value in writes:
        target = {"mask": mask, "asarray": np.asarray(mask), "view": mask.view(np.ndarray),
                  "slice": mask[::1]}[through]
        target[index] = value
    ours, reference = pz.ActionSpace(100), pz.spaces.Discrete(100)
    ours.seed(seed)
    reference.seed(seed)
    plain = np.array(mask.tolist(), dtype=np.int8)
    for _ in range(3):
        try:
            expected = reference.sample(plain)
        except AssertionError:
            with pytest.raises(AssertionError):
                ours.sample(mask)
            return
        found = ours.sample(mask)
        assert found == expected and type(found) is type(expected)
    assert ours.np_random.bit_generator.state == reference.np_random.bit_generator.state
    assert ours.sample() == reference.sample()  # (no mask: Discrete's own draw)


def test_the_action_space_samples_the_environments_masks_as_gymnasium_does() -> None:
    """PettingZoo's documented loop (``env.action_space(agent).sample(mask)``) over DIVIDE: the
    same actions as gymnasium's own ``Discrete.sample`` with the same seed."""
    environment = pz.env("divide", players=4, rounds=1)
    reference = pz.spaces.Discrete(environment.action_space("player_0").n)
    environment.reset(seed=5)
    environment.action_space("player_0").seed(9)
    reference.seed(9)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        action = environment.action_space(agent).sample(observation["action_mask"])
        assert action == reference.sample(np.array(observation["action_mask"]))
        environment.step(action)
        steps += 1
    assert steps > 40


def test_a_mask_of_many_legal_actions_is_made_as_one_of_a_few() -> None:
    """Past a few hundred legal actions the mask is set by numpy's fancy indexing instead of
    one entry at a time: the same entries, kept and read the same way."""
    legal = [*range(2999, 0, -7), 5, 5]  # 430 distinct actions, out of order, one repeated
    expected = sorted(set(legal))
    mask = pz.ActionMask.of_legal(3000, legal)
    assert mask.dtype == np.int8 and mask.tolist() == [1 if index in expected else 0 for index in range(3000)]
    assert np.flatnonzero(mask).tolist() == expected == np.flatnonzero(np.array(mask.tolist())).tolist()
    mask[expected[0]] = 0
    assert np.flatnonzero(mask).tolist() == expected[1:]

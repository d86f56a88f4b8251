"""Showdowns of many worlds at once: every final hand set's strength for each award, ranked in
numpy batches through the ranking library's ``rank_batch`` (for bots, which value thousands of
sampled deals a decision; :func:`divided.games.poker.showdown.settle` ranks one deal per call).

A hand set's strength for an award is its best hand among the award's slots under the award's
rule, as the showdown judges it (:func:`divided.games.poker.showdown.entries`), ``-1`` where no
hand competes: a slot of a size the rule does not rank, or a low that misses the ``a5-8``
qualifier. A slot shared by two awards with the same rule is ranked once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from divided.games.poker.options import Config
from divided.games.poker.showdown import ranking

Hands = Sequence[Sequence[int]]
"""A seat's final cards, one sequence of card indices per slot of the variant."""


def award_strengths(config: Config, finals: Sequence[Hands]) -> npt.NDArray[np.int64]:
    """``(awards, len(finals))``: each final hand set's strength for every award of ``config``
    (see the module text)."""
    variant = config.variant
    out = np.full((len(config.awards), len(finals)), -1, dtype=np.int64)
    ranked: dict[tuple[str, int], npt.NDArray[np.int64]] = {}
    for row, award in enumerate(config.awards):
        for name in award.slots:
            index = variant.slot_index(name)
            key = (award.rule, index)
            if key not in ranked:
                ranked[key] = slot_strengths(award.rule, [hands[index] for hands in finals])
            np.maximum(out[row], ranked[key], out=out[row])
    return out


def slot_strengths(rule: str, hands: Sequence[Sequence[int]]) -> npt.NDArray[np.int64]:
    """Each hand's strength under ``rule`` (``-1``: a size the rule does not rank, or no
    qualifying low), hands of one size ranked in one batch."""
    system = ranking(rule)
    out = np.full(len(hands), -1, dtype=np.int64)
    sizes = {len(cards) for cards in hands}
    for size in sizes.intersection(system.sizes):
        if len(sizes) == 1:
            rows = np.arange(len(hands))
            cards = np.asarray(hands, dtype=np.int64).reshape(len(hands), size)
        else:
            picked = [i for i, held in enumerate(hands) if len(held) == size]
            rows = np.asarray(picked, dtype=np.intp)
            cards = np.asarray([hands[i] for i in picked], dtype=np.int64).reshape(len(picked), size)
        out[rows] = system.rank_batch(cards)
    if rule == "a5-8":
        out[out == 0] = -1  # the library's order 0 is "no low": the hand misses the qualifier
    return out

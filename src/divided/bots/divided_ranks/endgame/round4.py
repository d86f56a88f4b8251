"""A rounds=2 study's subgame: round 4 and round 5 with public hands at the start of round 4.

A rounds=2 study deals rounds 1-3 as a public opening, so both players' six cards are known and
nine remain: round 4's draw, round 5's draw and the reserve, ``C(9, 4) * 5 = 630`` deals,
each equally likely. The tree puts two layers in front of the round-5 tree
(:class:`~.tree.Round5Tree`): the round-4 splitter's split (6; it knows the four drawn cards)
and the round-4 chooser's choice (2; it knows the face-up pair). Each (deal, split, choice)
is one root of the round-5 tree, whose information states are then told apart by what each
player saw in round 4: the round-4 splitter saw the draw, the split and the choice; the
chooser the face-up pair and its choice (a face-down take is in its hand already). The
players' hands at round 5 carry the rest.

Node numbering follows :mod:`~.tree`: a node's children are ``node * actions + a``, so round 5's
roots are the round-4 choice layer's children in order and :class:`~.solver.CFRSolver` runs on
the six layers unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from divided.bots.divided_ranks.endgame.tree import (
    BITS,
    SPLITS,
    Layer,
    Roots,
    Round5Tree,
    pair_code,
    set_bits,
    split_key,
)
from divided.cards import mask_indices
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS


def round4_deals(hands: tuple[int, int]) -> list[tuple[int, int, int]]:
    """Every (round-4 draw, round-5 draw, reserve) of the cards outside ``hands`` (masks and
    the reserve's index), in the tree's order: draws in lexicographic order, then the reserve."""
    pool = mask_indices(ALL_CARDS & ~hands[0] & ~hands[1])
    if len(pool) != 9:
        raise ValueError(f"round 4 starts with nine cards unplaced, not {len(pool)}")
    out = []
    for draw4 in combinations(pool, 4):
        rest = [c for c in pool if c not in draw4]
        for reserve in rest:
            out.append((sum(1 << c for c in draw4), sum(1 << c for c in rest if c != reserve), reserve))
    return out


class Round4Tree(Round5Tree):
    """The rounds=2 subgame from the start of round 4 (six layers; see the module notes).

    ``splitter`` splits round 4; the other player splits round 5. ``deals`` (default: all of
    :func:`round4_deals`, equally likely) restricts chance to some of them. The round-5 part's arrays
    (``first_cards``, ``second_cards``, ``roots``: one per round-5 root) are the inner
    :class:`~.tree.Round5Tree`'s, so its layers' node indices are the last four layers'."""

    def __init__(self, hands: tuple[int, int], *, splitter: int, reserve_first: int, face_up_swap: bool,
                 scoring: Scoring = Scoring.CATEGORIES_FIRST,
                 deals: Sequence[tuple[int, int, int]] | None = None) -> None:
        every = round4_deals(hands)
        if deals is None:
            deals = every
        elif not deals or not set(deals) <= set(every):
            raise ValueError("deals must be some of round4_deals(hands)")
        s4, c4 = splitter, 1 - splitter
        draw4 = np.array([d[0] for d in deals], dtype=np.int64)
        n = len(deals)
        rows = []
        for d4, d5, reserve in deals:
            cards = mask_indices(d4)
            for i, j in SPLITS:
                up = (1 << cards[i]) | (1 << cards[j])
                for took_up in (True, False):
                    taken = up if took_up else d4 ^ up
                    h = [hands[0], hands[1]]
                    h[c4] |= taken
                    h[s4] |= d4 ^ taken
                    rows.append((h[0], h[1], d5, reserve))
        table = np.array(rows, dtype=np.int64)
        inner = Round5Tree(Roots((table[:, 0], table[:, 1]), table[:, 2], table[:, 3], np.ones(len(table))),
                           splitter=c4, reserve_first=reserve_first, face_up_swap=face_up_swap, scoring=scoring)
        # round 4's two layers (node = deal * 6 + split)
        cards4 = set_bits(draw4, 4)
        face_up = np.stack([BITS[cards4[:, i]] | BITS[cards4[:, j]] for i, j in SPLITS], 1).reshape(-1)
        up_code = pair_code(face_up)
        layer0 = Layer.of(s4, 6, split_key(np.full(n, hands[s4], dtype=np.int64), draw4))
        layer1 = Layer.of(c4, 2, up_code)
        # what each player saw in round 4, per round-5 root (= deal * 12 + split * 2 + choice)
        choice = np.tile(np.array([0, 1], dtype=np.int64), n * 6)
        code2 = np.repeat(up_code, 2)
        seen = {s4: (np.repeat(draw4, 12) * 512 + code2) * 2 + choice, c4: code2 * 2 + choice}
        prefix = {p: np.unique(seen[p], return_inverse=True)[1].reshape(-1).astype(np.int64) for p in (0, 1)}
        roots = len(choice)
        layers = [layer0, layer1]
        for layer in inner.layers:
            per_root = len(layer.info) // roots
            ids = np.repeat(prefix[layer.player], per_root)
            layers.append(Layer.of(layer.player, layer.actions, ids * layer.states + layer.info))
        self.inner = inner
        self.roots = inner.roots
        self.splitter, self.reserve_first, self.face_up_swap = c4, reserve_first, face_up_swap
        self.round4_splitter = s4
        self.chance = np.full(n, 1.0 / n)
        self.drawn = inner.drawn
        self.first_cards, self.second_cards = inner.first_cards, inner.second_cards
        self.payoff = inner.payoff
        self.layers = tuple(layers)  # type: ignore[assignment]
        self.nodes = tuple(len(layer.info) for layer in self.layers)

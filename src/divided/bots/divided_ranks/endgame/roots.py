"""From a player's view to the last round's subgame: the public situation at the start of round 5,
its root histories, and where the view's decision sits in the tree.

What each player knows at the start of round 5 follows from public actions: a chooser who took
the face-up pair never saw the splitter's face-down pair, every other pair of the draft was seen
by both. So the cards whose place is *public* are each player's ``marked`` cards (seen by the
other); the rest of the pack (the *pool*) holds each player's hidden cards, the four cards to
draw and the reserve.

The subgame is **two-sided**: the root histories deal the pool every way consistent with the
public record, so the solve models the opponent's uncertainty about our hidden cards as well as
ours about theirs, each deal equally likely (ruling R7's books, from the public record). Our own
earlier draft policy does not reweight these deals: an assumption, stated in the docs. When the
two-sided deals would exceed ``cap``, our own hidden cards are truncated to the true ones and a
sample of alternatives (drawn from the view's random numbers): the opponent is then modelled as
knowing our hand is among few, which is pessimistic for us, never optimistic.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import factorial

import numpy as np

from divided.bots.divided_ranks.endgame.tree import (
    SPLITS,
    Roots,
    choose_key,
    pair_code,
    reserve_key,
    second_reserve_key,
    shown_move,
    split_key,
)
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenReserve, SeenSplit

LAST_ROUND = 4
"""The last split round (rounds count from 0; after its choice the engine's round counter reads
5, through the reserve and the build)."""


def in_endgame(view: PlayerView) -> bool:
    """Whether ``view`` is in the last round or after it: its split and choice (round 5 by the
    engine's count from 0, 4), the reserve and the build (the counter then reads 5)."""
    if view.phase in (Phase.SPLIT, Phase.CHOOSE):
        return view.round == LAST_ROUND
    return view.phase in (Phase.RESERVE, Phase.BUILD, Phase.OVER)


@dataclass(frozen=True, slots=True)
class Round5Start:
    """The start of round 5 as ``player`` knows it: its eight cards, those of them the opponent
    has seen (``marked``), the opponent's cards it has seen, and how many it has not."""

    player: int
    hand: int
    marked: int
    opponent_seen: int
    opponent_hidden: int
    splitter: int
    reserve_first: int
    face_up_swap: bool
    scoring: Scoring

    @property
    def hidden(self) -> int:
        """Our cards the opponent has not seen."""
        return self.hand & ~self.marked

    @property
    def pool(self) -> int:
        """Cards whose place is not public: both players' hidden cards, the draw and the reserve."""
        return ALL_CARDS & ~self.marked & ~self.opponent_seen

    def public_deals(self) -> int:
        """How many ways the pool can be dealt (the two-sided subgame's roots)."""
        return multinomial(self.hidden.bit_count(), self.opponent_hidden, 4, 1)

    def deals_per_hand(self) -> int:
        """Deals for one hand of ours (the one-sided subgame's roots)."""
        return multinomial(self.opponent_hidden, 4, 1)


def multinomial(*counts: int) -> int:
    """The number of ways to deal ``sum(counts)`` distinct cards into groups of these sizes.

    >>> multinomial(4, 4, 1), multinomial(2, 2, 4, 1)
    (630, 3780)
    """
    out = factorial(sum(counts))
    for count in counts:
        out //= factorial(count)
    return out


def round5_start(view: PlayerView) -> Round5Start:
    """The round-5 start of ``view``'s player (a view in round 5: split, choose, reserve, build)."""
    if view.player is None:
        raise ValueError("a spectator has no hand to solve for")
    if not in_endgame(view):
        raise ValueError(f"the endgame starts in round 5; this view is in round {view.round + 1} ({view.phase})")
    me = view.player
    splits = {e.round: e for e in view.log if isinstance(e, SeenSplit)}
    choices = {e.round: e for e in view.log if isinstance(e, SeenChoice)}
    hand = marked = seen = hidden = 0
    for r in range(LAST_ROUND):
        split, choice = splits[r], choices[r]
        if split.splitter == me:
            assert split.drawn is not None
            taken = split.face_up if choice.took_face_up else split.drawn ^ split.face_up
            mine = split.drawn ^ taken
            seen |= taken
            if not choice.took_face_up:
                marked |= mine
        else:
            if choice.took_face_up:
                mine = split.face_up
                hidden += 2
            else:
                assert choice.face_down is not None
                mine = choice.face_down
                seen |= split.face_up
            marked |= mine
        hand |= mine
    return Round5Start(me, hand, marked, seen, hidden, view.first_splitter,  # splits rounds 1, 3, 5
                       view.reserve_first, view.options.face_up_swap, view.options.scoring)


def _deals(pool: list[int], opponent_hidden: int) -> list[tuple[int, int, int]]:
    """Every (opponent hidden, draw, reserve) deal of ``pool`` (masks, masks, index)."""
    out = []
    for theirs in combinations(pool, opponent_hidden):
        rest = [c for c in pool if c not in theirs]
        their_mask = sum(1 << c for c in theirs)
        for reserve in rest:
            out.append((their_mask, sum(1 << c for c in rest if c != reserve), reserve))
    return out


def subgame_roots(start: Round5Start, *, cap: int, rng: np.random.Generator) -> tuple[Roots, bool]:
    """The root histories of ``start``'s subgame, and whether it is the full two-sided one.

    Two-sided when :meth:`Round5Start.public_deals` is at most ``cap``; else our hand and as
    many alternatives for our hidden cards (drawn with ``rng``) as keep the roots within ``cap``
    (at least our true hand: the one-sided subgame)."""
    pool = mask_indices(start.pool)
    hidden = start.hidden
    b = hidden.bit_count()
    options = [sum(1 << c for c in combo) for combo in combinations(pool, b)]
    full = start.public_deals() <= cap
    if not full:
        keep = max(1, cap // start.deals_per_hand())
        others = [o for o in options if o != hidden]
        count = min(keep - 1, len(others))
        picked = sorted(int(i) for i in rng.choice(len(others), size=count, replace=False)) if count else []
        options = [hidden] + [others[i] for i in picked]
    rows = []
    for ours in options:
        rest = [c for c in pool if not ours >> c & 1]
        for theirs, draw, reserve in _deals(rest, start.opponent_hidden):
            mine = start.marked | ours
            them = start.opponent_seen | theirs
            rows.append((mine, them, draw, reserve) if start.player == 0 else (them, mine, draw, reserve))
    table = np.array(rows, dtype=np.int64)
    return Roots((table[:, 0], table[:, 1]), table[:, 2], table[:, 3], np.ones(len(table))), full


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """Where a view's decision sits in the subgame: the layer (0-3), the information state's
    key, and the game action of each of the layer's tree actions."""

    layer: int
    key: int
    actions: tuple[int, ...]


def decision_point(view: PlayerView, start: Round5Start) -> DecisionPoint:
    """The :class:`DecisionPoint` of ``view`` (its player must be the one to act in round 5)."""
    me = start.player
    split = next((e for e in view.log if isinstance(e, SeenSplit) and e.round == LAST_ROUND), None)
    choice = next((e for e in view.log if isinstance(e, SeenChoice) and e.round == LAST_ROUND), None)
    if view.current_player != me:
        raise ValueError("not this player's turn")
    if view.phase == Phase.SPLIT:
        drawn = mask_indices(view.drawn)
        splits = tuple(act.split_action(drawn[i], drawn[j]) for i, j in SPLITS)
        return DecisionPoint(0, int(split_key(start.hand, view.drawn)), splits)
    if view.phase == Phase.CHOOSE:
        code = int(pair_code(np.array([view.offer]))[0])
        return DecisionPoint(1, int(choose_key(start.hand, code)), (act.TAKE_FACE_UP, act.TAKE_FACE_DOWN))
    if view.phase != Phase.RESERVE or split is None or choice is None:
        raise ValueError(f"no endgame decision at phase {view.phase}")
    if split.splitter == me:
        assert split.drawn is not None
        seen = split.drawn
    else:
        seen = split.face_up if choice.took_face_up else split.face_up | (choice.face_down or 0)
    code = int(pair_code(np.array([split.face_up]))[0])
    base = int(reserve_key(start.hand, seen, code, 0 if choice.took_face_up else 1))
    gives = tuple([act.KEEP, *(act.give_action(c) for c in mask_indices(view.hand))])
    moves = [e for e in view.log if isinstance(e, SeenReserve)]
    if not moves:
        return DecisionPoint(2, base, gives)
    first = moves[0]
    gave = first.gave if first.swapped and first.gave is not None else (0 if first.swapped else -1)
    took = first.took if first.took is not None else 0
    shown = int(shown_move(np.array([gave]), np.array([took]), start.face_up_swap)[0])
    return DecisionPoint(3, int(second_reserve_key(base, shown)), gives)

"""The expert: determinised search over the worlds consistent with the view; Card Commons' advisor.

**Turns and keeps.** Each candidate action is valued by playing the rest of the round out in
sampled worlds with the skilled rules for both players (:mod:`.playout`) and scoring the round's
outcome by the chance of winning the match after it (the round table: the aim is the match,
not the points). The worlds are the same for every action (common random numbers: a world is
the opponent's hand and hidden cards and the order of the draw pile), drawn uniformly over the
deals consistent with the view (every consistent deal counts once, as the room's sampler does:
:func:`sample_round` deals on masks, which is faster, and a test checks the two agree), with
random numbers that come from the view and a salt only, so one view always gets one answer.

**Pruning** (a first turn has up to 168 actions): the candidates are the ``top`` best actions by
the skilled rules' static score (:func:`~.skilled.turn_scores`), which always include the
skilled choice; a keep has only two or three replies and all are candidates. The expert picks
among its candidates only. Other legal actions, when asked for (the hint and the review value
every legal action), are valued over the first ``screen`` worlds only, with their larger standard
errors.

**Builds.** The build values of :mod:`.build` (the 56 splits against the opponent building
soundly, in the chance of winning the match); the pick is the best of them (the first in
``legal`` order within the tie margin).

One choice function: :meth:`ExpertBot.choose`, the hint and the review all use
:meth:`ExpertBot.evaluate` and :meth:`ExpertBot.pick`.

**Cost** (``benchmarks/bench_card_commons_bots.py --matches 20``, 2026-12-01, by CPU time on a
shared machine): 399 decisions against skilled, median 13.3 ms, p95 119 ms (turns: median 37 ms,
p95 151 ms; keeps 7 / 55 ms; builds 2 / 4 ms).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from divided.bots.base import MIN_WORLDS, TIE, Evaluation, one_hot
from divided.bots.card_commons.build import build_values
from divided.bots.card_commons.playout import Round, Table, table_of_view
from divided.bots.card_commons.skilled import turn_scores, unseen_cards
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase
from divided.games.card_commons.view import PlayerView

REVIEW_WORLDS = 24
"""Worlds per candidate for the hint and the review (the lab's expert plays with fewer)."""
REVIEW_TOP = 6
"""Candidates for the hint and the review."""


def view_rng(view: PlayerView, salt: int = 0, purpose: str = "decide") -> random.Random:
    """The random numbers of a decision: a function of the view, ``salt`` and ``purpose`` only."""
    digest = hashlib.blake2b(f"cc-expert:{purpose}:{salt}:{view!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def sample_round(view: PlayerView, rng: random.Random) -> Round:
    """A world consistent with ``view`` at a turn or a keep, on masks: the cards the viewer cannot
    place dealt uniformly to the opponent's hand, reserved card and discards, the card set aside
    and the draw pile (in the order it will be drawn)."""
    assert view.player is not None
    me, them = view.player, 1 - view.player
    unseen = [c for c in range(21) if unseen_cards(view) >> c & 1]
    rng.shuffle(unseen)
    hand_size = view.hand_sizes[them]
    reserved_size = 1 if view.used[them] >> act.Kind.RESERVE & 1 else 0
    discard_size = 2 if view.used[them] >> act.Kind.DISCARD & 1 else 0
    cut = [hand_size, hand_size + reserved_size, hand_size + reserved_size + discard_size]
    hand = sum(1 << c for c in unseen[:cut[0]])
    reserved = sum(1 << c for c in unseen[cut[0]:cut[1]])
    discards = sum(1 << c for c in unseen[cut[1]:cut[2]])
    pile = unseen[cut[2] + 1:]  # one card is set aside
    if len(pile) != view.pile_size:
        raise ValueError(f"the view's hidden cards do not add up: {len(pile)} for a pile of {view.pile_size}")
    hands, reserves, discarded = [0, 0], [0, 0], [0, 0]
    hands[me], hands[them] = view.hand, hand
    reserves[me], reserves[them] = view.reserved, reserved
    discarded[me], discarded[them] = view.discards, discards
    return Round(view.starter, view.turn, hands, reserves, list(view.face_up), discarded, list(view.used), pile,
                 True, view.offer if view.phase == Phase.KEEP else -1)


def _value(world: Round, action: int, keeping: bool, me: int, table: Table) -> float:
    game = world.copy()
    if keeping:
        game.apply_keep(action)
    else:
        game.apply_turn(action)
    threes = game.play_out()
    five, three = game.outcome(threes, me)
    return table[five][three]


def candidates(view: PlayerView, legal: Sequence[int], top: int) -> list[int]:
    """The actions the expert chooses among (see the module text), in ``legal`` order."""
    if view.phase != Phase.ACT or len(legal) <= top:
        return list(legal)
    assert view.player is not None
    me = view.player
    scores = turn_scores(view.hand, view.used[me], view.reserved | view.face_up[me], view.face_up[me],
                         view.face_up[1 - me])
    ranked = sorted(legal, key=lambda a: (-scores.get(a, -math.inf), a))
    kept = set(ranked[:top])
    return [a for a in legal if a in kept]


@dataclass
class ExpertBot:
    """Determinised rollouts of the round with the skilled rules, over ``worlds`` worlds for each
    of the ``top`` candidate actions (the others valued over ``screen`` worlds when asked)."""

    worlds: int = 8
    top: int = 4
    screen: int = 2
    salt: int = 0
    name: str = "expert"

    @property
    def budget(self) -> int:
        """Worlds per candidate (the :class:`~divided.bots.base.Advisor` budget)."""
        return self.worlds

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """The action :meth:`pick` chooses from :meth:`evaluate`'s values of the candidates (the
        ``rng`` is not used: the random numbers come from the view)."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        chosen = candidates(view, legal, self.top)
        return self.pick(view, legal, self.evaluate(view, chosen).values)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose`."""
        return one_hot(self.choose(view, legal, random.Random(0)), legal)

    def pick(self, view: PlayerView, legal: Sequence[int], values: Mapping[int, float]) -> int:
        """The best valued candidate (the first in ``legal`` order within :data:`TIE`)."""
        pool = [a for a in candidates(view, legal, self.top) if a in values] or [a for a in legal if a in values]
        top = max(values[a] for a in pool)
        return next(a for a in pool if values[a] >= top - TIE)

    def evaluate(self, view: PlayerView, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        """Every action of ``legal``: its chance to win the match and its standard error."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if view.player is None:
            raise ValueError("a spectator's view has no actions to value")
        salt = self.salt if salt is None else salt
        if view.phase == Phase.BUILD:
            return self._build(view, legal)
        if view.phase not in (Phase.ACT, Phase.KEEP):
            return Evaluation({a: 0.5 for a in legal}, {a: 0.0 for a in legal})
        chosen = set(candidates(view, legal, self.top))
        rng = view_rng(view, salt)
        worlds = [sample_round(view, rng) for _ in range(self.worlds)]
        counts = {a: (self.worlds if a in chosen else min(self.screen, self.worlds)) for a in legal}
        return self._rollouts(view, legal, worlds, counts)

    def refine(self, view: PlayerView, actions: tuple[int, int], *, salt: int, target: float,
               budget: int, enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        """The two ``actions`` compared over fresh worlds, ``worlds`` at a time, until the
        standard error of their difference is at most ``target`` (over at least
        :data:`~divided.bots.base.MIN_WORLDS` worlds), ``budget`` worlds are used, or
        ``enough`` (asked after each batch) says the values so far settle the caller's question."""
        if view.phase not in (Phase.ACT, Phase.KEEP):
            return self.evaluate(view, actions, salt=salt)
        rng = view_rng(view, salt, f"refine:{target}")
        samples: dict[int, list[float]] = {a: [] for a in actions}
        used = 0
        while used < budget:
            more = [sample_round(view, rng) for _ in range(min(self.worlds, budget - used))]
            used += len(more)
            for action, found in self._samples(view, actions, more, {a: len(more) for a in actions}).items():
                samples[action] += found
            if used >= MIN_WORLDS and _pair_error(samples, *actions) <= target:
                break
            if enough is not None and enough(_evaluation(samples, used)):
                break
        return _evaluation(samples, used)

    def _rollouts(self, view: PlayerView, legal: Sequence[int], worlds: list[Round],
                  counts: Mapping[int, int]) -> Evaluation:
        return _evaluation(self._samples(view, legal, worlds, counts), len(worlds))

    @staticmethod
    def _samples(view: PlayerView, legal: Sequence[int], worlds: list[Round],
                 counts: Mapping[int, int]) -> dict[int, list[float]]:
        """Each action's value in each of its first ``counts[action]`` worlds."""
        assert view.player is not None
        me = view.player
        keeping = view.phase == Phase.KEEP
        table = table_of_view(view)
        return {a: [_value(worlds[w], a, keeping, me, table) for w in range(counts[a])] for a in legal}

    def _build(self, view: PlayerView, legal: Sequence[int]) -> Evaluation:
        """The build values (:func:`~divided.bots.card_commons.build.build_values`: the chance of
        winning the match, the opponent building soundly)."""
        found = {split.action: split.match_win for split in build_values(view)}
        return Evaluation({a: found[a] for a in legal}, {a: 0.0 for a in legal})


def _evaluation(samples: Mapping[int, list[float]], worlds: int) -> Evaluation:
    values = {a: sum(found) / len(found) for a, found in samples.items()}
    errors = {a: _error(found) for a, found in samples.items()}
    return Evaluation(values, errors, worlds, False, lambda first, second: _pair_error(samples, first, second),
                      counts={a: len(found) for a, found in samples.items()})


def _pair_error(samples: Mapping[int, list[float]], first: int, second: int) -> float:
    """The standard error of the difference of two actions' values over their common worlds."""
    a, b = samples.get(first, []), samples.get(second, [])
    n = min(len(a), len(b))
    return _error([a[i] - b[i] for i in range(n)])


def _error(samples: Sequence[float]) -> float:
    n = len(samples)
    if n < 2:
        return math.inf
    mean = sum(samples) / n
    return math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1) / n)


def advisor(budget: int | None = None) -> ExpertBot:
    """Card Commons' advisor (for the hints and the review): the expert with :data:`REVIEW_TOP`
    candidates and :data:`REVIEW_WORLDS` worlds each, or ``budget`` when that is fewer (the
    budget caps the worlds per decision; a refined comparison uses at most the budget the
    caller gives :meth:`ExpertBot.refine`)."""
    worlds = REVIEW_WORLDS if budget is None else max(1, min(budget, REVIEW_WORLDS))
    return ExpertBot(worlds=worlds, top=REVIEW_TOP, screen=min(ExpertBot.screen, worlds))

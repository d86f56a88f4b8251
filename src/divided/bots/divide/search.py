"""The expert's search: sampled worlds, the candidate actions, and their values over the worlds.

**Worlds** come from the room's constrained sampler (``games.room("divide").sampler(view)``:
uniform over the placements of the unseen cards consistent with the view, voids and known cards
respected, no rejection), turned into playout :class:`~.playout.Round`\\ s with the face-down
tokens drawn from the multiset left. Every random number comes from the view, a salt and a
purpose (:func:`view_rng`), so one view always gets one answer, and the same worlds serve every
action (common random numbers: the values of two actions differ by the action, not the luck).

**Candidates** (a pass has up to 56 choices, a draft 16): cards that play alike are merged (two
cards of one suit, neither of the Trump Rank, with every rank between them in the hand or
already played this round: whichever is played, the trick and the rest of the round go the same
way for everyone, unless a later Trump declaration picks out one of their ranks); passes are the
pairs of the four cheapest cards (cheapest by the rollout's order, the cheaper one left);
drafts are Points, Lead, No Trump, Trump on the current rank and on the two ranks held most.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping, Sequence

from divided import games
from divided.bots.base import Evaluation
from divided.bots.divide.playout import ROUND_SPREAD, Round, policy, round_of, value_of
from divided.games.divide import actions as act
from divided.games.divide.state import Phase, TrickEvent
from divided.games.divide.tricks import RANK_MASKS
from divided.games.divide.view import PlayerView

DECISIONS = (Phase.COMMIT, Phase.PASS, Phase.PLAY, Phase.DRAFT)


def view_rng(view: PlayerView, salt: int = 0, purpose: str = "decide") -> random.Random:
    """The random numbers of a decision: a function of the view, ``salt`` and ``purpose`` only."""
    digest = hashlib.blake2b(f"divide-expert:{purpose}:{salt}:{view!r}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def candidate_world(view: PlayerView) -> Round:
    """The world whose rollout-policy choice joins the :func:`candidates` (one drawn from the view
    alone, whatever the sampling salt: the expert's choice, its values and its pick all see the
    same candidates)."""
    return sample_worlds(view, view_rng(view, 0, "candidates"), 1)[0]


def sample_worlds(view: PlayerView, rng: random.Random, count: int) -> list[Round]:
    """``count`` worlds consistent with ``view`` from the room's sampler, as playout rounds."""
    sampler = games.room("divide").sampler(view)
    return [round_of(sampler.sample(rng), rng) for _ in range(count)]


def played_this_round(view: PlayerView) -> int:
    """The cards played to tricks this round (a mask), the current trick's included."""
    mask = 0
    for event in view.round_events():
        if isinstance(event, TrickEvent):
            for _, card in event.plays:
                mask |= 1 << card
    for _, card in view.plays:
        mask |= 1 << card
    return mask


def _merge_alike(cards: Sequence[int], hand: int, gone: int, trump: int | None) -> list[int]:
    """One card of each run of cards that play alike (see the module text), the lowest of a run."""
    trump_cards = RANK_MASKS[trump] if trump else 0
    kept: list[int] = []
    chosen = set(cards)
    for card in sorted(cards):
        if card >= 52 or trump_cards >> card & 1:
            kept.append(card)
            continue
        below = card - 4
        same = False
        while below >= 0:  # walk down the suit past cards held or gone
            if below in chosen and not trump_cards >> below & 1:
                same = True
                break
            if not ((hand | gone) >> below & 1) or trump_cards >> below & 1:
                break
            below -= 4
        if not same:
            kept.append(card)
    return kept


def _cheap_order(hand: int, trump: int | None) -> list[int]:
    """The hand's cards from cheapest to dearest by the rollout's order (plain low cards first,
    Trump-Rank cards, then Jokers)."""
    trump_cards = RANK_MASKS[trump] if trump else 0
    cards = [c for c in range(54) if hand >> c & 1]
    return sorted(cards, key=lambda c: (c >= 52, bool(trump_cards >> c & 1), c))


def candidates(view: PlayerView, legal: Sequence[int], world: Round | None = None) -> list[int]:
    """The actions the expert chooses among (see the module text), in ``legal`` order; the
    rollout policy's own choice (``world``'s, when given) is always among them."""
    if len(legal) <= 1:
        return list(legal)
    kept: set[int]
    if view.phase in (Phase.PLAY, Phase.COMMIT):
        kept = set(_merge_alike(legal, view.hand, played_this_round(view), view.trump))
    elif view.phase == Phase.PASS:
        cheap = _cheap_order(view.hand, view.trump)[:4]
        kept = {act.pass_action(a, b) for i, a in enumerate(cheap) for b in cheap[i + 1:]}
    elif view.phase == Phase.DRAFT:
        hand = view.hand
        counts = sorted(range(2, 15), key=lambda r: (-(hand & RANK_MASKS[r]).bit_count(), -r))
        kept = {act.POINTS, act.LEAD, act.NO_TRUMP, act.trump_action(view.trump),
                act.trump_action(counts[0]), act.trump_action(counts[1])}
    else:
        kept = set(legal)
    if world is not None and view.player is not None:
        kept.add(policy(world, view.player))
    return [a for a in legal if a in kept]


def samples(view: PlayerView, actions: Sequence[int], worlds: Sequence[Round], counts: Mapping[int, int],
            unit: str = "win") -> dict[int, list[float]]:
    """Each action's value in each of its first ``counts[action]`` worlds: the world copied, the
    action applied, the round played out by the rollout policy, the end valued for the viewer."""
    assert view.player is not None
    me, opts = view.player, view.options
    rounds_left = opts.rounds - view.round - 1
    spread = ROUND_SPREAD[view.num_players]
    out: dict[int, list[float]] = {}
    for action in actions:
        found = []
        for world in worlds[:counts[action]]:
            game = world.copy()
            game.apply(action)
            game.play_out()
            found.append(value_of(game, me, rounds_left, opts.end_score, spread, unit))
        out[action] = found
    return out


def evaluation(found: Mapping[int, list[float]], worlds: int) -> Evaluation:
    """An :class:`Evaluation` of per-world samples (means, standard errors, paired errors)."""
    values = {a: sum(xs) / len(xs) for a, xs in found.items()}
    errors = {a: standard_error(xs) for a, xs in found.items()}
    return Evaluation(values, errors, worlds, False, lambda first, second: pair_error(found, first, second),
                      counts={a: len(xs) for a, xs in found.items()})


def pair_error(found: Mapping[int, list[float]], first: int, second: int) -> float:
    """The standard error of the difference of two actions' values over their common worlds."""
    a, b = found.get(first, []), found.get(second, [])
    n = min(len(a), len(b))
    return standard_error([a[i] - b[i] for i in range(n)])


def standard_error(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return math.inf
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


__all__ = ["DECISIONS", "candidates", "evaluation", "pair_error", "sample_worlds", "samples", "standard_error",
           "view_rng"]

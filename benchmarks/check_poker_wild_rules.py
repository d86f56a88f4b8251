"""Exhaustive check of the poker engine's wild rules against an independent brute force.

Every one of the 2,598,960 five-card hands is ranked by the engine (:mod:`divided.games.poker.wilds`:
the high scale of :mod:`divided.hands.poker.scale`) and by the brute force of
tests/games/poker/wild_brute.py (each wild card replaced by every one of the 52 cards, the best
substitution counting), under:

* every wild list a rule resolves to whatever the table: no wild card; the deuces (fixed list,
  Jackpot); each rank's four cards (Freak of Nature's wild rank, Crazy 4♠ holding the 4♠, one
  buck of Buck Thirty-Five); each pair of ranks (two bucks, BU3); the two cards of each rank in
  each colour (3-2-1's turned card, TR5) — ranked in batches with the list the engine's own
  resolver gives;
* the rules that depend on the hand, one hand at a time through the engine's own path
  (``wilds.strength``): the lowest card (UB1-UB2), Low-Die and High-Die (LD1), the 4♠ chain (CF1)
  and the cascade (FN1) with the hand alone at the showdown.

The check: the engine's strengths and the brute force's values order all the hands alike, as one
order over every rule (each engine strength goes with exactly one brute-force value and the other
way round, and sorting by one sorts by the other). It prints what it checked and the time taken.

    PYTHONPATH=src python benchmarks/check_poker_wild_rules.py [--only NAME]
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games" / "poker"))

import wild_brute as brute

from divided.games.poker import wilds
from divided.games.poker.cards import CARDS
from divided.games.poker.variant import Slot, Variant
from divided.hands.poker import system
from divided.hands.poker.scale import on_scale

Array = npt.NDArray[np.int64]
PLAIN = Variant(id="plain", name="plain", summary="", players=(2, 7), slots=(Slot("hand", 5),), steps=(), awards=())
BUCKS = Variant(id="bucks", name="bucks", summary="", players=(2, 7), slots=(Slot("hand", 3), Slot("buck", 2)),
                steps=(), awards=())


class Pairs:
    """The distinct (engine strength, brute-force value) pairs seen so far."""

    def __init__(self) -> None:
        self.codes: set[int] = set()

    def add(self, ours: Array, theirs: Array) -> None:
        if (theirs < 0).any() or (ours < 0).any():
            row = int(np.argmax((theirs < 0) | (ours < 0)))
            raise SystemExit(f"no value for row {row}: engine {ours[row]}, brute force {theirs[row]}")
        self.codes.update(np.unique((ours << 32) | theirs).tolist())

    def check(self) -> tuple[int, int]:
        pairs = np.array(sorted(self.codes), dtype=np.int64)
        ours, theirs = pairs >> 32, pairs & 0xFFFFFFFF
        if len(np.unique(ours)) != len(pairs) or len(np.unique(theirs)) != len(pairs):
            raise SystemExit("the engine and the brute force disagree: some class maps to two")
        if not (np.diff(theirs) > 0).all():
            raise SystemExit("the engine and the brute force order some hands differently")
        return len(pairs), len(np.unique(theirs))


def wild_lists() -> dict[str, list[frozenset[int]]]:
    """The wild lists, each as the engine's resolver gives it."""
    deuces = wilds.readings(wilds.Fixed(wilds.DEUCES), wilds.Seen((), ((),), PLAIN, ()))[0][1]

    def bucks(*apart: int) -> frozenset[int]:
        seen = wilds.Seen((), ((), tuple(apart)), BUCKS, ())
        return wilds.readings(wilds.Designated("buck"), seen)[0][1]

    turned = []
    for card in range(52):
        seen = wilds.Seen((), ((),), PLAIN, (), type("Turned", (), {"trash": (card,)})())  # type: ignore[arg-type]
        turned.append(wilds.readings(wilds.OppositeColour("trash"), seen)[0][1])
    return {"none": [frozenset()], "deuces": [deuces],
            "one rank": [bucks(4 * rank) for rank in range(13)],
            "two ranks": [bucks(4 * a, 4 * b) for a, b in combinations(range(13), 2)],
            "opposite colour": sorted(set(turned), key=sorted)}


def by_list(hands: Array, wild: frozenset[int]) -> Array:
    """Every hand's strength with this wild list, in one batch (the engine's ranking system and
    high scale for that list)."""
    ranking = system("high", wild=[CARDS[card] for card in sorted(wild)]) if wild else system("high")
    return np.asarray(on_scale(ranking), dtype=np.int64)[ranking.rank_batch(hands)]


def per_hand(hands: Array, rule: wilds.Wild) -> Array:
    """Every hand's strength through the engine's own path, one hand at a time (alone at the
    showdown)."""
    out = np.empty(len(hands), dtype=np.int64)
    strength, seen = wilds.strength, wilds.Seen
    for row, hand in enumerate(hands.tolist()):
        cards = tuple(hand)
        out[row] = strength(rule, seen(cards, (cards,), PLAIN, (cards,)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="check only the rules whose name contains this")
    arguments = parser.parse_args(argv)
    started = time.perf_counter()
    hands = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    print(f"{len(hands):,} hands", flush=True)
    pairs = Pairs()
    checked = 0
    for name, lists in wild_lists().items():
        if arguments.only not in name:
            continue
        clock = time.perf_counter()
        for wild in lists:
            marked = np.isin(hands, sorted(wild))
            pairs.add(by_list(hands, wild), brute.value(hands, marked))
            checked += len(hands)
        print(f"{name}: {len(lists)} list(s) x {len(hands):,} hands agree ({time.perf_counter() - clock:.0f} s)",
              flush=True)
    rules: dict[str, tuple[wilds.Wild, object]] = {
        "lowest card": (wilds.LowestCard(), lambda: brute.uncle_bob(hands)),
        "low-die": (wilds.DicePairs(wilds.LOW_DIE), lambda: brute.value(hands, brute.dice(hands, brute.LOW_DIE))),
        "high-die": (wilds.DicePairs(wilds.HIGH_DIE), lambda: brute.value(hands, brute.dice(hands, brute.HIGH_DIE))),
        "chain": (wilds.Chain(), lambda: brute.value(hands, brute.chain(hands))),
        "cascade": (wilds.Cascade(), lambda: brute.value(hands, _alone_cascade(hands))),
    }
    for name, (rule, theirs) in rules.items():
        if arguments.only not in name:
            continue
        clock = time.perf_counter()
        pairs.add(per_hand(hands, rule), theirs())  # type: ignore[operator]
        checked += len(hands)
        print(f"{name}: {len(hands):,} hands agree, one at a time ({time.perf_counter() - clock:.0f} s)", flush=True)
    classes, values = pairs.check()
    print(f"all: {checked:,} rankings agree with the brute force, one order of {classes:,} classes "
          f"({values:,} brute-force values); {time.perf_counter() - started:.0f} s in all", flush=True)
    return 0


def _alone_cascade(hands: Array) -> npt.NDArray[np.bool_]:
    """FN1 for a hand alone at the showdown: its highest rank among six to two is wild."""
    ranks = hands // 4
    wild = np.zeros(hands.shape, dtype=bool)
    found = np.zeros(len(hands), dtype=bool)
    for rank in (brute.SIX, brute.FIVE, brute.FOUR, brute.THREE, brute.TWO):
        holds = (ranks == rank).any(axis=1) & ~found
        wild |= holds[:, None] & (ranks == rank)
        found |= holds
    return wild


if __name__ == "__main__":
    sys.exit(main())

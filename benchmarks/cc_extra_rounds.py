"""How rarely Card Commons' cap on extra rounds (ruling C6) can bind: matches played to the end
with the cap raised to 100, counting the extra rounds each one needed.

Run: ``python benchmarks/cc_extra_rounds.py [--matches 20000] [--policy random|greedy] [--seed 0]``

* ``random``: every decision (draft, replies, builds) uniformly among the legal actions.
* ``greedy``: the same random draft, and each build takes the strongest 5-card hand (then the
  strongest 3-card hand of the rest): the "strongest 5-card hand first" habit, which makes
  equal 5-card hands likelier (both players' best hands are often the same Royal Flush).

It prints how many matches needed at least one extra round, the longest run of them, how often
a round (any round, and an extra round) had both comparisons equal, and from that the chance
that the default cap of 10 extra rounds binds (an extra round is all-equal ten times in a row).
Match ``k`` deals from seed ``seed + k``; decisions come from ``random.Random(seed)``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from divided import games
from divided.games.card_commons import actions as act
from divided.hands.five import strength_of_mask
from divided.hands.three import strength3_of_mask

CAP = 100


def greedy_build(legal: list[int], collection: int) -> int:
    """The build with the strongest 5-card hand, then the strongest 3-card hand."""
    def key(action: int) -> tuple[int, int]:
        three = act.decode(action).cards
        return strength_of_mask(collection ^ three), strength3_of_mask(three)
    return max(legal, key=key)


def play(seed: int, rng: random.Random, policy: str, game: Any) -> tuple[int, int, int, int, int, int]:
    """One match: (extra rounds, rounds, rounds with both comparisons equal, such extra rounds,
    rounds with equal 5-card hands, rounds with equal 3-card hands)."""
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        core = state.core
        if policy == "greedy" and core.phase == "build":
            player = state.current_player()
            state.apply_action(greedy_build(legal, core.collection(player)))
        else:
            state.apply_action(rng.choice(legal))
    rounds = state.core.rounds
    level = [r for r in rounds if r.five is None and r.three is None]
    fives = sum(r.five is None for r in rounds)
    threes = sum(r.three is None for r in rounds)
    return state.core.extra_rounds, len(rounds), len(level), sum(r.extra for r in level), fives, threes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--policy", choices=("random", "greedy"), default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = games.load("card-commons", max_extra_rounds=CAP)
    rng = random.Random(args.seed)
    extra: Counter[int] = Counter()
    rounds = level = extra_level = fives = threes = 0
    start = time.perf_counter()
    for k in range(args.matches):
        e, r, lv, elv, f, t = play(args.seed + k, rng, args.policy, game)
        fives += f
        threes += t
        extra[e] += 1
        rounds += r
        level += lv
        extra_level += elv
    seconds = time.perf_counter() - start
    n = args.matches
    with_extra = n - extra[0]
    extra_rounds = sum(e * c for e, c in extra.items())
    print(f"policy {args.policy}: {n} matches, {rounds} rounds in {seconds:.1f} s ({n / seconds:.0f} matches/s)")
    print(f"rounds with equal 5-card hands: {fives} ({fives / rounds:.3%}); equal 3-card hands: {threes} "
          f"({threes / rounds:.3%}); both equal: {level} ({level / rounds:.3%})")
    print(f"matches with >= 1 extra round: {with_extra} ({with_extra / n:.3%}); longest run {max(extra)}; "
          f"counts {dict(sorted(extra.items()))}")
    if extra_rounds:
        p = extra_level / extra_rounds
        print(f"extra rounds with both comparisons equal (another extra round follows): {extra_level} of "
              f"{extra_rounds} ({p:.3%})")
    p_round = level / rounds
    print(f"chance the default cap (10) binds, per match with an extra round, from the per-round rate: "
          f"{p_round ** 10:.2e}; per match: {with_extra / n * p_round ** 10:.2e}")


if __name__ == "__main__":
    main()

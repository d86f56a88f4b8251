"""The Expert's round-5 solve on a fixed sample of real positions: time, size, NashConv, and how
exploitable the strategy it plays is.

Positions: seeded expert-vs-skilled games played to the start of round 5 (the expert in either
seat by turns), in both swap variants (blind and face-up), from each player's view: ``--games``
games per variant give ``4 * --games`` positions (200 by default).

For each position the Expert's own solve (:func:`~divided.bots.divided_ranks.endgame.policy.solve_start`
with its default :class:`~divided.bots.divided_ranks.endgame.policy.EndgameSettings`, the module
cache cleared first, so every solve is a fresh one): wall time of the whole solve, of the tree
build (roots and tree, rebuilt separately with the same settings) and the rest (CFR+ and the
average), iterations, NashConv in its own subgame (of CFR's average, and of the strategy played:
the average refined off each player's own path, computed after the clock stops), roots, whether the subgame is the full
two-sided one. Then the same tree is solved offline to NashConv at most ``--offline-target``,
and the strategy the Expert plays is measured against it: the exploitability of the Expert's
side is the equilibrium value for the Expert's player minus the value its strategy guarantees
against a best response (in payoff points, a win +1 and a loss -1; half that in win chance).
When the subgame was truncated (too many roots to be two-sided) both figures are within the
truncated subgame the Expert solved.

Run: ``python benchmarks/bench_endgame.py [--games 50] [--json out.json]`` (one core, this process).
``--first-use`` times only the first solve of a fresh process against the same solve again: the
kernel's compile time (with an empty ``NUMBA_CACHE_DIR``) or its load from numba's on-disk cache.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from divided import games
from divided.bots import make_bot
from divided.bots.divided_ranks.endgame import policy
from divided.bots.divided_ranks.endgame.roots import LAST_ROUND, Round5Start, round5_start, subgame_roots
from divided.bots.divided_ranks.endgame.solver import CFRSolver
from divided.bots.divided_ranks.endgame.tree import Round5Tree
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView

GAME = "divided-ranks"
VARIANTS = ("blind", "face-up")


@dataclass(frozen=True)
class Position:
    """One player's view at the start of round 5 of a seeded game."""

    variant: str
    seed: int
    expert_seat: int
    player: int
    view: PlayerView


@dataclass(frozen=True)
class Measured:
    """The figures of one position (times in seconds, NashConv and exploitability in points)."""

    variant: str
    seed: int
    player: int
    expert_view: bool
    roots: int
    two_sided: bool
    iterations: int
    nash_conv: float
    played_nash_conv: float
    total_s: float
    build_s: float
    solve_s: float
    offline_iterations: int
    offline_nash_conv: float
    offline_s: float
    equilibrium_value: float
    guaranteed_value: float
    exploitability: float


def positions(games_per_variant: int, first_seed: int, opponent: str = "skilled") -> list[Position]:
    """Both players' views at the first split of round 5 of ``games_per_variant`` seeded
    expert-vs-``opponent`` games in each swap variant (the expert's seat alternates by game)."""
    out: list[Position] = []
    for variant in VARIANTS:
        game = games.load(GAME, swap=variant)
        for i in range(games_per_variant):
            seed = first_seed + i
            expert_seat = i % 2
            names = ("expert", opponent) if expert_seat == 0 else (opponent, "expert")
            bots = [make_bot(GAME, name) for name in names]
            rngs = [random.Random(seed * 2 + p) for p in (0, 1)]
            state = game.new_initial_state(seed=seed)
            while not (state.core.phase == Phase.SPLIT and state.core.round == LAST_ROUND):
                if state.is_terminal():
                    raise RuntimeError(f"game {seed} ended before round 5")
                player = state.current_player()
                state.apply_action(bots[player].choose(state.observation(player), state.legal_actions(),
                                                       rngs[player]))
            out.extend(Position(variant, seed, expert_seat, p, state.observation(p)) for p in (0, 1))
    return out


def build(start: Round5Start, settings: policy.EndgameSettings) -> Round5Tree:
    """The roots and tree as :func:`~policy.solve_start` builds them (sample rng aside: only the
    time is used)."""
    roots, _ = subgame_roots(start, cap=settings.cap, rng=np.random.default_rng(settings.salt))
    return Round5Tree(roots, splitter=start.splitter, reserve_first=start.reserve_first,
                      face_up_swap=start.face_up_swap, scoring=start.scoring)


def measure(position: Position, offline_target: float, offline_max: int) -> Measured:
    """The Expert's solve of ``position`` and its strategy against the offline equilibrium."""
    settings = policy.EndgameSettings()
    start = round5_start(position.view)
    policy._CACHE.clear()  # every solve a fresh one, as the first decision of a game sees it
    gc.collect()  # the previous position's garbage is not this one's time
    began = time.perf_counter()
    endgame = policy.solve_start(start, settings)
    total = time.perf_counter() - began
    gc.collect()
    began = time.perf_counter()
    build(start, settings)
    build_s = time.perf_counter() - began
    offline = CFRSolver(endgame.tree)
    began = time.perf_counter()
    report = offline.solve(target=offline_target, max_iterations=offline_max, check_every=25)
    offline_s = time.perf_counter() - began
    me = start.player
    sign = 1.0 if me == 0 else -1.0
    guaranteed = -offline.best_response_value(list(endgame.strategy), 1 - me)
    equilibrium = sign * offline.value()
    return Measured(position.variant, position.seed, me, me == position.expert_seat, len(endgame.tree.chance),
                    endgame.two_sided, endgame.report.iterations, endgame.report.nash_conv,
                    endgame.solver.nash_conv(list(endgame.strategy)), total, build_s,
                    max(0.0, total - build_s), report.iterations, report.nash_conv, offline_s, equilibrium,
                    guaranteed, equilibrium - guaranteed)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(rows: list[Measured], target: float) -> dict[str, Any]:
    """Median, p95 and max of each figure, overall and by variant, and the share within ``target``."""
    def stats(values: list[float]) -> dict[str, float]:
        return {"median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values)}

    def group(part: list[Measured]) -> dict[str, Any]:
        return {
            "positions": len(part),
            "two_sided_share": sum(r.two_sided for r in part) / len(part),
            "within_target_share": sum(r.nash_conv <= target for r in part) / len(part),
            "played_within_target_share": sum(r.played_nash_conv <= target for r in part) / len(part),
            "offline_converged_share": sum(r.offline_nash_conv <= 0.001 + 1e-12 for r in part) / len(part),
            **{name: stats([float(getattr(r, name)) for r in part])
               for name in ("roots", "iterations", "nash_conv", "played_nash_conv", "total_s", "build_s", "solve_s",
                            "offline_nash_conv", "exploitability")},
        }

    return {"all": group(rows), **{v: group([r for r in rows if r.variant == v]) for v in VARIANTS}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="games per swap variant (4 positions each)")
    parser.add_argument("--seed", type=int, default=15_000, help="first game seed")
    parser.add_argument("--opponent", default="skilled", help="the expert's opponent in the games (default skilled)")
    parser.add_argument("--offline-target", type=float, default=0.001)
    parser.add_argument("--offline-max", type=int, default=5000, help="iteration cap of the offline solve")
    parser.add_argument("--json", default=None, help="write every position's figures and the summary here")
    parser.add_argument("--first-use", action="store_true",
                        help="only time the first solve of the process (numba compiles or loads the kernel) "
                             "and the same solve again")
    args = parser.parse_args()
    sample = positions(args.games, args.seed, args.opponent)
    target = policy.EndgameSettings().target
    began = time.perf_counter()
    policy.solve_start(round5_start(sample[0].view))  # compile the kernel outside the timings
    first = time.perf_counter() - began
    print(f"{len(sample)} positions; first solve (kernel compiled or loaded) {first:.3f} s", flush=True)
    if args.first_use:
        policy._CACHE.clear()
        began = time.perf_counter()
        policy.solve_start(round5_start(sample[0].view))
        again = time.perf_counter() - began
        print(f"the same solve again {again:.3f} s: first use costs {first - again:.3f} s")
        return
    rows = []
    for i, position in enumerate(sample):
        rows.append(measure(position, args.offline_target, args.offline_max))
        r = rows[-1]
        print(f"{i:3d} {r.variant:7s} seed {r.seed} p{r.player} roots {r.roots:5d} two-sided {r.two_sided!s:5s} "
              f"it {r.iterations:3d} nc {r.nash_conv:.4f} {r.total_s * 1000:7.1f} ms (build {r.build_s * 1000:5.1f}) "
              f"| offline it {r.offline_iterations:4d} nc {r.offline_nash_conv:.5f} {r.offline_s:5.1f} s "
              f"expl {r.exploitability:+.4f}", flush=True)
    result = summary(rows, target)
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"settings": asdict(policy.EndgameSettings()), "args": vars(args), "summary": result,
                       "positions": [asdict(r) for r in rows]}, out, indent=1)


if __name__ == "__main__":
    main()

"""The review's honesty and speed, measured (issue 10, item 3).

Run: ``.venv/bin/python benchmarks/bench_review.py --games 20 timing``, ``... --games 100
--salts 10 --workers 2 agreement``, ``... --games 200 --workers 2 hints``.

Games: seeded games (``--first`` + index) between the skilled bot (seat 0) and, on the
reviewed seat 1, the skilled bot in even games and the random bot in odd ones (so the review
meets both sound and poor play); the first splitter alternates.

* ``timing``: the wall and CPU time of a whole review of seat 1 at the review's default
  budget (the first review builds the tables and is timed apart); prints medians and maxima.
  On a machine shared with other work the CPU time is the steadier figure; there the review's
  wall-clock deadline cuts refinement short, so ``--no-deadline`` measures what the worlds
  allowance alone costs.
* ``agreement``: each game reviewed with ``--salts`` independent sampling salts; a decision
  agrees when every salt gives it the same grade. Prints the share of decisions that agree
  (overall, for sampled ones alone, and counting best, good and close all as 'no grade', the
  issue's sense), and the disagreeing decisions. It runs without the wall-clock deadline: it
  measures the reproducible review (its worlds allowance), not how busy the machine was.
* ``hints``: each game is played through the web app's service (:class:`GameService`, an
  in-memory store) with hints on; at every decision of the human seat the hint is asked, then
  the finished game is reviewed by the service's review job; counts decisions where the hint
  differs from the review's best.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from divided import games
from divided.bots import advisor, make_bot
from divided.games import GameRecord
from divided.review import review_game
from divided.review.base import (
    DEFAULT_BUDGET,
    REVIEW_SECONDS,
    REVIEW_WORLDS,
    Allowance,
    decisions,
    review_decision,
)

SEAT = 1
ISSUE_GRADE = {"best": "no grade", "good": "no grade", "close": "no grade", "inaccuracy": "inaccuracy",
               "mistake": "mistake", "blunder": "blunder"}
"""The grades in the issue's sense: best, good and close calls are all 'no grade'."""


def record_of(index: int, first: int) -> GameRecord:
    """The seeded game ``index`` (see the module text)."""
    game = games.load("divided-ranks", first_splitter=index % 2)
    state = game.new_initial_state(seed=first + index)
    bots = [make_bot("divided-ranks", "skilled"), make_bot("divided-ranks", "skilled" if index % 2 == 0 else "random")]
    rng = random.Random(index)
    while not state.is_terminal():
        if state.is_chance_node():
            raise AssertionError("a seeded game resolves its own chance")
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions(), rng))
    return state.record()


def timing(index: int, first: int, seconds: float | None = REVIEW_SECONDS) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of a whole review of one game (``seconds``:
    the review's wall-clock deadline)."""
    record = record_of(index, first)
    began, cpu = time.perf_counter(), time.process_time()
    review = review_game(record, seat=SEAT, seconds=seconds)
    elapsed, used = time.perf_counter() - began, time.process_time() - cpu
    assert review.complete, review.error
    return elapsed, used


def grades(index: int, first: int, salts: int, sampled_only: bool = False) -> list[tuple[int, int, str, bool, list[str]]]:
    """(game, move number, phase, exact, grade under each salt) for every decision of a game.
    With ``sampled_only`` the review under the first salt is whole and the others review only
    the decisions it sampled (:func:`sampled_grades`)."""
    record = record_of(index, first)
    # no wall-clock deadline: the grades of the reproducible review (its worlds allowance), not
    # of how busy the machine was
    reviews = [review_game(record, seat=SEAT, seed=salt, seconds=None) for salt in range(1 if sampled_only else salts)]
    out = []
    for moves in zip(*(review.moves for review in reviews), strict=True):
        exact = all(error == 0.0 for error in moves[0].errors.values())
        out.append((index, moves[0].move_number, moves[0].phase, exact, [m.grade for m in moves]))
    if sampled_only:
        sampled = {row[1] for row in out if not row[3]}
        others = [sampled_grades(record, salt, sampled) for salt in range(1, salts)]
        out = [(*row[:4], row[4] * salts if row[3] else row[4] + [other[row[1]] for other in others])
               for row in out]
    return out


def sampled_grades(record: GameRecord, salt: int, sampled: set[int]) -> dict[int, str]:
    """The grades :func:`review_game` (no deadline) gives the decisions numbered in ``sampled``
    under ``salt``, without reviewing the others: an exact decision's grade does not depend on
    the salt and it never draws on the review's allowance, so leaving it out changes nothing
    else (the first looks, then the sharper comparisons in decision order, as the review does)."""
    found = [d for d in decisions(record, SEAT)[0] if d.move_number in sampled]
    bot = advisor(record.game, budget=DEFAULT_BUDGET)
    allowance = Allowance.starting(REVIEW_WORLDS, None)
    looks = [bot.evaluate(d.view, d.legal, salt=salt) for d in found]
    return {d.move_number: review_decision(bot, d, salt, allowance, look).grade for d, look in zip(found, looks, strict=True)}


def hint_mismatches(index: int, first: int) -> tuple[int, int]:
    """(decisions, decisions where the web hint is not the web review's best) for one game."""
    from divided.web.api import GameService
    from divided.web.store import GameStore

    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(f"sqlite:///{Path(folder) / 'games.db'}", seed_source=lambda: first + index)
        store.create_tables()
        service = GameService(store)
        try:
            return _hint_game(service, index, first)
        finally:
            service.close()


def _hint_game(service: Any, index: int, first: int) -> tuple[int, int]:
    from divided.web.api import NewGame

    session = f"bench-{index}"
    who = "you" if index % 2 == 0 else "bot"
    state = service.create(session, NewGame("skilled", "blind", who, True))
    player = make_bot("divided-ranks", "skilled" if index % 2 == 0 else "random")
    rng = random.Random(first + index)
    hints: dict[int, int] = {}
    while state["phase"] != "over":
        hint = service.hint(state["id"], session, state["move_number"])
        hints[state["move_number"]] = hint["action"]
        truth = service.cache.state(service.row(state["id"], session))
        seat = truth.current_player()
        action = player.choose(truth.observation(seat), truth.legal_actions(), rng)
        state = service.move(state["id"], session, state["move_number"], action)
    game_id = state["id"]
    service.start_review(game_id, session)
    while (status := service.review_status(game_id, session))["status"] == "running":
        time.sleep(0.05)
    assert status["status"] == "done", status
    best = {move["move_number"]: move["best"] for move in status["moves"]}
    assert set(best) == set(hints), (sorted(best), sorted(hints))
    return len(hints), sum(best[number] != hints[number] for number in hints)


def _run(function: Any, jobs: Iterable[tuple[Any, ...]], workers: int) -> list[Any]:
    """Every job's result, in order; each printed as it arrives (so a cut-short run still says
    what it found)."""
    out = []
    if workers <= 1:
        for job in jobs:
            out.append(function(*job))
            print("  game", job[0], out[-1], flush=True)
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(function, *job) for job in jobs]
        for job, future in zip(jobs, futures, strict=False):
            out.append(future.result())
            print("  game", job[0], out[-1], flush=True)
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("timing", "agreement", "hints"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=500, help="the first game's seed")
    parser.add_argument("--start", type=int, default=0, help="the first game's index (to go on from a run cut short)")
    parser.add_argument("--salts", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-deadline", action="store_true",
                        help="timing: review without the wall-clock deadline (the CPU cost of the worlds allowance alone)")
    parser.add_argument("--sampled-only", action="store_true",
                        help="agreement: review the exact decisions under the first salt only (their grade does "
                             "not depend on it; the same figures, less CPU)")
    args = parser.parse_args()
    indices = range(args.start, args.start + args.games)
    if args.what == "timing":
        seconds = None if args.no_deadline else REVIEW_SECONDS
        timing(0, args.first, seconds)  # the tables are built once per process: not part of a review
        pairs = [timing(i, args.first, seconds) for i in indices]  # one at a time: timings stay honest
        walls, cpus = [p[0] for p in pairs], [p[1] for p in pairs]
        print(f"review of a whole game (seat {SEAT}, default budget), {len(pairs)} games: wall median "
              f"{statistics.median(walls):.2f} s, max {max(walls):.2f} s; CPU median {statistics.median(cpus):.2f} s, "
              f"max {max(cpus):.2f} s")
    elif args.what == "agreement":
        jobs = [(i, args.first, args.salts, args.sampled_only) for i in indices]
        rows = [row for game in _run(grades, jobs, args.workers) for row in game]
        agree = [len(set(row[4])) == 1 for row in rows]
        sampled = [a for a, row in zip(agree, rows, strict=True) if not row[3]]
        graded = [len({ISSUE_GRADE[g] for g in row[4]}) == 1 for row in rows]
        print(f"{args.games} games, {args.salts} salts: {sum(agree)}/{len(agree)} decisions "
              f"({sum(agree) / len(agree):.1%}) get the same grade under every salt; "
              f"sampled decisions {sum(sampled)}/{len(sampled)}; the same grade in the issue's sense "
              f"(no grade, inaccuracy, mistake, blunder): {sum(graded)}/{len(graded)} ({sum(graded) / len(graded):.1%})")
        for a, row in zip(agree, rows, strict=True):
            if not a:
                print(f"  game {row[0]} move {row[1]} ({row[2]}): {' '.join(row[4])}")
    else:
        results = _run(hint_mismatches, [(i, args.first) for i in list(indices)], args.workers)
        decisions = sum(r[0] for r in results)
        mismatches = sum(r[1] for r in results)
        print(f"{args.games} games through the web service: the hint differs from the review's best "
              f"at {mismatches} of {decisions} decisions")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

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
* ``lines`` and ``simulate``: where the disagreements come from. ``lines`` takes every sampled
  decision of the games (salt 0's first look picks the pair the review compares, as the review
  does) and compares that pair over :data:`REFINE_BUDGET` worlds of another salt: the
  difference ``mu`` and its spread per world ``sd``, printed one JSON line per decision.
  ``simulate --lines FILE`` then plays the review's grading of those decisions many times over
  (the first look's difference drawn around ``mu`` with its measured error, each closer look's
  batches drawn with ``sd``; the rules, allowance and caps of :mod:`divided.review.base`) and
  prints the expected number of decisions whose grade differs under ``--salts`` salts, for the
  looks asked after every batch (the rule before) and only once sharper than the first look
  (the rule now). A model, not a measurement: it checks itself against ``agreement``.
  ``--floor``, ``--cap`` and ``--allowance`` ask what another finest error, closer-look cap or
  review allowance would do (the review's own by default).
* ``spend``: where a review's closer looks spend their worlds (salt 0, the review's allowance,
  no deadline). Each sampled decision whose first look left its grade unsettled counts under
  "a grade at stake" when the grades within reach include an inaccuracy, mistake or blunder
  that the others do not (the issue's sense), else under "no grade at stake" (best, good or
  close only). Prints the worlds of each, and the decisions that used a whole comparison's
  cap with the error they ended at.
* ``hints``: each game is played through the web app's service (:class:`GameService`, an
  in-memory store) with hints on; at every decision of the human seat the hint is asked, then
  the finished game is reviewed by the service's review job; counts decisions where the hint
  differs from the review's best.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from divided import games
from divided.bots import advisor, make_bot
from divided.bots.base import TIE
from divided.bots.divided_ranks.draft_values import CLOSER_BATCH
from divided.games import GameRecord
from divided.review import review_game
from divided.review.base import (
    BLUNDER,
    DEFAULT_BUDGET,
    GRADES,
    INACCURACY,
    MISTAKE,
    REFINE_BUDGET,
    REFINE_FACTOR,
    REFINE_SE,
    REVIEW_SECONDS,
    REVIEW_WORLDS,
    SETTLED,
    Allowance,
    _settled,
    _within,
    decisions,
    grade_for,
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


LONG_SALT = 12345
"""The salt of the long comparison of ``lines`` (not one of the salts ``agreement`` uses)."""


def lines(index: int, first: int) -> list[dict[str, Any]]:
    """For every sampled decision of a game (see the module text): the pair salt 0's first look
    compares, that look's difference and its error, and the long comparison's ``mu`` and ``sd``."""
    record = record_of(index, first)
    bot = advisor(record.game, budget=DEFAULT_BUDGET)
    out = []
    for decision in decisions(record, SEAT)[0]:
        look = bot.evaluate(decision.view, decision.legal, salt=0)
        if look.exact:
            continue
        best = bot.pick(decision.view, decision.legal, look.values)
        others = [a for a in decision.legal if a != decision.played]
        rival = best if decision.played != best else max(others, key=lambda a: look.values[a])
        pair = (rival, decision.played)
        long = bot.refine(decision.view, pair, salt=LONG_SALT, target=0.0, budget=REFINE_BUDGET)
        error = long.difference_error(*pair)
        out.append({"game": index, "move": decision.move_number, "phase": str(decision.view.phase),
                    "rival": rival, "played": decision.played,
                    "gap1": look.values[rival] - look.values[decision.played], "err1": look.difference_error(*pair),
                    "mu": long.values[rival] - long.values[decision.played], "sd": error * math.sqrt(long.worlds),
                    "worlds": long.worlds})
    return out


def _grade_codes(gap: Any, error: Any) -> Any:
    """:func:`grade_for` of ``max(0, gap)`` over numpy arrays, as indices into :data:`GRADES`."""
    loss = np.maximum(0.0, gap)
    low = loss - 2 * error
    out = np.where(loss + 2 * error < INACCURACY, 1, 2)
    out = np.where(low >= INACCURACY, 3, out)
    out = np.where(low >= MISTAKE, 4, out)
    out = np.where(low >= BLUNDER, 5, out)
    return np.where(loss <= np.maximum(TIE, 2 * error), 0, out)


def _settled_codes(gap: Any, error: Any, floor: float = REFINE_SE) -> Any:
    """:func:`divided.review.base._settled` over numpy arrays (``floor``: the finest error)."""
    finest = np.full_like(error, floor)
    found = [_grade_codes(gap + k * SETTLED * error, e) for k in (-1, 0, 1) for e in (error, finest)]
    return np.all([f == found[0] for f in found], axis=0)


def simulate(rows: list[dict[str, Any]], sharper: bool, replicas: int, salts: int, seed: int = 1,
             floor: float = REFINE_SE, cap: int = min(REFINE_BUDGET, REFINE_FACTOR * DEFAULT_BUDGET),
             allowance: int = REVIEW_WORLDS) -> tuple[float, float, float, list[tuple[float, dict[str, Any], Any]]]:
    """The expected number of decisions of ``rows`` (from :func:`lines`) whose grade differs
    under ``salts`` salts (every grade, then in the issue's sense), the mean worlds of the
    closer looks per game, and each decision's expected disagreement and grade shares; the
    review's finest error, a comparison's cap and a review's allowance are the review's own
    unless given (to ask what other settings would do)."""
    rng = np.random.default_rng(seed)
    issue = np.array([0, 0, 0, 1, 2, 3])
    strict = loose = 0.0
    per_game, shares = [], []
    for game in sorted({row["game"] for row in rows}):
        mine = sorted((row for row in rows if row["game"] == game), key=lambda row: row["move"])
        # the first looks of the whole game, then the closer looks in decision order
        firsts = []
        for row in mine:
            gap = row["mu"] + row["err1"] * rng.standard_normal(replicas)
            error = np.full(replicas, row["err1"])
            firsts.append((gap, error, ~_settled_codes(gap, error, floor)))
        left = np.full(replicas, float(allowance))
        spent = np.zeros(replicas)
        for row, (gap, error, unsettled) in zip(mine, firsts, strict=True):
            most = np.minimum(cap, left)
            active = unsettled & (most > 0)  # with nothing left the first look stands (cut)
            worlds, total = np.zeros(replicas), np.zeros(replicas)
            batch = 0
            while active.any():
                batch += 1
                size = np.where(active, np.clip(most - worlds, 0, CLOSER_BATCH), 0.0)
                total += row["mu"] * size + row["sd"] * np.sqrt(size) * rng.standard_normal(replicas)
                worlds += size
                now_gap, now_error = total / np.maximum(worlds, 1), row["sd"] / np.sqrt(np.maximum(worlds, 1))
                look = _settled_codes(now_gap, now_error, floor) & ((now_error < error) if sharper else True)
                stop = active & (look | (now_error <= floor) | (worlds >= most))
                gap, error = np.where(stop, now_gap, gap), np.where(stop, now_error, error)
                active &= ~stop
            used = np.where(unsettled & (most > 0), worlds, 0.0)
            left, spent = left - used, spent + used
            codes = _grade_codes(gap, error)
            share = np.bincount(codes, minlength=6) / replicas
            share_issue = np.bincount(issue[codes], minlength=4) / replicas
            differs = 1 - float((share ** salts).sum())
            strict += differs
            loose += 1 - float((share_issue ** salts).sum())
            shares.append((differs, row, share))
        per_game.append(float(spent.mean()))
    return strict, loose, statistics.mean(per_game), shares


def _check_codes() -> None:
    """The numpy grades agree with the review's own rules (on a grid of losses and errors)."""
    gaps, errors = np.linspace(-0.02, 0.3, 641), np.array([0.0, 0.0007, 0.0015, 0.003, 0.006, 0.012])
    for error in errors:
        want = [GRADES.index(grade_for(max(0.0, g), float(error))) for g in gaps]
        assert list(_grade_codes(gaps, np.full_like(gaps, error))) == want
        assert list(_settled_codes(gaps, np.full_like(gaps, error))) == [_settled(float(g), float(error)) for g in gaps]


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
    state = service.create(session, NewGame.parse({"bot": "skilled", "hints": True, "swap": "blind",
                                                   "first_splitter": who}))
    player = make_bot("divided-ranks", "skilled" if index % 2 == 0 else "random")
    rng = random.Random(first + index)
    hints: dict[int, int] = {}
    while state["phase"] != "over":
        hint = service.hint(state["id"], session, state["move_number"])
        hints[state["move_number"]] = hint["action"]
        # where the hint shows a mix, its first move is the hint's move (the mix's favourite)
        assert not hint["mix"] or hint["mix"][0]["action"] == hint["action"], hint
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


def _run(function: Any, jobs: Iterable[tuple[Any, ...]], workers: int, quiet: bool = False) -> list[Any]:
    """Every job's result, in order; each printed as it arrives (so a cut-short run still says
    what it found), unless ``quiet``."""
    out = []
    if workers <= 1:
        for job in jobs:
            out.append(function(*job))
            if not quiet:
                print("  game", job[0], out[-1], flush=True)
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(function, *job) for job in jobs]
        for job, future in zip(jobs, futures, strict=False):
            out.append(future.result())
            if not quiet:
                print("  game", job[0], out[-1], flush=True)
        return out


def spend(index: int, first: int) -> list[dict[str, Any]]:
    """For every sampled decision of a game whose first look left the grade unsettled: what was
    at stake (see ``spend`` in the module text), the closer look's worlds, the final loss and
    error and the grade."""
    record = record_of(index, first)
    found, error = decisions(record, SEAT)
    assert error is None, error
    bot = advisor(record.game)
    allowance = Allowance.starting(REVIEW_WORLDS, None)
    out = []
    for decision in found:
        look = bot.evaluate(decision.view, decision.legal, salt=0)
        best = bot.pick(decision.view, decision.legal, look.values)
        others = [a for a in decision.legal if a != decision.played]
        rival = best if decision.played != best else max(others, key=lambda a: look.values[a], default=None)
        before = allowance.worlds
        move = review_decision(bot, decision, 0, allowance, look)
        if rival is None or look.policy is not None:
            continue
        gap = look.values[rival] - look.values[decision.played]
        gap_error = look.difference_error(rival, decision.played)
        if gap_error <= 0.0 or _settled(gap, gap_error):
            continue
        at_stake = len({ISSUE_GRADE[g] for g in _within(gap, gap_error)}) > 1
        out.append({"game": index, "move": decision.move_number, "grade_at_stake": at_stake,
                    "worlds": before - allowance.worlds, "loss": move.loss, "error": move.loss_error,
                    "grade": move.grade, "cut": allowance.worlds <= 0 and not _settled(move.loss, move.loss_error)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("timing", "agreement", "lines", "simulate", "spend", "hints"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=500, help="the first game's seed")
    parser.add_argument("--start", type=int, default=0, help="the first game's index (to go on from a run cut short)")
    parser.add_argument("--indices", type=lambda text: [int(i) for i in text.split(",")],
                        help="these game indices (comma-separated) instead of --start and --games")
    parser.add_argument("--salts", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-deadline", action="store_true",
                        help="timing: review without the wall-clock deadline (the CPU cost of the worlds allowance alone)")
    parser.add_argument("--sampled-only", action="store_true",
                        help="agreement: review the exact decisions under the first salt only (their grade does "
                             "not depend on it; the same figures, less CPU)")
    parser.add_argument("--lines", help="simulate: the file of JSON lines that `lines` printed")
    parser.add_argument("--replicas", type=int, default=4000, help="simulate: reviews simulated per decision")
    parser.add_argument("--floor", type=float, default=REFINE_SE,
                        help="simulate: the finest error a closer look refines to (the review's own by default)")
    parser.add_argument("--cap", type=int, default=min(REFINE_BUDGET, REFINE_FACTOR * DEFAULT_BUDGET),
                        help="simulate: the most worlds of one closer look (the review's own by default)")
    parser.add_argument("--allowance", type=int, default=REVIEW_WORLDS,
                        help="simulate: the most worlds of a review's closer looks (the review's own by default)")
    args = parser.parse_args()
    indices = args.indices or range(args.start, args.start + args.games)
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
        print(f"{len(indices)} games, {args.salts} salts: {sum(agree)}/{len(agree)} decisions "
              f"({sum(agree) / len(agree):.1%}) get the same grade under every salt; "
              f"sampled decisions {sum(sampled)}/{len(sampled)}; the same grade in the issue's sense "
              f"(no grade, inaccuracy, mistake, blunder): {sum(graded)}/{len(graded)} ({sum(graded) / len(graded):.1%})")
        for a, row in zip(agree, rows, strict=True):
            if not a:
                print(f"  game {row[0]} move {row[1]} ({row[2]}): {' '.join(row[4])}")
    elif args.what == "lines":
        for game in _run(lines, [(i, args.first) for i in indices], args.workers, quiet=True):
            for row in game:
                print(json.dumps(row), flush=True)
    elif args.what == "simulate":
        _check_codes()
        rows = [json.loads(line) for line in Path(args.lines).read_text().splitlines() if line.strip()]
        print(f"{len(rows)} sampled decisions of {len({row['game'] for row in rows})} games, "
              f"{args.replicas} simulated reviews of each, {args.salts} salts; finest error {args.floor * 100:.3g} "
              f"points, {args.cap:,} worlds a closer look, {args.allowance:,} a review:")
        for name, sharper in (("settled asked after every batch", False), ("asked once sharper than the first look", True)):
            strict, loose, worlds, shares = simulate(rows, sharper, args.replicas, args.salts, floor=args.floor,
                                                     cap=args.cap, allowance=args.allowance)
            print(f"  {name}: expected disagreements {strict:.2f} (issue's sense {loose:.2f}); closer looks "
                  f"{worlds:,.0f} worlds a game on average")
            for differs, row, share in sorted(shares, key=lambda item: -item[0])[:8]:
                if differs >= 0.05:
                    print(f"    game {row['game']} move {row['move']} ({row['phase']}): mu {row['mu'] * 100:.2f} points, "
                          f"sd {row['sd']:.2f}; differs {differs:.2f}; " + ", ".join(
                              f"{GRADES[k]} {share[k]:.2f}" for k in range(6) if share[k] >= 0.005))
    elif args.what == "spend":
        rows = [row for game in _run(spend, [(i, args.first) for i in indices], args.workers, quiet=True)
                for row in game]
        for stake, name in ((True, "a grade at stake"), (False, "no grade at stake")):
            group = [r for r in rows if r["grade_at_stake"] == stake]
            print(f"{name}: {len(group)} decisions, {sum(r['worlds'] for r in group):,} worlds of closer looks; "
                  f"{sum(r['cut'] for r in group)} left unsettled when the review's allowance ran out")
        for r in (r for r in rows if r["cut"]):
            print(f"  cut: game {r['game']} move {r['move']} ({'a grade' if r['grade_at_stake'] else 'no grade'} at "
                  f"stake): loss {r['loss'] * 100:.2f} +- {r['error'] * 100:.2f} points, {r['grade']}")
        capped = [r for r in rows if r["worlds"] >= min(REFINE_BUDGET, REFINE_FACTOR * DEFAULT_BUDGET)]
        errors = ", ".join(f"{r['error'] * 100:.2f}" for r in capped)
        losses = ", ".join(f"{r['loss'] * 100:.2f}" for r in capped)
        print(f"{len(capped)} decisions used a whole comparison's cap; their final errors {errors} points; "
              f"losses {losses} points")
    else:
        results = _run(hint_mismatches, [(i, args.first) for i in list(indices)], args.workers)
        decisions = sum(r[0] for r in results)
        mismatches = sum(r[1] for r in results)
        print(f"{args.games} games through the web service: the hint differs from the review's best "
              f"at {mismatches} of {decisions} decisions")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

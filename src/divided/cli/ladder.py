"""``divided ladder``: every pair of bots in duplicate matches, rated by Bradley-Terry.

::

    divided ladder divided-ranks --bots random,skilled,expert --games 400 --seed 1 --out runs/ladder

``--games N`` is the number of games of each pairing; every pairing plays the same deals.
Ratings are Bradley-Terry strengths (MM algorithm) on an Elo-like scale with 95% bootstrap
intervals over deal pairs; a table is printed, and with ``--out`` the folder also gets
report.md, summary.json, games.jsonl and a plot (and ``--resume`` works as for simulate).
"""

from __future__ import annotations

import argparse
from itertools import combinations
from pathlib import Path
from typing import Any

from divided import games
from divided.cli.simulate import add_run_arguments, canonical_command, execute, rule_options, whole_number
from divided.errors import RuleOptionError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ladder", help="rate bots by playing every pair in duplicate matches (Bradley-Terry, Elo-like scale)",
        description="Play every pair of bots in duplicate matches on the same deals and rate them "
                    "(Bradley-Terry by the MM algorithm, Elo-like scale, bootstrap intervals).",
    )
    add_run_arguments(parser, games_help="games per pairing (even in the duplicate format; default 1000)")
    parser.add_argument("--bots", required=True, metavar="A,B[,C...]", help="two or more bots to rate")
    parser.add_argument("--out", default=None, type=Path, metavar="DIR",
                        help="also write report.md, summary.json, games.jsonl and a plot here")
    parser.add_argument("--bootstrap", default="1000", metavar="B",
                        help="bootstrap resamples for the rating intervals (default 1000)")
    parser.add_argument("--prior-draws", default="1", metavar="X",
                        help="virtual drawn games added to every pairing, keeping ratings finite (default 1)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from divided.sim import Arm, analyse, finish, make_plan, split_bot_list
    from divided.sim.report import headline, write_results

    bots = split_bot_list(args.bots)
    if len(bots) < 2:
        raise RuleOptionError("a ladder needs at least two bots, e.g. --bots random,skilled")
    repeated = sorted({b for b in bots if bots.count(b) > 1})
    if repeated:
        raise RuleOptionError(f"bot {repeated[0]!r} is listed twice")
    samples = whole_number(args.bootstrap, "--bootstrap")
    if samples < 0:
        raise RuleOptionError(f"--bootstrap must be 0 or more, got {samples}")
    try:
        prior = float(args.prior_draws)
    except ValueError:
        raise RuleOptionError(f"--prior-draws must be a number, got {args.prior_draws!r}") from None
    if not prior >= 0:
        raise RuleOptionError(f"--prior-draws must be 0 or more, got {args.prior_draws!r}")
    if args.resume and args.out is None:
        raise RuleOptionError("--resume needs --out DIR (the folder of the run to continue)")
    options = rule_options(args)
    players = games.load(args.game, **options).info.num_players
    if players != 2:
        raise RuleOptionError(f"the ladder rates bots from two-player matches, but {args.game} has {players} "
                              "seats; compare bots with divided simulate --bots A,B,... instead")
    arms = [Arm(f"{a} vs {b}", options, (a, b)) for a, b in combinations(bots, 2)]
    plan = make_plan("ladder", args.game, arms, whole_number(args.games, "--games"),
                     seed=whole_number(args.seed, "--seed"), duplicate=not args.no_duplicate)
    command = canonical_command(plan, args.out, ["--bots", ",".join(bots), "--bootstrap", str(samples),
                                                 "--prior-draws", f"{prior:g}"])
    result = execute(plan, args, args.out, command)
    if result is None:
        return 130
    analysis = analyse(result, bootstrap=samples, prior_draws=prior)
    files = write_results(args.out, analysis) if args.out is not None else []
    finish(result)
    _print(analysis, headline(analysis), args.out, files)
    return 0


def _print(analysis: Any, sentences: list[str], out: Path | None, files: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    from divided.sim.report import interval_text

    ladder = analysis.ladder
    console = Console(highlight=False)
    table = Table(title=f"Ladder: {analysis.plan.game}, {analysis.plan.games:,} games per pairing")
    for column in ("rank", "bot", "rating", "95% interval", "score/game", "games"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rank, r in enumerate(ladder.ratings, 1):
        table.add_row(str(rank), r.bot, f"{r.rating:.0f}", f"{r.low:.0f} to {r.high:.0f}", f"{r.score:.3f}",
                      f"{r.games:,}")
    console.print(table)
    matches = Table(title="Matches (first bot's score per game)")
    for column in ("match", "score", "95% interval", "games"):
        matches.add_column(column, justify="left" if column == "match" else "right")
    for m in ladder.matchups:
        matches.add_row(f"{m.first} vs {m.second}", f"{m.score.value:.3f}", interval_text(m.score, "score"),
                        f"{m.score.count:,.0f}")
    console.print(matches)
    for sentence in sentences:
        console.print(f"- {sentence}", markup=False, soft_wrap=True)
    if out is not None:
        console.print(f"Wrote {', '.join(files)} in {out}", markup=False, soft_wrap=True)

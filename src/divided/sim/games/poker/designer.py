"""The designer's report comparing the poker games (issue 30): every game run through the lab
with the same bots at the same table size, one row each (the pot, the variance of a player's
result, showdowns, how often the best starting hand finished ahead, deals per match), then each
game's own question in words. Every figure has the lab's 95% interval.

    python -m divided.sim.games.poker.designer --bots random --hands 1000 --players 4 --seed 1

A *hand* is one game of the lab: one deal, or for a match game (Fives, Assassin, 3-2-1) the
whole match, whose pot is every chip its players put in over its deals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from divided.games.poker.variants import VARIANTS
from divided.sim.games.poker import LAB_ROOMS, PokerLab, sd_text

if TYPE_CHECKING:
    from divided.sim.lab import ArmResult


@dataclass(frozen=True)
class Row:
    """One game's line of the comparison, as text (values with their intervals)."""

    game: str
    players: int
    hands: int
    pot: str
    sd: str
    showdowns: str
    best_start: str
    deals: str
    question: list[str]
    seconds: float


def table_size(game: str, players: int) -> int:
    """``players`` brought into the game's range."""
    low, high = VARIANTS[game].players
    return min(max(players, low), high)


def compare_game(game: str, bots: Sequence[str], hands: int, players: int, seed: int) -> Row:
    """Run one game through the lab in this process and read its row."""
    from divided.sim import Arm, SerialExecutor, analyse, make_plan, run
    from divided.sim.report import interval_text, number

    n = table_size(game, players)
    count = hands - hands % n or n
    started = time.process_time()
    plan = make_plan("simulate", game, [Arm("run", {"players": n}, tuple(bots))], count, seed=seed)
    arm = analyse(run(plan, SerialExecutor())).arms[0]
    seconds = time.process_time() - started

    def shown(key: str, kind: str) -> str:
        metric = arm.metric(key)
        if metric is None or metric.interval.value is None:
            return "-"
        return f"{number(metric.interval.value, kind)} ({interval_text(metric.interval, kind)})"

    room = LAB_ROOMS[game]
    big = int(room._config({**arm.arm.options}).big_bet)
    first = bots[0]
    square, chips = arm.metric(f"bot.{first}.square"), arm.metric(f"bot.{first}.chips")
    spread = sd_text(square, chips, big) if square is not None and chips is not None else "-"
    deals = shown("deals", "mean") if VARIANTS[game].match is not None else "1"
    return Row(game, n, count, shown("pot.big-bets", "mean"), spread, shown("showdown", "rate"),
               shown("best-start", "rate"), deals, _question(room, arm),
               seconds)


def _question(room: PokerLab, arm: ArmResult) -> list[str]:
    """The game's question in words (none when it has none, or no cases)."""
    sentence = room.question.headline(arm.metric) if room.question is not None else None
    return [sentence] if sentence is not None else []


def markdown(rows: Sequence[Row], bots: Sequence[str]) -> str:
    """The comparison as a markdown table, then each game's question."""
    lines = [f"| game | players | hands | pot (big bets) | SD of {bots[0]}'s result per hand (big bets) | "
             "showdowns | best starting hand finished ahead | deals per hand |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r.game} | {r.players} | {r.hands} | {r.pot} | {r.sd} | {r.showdowns} | {r.best_start} | {r.deals} |"
              for r in rows]
    questions = [f"- {sentence}" for r in rows for sentence in r.question]
    return "\n".join(lines + (["", *questions] if questions else [])) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare the poker games through the lab.")
    parser.add_argument("--bots", default="random", help="one bot for every seat, or one per seat (comma-separated)")
    parser.add_argument("--hands", type=int, default=1000, help="hands per game (rounded down to whole deals)")
    parser.add_argument("--players", type=int, default=4, help="the table size (brought into each game's range)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every poker game)")
    args = parser.parse_args(argv)
    bots = [bot for bot in args.bots.split(",") if bot]
    chosen = [g for g in args.games.split(",") if g] or list(VARIANTS)
    unknown = [g for g in chosen if g not in VARIANTS]
    if unknown:
        parser.error(f"not a poker game: {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    rows = []
    for game in chosen:
        row = compare_game(game, bots, args.hands, args.players, args.seed)
        print(f"{game}: {row.hands} hands, {row.seconds:.1f} s CPU", flush=True)
        rows.append(row)
    print()
    print(markdown(rows, bots))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

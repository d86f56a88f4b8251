"""Does the review grade the hint? (issue 28, item 1). A player who always plays the hint plays
the Expert's own choice at every decision, so its review should grade no decision
``inaccuracy`` or worse, every graded value should rest on at least
:data:`~divided.review.base.MIN_WORLDS` worlds (or be exact), and no reason should say
"give or take 0.0".

Run: ``.venv/bin/python benchmarks/bench_review_follows_hint.py --game card-commons --games 50``
(``--game divided-ranks``, ``--game divide --players 4``).

Games: seeded games (``--first`` + index); the reviewed seat is ``index % players`` and plays the
hint at every decision: :func:`~divided.review.base.expert_choice` at the review's budget and salt
(what the web app's hint shows: the advisor's pick of its first look, after a closer look of its
top two where their order is not settled; in Card Commons at the build too, where the pick is
auto-arrange's split; on a tree without ``expert_choice``, the pick of the first look). The other seats are
``--opponent`` (the expert by default). Each game is then reviewed at the review's defaults
(``review_game(record, seat)``; ``--no-deadline``: without the wall-clock safety net). Prints every game's grades and any decision that breaks the
rule, then the totals and the review's wall-clock median and maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from divided import games
from divided.bots import advisor, make_bot
from divided.games.base import GameRecord
from divided.review.base import DEFAULT_BUDGET, REVIEW_SECONDS, Review, review_game

try:  # the rule's minimum (absent before issue 28's fix: then only the grades are checked)
    from divided.review.base import MIN_WORLDS
except ImportError:  # pragma: no cover
    MIN_WORLDS = 0
try:  # the hint's closer look (absent before it: the hint is then the pick of the first look)
    from divided.review.base import expert_choice
except ImportError:  # pragma: no cover
    expert_choice = None

BAD = ("inaccuracy", "mistake", "blunder")
SALT = 0


def options_of(game: str, index: int, players: int) -> dict[str, Any]:
    if game == "divide":
        return {"players": players}
    if game == "card-commons":
        return {"first_starter": index % 2}
    return {}


def record_of(game: str, index: int, first: int, players: int, opponent: str) -> tuple[GameRecord, int]:
    """Game ``index``: the hint on seat ``index % players``, ``opponent`` elsewhere."""
    loaded = games.load(game, **options_of(game, index, players))
    seat = index % loaded.num_players()
    state = loaded.new_initial_state(seed=first + index)
    hint = advisor(game, budget=DEFAULT_BUDGET)
    others = [make_bot(game, opponent) for _ in range(loaded.num_players())]
    rng = random.Random(first + index)
    while not state.is_terminal():
        player = state.current_player()
        view, legal = state.observation(player), state.legal_actions()
        if player == seat:
            action = legal[0] if len(legal) == 1 else hinted(hint, view, legal)
        else:
            action = others[player].choose(view, legal, rng)
        state.apply_action(action)
    return state.record(), seat


def hinted(hint: Any, view: Any, legal: list[int]) -> int:
    """What the web app's hint shows at ``view``."""
    if expert_choice is not None:
        return int(expert_choice(hint, view, legal, SALT).action)
    return int(hint.pick(view, legal, hint.evaluate(view, legal, salt=SALT).values))


def broken(review: Review) -> list[str]:
    """What in ``review`` breaks the rule, in words (one line per decision)."""
    out = []
    for move in review.moves:
        faults = []
        if move.grade in BAD:
            faults.append(f"graded {move.grade}")
        if "give or take 0.0" in move.reason:
            faults.append("'give or take 0.0'")
        worlds = getattr(move, "worlds", {})
        if move.grade != "close" and not move.mixed:  # graded (``close`` is not a grade)
            compared = {move.played, move.best, getattr(move, "rival", None)} - {None}
            thin = [a for a in compared if 0 < worlds.get(a, 0) < MIN_WORLDS]
            if thin or 0 < getattr(move, "loss_worlds", 0) < MIN_WORLDS:
                faults.append(f"graded from values over fewer than {MIN_WORLDS} worlds: {thin}")
        if faults:
            out.append(f"  move {move.move_number} ({move.phase}) {', '.join(faults)}: {move.reason}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("divided-ranks", "card-commons", "divide"), required=True)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--first", type=int, default=900, help="the first game's seed")
    parser.add_argument("--players", type=int, choices=(4, 6), default=4, help="DIVIDE's players")
    parser.add_argument("--opponent", default="expert")
    parser.add_argument("--no-deadline", action="store_true",
                        help="review without the wall-clock safety net (every closer look the worlds allowance "
                             "permits is made: the stricter check, and reproducible on a loaded machine)")
    args = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []
    totals = {"decisions": 0, "bad": 0, "games with a fault": 0}
    grades: dict[str, int] = {}
    for index in range(args.games):
        record, seat = record_of(args.game, index, args.first, args.players, args.opponent)
        started, cpu = time.perf_counter(), time.process_time()
        review = review_game(record, seat, seconds=None if args.no_deadline else REVIEW_SECONDS)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        for grade, count in review.counts().items():
            grades[grade] = grades.get(grade, 0) + count
        faults = broken(review)
        totals["decisions"] += len(review.moves)
        totals["bad"] += len(faults)
        totals["games with a fault"] += bool(faults)
        counts = ", ".join(f"{g} {n}" for g, n in review.counts().items() if n)
        print(f"game {index} (seat {seat}): {len(review.moves)} decisions ({counts}), review {walls[-1]:.2f} s (CPU {cpus[-1]:.2f} s)"
              f"{'' if review.complete else ' INCOMPLETE: ' + str(review.error)}", flush=True)
        for line in faults:
            print(line, flush=True)
    print(f"{args.game}: {args.games} games, {totals['decisions']} decisions of the hint's player; "
          f"{totals['bad']} decisions break the rule, in {totals['games with a fault']} games; grades "
          + ", ".join(f"{g} {n}" for g, n in grades.items() if n)
          + f"; review wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s, "
          f"CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s")


if __name__ == "__main__":
    main()

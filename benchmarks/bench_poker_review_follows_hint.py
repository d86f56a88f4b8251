"""Does the poker review grade the hint? (issue 28, item 1, for the poker games). A player who
always plays the hint plays the advisor's own choice at every decision, so the review of its hand
should grade no decision ``inaccuracy`` or worse, every graded value should rest on at least
:data:`~divided.bots.base.MIN_WORLDS` worlds, and no reason should say "give or take 0.0".

Run: ``.venv/bin/python benchmarks/bench_poker_review_follows_hint.py --game henway --hands 50``
(any poker game; ``--players``, ``--structure fixed|pot|no``).

Hands: seeded deals (``--first`` + index) of ``--players`` seats; the reviewed seat is
``index % players`` and plays the hint at every decision (:func:`~divided.review.base.expert_choice`
at the review's budget and salt: what the web app's hint shows). The other seats are
``--opponent`` (``equity`` by default). Each hand is reviewed at the review's defaults
(``--no-deadline``: without the wall-clock safety net). Prints every hand's grades and any
decision that breaks the rule, then the totals and the review's wall-clock median and maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_review_follows_hint import broken  # the rule, as checked for the other games

from divided import games
from divided.bots import advisor, make_bot
from divided.games.base import GameRecord
from divided.review.base import DEFAULT_BUDGET, REVIEW_SECONDS, expert_choice, review_game

SALT = 0


def record_of(game: str, index: int, first: int, players: int, structure: str,
              opponent: str) -> tuple[GameRecord, int, int]:
    """Hand ``index``: the hint on seat ``index % players``, ``opponent`` elsewhere; also how
    many of the hint's decisions had more than one legal action."""
    loaded = games.load(game, players=players, structure=structure)
    seat = index % players
    state = loaded.new_initial_state(seed=first + index)
    hint = advisor(game, budget=DEFAULT_BUDGET)
    others = [make_bot(game, opponent) for _ in range(players)]
    rng = random.Random(first + index)
    decided = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.legal_actions()
            state.apply_action(outcomes[rng.randrange(len(outcomes))])
            continue
        player = state.current_player()
        view, legal = state.observation(player), state.legal_actions()
        if player == seat and len(legal) > 1:
            action = int(expert_choice(hint, view, legal, SALT).action)
            decided += 1
        elif player == seat:
            action = legal[0]
        else:
            action = others[player].choose(view, legal, rng)
        state.apply_action(action)
    return state.record(), seat, decided


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=games.POKER, required=True)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--first", type=int, default=900, help="the first hand's seed")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--structure", choices=("fixed", "pot", "no"), default="fixed")
    parser.add_argument("--opponent", default="equity")
    parser.add_argument("--no-deadline", action="store_true",
                        help="review without the wall-clock safety net (every closer look the worlds allowance "
                             "permits is made: the stricter check, and reproducible on a loaded machine)")
    args = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []
    totals = {"decisions": 0, "bad": 0, "hands with a fault": 0}
    grades: dict[str, int] = {}
    for index in range(args.hands):
        record, seat, _ = record_of(args.game, index, args.first, args.players, args.structure, args.opponent)
        started, cpu = time.perf_counter(), time.process_time()
        review = review_game(record, seat, seconds=None if args.no_deadline else REVIEW_SECONDS)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        for grade, count in review.counts().items():
            grades[grade] = grades.get(grade, 0) + count
        faults = broken(review)
        totals["decisions"] += len(review.moves)
        totals["bad"] += len(faults)
        totals["hands with a fault"] += bool(faults)
        counts = ", ".join(f"{g} {n}" for g, n in review.counts().items() if n)
        print(f"hand {index} (seat {seat}): {len(review.moves)} decisions ({counts}), review {walls[-1]:.2f} s "
              f"(CPU {cpus[-1]:.2f} s){'' if review.complete else ' INCOMPLETE: ' + str(review.error)}", flush=True)
        for line in faults:
            print(line, flush=True)
    print(f"{args.game} ({args.players} players, {args.structure} limit): {args.hands} hands, {totals['decisions']} "
          f"decisions of the hint's player; {totals['bad']} decisions break the rule, in "
          f"{totals['hands with a fault']} hands; grades " + ", ".join(f"{g} {n}" for g, n in grades.items() if n)
          + f"; review wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s, "
          f"CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s")


if __name__ == "__main__":
    main()

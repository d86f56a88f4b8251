"""What the hint's closer look costs (issue 28, item 1): CPU per game and per decision.

Run: ``.venv/bin/python benchmarks/bench_hint_latency.py --game divide --games 10``
(``--game card-commons``, ``--game divided-ranks``).

Seeded games (``--first`` + index) as in ``bench_review_follows_hint.py``: the hint's player in
seat ``index % players`` plays the hint (:func:`~divided.review.base.expert_choice` at the
review's budget and salt 0), the Expert elsewhere. At each of its decisions with a choice the
hint is computed as before (the advisor's ``evaluate`` and ``pick``: the first look) and the
closer look is timed on top of it (``expert_choice`` given that first look), in CPU seconds of
this process. Prints per game the hint's CPU before and after, then the medians over the games
and the decisions, how many decisions took a closer look and at how many it changed the hint.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from divided import games
from divided.bots import advisor, make_bot
from divided.review.base import DEFAULT_BUDGET, expert_choice

SALT = 0


def options_of(game: str, index: int, players: int) -> dict[str, object]:
    if game == "divide":
        return {"players": players}
    if game == "card-commons":
        return {"first_starter": index % 2}
    return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("divided-ranks", "card-commons", "divide"), required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=900, help="the first game's seed")
    parser.add_argument("--players", type=int, choices=(4, 6), default=4, help="DIVIDE's players")
    args = parser.parse_args()
    before_games: list[float] = []
    after_games: list[float] = []
    before_decisions: list[float] = []
    after_decisions: list[float] = []
    looked = changed = decisions = 0
    for index in range(args.games):
        loaded = games.load(args.game, **options_of(args.game, index, args.players))
        seat = index % loaded.num_players()
        state = loaded.new_initial_state(seed=args.first + index)
        hint = advisor(args.game, budget=DEFAULT_BUDGET)
        others = [make_bot(args.game, "expert") for _ in range(loaded.num_players())]
        rng = random.Random(args.first + index)
        before = after = 0.0
        while not state.is_terminal():
            player = state.current_player()
            view, legal = state.observation(player), state.legal_actions()
            if player == seat and len(legal) > 1:
                started = time.process_time()
                found = hint.evaluate(view, legal, salt=SALT)
                pick = hint.pick(view, legal, found.values)
                first = time.process_time() - started
                started = time.process_time()
                chosen = expert_choice(hint, view, legal, SALT, found)
                closer = time.process_time() - started
                before, after = before + first, after + first + closer
                before_decisions.append(first)
                after_decisions.append(first + closer)
                decisions += 1
                looked += chosen.sharper is not None
                changed += chosen.action != pick
                action = chosen.action
            elif player == seat:
                action = legal[0]
            else:
                action = others[player].choose(view, legal, rng)
            state.apply_action(action)
        before_games.append(before)
        after_games.append(after)
        print(f"game {index} (seat {seat}): hint CPU {before:.2f} s before, {after:.2f} s after "
              f"({after / before:.2f}x)", flush=True)
    print(f"{args.game}: {args.games} games, {decisions} hinted decisions; a closer look at {looked}, "
          f"the hint changed at {changed}; hint CPU a game median {statistics.median(before_games):.2f} s "
          f"before, {statistics.median(after_games):.2f} s after; a decision median "
          f"{statistics.median(before_decisions) * 1000:.1f} ms before, "
          f"{statistics.median(after_decisions) * 1000:.1f} ms after, max {max(before_decisions) * 1000:.0f} ms "
          f"before, {max(after_decisions) * 1000:.0f} ms after")


if __name__ == "__main__":
    main()

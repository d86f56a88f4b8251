"""Where ``equity`` loses against maniacs: its results by where the hand ended, and how its
expected pot share compares with the share it won at the showdown.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/study_poker_equity_calibration.py [--deals 100]
[--game double-draw-high-low] [--players 3] [--villain maniac]``

The deals are those of ``bench_poker_strength.py`` (seed ``k`` for deal ``k``, every seat
rotation, the same bots' random numbers). For every hand: ``equity``'s result in big bets, by
the step at which it folded (or the showdown); at its last betting decision its expected share
(:func:`expected_share`: its share of a pot contested by every seat still in, over the worlds
of the advisor's model, with random numbers of its own so the bots' play is unchanged), and
at a showdown the share of the pot it won. Printed: the results by ending, and by bands of
the expected share the mean share won (a calibrated estimate wins what it expects).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

from divided import games
from divided.bots.base import make_bot
from divided.bots.poker.equity import EquityBot
from divided.bots.poker.values import ChipValues, showdowns
from divided.games.poker.view import PokerView


def expected_share(game: str, view: PokerView, rng: random.Random, worlds: int = 40) -> float:
    """The seat's expected share of a pot contested by every seat still in, over ``worlds``
    worlds of :mod:`divided.bots.poker.values` (the model ``equity`` plays by)."""
    found = showdowns(game, view, [None], rng, worlds)
    return float(ChipValues(view, found).share(found.opponents).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--game", default="double-draw-high-low")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--villain", default="maniac")
    args = parser.parse_args()
    ended: dict[str, list[float]] = defaultdict(list)
    calibration: list[tuple[float, float]] = []
    for number in range(args.deals):
        for hero in range(args.players):
            state = games.load(args.game, players=args.players).new_initial_state(number, chance_by_name=True)
            bots = [make_bot(args.game, "equity" if seat == hero else args.villain) for seat in range(args.players)]
            rngs = [random.Random(number * 1000 + seat) for seat in range(args.players)]
            expected = None
            while not state.is_terminal():
                seat = state.current_player()
                view, legal = state.observation(seat), state.legal_actions()
                bot = bots[seat]
                if seat == hero and legal[0] <= 3 and isinstance(bot, EquityBot):  # a betting decision
                    expected = expected_share(args.game, view, random.Random(number))
                state = state.child(bot.choose(view, legal, rngs[seat]))
            core = state.core
            result = state.returns()[hero] / core.config.big_bet
            folded = core.folded_at[hero]
            ended["showdown" if folded < 0 else f"folded at step {folded}"].append(result)
            if folded < 0 and expected is not None:
                pot = sum(core.table.contributed)
                calibration.append((expected, (state.returns()[hero] + core.table.contributed[hero]) / pot))
    every = [r for results in ended.values() for r in results]
    print(f"{args.game} {args.players}p equity vs {args.villain}: {len(every)} hands, "
          f"{statistics.fmean(every):+.3f} big bets a hand")
    for name, results in sorted(ended.items()):
        print(f"  {name}: {len(results)} hands, {sum(results):+.1f} big bets, {statistics.fmean(results):+.2f} a hand")
    if calibration:
        print(f"  showdowns: expected share {statistics.fmean(e for e, _ in calibration):.3f}, "
              f"won {statistics.fmean(w for _, w in calibration):.3f}")
        for band in range(10):
            chosen = [w for e, w in calibration if band / 10 <= e < (band + 1) / 10]
            if chosen:
                print(f"    expected {band / 10:.1f}-{(band + 1) / 10:.1f}: {len(chosen)} showdowns, "
                      f"won {statistics.fmean(chosen):.3f}")


if __name__ == "__main__":
    main()

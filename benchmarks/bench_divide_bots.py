"""Speed of DIVIDE's bots: a bot's decision latency, and the playouts per second of the rollouts.

Run: ``.venv/bin/python benchmarks/bench_divide_bots.py [--bot skilled] [--players 4] [--games 20]
[--against random]`` (one core, in this process). The timed bot plays ``--games`` seeded games, one
seat, the ``--against`` bot at every other seat, taking each seat in turn; every one of its
decisions is timed by wall time and by the process's CPU time (less sensitive to other work on a
shared machine), overall and by phase. Decisions with a single legal action are left out (every
bot plays them at once). Then ``--playouts`` seconds of each rollout policy
(:mod:`divided.bots.divide.rollouts`) from the first commit of a round, in playouts (whole rounds)
per second, repeated ``--repeats`` times (the median is printed), and the same for the expert's
own playouts (:mod:`divided.bots.divide.playout`). ``--spread ROUNDS`` measures the spread of a
seat's round points under the expert's rollout policy (its win-share model's
:data:`~divided.bots.divide.playout.ROUND_SPREAD`). Also prints the bot's win share in those games
(a small sample: the lab measures strength). The expert's latency: ``--bot expert --against
skilled``.

``--weights NAME=VALUE ...`` instead plays one seat whose skilled rules use other weights
(constants of :mod:`divided.bots.divide.skilled`, e.g. ``TRUMP_FACTOR=0.5``) against skilled seats,
``--games`` deals each once per seat rotation, and prints that seat's win share with a 95% interval
over the deals (how the skilled weights were chosen).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from divided import games
from divided.bots import make_bot
from divided.bots.divide import skilled
from divided.bots.divide.playout import round_of
from divided.bots.divide.rollouts import ROLLOUTS, rollout_policy
from divided.games.divide.view import PlayerView

GAME = "divide"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def decisions(bot: str, against: str, players: int, count: int, seed: int) -> None:
    game = games.load(GAME, players=players)
    timed, other = make_bot(GAME, bot), make_bot(GAME, against)
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    share = 0.0
    for number in range(count):
        seat, deal = number % players, seed + number // players
        rng = random.Random(deal)
        state = game.new_initial_state(seed=deal)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            legal = state.legal_actions()
            if player != seat:
                state.apply_action(other.choose(view, legal, rng))
                continue
            began, began_cpu = time.perf_counter(), time.process_time()
            action = timed.choose(view, legal, rng)
            if len(legal) > 1:
                for phase in (str(view.phase), "all"):
                    wall[phase].append(time.perf_counter() - began)
                    cpu[phase].append(time.process_time() - began_cpu)
            state.apply_action(action)
        share += state.returns()[seat]
    print(f"{bot} against {against} at {players} players: {count} games, win share {share / count:.3f}")
    print("phase      decisions   CPU median / p95 (ms)   wall median / p95 (ms)")
    for phase in sorted(cpu):
        c, w = cpu[phase], wall[phase]
        print(f"{phase:<10} {len(c):>9}   {1e3 * statistics.median(c):8.3f} / "
              f"{1e3 * percentile(c, 0.95):7.3f}"
              f"        {1e3 * statistics.median(w):8.3f} / {1e3 * percentile(w, 0.95):7.3f}")


def playouts(players: int, seconds: float, repeats: int, seed: int) -> None:
    state = games.load(GAME, players=players).new_initial_state(seed=seed).core
    for name in ROLLOUTS:
        policy = rollout_policy(name)
        rates = []
        for repeat in range(repeats):
            rng = random.Random(repeat)
            done, began = 0, time.process_time()
            while time.process_time() - began < seconds:
                policy.rollout(state, rng)
                done += 1
            rates.append(done / (time.process_time() - began))
        print(f"rollout {name:<8} at {players} players: median {statistics.median(rates):7.1f} playouts/s "
              f"(CPU time; {repeats} runs of {seconds:g} s: {', '.join(f'{r:.1f}' for r in rates)})")


def expert_playouts(players: int, seconds: float, repeats: int, seed: int) -> None:
    """The expert's playouts (:mod:`divided.bots.divide.playout`: whole rounds on masks, its
    rollout policy on every seat) per second of CPU time, from the first commit of a round."""
    state = games.load(GAME, players=players).new_initial_state(seed=seed).core
    rates = []
    for repeat in range(repeats):
        world = round_of(state, random.Random(repeat))
        done, began = 0, time.process_time()
        while time.process_time() - began < seconds:
            game = world.copy()
            game.play_out()
            done += 1
        rates.append(done / (time.process_time() - began))
    print(f"expert playout at {players} players: median {statistics.median(rates):7.1f} playouts/s "
          f"(CPU time; {repeats} runs of {seconds:g} s: {', '.join(f'{r:.1f}' for r in rates)})")


def spread(players: int, rounds: int, seed: int) -> None:
    """The spread of one seat's points in a round with the expert's rollout policy on every seat
    (the expert's :data:`~divided.bots.divide.playout.ROUND_SPREAD`)."""
    points: list[int] = []
    for number in range(rounds):
        state = games.load(GAME, players=players, first_dealer=number % players).new_initial_state(
            seed=seed + number).core
        world = round_of(state, random.Random(seed + number))
        world.play_out()
        points += world.round_points
    print(f"round points at {players} players over {rounds} rounds of the expert's rollout policy: mean "
          f"{statistics.mean(points):.2f}, standard deviation {statistics.pstdev(points):.2f}")


class Reweighted:
    """The skilled bot with some module weights changed while it decides."""

    name = "reweighted"

    def __init__(self, weights: dict[str, float]) -> None:
        unknown = [key for key in weights if not isinstance(getattr(skilled, key, None), float)]
        if unknown:
            raise SystemExit(f"not a weight of the skilled rules: {', '.join(unknown)}")
        self.weights = weights
        self.bot = skilled.SkilledBot()

    def choose(self, view: PlayerView, legal: list[int], rng: random.Random) -> int:
        saved = {key: getattr(skilled, key) for key in self.weights}
        for key, value in self.weights.items():
            setattr(skilled, key, value)
        try:
            return self.bot.choose(view, legal, rng)
        finally:
            for key, value in saved.items():
                setattr(skilled, key, value)


def weights_match(weights: dict[str, float], players: int, deals: int, seed: int) -> None:
    game = games.load(GAME, players=players)
    changed, base = Reweighted(weights), skilled.SkilledBot()
    shares = []
    for deal in range(seed, seed + deals):
        total = 0.0
        for seat in range(players):
            state = game.new_initial_state(seed=deal)
            rng = random.Random(deal)
            while not state.is_terminal():
                player = state.current_player()
                bot = changed if player == seat else base
                state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
            total += state.returns()[seat]
        shares.append(total / players)
    mean = statistics.mean(shares)
    half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
    print(f"{weights} against skilled at {players} players, {deals} deals x {players} seats: "
          f"win share {mean:.3f} +- {half:.3f} (even {1 / players:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="skilled", help="the timed bot (default: skilled)")
    parser.add_argument("--against", default="random", help="the bot at the other seats (default: random)")
    parser.add_argument("--players", type=int, default=4, choices=(4, 6))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13000, help="first deal (each is played once per seat)")
    parser.add_argument("--playouts", type=float, default=3.0,
                        help="seconds per rollout measurement (0: none)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--spread", type=int, default=0, metavar="ROUNDS",
                        help="also measure the spread of a seat's round points over ROUNDS rounds of the "
                             "expert's rollout policy (0: no)")
    parser.add_argument("--weights", nargs="+", metavar="NAME=VALUE",
                        help="play one reweighted skilled seat against skilled ones instead (see above)")
    args = parser.parse_args()
    if args.weights:
        pairs = [item.partition("=") for item in args.weights]
        weights_match({name: float(value) for name, _, value in pairs}, args.players, args.games, args.seed)
        return
    if args.games > 0:
        decisions(args.bot, args.against, args.players, args.games, args.seed)
    if args.playouts > 0:
        playouts(args.players, args.playouts, args.repeats, args.seed)
        expert_playouts(args.players, args.playouts, args.repeats, args.seed)
    if args.spread > 0:
        spread(args.players, args.spread, args.seed)


if __name__ == "__main__":
    main()

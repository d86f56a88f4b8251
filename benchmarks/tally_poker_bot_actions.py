"""Which actions a poker bot takes at each kind of decision: a check for legal actions no bot
ever plays (issue 30: bots that never bid at Auction Flop, never folded at a 3-2-1 change).

Run: ``.venv/bin/python benchmarks/tally_poker_bot_actions.py [--games auction-flop,three-two-one]
[--bot equity] [--players 0] [--deals 200] [--seed 0]``

Every game of ``--games`` (default: the eight late draw games) is played ``--deals`` times
(seeds ``--seed``..; a match game's whole match counts as one) with ``--bot`` in every seat, at
``--players`` seats (0: the game's smallest table). A decision with more than one legal action
is classed by its step's kind and the kinds of its legal actions (the engine's own words:
``fold``, ``check``, ``call``, ``bet``, ``raise``, ``stand-pat``, ``discard``, ``pass``, ``bid``,
``take``, ``refuse``, ``keep``...; a discard or a keep with its number of cards); printed per game, per decision class: how often each kind
was chosen, and the legal kinds never chosen (marked ``never``).
"""

from __future__ import annotations

import argparse
import os
import random
from collections import Counter, defaultdict

from divided import games
from divided.bots.base import make_bot
from divided.games.poker.rules import describe
from divided.games.poker.variants import VARIANTS
from divided.games.poker.view import PokerView

LATE = ("three-two-one", "assassin", "fives", "crazy-four-of-spades", "low-high-die", "auction-flop",
        "mississippi", "buck-thirty-five")


def kind_of(view: PokerView, action: int) -> str:
    """The action's kind in the engine's words; a discard or a keep with its card count."""
    kind, _, cards = describe(view, action)
    return f"{kind} {len(cards)}" if kind in ("discard", "keep") else kind


def tally(game: str, players: int, bot_name: str, deals: int, seed: int) -> dict[tuple[str, tuple[str, ...]], Counter[str]]:
    """``{(step kind, legal kinds): Counter(chosen kind)}`` over ``deals`` games."""
    found: dict[tuple[str, tuple[str, ...]], Counter[str]] = defaultdict(Counter)
    for number in range(seed, seed + deals):
        state = games.load(game, players=players).new_initial_state(number)
        bots = [make_bot(game, bot_name) for _ in range(players)]
        rng = random.Random(number)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.observation(seat)
            action = bots[seat].choose(view, legal, rng)
            if len(legal) > 1:
                kinds = tuple(dict.fromkeys(kind_of(view, a) for a in legal))
                found[(str(view.config.steps[view.step].kind), kinds)][kind_of(view, action)] += 1
            state = state.child(action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(LATE))
    parser.add_argument("--bot", default="equity")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for game in args.games.split(","):
        low, high = VARIANTS[game].players
        players = min(max(args.players, low), high)
        for (kind, legal), chosen in sorted(tally(game, players, args.bot, args.deals, args.seed).items()):
            parts = [f"{k} {chosen[k]}" for k in legal if chosen[k]] + [f"{k} never" for k in legal if not chosen[k]]
            print(f"{game} {players}p | {kind}: {'/'.join(legal)} | {sum(chosen.values())} | {', '.join(parts)}",
                  flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

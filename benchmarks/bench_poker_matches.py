"""Speed of matches (T18) and of J-Lo's opener rule (issue 30), beside the old games' random play.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_poker_matches.py`` (``--deals`` per
figure, ``--repeats`` runs per figure). The same script run on a tree without matches measures
the old games only (the "before" of a before/after comparison).

Random play: whole episodes through ``PokerRules`` (``legal_actions``, ``apply``), chance and
actions drawn uniformly by one seeded generator, until ``--deals`` deals have been played; the
figure is deals per CPU second (``time.process_time``), the median of ``--repeats`` runs. For a
match, deals count each deal of it (a match of three deals is three), and matches/s is given
too. The match settings use test variants shaped as the games will be (Fives: five draws and a
big-bet round, the best hand must hold a five, replays; Assassin: a 2 assassinates, a pot
nobody wins carries) with plain free draws: the paid draw and the exposure draw are other work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from divided.games.poker.rules import PokerRules
from divided.games.poker.steps import Bet, Deal, Draw, Showdown
from divided.games.poker.variant import Award, Slot, Variant
from divided.games.poker.variants import VARIANTS


def _match_variants() -> dict[str, Variant]:
    try:
        import divided.games.poker.awards.assassin
        import divided.games.poker.awards.must_hold  # noqa: F401
        from divided.games.poker.variant import Match  # type: ignore[attr-defined]
    except ImportError:  # a tree without matches
        return {}
    hand = (Slot("hand", 5),)
    five = Deal(("down",) * 5)
    fives = Variant(id="fives-shaped", name="", summary="", players=(2, 7), slots=hand, blinds=False,
                    steps=(five, *(Draw(most=5) for _ in range(5)), Bet("big"), Showdown()),
                    awards=(Award("high", ("hand",), kind="must-hold-five"),), match=Match("replay"))
    assassin = Variant(id="assassin-shaped", name="", summary="", players=(2, 7), slots=hand,
                       steps=(five, Bet("small"), Draw(most=5), Bet("big"), Showdown()),
                       awards=(Award("high", ("hand",), kind="assassin"),), match=Match("carry"))
    return {"fives": fives, "assassin": assassin}


def settings() -> list[tuple[str, Variant, int]]:
    out = [("five-card-draw heads-up", VARIANTS["five-card-draw"], 2),
           ("five-card-draw six-handed", VARIANTS["five-card-draw"], 6)]
    if "j-lo" in VARIANTS:
        out += [("j-lo heads-up", VARIANTS["j-lo"], 2), ("j-lo six-handed", VARIANTS["j-lo"], 6)]
    out += [(f"{name}-shaped match heads-up", variant, 2) for name, variant in _match_variants().items()]
    return out


def play(variant: Variant, players: int, deals: int, seed: int) -> tuple[float, int, int]:
    """CPU seconds to play random episodes until ``deals`` deals are done; the deals and episodes."""
    rules = PokerRules(variant)
    options: dict[str, Any] = {option.name: option.default for option in rules.options}
    options["players"] = players
    rng = random.Random(seed)
    done = episodes = 0
    started = time.process_time()
    while done < deals:
        state = rules.initial_state(options)
        while not state.over:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        done += match.deal if (match := getattr(state, "match", None)) is not None else 1
        episodes += 1
    return time.process_time() - started, done, episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for label, variant, players in settings():
        runs = [play(variant, players, args.deals, seed) for seed in range(args.repeats)]
        per_deal = statistics.median(deals / cpu for cpu, deals, _ in runs)
        line = f"{label:36s} {per_deal:8,.0f} deals/s"
        if getattr(variant, "match", None) is not None:
            per_match = statistics.median(episodes / cpu for cpu, _, episodes in runs)
            line += f"  {per_match:8,.0f} matches/s"
        print(line, flush=True)


if __name__ == "__main__":
    main()

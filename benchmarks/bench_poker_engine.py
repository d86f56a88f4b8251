"""Speed of the poker engine (issue 29) beside pokerkit 0.7, engine only.

Run: ``PYTHONPATH=src:tests:tests/games/poker .venv/bin/python benchmarks/bench_poker_engine.py``
(``--hands`` recorded hands per table, ``--repeats`` runs per figure, ``--profile`` prints
cProfile's top entries of every measurement that misses its target).

The hands are recorded once by the differential driver (``tests/games/poker/pokerkit_games.py``:
random policy biased toward raises and all-ins, random discards, every seat 200 chips, no-limit
betting so that pokerkit needs no cap corrections): our actions and chance outcomes, and
pokerkit's operations. Each engine then replays its own record of the same hands, from a new
state per hand, checking every final stack once. Every figure is the median of ``--repeats``
runs in CPU seconds of this process (``time.process_time``).

- hands/s: heads-up and six-handed five-card draw, both engines; Cowpie five-handed, ours.
- a player action: the median CPU time of one ``PokerRules.apply`` on a decision (not a deal),
  over every decision of the heads-up and six-handed hands.
- a view per move: replaying the six-handed hands with ``observe`` of the seat to act after
  every move, against the replay alone (the ratio).
- a 5-player Henway showdown (two hands each, nobody folded): ``settle`` of the state that
  reached the showdown step.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerkit import (
    BettingStructure,
    BringInPosting,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Deck,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    Mode,
    StandingPatOrDiscarding,
    State,
)
from pokerkit_betting import AUTOMATIONS, Tally
from pokerkit_games import CONFIGS, GameConfig, GameHand

from divided.games.base import CHANCE
from divided.games.poker import actions as act
from divided.games.poker.engine import final_stacks
from divided.games.poker.rules import PokerRules
from divided.games.poker.showdown import settle
from divided.games.poker.state import PokerState
from divided.games.poker.variants import rules_of

STACK = 200


@dataclass(frozen=True)
class Record:
    """One hand as both engines replay it."""

    options: dict[str, Any]
    actions: tuple[int, ...]
    pokerkit_args: tuple[Any, ...]
    pokerkit_moves: tuple[tuple[str, tuple[Any, ...]], ...]
    stacks: tuple[int, ...]


def _config(name: str) -> GameConfig:
    return next(config for config in CONFIGS if config.name == name)


def record(name: str, players: int, hands: int) -> list[Record]:
    """``hands`` hands of the configuration ``name`` played by the differential driver."""
    config = _config(name)
    out = []
    for seed in range(hands):
        hand = GameHand(config, 7_000_000 + seed, Tally(), players=players, stacks=(STACK,) * players)
        hand.play()
        state = hand.state
        moves: list[tuple[str, tuple[Any, ...]]] = []
        for operation in state.operations:
            if isinstance(operation, HoleDealing):
                moves.append(("deal_hole", (operation.cards,)))
            elif isinstance(operation, StandingPatOrDiscarding):
                moves.append(("stand_pat_or_discard", (operation.cards,)))
            elif isinstance(operation, Folding):
                moves.append(("fold", ()))
            elif isinstance(operation, CheckingOrCalling):
                moves.append(("check_or_call", ()))
            elif isinstance(operation, CompletionBettingOrRaisingTo):
                moves.append(("complete_bet_or_raise_to", (operation.amount,)))
            elif isinstance(operation, BringInPosting):
                moves.append(("post_bring_in", ()))
            elif isinstance(operation, HoleCardsShowingOrMucking):
                moves.append(("show_or_muck_hole_cards", (True,)))
        options = {**hand.options, "stack": STACK, "first_dealer": players - 1}
        blinds = (max(1, options["small_bet"] // 2), options["small_bet"]) if options.get("blinds") == "on" else ()
        args = (AUTOMATIONS, Deck.STANDARD, config.hand_types, config.streets(options["small_bet"], options["big_bet"]),
                BettingStructure.NO_LIMIT, True, options["ante"], blinds, options.get("bring_in", 0),
                (STACK,) * players, players)
        out.append(Record(options, tuple(hand.actions), args, tuple(moves),
                          tuple(state.stacks) if config.payoffs else final_stacks(hand.core)))
    return out


def replay_ours(rules: PokerRules, records: Sequence[Record], check: bool = False) -> None:
    for hand in records:
        state = rules.initial_state(hand.options)
        for action in hand.actions:
            state = rules.apply(state, action)
        if check:
            assert state.over and final_stacks(state) == hand.stacks, (final_stacks(state), hand.stacks)


def replay_ours_viewed(rules: PokerRules, records: Sequence[Record]) -> None:
    for hand in records:
        state = rules.initial_state(hand.options)
        for action in hand.actions:
            state = rules.apply(state, action)
            player = rules.current_player(state)
            rules.observe(state, player if player >= 0 else None)


def replay_pokerkit(records: Sequence[Record], check: bool = False) -> None:
    for hand in records:
        state = State(*hand.pokerkit_args, mode=Mode.TOURNAMENT)
        for method, args in hand.pokerkit_moves:
            getattr(state, method)(*args)
        if check:
            assert not state.status and tuple(state.stacks) == hand.stacks, (state.stacks, hand.stacks)


def action_times(rules: PokerRules, records: Sequence[Record], again: int = 20) -> list[float]:
    """CPU seconds of each decision's ``apply`` (chance outcomes left out). ``apply`` is a pure
    function of the frozen state, so each decision is applied ``again`` times in a row and the
    time divided, less the clock's own cost (a system call here, measured on empty intervals)."""
    clock = time.process_time_ns
    empty = []
    for _ in range(1_000):
        start = clock()
        empty.append(clock() - start)
    overhead = statistics.median(empty)
    out = []
    for hand in records:
        state = rules.initial_state(hand.options)
        for action in hand.actions:
            if rules.current_player(state) != CHANCE:
                start = clock()
                for _ in range(again):
                    rules.apply(state, action)
                out.append((clock() - start - overhead) / 1e9 / again)
            state = rules.apply(state, action)
    return out


def henway_showdowns(count: int) -> list[PokerState]:
    """States at the showdown step of 5-player Henway deals nobody folded (random splits and
    orders, everyone checking or calling)."""
    import random

    rules = rules_of("henway")
    options = {option.name: option.default for option in rules.options}
    options.update(players=5, first_dealer=4)
    rng = random.Random(29)
    out = []
    while len(out) < count:
        state = rules.initial_state(options)
        before = state
        while not state.over:
            before = state
            player = rules.current_player(state)
            if player == CHANCE:
                state = rules.apply(state, rng.choice(rules.chance_outcomes(state))[0])
            else:
                legal = rules.legal_actions(state)
                state = rules.apply(state, act.CALL if act.CALL in legal else rng.choice(legal))
        assert before is not state
        at_showdown = replace(state, shown=False, over=False, settled=(),
                              events=tuple(e for e in state.events if e.kind not in ("show", "award")))
        assert settle(at_showdown) == state
        out.append(at_showdown)
    return out


def cpu_median(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def profile(title: str, work: Callable[[], object], top: int = 12) -> None:
    profiler = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
    profiler.enable()
    work()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    start = next(i for i, line in enumerate(lines) if "ncalls" in line)
    print(f"\n-- profile: {title} (top {top} by own CPU time)")
    for line in lines[start:start + top + 1]:
        print("   " + line.replace(os.getcwd() + "/", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    arguments = parser.parse_args(argv)
    n, repeats = arguments.hands, arguments.repeats
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {n} hands per table, "
          f"medians of {repeats} (CPU time)")
    draw = rules_of("five-card-draw")
    heads_up = record("five-card-draw no", 2, n)
    six = record("five-card-draw no", 6, n)
    cowpie = record("cowpie no", 5, n)
    for records, rules in ((heads_up, draw), (six, draw), (cowpie, rules_of("cowpie"))):
        replay_ours(rules, records, check=True)
    replay_pokerkit(heads_up, check=True)
    replay_pokerkit(six, check=True)
    rows: list[tuple[str, float, str, bool]] = []
    missed: list[tuple[str, Callable[[], object]]] = []

    def rate(title: str, work: Callable[[], object], hands: int) -> float:
        return hands / cpu_median(work, repeats)

    ours_hu = rate("ours", lambda: replay_ours(draw, heads_up), n)
    theirs_hu = rate("pokerkit", lambda: replay_pokerkit(heads_up), n)
    rows.append(("heads-up five-card draw, ours (hands/s)", ours_hu, ">= 3,000", ours_hu >= 3000))
    rows.append(("heads-up five-card draw, pokerkit (hands/s)", theirs_hu, "", True))
    rows.append(("heads-up: ours / pokerkit", ours_hu / theirs_hu, ">= 2x", ours_hu >= 2 * theirs_hu))
    if ours_hu < 3000 or ours_hu < 2 * theirs_hu:
        missed.append(("heads-up five-card draw", lambda: replay_ours(draw, heads_up)))
    ours_six = rate("ours", lambda: replay_ours(draw, six), n)
    theirs_six = rate("pokerkit", lambda: replay_pokerkit(six), n)
    rows.append(("six-handed five-card draw, ours (hands/s)", ours_six, ">= 1,000", ours_six >= 1000))
    rows.append(("six-handed five-card draw, pokerkit (hands/s)", theirs_six, "", True))
    if ours_six < 1000:
        missed.append(("six-handed five-card draw", lambda: replay_ours(draw, six)))
    cowpie_rules = rules_of("cowpie")
    ours_cow = rate("ours", lambda: replay_ours(cowpie_rules, cowpie), n)
    rows.append(("Cowpie five-handed, ours (hands/s)", ours_cow, ">= 500", ours_cow >= 500))
    if ours_cow < 500:
        missed.append(("Cowpie five-handed", lambda: replay_ours(cowpie_rules, cowpie)))
    medians = []
    for _ in range(repeats):
        medians.append(statistics.median(action_times(draw, heads_up) + action_times(draw, six)))
    action_us = statistics.median(medians) * 1e6
    rows.append(("a player action, median (us)", action_us, "<= 20", action_us <= 20))
    if action_us > 20:
        missed.append(("player actions (the heads-up and six-handed replays)",
                       lambda: (replay_ours(draw, heads_up), replay_ours(draw, six))))
    alone = cpu_median(lambda: replay_ours(draw, six), repeats)
    viewed = cpu_median(lambda: replay_ours_viewed(draw, six), repeats)
    rows.append(("a view per move: engine + views / engine alone", viewed / alone, "<= 2x", viewed <= 2 * alone))
    if viewed > 2 * alone:
        missed.append(("six-handed replay with a view per move", lambda: replay_ours_viewed(draw, six)))
    showdowns = henway_showdowns(200)
    showdown_us = cpu_median(lambda: [settle(state) for state in showdowns], repeats) / len(showdowns) * 1e6
    rows.append(("5-player Henway showdown, two hands each (us)", showdown_us, "<= 50", showdown_us <= 50))
    if showdown_us > 50:
        missed.append(("5-player Henway showdowns", lambda: [settle(state) for state in showdowns]))
    print(f"{'measure':<50} {'value':>10}  target")
    for title, value, target, met in rows:
        flag = "" if not target else ("met" if met else "MISSED")
        print(f"{title:<50} {value:>10,.1f}  {target} {flag}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if arguments.profile:
        for title, work in missed:
            profile(title, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())

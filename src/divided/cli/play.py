"""``divided play``: a game of Divided Ranks in the terminal against a bot.

The screen shows what the game's books say you know (your hand with the cards your opponent
knows marked ``*``, what you know of theirs, the cards unaccounted for, the reserve odds) and
offers auto-arrange at the build. Type an option's number, or the action itself
(``split Ts Jh``, ``up``, ``down``, ``keep``, ``give As``, ``build Ts Js Qs Ks As``); at the
build an empty line takes the auto-arrangement. ``q`` quits.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from divided import games
from divided.bots import make_bot, names
from divided.cards import PACK_21
from divided.errors import DividedError
from divided.games.base import State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenReserve
from divided.hands.arrange import arrange, ranked_splits

GAME = "divided-ranks"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play", help="play Divided Ranks in the terminal against a bot",
        description="Play Divided Ranks in the terminal against a bot.",
    )
    parser.add_argument("--bot", default="skilled",
                        help=f"the opponent: {', '.join(names(GAME))}, with parameters as name:key=value "
                        "(default: skilled)")
    parser.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat (default 0)")
    for option in games.load("divided-ranks").info.options:
        values = option.values_text
        parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, default=option.default,
                            help=f"{option.description} ({values}; default {option.default})")
    parser.add_argument("--seed", type=int, default=None, help="seed for the shuffle (default: random)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    info = games.load("divided-ranks").info
    game = games.load("divided-ranks", **{o.name: getattr(args, o.name) for o in info.options})
    make_bot(GAME, args.bot)  # an unknown bot is refused before the game starts
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    return play(game.new_initial_state(seed=seed), args.seat, args.bot, input, sys.stdout, seed)


def play(state: State[Any, PlayerView], seat: int, bot_name: str, read: Callable[[str], str],
         out: TextIO, seed: int) -> int:
    """Run a game to its end, reading the human's moves with ``read``."""
    bot = make_bot(GAME, bot_name)
    rng = random.Random(seed ^ 0x5EED)

    def say(text: str = "") -> None:
        print(text, file=out)

    say(f"Divided Ranks against the {bot.name} bot. You are player {seat}. (q quits)")
    say(", ".join(f"{name}={value}" for name, value in state.game.options.items()))
    seen_log = 0
    while not state.is_terminal():
        player = state.current_player()
        view = state.observation(seat)
        seen_log = _report(view, seen_log, seat, say)
        if player != seat:
            state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
            continue
        say()
        say(knowledge(view).describe())
        action = _ask(state, view, read, say)
        if action is None:
            say("Game abandoned.")
            return 0
        state.apply_action(action, player=seat)
    view = state.observation(seat)
    _report(view, seen_log, seat, say)
    outcome = view.outcome
    assert outcome is not None
    say()
    for p in (0, 1):
        weaker, stronger = outcome.hands[p]
        who = "You" if p == seat else "Bot"
        say(f"{who:>3}: weaker {_hand(weaker)} | stronger {_hand(stronger)}")
    say(outcome.describe().replace(f"Player {seat} wins", "You win").replace(
        f"Player {1 - seat} wins", "The bot wins"))
    return 0


def _hand(mask: int) -> str:
    from divided.hands.five import evaluate_mask

    return f"{PACK_21.format_mask(mask)} ({evaluate_mask(mask).category.label})"


def _report(view: PlayerView, already: int, seat: int, say: Callable[..., None]) -> int:
    """Tell the human what the bot did since the last look."""
    for event in view.log[already:]:
        if isinstance(event, SeenChoice) and event.chooser != seat:
            what = "the face-up pair" if event.took_face_up else "the face-down pair"
            say(f"The bot took {what}.")
        elif isinstance(event, SeenReserve) and event.player != seat:
            if not event.swapped:
                say("The bot kept its hand at the reserve.")
            elif event.gave is not None:
                say(f"The bot gave {PACK_21[event.gave]} and took {PACK_21[event.took or 0]}.")
            else:
                say("The bot swapped a card with the reserve (blind).")
    return len(view.log)


def _ask(state: State[Any, PlayerView], view: PlayerView, read: Callable[[str], str],
         say: Callable[..., None]) -> int | None:
    legal = state.legal_actions()
    phase = view.phase
    auto = act.build_action(arrange(view.hand).split) if phase == Phase.BUILD else None
    if phase == Phase.SPLIT:
        say(f"You split: {PACK_21.format_mask(view.drawn)}. Which pair goes face up?")
        options = legal
    elif phase == Phase.CHOOSE:
        say(f"On offer: face up {PACK_21.format_mask(view.offer)}, and a face-down pair.")
        options = legal
    elif phase == Phase.RESERVE:
        say("The reserve: keep your hand, or give a card and take the reserve unseen.")
        options = legal
    else:
        best = ranked_splits(view.hand)[:5]
        say("Build your two hands. Best splits (Enter = auto-arrange, the first):")
        options = [act.build_action(a.split) for a in best]
    for number, action in enumerate(options, 1):
        say(f"  {number}. {state.action_to_string(action)}")
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text and auto is not None:
            return auto
        if text.isdigit() and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        try:
            action = state.string_to_action(text)
        except DividedError as error:
            say(f"  {error}")
            continue
        if action in legal:
            return action
        say("  That is not a legal move now; type a number from the list.")

"""``divided play``: any registered game in the terminal, the human at one seat and bots at the others.

The loop is the same for every game: before each of your moves it shows what you know (the
game's books, or its view), then the choices numbered from 1 as the game's room labels them.
Type a number, or the move itself as the rules write it (Divided Ranks: ``split Ts Jh``,
``up``, ``down``, ``keep``, ``give As``, ``build Ts Js Qs Ks As``); a line that is neither is
explained and changes nothing. ``q`` quits. How a game is put into words (Divided Ranks' table,
its questions, auto-arrange on an empty line at the build) is its terminal part,
:mod:`divided.cli.games`; a game without one plays with the plain words.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO

from divided import games
from divided.bots import make_bot, names
from divided.cli.games import terminal
from divided.errors import DividedError, RuleOptionError, UnsupportedGameError
from divided.games.base import Game, RuleOption, State, pick_outcome
from divided.games.room import GameRoom

DEFAULT_GAME = "divided-ranks"
_RESERVED = {"game", "bot", "seat", "seed", "command", "handler", "help"}


class Bot(Protocol):
    """What the loop asks of a bot: its name, and a move from its own view."""

    @property
    def name(self) -> str: ...

    def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int: ...


EMPTY_LINE = "  Type the number of a move from the list, or the move as it is written there (q quits)."
"""The answer to an empty line where the menu has no default."""

def _rule_options() -> dict[str, RuleOption]:
    """Rule options of every game, by name (a flag is made for each; a game refuses ones it lacks)."""
    found: dict[str, RuleOption] = {}
    for name in games.names():
        for option in games.load(name).info.options:
            if option.name not in _RESERVED:
                found.setdefault(option.name, option)
    return found

GAME = "divided-ranks"


def register(subparsers: Any) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play a game in the terminal against bots: you at one seat, a bot at every other.",
    )
    parser.add_argument("--game", default=DEFAULT_GAME,
                        help=f"the game: {', '.join(games.names())} (default {DEFAULT_GAME})")
    parser.add_argument("--bot", action="append", default=None, metavar="NAME",
                        help=f"the opponent: {', '.join(names(DEFAULT_GAME))}, with parameters as name:key=value "
                        "(default: the game's, skilled for divided-ranks); give it once for every bot seat, "
                        "or once per bot seat in seat order")
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    for option in _rule_options().values():
        parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, default=argparse.SUPPRESS,
                            help=f"{option.description} ({option.values_text}; default {option.default})")
    parser.add_argument("--seed", type=int, default=None, help="seed for the shuffle (default: random)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    if args.game not in games.names():
        raise UnsupportedGameError(f"unknown game {args.game!r}; known games: {', '.join(games.names())}")
    given = {name: getattr(args, name) for name in _rule_options() if hasattr(args, name)}
    game = games.load(args.game, **given)
    _check_seat(game, args.seat)
    specs = _bot_specs(args.bot or [terminal(args.game).default_bot], game.info.num_players)
    for spec in set(specs):
        _make_bot(args.game, spec)  # an unknown bot is refused before the game starts
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    return play(game.new_initial_state(seed=seed), args.seat, specs, input, sys.stdout, seed)


def _check_seat(game: Game[Any, Any], seat: int) -> None:
    players = game.info.num_players
    if not 0 <= seat < players:
        raise RuleOptionError(f"--seat {seat} is not a seat of {game.info.long_name}: its seats are 0 to {players - 1}")


def _bot_specs(given: Sequence[str], players: int) -> list[str]:
    """One bot spec per other seat: one given for all of them, or exactly one each."""
    if len(given) == 1:
        return list(given) * (players - 1)
    if len(given) != players - 1:
        raise RuleOptionError(f"--bot was given {len(given)} times; give it once (the same bot at every other "
                              f"seat) or {players - 1} times (one per other seat, in seat order)")
    return list(given)


def _make_bot(game: str, spec: str) -> Bot:
    """The bot ``spec`` names, to play ``game`` (the one place the play command makes bots)."""
    return make_bot(game, spec)


def play(state: State[Any, Any], seat: int, bots: str | Bot | Sequence[str | Bot], read: Callable[[str], str],
         out: TextIO, seed: int) -> int:
    """Run a game to its end, reading the human's moves at ``seat`` with ``read``.

    ``bots``: one bot (a name, or a bot) for every other seat, or one per other seat in seat
    order. Bots see only their own view; the human sees only theirs. ``seed`` seeds the bots'
    random numbers (and the chance nodes of a state made without a seed of its own).
    """
    game = state.game
    name = game.info.short_name
    _check_seat(game, seat)
    others = [p for p in range(game.info.num_players) if p != seat]
    wanted = [bots] if isinstance(bots, str) or not isinstance(bots, Sequence) else list(bots)
    if len(wanted) == 1:
        wanted = wanted * len(others)
    if len(wanted) != len(others):
        raise RuleOptionError(f"{len(wanted)} bots for {len(others)} other seats")
    seated = {player: _make_bot(name, bot) if isinstance(bot, str) else bot
              for player, bot in zip(others, wanted, strict=True)}  # one bot object per seat
    words = terminal(name)
    room = _room(name)
    rng = random.Random(seed ^ 0x5EED)

    def say(*lines: str) -> None:
        for line in lines:
            print(line, file=out)

    say(*words.opening(game, seat, [(p, seated[p].name) for p in others]))
    cursor = 0
    while not state.is_terminal():
        if state.is_chance_node():  # a state made without a seed: the dealer draws from rng
            state.apply_action(pick_outcome(state.chance_outcomes(), rng.random()))
            continue
        player = state.current_player()
        view = state.observation(seat)
        news, cursor = words.news(view, seat, cursor)
        say(*news)
        if player != seat:
            bot = seated[player]
            state.apply_action(bot.choose(state.observation(player), state.legal_actions(), rng))
            say(*words.bot_moved(player, bot.name))
            continue
        say(*words.before_move(view, room))
        action = _ask(state, view, room, read, say)
        if action is None:
            say("Game abandoned.")
            return 0
        state.apply_action(action, player=seat)
    view = state.observation(seat)
    say(*words.news(view, seat, cursor)[0])
    say(*words.ending(view, seat))
    return 0


def _room(game: str) -> GameRoom[Any, Any] | None:
    try:
        return games.room(game)
    except UnsupportedGameError:
        return None


def _ask(state: State[Any, Any], view: Any, room: GameRoom[Any, Any] | None, read: Callable[[str], str],
         say: Callable[..., None]) -> int | None:
    """The human's move: a number from the menu, its default on an empty line, or a move typed out;
    anything else is explained and asked again. ``None`` when the human quits."""
    legal = state.legal_actions()

    def label(action: int) -> str:
        return room.label(view, action).text if room is not None else state.action_to_string(action)

    words = terminal(state.game.info.short_name)
    menu = words.menu(view, legal, label)
    say(*menu.lines)
    for number, action in enumerate(menu.options, 1):
        say(f"  {number}. {label(action)}")
    while True:
        try:
            text = read("> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text:
            if menu.default is not None:
                return menu.default
            say(EMPTY_LINE)
            continue
        if text.isdigit() and 1 <= int(text) <= len(menu.options):
            return menu.options[int(text) - 1]
        try:
            action = state.string_to_action(text)
        except (DividedError, ValueError, KeyError, IndexError) as error:
            say(words.unreadable(text, error))
            continue
        if action in legal:
            return action
        say(words.illegal(view, action, legal))

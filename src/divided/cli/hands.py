"""``divided hands``: a hand calculator.

``divided hands rank [--game NAME] CARDS...`` names and scores a hand of a game (by default
Divided Ranks: five cards of the 21-card pack; Card Commons takes 3 or 5 cards);
``divided hands compare [--game NAME] HAND vs HAND`` says which of two hands of one size wins,
or that they tie; ``divided hands arrange CARDS...`` divides ten
cards of the 21-card pack into the best weaker and stronger hand (auto-arrange), or with
``--all`` lists all 126 divisions, best first. The cards on the command line form one hand; with
none, each non-blank line of standard input is a hand. Output is one line (``--json``: one JSON
object) per hand, in input order. ``docs/cli.md`` describes the formats; the JSON one is a stable
interface. ``--rules high|a5|27|a6|six`` is reserved for the standard-deck rankings, which are
not available yet.

A game's hands are found in :data:`HANDS`, a lazy registry keyed by game id whose entries name
the game's ranking systems as ``"module:attr"`` strings, imported on first use: this module
imports no game.

>>> print(rank_hand(parse_hand("Ts Js Qs Ks Jk", size=5, command="rank")).plain)
Ts Js Qs Ks Jk  Royal Flush  (strength 187)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from divided.cards import PACK_21, Card, Pack, parse_cards
from divided.errors import DividedError, InvalidHandError
from divided.hands.arrange import Arrangement, Hand, arrange, ranked_splits
from divided.hands.five import PACK21_FIVE
from divided.hands.value import HandCategory, RankingSystem
from divided.registry import Registry

JSON_FORMAT_VERSION = 1
"""Version of the JSON output documented in ``docs/cli.md``."""

JsonObject = dict[str, object]


System = RankingSystem[HandCategory]

HANDS: Registry[System | tuple[System, ...]] = Registry(
    "hands",
    {
        "divided-ranks": "divided.hands.five:PACK21_FIVE",
        "card-commons": "divided.hands.three:PACK21_THREE_AND_FIVE",
    },
)
"""The ranking systems of each game's own hands, by game id: a
:class:`~divided.hands.value.RankingSystem`, or a tuple of them of one pack (one per hand size),
named ``"module:attr"`` and imported on first use. ``rank`` picks the system that takes the
number of cards given."""

DEFAULT_GAME = "divided-ranks"
STANDARD_RULES = ("high", "a5", "27", "a6", "six")
"""The standard-deck rankings ``--rules`` will name: high hands, ace-to-five, deuce-to-seven and
ace-to-six lowball, six-card poker."""


class BatchInputError(DividedError):
    """Some lines of a batch on standard input were not valid hands."""


class UnavailableHandsError(DividedError):
    """The ranking asked for is not implemented yet."""


def game_systems(game: str) -> tuple[System, ...]:
    """The ranking systems of a game's own hands (imported on first use).

    Raises :class:`~divided.errors.UnsupportedGameError` naming the games with hands for any
    other game.
    """
    part = HANDS.get(game)
    systems = part if isinstance(part, tuple) else (part,)
    if not systems or not all(isinstance(system, RankingSystem) for system in systems):
        raise TypeError(f"the hands registered for {game!r} are not ranking systems: {part!r}")
    if len({system.pack.name for system in systems}) != 1:
        raise TypeError(f"the ranking systems of {game!r} must rank cards of one pack")
    return systems


def standard_rules(rules: str) -> System:
    """The standard-deck ranking ``--rules`` names; none is available yet."""
    raise UnavailableHandsError(
        f"--rules {rules}: the standard-deck rankings ({', '.join(STANDARD_RULES)}) are not "
        f"available yet; without --rules, 'rank' ranks a game's own hands (--game, default {DEFAULT_GAME})"
    )


@dataclass(frozen=True, slots=True)
class HandInput:
    """One hand as given: its cards in input order and their bit mask over their pack."""

    cards: tuple[Card, ...]
    mask: int


@dataclass(frozen=True, slots=True)
class Result:
    """What is printed for one input: the JSON object and the plain-text form."""

    json: JsonObject
    plain: str


def parse_hand(text: str, *, size: int | tuple[int, ...], command: str, pack: Pack = PACK_21) -> HandInput:
    """Read ``size`` (or one of the sizes) distinct cards of ``pack`` in the project's notation.

    Raises :class:`~divided.errors.InvalidNotationError` for a token that is not a card and
    :class:`~divided.errors.InvalidHandError` for a card outside the pack, a card given twice
    or the wrong number of cards.
    """
    cards = tuple(parse_cards(text))
    for card in cards:
        if card not in pack:
            if card.is_joker:
                pack.index(card)  # raises, naming how this pack writes its Jokers
            raise InvalidHandError(f"{card} is not in the {pack.name} pack ({_contents(pack)})")
    mask = pack.mask(cards)  # rejects a card given twice
    sizes = (size,) if isinstance(size, int) else size
    if len(cards) not in sizes:
        given = f": {' '.join(str(c) for c in cards)}" if cards else ""
        wanted = " or ".join(str(n) for n in sizes)
        raise InvalidHandError(f"{command!r} takes exactly {wanted} cards, got {len(cards)}{given}")
    return HandInput(cards, mask)


def _contents(pack: Pack) -> str:
    """The pack's cards in words, e.g. ``only 10, J, Q, K, A of each suit and the Joker``."""
    ranks = sorted({card.rank for card in pack if card.rank is not None})
    symbols = ["10" if rank == 10 else rank.symbol for rank in ranks]
    listed = ", ".join(symbols) if len(symbols) <= 5 else f"{symbols[0]} to {symbols[-1]}"
    jokers = [str(card) for card in pack if card.is_joker]
    if not jokers:
        return f"only {listed} of each suit"
    if jokers == ["Jk"]:
        return f"only {listed} of each suit and the Joker"
    return f"only {listed} of each suit and the Jokers {', '.join(jokers)}"


def hand_object(hand: Hand) -> JsonObject:
    """JSON object of a five-card hand: cards in pack order, category slug, label, strength."""
    return {
        "cards": [str(card) for card in hand.cards],
        "category": hand.value.category.slug,
        "label": hand.value.category.label,
        "strength": hand.value.strength,
    }


def _describe(hand: Hand) -> str:
    return f"{hand}  {hand.value.category.label} (strength {hand.value.strength})"


def rank_hand(given: HandInput, system: System = PACK21_FIVE, *, game: str = DEFAULT_GAME) -> Result:
    """Category and strength (the rank's order) of a hand of ``game`` (cards shown in input order)."""
    hand_rank = system.rank(given.cards)
    cards = [str(card) for card in given.cards]
    label = hand_rank.category.label
    obj: JsonObject = {
        "cards": cards,
        "category": hand_rank.category.slug,
        "label": label,
        "strength": hand_rank.order,
        "game": game,
    }
    return Result(obj, f"{' '.join(cards)}  {label}  (strength {hand_rank.order})")


_VS = re.compile(r"\s+vs\s+", re.IGNORECASE)


def split_hands(text: str) -> tuple[str, str]:
    """The two hands of ``compare``'s input: cards, the word ``vs``, cards.

    >>> split_hands("As Ks Qs vs Jk,Ts,Js")
    ('As Ks Qs', 'Jk,Ts,Js')
    """
    parts = _VS.split(f" {text} ")
    if len(parts) != 2:
        found = "no 'vs'" if len(parts) == 1 else f"{len(parts) - 1} of them"
        raise InvalidHandError(
            f"'compare' takes two hands with the word 'vs' between them (or two quoted hands), "
            f"e.g. 'As Ks Qs vs Jk Ts Js'; found {found}"
        )
    return parts[0].strip(), parts[1].strip()


def compare_hands(
    first: HandInput, second: HandInput, systems: tuple[System, ...], *, game: str = DEFAULT_GAME
) -> Result:
    """Which of two hands of one size of ``game`` wins (bigger strength), or a tie.

    Raises :class:`~divided.errors.InvalidHandError` for hands of different sizes or a card in
    both hands.
    """
    if len(first.cards) != len(second.cards):
        raise InvalidHandError(
            f"'compare' compares hands of one size; got {len(first.cards)} and {len(second.cards)} cards"
        )
    shared = first.mask & second.mask
    if shared:
        both = [str(card) for card in first.cards if card in second.cards]
        raise InvalidHandError(f"{' and '.join(both)} {'is' if len(both) == 1 else 'are'} in both hands")
    takes = [system for system in systems if len(first.cards) in system.sizes]
    if not takes:
        wanted = " or ".join(str(size) for system in systems for size in system.sizes)
        raise InvalidHandError(f"'compare' takes hands of {wanted} cards, got {len(first.cards)}")
    system = takes[0]
    ranks = [system.rank(given.cards) for given in (first, second)]
    winner = "tie" if ranks[0] == ranks[1] else "first" if ranks[0] > ranks[1] else "second"
    objects: list[JsonObject] = []
    lines: list[str] = []
    for name, given, hand_rank in zip(("first", "second"), (first, second), ranks, strict=True):
        cards = [str(card) for card in given.cards]
        objects.append(
            {
                "cards": cards,
                "category": hand_rank.category.slug,
                "label": hand_rank.category.label,
                "strength": hand_rank.order,
                "words": hand_rank.describe(),
            }
        )
        lines.append(
            f"{name + ':':7} {' '.join(cards)}  {hand_rank.describe()}  (strength {hand_rank.order})"
        )
    if winner == "tie":
        lines.append("Tie: the hands are exactly as strong.")
    else:
        lines.append(f"The {winner} hand wins.")
    obj: JsonObject = {"game": game, "first": objects[0], "second": objects[1], "winner": winner}
    return Result(obj, "\n".join(lines))


def arrangement_object(arrangement: Arrangement) -> JsonObject:
    """JSON fields of one division: weaker and stronger hand, split number, result key."""
    return {
        "weaker": hand_object(arrangement.weaker),
        "stronger": hand_object(arrangement.stronger),
        "split": arrangement.split,
        "key": [int(part) for part in arrangement.key],
    }


def arrangement_line(arrangement: Arrangement) -> str:
    """One division as ``weaker: ... | stronger: ...``."""
    return f"weaker: {_describe(arrangement.weaker)} | stronger: {_describe(arrangement.stronger)}"


def arrange_hand(given: HandInput) -> Result:
    """The division auto-arrange picks for ten cards."""
    best = arrange(given.mask)
    obj: JsonObject = {"cards": [str(card) for card in given.cards], **arrangement_object(best)}
    return Result(obj, arrangement_line(best))


def arrange_all(given: HandInput) -> Result:
    """All 126 divisions of ten cards, best first; equal divisions share a place."""
    splits = ranked_splits(given.mask)
    entries: list[JsonObject] = []
    lines = [f"{' '.join(str(c) for c in given.cards)}: {len(splits)} splits, best first"]
    place = 0
    for position, arrangement in enumerate(splits, 1):
        if position == 1 or arrangement.key != splits[position - 2].key:
            place = position
        entries.append({"place": place, **arrangement_object(arrangement)})
        lines.append(f"{place:4}. {arrangement_line(arrangement)}  [split {arrangement.split}]")
    obj: JsonObject = {"cards": [str(card) for card in given.cards], "splits": entries}
    return Result(obj, "\n".join(lines))


def _emit(result: Result, *, as_json: bool, line: int | None = None) -> None:
    if as_json:
        obj = result.json if line is None else {"line": line, **result.json}
        print(json.dumps(obj))
    else:
        print(result.plain)


def _run_batch(
    lines: Iterable[str], compute: Callable[[str], Result], *, as_json: bool, spaced: bool
) -> tuple[int, list[int]]:
    """Process one hand per non-blank line; returns how many hands and the failed line numbers."""
    failed: list[int] = []
    count = 0
    interactive = sys.stdin.isatty()
    printed = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        count += 1
        try:
            result = compute(line)
        except DividedError as error:
            failed.append(number)
            if as_json:
                print(json.dumps({"line": number, "error": str(error)}))
            else:
                print(f"divided: error: line {number}: {error}", file=sys.stderr)
        else:
            if spaced and printed and not as_json:
                print()
            _emit(result, as_json=as_json, line=number)
            printed = True
        if interactive:
            sys.stdout.flush()
    return count, failed


def _batch_error(count: int, failed: list[int], noun: str = "hands") -> BatchInputError:
    shown = ", ".join(str(n) for n in failed[:10]) + (", ..." if len(failed) > 10 else "")
    which = f"line {shown}" if len(failed) == 1 else f"lines {shown}"
    return BatchInputError(f"{len(failed)} of {count} {noun} could not be read ({which})")


Reader = tuple[tuple[int, ...], Callable[[str], Result]]
"""What an action reads: the hand sizes it takes, and the computation of one hand's text."""


def _handler(prepare: Callable[[argparse.Namespace], Reader]) -> Callable[[argparse.Namespace], int]:
    def handle(args: argparse.Namespace) -> int:
        sizes, one = prepare(args)  # checks the options before any input is read
        if args.cards:
            _emit(one(" ".join(args.cards)), as_json=args.json)
            return 0
        comparing = args.hands_command == "compare"
        if sys.stdin.isatty():
            wanted = " or ".join(str(n) for n in sizes)
            what = (
                f"comparisons (HAND vs HAND, {wanted} cards each)"
                if comparing
                else f"hands of {wanted} cards"
            )
            print(
                f"reading {what} from standard input, one per line (end with Ctrl-D)",
                file=sys.stderr,
            )
        spaced = bool(getattr(args, "all", False))
        count, failed = _run_batch(sys.stdin, one, as_json=args.json, spaced=spaced)
        if failed:
            raise _batch_error(count, failed, "comparisons" if comparing else "hands")
        return 0

    return handle


def _rank(args: argparse.Namespace) -> Reader:
    if args.rules is not None:
        standard_rules(args.rules)
    systems = game_systems(args.game)
    by_size = {size: system for system in reversed(systems) for size in system.sizes}
    sizes = tuple(sorted(by_size))
    pack = systems[0].pack

    def one(text: str) -> Result:
        given = parse_hand(text, size=sizes, command="rank", pack=pack)
        return rank_hand(given, by_size[len(given.cards)], game=args.game)

    return sizes, one


def _compare(args: argparse.Namespace) -> Reader:
    _compare_arguments(args)
    systems = game_systems(args.game)
    sizes = tuple(sorted({size for system in systems for size in system.sizes}))
    pack = systems[0].pack

    def one(text: str) -> Result:
        hands = []
        for which, part in zip(("first", "second"), split_hands(text), strict=True):
            try:
                hands.append(parse_hand(part, size=sizes, command="compare", pack=pack))
            except DividedError as error:
                raise type(error)(f"{which} hand: {error}") from None
        return compare_hands(hands[0], hands[1], systems, game=args.game)

    return sizes, one


def _compare_arguments(args: argparse.Namespace) -> None:
    """Two quoted hands without ``vs`` become ``FIRST vs SECOND``."""
    cards: list[str] = args.cards
    if len(cards) == 2 and not any(_VS.search(f" {card} ") for card in cards):
        args.cards = [cards[0], "vs", cards[1]]


def _arrange(args: argparse.Namespace) -> Reader:
    def one(text: str) -> Result:
        given = parse_hand(text, size=10, command="arrange")
        return arrange_all(given) if args.all else arrange_hand(given)

    return (10,), one


_EPILOG = (
    f"--json prints JSON format version {JSON_FORMAT_VERSION}, one object per line "
    "(see docs/cli.md). Batch input: a bad line is reported with its line number, the "
    "rest are still processed, and the exit status is 2."
)
_CARDS_HELP = (
    "cards in the project's notation (e.g. Ts Jh Qd Kc Jk; one quoted string and commas are "
    "fine); with none, read one hand per line from standard input"
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hands`` sub-command with its ``rank``, ``compare`` and ``arrange`` actions."""
    parser = subparsers.add_parser(
        "hands",
        help="rank and compare a game's hands, arrange hands of the 21-card pack",
        description=(
            "A hand calculator: a game's own hands (by default Divided Ranks: five cards of the "
            "21-card pack, 10 to A in four suits and a Joker) and auto-arrange."
        ),
    )
    actions = parser.add_subparsers(dest="hands_command", metavar="ACTION", required=True)

    rank = actions.add_parser(
        "rank",
        help="category and strength of a hand",
        description=(
            f"Name and score hands of a game (--game, default {DEFAULT_GAME}: five cards of the "
            "21-card pack)."
        ),
        epilog=_EPILOG,
    )
    rank.add_argument("cards", nargs="*", metavar="CARD", help=_CARDS_HELP)
    rank.add_argument("--json", action="store_true", help="one JSON object per hand")
    scheme = rank.add_mutually_exclusive_group()
    scheme.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"rank this game's own hands (default {DEFAULT_GAME}; games with hands: "
        f"{', '.join(HANDS.names())})",
    )
    scheme.add_argument(
        "--rules",
        choices=STANDARD_RULES,
        default=None,
        help="a standard-deck ranking: high, a5 (ace-to-five), 27 (deuce-to-seven), a6 "
        "(ace-to-six), six (six-card); not available yet",
    )
    rank.set_defaults(handler=_handler(_rank))

    compare = actions.add_parser(
        "compare",
        help="which of two hands wins",
        description=(
            "Say which of two hands of one size of a game wins, or that they tie (--game, "
            f"default {DEFAULT_GAME}). Give the hands as two quoted arguments ('As Ks Qs' "
            "'Jk Ts Js') or as cards with the word vs between them (As Ks Qs vs Jk Ts Js); with "
            "none, read one comparison per line ('HAND vs HAND') from standard input."
        ),
        epilog=_EPILOG,
    )
    compare.add_argument(
        "cards", nargs="*", metavar="HAND", help="two hands, or cards with 'vs' between the hands"
    )
    compare.add_argument("--json", action="store_true", help="one JSON object per comparison")
    compare.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"compare this game's hands (default {DEFAULT_GAME}; games with hands: {', '.join(HANDS.names())})",
    )
    compare.set_defaults(handler=_handler(_compare))

    arrange_parser = actions.add_parser(
        "arrange",
        help="best division of ten cards into two hands",
        description=(
            "Divide ten cards into a weaker and a stronger five-card hand the way auto-arrange "
            "does (best result key, ties to the lowest split number)."
        ),
        epilog=_EPILOG,
    )
    arrange_parser.add_argument("cards", nargs="*", metavar="CARD", help=_CARDS_HELP)
    arrange_parser.add_argument("--json", action="store_true", help="one JSON object per hand")
    arrange_parser.add_argument(
        "--all",
        "--arrange-all",
        dest="all",
        action="store_true",
        help="list all 126 divisions, best first (equal divisions share a place)",
    )
    arrange_parser.set_defaults(handler=_handler(_arrange))

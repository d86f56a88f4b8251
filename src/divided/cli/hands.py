"""``divided hands``: a hand calculator.

``divided hands rank [--game NAME] CARDS...`` names and scores a hand of a game (by default
Divided Ranks: five cards of the 21-card pack; Card Commons takes 3 or 5 cards);
``divided hands compare [--game NAME] HAND vs HAND`` says which of two hands of one size wins,
or that they tie; ``divided hands arrange CARDS...`` divides ten
cards of the 21-card pack into the best weaker and stronger hand (auto-arrange), or with
``--all`` lists all 126 divisions, best first. The cards on the command line form one hand; with
none, each non-blank line of standard input is a hand. Output is one line (``--json``: one JSON
object) per hand, in input order. ``docs/cli.md`` describes the formats; the JSON one is a stable
interface. ``--rules high|a5|27|a6|six`` (with ``--wild``, ``--qualifier``, ``--decks``,
``--natural-beats-wild``, ``--double-ace-flush``) ranks and compares standard-deck poker hands
instead (:func:`divided.hands.poker.system`); ``Jk`` is then a Joker of the 54-card deck, allowed
only with a wild set that holds the Jokers.

A game's hands are found in :data:`HANDS`, a lazy registry keyed by game id whose entries name
the game's ranking systems as ``"module:attr"`` strings, imported on first use: this module
imports no game.

>>> print(rank_hand(parse_hand("Ts Js Qs Ks Jk", size=5, command="rank")).plain)
Ts Js Qs Ks Jk  Royal Flush  (strength 187)
>>> from divided.cards import STANDARD_54
>>> parse_standard_hand("Jk 2c jk", command="rank", pack=STANDARD_54, sizes=(1, 2, 3))
(Card.parse('Jk1'), Card.parse('2c'), Card.parse('Jk2'))
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from divided.cards import JOKER_1, JOKER_2, PACK_21, Card, Pack, parse_cards
from divided.errors import DividedError, InvalidHandError, RuleOptionError
from divided.hands.arrange import Arrangement, Hand, arrange, ranked_splits
from divided.hands.five import PACK21_FIVE
from divided.hands.poker.rules import RULE_TITLES, RULES, WILD_NAMES, system
from divided.hands.value import HandCategory, HandRank, RankingSystem
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
STANDARD_RULES = RULES
"""The standard-deck rankings ``--rules`` names: high hands, ace-to-five, deuce-to-seven and
ace-to-six lowball, six-card poker."""
RULES_OPTIONS = ("wild", "qualifier", "decks", "natural_beats_wild", "double_ace_flush")
"""The options that go with ``--rules`` (their ``argparse`` destinations)."""


class BatchInputError(DividedError):
    """Some lines of a batch on standard input were not valid hands."""


class UnavailableHandsError(DividedError):
    """The ranking asked for is not part of this installation."""


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


def standard_rules(
    rules: str,
    *,
    wild: str | None = None,
    qualifier: int | None = None,
    decks: int | None = None,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> System:
    """The standard-deck ranking ``--rules`` and its options name (:func:`divided.hands.poker.system`).

    Raises :class:`~divided.errors.RuleOptionError` for options that do not fit the rules.
    """
    try:
        return system(
            rules,
            wild=wild,
            qualifier=qualifier,
            decks=1 if decks is None else decks,
            natural_beats_wild=natural_beats_wild,
            double_ace_flush=double_ace_flush,
        )
    except ModuleNotFoundError as error:
        if not (error.name or "").startswith("divided."):
            raise
        raise UnavailableHandsError(
            f"--rules {rules}: {RULE_TITLES[rules]}{' with wild cards' if wild else ''} is not part of this "
            "installation"
        ) from None


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


def parse_standard_hand(
    text: str,
    *,
    command: str,
    pack: Pack,
    sizes: tuple[int, ...],
    decks: int = 1,
    used: Iterable[Card] = (),
) -> tuple[Card, ...]:
    """Read a standard-deck hand for ``--rules``: cards of ``pack`` in input order.

    ``Jk`` is a Joker: the first ``Jk`` is ``Jk1``, the next ``Jk2`` (``Jk1`` and ``Jk2`` may be
    written too; ``used``: Jokers another hand already holds); a pack without Jokers (no wild
    set holding them) refuses them. A card may appear ``decks`` times. Raises :class:`~divided.errors.InvalidNotationError` or
    :class:`~divided.errors.InvalidHandError` saying what is wrong.
    """
    has_jokers = JOKER_1 in pack
    cards: list[Card] = []
    for token in text.replace(",", " ").split():
        card = Card.parse(token, jokers="'Jk' for a Joker (with --wild jokers or --wild bug)")
        if card.is_joker and not has_jokers:
            raise InvalidHandError(
                f"{card} is a Joker: a Joker is a card only with a wild set that holds the Jokers "
                "(--wild jokers or --wild bug)"
            )
        cards.append(card)
    named = {card for card in (*cards, *used) if card.is_joker and card.joker_number}
    spare = [joker for joker in (JOKER_1, JOKER_2) if joker not in named]
    for place, card in enumerate(cards):
        if card.is_joker and not card.joker_number:
            if not spare:
                raise InvalidHandError("Jk appears more than twice: the deck has two Jokers, Jk1 and Jk2")
            cards[place] = spare.pop(0)
    for card, times in Counter(cards).items():
        if times > decks:
            if card.is_joker:
                raise InvalidHandError(f"{card} appears more than once; the deck has two Jokers, Jk1 and Jk2")
            raise InvalidHandError(
                f"{card} appears more than once" if decks == 1 else f"{card} appears more than twice (two decks)"
            )
    if len(cards) not in sizes:
        given = f": {' '.join(str(c) for c in cards)}" if cards else ""
        raise InvalidHandError(f"{command!r} takes {_sizes_words(sizes)} cards here, got {len(cards)}{given}")
    return tuple(cards)


def _sizes_words(sizes: tuple[int, ...]) -> str:
    """``5``, ``5 or 6``, ``1 to 7``."""
    if len(sizes) > 2 and sizes == tuple(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return " or ".join(str(size) for size in sizes)


def _standard_object(cards: tuple[Card, ...], hand_rank: HandRank[HandCategory]) -> JsonObject:
    return {
        "cards": [str(card) for card in cards],
        "category": hand_rank.category.slug,
        "label": hand_rank.category.label,
        "strength": hand_rank.order,
        "words": hand_rank.describe(),
    }


def rank_standard_hand(cards: tuple[Card, ...], ranking: System) -> Result:
    """A standard-deck hand's category, strength and words under ``ranking`` (``--rules``)."""
    hand_rank = ranking.rank(cards)
    obj = {**_standard_object(cards, hand_rank), "rules": ranking.name}
    shown = " ".join(str(card) for card in cards)
    return Result(obj, f"{shown}  {hand_rank.describe()}  (strength {hand_rank.order})")


def compare_standard_hands(first: tuple[Card, ...], second: tuple[Card, ...], ranking: System, *, decks: int = 1) -> Result:
    """Which of two standard-deck hands wins under ``ranking``; the sizes may differ (every size
    of one system is in one order, e.g. incomplete high hands).

    Raises :class:`~divided.errors.InvalidHandError` for a card in both hands (more than
    ``decks`` times in all).
    """
    for card, times in Counter((*first, *second)).items():
        if times > decks and card in first and card in second:
            raise InvalidHandError(f"{card} is in both hands" if decks == 1 else f"{card} is in the hands more than twice")
    ranks = [ranking.rank(cards) for cards in (first, second)]
    winner = "tie" if ranks[0] == ranks[1] else "first" if ranks[0] > ranks[1] else "second"
    lines = [
        f"{name + ':':7} {' '.join(str(card) for card in cards)}  {hand_rank.describe()}  (strength {hand_rank.order})"
        for name, cards, hand_rank in zip(("first", "second"), (first, second), ranks, strict=True)
    ]
    lines.append("Tie: the hands are exactly as strong." if winner == "tie" else f"The {winner} hand wins.")
    obj: JsonObject = {
        "rules": ranking.name,
        "first": _standard_object(first, ranks[0]),
        "second": _standard_object(second, ranks[1]),
        "winner": winner,
    }
    return Result(obj, "\n".join(lines))


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
            wanted = _sizes_words(sizes)
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


def _standard(args: argparse.Namespace) -> tuple[System, int] | None:
    """The ``--rules`` system and its number of decks, or ``None`` without ``--rules`` (then
    no ``--rules`` option may be given)."""
    given = [name for name in RULES_OPTIONS if getattr(args, name, None) is not None and getattr(args, name) is not False]
    if args.rules is None:
        if given:
            flags = ", ".join("--" + name.replace("_", "-") for name in given)
            raise RuleOptionError(f"{flags} go{'es' if len(given) == 1 else ''} with --rules (a standard-deck ranking)")
        return None
    ranking = standard_rules(
        args.rules,
        wild=args.wild,
        qualifier=args.qualifier,
        decks=args.decks,
        natural_beats_wild=args.natural_beats_wild,
        double_ace_flush=args.double_ace_flush,
    )
    return ranking, args.decks or 1


def _rank(args: argparse.Namespace) -> Reader:
    standard = _standard(args)
    if standard is not None:
        ranking, decks = standard

        def one_standard(text: str) -> Result:
            cards = parse_standard_hand(text, command="rank", pack=ranking.pack, sizes=ranking.sizes, decks=decks)
            return rank_standard_hand(cards, ranking)

        return ranking.sizes, one_standard
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
    standard = _standard(args)
    if standard is not None:
        ranking, decks = standard

        def one_standard(text: str) -> Result:
            hands: list[tuple[Card, ...]] = []
            for which, part in zip(("first", "second"), split_hands(text), strict=True):
                used = hands[0] if hands else ()
                try:
                    hands.append(
                        parse_standard_hand(
                            part, command="compare", pack=ranking.pack, sizes=ranking.sizes, decks=decks, used=used
                        )
                    )
                except DividedError as error:
                    raise type(error)(f"{which} hand: {error}") from None
            return compare_standard_hands(hands[0], hands[1], ranking, decks=decks)

        return ranking.sizes, one_standard
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


def _add_rules_options(parser: argparse.ArgumentParser, scheme: argparse._MutuallyExclusiveGroup) -> None:
    """``--rules`` (exclusive with ``--game``) and the options that go with it."""
    scheme.add_argument(
        "--rules",
        choices=STANDARD_RULES,
        default=None,
        help="a standard-deck poker ranking instead of a game's: high (1 to 7 cards; fewer than five "
        "is an incomplete hand), a5 (ace-to-five lowball), 27 (deuce-to-seven), a6 (ace-to-six), "
        "six (six-card poker); 5 to 7 cards for the lows (best low five)",
    )
    group = parser.add_argument_group("options of --rules")
    group.add_argument(
        "--wild",
        metavar="SET",
        help=f"wild cards: {', '.join(WILD_NAMES)} or a quoted list of cards, e.g. '2c 2d' (high and the "
        "lows); with jokers or bug, Jk is a Joker (two Jk are the two Jokers)",
    )
    group.add_argument(
        "--qualifier", type=int, metavar="N", help="a5 only: a low must be N-high or lower (8: eight or better)"
    )
    group.add_argument("--decks", type=int, metavar="N", help="six only: 1 (default) or 2 decks")
    group.add_argument(
        "--natural-beats-wild",
        action="store_true",
        help="with --wild: between equal hands, the one with fewer wild cards wins",
    )
    group.add_argument(
        "--double-ace-flush",
        action="store_true",
        help="with --wild: a wild card may be any card, even one already held",
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
            "21-card pack), or standard-deck poker hands (--rules)."
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
    _add_rules_options(rank, scheme)
    rank.set_defaults(handler=_handler(_rank))

    compare = actions.add_parser(
        "compare",
        help="which of two hands wins",
        description=(
            "Say which of two hands of one size of a game wins, or that they tie (--game, "
            f"default {DEFAULT_GAME}; or two standard-deck poker hands under --rules). Give the hands as two quoted arguments ('As Ks Qs' "
            "'Jk Ts Js') or as cards with the word vs between them (As Ks Qs vs Jk Ts Js); with "
            "none, read one comparison per line ('HAND vs HAND') from standard input."
        ),
        epilog=_EPILOG,
    )
    compare.add_argument(
        "cards", nargs="*", metavar="HAND", help="two hands, or cards with 'vs' between the hands"
    )
    compare.add_argument("--json", action="store_true", help="one JSON object per comparison")
    compare_scheme = compare.add_mutually_exclusive_group()
    compare_scheme.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"compare this game's hands (default {DEFAULT_GAME}; games with hands: {', '.join(HANDS.names())})",
    )
    _add_rules_options(compare, compare_scheme)
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

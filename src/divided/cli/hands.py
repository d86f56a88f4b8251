"""``divided hands``: a hand calculator for the 21-card pack.

``divided hands rank CARDS...`` names and scores five cards; ``divided hands arrange CARDS...``
divides ten cards into the best weaker and stronger hand (auto-arrange), or with ``--all`` lists
all 126 divisions, best first. The cards on the command line form one hand; with none, each
non-blank line of standard input is a hand. Output is one line (``--json``: one JSON object) per
hand, in input order. ``docs/cli.md`` describes the formats; the JSON one is a stable interface.

>>> print(rank_hand(parse_hand("Ts Js Qs Ks Jk", size=5, command="rank")).plain)
Ts Js Qs Ks Jk  Royal Flush  (strength 187)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from divided.cards import PACK_21, Card, parse_cards
from divided.errors import DividedError, InvalidHandError
from divided.hands import evaluate_mask
from divided.hands.arrange import Arrangement, Hand, arrange, ranked_splits

JSON_FORMAT_VERSION = 1
"""Version of the JSON output documented in ``docs/cli.md``."""

JsonObject = dict[str, object]


class BatchInputError(DividedError):
    """Some lines of a batch on standard input were not valid hands."""


@dataclass(frozen=True, slots=True)
class HandInput:
    """One hand as given: its cards in input order and their bit mask over the 21-card pack."""

    cards: tuple[Card, ...]
    mask: int


@dataclass(frozen=True, slots=True)
class Result:
    """What is printed for one input: the JSON object and the plain-text form."""

    json: JsonObject
    plain: str


def parse_hand(text: str, *, size: int, command: str) -> HandInput:
    """Read ``size`` distinct cards of the 21-card pack written in the project's notation.

    Raises :class:`~divided.errors.InvalidNotationError` for a token that is not a card and
    :class:`~divided.errors.InvalidHandError` for a card outside the pack, a card given twice
    or the wrong number of cards.
    """
    cards = tuple(parse_cards(text))
    for card in cards:
        if card not in PACK_21:
            raise InvalidHandError(
                f"{card} is not in the 21-card pack "
                "(only 10, J, Q, K, A of each suit and the Joker)"
            )
    mask = PACK_21.mask(cards)  # rejects a card given twice
    if len(cards) != size:
        given = f": {' '.join(str(c) for c in cards)}" if cards else ""
        raise InvalidHandError(f"{command!r} takes exactly {size} cards, got {len(cards)}{given}")
    return HandInput(cards, mask)


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


def rank_hand(given: HandInput) -> Result:
    """Category and strength of five cards (cards shown in input order)."""
    value = evaluate_mask(given.mask)
    cards = [str(card) for card in given.cards]
    obj = hand_object(Hand(given.mask, value)) | {"cards": cards}
    return Result(obj, f"{' '.join(cards)}  {value.category.label}  (strength {value.strength})")


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


def _batch_error(count: int, failed: list[int]) -> BatchInputError:
    shown = ", ".join(str(n) for n in failed[:10]) + (", ..." if len(failed) > 10 else "")
    which = f"line {shown}" if len(failed) == 1 else f"lines {shown}"
    return BatchInputError(f"{len(failed)} of {count} hands could not be read ({which})")


def _handler(
    command: str, size: int, compute: Callable[[HandInput, argparse.Namespace], Result]
) -> Callable[[argparse.Namespace], int]:
    def handle(args: argparse.Namespace) -> int:
        def one(text: str) -> Result:
            return compute(parse_hand(text, size=size, command=command), args)

        if args.cards:
            _emit(one(" ".join(args.cards)), as_json=args.json)
            return 0
        if sys.stdin.isatty():
            print(
                f"reading hands of {size} cards from standard input, one per line "
                "(end with Ctrl-D)",
                file=sys.stderr,
            )
        spaced = bool(getattr(args, "all", False))
        count, failed = _run_batch(sys.stdin, one, as_json=args.json, spaced=spaced)
        if failed:
            raise _batch_error(count, failed)
        return 0

    return handle


def _rank(given: HandInput, args: argparse.Namespace) -> Result:
    return rank_hand(given)


def _arrange(given: HandInput, args: argparse.Namespace) -> Result:
    return arrange_all(given) if args.all else arrange_hand(given)


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
    """Add the ``hands`` sub-command with its ``rank`` and ``arrange`` actions."""
    parser = subparsers.add_parser(
        "hands",
        help="rank and arrange hands of the 21-card pack",
        description="A hand calculator for the 21-card pack (10 to A in four suits and a Joker).",
    )
    actions = parser.add_subparsers(dest="hands_command", metavar="ACTION", required=True)

    rank = actions.add_parser(
        "rank",
        help="category and strength of five cards",
        description="Name and score five-card hands of the 21-card pack.",
        epilog=_EPILOG,
    )
    rank.add_argument("cards", nargs="*", metavar="CARD", help=_CARDS_HELP)
    rank.add_argument("--json", action="store_true", help="one JSON object per hand")
    rank.set_defaults(handler=_handler("rank", 5, _rank))

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
    arrange_parser.set_defaults(handler=_handler("arrange", 10, _arrange))

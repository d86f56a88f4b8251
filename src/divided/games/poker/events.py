"""The public log of a deal: what happened, in order, as everyone at the table saw it.

Every :class:`Event` is public by construction: it holds only cards every seat can see when it
is logged (an up card dealt, a card flipped, discards turned up by open draw's reveal, the hands
shown at the showdown, assigned cards under face-up exposure, the up cards of a split), and
otherwise only counts (cards drawn, cards put in each hand, down cards of each split hand).
Hidden commitments (T15) are logged when the step applies them all together, never before.
So every seat's view carries the whole log. :func:`describe` puts an event in words.

Kinds: ``ante``, ``blind``, ``bring-in`` (``amount``: chips put in), ``fold``, ``check``,
``call`` (``amount``: chips put in), ``bet``, ``raise``, ``complete`` (``amount``: the bet
raised to), each with ``all_in``; ``deal`` (an up card dealt: ``cards``), ``draw``
(``amount``: cards discarded and drawn, 0 standing pat), ``reveal`` (a seat's discards of the
draw turned up: ``cards``), ``assign`` (``counts``: cards put in each of ``hands_named``;
``hands``: those cards, only when they go face up), ``split``/``arrange`` (``hands``: each
hand's up cards, ``counts``: its down cards), ``flip`` (``cards``: the cards turned up), ``show``
(``hands``: every hand of a seat at the showdown), ``pay`` (``amount``: chips paid to draw),
``discard`` (``amount``: cards discarded and not replaced), ``expose`` (``cards``: a kept card
shown for a larger draw), ``take-back`` (``amount``: set-aside cards taken back), ``keep`` (a
take-back declined), ``trash`` (``seat`` ``None``: ``cards``, a card dealt face up to the trash), ``award`` (``seat`` ``None``: pot layer
``pot``, of ``amount`` chips; ``title`` of the award, ``winners`` and the ``chips`` each got). Matches (T18): ``carry`` (pot layer ``pot`` of ``amount`` chips carries),
``token`` (``winners``: the new holder, empty when it returns to the middle), ``owes`` (a seat's
forfeit for the next deal, ``amount``), ``next-deal`` (``amount``: the deal's number, ``chips``:
the chips carried in, ``winners``: the token holder), ``forfeit`` (a forfeit posted as the
ante). ``switch``: nobody opened, the deal turns to ``title`` (J-Lo).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from divided.games.poker.cards import name


@dataclass(frozen=True, slots=True)
class Event:
    """One public event of a deal (see the module text); ``step`` is the variant step's index,
    ``seat`` ``None`` for the table."""

    step: int
    seat: int | None
    kind: str
    amount: int = 0
    all_in: bool = False
    cards: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    counts: tuple[int, ...] = ()
    hands_named: tuple[str, ...] = ()
    pot: int = -1
    title: str = ""
    winners: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()


_SECOND_PERSON = {"antes": "ante", "posts": "post", "brings": "bring", "folds": "fold", "checks": "check",
                  "calls": "call", "bets": "bet", "raises": "raise", "completes": "complete", "draws": "draw",
                  "stands": "stand", "is": "are", "turns": "turn", "puts": "put", "splits": "split",
                  "arranges": "arrange", "shows": "show", "wins": "win",
                  "passes": "pass", "discards": "discard", "bids": "bid", "buys": "buy", "pays": "pay",
                  "keeps": "keep", "says": "say", "takes": "take",
                  "owes": "owe"}


_RULE_WORDS = {"27": "deuce-to-seven lowball", "high": "high"}


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(name(card) for card in cards)


def _chips(amount: int) -> str:
    return f"{amount} chip" + ("" if amount == 1 else "s")


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"Player {seat}"


def _sentence(seat: int, viewer: int | None, verb: str, rest: str) -> str:
    if seat == viewer:
        return f"You {_SECOND_PERSON.get(verb, verb)} {rest}".rstrip()
    return f"Player {seat} {verb} {rest}".rstrip()


def _pot(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def _hand(label: str, up: tuple[int, ...], down: int) -> str:
    parts = [_cards(up)] if up else []
    if down:
        parts.append(f"{down} down")
    return f"{label}: {', '.join(parts) or 'nothing'}"


def _schedule(counts: tuple[int, ...]) -> str:
    """The dealer's call in words: "no draw", "one draw of 3 cards", "draws of 3, 2 and 1 cards"."""
    if not counts:
        return "no draw"
    if len(counts) == 1:
        return f"one draw of {_cards_count(counts[0])}"
    return f"draws of {', '.join(str(c) for c in counts[:-1])} and {counts[-1]} cards"


def _cards_count(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


_DRAW_GAME_TEXTS: dict[str, Callable[[Event], tuple[str, str]]] = {
    "stop": lambda e: ("says", '"I call": the drawing ends'),
    "pass": lambda e: ("passes", ""),
    "discard": lambda e: ("discards", "a card face down" if e.amount == 1 else f"{e.amount} cards face down"),
    "call-draws": lambda e: ("calls", _schedule(e.counts)),
    "bid": lambda e: ("bids", str(e.amount)),
    "buy": lambda e: ("buys", f"the lot for {_chips(e.amount)}") if e.amount else ("takes", "the lot free"),
    "refuse": lambda e: ("pays", f"{_chips(e.amount)} to refuse the lot"),
    "keep": lambda e: ("keeps", f"{_cards_count(e.amount)} of the lot (the rest go face down to the pile)"),
}
"""The words of the draw games' events (issue 30): ``stop`` (Jackpot's "I call"), ``pass``,
``discard`` (``amount`` cards face down, not yet replaced), ``call-draws`` (the dealer's call:
``counts``, the size of each draw), ``lot`` (a table event: the auction's lot turned up,
``cards``), ``bid``
(``amount``), ``buy`` (the lot sold or taken, ``amount`` paid), ``refuse`` (``amount`` paid) and
``keep`` (``amount`` cards kept, which ones hidden)."""


def describe(event: Event, viewer: int | None = None) -> str:
    """``event`` in words for ``viewer`` (``None``: a spectator; the viewer's own seat reads
    "you"). It names only the event's cards, which everyone has seen."""
    kind, amount = event.kind, event.amount
    shove = " (all in)" if event.all_in else ""
    if event.seat is None:
        if kind == "trash":
            return f"{_cards(event.cards)} is dealt face up to the trash"
        if kind == "award":
            names = [_who(seat, viewer) for seat in event.winners]
            how = "uncontested" if event.title == "uncontested" else f"for {event.title}"
            if len(names) == 1:
                who = names[0][0].upper() + names[0][1:]
                verb = "win" if event.winners == (viewer,) else "wins"
                return f"{who} {verb} {_chips(event.chips[0])} from {_pot(event.pot)} {how}"
            who = ", ".join(names[:-1]) + " and " + names[-1]
            each = ", ".join(str(c) for c in event.chips[:-1]) + f" and {_chips(event.chips[-1])}"
            return f"{who[0].upper() + who[1:]} split {_pot(event.pot)} {how}: {each}"
        if kind == "carry":
            if len(event.winners) == 1:
                who = _who(event.winners[0], viewer)
                verb = "win" if event.winners == (viewer,) else "wins"
                return (f"{who[0].upper()}{who[1:]} {verb} the deal; {_pot(event.pot)} ({_chips(amount)}) "
                        "carries to the next deal")
            return f"Nobody wins {_pot(event.pot)} ({_chips(amount)}): it carries to the next deal"
        if kind == "token":
            if not event.winners:
                return "The token returns to the middle"
            return f"{_who(event.winners[0], viewer)[0].upper()}{_who(event.winners[0], viewer)[1:]} " \
                   f"{'take' if event.winners == (viewer,) else 'takes'} the token"
        if kind == "next-deal":
            carried = f"; {_chips(event.chips[0])} carried into the main pot" if event.chips and event.chips[0] else ""
            return f"Deal {amount} of the match{carried}"
        if kind == "switch":
            rule = _RULE_WORDS.get(event.title, event.title)
            return f"Nobody opened: the deal turns to {rule} and the first round is played again"
        if kind == "lot":
            return f"A lot is turned up: {_cards(event.cards)}"
        raise ValueError(f"no table event of kind {kind!r}")
    seat = event.seat
    texts: dict[str, tuple[str, str]] = {
        "ante": ("antes", f"{amount}{shove}"),
        "blind": ("posts", f"a blind of {amount}{shove}"),
        "bring-in": ("brings", f"in for {amount}{shove}"),
        "fold": ("folds", ""),
        "check": ("checks", ""),
        "call": ("calls", f"{amount}{shove}"),
        "bet": ("bets", f"{amount}{shove}"),
        "raise": ("raises", f"to {amount}{shove}"),
        "complete": ("completes", f"to {amount}{shove}"),
        "deal": ("is", f"dealt {_cards(event.cards)} face up"),
        "flip": ("turns", f"up {_cards(event.cards)}"),
        "pay": ("pays", f"{amount} to draw{shove}"),
        "discard": ("discards", f"{amount} without a replacement"),
        "expose": ("shows", f"{_cards(event.cards)} and keeps it"),
        "take-back": ("takes", f"back {amount} set-aside cards for {amount} of the hand"),
        "keep": ("keeps", "the hand (no take-back)"),
    }
    if kind == "keep" and amount:  # the cards kept of an auction's lot (a declined take-back keeps none)
        verb, rest = _DRAW_GAME_TEXTS[kind](event)
        return _sentence(seat, viewer, verb, rest)
    if kind in texts:
        verb, rest = texts[kind]
        return _sentence(seat, viewer, verb, rest)
    if kind == "forfeit":
        return _sentence(seat, viewer, "pays", f"a forfeit of {_chips(amount)} as the ante{shove}")
    if kind == "owes":
        return _sentence(seat, viewer, "owes", f"a forfeit: an ante of {_chips(amount)} next deal")
    if kind in _DRAW_GAME_TEXTS:
        verb, rest = _DRAW_GAME_TEXTS[kind](event)
        return _sentence(seat, viewer, verb, rest)
    if kind == "draw":
        if amount == 0:
            return _sentence(seat, viewer, "stands", "pat")
        return _sentence(seat, viewer, "draws", str(amount))
    if kind == "reveal":
        owner = "Your" if seat == viewer else f"Player {seat}'s"
        return f"{owner} discards are turned up: {_cards(event.cards)}"
    if kind == "assign":
        parts = []
        for label, count, cards in zip(event.hands_named, event.counts, event.hands or ((),) * len(event.counts),
                                       strict=True):
            if count:
                what = _cards(cards) if cards else ("one card" if count == 1 else f"{count} cards")
                parts.append(f"{what} in the {label} hand")
        return _sentence(seat, viewer, "puts", " and ".join(parts))
    if kind in ("split", "arrange"):
        hands = "; ".join(_hand(label, up, down)
                          for label, up, down in zip(event.hands_named, event.hands, event.counts, strict=True))
        verb = "splits" if kind == "split" else "arranges"
        return _sentence(seat, viewer, verb, f"the cards ({hands})")
    if kind == "show":
        shown = "; ".join(f"{label}: {_cards(cards)}" for label, cards in zip(event.hands_named, event.hands, strict=True)
                          if cards)
        return _sentence(seat, viewer, "shows", shown)
    raise ValueError(f"no event of kind {kind!r}")

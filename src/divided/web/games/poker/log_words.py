"""The poker log's words for the events whose meaning depends on the step they belong to.

The engine's event words (:func:`divided.games.poker.events.describe`) see one event alone: a
fee reads "pays 3 to draw" whatever it was paid for, a discard "discards 2 without a
replacement" whether it went to the trash or face up to the table, and a lot's cards are logged
as dealt to a seat before the lot is turned up. The page's log reads each event with its step
(the variant's step the event names) and the event after it, and says what happened in the
game's words: "pays 3 chips to throw away 2 cards", "keeps 2 cards of the lot".
Everything here is built from the public log only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from divided.games.poker import steps
from divided.games.poker.cards import name
from divided.games.poker.events import Event, describe
from divided.games.poker.variant import Step
from divided.games.poker.view import PokerView

SKIP = ""
"""The words of an event the log leaves out (another event says it)."""


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def without_empty_shares(event: Event) -> Event:
    """An award without the seats that got no chip (the fourth hand at 60/30/10 places no share)."""
    if event.kind != "award" or 0 not in event.chips or not any(event.chips):
        return event
    kept = [(seat, chips) for seat, chips in zip(event.winners, event.chips, strict=True) if chips]
    return replace(event, winners=tuple(seat for seat, _ in kept), chips=tuple(chips for _, chips in kept))


def _named(text: str, who: Callable[[int], str]) -> str:
    """The engine's words ("Player 2") with the table's names."""
    return re.sub(r"\b(Player|player) (\d+)", lambda m: who(int(m.group(2))), text)


def _step_of(view: PokerView, event: Event) -> Step | None:
    found = view.config.steps
    return found[event.step] if 0 <= event.step < len(found) else None


def _next(events: Sequence[Event], index: int, event: Event, kinds: tuple[str, ...]) -> Event | None:
    """The event after ``events[index]``, if it is the same seat's at the same step and of ``kinds``."""
    if index + 1 >= len(events):
        return None
    after = events[index + 1]
    if after.seat == event.seat and after.step == event.step and after.kind in kinds:
        return after
    return None


def _sentence(who: str, you: bool, verb: str, rest: str) -> str:
    verb = verb if not you else {"pays": "pay", "throws": "throw", "puts": "put", "keeps": "keep",
                                 "discards": "discard", "sets": "set"}.get(verb, verb)
    return f"{who} {verb} {rest}"


def _thrown(step: Step | None, n: int, cards: Sequence[int]) -> tuple[str, str]:
    """A discard's verb and words at ``step``: into the trash, face up, or not replaced."""
    if isinstance(step, steps.Draw) and step.to == "trash":
        return "puts", ("a card" if n == 1 else f"{n} cards") + " face down in the trash"
    if cards:
        return "throws", "away " + " ".join(name(c) for c in cards) + " face up (nothing replaces " + \
            ("it)" if n == 1 else "them)")
    if not n:
        return "throws", "away nothing"
    if isinstance(step, steps.DiscardRounds):
        return "discards", "a card face down" if n == 1 else f"{n} cards face down"
    return "throws", f"away {_count(n, 'card')} (nothing replaces " + ("it)" if n == 1 else "them)")


def event_words(view: PokerView, events: Sequence[Event], index: int, who: Callable[[int], str],
                me: int) -> tuple[str | None, int]:
    """The words of ``events[index]`` in the page's log, and how many events they tell (the
    event after it too, when the two are one thing: a fee and the draw it paid for, a discard
    and its cards turned up). ``None``: the engine's own words are right; :data:`SKIP`: leave
    the event out (the lot turned up names the cards dealt into it)."""
    event = events[index]
    if event.seat is None:
        if event.kind == "award" and 0 in event.chips and any(event.chips):
            return _named(describe(without_empty_shares(event), me), who), 1
        return None, 1
    step = _step_of(view, event)
    you = event.seat == me
    subject = who(event.seat)
    if event.kind == "deal" and isinstance(step, steps.Auction):
        return SKIP, 1
    if event.kind == "keep" and isinstance(step, steps.Auction):
        return _sentence(subject, you, "keeps", f"{_count(event.amount, 'card')} of the lot; the rest go face down "
                                                "to the pile"), 1
    if event.kind == "pay":
        chips = _count(event.amount, "chip") + (" (all in)" if event.all_in else "")
        paid_for = _next(events, index, event, ("draw", "discard"))
        if paid_for is None:
            return _sentence(subject, you, "pays", f"{chips} for the draw"), 1
        if paid_for.kind == "draw":
            return _sentence(subject, you, "pays", f"{chips} to change {_count(paid_for.amount, 'card')}"), 2
        verb, words = _thrown(step, paid_for.amount, ())
        return _sentence(subject, you, "pays", f"{chips} to {verb.removesuffix('s')} {words}"), 2
    if event.kind == "discard":
        shown = _next(events, index, event, ("reveal",))
        cards = shown.cards if shown is not None and len(shown.cards) == event.amount else ()
        verb, words = _thrown(step, event.amount, cards)
        return _sentence(subject, you, verb, words), 2 if cards else 1
    if event.kind == "draw" and isinstance(step, steps.Draw) and step.set_aside and event.amount:
        return _sentence(subject, you, "sets", f"aside {_count(event.amount, 'card')} and "
                                               f"draw{'' if you else 's'} as many"), 1
    return None, 1

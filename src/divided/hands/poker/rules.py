"""One door to the standard-deck ranking systems: :func:`system` by rule name and options.

========  =================================================================  ==============
rules     the ranking                                                        hand sizes
========  =================================================================  ==============
high      high poker; best five of six or seven; fewer than five cards are   1 to 7
          an incomplete hand
a5        ace-to-five lowball (aces low, straights and flushes ignored),     5 to 7
          optionally with a qualifier (``qualifier=8``: eight or better)
27        deuce-to-seven lowball (aces high, straights and flushes count)    5 to 7
a6        ace-to-six lowball (aces low, straights and flushes count)         5 to 7
six       six-card poker, one deck or two (``decks=2``)                      6
two-high  two cards: a pair beats no pair, then the higher card, the lower   2
two-low   two cards, the exact reverse of ``two-high`` (3-2 best, A-A worst) 2
========  =================================================================  ==============

Wild cards (``wild=``) work with ``high`` and the three low systems: ``"jokers"`` (the two
jokers of the 54-card deck), ``"deuces"``, ``"one-eyed-jacks"`` (J♥ and J♠), ``"bug"`` (the
jokers, each wild only as an ace or to complete a straight or flush; high only), or a list of
cards. Systems are built once and cached: the same arguments give the same object, so its
interned ranks are shared.

>>> system("high") is system("high")
True
>>> system("a6", qualifier=8)
Traceback (most recent call last):
...
divided.errors.RuleOptionError: a qualifier belongs to ace-to-five lowball (rules 'a5'), not to 'a6'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache
from typing import Any

from divided.cards import Card, parse_cards
from divided.errors import RuleOptionError
from divided.hands.value import HandCategory, RankingSystem

RULES = ("high", "a5", "27", "a6", "six", "two-high", "two-low")
"""The rule names :func:`system` takes."""

RULE_TITLES = {
    "high": "high poker",
    "a5": "ace-to-five lowball",
    "27": "deuce-to-seven lowball",
    "a6": "ace-to-six lowball",
    "six": "six-card poker",
    "two-high": "two-card high",
    "two-low": "two-card low",
}
"""Each rule name in words."""

WILD_NAMES = ("jokers", "deuces", "one-eyed-jacks", "bug")
"""The named wild sets; any other ``wild`` is a list of cards."""

QUALIFIERS = range(5, 14)
"""The qualifiers ace-to-five takes: ``8`` is "eight or better" (5 to 13, a five to a king)."""

System = RankingSystem[HandCategory]


def system(
    rules: str = "high",
    *,
    wild: str | Iterable[Card] | None = None,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
    qualifier: int | None = None,
    decks: int = 1,
) -> System:
    """The ranking system for ``rules`` with these options (see the module's table).

    Raises :class:`~divided.errors.RuleOptionError` for an unknown rule, an option the rule
    does not take, or a bad value, naming what is allowed.
    """
    if rules not in RULES:
        raise RuleOptionError(f"unknown rules {rules!r}; choose one of {', '.join(RULES)}")
    if qualifier is not None:
        if rules != "a5":
            raise RuleOptionError(f"a qualifier belongs to ace-to-five lowball (rules 'a5'), not to {rules!r}")
        if isinstance(qualifier, bool) or not isinstance(qualifier, int) or qualifier not in QUALIFIERS:
            raise RuleOptionError(f"the qualifier is the highest card a low may hold, 5 to 13 (8: eight or better); got {qualifier!r}")
    if isinstance(decks, bool) or decks not in (1, 2):
        raise RuleOptionError(f"decks is 1 or 2; got {decks!r}")
    if decks == 2 and rules != "six":
        raise RuleOptionError(f"two decks belong to six-card poker (rules 'six'), not to {rules!r}")
    wild_key = _wild_key(wild)
    if wild_key is None and (natural_beats_wild or double_ace_flush):
        raise RuleOptionError("natural_beats_wild and double_ace_flush need wild cards (wild=...)")
    if wild_key is not None:
        if rules == "six":
            raise RuleOptionError("wild cards work with high and the three low systems, not with six-card poker")
        if rules.startswith("two-"):
            raise RuleOptionError(f"wild cards work with high and the three low systems, not with {rules!r}")
        if wild_key == "bug" and rules != "high":
            raise RuleOptionError(
                "the bug is a high-hand rule; in a low hand a wild joker is simply the best filler (wild='jokers')"
            )
    return _build(rules, wild_key, bool(natural_beats_wild), bool(double_ace_flush), qualifier, decks)


def _wild_key(wild: str | Iterable[Card] | None) -> str | frozenset[Card] | None:
    """A hashable form of ``wild``: a wild-set name or a frozen set of cards."""
    if wild is None:
        return None
    if isinstance(wild, str):
        name = wild.strip().lower()
        if name in WILD_NAMES:
            return name
        try:
            cards = parse_cards(wild)
        except ValueError as error:
            raise RuleOptionError(
                f"wild is one of {', '.join(WILD_NAMES)} or a list of cards; {error}"
            ) from None
        return _wild_cards(cards)
    return _wild_cards(list(wild))


def _wild_cards(cards: list[Card]) -> frozenset[Card]:
    if not cards or not all(isinstance(card, Card) for card in cards):
        raise RuleOptionError("a wild list names one card or more, e.g. '2c 2d'")
    if len(set(cards)) != len(cards):
        raise RuleOptionError("a wild list names each card once")
    return frozenset(cards)


@cache
def _build(
    rules: str,
    wild: str | frozenset[Card] | None,
    natural_beats_wild: bool,
    double_ace_flush: bool,
    qualifier: int | None,
    decks: int,
) -> System:
    if wild is not None:
        make = _part("divided.hands.poker.wild:wild_system")
        built = make(
            rules, wild, natural_beats_wild=natural_beats_wild, double_ace_flush=double_ace_flush, qualifier=qualifier
        )
    elif rules == "high":
        built = _part("divided.hands.poker.high:HIGH")
    elif rules == "six":
        built = _part("divided.hands.poker.six:six_card")(decks)
    elif rules.startswith("two-"):
        built = _part("divided.hands.poker.two:two_card")(rules)
    else:
        built = _part("divided.hands.poker.low:lowball")(rules, qualifier)
    if not isinstance(built, RankingSystem):
        raise TypeError(f"the {rules!r} system is not a ranking system: {built!r}")
    return built


def _part(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)

"""A seat's books (T17): the cards it has not seen, what it knows of each opponent, the pot and
the price of a call; and, on demand, exact draw odds of a five-card hand (:func:`draw_odds`,
by enumeration, up to four cards drawn: not part of :func:`knowledge`, which every view may
ask for). The chance of a qualifying low, odds for drawing five and equities are not here yet
(issue 29 asks for them; the equity bot will bring the batch showdowns they need).

>>> from divided import games
>>> state = games.load("five-card-draw", players=3, first_dealer=0).new_initial_state(seed=2)
>>> books = knowledge(state.observation(state.current_player()))
>>> len(books.unseen), books.pot
(47, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from divided.games.poker import betting
from divided.games.poker.cards import DECK_SIZE, name
from divided.games.poker.view import PokerView
from divided.games.room import JSON


@dataclass(frozen=True, slots=True)
class Opponent:
    """What a seat knows of another: its visible cards per slot, how many it cannot see, how
    many cards it discarded at each draw (-1: did not draw), and whether it folded or is all
    in."""

    seat: int
    visible: tuple[tuple[str, ...], ...]
    hidden: int
    draws: tuple[int, ...]
    folded: bool
    all_in: bool


@dataclass(frozen=True, slots=True)
class PokerBooks:
    """The books of one view: ``unseen`` cards (in the stock, in other hands or face down in the
    pile), each opponent, the pot (every chip put in), the call owed and the pot odds of calling
    (call / (pot + call); ``None`` with nothing to call)."""

    player: int | None
    unseen: tuple[str, ...]
    opponents: tuple[Opponent, ...]
    pot: int
    to_call: int
    pot_odds: Fraction | None

    def to_json(self) -> dict[str, JSON]:
        return {
            "player": self.player, "unseen": list(self.unseen), "pot": self.pot, "to_call": self.to_call,
            "pot_odds": None if self.pot_odds is None else float(self.pot_odds),
            "opponents": [{"seat": o.seat, "visible": [list(v) for v in o.visible], "hidden": o.hidden,
                           "draws": list(o.draws), "folded": o.folded, "all_in": o.all_in} for o in self.opponents],
        }

    def describe(self) -> str:
        lines = [f"Pot {self.pot}" + (f"; {self.to_call} to call (pot odds {float(self.pot_odds):.0%})"
                                      if self.pot_odds is not None else ""),
                 f"{len(self.unseen)} cards unseen"]
        for o in self.opponents:
            shown = " ".join(card for hand in o.visible for card in hand) or "nothing"
            state = "folded" if o.folded else ("all in" if o.all_in else "in")
            lines.append(f"Player {o.seat} ({state}): shows {shown}, {o.hidden} hidden")
        return "\n".join(lines)


def knowledge(view: PokerView) -> PokerBooks:
    """The books of ``view``'s seat (a spectator's books hold the public part only)."""
    seen = 0
    for seat in range(view.num_players):
        for pile in (*view.slots[seat], view.discarded[seat], view.mucked[seat]):
            for card in pile:
                if card is not None:
                    seen |= 1 << card
    for drawn in view.phase.drawn:
        seen |= drawn
    table = view.table
    opponents = []
    for seat in range(view.num_players):
        if seat == view.player:
            continue
        visible = tuple(tuple(name(c) for c in held if c is not None) for held in view.slots[seat])
        hidden = sum(1 for held in view.slots[seat] for c in held if c is None)
        opponents.append(Opponent(seat, visible, hidden, tuple(d[seat] for d in view.draws), not table.live[seat],
                                  table.live[seat] and table.stacks[seat] == 0))
    to_call = 0
    if view.player is not None and table.to_act == view.player and not view.over:
        to_call = betting.options(table, view.config.limits).call
    pot = sum(table.contributed)
    odds = Fraction(to_call, pot + to_call) if to_call else None
    unseen = tuple(name(c) for c in range(DECK_SIZE) if not seen >> c & 1)
    return PokerBooks(view.player, unseen, tuple(opponents), pot, to_call, odds)


CATEGORIES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
              "four-of-a-kind", "straight-flush")
"""The categories of a five-card high hand, weakest first."""

MAX_DRAW_WAYS = 200_000
"""The most draws :func:`draw_odds` enumerates (drawing four of 47: 178,365 ways)."""


def category(cards: tuple[int, ...]) -> str:
    """The category of a five-card high hand of card ints (aces play high or low in a straight).

    >>> from divided.games.poker.cards import parse
    >>> category(parse("As Ah 7d 7c 7h")), category(parse("5d 4c 3h 2s Ad")), category(parse("Kd Qd 9d 4d 2d"))
    ('full-house', 'straight', 'flush')
    """
    ranks = sorted((card // 4 for card in cards), reverse=True)
    groups = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    if straight and flush:
        return "straight-flush"
    if groups[0] == 4:
        return "four-of-a-kind"
    if groups[:2] == [3, 2]:
        return "full-house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if groups[0] == 3:
        return "three-of-a-kind"
    if groups[:2] == [2, 2]:
        return "two-pair"
    return "pair" if groups[0] == 2 else "high-card"


def draw_odds(view: PokerView, discard: tuple[int, ...]) -> dict[str, int] | None:
    """Exact draw odds of a five-card hand: for each category, in how many of the equally
    likely draws (every set of unseen cards of the size discarded) the seat's hand ends in it,
    with ``total`` the number of draws. ``discard`` names cards of the seat's hand. ``None``
    when there are more than :data:`MAX_DRAW_WAYS` draws (drawing five; an equity estimate is
    for the bots). The replacements come from the unseen cards, as the books count them: the
    stock and every hidden card alike (T16 reshuffles keep that true).

    >>> from divided import games
    >>> from divided.games.poker.cards import parse
    >>> from divided.games.poker import actions as act
    >>> state = games.load("five-card-draw", players=2, first_dealer=1).new_initial_state(
    ...     chance=list(parse("As 2c Ah 3c 7d 4c 5c 9h 2h Jd")))
    >>> state.apply_action(act.CALL); state.apply_action(act.CALL)
    >>> odds = draw_odds(state.observation(0), parse("7d 5c 2h"))  # hold a pair, draw three
    >>> odds["total"], odds["two-pair"], odds["three-of-a-kind"], odds["full-house"], odds["four-of-a-kind"]
    (16215, 2592, 1854, 165, 45)
    """
    from itertools import combinations
    from math import comb

    if view.player is None:
        raise ValueError("a spectator has no hand to draw to")
    hand = tuple(card for held in view.slots[view.player] for card in held if card is not None)
    if len(hand) != 5 or not set(discard) <= set(hand) or len(set(discard)) != len(discard):
        raise ValueError(f"discard names cards of the seat's five-card hand; got {discard!r}")
    kept = tuple(card for card in hand if card not in discard)
    seen = 0
    for seat in range(view.num_players):
        for pile in (*view.slots[seat], view.discarded[seat], view.mucked[seat]):
            for card in pile:
                if card is not None:
                    seen |= 1 << card
    for drawn in view.phase.drawn:
        seen |= drawn
    unseen = [card for card in range(DECK_SIZE) if not seen >> card & 1]
    ways = comb(len(unseen), len(discard))
    if ways > MAX_DRAW_WAYS:
        return None
    counts = dict.fromkeys(CATEGORIES, 0)
    for drawn_cards in combinations(unseen, len(discard)):
        counts[category(kept + drawn_cards)] += 1
    return {"total": ways, **counts}

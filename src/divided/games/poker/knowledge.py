"""A seat's books (T17): the cards it has not seen, what it knows of each opponent, the pot and
the price of a call; and, on demand, exact draw odds (:func:`draw_odds`, the ranking library's enumeration in one batch: not
part of :func:`knowledge`, which every view may ask for). The chance of a qualifying low, odds for drawing five and equities are not here yet
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
from divided.games.poker.cards import CARDS, deck_mask, mask_indices, name
from divided.games.poker.view import PokerView
from divided.games.room import JSON
from divided.hands.poker import system
from divided.hands.poker.draws import DrawOdds
from divided.hands.poker.draws import draw_odds as library_draw_odds


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
    pile), each opponent, the pot (every chip put in, and in a match the chips carried in), the call owed and the pot odds of calling
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


def _seen(view: PokerView) -> int:
    """The cards the view shows (its seat's own, up cards, face-up discards) as a mask."""
    seen = 0
    for seat in range(view.num_players):
        for pile in (*view.slots[seat], view.discarded[seat], view.mucked[seat]):
            for card in pile:
                if card is not None:
                    seen |= 1 << card
    for drawn in view.phase.drawn:
        seen |= drawn
    for pile in (*view.aside, view.trash):
        for card in pile:
            if card is not None:
                seen |= 1 << card
    return seen


def knowledge(view: PokerView) -> PokerBooks:
    """The books of ``view``'s seat (a spectator's books hold the public part only)."""
    seen = _seen(view)
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
    pot = sum(table.contributed) + (view.match.carried if view.match is not None and not view.settled else 0)
    odds = Fraction(to_call, pot + to_call) if to_call else None
    unseen = tuple(name(c) for c in mask_indices(deck_mask(view.config.deck) & ~seen))
    return PokerBooks(view.player, unseen, tuple(opponents), pot, to_call, odds)


def draw_odds(view: PokerView, discard: tuple[int, ...], rules: str = "high") -> DrawOdds:
    """Exact draw odds for the view's seat discarding ``discard`` (cards of its hand): every set
    of replacements from the cards it has not seen, counted by the final hand's category under
    the ranking ``rules`` (``"high"``, ``"a5"``...; :func:`divided.hands.poker.draws.draw_odds`,
    which enumerates up to a few million draws in one batch: drawing five of 47 included).
    The replacements come from the unseen cards as the books count them: the stock and every
    hidden card alike (T16 reshuffles keep that true).

    >>> from divided import games
    >>> from divided.games.poker.cards import parse
    >>> from divided.games.poker import actions as act
    >>> state = games.load("five-card-draw", players=2, first_dealer=1).new_initial_state(
    ...     chance=list(parse("As 2c Ah 3c 7d 4c 5c 9h 2h Jd")))
    >>> state.apply_action(act.CALL); state.apply_action(act.CALL)
    >>> odds = draw_odds(state.observation(0), parse("7d 5c 2h"))  # hold a pair, draw three
    >>> odds.ways, odds.count("Two Pair"), odds.count("Three of a Kind"), odds.count("Full House")
    (16215, 2592, 1854, 165)
    """
    if view.player is None:
        raise ValueError("a spectator has no hand to draw to")
    hand = tuple(card for held in view.slots[view.player] for card in held if card is not None)
    if not set(discard) <= set(hand) or len(set(discard)) != len(discard):
        raise ValueError(f"discard names cards of the seat's hand; got {discard!r}")
    kept = [CARDS[card] for card in hand if card not in discard]
    seen = _seen(view)
    unseen = [CARDS[card] for card in mask_indices(deck_mask(view.config.deck) & ~seen)]
    return library_draw_odds(kept, unseen, len(discard), system(rules))

"""What a player knows of a Card Commons round (the books), from their view alone.

*Known* means certain (as in Divided Ranks' ruling R7): a card is in a place for a player if it
is there in every world consistent with what they have observed. *Odds* count every consistent
world once, where a world is a deal together with the opponent's hidden choices (which card
they reserved, which two they discarded); nothing here models how an opponent tends to play.

Within a round every card the player has not seen is exchangeable with every other: any
placement of the unseen cards into the unseen places (the draw pile, the card set aside, the
opponent's hand, their reserved card, their discards) is reached by as many deals and choices
as any other, since renaming unseen cards maps the deals and choices of one placement onto
those of another. (The opponent's offered cards are seen, and every order of arrival that
makes their turns legal for one placement makes them legal for the renamed one.) So an unseen
card is in a place with probability (unseen slots there) / (unseen cards), and
``tests/games/card_commons/test_knowledge.py`` checks this against a brute-force enumeration
of the worlds of late positions. Past rounds' cards are dealt afresh each round and are not
part of the books.

The player's own Collection is marked with what the opponent has seen of it (the face-up cards;
the reserved card they have not); the opponent's Collection is what the player sees of it (the
face-up cards, and the reserved card as a back). A spectator's books hold only public facts.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> books = knowledge(state.observation(1))
>>> books.slots
{'draw pile': 7, 'set aside': 1, "opponent's hand": 7}
>>> books.unaccounted[0]["opponent's hand"]
Fraction(7, 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from divided.cards import PACK_21, mask_indices
from divided.games.card_commons.history import History, read_history
from divided.games.card_commons.state import ALL_CARDS, Phase
from divided.games.card_commons.view import PlayerView
from divided.games.room import JSON

PILE = "draw pile"
"""The cards not yet placed this round (during the deal, also the cards still to be dealt)."""
ASIDE = "set aside"


def hand_place(seat: int | None) -> str:
    """The name of a hand among the places: the opponent's (``None``) or a seat's."""
    return "opponent's hand" if seat is None else f"player {seat}'s hand"


def reserved_place(seat: int | None) -> str:
    return "opponent's reserved card" if seat is None else f"player {seat}'s reserved card"


def discards_place(seat: int | None) -> str:
    return "opponent's discards" if seat is None else f"player {seat}'s discards"


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The books of one player (or a spectator: ``player`` is ``None``) in the current round.
    Card sets are masks over the 21-card pack.

    ``hand``, ``reserved`` and ``discards`` are the player's own (0 for a spectator);
    ``face_up[p]`` each seat's face-up Collection cards (seen by both: the player's own are
    the Collection cards the opponent has seen, the reserved card the one they have not);
    ``has_reserved[p]`` whether seat ``p`` has reserved a card this round (the opponent's
    shows as a back) and ``revealed[p]`` its reserved card once the showdown shows it (else 0);
    ``hand_sizes`` both hands' sizes. ``slots`` counts the unseen cards in each place;
    ``unaccounted`` gives every card whose place the player cannot see the probability of each
    place it could be in (1 when a single place holds all unseen cards).

    These are the game room's :class:`~divided.games.room.Books` (:meth:`to_json`,
    :meth:`describe`).
    """

    player: int | None
    round: int
    hand: int
    reserved: int
    discards: int
    face_up: tuple[int, int]
    has_reserved: tuple[bool, bool]
    revealed: tuple[int, int]
    hand_sizes: tuple[int, int]
    slots: dict[str, int]
    unaccounted: dict[int, dict[str, Fraction]]

    @property
    def collection(self) -> int:
        """The player's own Collection (0 for a spectator)."""
        return 0 if self.player is None else self.reserved | self.face_up[self.player]

    def to_json(self) -> dict[str, JSON]:
        """The books for the web app's knowledge panel: cards in the project's notation (pack
        order), chances as floats.

        ``mine`` (a player's only): ``hand``, ``collection`` with ``seen_by_opponent`` (its
        face-up cards) and ``hidden_from_opponent`` (the reserved card), ``discards``;
        ``seats``: per seat its ``face_up`` cards, ``reserved`` (``null`` none, ``"back"``
        reserved but unseen, else the card) and ``hand_size``; ``places`` the unseen slots per
        place; ``unaccounted`` each unseen card with its ``places`` probabilities.
        """
        seats: list[JSON] = []
        for seat in (0, 1):
            reserved: JSON = None
            if self.has_reserved[seat]:
                shown = self.reserved if seat == self.player else self.revealed[seat]
                reserved = _names(shown)[0] if shown else "back"
            seats.append({"face_up": _names(self.face_up[seat]), "reserved": reserved,
                          "hand_size": self.hand_sizes[seat]})
        out: dict[str, JSON] = {
            "player": self.player,
            "round": self.round,
            "seats": seats,
            "places": {place: n for place, n in self.slots.items()},
            "unaccounted": [
                {"card": str(PACK_21[c]), "places": {place: float(p) for place, p in places.items()}}
                for c, places in sorted(self.unaccounted.items())
            ],
        }
        if self.player is not None:
            out["mine"] = {
                "hand": _names(self.hand),
                "collection": _names(self.collection),
                "seen_by_opponent": _names(self.face_up[self.player]),
                "hidden_from_opponent": _names(self.reserved),
                "discards": _names(self.discards),
            }
        return out

    def describe(self) -> str:
        """The books as plain text (cards in the project's notation)."""
        fmt = PACK_21.format_mask
        lines = []
        if self.player is not None:
            me, them = self.player, 1 - self.player
            mine = [f"{PACK_21[c]}*" for c in mask_indices(self.face_up[me])]
            mine += [f"{PACK_21[c]} (reserved)" for c in mask_indices(self.reserved)]
            lines.append(f"Your Collection (* = your opponent has seen it): {' '.join(mine) or '-'}")
            lines.append(f"Your hand: {fmt(self.hand) or '-'}"
                         + (f"; your discards: {fmt(self.discards)}" if self.discards else ""))
            seats = [them]
        else:
            seats = [0, 1]
        for seat in seats:
            who = "Their" if self.player is not None else f"Player {seat}'s"
            shown = fmt(self.face_up[seat])
            if self.has_reserved[seat]:
                back = fmt(self.revealed[seat]) + " (reserved)" if self.revealed[seat] else "## (reserved)"
                shown = f"{shown} {back}".strip()
            lines.append(f"{who} Collection: {shown or '-'}; hand: {self.hand_sizes[seat]} cards")
        if self.unaccounted:
            parts = []
            for card, places in sorted(self.unaccounted.items()):
                where = ", ".join(f"{place} {float(p):.0%}" for place, p in places.items())
                parts.append(f"{PACK_21[card]} ({where})")
            lines.append("Unaccounted for: " + "; ".join(parts))
        return "\n".join(lines)


def _names(mask: int) -> list[JSON]:
    return [str(PACK_21[c]) for c in mask_indices(mask)]


def unseen_slots(view: PlayerView, past: History | None = None) -> tuple[int, dict[str, int]]:
    """The cards of the current round ``view``'s player has not seen (mask) and how many of them
    each place holds (places with none left out). Raises :class:`ValueError` if they do not
    balance (a view no state of the game gives)."""
    past = past if past is not None else read_history(view)
    if not past.rounds:  # before the coin: nothing is dealt
        return ALL_CARDS, {PILE: PACK_21.size}
    played = past.current
    number = played.number
    unseen = ALL_CARDS & ~past.seen(number)
    if view.phase == Phase.DEAL and view.hand_sizes == (0, 0):
        return unseen, {PILE: unseen.bit_count()}  # nothing has reached a hand: see the module text
    dealing = view.phase == Phase.DEAL
    placed = 1 + sum(view.hand_sizes) if dealing else None
    sizes = view.hand_sizes if view.phase != Phase.OVER else (0, 0)
    slots: dict[str, int] = {PILE: PACK_21.size - placed if placed is not None else view.pile_size, ASIDE: 1}
    seats = (0, 1) if view.player is None else (1 - view.player,)
    for seat in seats:
        name = None if view.player is not None else seat
        slots[hand_place(name)] = sizes[seat]
        if played.reserved(seat) is None:
            slots[reserved_place(name)] = 1
        if played.discards(seat) is None:
            slots[discards_place(name)] = 2
    slots = {place: n for place, n in slots.items() if n}
    if sum(slots.values()) != unseen.bit_count():
        raise ValueError(f"inconsistent view: {unseen.bit_count()} unseen cards for the places {slots}")
    return unseen, slots


def knowledge(view: PlayerView) -> Knowledge:
    """The books of the player (or spectator) whose view this is."""
    past = read_history(view)
    unseen, slots = unseen_slots(view, past)
    total = unseen.bit_count()
    odds = {place: Fraction(n, total) for place, n in slots.items()}
    unaccounted = {card: dict(odds) for card in mask_indices(unseen)}
    has_reserved = (False, False)
    revealed = (0, 0)
    if past.rounds:
        played = past.current
        has_reserved = (played.reserved(0) != 0, played.reserved(1) != 0)
        if played.result is not None:
            revealed = (played.reserved(0) or 0, played.reserved(1) or 0)
    face_up = view.face_up
    if view.phase == Phase.OVER and past.rounds:  # the state keeps the last round's Collections
        face_up = (past.current.face_up(0), past.current.face_up(1))
    return Knowledge(
        player=view.player, round=view.round, hand=view.hand, reserved=view.reserved, discards=view.discards,
        face_up=face_up, has_reserved=has_reserved, revealed=revealed, hand_sizes=view.hand_sizes,
        slots=slots, unaccounted=unaccounted,
    )


__all__ = ["ASIDE", "PILE", "Knowledge", "discards_place", "hand_place", "knowledge", "reserved_place",
           "unseen_slots"]

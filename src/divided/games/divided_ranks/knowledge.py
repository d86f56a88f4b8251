"""What a player knows (the game keeps the books), derived from their view alone (ruling R7).

*Known* means certain: a card is placed only if it is in that place in every state consistent
with what the player has observed. *Odds* count every consistent placement of the cards as
equally likely; nothing here models how an opponent tends to play.

How the consistent states are found:

* **During the draft** every card the player has seen has a certain place (nothing moves
  unseen once seen), and every unseen card could be in any unseen slot: the opponent's
  hidden cards, the reserve, the stock, or the pair(s) on the table the player has not seen.
  Each consistent placement is equally likely, so an unseen card is in a zone with
  probability (slots in that zone) / (unseen cards). A zone with a slot for every unseen
  card holds them all for certain: once a player has seen twenty cards, the last is the
  reserve.
* **From the reserve on** the stock is empty, so a consistent state is fixed by which card is
  the reserve (the opponent holds the other ten the player cannot see). The set of
  possible reserve cards starts as the unseen cards and is filtered through the observed
  reserve decisions: a swap the player made or watched face up pins the reserve to the card
  given; a blind swap by the opponent makes it any card the opponent could have held.
* The cards of the player's hand that the **opponent can count on** come from running the
  same reasoning over what the opponent observed, which the player can reconstruct: the
  opponent's own hand never matters for it.

>>> from divided import games
>>> state = games.load("divided-ranks", first_splitter=0).new_initial_state(seed=3)
>>> books = knowledge(state.observation(1))
>>> len(books.unaccounted), books.opponent_unknown
(21, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from divided.cards import PACK_21, mask_indices
from divided.games.divided_ranks.history import History, read_history
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, Phase
from divided.games.divided_ranks.view import PlayerView, SeenReserve
from divided.games.room import JSON
from divided.hands.arrange import best_key, packed_key_table


class Place(StrEnum):
    """Where a card can be."""

    MY_HAND = "my hand"
    OPPONENT_HAND = "opponent's hand"
    RESERVE = "reserve"
    STOCK = "stock"
    TABLE = "on the table"


@dataclass(frozen=True, slots=True)
class SwapOdds:
    """For one reserve option (``give`` is a card index, or ``None`` for keep): the chance that
    the player's auto-arranged result gets better, stays the same, or gets worse."""

    give: int | None
    better: Fraction
    same: Fraction
    worse: Fraction


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The books of one player at one moment. Card sets are masks over the 21-card pack.

    ``marked``: cards of the player's hand the opponent can count on (watched arrive).
    ``opponent_known``: cards certainly in the opponent's hand; ``opponent_unknown`` how many
    of the opponent's cards the player cannot name. ``reserve``: the reserve card, once certain.
    ``unaccounted``: every card whose place is not certain, with the probability of each place
    it could be in. ``reserve_odds``: the probability of each card being the reserve (empty
    once the reserve is certain, or gone). ``swap_odds``: at the player's own reserve decision,
    each option's chances.

    ``watched``: the cards the player saw go into the opponent's hand (in the draft, or taken
    face up at the reserve), whether or not they are still there: each one is certainly
    there if in ``opponent_known``, else still there with chance
    ``unaccounted[card][Place.OPPONENT_HAND]`` (absent: it is known to have left).
    ``worked_out``: the cards whose place is certain (in ``opponent_known``, or the
    ``reserve``) although the player never saw them in that place: known by deduction only.

    These are the game room's :class:`~divided.games.room.Books` (:meth:`to_json`,
    :meth:`describe`).
    """

    player: int
    hand: int
    marked: int
    opponent_known: int
    opponent_unknown: int
    reserve: int | None
    unaccounted: dict[int, dict[Place, Fraction]]
    reserve_odds: dict[int, Fraction]
    swap_odds: tuple[SwapOdds, ...]
    watched: int
    worked_out: int

    def to_json(self) -> dict[str, JSON]:
        """The books as the web app's knowledge panel shows them: cards in the project's
        notation (pack order), chances as floats.

        ``hand`` and ``marked`` (cards of it the opponent can count on); ``opponent``:
        ``known`` cards (``seen`` there or ``worked_out``), ``watched`` cards that may still be
        there with the chance they are (1 when certain), ``unknown`` (how many cannot be named),
        ``unseen`` (how many at least were never seen going there) and ``size``; ``reserve``:
        the card once certain and whether it was ``worked_out``; ``unaccounted``,
        ``reserve_odds`` and ``swap_odds`` as the fields of this class.
        """
        size = self.opponent_known.bit_count() + self.opponent_unknown
        certain = self.opponent_known
        maybe = [(c, float(self.unaccounted[c].get(Place.OPPONENT_HAND, Fraction(0))))
                 for c in mask_indices(self.watched & ~certain) if c in self.unaccounted]
        watched = [(c, 1.0) for c in mask_indices(self.watched & certain)]
        watched += [(c, p) for c, p in maybe if p > 0]
        watched.sort()
        return {
            "hand": _names(self.hand),
            "marked": _names(self.marked & self.hand),
            "opponent": {
                "known": _names(certain),
                "seen": _names(certain & ~self.worked_out),
                "worked_out": _names(certain & self.worked_out),
                "watched": [{"card": str(PACK_21[c]), "p": p} for c, p in watched],
                "unknown": self.opponent_unknown,
                "unseen": max(0, size - certain.bit_count() - sum(1 for _, p in maybe if p > 0)),
                "size": size,
            },
            "reserve": {
                "known": None if self.reserve is None else str(PACK_21[self.reserve]),
                "worked_out": self.reserve is not None and bool(self.worked_out >> self.reserve & 1),
            },
            "unaccounted": [
                {"card": str(PACK_21[c]), "places": {str(place): float(p) for place, p in places.items()}}
                for c, places in sorted(self.unaccounted.items())
            ],
            "reserve_odds": [{"card": str(PACK_21[c]), "p": float(p)}
                             for c, p in sorted(self.reserve_odds.items())],
            "swap_odds": [
                {"give": None if odds.give is None else str(PACK_21[odds.give]),
                 "better": float(odds.better), "same": float(odds.same), "worse": float(odds.worse)}
                for odds in self.swap_odds
            ],
        }

    def describe(self) -> str:
        """The books as plain text (cards in the project's notation)."""
        fmt = PACK_21.format_mask
        marked = " ".join(
            f"{PACK_21[c]}*" if self.marked >> c & 1 else str(PACK_21[c]) for c in mask_indices(self.hand)
        )
        seen_there = self.opponent_known & ~self.worked_out
        theirs = [f"{fmt(seen_there)} (seen)" if seen_there else "",
                  f"{fmt(self.opponent_known & self.worked_out)} (worked out)"
                  if self.opponent_known & self.worked_out else "",
                  " ".join(["##"] * self.opponent_unknown)]
        lines = [
            f"Your hand (* = your opponent knows you hold it): {marked or '-'}",
            f"Their hand: {', '.join(part for part in theirs if part) or '-'}",
        ]
        maybe = [c for c in mask_indices(self.watched) if c in self.unaccounted]
        if maybe:
            lines.append("Seen going to them, perhaps given back since: " + ", ".join(
                f"{PACK_21[c]} ({float(self.unaccounted[c][Place.OPPONENT_HAND]):.0%} still there)"
                for c in maybe))
        if self.reserve is not None:
            how = "worked out" if self.worked_out >> self.reserve & 1 else "seen"
            lines.append(f"The reserve is {PACK_21[self.reserve]} ({how}).")
        if self.unaccounted:
            parts = []
            for card, places in sorted(self.unaccounted.items()):
                where = ", ".join(f"{place} {float(p):.0%}" for place, p in places.items())
                parts.append(f"{PACK_21[card]} ({where})")
            lines.append("Unaccounted for: " + "; ".join(parts))
        if self.swap_odds:
            lines.append("At the reserve (chance your auto-arranged result gets better / worse):")
            for odds in self.swap_odds:
                name = "keep" if odds.give is None else f"give {PACK_21[odds.give]}"
                lines.append(f"  {name:>9}: better {float(odds.better):.0%}, worse {float(odds.worse):.0%}")
        return "\n".join(lines)


def knowledge(view: PlayerView) -> Knowledge:
    """The books of the player whose view this is."""
    me, them = view.seat, view.opponent
    hand = view.hand
    past = read_history(view)
    seen, theirs, mine_seen_by_them = _draft_books(view, past)
    watched = theirs | past.taken_at_reserve(them)
    if view.outcome is not None:  # the showdown shows both holdings
        (weak_a, strong_a), (weak_b, strong_b) = view.outcome.hands
        holdings = (weak_a | strong_a, weak_b | strong_b)
        reserve = _single(ALL_CARDS ^ holdings[0] ^ holdings[1])
        return Knowledge(me, hand, hand, holdings[them], 0, reserve, {}, {}, (), watched,
                         _worked_out(past, 0, reserve, watched))
    if view.phase in (Phase.RESERVE, Phase.BUILD):
        return _reserve_books(view, past, seen, mine_seen_by_them, watched)
    unseen = ALL_CARDS ^ seen
    dealing = view.phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN, Phase.DEAL)
    slots = {
        Place.OPPONENT_HAND: view.hand_sizes[them] - theirs.bit_count(),
        Place.RESERVE: 1,
        Place.STOCK: PACK_21.size - 1 if dealing else view.stock_size,
        Place.TABLE: _unseen_on_table(view),
    }
    total = unseen.bit_count()
    if total != sum(slots.values()):  # the view is inconsistent with the rules
        raise AssertionError(f"books do not balance: {total} unseen cards, slots {slots}")
    opponent_known, reserve = theirs, None
    unaccounted: dict[int, dict[Place, Fraction]] = {}
    reserve_odds: dict[int, Fraction] = {}
    certain = [place for place, n in slots.items() if n == total]
    if certain:  # one zone holds every unseen card (while drafting: the last one, the reserve)
        (place,) = certain
        if place == Place.RESERVE:
            reserve = _single(unseen)
        elif place == Place.OPPONENT_HAND:
            opponent_known |= unseen
        else:  # the reserve always has a slot, so the stock or table never holds them all
            raise AssertionError(f"books do not balance: {total} unseen cards, slots {slots}")
    else:
        odds = {place: Fraction(n, total) for place, n in slots.items() if n}
        unaccounted = {card: dict(odds) for card in mask_indices(unseen)}
        reserve_odds = {card: odds[Place.RESERVE] for card in unaccounted}
    return Knowledge(
        me, hand, hand & mine_seen_by_them, opponent_known,
        view.hand_sizes[them] - opponent_known.bit_count(), reserve, unaccounted, reserve_odds, (),
        watched, _worked_out(past, opponent_known, reserve, watched),
    )


def _worked_out(past: History, opponent_known: int, reserve: int | None, watched: int) -> int:
    """Cards placed with certainty that the viewer never saw in that place: the opponent's
    cards not watched arriving, and the reserve unless the viewer saw it given (by their own
    swap, or a face-up one) after which no swap took it."""
    out = opponent_known & ~watched
    if reserve is not None:
        last_gift = None
        for event in past.reserve:
            if event.swapped:
                last_gift = event.gave  # None when the viewer did not see the card given
        if last_gift != reserve:
            out |= 1 << reserve
    return out


def _names(mask: int) -> list[JSON]:
    """The cards of ``mask`` in notation, in pack order."""
    return [str(PACK_21[c]) for c in mask_indices(mask)]


def _single(mask: int) -> int | None:
    return mask.bit_length() - 1 if mask.bit_count() == 1 else None


def _unseen_on_table(view: PlayerView) -> int:
    """Cards out of the stock for the current split that the viewer has not seen."""
    if view.phase == Phase.SPLIT and view.drawn == 0:
        return 4  # the opponent is looking at four cards
    if view.phase == Phase.CHOOSE and view.offer_face_down == 0:
        return 2  # the face-down pair on offer
    return 0


def _draft_books(view: PlayerView, past: History) -> tuple[int, int, int]:
    """From the draft's observed events: (cards the viewer had seen by the end of the draft,
    cards certainly in the opponent's hand then, cards of the viewer's draft hand that the
    opponent watched arrive)."""
    me = view.seat
    seen = past.draft_hand | view.drawn | view.offer | view.offer_face_down
    theirs = 0
    seen_by_them = 0
    for played in past.rounds:
        seen |= played.seen
        if not played.is_finished:
            continue
        face_up, face_down = played.face_up, played.face_down
        if played.chooser == me:
            # I took one pair and the splitter, who saw all four, kept the other.
            mine = face_up if played.took_face_up else face_down
            assert mine is not None
            seen_by_them |= mine
            if not played.took_face_up:
                theirs |= face_up
        else:
            assert face_down is not None  # I split it, so I saw it
            if played.took_face_up:
                theirs |= face_up  # I keep the face-down pair, which they never see
            else:
                theirs |= face_down
                seen_by_them |= face_up
    return seen, theirs, seen_by_them


_RESERVE_TOKEN = -1  # "the card that was in the reserve", in reasoning about unseen cards
_THEIR_GIFT = -2  # "the card the opponent gave", when the player did not see it


def _possible_reserves(
    candidates: set[int], others: set[int], events: list[SeenReserve], viewer: int,
    face_up: bool,
) -> set[int]:
    """Filter one side's possible reserve cards through the reserve decisions, in order.

    ``candidates`` are the cards the viewer could not place when the draft ended (any of them
    may be the reserve); ``others`` every card the viewer did not hold then. Cards the viewer
    cannot name are tokens (negative numbers): the original reserve, or a gift not seen. For
    each swap the card taken is the current reserve. If the viewer made or saw the swap, the
    reserve is now the card given; a blind swap by the other side makes it any card the other
    side could have held. A taken card that becomes known replaces its token.
    """
    current = _RESERVE_TOKEN
    for event in events:
        if not event.swapped:
            continue
        gave = event.gave if event.gave is not None else _THEIR_GIFT
        if event.player == viewer:
            taken = event.took if event.took is not None else current
            others = (others - {taken}) | {gave}
            candidates = {gave}
        else:
            candidates = {gave} if face_up else set().union(*(others - {was} for was in candidates))
            if event.took is not None:
                took = event.took
                candidates = {took if c == current else c for c in candidates}
                others = {took if c == current else c for c in others}
        current = gave
    return candidates


def _reserve_books(view: PlayerView, past: History, seen: int, mine_seen_by_them: int,
                   watched: int) -> Knowledge:
    me, them = view.seat, view.opponent
    draft_hand = past.draft_hand
    events = list(past.reserve)
    face_up = view.options.face_up_swap
    # My reasoning: when the draft ended, any card I had not seen could be the reserve.
    candidates = _possible_reserves(
        set(mask_indices(ALL_CARDS ^ seen)), set(mask_indices(ALL_CARDS ^ draft_hand)),
        events, me, face_up,
    )
    candidate_mask = sum(1 << c for c in candidates if c >= 0)
    assert len(candidates) == candidate_mask.bit_count(), "a possible reserve card went unnamed"
    opponent_known = ALL_CARDS ^ view.hand ^ candidate_mask
    n = len(candidates)
    unaccounted: dict[int, dict[Place, Fraction]] = {}
    reserve_odds: dict[int, Fraction] = {}
    if n > 1:
        for card in sorted(candidates):
            unaccounted[card] = {Place.OPPONENT_HAND: Fraction(n - 1, n), Place.RESERVE: Fraction(1, n)}
            reserve_odds[card] = Fraction(1, n)
    # The opponent's reasoning about my cards, rebuilt from what they saw: when the draft
    # ended they could not place the reserve nor my cards they never saw arrive. Their own
    # take is the reserve token; their gift is a real card only if I saw it.
    their_candidates = set(mask_indices(draft_hand & ~mine_seen_by_them)) | {_RESERVE_TOKEN}
    their_others = set(mask_indices(draft_hand)) | {_RESERVE_TOKEN}
    as_they_saw = [e if e.player == me else SeenReserve(e.player, e.swapped, e.gave, None)
                   for e in events]
    their_possible = _possible_reserves(their_candidates, their_others, as_they_saw, them, face_up)
    marked = sum(1 << c for c in mask_indices(view.hand) if c not in their_possible)
    swap_odds: tuple[SwapOdds, ...] = ()
    if view.phase == Phase.RESERVE and view.current_player == me:
        swap_odds = swap_chances(view.hand, candidates, view.options.scoring)
    reserve = _single(candidate_mask)
    return Knowledge(
        me, view.hand, marked, opponent_known, view.hand_sizes[them] - opponent_known.bit_count(),
        reserve, unaccounted, reserve_odds, swap_odds,
        watched, _worked_out(past, opponent_known, reserve, watched),
    )


def swap_chances(hand: int, reserve_candidates: set[int] | frozenset[int],
                 scoring: Scoring = Scoring.CATEGORIES_FIRST) -> tuple[SwapOdds, ...]:
    """For keep and for giving each card of ``hand``: the chance the best result improves,
    stays, or worsens, with every candidate reserve card equally likely."""
    best_key(hand, scoring)  # checks the holding
    keys = packed_key_table(scoring)
    before = keys[hand]
    n = len(reserve_candidates)
    out = [SwapOdds(None, Fraction(0), Fraction(1), Fraction(0))]
    for give in mask_indices(hand):
        better = worse = 0
        for card in reserve_candidates:
            after = keys[hand ^ (1 << give) | (1 << card)]
            better += after > before
            worse += after < before
        out.append(SwapOdds(give, Fraction(better, n), Fraction(n - better - worse, n), Fraction(worse, n)))
    return tuple(out)

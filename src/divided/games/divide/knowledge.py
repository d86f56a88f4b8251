"""What a player knows of a DIVIDE game (the books), from their view alone.

*Known* means certain: the player's own hand, commit and pass, the cards passed to them, every
card played (by trick), the voids shown by failing to follow this round (see
:mod:`~divided.games.divide.history`), the cards they passed that the receiver still holds, the
token line as revealed (and the multiset of values still face down), the Trump Rank, the
scores, the 5-value tokens and the tricks led.

*Odds* are exact and count every consistent placement of the unseen cards once, as
:mod:`~divided.games.divide.deals` states (R7's reading; no model of how anyone chooses): for
each card the player cannot see, the probability of each place it can be in (another player's
hand, a face-down commit, a pass in transit, the undealt cards). A spectator's books hold only
public facts, every hand being a place.

>>> from divided import games
>>> state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
>>> books = knowledge(state.observation(1))
>>> books.places["undealt"], books.places["player 2's hand"]
(16, 9)
>>> books.odds[books.unseen[0]]["player 0's hand"]
Fraction(9, 43)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from divided.cards import mask_indices
from divided.games.divide import actions as act
from divided.games.divide.deals import solve, unseen_of
from divided.games.divide.history import Trick
from divided.games.divide.state import TOKENS
from divided.games.divide.tricks import SUIT_NAMES, card_text, rank_name
from divided.games.divide.view import PlayerView
from divided.games.room import JSON


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The books of one player (``player`` ``None``: a spectator) in the round in play. Card sets
    are masks over the 54-card deck, cards its indices.

    ``passed``: the viewer's (left, right) cards this round (-1 none); ``received``: the cards
    received from the right neighbour (its left pass) and from the left neighbour (-1 unknown);
    ``tricks``: this round's tricks (the one in play last); ``voids[s]``: suits seat ``s`` lacks
    (mask); ``known_in_hand[s]``: cards the viewer passed to ``s`` still in its hand; ``line``:
    the token line (0 face down) and ``face_down`` the values still face down (a multiset);
    ``places``: how many unseen cards each place holds; ``odds``: each unseen card's
    probability of each place; ``deals``: how many placements are consistent.
    """

    player: int | None
    num_players: int
    round: int
    trick: int
    hand: int
    commit: int
    passed: tuple[int, int]
    received: tuple[int, int]
    hand_sizes: tuple[int, ...]
    tricks: tuple[Trick, ...]
    voids: tuple[int, ...]
    known_in_hand: dict[int, int]
    line: tuple[int, ...]
    face_down: dict[int, int]
    current_token: int
    trump: int | None
    round_points: tuple[int, ...]
    scores: tuple[int, ...]
    fives: tuple[int, ...]
    led: tuple[int, ...]
    places: dict[str, int]
    odds: dict[int, dict[str, Fraction]]
    deals: int

    @property
    def unseen(self) -> list[int]:
        """The cards whose place the player cannot see, in deck order."""
        return sorted(self.odds)

    def to_json(self) -> dict[str, JSON]:
        """The books for the web app's knowledge panel: cards in the project's notation, chances
        as floats. ``mine`` (a player's only): ``hand``, ``commit``, ``passed_left``,
        ``passed_right``, ``received_from_right``, ``received_from_left``; ``tricks`` (this
        round: ``number``, ``leader``, ``cards`` as [seat, card] in playing order, ``order``,
        ``trump``); ``seats`` (``hand_size``, ``voids`` as suit names, ``known`` cards);
        ``tokens`` (``line``, ``face_down`` values, ``current``); ``trump``; the counts;
        ``places`` and ``unseen`` (each card with its ``places`` probabilities)."""
        n = self.num_players
        floats: dict[int, dict[str, JSON]] = {}
        out: dict[str, JSON] = {
            "player": self.player,
            "round": self.round,
            "trick": self.trick,
            "trump": rank_name(self.trump),
            "tricks": [{"number": t.number, "leader": t.leader,
                        "cards": [[seat, card_text(card)] for seat, card in t.plays],
                        "order": list(t.order), "trump": rank_name(t.trump)} for t in self.tricks],
            "seats": [{"hand_size": self.hand_sizes[s],
                       "voids": [SUIT_NAMES[x] for x in range(4) if self.voids[s] >> x & 1],
                       "known": list[JSON](_names(self.known_in_hand.get(s, 0)))} for s in range(n)],
            "tokens": {"line": list(self.line),
                       "face_down": [v for v, k in sorted(self.face_down.items()) for _ in range(k)],
                       "current": self.current_token},
            "round_points": list(self.round_points),
            "scores": list(self.scores),
            "fives": list(self.fives),
            "led": list(self.led),
            "places": {place: size for place, size in self.places.items()},
            "deals": str(self.deals),
            "unseen": [{"card": _TEXT[c], "places": _floats(places, floats)} for c, places in sorted(self.odds.items())],
        }
        if self.player is not None:
            out["mine"] = {
                "hand": list[JSON](_names(self.hand)),
                "commit": card_text(self.commit) if self.commit >= 0 else None,
                "passed_left": _card(self.passed[0]), "passed_right": _card(self.passed[1]),
                "received_from_right": _card(self.received[0]), "received_from_left": _card(self.received[1]),
            }
        return out

    def describe(self) -> str:
        """The books as plain text (cards in the project's notation)."""
        lines = []
        if self.player is not None:
            lines.append(f"Your hand: {' '.join(_names(self.hand)) or '-'}")
            if self.commit >= 0:
                lines.append(f"Your commit: {card_text(self.commit)}")
            if self.passed[0] >= 0:
                lines.append(f"You passed {card_text(self.passed[0])} left, {card_text(self.passed[1])} right")
            if self.received[0] >= 0 or self.received[1] >= 0:
                lines.append(f"You received {_card(self.received[0]) or '?'} from your right, "
                             f"{_card(self.received[1]) or '?'} from your left")
        for t in self.tricks:
            cards = " ".join(f"{seat}:{card_text(card)}" for seat, card in t.plays)
            order = f" -> {'>'.join(str(s) for s in t.order)}" if t.order else " (in play)"
            lines.append(f"Trick {t.number} ({rank_name(t.trump)}): {cards}{order}")
        for seat in range(self.num_players):
            if seat == self.player:
                continue
            facts = [f"{self.hand_sizes[seat]} cards"]
            if self.voids[seat]:
                facts.append("no " + ", ".join(SUIT_NAMES[x] for x in range(4) if self.voids[seat] >> x & 1))
            if self.known_in_hand.get(seat):
                facts.append("holds " + " ".join(_names(self.known_in_hand[seat])))
            lines.append(f"Player {seat}: {'; '.join(facts)}")
        line = " ".join(str(v) if v else "?" for v in self.line)
        down = ", ".join(f"{k}x{v}" for v, k in sorted(self.face_down.items())) or "none"
        lines.append(f"Tokens: {line} (face down: {down}); Trump: {rank_name(self.trump)}")
        lines.append("Scores: " + ", ".join(f"{s}+{p}" for s, p in zip(self.scores, self.round_points, strict=True))
                     + "; fives " + "-".join(map(str, self.fives)) + "; led " + "-".join(map(str, self.led)))
        if self.odds:
            per_place: dict[str, list[str]] = {}
            percent: dict[tuple[int, str], str] = {}
            for card, places in sorted(self.odds.items()):
                for place, p in places.items():
                    key = (id(places), place)
                    if key not in percent:
                        percent[key] = f"{float(p):.0%}"
                    per_place.setdefault(place, []).append(f"{_TEXT[card]} {percent[key]}")
            for place, size in self.places.items():
                if size:
                    lines.append(f"{place} ({size} unseen): " + " ".join(per_place.get(place, [])))
        return "\n".join(lines)


_TEXT = tuple(card_text(c) for c in range(54))


def _names(mask: int) -> list[str]:
    return [_TEXT[c] for c in mask_indices(mask)]


def _floats(places: dict[str, Fraction], done: dict[int, dict[str, JSON]]) -> dict[str, JSON]:
    """The odds as floats, converted once per mapping (the cards of a group share one)."""
    found = done.get(id(places))
    if found is None:
        found = done[id(places)] = {place: float(p) for place, p in places.items()}
    return dict(found)


def _card(card: int) -> str | None:
    return card_text(card) if card >= 0 else None


@lru_cache(maxsize=32)
def knowledge(view: PlayerView) -> Knowledge:
    """The books of the player (or spectator) whose view this is (:class:`ValueError` for a view
    no state gives). Views are values, so the books of the last few are kept (shared: read
    them, do not change their mappings)."""
    unseen = unseen_of(view)
    deals = solve(unseen.cards, unseen.places)
    past = unseen.past
    current = past.current
    me = view.player
    passed = act.pass_cards(view.my_pass) if view.my_pass >= 0 else (-1, -1)
    got = current.received(me) if me is not None else (None, None)
    received = (-1 if got[0] is None else got[0], -1 if got[1] is None else got[1])
    left = Counter(TOKENS)
    left.subtract(v for v in view.line if v)
    return Knowledge(
        player=me, num_players=view.num_players, round=view.round, trick=view.trick, hand=view.hand,
        commit=view.commit, passed=passed, received=received, hand_sizes=view.hand_sizes,
        tricks=current.tricks, voids=current.voids, known_in_hand=dict(unseen.known), line=view.line,
        face_down={v: k for v, k in left.items() if k}, current_token=view.current_token, trump=view.trump,
        round_points=view.round_points, scores=view.scores, fives=view.fives, led=view.led,
        places={p.name: p.size for p in unseen.places}, odds=deals.probabilities(), deals=deals.count)


__all__ = ["Knowledge", "knowledge"]

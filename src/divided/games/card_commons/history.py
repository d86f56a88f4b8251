"""The one reader of a Card Commons view's past: each round as the viewer saw it.

Every part of the project that needs the match so far (the books, the world sampler, the bots,
the web app's log, the observation layout) reads it here from a
:class:`~divided.games.card_commons.view.PlayerView`, never from the full state: per round,
who used which action on which turn, the offers and what the opponent kept from them, who has
built, the showdown, and the cards the viewer has seen.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> state.apply_action(state.legal_actions()[0])  # player 0 reserves a card
>>> mine, theirs = read_history(state.observation(0)), read_history(state.observation(1))
>>> [(t.player, t.kind.name, t.cards is None) for t in mine.current.turns]
[(0, 'RESERVE', False)]
>>> [(t.player, t.kind.name, t.cards is None) for t in theirs.current.turns]
[(0, 'RESERVE', True)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase, RoundResult
from divided.games.card_commons.view import PlayerView, SeenBuild, SeenEvent, SeenKeep, SeenTurn

OFFERS = (act.Kind.OFFER_THREE, act.Kind.OFFER_SETS)
"""The two actions whose cards both players see."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a round as the viewer saw it (card sets are masks over the 21-card pack).

    ``cards``: the cards the action took from the hand, ``None`` for the other player's Reserve
    or Discard (the kind is public, the cards are not); ``sets``: an offer of two sets;
    ``kept``: what the other player kept from an offer (``None`` while they decide, and for a
    Reserve or a Discard).
    """

    number: int
    player: int
    kind: act.Kind
    action: int | None
    cards: int | None
    sets: tuple[int, int] | None
    kept: int | None

    @property
    def is_offer(self) -> bool:
        return self.kind in OFFERS

    @property
    def keeper(self) -> int:
        """Who answers an offer: the other player."""
        return 1 - self.player

    @property
    def left(self) -> int | None:
        """The offered cards the offerer keeps (``None`` while the opponent decides)."""
        if not self.is_offer or self.kept is None:
            return None
        assert self.cards is not None
        return self.cards & ~self.kept


@dataclass(frozen=True, slots=True)
class Round:
    """One round as the viewer saw it: its turns in order, its builds (``builds[p]`` the 3-card
    hand where the viewer saw it, else ``None``; ``built[p]`` whether ``p`` has built) and, once
    scored, its :class:`RoundResult` (both Collections and 3-card hands, shown to both)."""

    number: int
    starter: int
    extra: bool
    turns: tuple[Turn, ...]
    built: tuple[bool, bool]
    builds: tuple[int | None, int | None]
    result: RoundResult | None

    def used(self, player: int) -> int:
        """The action kinds ``player`` has used this round (bit ``k`` for kind ``k``)."""
        out = 0
        for turn in self.turns:
            if turn.player == player:
                out |= 1 << turn.kind
        return out

    def face_up(self, player: int) -> int:
        """The cards that went face up into ``player``'s Collection (from settled offers)."""
        out = 0
        for turn in self.turns:
            if turn.kept is None:
                continue
            left = turn.left
            assert left is not None
            out |= turn.kept if turn.keeper == player else 0
            out |= left if turn.player == player else 0
        return out

    def offered(self, player: int | None = None) -> int:
        """The cards offered this round (by ``player`` only, if given): both players saw them."""
        out = 0
        for turn in self.turns:
            if turn.is_offer and (player is None or turn.player == player):
                assert turn.cards is not None
                out |= turn.cards
        return out

    def pending(self) -> Turn | None:
        """The offer waiting for the opponent's keep decision, if any."""
        last = self.turns[-1] if self.turns else None
        return last if last is not None and last.is_offer and last.kept is None else None

    def hidden_turns(self, player: int) -> tuple[Turn, ...]:
        """``player``'s turns whose cards the viewer did not see (their Reserve, their Discard)."""
        return tuple(t for t in self.turns if t.player == player and t.cards is None)

    def reserved(self, player: int) -> int | None:
        """``player``'s reserved card (mask) where the viewer knows it: their own, or anyone's
        once the showdown shows the Collections; 0 if not reserved yet; ``None`` if hidden."""
        for turn in self.turns:
            if turn.player == player and turn.kind == act.Kind.RESERVE:
                if turn.cards is not None:
                    return turn.cards
                if self.result is not None:
                    return self.result.collections[player] & ~self.face_up(player)
                return None
        return 0

    def discards(self, player: int) -> int | None:
        """``player``'s discarded pair (mask) where the viewer saw it; 0 if none; ``None`` if
        hidden (nobody sees the other player's discards, not even at the showdown)."""
        for turn in self.turns:
            if turn.player == player and turn.kind == act.Kind.DISCARD:
                return turn.cards
        return 0


@dataclass(frozen=True, slots=True)
class History:
    """A view's past, read once: ``rounds`` in order, the round in play (or the last one, once
    the match is over) included (none before the coin); ``viewer`` the seat (``None``: a
    spectator) and ``hand`` their hand now."""

    viewer: int | None
    rounds: tuple[Round, ...]
    in_play: bool
    hand: int

    @property
    def current(self) -> Round:
        """The round the view is in (the last one played once the match is over); only before
        the coin is there none (:class:`IndexError`)."""
        return self.rounds[-1]

    @property
    def finished(self) -> tuple[Round, ...]:
        """The scored rounds."""
        return tuple(r for r in self.rounds if r.result is not None)

    def received(self, number: int) -> int:
        """The cards the viewer received in round ``number`` (dealt or drawn): in play, the hand,
        the reserved and discarded cards and the cards they offered; a finished round's hand is
        empty (the four actions use all ten cards). 0 for a spectator."""
        played = self.rounds[number]
        me = self.viewer
        if me is None:
            return 0
        out = played.offered(me) | (self.hand if number == len(self.rounds) - 1 else 0)
        for turn in played.turns:
            if turn.player == me and not turn.is_offer:
                assert turn.cards is not None
                out |= turn.cards
        return out

    def seen(self, number: int) -> int:
        """The cards of round ``number`` the viewer saw: received, offered by either player,
        face up, and at the showdown both Collections."""
        played = self.rounds[number]
        out = self.received(number) | played.offered()
        if played.result is not None:
            out |= played.result.collections[0] | played.result.collections[1]
        return out


def _read_events(events: Iterable[SeenEvent], turns: dict[int, list[Turn]],
                 builds: dict[int, list[SeenBuild]]) -> None:
    """Each round's turns (an offer with what was kept of it) and builds, from ``events``."""
    for event in events:
        if isinstance(event, SeenTurn):
            rows = turns.setdefault(event.round, [])
            cards: int | None = None
            sets: tuple[int, int] | None = None
            if event.action is not None:
                move = act.decode(event.action)
                cards, sets = move.cards, move.sets
            rows.append(Turn(len(rows), event.player, event.kind, event.action, cards, sets, None))
        elif isinstance(event, SeenKeep):
            rows = turns[event.round]
            offer = rows[-1]
            rows[-1] = Turn(offer.number, offer.player, offer.kind, offer.action, offer.cards, offer.sets,
                            act.decode(event.action).cards)
        else:
            builds.setdefault(event.round, []).append(event)


_LAST_TURNS: dict[int | None, tuple[tuple[SeenEvent, ...], int, tuple[Turn, ...]]] = {}
"""Per viewer: the last log :func:`read_turns` read, its round and that round's turns."""


def read_turns(view: PlayerView) -> tuple[Turn, ...]:
    """The turns of the round the view is in: ``read_history(view).current.turns`` (after the
    coin). Only the events logged since the viewer's last reading are read when the log extends
    it (compared by value, elements by identity first) within the same round; otherwise only the
    round's own events, from the end of the log (a log is in the order of play). Either way the
    cost does not grow with the match."""
    events = view.events
    number = view.round
    last = _LAST_TURNS.get(view.player)
    if last is not None and last[1] == number:
        known, _, turns = last
        done = len(known)
        if known is events or (len(events) >= done and events[:done] == known):
            if len(events) > done:
                rows = {number: list(turns)}
                _read_events([e for e in events[done:] if e.round == number], rows, {})
                turns = tuple(rows[number])
                _LAST_TURNS[view.player] = (events, number, turns)
            return turns
    start = len(events)
    while start and events[start - 1].round >= number:
        start -= 1
    rows = {}
    _read_events([e for e in events[start:] if e.round == number], rows, {})
    turns = tuple(rows.get(number, ()))
    _LAST_TURNS[view.player] = (events, number, turns)
    return turns


def read_history(view: PlayerView) -> History:
    """The past of the match as ``view`` shows it (see :class:`History`); :class:`ValueError`
    for a view no match gives (a past round without its showdown)."""
    turns: dict[int, list[Turn]] = {}
    builds: dict[int, list[SeenBuild]] = {}
    _read_events(view.events, turns, builds)
    results = {r.round: r for r in view.rounds}
    rounds: list[Round] = []
    in_play = view.phase not in (Phase.COIN, Phase.OVER)
    last = view.round if view.phase != Phase.COIN else -1
    for number in range(last + 1):
        result = results.get(number)
        built = [False, False]
        three: list[int | None] = [None, None]
        for event in builds.get(number, []):
            built[event.player] = True
            three[event.player] = event.three
        if result is not None:
            three = list(result.threes)
        if number == view.round and result is None:
            starter, extra = view.starter, view.extra
            built = list(view.built)
        elif result is None:
            raise ValueError(f"inconsistent view: round {number + 1} is over but has no showdown")
        else:
            starter, extra = result.starter, result.extra
        rounds.append(Round(number, starter, extra, tuple(turns.get(number, [])), (built[0], built[1]),
                            (three[0], three[1]), result))
    return History(view.player, tuple(rounds), in_play, view.hand)


__all__ = ["OFFERS", "History", "Round", "Turn", "read_history", "read_turns"]

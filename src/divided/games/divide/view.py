"""What one player may see of a DIVIDE game (ruling D3): the only door to hidden cards.

Seen by all: every played card (Trick 1's committed cards once flipped), every reward pick, the
Trump Rank, the face-up tokens, token holdings and scores, who has committed and who has passed.
Hidden: the other hands, the undealt cards (16 with four players), a committed card until the
flip, and a passed card from everyone but its giver and its receiver, who sees it only when the
cards change hands. ``observe(state, None)`` is a spectator's view: only what every player sees.

>>> from divided import games
>>> state = games.load("divide", first_dealer=0).new_initial_state(seed=3)
>>> seated, spectator = state.observation(1), state.observation(None)
>>> seated.hand.bit_count(), spectator.hand, spectator.hand_sizes
(9, 0, (9, 9, 9, 9))
"""

from __future__ import annotations

from dataclasses import dataclass

from divided.games.base import JSONScalar, Result
from divided.games.divide.options import Options
from divided.games.divide.state import (
    DivideState,
    Event,
    Outcome,
    PassEvent,
    Phase,
    PickEvent,
    RevealEvent,
    RoundEvent,
    TrickEvent,
)
from divided.games.frozen_builder import builder
from divided.games.seen_log import SeenLog


@dataclass(frozen=True, slots=True)
class SeenPass:
    """A player's pass as the viewer knows it: both cards for the viewer's own, the card the
    viewer received, ``None`` for the rest."""

    round: int
    player: int
    left: int | None
    right: int | None


SeenEvent = SeenPass | TrickEvent | PickEvent | RevealEvent | RoundEvent


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A game as seen by ``player`` (``None``: a spectator). Card sets are masks over the 54-card
    deck; cards are its indices."""

    player: int | None
    current_player: int
    phase: Phase
    options: Options
    num_players: int
    round: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    commit: int  # the viewer's own committed card this round (-1: none)
    committed: tuple[bool, ...]
    my_pass: int  # the viewer's own pass action this round (-1: none)
    passed: tuple[bool, ...]
    line: tuple[int, ...]  # face-up token values, 0 for a face-down token
    revealed: int
    trick: int
    leader: int
    plays: tuple[tuple[int, int], ...]
    finishers: tuple[int, ...]
    picks: tuple[int, ...]
    trump: int | None
    next_leader: int
    round_points: tuple[int, ...]
    scores: tuple[int, ...]
    fives: tuple[int, ...]
    led: tuple[int, ...]
    events: tuple[SeenEvent, ...]
    outcome: Outcome | None

    @property
    def result(self) -> Result | None:
        return None if self.outcome is None else result_of(self.outcome, self.scores, self.fives, self.led)

    @property
    def first_leader(self) -> int:
        return (self.dealer + 1) % self.num_players

    @property
    def current_token(self) -> int:
        """The value of the token the current trick's Points claims (0 before it is face up)."""
        return self.line[self.trick - 1] if 1 <= self.trick <= len(self.line) else 0

    def round_events(self) -> tuple[SeenEvent, ...]:
        """This round's events."""
        return tuple(e for e in self.events if e.round == self.round)


def result_of(outcome: Outcome, scores: tuple[int, ...], fives: tuple[int, ...], led: tuple[int, ...]) -> Result:
    """The game's :class:`Result`: the win shared equally among the winners, 0 for the rest."""
    share = 1.0 / len(outcome.winners)
    returns = tuple(share if seat in outcome.winners else 0.0 for seat in range(len(scores)))
    detail: dict[str, JSONScalar] = {
        "scores": "-".join(str(s) for s in scores), "decided_by": outcome.decided_by, "reason": outcome.reason,
        "fives": "-".join(str(f) for f in fives), "led": "-".join(str(n) for n in led)}
    if len(outcome.winners) == 1:
        winner = outcome.winners[0]
        how = {"score": "", "fives": ", on 5-value tokens", "led": ", on tricks led"}[outcome.decided_by]
        headline = f"Player {winner} wins with {scores[winner]} points{how} ({outcome.reason})"
    else:
        names = ", ".join(str(w) for w in outcome.winners)
        headline = f"Players {names} share the win on {scores[outcome.winners[0]]} points ({outcome.reason})"
    places = tuple(1 if seat in outcome.winners else 0 for seat in range(len(scores)))
    # places below the winners follow the totals (the tiebreakers settle first place only)
    rest = [seat for seat in range(len(scores)) if not places[seat]]
    ranked = tuple(places[seat] or 1 + len(outcome.winners) + sum(scores[o] > scores[seat] for o in rest)
                   for seat in range(len(scores)))
    return Result(returns, ranked, headline, detail)


def _seen(event: Event, player: int | None, players: int) -> SeenEvent:
    if not isinstance(event, PassEvent):
        return event
    if event.player == player:
        return SeenPass(event.round, event.player, event.left, event.right)
    left = event.left if player == (event.player + 1) % players else None
    right = event.right if player == (event.player - 1) % players else None
    return SeenPass(event.round, event.player, left, right)


def _seen_by(event: Event, viewer: tuple[int | None, int]) -> SeenEvent:
    """``event`` as ``viewer`` (a seat or ``None``, and the table size) sees it."""
    return _seen(event, viewer[0], viewer[1]) if isinstance(event, PassEvent) else event


_build_view = builder(PlayerView)
"""``PlayerView(...)``, faster (:mod:`divided.games.frozen_builder`), for :func:`observe`."""

SEEN_LOG: SeenLog[Event, tuple[int | None, int], SeenEvent] = SeenLog(_seen_by)
"""Each viewer's log, translated incrementally (:class:`~divided.games.seen_log.SeenLog`)."""


_MADE = (-1).__lt__
"""``_MADE(x)``: whether a seat's commit or pass (a card or an action; -1 for none yet) is made."""


def observe(state: DivideState, player: int | None, current_player: int) -> PlayerView:
    """``state`` as ``player`` sees it (``None``: a spectator)."""
    n = state.options.players
    return _build_view(
        player=player,
        current_player=current_player,
        phase=state.phase,
        options=state.options,
        num_players=n,
        round=state.round,
        dealer=state.dealer,
        hand=state.hands[player] if player is not None else 0,
        hand_sizes=tuple(map(int.bit_count, state.hands)),
        commit=state.commits[player] if player is not None else -1,
        committed=tuple(map(_MADE, state.commits)),
        my_pass=state.passes[player] if player is not None else -1,
        passed=tuple(map(_MADE, state.passes)),
        line=state.line,
        revealed=state.revealed,
        trick=state.trick,
        leader=state.leader,
        plays=state.plays,
        finishers=state.finishers,
        picks=state.picks,
        trump=state.trump,
        next_leader=state.next_leader,
        round_points=state.round_points,
        scores=state.scores,
        fives=state.fives,
        led=state.led,
        events=SEEN_LOG(state.log, (player, n)),
        outcome=state.outcome,
    )

"""What one player may see of a Card Commons match (ruling C4): the only door to hidden cards.

Seen by both: every face-up Collection card, which actions each player has used (and the cards
of every offer), hand and pile sizes, who has built, every round's showdown. Hidden: the hands,
the draw pile, the card set aside, a reserved card (from the opponent, until the showdown shows
the Collection), discarded cards (the discarder remembers them) and a build until both have
built. ``observe(state, None)`` is a spectator's view: only what both players see.

>>> from divided import games
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> seated, spectator = state.observation(0), state.observation(None)
>>> seated.hand.bit_count(), spectator.hand, spectator.hand_sizes
(7, 0, (7, 6))
"""

from __future__ import annotations

from dataclasses import dataclass

from divided.cards import PACK_21
from divided.games.base import JSONScalar, Result
from divided.games.card_commons import actions as act
from divided.games.card_commons.options import Options
from divided.games.card_commons.state import (
    DEALT_PER_ROUND,
    BuildEvent,
    CardCommonsState,
    KeepEvent,
    Outcome,
    Phase,
    RoundResult,
    TurnEvent,
)
from divided.games.frozen_builder import builder
from divided.games.seen_log import SeenLog


@dataclass(frozen=True, slots=True)
class SeenTurn:
    """A turn as the viewer saw it: ``action`` is ``None`` for the other player's Reserve or
    Discard (the kind is public, the cards are not)."""

    round: int
    player: int
    kind: act.Kind
    action: int | None


@dataclass(frozen=True, slots=True)
class SeenKeep:
    round: int
    player: int
    action: int


@dataclass(frozen=True, slots=True)
class SeenBuild:
    """A committed build: ``three`` only for the viewer's own (the showdown shows both)."""

    round: int
    player: int
    three: int | None


SeenEvent = SeenTurn | SeenKeep | SeenBuild


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A match as seen by ``player`` (``None``: a spectator). Card sets are masks."""

    player: int | None
    current_player: int
    phase: Phase
    options: Options
    round: int
    starter: int
    scores: tuple[int, int]
    hand: int
    drawn: int  # the card the viewer drew this turn, while choosing its action (0 otherwise)
    hand_sizes: tuple[int, int]
    pile_size: int
    reserved: int  # the viewer's own reserved card (0 if none)
    face_up: tuple[int, int]
    discards: int  # the viewer's own discards this round
    used: tuple[int, int]
    turn: int
    offer: int  # the pending offer's action, or -1
    built: tuple[bool, bool]
    build: int  # the viewer's own committed 3-card hand (0 if none)
    events: tuple[SeenEvent, ...]
    rounds: tuple[RoundResult, ...]
    extra: bool
    extra_rounds: int
    outcome: Outcome | None
    num_players: int = 2

    @property
    def result(self) -> Result | None:
        return None if self.outcome is None else result_of(self.outcome, self.scores, len(self.rounds))

    @property
    def has_reserved(self) -> tuple[bool, bool]:
        return (bool(self.used[0] & 1 << act.Kind.RESERVE), bool(self.used[1] & 1 << act.Kind.RESERVE))

    @property
    def turn_player(self) -> int:
        return self.starter if self.turn % 2 == 0 else 1 - self.starter

    @property
    def collection(self) -> int:
        """The viewer's own Collection: the reserved card and the face-up cards."""
        return 0 if self.player is None else self.reserved | self.face_up[self.player]

    def round_events(self) -> tuple[SeenEvent, ...]:
        """This round's events."""
        return tuple(e for e in self.events if e.round == self.round)


def result_of(outcome: Outcome, scores: tuple[int, int], rounds: int) -> Result:
    """The match's :class:`Result`: +1 to the winner, -1 to the loser, 0 each in a draw."""
    detail: dict[str, JSONScalar] = {"scores": f"{scores[0]}-{scores[1]}", "rounds": rounds, "reason": outcome.reason}
    if outcome.winner is None:
        return Result.from_returns((0.0, 0.0), f"A draw at {scores[0]}-{scores[1]} ({outcome.reason})", detail)
    returns = (1.0, -1.0) if outcome.winner == 0 else (-1.0, 1.0)
    return Result.from_returns(returns, f"Player {outcome.winner} wins {scores[outcome.winner]}-"
                               f"{scores[1 - outcome.winner]} ({outcome.reason})", detail)


def _seen(event: TurnEvent | KeepEvent | BuildEvent, player: int | None) -> SeenEvent:
    if isinstance(event, KeepEvent):
        return SeenKeep(event.round, event.player, event.action)
    if isinstance(event, BuildEvent):
        return SeenBuild(event.round, event.player, event.three if event.player == player else None)
    kind = act.kind_of(event.action)
    private = kind in (act.Kind.RESERVE, act.Kind.DISCARD) and event.player != player
    return SeenTurn(event.round, event.player, kind, None if private else event.action)


SEEN_LOG: SeenLog[TurnEvent | KeepEvent | BuildEvent, int | None, SeenEvent] = SeenLog(_seen)
"""Each viewer's log, translated incrementally (:class:`~divided.games.seen_log.SeenLog`)."""


_build_view = builder(PlayerView)
"""``PlayerView(...)``, faster (:mod:`divided.games.frozen_builder`), for :func:`observe`."""


def observe(state: CardCommonsState, player: int | None, current_player: int) -> PlayerView:
    """``state`` as ``player`` sees it (``None``: a spectator)."""
    return _build_view(
        player=player,
        current_player=current_player,
        phase=state.phase,
        options=state.options,
        round=state.round,
        starter=state.starter,
        scores=state.scores,
        hand=state.hands[player] if player is not None else 0,
        drawn=state.drawn if player is not None and current_player == player and state.phase == Phase.ACT else 0,
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        pile_size=_pile_size(state),
        reserved=state.reserved[player] if player is not None else 0,
        face_up=state.face_up,
        discards=state.discards[player] if player is not None else 0,
        used=state.used,
        turn=state.turn,
        offer=state.offer,
        built=(state.builds[0] != 0, state.builds[1] != 0),
        build=state.builds[player] if player is not None else 0,
        events=SEEN_LOG(state.log, player),
        rounds=state.rounds,
        extra=state.extra,
        extra_rounds=state.extra_rounds,
        outcome=state.outcome,
    )


def _pile_size(state: CardCommonsState) -> int:
    """The draw pile's size: the cards not yet placed once the deal is done (during the deal,
    the eight it will hold)."""
    if state.phase == Phase.COIN:
        return 0
    return PACK_21.size - max(state.placed.bit_count(), DEALT_PER_ROUND)

"""Sampling a full Card Commons state consistent with one player's view (a *determinisation*).

:class:`WorldSampler` draws complete core states such that ``observe(sample, view.player) ==
view`` exactly, at the same decision, fast enough for search bots (thousands a second).

The distribution sampled
------------------------

It is the one the books count with (:mod:`~divided.games.card_commons.knowledge`): every
world consistent with the view once, a world being a deal with the opponent's hidden choices,
with no model of how the opponent plays.

* **The round in play.** The cards the player has not seen are exchangeable, so they are
  shuffled uniformly and dealt into the unseen places: the card set aside, the opponent's
  hand, their reserved card, their discards, and the draw pile (which is a set: its order is
  drawn later, at the ``draw`` chance nodes). Every consistent placement is equally likely.
* **Past rounds** matter only through the log: the opponent's reserved card is shown at the
  showdown, but their discards never are. Each past round's two discards are drawn uniformly
  from the three cards the player never saw that round (the other one was set aside).
* **A secret build.** When the opponent has built and the player has not (seat 0 builds
  first), the opponent's 3-card hand is drawn uniformly from the 56 builds of their sampled
  Collection: a uniform spread, not a model of how they build.
* **Mid-deal chance nodes** (only in explicitly dealt games): before any card reaches a hand,
  the view cannot tell whether the card set aside is placed yet; the sampler then returns the
  state with nothing placed.

``weight`` is 1 for every sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

from divided.cards import mask_indices
from divided.games.card_commons import actions as act
from divided.games.card_commons.history import History, read_history
from divided.games.card_commons.knowledge import (
    ASIDE,
    PILE,
    discards_place,
    hand_place,
    reserved_place,
    unseen_slots,
)
from divided.games.card_commons.rules import build_actions
from divided.games.card_commons.state import (
    ALL_CARDS,
    DEALT_PER_ROUND,
    BuildEvent,
    CardCommonsState,
    Event,
    KeepEvent,
    Phase,
    TurnEvent,
)
from divided.games.card_commons.view import PlayerView, SeenBuild, SeenKeep, SeenTurn, observe

if TYPE_CHECKING:
    import random  # the rules engine imports no random module: the caller passes its generator

T = TypeVar("T")


class _Draws(Protocol):
    """The methods of :class:`random.Random` the sampler uses."""

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...

    def randrange(self, stop: int, /) -> int: ...


class _FirstDraws:
    """Draws that always take the first possibility: a fixed sample, to check a view once."""

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return list(population[:k])

    def randrange(self, stop: int, /) -> int:
        return 0


_CURRENT = -1  # a hidden turn of the round in play: its cards come from the sampled places


@dataclass(frozen=True, slots=True)
class _Hidden:
    """A log entry whose cards the player did not see: the opponent's Reserve or Discard of
    round ``round`` (a past round's discards are one of the ``candidates``, discard actions),
    or their secret build."""

    index: int
    round: int
    player: int
    kind: act.Kind | None  # None: a build
    candidates: tuple[int, ...] = ()


@dataclass
class WorldSampler:
    """Full states consistent with one player's view (see the module text), with the work that
    does not depend on the random numbers done once. It is the game room's
    :class:`divided.games.room.WorldSampler`. A spectator's view or a view no state gives
    raises :class:`ValueError`."""

    view: PlayerView
    _past: History = field(init=False)
    _unseen: list[int] = field(init=False)
    _sizes: tuple[int, int, int, int] = field(init=False)  # aside, their hand, reserved, discards
    _log: list[Event] = field(init=False)
    _hidden: list[_Hidden] = field(init=False)
    _dealt: bool = field(init=False)

    def __post_init__(self) -> None:
        if self.view.player is None:
            raise ValueError("a spectator's view has no world sampler: sample from a player's view")
        try:
            self._prepare()
            probe = self._sample(_FirstDraws())
        except (ValueError, AssertionError, IndexError, KeyError) as error:
            raise ValueError(f"inconsistent view: {error}") from error
        if observe(probe, self.view.player, self.view.current_player) != self.view:
            raise ValueError("inconsistent view: no state with these cards and this history looks like it")

    def _prepare(self) -> None:
        view = self.view
        me = view.player
        assert me is not None
        them = 1 - me
        past = read_history(view)
        self._past = past
        unseen, slots = unseen_slots(view, past)
        self._unseen = mask_indices(unseen)
        self._dealt = ASIDE in slots
        self._sizes = (slots.get(ASIDE, 0), slots.get(hand_place(None), 0), slots.get(reserved_place(None), 0),
                       slots.get(discards_place(None), 0))
        assert sum(self._sizes) + slots.get(PILE, 0) == len(self._unseen)
        log: list[Event] = []
        hidden: list[_Hidden] = []
        current = past.rounds[-1].number if past.in_play or view.phase == Phase.OVER else -1
        for event in view.events:
            index = len(log)
            if isinstance(event, SeenTurn):
                if event.action is not None:
                    log.append(TurnEvent(event.round, event.player, event.action))
                    continue
                log.append(TurnEvent(event.round, event.player, -1))
                if event.round == current and event.player == them:
                    hidden.append(_Hidden(index, _CURRENT, them, event.kind))
                    continue
                played = past.rounds[event.round]
                if event.kind == act.Kind.RESERVE:
                    card = played.reserved(event.player)
                    assert card, f"round {event.round}: the reserved card was not shown"
                    log[index] = TurnEvent(event.round, event.player, act.reserve(card))
                    continue
                never_seen = ALL_CARDS & ~past.seen(event.round)
                assert never_seen.bit_count() == 3, f"round {event.round}: {never_seen.bit_count()} cards never seen"
                discards = tuple(act.discard(never_seen & ~(1 << card)) for card in mask_indices(never_seen))
                hidden.append(_Hidden(index, event.round, event.player, event.kind, discards))
            elif isinstance(event, SeenKeep):
                log.append(KeepEvent(event.round, event.player, event.action))
            else:
                assert isinstance(event, SeenBuild)
                three = event.three
                if three is None:
                    played = past.rounds[event.round]
                    three = played.builds[event.player]
                if three is None:
                    hidden.append(_Hidden(index, _CURRENT, event.player, None))
                    three = 0
                log.append(BuildEvent(event.round, event.player, three))
        self._log = log
        self._hidden = hidden

    def sample(self, rng: random.Random) -> CardCommonsState:
        """One consistent state, drawn with ``rng``."""
        return self._sample(rng)

    def weight(self, state: CardCommonsState) -> float:
        """1.0 for every sample: :meth:`sample` draws every consistent placement of the unseen
        cards equally often, as the books count (the module text says what else is drawn
        uniformly: past discards and a secret build)."""
        return 1.0

    def _sample(self, rng: _Draws) -> CardCommonsState:
        view = self.view
        me = view.player
        assert me is not None
        them = 1 - me
        cards = rng.sample(self._unseen, len(self._unseen))
        n_aside, n_hand, n_reserved, n_discards = self._sizes
        position = 0

        def take(count: int) -> int:
            nonlocal position
            out = 0
            for card in cards[position:position + count]:
                out |= 1 << card
            position += count
            return out

        aside = take(n_aside)
        drawn = view.drawn
        if view.phase == Phase.ACT and view.current_player == them:  # their draw: any card of their hand
            drawn = 1 << cards[position]
        their_hand = take(n_hand)
        their_reserved = take(n_reserved)
        their_discards = take(n_discards)
        pile = take(len(cards) - position)
        played = self._past.rounds[-1] if self._past.rounds else None
        if not n_reserved and played is not None:
            their_reserved = played.reserved(them) or 0
        hands = _pair(me, view.hand, their_hand)
        reserved = _pair(me, view.reserved, their_reserved)
        builds = (0, 0)
        if played is not None:
            three = [played.builds[0] or 0, played.builds[1] or 0]
            three[me] = view.build
            builds = (three[0], three[1])
        log = self._log
        if self._hidden:
            log = log[:]
            for hidden in self._hidden:
                event = log[hidden.index]
                if hidden.kind is None:  # their secret build, uniform over their 56
                    options = build_actions(reserved[them] | view.face_up[them])
                    secret = act.decode(options[rng.randrange(len(options))]).cards
                    builds = _pair(me, view.build, secret)
                    log[hidden.index] = BuildEvent(event.round, event.player, secret)
                elif hidden.round == _CURRENT:
                    action = act.reserve(their_reserved) if hidden.kind == act.Kind.RESERVE \
                        else act.discard(their_discards)
                    log[hidden.index] = TurnEvent(event.round, event.player, action)
                else:  # a past round's discards: two of the three cards never seen, uniformly
                    action = hidden.candidates[rng.randrange(len(hidden.candidates))]
                    log[hidden.index] = TurnEvent(event.round, event.player, action)
        deal_count = 0
        if self._dealt:
            deal_count = 1 + sum(view.hand_sizes) if view.phase == Phase.DEAL else DEALT_PER_ROUND
        return CardCommonsState(
            options=view.options, phase=view.phase, round=view.round, starter=view.starter, scores=view.scores,
            hands=hands, reserved=reserved, face_up=view.face_up, discards=_pair(me, view.discards, their_discards),
            used=view.used, aside=aside, placed=ALL_CARDS & ~pile if self._dealt else 0, deal_count=deal_count,
            turn=view.turn, offer=view.offer, drawn=drawn, builds=builds, log=tuple(log), rounds=view.rounds, extra=view.extra,
            extra_rounds=view.extra_rounds, outcome=view.outcome)


def _pair(me: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if me == 0 else (theirs, mine)


def sample_state(view: PlayerView, rng: random.Random) -> CardCommonsState:
    """A full state drawn from the states consistent with ``view`` (see the module text)."""
    return WorldSampler(view).sample(rng)


__all__ = ["WorldSampler", "sample_state"]

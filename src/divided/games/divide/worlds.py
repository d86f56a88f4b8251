"""Sampling a full DIVIDE state consistent with one player's view (a *determinisation*).

:class:`WorldSampler` draws complete core states such that ``observe(sample, view.player) ==
view`` exactly, at the same decision, by constrained dealing (no rejection loop).

The distribution sampled
------------------------

* **Where the unseen cards are now** is drawn uniformly over the placements that
  :mod:`~divided.games.divide.deals` counts: the other hands (with the voids shown this round
  and the cards the viewer passed), the face-down commits before Trick 1 is flipped, the cards
  in transit while the pass phase is under way, and (four players) the undealt cards. Every
  consistent placement is equally likely; no model of how players choose is applied.
* **Hidden passes in the log** (another player's pass that the viewer neither gave nor
  received, in the round in play or a past one) are filled in afterwards, consistently with the
  hands: a card passed to seat ``t`` is one of ``t``'s post-pass holding (the cards ``t``
  holds now and has played since Trick 1; in a past round, the cards ``t`` played in Tricks
  2-9), other than the cards ``t`` is known to have received. The unknown cards a seat received
  are drawn uniformly (and distinct) from that holding: a uniform spread, not a model of how
  players pass. Any such choice gives every player a 9-card deal that leads to the sampled
  hands, so every sample is a state the game can reach.
* The token line holds only face-up values, so nothing about tokens is drawn.

``weight`` is 1 for every sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from divided.cards import mask_indices
from divided.games.divide import actions as act
from divided.games.divide.deals import (
    Deals,
    Draws,
    Unseen,
    commit_place,
    hand_place,
    pass_place,
    solve,
    unseen_of,
)
from divided.games.divide.rules import DECK_MASKS
from divided.games.divide.state import DivideState, Event, PassEvent, Phase
from divided.games.divide.view import PlayerView, SeenPass, observe

if TYPE_CHECKING:
    import random  # the game package imports no random module: the caller passes its generator

T = TypeVar("T")


class _FirstDraws:
    """Draws that always take the first possibility: a fixed sample, to check a view once."""

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return list(population[:k])

    def randrange(self, stop: int, /) -> int:
        return 0

    def shuffle(self, x: list[T], /) -> None:
        return None


@dataclass(frozen=True, slots=True)
class _Slot:
    """Unknown cards received by seat ``receiver`` in round ``round``: (log index, side) pairs,
    side 0 for the giver's left card, 1 for its right card."""

    round: int
    receiver: int
    entries: tuple[tuple[int, int], ...]
    candidates: tuple[int, ...]  # past rounds: the cards to choose from (the current round: drawn per sample)
    exclude: int  # the cards the receiver is known to have received


@dataclass
class WorldSampler:
    """Full states consistent with one player's view (see the module text), with the work that
    does not depend on the random numbers done once. A spectator's view or a view no state
    gives raises :class:`ValueError`."""

    view: PlayerView
    deals: Deals = field(init=False)
    _unseen: Unseen = field(init=False)
    _log: list[Event] = field(init=False)
    _slots: list[_Slot] = field(init=False)

    def __post_init__(self) -> None:
        if self.view.player is None:
            raise ValueError("a spectator's view has no world sampler: sample from a player's view")
        self._unseen = unseen_of(self.view)
        self.deals = solve(self._unseen.cards, self._unseen.places)
        try:
            self._prepare()
            probe = self._sample(_FirstDraws())
        except (ValueError, AssertionError, IndexError, KeyError) as error:
            raise ValueError(f"inconsistent view: {error}") from error
        if observe(probe, self.view.player, self.view.current_player) != self.view:
            raise ValueError("inconsistent view: no state with these cards and this history looks like it")

    def _prepare(self) -> None:
        view = self.view
        n = view.num_players
        past = self._unseen.past
        log: list[Event] = []
        missing: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for event in view.events:
            if isinstance(event, SeenPass):
                index = len(log)
                log.append(PassEvent(event.round, event.player, -1 if event.left is None else event.left,
                                     -1 if event.right is None else event.right))
                if event.left is None:
                    missing.setdefault((event.round, (event.player + 1) % n), []).append((index, 0))
                if event.right is None:
                    missing.setdefault((event.round, (event.player - 1) % n), []).append((index, 1))
            else:
                log.append(event)
        slots: list[_Slot] = []
        for (number, receiver), entries in sorted(missing.items()):
            played = past.rounds[number]
            known = 0
            for card in played.received(receiver):
                if card is not None:
                    known |= 1 << card
            candidates: tuple[int, ...] = ()
            if number != view.round:
                commit = played.commit(receiver)
                holding = played.played[receiver] & ~(1 << commit if commit >= 0 else 0)
                candidates = tuple(mask_indices(holding & ~known))
                assert len(candidates) >= len(entries), f"round {number}: too few cards to have been passed"
            slots.append(_Slot(number, receiver, tuple(entries), candidates, known))
        self._log = log
        self._slots = slots

    def sample(self, rng: random.Random) -> DivideState:
        """One consistent state, drawn with ``rng``."""
        return self._sample(rng)

    def weight(self, state: DivideState) -> float:
        """1.0 for every sample: :meth:`sample` draws every consistent placement of the unseen
        cards equally often, as the books count."""
        return 1.0

    def _sample(self, rng: Draws) -> DivideState:
        view = self.view
        me = view.player
        assert me is not None
        n = view.num_players
        current = self._unseen.past.current
        known = self._unseen.known
        placement = self.deals.sample(rng)
        flipped = view.trick >= 1
        hands = []
        commits = []
        passes = []
        for seat in range(n):
            if seat == me:
                hands.append(view.hand)
                commits.append(view.commit)
                passes.append(view.my_pass)
                continue
            hands.append(placement.get(hand_place(seat), 0) | known.get(seat, 0))
            if not view.committed[seat]:
                commits.append(-1)
            elif flipped:
                commits.append(current.commit(seat))
            else:
                commits.append(placement[commit_place(seat)].bit_length() - 1)
            if view.passed[seat] and view.phase == Phase.PASS:
                left = placement[pass_place(seat, "left")].bit_length() - 1
                right = placement[pass_place(seat, "right")].bit_length() - 1
                passes.append(act.pass_action(left, right))
            else:
                passes.append(-1 if not view.passed[seat] else -2)  # -2: read from the log below
        log = self._log
        if self._slots:
            log = log[:]
            for slot in self._slots:
                if slot.round == view.round:
                    commit = commits[slot.receiver]
                    holding = hands[slot.receiver] | current.played[slot.receiver]
                    if commit >= 0:
                        holding &= ~(1 << commit)
                    candidates: Sequence[int] = mask_indices(holding & ~slot.exclude)
                else:
                    candidates = slot.candidates
                chosen = rng.sample(candidates, len(slot.entries))
                for (index, side), card in zip(slot.entries, chosen, strict=True):
                    event = log[index]
                    assert isinstance(event, PassEvent)
                    log[index] = PassEvent(event.round, event.player, card if side == 0 else event.left,
                                           card if side == 1 else event.right)
        if -2 in passes:
            for event in log:
                if isinstance(event, PassEvent) and event.round == view.round and passes[event.player] == -2:
                    passes[event.player] = act.pass_action(event.left, event.right)
        placed = DECK_MASKS[n] & ~placement["undealt"]
        return DivideState(
            options=view.options, phase=view.phase, round=view.round, dealer=view.dealer, hands=tuple(hands),
            placed=placed if view.dealer >= 0 else 0, commits=tuple(commits), passes=tuple(passes), line=view.line,
            revealed=view.revealed, trick=view.trick, leader=view.leader, plays=view.plays,
            finishers=view.finishers, picks=view.picks, trump=view.trump, next_leader=view.next_leader,
            round_points=view.round_points, scores=view.scores, fives=view.fives, led=view.led, log=tuple(log),
            outcome=view.outcome)


def sample_state(view: PlayerView, rng: random.Random) -> DivideState:
    """A full state drawn from the states consistent with ``view`` (see the module text)."""
    return WorldSampler(view).sample(rng)


__all__ = ["WorldSampler", "sample_state"]

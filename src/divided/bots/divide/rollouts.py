"""DIVIDE's fast playouts and its rollout policies for the generic ISMCTS (:mod:`divided.bots.ismcts`)
and PIMC, and for the expert's playouts.

* :class:`Playout` plays the rest of a round from a full state (a determinised world) on bit
  masks, without the engine's frozen states: every seat by the skilled rules
  (:mod:`divided.bots.divide.skilled`, each seat from what it knows: its hand, the cards played,
  the voids shown, the tokens face up) or by uniformly random legal actions. Chance as the rules
  have it: the rest of the deal at random, the face-down tokens in a random order.
* The ISMCTS tree covers the decisions of the round in play (commits, passes, cards, rewards) and
  stops at chance (a token turning face up, the next deal). A leaf is scored by each player's
  chance of winning the game: the game's returns when the round ends it, else
  :func:`win_chances` from the totals after the round.
* ``skilled``: the skilled rules play every seat; ``random``: uniformly random legal actions.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from divided.bots.divide.skilled import Seat, commit_choice, draft_choice, pass_choice, play_choice
from divided.cards import mask_indices
from divided.games.divide import actions as act
from divided.games.divide.rules import DECK_MASKS, decide, reward_actions
from divided.games.divide.state import (
    HAND_SIZE,
    REVEAL_ORDER,
    TOKENS,
    TRICKS,
    DivideState,
    Phase,
    TrickEvent,
    revealed_by,
)
from divided.games.divide.tricks import finishing_seats, lead_suit, playable

ROLLOUTS = ("random", "skilled")
_SEARCHED = (Phase.COMMIT, Phase.PASS, Phase.PLAY, Phase.DRAFT)
ROUND_SPREAD = 5.0
"""The spread (points) of one player's round score against the table's, for :func:`win_chances`."""


def win_chances(scores: tuple[int, ...], rounds_left: int) -> tuple[float, ...]:
    """Each player's chance to win from the totals with ``rounds_left`` rounds to come: a
    softmax of the totals with a temperature of :data:`ROUND_SPREAD` x sqrt(rounds left) (a
    cheap model, not a measured table; the 50-point end and the tiebreakers are left out)."""
    if rounds_left <= 0:
        top = max(scores)
        winners = [s for s in scores if s == top]
        return tuple(1.0 / len(winners) if s == top else 0.0 for s in scores)
    temperature = ROUND_SPREAD * math.sqrt(rounds_left)
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


class Playout:
    """A round in play, on masks (see the module text). Build it with :meth:`of_state`, then
    :meth:`play_round`; :attr:`round_points`, :attr:`trump` and the rest hold the result."""

    def __init__(self, state: DivideState, rng: random.Random) -> None:
        opts = state.options
        self.players = n = opts.players
        self.rng = rng
        self.deck = DECK_MASKS[n]
        self.dealer = state.dealer if state.dealer >= 0 else rng.randrange(n)
        self.first = (self.dealer + 1) % n
        self.hands = list(state.hands)
        self.commits = list(state.commits)
        self.passes = list(state.passes)
        self.phase = state.phase
        self.placed = state.placed
        hidden = list(TOKENS)
        for value in state.line:
            if value:
                hidden.remove(value)
        rng.shuffle(hidden)
        self.line = [v if v else hidden.pop() for v in state.line]
        self.revealed = state.revealed
        self._lines: dict[int, tuple[int, ...]] = {}
        self.trick = state.trick
        self.leader = state.leader
        self.plays = list(state.plays)
        self.finishers = state.finishers
        self.picks = list(state.picks)
        self.trump = state.trump
        self.next_leader = state.next_leader
        self.round_points = list(state.round_points)
        self.fives = list(state.fives)
        self.led = list(state.led)
        self.played = 0
        self.voids = [0] * n
        if state.trick >= 1:
            for event in reversed(state.log):
                if isinstance(event, TrickEvent):
                    if event.round != state.round:
                        break
                    self._seen(event.plays, event.trick)
            self._seen(tuple(state.plays), state.trick)

    @classmethod
    def of_state(cls, state: DivideState, rng: random.Random) -> Playout:
        return cls(state, rng)

    def _seen(self, plays: tuple[tuple[int, int], ...], trick: int) -> None:
        self.played |= sum(1 << c for _, c in plays)
        if trick > 1:
            lead = lead_suit([c for _, c in plays])
            if lead is not None:
                for seat, card in plays:
                    if card >= 52 or card % 4 != lead:
                        self.voids[seat] |= 1 << lead

    def seat(self, player: int) -> Seat:
        """What ``player`` knows now, as the skilled rules read it."""
        line = self._lines.get(self.revealed)
        if line is None:
            shown = set(REVEAL_ORDER[:self.revealed])
            line = self._lines[self.revealed] = tuple(v if i in shown else 0 for i, v in enumerate(self.line))
        hand = self.hands[player]
        leader = self.leader if self.trick >= 1 else self.first
        unseen = self.deck & ~hand & ~self.played
        for _, card in self.plays:
            unseen &= ~(1 << card)
        if self.trick == 0 and self.commits[player] >= 0:
            unseen &= ~(1 << self.commits[player])
        voids = self.voids
        if self.phase == Phase.PLAY and self.trick > 1 and len(self.plays) > 1:
            lead = lead_suit([c for _, c in self.plays])
            if lead is not None:
                voids = list(voids)
                for seat, card in self.plays:
                    if card >= 52 or card % 4 != lead:
                        voids[seat] |= 1 << lead
        return Seat(self.players, player, hand, unseen, self.trump, line, self.trick,
                    leader, tuple(self.plays), tuple(voids), tuple(h.bit_count() for h in self.hands))

    # -- the round ---------------------------------------------------------------------------
    def play_round(self, skilled: bool = True) -> None:
        """Play to the end of the round, every seat by the skilled rules (else at random)."""
        n, rng = self.players, self.rng
        if self.phase in (Phase.DEALER, Phase.DEAL):
            self._deal()
        if self.phase == Phase.COMMIT:
            for k in range(n):
                p = (self.first + k) % n
                if self.commits[p] < 0:
                    card = commit_choice(self.seat(p)) if skilled else rng.choice(mask_indices(self.hands[p]))
                    self.commits[p] = card
                    self.hands[p] &= ~(1 << card)
            self.phase = Phase.PASS
        if self.phase == Phase.PASS:
            for k in range(n):
                p = (self.first + k) % n
                if self.passes[p] < 0:
                    if skilled:
                        action = pass_choice(self.seat(p))
                    else:
                        left, right = rng.sample(mask_indices(self.hands[p]), 2)
                        action = act.pass_action(left, right)
                    self.passes[p] = action
                    self.hands[p] &= ~(1 << act.pass_cards(action)[0] | 1 << act.pass_cards(action)[1])
            for p in range(n):
                left, right = act.pass_cards(self.passes[p])
                self.hands[(p + 1) % n] |= 1 << left
                self.hands[(p - 1) % n] |= 1 << right
            self.phase = Phase.TOKENS
        if self.phase == Phase.TOKENS:
            self.revealed = revealed_by(self.trick)
            if self.trick == 0:
                self.trick, self.leader = 1, self.first
                self.plays = [((self.first + k) % n, self.commits[(self.first + k) % n]) for k in range(n)]
                self._resolve()
            else:
                self._next_trick()
        while self.phase != Phase.OVER:
            if self.phase == Phase.PLAY:
                p = (self.leader + len(self.plays)) % n
                legal = playable(self.hands[p], [c for _, c in self.plays])
                if legal & (legal - 1) == 0:  # one card: no decision
                    card = legal.bit_length() - 1
                elif skilled:
                    card = play_choice(self.seat(p))
                else:
                    card = rng.choice(mask_indices(legal))
                self.hands[p] &= ~(1 << card)
                self.plays.append((p, card))
                if len(self.plays) == n:
                    self._resolve()
            else:
                p = self.finishers[len(self.picks)]
                offered = reward_actions(tuple(self.picks))
                action = draft_choice(self.seat(p), offered) if skilled else rng.choice(offered)
                self._pick(p, action)

    def _deal(self) -> None:
        n = self.players
        undealt = mask_indices(self.deck & ~self.placed)
        self.rng.shuffle(undealt)
        for p in range(n):
            while self.hands[p].bit_count() < HAND_SIZE:
                self.hands[p] |= 1 << undealt.pop()
        self.phase = Phase.COMMIT

    def _resolve(self) -> None:
        self._seen(tuple(self.plays), self.trick)
        self.finishers = finishing_seats(self.plays, self.trump)[:3]
        self.led[self.leader] += 1
        self.picks = []
        self.phase = Phase.DRAFT

    def _pick(self, player: int, action: int) -> None:
        reward = act.reward_of(action)
        if reward == act.Reward.POINTS:
            token = self.line[self.trick - 1]
            self.round_points[player] += token
            self.fives[player] += token == 5
        elif reward == act.Reward.TRUMP:
            self.trump = act.declared_rank(action)
        else:
            self.next_leader = player
        self.picks.append(action)
        if len(self.picks) == 2:
            left = reward_actions(tuple(self.picks))
            if len(left) == 1:
                self._pick(self.finishers[2], left[0])
                return
        if len(self.picks) < 3:
            return
        self.revealed = revealed_by(self.trick)
        if self.trick == TRICKS:
            self.phase = Phase.OVER
            return
        self._next_trick()

    def _next_trick(self) -> None:
        self.trick += 1
        self.leader = self.next_leader
        self.plays = []
        self.finishers = ()
        self.picks = []
        self.phase = Phase.PLAY


@dataclass(frozen=True)
class DivideRollout:
    """The search of one round, with ``kind`` playouts (see the module text)."""

    kind: str = "skilled"

    def searched(self, state: DivideState) -> bool:
        return state.phase in _SEARCHED

    def rollout(self, state: DivideState, rng: random.Random) -> tuple[float, ...]:
        return result_after_round(state, rng, self.kind == "skilled")


def result_after_round(state: DivideState, rng: random.Random, skilled: bool = True) -> tuple[float, ...]:
    """Every player's chance to win, after the round in play is played out (see the module text)."""
    opts = state.options
    n = opts.players
    if state.phase == Phase.OVER:
        assert state.outcome is not None
        winners = state.outcome.winners
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
    game = Playout(state, rng)
    game.play_round(skilled)
    scores = tuple(s + p for s, p in zip(state.scores, game.round_points, strict=True))
    rounds_left = opts.rounds - state.round - 1
    if (opts.end_score and max(scores) >= opts.end_score) or rounds_left == 0:
        winners = decide(scores, tuple(game.fives), tuple(game.led), "").winners
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
    return win_chances(scores, rounds_left)


def rollout_policy(name: str) -> DivideRollout:
    """The policy called ``name``: "random" or "skilled"."""
    if name not in ROLLOUTS:
        raise ValueError(f"rollout must be 'random' or 'skilled', got {name!r}")
    return DivideRollout(name)

"""The rest of a DIVIDE round played out on bit masks, a fast rollout policy for every seat.

The expert values an action by playing the round out in sampled worlds. A :class:`Round` holds
what the playout needs of a world: every hand, the commits and passes made so far, the current
trick, the Divide in progress, the whole token line (the face-down tokens filled in from the
multiset left when the world is built), the Trump Rank and the points. It is mutable and much
faster than the engine's frozen state (no log, no views); a test plays whole rounds both ways
and checks they agree move for move.

The rollout policy (:func:`policy`) decides for a seat from what that seat sees only: its own
hand, the cards of the current trick, the Trump Rank, the current token, the trick number, the
rewards left in the Divide. Its rules, in a player's words:

- *Commit*: the lowest card that is not of the Trump Rank (a cheap card for Trick 1), or a card
  of the Trump Rank (or a Joker) if it holds nothing else.
- *Pass*: the two lowest cards that are not of the Trump Rank or Jokers; the lowest goes left.
- *Lead*: a sure winner (a card of the Trump Rank; a Joker under No Trump) when the token is
  worth 3 or more, else the highest card of the hand's longest suit.
- *Follow*: the cheapest card that beats the trick so far when the token is worth 3 or more or
  it plays last; otherwise (or when nothing beats it) the cheapest card.
- *Draft*: Points is worth the token's value; Trump the gain in cards of the declared rank over
  the current one (1.2 a card while tricks remain); Lead 1.5 with a sure winner to lead, else
  0.5; the best of what is left (ties: Points, Trump, Lead). Trump declares the rank held most
  (the higher on a tie).

A finished round is scored by :func:`win_share`: exact (ruling D9) when the game ends with it,
else a model of the rounds still to come (each seat's points a round normal with the same mean
and spread, :data:`ROUND_SPREAD`, the table's total fixed): the chance of finishing first.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from divided.games.divide import actions as act
from divided.games.divide.rules import decide
from divided.games.divide.state import TOKENS, TRICKS, DivideState, Phase

COMMIT, PASS, PLAY, DRAFT, DONE = 0, 1, 2, 3, 4
GOT_POINTS, GOT_TRUMP, GOT_LEAD = 1, 2, 4
_SUITS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
_RANKS = {rank: 0b1111 << (4 * (rank - 2)) for rank in range(2, 15)}
_JOKERS = (1 << 52) | (1 << 53)

ROUND_SPREAD = {4: 3.3, 6: 3.0}
"""The standard deviation of one seat's points in a round, by table size (measured with this
policy on every seat: ``benchmarks/bench_divide_bots.py --spread``), for :func:`win_share`."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_key(card: int, position: int, lead: int, trump: int) -> int:
    """Ruling D4's order as one number (bigger finishes higher) for the card played
    ``position``-th under lead suit ``lead`` (-1: none yet) and Trump Rank ``trump`` (0: No Trump)."""
    if card >= 52:
        return 20000 - position
    rank, suit = (card >> 2) + 2, card & 3
    if rank == trump:
        return 30000 + (10 if suit == lead else 0) + 3 - suit
    if suit == lead:
        return 10000 + rank * 10
    return rank * 10 + 3 - suit


def _lead_suit(plays: list[int]) -> int:
    for card in plays:
        if card < 52:
            return card & 3
    return -1


def _playable(hand: int, plays: list[int]) -> int:
    suit = _lead_suit(plays)
    if suit < 0:
        return hand
    following = hand & _SUITS[suit]
    return following or hand


@dataclass(slots=True)
class Round:
    """A round in play, on masks (mutable: a playout changes it). ``trump`` 0 is No Trump."""

    n: int
    hands: list[int]
    phase: int
    first_leader: int
    commits: list[int]
    passes: list[int]
    trick: int
    leader: int
    plays: list[int]
    trump: int
    line: list[int]
    round_points: list[int]
    scores: list[int]
    fives: list[int]
    led: list[int]
    next_leader: int
    finishers: list[int]
    taken: int
    picks: int

    def copy(self) -> Round:
        return Round(self.n, self.hands[:], self.phase, self.first_leader, self.commits[:], self.passes[:],
                     self.trick, self.leader, self.plays[:], self.trump, self.line, self.round_points[:],
                     self.scores, self.fives[:], self.led[:], self.next_leader, self.finishers, self.taken,
                     self.picks)

    def mover(self) -> int:
        """The seat to act."""
        if self.phase == PLAY:
            return (self.leader + len(self.plays)) % self.n
        if self.phase == DRAFT:
            return self.finishers[self.picks]
        if self.phase == COMMIT:
            return (self.first_leader + sum(c >= 0 for c in self.commits)) % self.n
        if self.phase == PASS:
            return (self.first_leader + sum(p >= 0 for p in self.passes)) % self.n
        return -1

    def token(self) -> int:
        return self.line[self.trick - 1] if self.trick >= 1 else 0

    def apply(self, action: int) -> None:
        """The mover's ``action`` (numbered as in :mod:`divided.games.divide.actions`; not checked)."""
        seat = self.mover()
        phase = self.phase
        if phase == PLAY:
            self.hands[seat] &= ~(1 << action)
            self.plays.append(action)
            if len(self.plays) == self.n:
                self._resolve()
        elif phase == DRAFT:
            self._pick(seat, action)
        elif phase == COMMIT:
            self.hands[seat] &= ~(1 << action)
            self.commits[seat] = action
            if all(c >= 0 for c in self.commits):
                self.phase = PASS
        elif phase == PASS:
            left, right = divmod(action - act.PASS_BASE, act.DECK_SIZE)
            self.hands[seat] &= ~(1 << left | 1 << right)
            self.passes[seat] = action
            if all(p >= 0 for p in self.passes):
                self._exchange()
        else:
            raise ValueError("the round is over")

    def _exchange(self) -> None:
        n = self.n
        for seat in range(n):
            left, right = divmod(self.passes[seat] - act.PASS_BASE, act.DECK_SIZE)
            self.hands[(seat + 1) % n] |= 1 << left
            self.hands[(seat - 1) % n] |= 1 << right
        self.trick = 1
        self.leader = self.first_leader
        self.plays = [self.commits[(self.first_leader + k) % n] for k in range(n)]
        self._resolve()

    def _resolve(self) -> None:
        plays, n, leader = self.plays, self.n, self.leader
        lead = _lead_suit(plays)
        keyed = sorted(((card_key(card, i, lead, self.trump), (leader + i) % n) for i, card in enumerate(plays)),
                       reverse=True)
        self.led[leader] += 1
        self.finishers = [keyed[0][1], keyed[1][1], keyed[2][1]]
        self.phase = DRAFT
        self.taken = 0
        self.picks = 0

    def _pick(self, seat: int, action: int) -> None:
        if action == act.POINTS:
            token = self.line[self.trick - 1]
            self.round_points[seat] += token
            if token == 5:
                self.fives[seat] += 1
            self.taken |= GOT_POINTS
        elif action == act.LEAD:
            self.next_leader = seat
            self.taken |= GOT_LEAD
        else:
            self.trump = 0 if action == act.NO_TRUMP else action - act.TRUMP_BASE + 2
            self.taken |= GOT_TRUMP
        self.picks += 1
        if self.picks == 2 and self.taken & GOT_TRUMP:
            self._pick(self.finishers[2], act.LEAD if self.taken & GOT_POINTS else act.POINTS)
            return
        if self.picks < 3:
            return
        if self.trick == TRICKS:
            self.phase = DONE
            return
        self.trick += 1
        self.leader = self.next_leader
        self.plays = []
        self.phase = PLAY

    def play_out(self) -> None:
        """Every seat plays :func:`policy` to the end of the round."""
        while self.phase != DONE:
            self.apply(policy(self, self.mover()))


# -- the rollout policy ----------------------------------------------------------------------
def _low_card(cards: int, trump: int) -> int:
    """The cheapest card of ``cards``: the lowest rank not of the Trump Rank, Jokers last."""
    plain = cards & ~_JOKERS & ~_RANKS.get(trump, 0)
    pool = plain or cards & ~_JOKERS or cards
    return (pool & -pool).bit_length() - 1


def _sure_lead(hand: int, trump: int) -> int:
    """A card that wins the trick whatever follows when led (-1: none)."""
    if trump:
        held = hand & _RANKS[trump]
        if held:
            return (held & -held).bit_length() - 1
        return -1
    jokers = hand & _JOKERS
    return (jokers & -jokers).bit_length() - 1 if jokers else -1


def best_rank(hand: int) -> int:
    """The rank held most (the higher on a tie), 0 for an empty hand."""
    best, count = 0, 0
    for rank in range(14, 1, -1):
        held = (hand & _RANKS[rank]).bit_count()
        if held > count:
            best, count = rank, held
    return best


def _draft(r: Round, seat: int) -> int:
    hand = r.hands[seat]
    left = TRICKS - r.trick
    options: list[tuple[float, int, int]] = []
    if not r.taken & GOT_POINTS:
        options.append((float(r.line[r.trick - 1]), 2, act.POINTS))
    if not r.taken & GOT_TRUMP:
        rank = best_rank(hand)
        gain = (hand & _RANKS[rank]).bit_count() - (hand & _RANKS.get(r.trump, 0)).bit_count() if rank else 0
        if r.trump == 0 and hand & _JOKERS:
            gain = 0
        options.append((1.2 * gain if left else 0.0, 1, act.trump_action(rank) if rank else act.NO_TRUMP))
    if not r.taken & GOT_LEAD:
        options.append(((1.5 if _sure_lead(hand, r.trump) >= 0 else 0.5) if left else 0.0, 0, act.LEAD))
    return max(options)[2]


def policy(r: Round, seat: int) -> int:
    """The rollout policy's action for ``seat`` (see the module text)."""
    hand = r.hands[seat]
    phase = r.phase
    if phase == PLAY:
        plays = r.plays
        legal = _playable(hand, plays)
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        token = r.line[r.trick - 1]
        if not plays:
            if token >= 3:
                sure = _sure_lead(legal, r.trump)
                if sure >= 0:
                    return sure
            longest = max(range(4), key=lambda s: ((legal & _SUITS[s]).bit_count(), s))
            suited = legal & _SUITS[longest] & ~_RANKS.get(r.trump, 0)
            if not suited:
                return _low_card(legal, r.trump)
            return suited.bit_length() - 1
        lead = _lead_suit(plays)
        trump = r.trump
        best = max(card_key(card, i, lead, trump) for i, card in enumerate(plays))
        position = len(plays)
        if token >= 3 or position == r.n - 1:
            winner, cost = -1, 1 << 30
            for card in _bits(legal):
                key = card_key(card, position, lead, trump)
                if best < key < cost:
                    winner, cost = card, key
            if winner >= 0:
                return winner
        cheapest, cost = -1, 1 << 30
        for card in _bits(legal):
            key = card_key(card, position, lead, trump)
            if key < cost:
                cheapest, cost = card, key
        return cheapest
    if phase == DRAFT:
        return _draft(r, seat)
    if phase == COMMIT:
        return _low_card(hand, r.trump)
    if phase == PASS:
        first = _low_card(hand, r.trump)
        second = _low_card(hand & ~(1 << first), r.trump)
        return act.pass_action(first, second)
    raise ValueError("the round is over")


# -- worlds and values -----------------------------------------------------------------------
_PHASES = {Phase.COMMIT: COMMIT, Phase.PASS: PASS, Phase.PLAY: PLAY, Phase.DRAFT: DRAFT}


def round_of(state: DivideState, rng: random.Random) -> Round:
    """The playout's copy of a full state at a player's decision (commit, pass, play or draft);
    the face-down tokens are drawn from the multiset left with ``rng``."""
    if state.phase not in _PHASES:
        raise ValueError(f"no playout from the {state.phase} phase")
    left = list(TOKENS)
    for value in state.line:
        if value:
            left.remove(value)
    rng.shuffle(left)
    line = [value or left.pop() for value in state.line]
    taken = 0
    for pick in state.picks:
        taken |= {act.Reward.POINTS: GOT_POINTS, act.Reward.TRUMP: GOT_TRUMP, act.Reward.LEAD: GOT_LEAD}[
            act.reward_of(pick)]
    return Round(state.options.players, list(state.hands), _PHASES[state.phase], state.first_leader,
                 list(state.commits), list(state.passes), state.trick, state.leader,
                 [card for _, card in state.plays], state.trump or 0, line, list(state.round_points),
                 list(state.scores), list(state.fives), list(state.led), state.next_leader, list(state.finishers),
                 taken, len(state.picks))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_share(totals: list[int], fives: list[int], led: list[int], seat: int, rounds_left: int,
              end_score: int, spread: float) -> float:
    """``seat``'s expected share of the win after a round that leaves ``totals``: exact by ruling
    D9 when the game is over (no rounds left, or a total reached ``end_score``; 0 = off), else
    each seat's chance of finishing first if every seat's future points are normal with the same
    mean and ``spread`` per round, summing to a constant (the pairwise chances multiplied,
    normalised)."""
    if rounds_left <= 0 or (end_score and max(totals) >= end_score):
        outcome = decide(tuple(totals), tuple(fives), tuple(led), "")
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    n = len(totals)
    scale = spread * math.sqrt(2.0 * n / (n - 1) * rounds_left)  # a round's points sum to 23: cov -var/(n-1)
    weights = []
    for i, mine in enumerate(totals):
        w = 1.0
        for j, theirs in enumerate(totals):
            if i != j:
                w *= _phi((mine - theirs) / scale)
        weights.append(w)
    return weights[seat] / sum(weights)


def value_of(r: Round, seat: int, rounds_left: int, end_score: int, spread: float, unit: str = "win") -> float:
    """A finished playout's value for ``seat``: its :func:`win_share` (``unit`` "win"), or its
    round points less the table's mean (``unit`` "points")."""
    if unit == "points":
        return r.round_points[seat] - sum(r.round_points) / r.n
    totals = [s + p for s, p in zip(r.scores, r.round_points, strict=True)]
    return win_share(totals, r.fives, r.led, seat, rounds_left, end_score, spread)

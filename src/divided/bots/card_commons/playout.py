"""The rest of a Card Commons round played out on bit masks, the skilled rules on both sides.

The expert values an action by playing the round out in sampled worlds, and the generic ISMCTS
scores its leaves the same way. A :class:`Round` holds what the playout needs of a world: both
hands, reserved cards, face-up cards, discards, used actions, the turn and the draw pile in the
order it will be drawn. Each player decides from what it sees only (its own hand and Collection,
the opponent's face-up cards: :func:`~divided.bots.card_commons.skilled.turn_choice` and friends),
so a playout never reads a hidden card for a decision; the world only supplies the draws and the
opponent's hand.

A finished round is scored from one player's side by a table of the nine outcomes of the two
comparisons (win, tie, lose each), :func:`round_table`: the chance of winning the match after
each outcome.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from divided.bots.card_commons.match import Situation, round_payoffs, win_probability
from divided.bots.card_commons.skilled import build_three, decoded, keep_choice, turn_choice
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import ALL_CARDS, TURNS, CardCommonsState, Phase
from divided.games.card_commons.view import PlayerView
from divided.hands.five import strength_table
from divided.hands.three import strength3_table

WIN, TIE, LOSE = 0, 1, 2
Table = tuple[tuple[float, ...], ...]
"""``table[five][three]``: the value of a round's outcome, indexed by WIN, TIE, LOSE (one side)."""


def round_table(my_score: int, their_score: int, *, target: int, i_start: bool, next_starter: str,
                extra: bool, extra_rounds: int, max_extra_rounds: int) -> Table:
    """The chance of winning the match after each outcome of this round, from one side
    (:func:`~divided.bots.card_commons.match.round_payoffs`: exact for a round that ends the
    match, the both-reach rule and C6's extra rounds; the match model for the rounds after)."""
    return _round_table(Situation(my_score, their_score, target, i_start, next_starter, extra, extra_rounds,
                                  max_extra_rounds))


@cache
def _round_table(situation: Situation) -> Table:
    return round_payoffs(situation)


def win_chance(state: CardCommonsState, player: int) -> float:
    """``player``'s chance of winning the match before a round is dealt (the match model,
    :func:`~divided.bots.card_commons.match.win_probability`; an extra round counts as even)."""
    if state.extra:
        return 0.5
    opts = state.options
    return win_probability(state.scores[player], state.scores[1 - player], opts.target,
                           i_start=state.starter == player, next_starter=opts.next_starter,
                           max_extra_rounds=opts.max_extra_rounds)


def table_of_view(view: PlayerView) -> Table:
    """:func:`round_table` of the round ``view`` shows, from its player's side."""
    assert view.player is not None
    me, opts = view.player, view.options
    return round_table(view.scores[me], view.scores[1 - me], target=opts.target, i_start=view.starter == me,
                       next_starter=opts.next_starter, extra=view.extra, extra_rounds=view.extra_rounds,
                       max_extra_rounds=opts.max_extra_rounds)


def table_of_state(state: CardCommonsState, player: int) -> Table:
    """:func:`round_table` of ``state``'s round, from ``player``'s side."""
    opts = state.options
    return round_table(state.scores[player], state.scores[1 - player], target=opts.target,
                       i_start=state.starter == player, next_starter=opts.next_starter, extra=state.extra,
                       extra_rounds=state.extra_rounds, max_extra_rounds=opts.max_extra_rounds)


@dataclass(slots=True)
class Round:
    """A round in play, on masks (mutable: a playout changes it)."""

    starter: int
    turn: int  # turns completed
    hands: list[int]
    reserved: list[int]
    face_up: list[int]
    discards: list[int]
    used: list[int]
    pile: list[int]  # card indices, drawn from the end
    drawn: bool  # the turn player has drawn this turn's card
    offer: int = -1  # a pending offer (the keeper decides next)

    def copy(self) -> Round:
        return Round(self.starter, self.turn, self.hands[:], self.reserved[:], self.face_up[:], self.discards[:],
                     self.used[:], self.pile[:], self.drawn, self.offer)

    def turn_player(self) -> int:
        return self.starter if self.turn % 2 == 0 else 1 - self.starter

    @classmethod
    def of_state(cls, state: CardCommonsState, rng: random.Random) -> Round:
        """The round of a full state at a draw, a turn or a keep (the pile shuffled by ``rng``)."""
        pile = [c for c in range(21) if state.pile >> c & 1]
        rng.shuffle(pile)
        return cls(state.starter, state.turn, list(state.hands), list(state.reserved), list(state.face_up),
                   list(state.discards), list(state.used), pile, state.phase in (Phase.ACT, Phase.KEEP),
                   state.offer if state.phase == Phase.KEEP else -1)

    def apply_turn(self, action: int) -> None:
        """The turn player uses ``action`` (an offer waits for :meth:`apply_keep`)."""
        player = self.turn_player()
        kind, cards, _ = decoded(action)
        self.hands[player] &= ~cards
        self.used[player] |= 1 << kind
        if kind == act.Kind.RESERVE:
            self.reserved[player] = cards
        elif kind == act.Kind.DISCARD:
            self.discards[player] |= cards
        else:
            self.offer = action
            return
        self._end_turn()

    def apply_keep(self, reply: int) -> None:
        """The keeper answers the pending offer with ``reply``."""
        keeper = 1 - self.turn_player()
        offered = decoded(self.offer)[1]
        taken = decoded(reply)[1]
        self.face_up[keeper] |= taken
        self.face_up[1 - keeper] |= offered & ~taken
        self.offer = -1
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.drawn = False

    def collection(self, player: int) -> int:
        return self.reserved[player] | self.face_up[player]

    def unseen_by(self, player: int) -> int:
        """The cards ``player`` cannot place."""
        return ALL_CARDS & ~(self.hands[player] | self.reserved[player] | self.face_up[0] | self.face_up[1]
                             | self.discards[player])

    def keep_reply(self) -> int:
        """The skilled keeper's reply to the pending offer, from the keeper's view."""
        keeper = 1 - self.turn_player()
        return keep_choice(self.offer, self.collection(keeper), self.hands[keeper], self.used[keeper],
                           self.face_up[1 - keeper])

    def play_out(self) -> tuple[int, int]:
        """Play the round to its builds with the skilled rules on both sides; the 3-card hands."""
        if self.offer >= 0:
            self.apply_keep(self.keep_reply())
        while self.turn < TURNS:
            player = self.turn_player()
            if not self.drawn:
                self.hands[player] |= 1 << self.pile.pop()
                self.drawn = True
            self.apply_turn(turn_choice(self.hands[player], self.used[player], self.collection(player),
                                        self.face_up[player], self.face_up[1 - player]))
            if self.offer >= 0:
                self.apply_keep(self.keep_reply())
        first, second = (build_three(self.collection(p), self.face_up[1 - p], self.unseen_by(p)) for p in (0, 1))
        return first, second

    def outcome(self, threes: tuple[int, int], player: int) -> tuple[int, int]:
        """The five- and three-card comparisons (WIN, TIE, LOSE) from ``player``'s side."""
        five, three = strength_table(), strength3_table()
        mine, theirs = self.collection(player), self.collection(1 - player)
        a, b = five[mine ^ threes[player]], five[theirs ^ threes[1 - player]]
        c, d = three[threes[player]], three[threes[1 - player]]
        return (WIN if a > b else TIE if a == b else LOSE), (WIN if c > d else TIE if c == d else LOSE)

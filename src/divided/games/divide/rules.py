"""The rules of DIVIDE as a pure state machine (OpenSpiel's vocabulary).

A game is up to four rounds. Each round: the deal (nine cards each, from the player left of the
dealer), every player commits a card for Trick 1, then passes one card left and one right (both
sequential hidden commits: in seat order from the player left of the dealer, nothing shown until
the rules reveal it), the two end tokens of the line turn face up, Trick 1 is flipped, and Tricks
2-9 are played. After every trick the top three finishers draft Points, Trump and Lead (a third
finisher left with Points or Lead takes it without a decision). The game ends after the last
round or when a total reaches 50 after a round; ruling D9's tiebreakers settle first place.

Chance is explicit: the first dealer (``coin:dealer``), each dealt card (``deal``) and each token
as it turns face up (``token``; a face-down token is never drawn before it is revealed, which
gives the same line of tokens in distribution and keeps nothing hidden in the state that no
player could know).

>>> from divided import games
>>> game = games.load("divide", first_dealer=3)
>>> state = game.new_initial_state(seed=7)
>>> state.current_player(), len(state.legal_actions())  # the player left of the dealer commits
(0, 9)
>>> game.info.num_players, games.load("divide", players=6).info.num_players
(4, 6)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, replace
from operator import attrgetter

from divided.cards import STANDARD_54, mask_indices
from divided.errors import IllegalActionError, InvalidNotationError
from divided.games.base import (
    CHANCE,
    TERMINAL,
    ChanceNode,
    GameInfo,
    OptionValue,
    Result,
    Rules,
    pick_outcome,
    seeded_fraction,
)
from divided.games.divide import actions as act
from divided.games.divide.options import OPTIONS, Options
from divided.games.divide.state import (
    HAND_SIZE,
    REVEAL_ORDER,
    TOKENS,
    TRICKS,
    DivideState,
    Event,
    Outcome,
    PassEvent,
    Phase,
    PickEvent,
    RevealEvent,
    RoundEvent,
    TrickEvent,
    revealed_by,
)
from divided.games.divide.tricks import finishing_seats, playable
from divided.games.divide.view import PlayerView, observe, result_of

DECK_MASKS = {4: (1 << 52) - 1, 6: (1 << 54) - 1}
"""The deck by table size: 52 cards for four players, 54 (two Jokers) for six."""


def moves_per_round(players: int) -> int:
    """The most moves in a round: the deal, the commits, the passes, nine tokens, Tricks 2-9 and
    three picks a trick."""
    return HAND_SIZE * players + players + players + len(TOKENS) + (TRICKS - 1) * players + 3 * TRICKS


INFO = GameInfo(
    short_name="divide",
    long_name="DIVIDE",
    num_players=4,
    min_players=4,
    max_players=6,
    num_distinct_actions=act.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=act.MAX_CHANCE_OUTCOMES,
    max_game_length=1 + 4 * moves_per_round(4),  # replaced per option set by game_info
    min_utility=0.0,
    max_utility=1.0,
    utility_sum=1.0,
    options=OPTIONS,
)


class DivideRules(Rules[DivideState, PlayerView]):
    """DIVIDE (rules and rulings D1-D10)."""

    info = INFO

    def game_info(self, options: Mapping[str, OptionValue]) -> GameInfo:
        """The info for an option set: the table size and the longest game.

        >>> DivideRules().game_info({"players": 6, "first_dealer": 0, "rounds": 4}).max_game_length
        600
        """
        opts = Options.from_mapping(dict(options))
        coin = 1 if opts.first_dealer == "random" else 0
        return replace(INFO, num_players=opts.players,
                       max_game_length=coin + opts.rounds * moves_per_round(opts.players))

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, OptionValue]) -> DivideState:
        opts = Options.from_mapping(dict(options))
        n = opts.players
        random_dealer = opts.first_dealer == "random"
        zeros = (0,) * n
        return DivideState(
            options=opts, phase=Phase.DEALER if random_dealer else Phase.DEAL, round=0,
            dealer=-1 if random_dealer else int(opts.first_dealer), hands=zeros, placed=0,
            commits=(-1,) * n, passes=(-1,) * n, line=(0,) * len(TOKENS), revealed=0, trick=0,
            leader=-1, plays=(), finishers=(), picks=(), trump=None, next_leader=-1, round_points=zeros,
            scores=zeros, fives=zeros, led=zeros, log=(), outcome=None)

    # -- queries ---------------------------------------------------------------------------
    def current_player(self, state: DivideState) -> int:
        phase = state.phase
        if phase is Phase.PLAY:
            return (state.leader + len(state.plays)) % state.options.players
        if phase is Phase.DRAFT:
            return state.finishers[len(state.picks)]
        if phase is Phase.DEAL or phase is Phase.TOKENS or phase is Phase.DEALER:
            return CHANCE
        n = state.options.players
        if phase is Phase.COMMIT:
            return (state.first_leader + n - state.commits.count(-1)) % n
        if phase is Phase.PASS:
            return (state.first_leader + n - state.passes.count(-1)) % n
        return TERMINAL

    def legal_actions(self, state: DivideState) -> list[int]:
        phase = state.phase
        if phase == Phase.DEALER:
            return list(range(state.options.players))
        if phase == Phase.DEAL:
            return mask_indices(_undealt(state))
        if phase == Phase.TOKENS:
            return sorted(_token_counts(state))
        player = self.current_player(state)
        if phase == Phase.COMMIT:
            return mask_indices(state.hands[player])
        if phase == Phase.PASS:
            return pass_actions(state.hands[player])
        if phase == Phase.PLAY:
            return mask_indices(playable(state.hands[player], [card for _, card in state.plays]))
        if phase == Phase.DRAFT:
            return reward_actions(state.picks)
        return []

    def chance_outcomes(self, state: DivideState) -> list[tuple[int, float]]:
        if state.phase == Phase.DEALER:
            n = state.options.players
            return [(seat, 1.0 / n) for seat in range(n)]
        if state.phase == Phase.DEAL:
            cards = mask_indices(_undealt(state))
            return [(card, 1.0 / len(cards)) for card in cards]
        if state.phase == Phase.TOKENS:
            counts = _token_counts(state)
            total = sum(counts.values())
            return [(value, counts[value] / total) for value in sorted(counts)]
        raise IllegalActionError(f"no chance outcomes: the game is at the {state.phase} phase")

    def chance_node(self, state: DivideState) -> ChanceNode:
        """``coin:dealer``; ``deal`` (nine cards a player a round, from the player left of the
        dealer); ``token`` (nine a round, in the order they turn face up)."""
        if state.phase == Phase.DEALER:
            return ChanceNode("coin:dealer", 0)
        if state.phase == Phase.DEAL:
            return ChanceNode("deal", state.round * 54 + state.placed.bit_count())
        if state.phase == Phase.TOKENS:
            return ChanceNode("token", state.round * len(TOKENS) + state.revealed)
        raise IllegalActionError(f"no chance node: the game is at the {state.phase} phase")

    def resolve_chance(self, state: DivideState, seed: int, step: int) -> tuple[DivideState, list[int]]:
        """As :meth:`Rules.resolve_chance` defines it (the same outcomes), dealing a round's cards
        in one step."""
        actions: list[int] = []
        while True:
            phase = state.phase
            if phase is Phase.DEAL:
                state = _deal_seeded(state, seed, step, actions)
            elif phase is Phase.TOKENS or phase is Phase.DEALER:
                action = pick_outcome(self.chance_outcomes(state), seeded_fraction(seed, step + len(actions)))
                state = _reveal(state, action) if phase is Phase.TOKENS else _evolve(state, phase=Phase.DEAL,
                                                                                      dealer=action)
                actions.append(action)
            else:
                return state, actions

    def returns(self, state: DivideState) -> list[float]:
        outcome = state.outcome
        if outcome is None:
            return [0.0] * state.options.players
        share = 1.0 / len(outcome.winners)
        return [share if seat in outcome.winners else 0.0 for seat in range(state.options.players)]

    def result(self, state: DivideState) -> Result | None:
        return None if state.outcome is None else result_of(state.outcome, state.scores, state.fives, state.led)

    def observe(self, state: DivideState, player: int | None) -> PlayerView:
        if player is not None and not (isinstance(player, int) and 0 <= player < state.options.players):
            raise IllegalActionError(f"there is no player {player!r} at a {state.options.players}-player table")
        return observe(state, player, self.current_player(state))

    def action_to_string(self, state: DivideState, action: int) -> str:
        phase = state.phase
        if phase == Phase.DEALER:
            return f"player {action} deals first"
        if phase == Phase.DEAL:
            return f"deal {STANDARD_54[action]}" if isinstance(action, int) and 0 <= action < 54 else f"<{action}>"
        if phase == Phase.TOKENS:
            return f"token {action}"
        try:
            text = act.describe(action)
        except (ValueError, TypeError):
            return f"<action {action}>"
        return f"commit {text}" if phase == Phase.COMMIT and act.is_card(action) else text

    def string_to_action(self, state: DivideState, text: str) -> int:
        """Read an action written as :meth:`action_to_string` writes it, or its number.

        Chance: ``player 2 deals first``, ``deal Qh`` (or ``Qh``), ``token 5``; a player's action as
        :func:`.actions.parse` reads it (``commit Qh`` or ``Qh`` for a commit). Legality is not
        checked here."""
        words = text.strip().split()
        if not words:
            raise InvalidNotationError("empty action: write e.g. 'Qh', 'pass Qh 2c', 'points', or its number")
        if len(words) == 1 and re.fullmatch(r"\d+", words[0]):
            return int(words[0])
        lowered = [w.lower() for w in words]
        if state.phase == Phase.DEALER:
            if len(words) == 4 and lowered[0] == "player" and words[1].isdigit() and lowered[2:] == ["deals", "first"]:
                return int(words[1])
            raise InvalidNotationError(f"cannot read {text!r}: the first dealer is 'player 2 deals first'")
        if state.phase == Phase.DEAL:
            if lowered[:-1] in ([], ["deal"]):
                return STANDARD_54.index(STANDARD_54.parse_card(words[-1]))
            raise InvalidNotationError(f"cannot read {text!r}: a dealt card is written 'deal Qh'")
        if state.phase == Phase.TOKENS:
            if len(words) == 2 and lowered[0] == "token" and words[1] in ("1", "3", "5"):
                return int(words[1])
            raise InvalidNotationError(f"cannot read {text!r}: a token is written 'token 1', 'token 3' or 'token 5'")
        if lowered[0] == "commit" and len(words) == 2:
            return STANDARD_54.index(STANDARD_54.parse_card(words[1]))
        return act.parse(text)

    # -- transitions -----------------------------------------------------------------------
    def apply(self, state: DivideState, action: int) -> DivideState:
        phase = state.phase
        if phase == Phase.OVER:
            raise IllegalActionError("the game is over; nothing changed")
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"action {action!r} is not a number; nothing changed")
        if phase == Phase.DEALER:
            self._check(0 <= action < state.options.players, state, action, "the dealer is a seat")
            return _evolve(state, phase=Phase.DEAL, dealer=action)
        if phase == Phase.DEAL:
            self._check(0 <= action < 54 and bool(_undealt(state) >> action & 1), state, action,
                        "that card is not in the undealt deck")
            return _deal(state, action)
        if phase == Phase.TOKENS:
            self._check(action in _token_counts(state), state, action, "no face-down token has that value")
            return _reveal(state, action)
        player = self.current_player(state)
        if phase == Phase.COMMIT:
            self._check(act.is_card(action) and bool(state.hands[player] >> action & 1), state, action,
                        "commit a card of your hand")
            return _commit(state, player, action)
        if phase == Phase.PASS:
            ok = act.is_pass(action)
            if ok:
                left, right = act.pass_cards(action)
                ok = bool(state.hands[player] >> left & 1) and bool(state.hands[player] >> right & 1)
            self._check(ok, state, action, "pass two different cards of your hand, one left and one right")
            return _pass(state, player, action)
        if phase == Phase.PLAY:
            allowed = playable(state.hands[player], [card for _, card in state.plays])
            self._check(act.is_card(action) and bool(allowed >> action & 1), state, action,
                        "play a card of your hand, following the lead suit if you can")
            return _play(state, player, action)
        self._check(action in reward_actions(state.picks), state, action,
                    "take one of the rewards still on offer (Trump with the rank you declare)")
        return _pick(state, player, action)

    def _check(self, ok: bool, state: DivideState, action: int, why: str) -> None:
        if not ok:
            who = self.current_player(state)
            actor = "chance" if who == CHANCE else f"player {who}"
            raise IllegalActionError(f"action {action} ({self.action_to_string(state, action)}) is illegal for "
                                     f"{actor} at the {state.phase} phase: {why}; nothing changed")


# -- legal actions ---------------------------------------------------------------------------
def pass_actions(hand: int) -> list[int]:
    """Every pass from a hand (mask): an ordered pair of different cards, in increasing order."""
    cards = mask_indices(hand)
    base, size = act.PASS_BASE, act.DECK_SIZE
    return [base + size * left + right for left in cards for right in cards if left != right]


def reward_actions(picks: tuple[int, ...]) -> list[int]:
    """The rewards still on offer after ``picks`` this Divide: Points, Lead, and Trump with each
    of its fourteen declarations."""
    taken = {act.reward_of(p) for p in picks}
    return list(_ON_OFFER[(act.Reward.POINTS in taken, act.Reward.LEAD in taken, act.Reward.TRUMP in taken)])


def _on_offer(points_taken: bool, lead_taken: bool, trump_taken: bool) -> tuple[int, ...]:
    return ((() if points_taken else (act.POINTS,)) + (() if lead_taken else (act.LEAD,))
            + (() if trump_taken else act.TRUMP_ACTIONS))


_ON_OFFER = {(p, q, r): _on_offer(p, q, r) for p in (False, True) for q in (False, True) for r in (False, True)}


def _undealt(state: DivideState) -> int:
    return DECK_MASKS[state.options.players] & ~state.placed


def _token_counts(state: DivideState) -> dict[int, int]:
    counts: dict[int, int] = {}
    for value in TOKENS:
        counts[value] = counts.get(value, 0) + 1
    for value in state.line:
        if value:
            counts[value] -= 1
    return {value: count for value, count in counts.items() if count}


# -- transitions -------------------------------------------------------------------------------
_FIELDS = tuple(f.name for f in fields(DivideState))
_VALUES = attrgetter(*_FIELDS)
_SET_FIELD = object.__setattr__


def _evolve(state: DivideState, **changes: object) -> DivideState:
    """``dataclasses.replace(state, **changes)`` at a third of the cost (the engine's hot path:
    a DivideState has no ``__post_init__``, so copying the fields is all ``replace`` does)."""
    new = object.__new__(DivideState)
    for name, value in zip(_FIELDS, _VALUES(state), strict=True):
        _SET_FIELD(new, name, value)
    for name, value in changes.items():
        _SET_FIELD(new, name, value)
    return new


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def _deal(state: DivideState, card: int) -> DivideState:
    n = state.options.players
    count = state.placed.bit_count()
    seat = (state.first_leader + count // HAND_SIZE) % n
    hands = _set(state.hands, seat, state.hands[seat] | 1 << card)
    phase = Phase.COMMIT if count + 1 == HAND_SIZE * n else Phase.DEAL
    return _evolve(state, phase=phase, hands=hands, placed=state.placed | 1 << card)


def _deal_seeded(state: DivideState, seed: int, step: int, actions: list[int]) -> DivideState:
    """The rest of the deal as :meth:`Rules.resolve_chance` picks it (the same outcome list, the
    same arithmetic as :func:`pick_outcome`), appending the cards to ``actions``."""
    n = state.options.players
    hands = list(state.hands)
    placed = state.placed
    cards = mask_indices(_undealt(state))
    count = placed.bit_count()
    while count < HAND_SIZE * n:
        u = seeded_fraction(seed, step + len(actions))
        probability = 1.0 / len(cards)
        index = len(cards) - 1
        for position in range(len(cards)):
            u -= probability
            if u < 0:
                index = position
                break
        card = cards.pop(index)
        seat = (state.first_leader + count // HAND_SIZE) % n
        hands[seat] |= 1 << card
        placed |= 1 << card
        count += 1
        actions.append(card)
    return _evolve(state, phase=Phase.COMMIT, hands=tuple(hands), placed=placed)


def _commit(state: DivideState, player: int, card: int) -> DivideState:
    hands = _set(state.hands, player, state.hands[player] & ~(1 << card))
    commits = _set(state.commits, player, card)
    phase = Phase.COMMIT if -1 in commits else Phase.PASS
    return _evolve(state, hands=hands, commits=commits, phase=phase)


def _pass(state: DivideState, player: int, action: int) -> DivideState:
    left, right = act.pass_cards(action)
    hands = _set(state.hands, player, state.hands[player] & ~(1 << left | 1 << right))
    passes = _set(state.passes, player, action)
    if -1 in passes:
        return _evolve(state, hands=hands, passes=passes)
    n = state.options.players
    events = []
    received = list(hands)
    for offset in range(n):  # the cards change hands together, logged in seat order from the leader
        seat = (state.first_leader + offset) % n
        give_left, give_right = act.pass_cards(passes[seat])
        received[(seat + 1) % n] |= 1 << give_left
        received[(seat - 1) % n] |= 1 << give_right
        events.append(PassEvent(state.round, seat, give_left, give_right))
    return _evolve(state, hands=tuple(received), passes=passes, phase=Phase.TOKENS, log=(*state.log, *events))


def _reveal(state: DivideState, value: int) -> DivideState:
    position = REVEAL_ORDER[state.revealed]
    line = _set(state.line, position, value)
    revealed = state.revealed + 1
    log = (*state.log, RevealEvent(state.round, position, value))
    if revealed < revealed_by(state.trick):
        return _evolve(state, line=line, revealed=revealed, log=log)
    if state.trick == 0:  # Trick 1 flips: the commits in seat order from the player left of the dealer
        n = state.options.players
        leader = state.first_leader
        plays = tuple(((leader + k) % n, state.commits[(leader + k) % n]) for k in range(n))
        return _evolve(state, line=line, revealed=revealed,
                       **_resolution(state, 1, leader, plays, log))
    return _evolve(state, line=line, revealed=revealed, log=log, **_next_trick(state, state.next_leader))


def _play(state: DivideState, player: int, card: int) -> DivideState:
    hands = _set(state.hands, player, state.hands[player] & ~(1 << card))
    plays = (*state.plays, (player, card))
    if len(plays) < state.options.players:
        return _evolve(state, hands=hands, plays=plays)
    return _evolve(state, hands=hands, **_resolution(state, state.trick, state.leader, plays, state.log))


def _resolution(state: DivideState, trick: int, leader: int, plays: tuple[tuple[int, int], ...],
                log: tuple[Event, ...]) -> dict[str, object]:
    """The changes that finish a trick: its finishing order logged, the leader's count, the Divide."""
    order = finishing_seats(plays, state.trump)
    event = TrickEvent(state.round, trick, leader, plays, order, state.trump)
    led = _set(state.led, leader, state.led[leader] + 1)
    return {"phase": Phase.DRAFT, "trick": trick, "leader": leader, "plays": plays, "finishers": order[:3],
            "picks": (), "led": led, "log": (*log, event)}


def _next_trick(state: DivideState, leader: int) -> dict[str, object]:
    return {"phase": Phase.PLAY, "trick": state.trick + 1, "leader": leader, "plays": (), "finishers": (),
            "picks": ()}


def _pick(state: DivideState, player: int, action: int) -> DivideState:
    picks, log = state.picks, state.log
    points, fives, trump, next_leader = state.round_points, state.fives, state.trump, state.next_leader
    while True:
        reward = act.reward_of(action)
        token = state.line[state.trick - 1] if reward is act.Reward.POINTS else 0
        log = (*log, PickEvent(state.round, state.trick, player, len(picks) + 1, action, token))
        picks = (*picks, action)
        if reward is act.Reward.POINTS:
            points = _set(points, player, points[player] + token)
            fives = _set(fives, player, fives[player] + (token == 5))
        elif reward is act.Reward.TRUMP:
            trump = act.declared_rank(action)
        else:
            next_leader = player
        if len(picks) != 2:
            break
        left = reward_actions(picks)
        if len(left) != 1:
            break
        player, action = state.finishers[2], left[0]  # Points or Lead is left: taken without a decision
    changes: dict[str, object] = {"picks": picks, "log": log, "round_points": points, "fives": fives, "trump": trump,
                               "next_leader": next_leader}
    if len(picks) < 3:
        return _evolve(state, **changes)
    if state.revealed < revealed_by(state.trick):
        return _evolve(state, phase=Phase.TOKENS, **changes)
    if state.trick == TRICKS:
        return _end_round(_evolve(state, **changes))
    return _evolve(state, **(changes | _next_trick(state, next_leader)))


def _end_round(state: DivideState) -> DivideState:
    opts = state.options
    n = opts.players
    scores = tuple(s + p for s, p in zip(state.scores, state.round_points, strict=True))
    log = (*state.log, RoundEvent(state.round, state.dealer, state.round_points, scores))
    reached = opts.end_score and max(scores) >= opts.end_score
    if reached or state.round + 1 == opts.rounds:
        played = state.round + 1
        reason = f"{max(scores)} points reached" if reached else f"after {played} round{'s' * (played != 1)}"
        return _evolve(state, scores=scores, log=log, phase=Phase.OVER,
                       outcome=decide(scores, state.fives, state.led, reason), plays=(), finishers=(), picks=())
    zeros = (0,) * n
    return _evolve(state, scores=scores, log=log, phase=Phase.DEAL, round=state.round + 1,
                   dealer=(state.dealer + 1) % n, hands=zeros, placed=0, commits=(-1,) * n, passes=(-1,) * n,
                   line=(0,) * len(TOKENS), revealed=0, trick=0, leader=-1, plays=(), finishers=(), picks=(),
                   next_leader=-1, round_points=zeros, trump=None if opts.trump == "resets" else state.trump)


def decide(scores: tuple[int, ...], fives: tuple[int, ...], led: tuple[int, ...], reason: str) -> Outcome:
    """Ruling D9: the highest total wins; among the players tied on it, most 5-value tokens, then
    most tricks led; players still tied share the win.

    >>> decide((30, 30, 20, 12), (2, 1, 0, 0), (5, 9, 9, 13), "after 4 rounds").winners
    (0,)
    >>> decide((30, 30, 20, 12), (2, 2, 0, 0), (9, 9, 9, 13), "after 4 rounds")
    Outcome(winners=(0, 1), decided_by='shared', reason='after 4 rounds')
    """
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) == 1:
        return Outcome((tied[0],), "score", reason)
    for name, counts in (("fives", fives), ("led", led)):
        top = max(counts[seat] for seat in tied)
        tied = [seat for seat in tied if counts[seat] == top]
        if len(tied) == 1:
            return Outcome((tied[0],), name, reason)
    return Outcome(tuple(tied), "shared", reason)


__all__ = ["DECK_MASKS", "INFO", "DivideRules", "decide", "moves_per_round", "pass_actions", "reward_actions"]

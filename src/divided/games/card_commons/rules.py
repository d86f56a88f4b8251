"""The rules of Card Commons as a pure state machine (OpenSpiel's vocabulary).

A match is rounds until a player reaches the target (5 points); each round deals the 21-card
pack afresh (one card aside, six to each player, eight in the draw pile), plays eight turns (a
draw, then one of the four actions, each once a round; an offer is answered by the opponent's
keep decision, ruling C3), then both players build (sequential hidden commits: seat 0, then seat
1; nothing of a build shows until both have built) and the round is scored. Chance is explicit:
the coin (C1), the card set aside, the twelve dealt cards (the starter's six first) and each
turn's draw from the pile.

>>> from divided import games
>>> game = games.load("card-commons", first_starter=1)
>>> state = game.new_initial_state(seed=7)
>>> state.current_player(), len(state.legal_actions())
(1, 168)
>>> game.info.max_game_length  # three rounds at most before the extra rounds, 35 moves each
455
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache, lru_cache, update_wrapper
from itertools import combinations

from divided.cards import PACK_21, mask_indices
from divided.errors import IllegalActionError, InvalidNotationError
from divided.games.base import CHANCE, TERMINAL, ChanceNode, GameInfo, OptionValue, Result, Rules
from divided.games.card_commons import actions as act
from divided.games.card_commons.options import OPTIONS, Options
from divided.games.card_commons.state import (
    ALL_CARDS,
    DEALT_PER_ROUND,
    FIVE_POINTS,
    HAND_SIZE,
    THREE_POINTS,
    TURNS,
    BuildEvent,
    CardCommonsState,
    KeepEvent,
    Outcome,
    Phase,
    RoundResult,
    TurnEvent,
)
from divided.games.card_commons.view import PlayerView, observe, result_of
from divided.hands.five import strength_of_mask
from divided.hands.three import strength3_of_mask

MOVES_PER_ROUND = DEALT_PER_ROUND + TURNS + TURNS + 4 + 2
"""Chance and player moves in a round: 13 dealt, 8 draws, 8 actions, 4 keep replies, 2 builds."""

INFO = GameInfo(
    short_name="card-commons",
    long_name="Card Commons",
    num_players=2,
    min_players=2,
    max_players=2,
    num_distinct_actions=act.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=act.MAX_CHANCE_OUTCOMES,
    max_game_length=1 + MOVES_PER_ROUND * 13,  # replaced per option set by game_info
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    options=OPTIONS,
)


@cache
def longest_regular_match(target: int) -> int:
    """The most rounds a match can last before a player reaches ``target`` (extra rounds aside):
    every round scores 2 for the 5-card hands (each, on a tie) and 1 for the 3-card hands.

    >>> longest_regular_match(5), longest_regular_match(10)
    (3, 7)
    """
    steps = [(f0 + t0, f1 + t1) for f0, f1 in ((2, 0), (0, 2), (2, 2)) for t0, t1 in ((1, 0), (0, 1), (1, 1))]

    @cache
    def longest(a: int, b: int) -> int:
        if a >= target or b >= target:
            return 0
        return 1 + max(longest(a + da, b + db) for da, db in steps)

    return longest(0, 0)


def compare_round(collections: tuple[int, int], threes: tuple[int, int]) -> tuple[int | None, int | None]:
    """The seat whose 5-card hand is stronger and the seat whose 3-card hand is stronger
    (``None``: equal), for two Collections (masks) and the 3-card hands built from them."""
    fives = [strength_of_mask(c ^ t) for c, t in zip(collections, threes, strict=True)]
    small = [strength3_of_mask(t) for t in threes]
    return _winner(fives), _winner(small)


def points_of(five: int | None, three: int | None) -> tuple[int, int]:
    """Each seat's points for a round: 2 for the stronger 5-card hand, 1 for the stronger 3-card
    hand, and both players score when hands are equal."""
    points = [0, 0]
    for winner, value in ((five, FIVE_POINTS), (three, THREE_POINTS)):
        for seat in (0, 1):
            if winner is None or winner == seat:
                points[seat] += value
    return points[0], points[1]


def _winner(strengths: list[int]) -> int | None:
    if strengths[0] == strengths[1]:
        return None
    return 0 if strengths[0] > strengths[1] else 1


class CardCommonsRules(Rules[CardCommonsState, PlayerView]):
    """Card Commons (rules and rulings C1-C7)."""

    info = INFO

    def game_info(self, options: Mapping[str, OptionValue]) -> GameInfo:
        """The info for an option set: the longest match is the longest regular match plus the
        extra-round cap, 35 moves a round, and the coin when there is one.

        >>> CardCommonsRules().game_info({"first_starter": 0, "target": 5, "max_extra_rounds": 0}).max_game_length
        105
        """
        opts = Options.from_mapping(dict(options))
        rounds = longest_regular_match(opts.target) + opts.max_extra_rounds
        coin = 1 if opts.first_starter == "coin" else 0
        return replace(INFO, max_game_length=coin + MOVES_PER_ROUND * rounds)

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, OptionValue]) -> CardCommonsState:
        opts = Options.from_mapping(dict(options))
        coin = opts.first_starter == "coin"
        return CardCommonsState(
            options=opts, phase=Phase.COIN if coin else Phase.DEAL, round=0,
            starter=-1 if coin else int(opts.first_starter), scores=(0, 0), hands=(0, 0), reserved=(0, 0),
            face_up=(0, 0), discards=(0, 0), used=(0, 0), aside=0, placed=0, deal_count=0, turn=0, offer=-1,
            drawn=0, builds=(0, 0), log=(), rounds=(), extra=False, extra_rounds=0, outcome=None)

    # -- queries ---------------------------------------------------------------------------
    def current_player(self, state: CardCommonsState) -> int:
        phase = state.phase
        if phase in (Phase.COIN, Phase.DEAL, Phase.DRAW):
            return CHANCE
        if phase == Phase.ACT:
            return state.turn_player()
        if phase == Phase.KEEP:
            return 1 - state.turn_player()
        if phase == Phase.BUILD:
            return 0 if state.builds[0] == 0 else 1
        return TERMINAL

    def legal_actions(self, state: CardCommonsState) -> list[int]:
        phase = state.phase
        if phase == Phase.COIN:
            return [0, 1]
        if phase in (Phase.DEAL, Phase.DRAW):
            return mask_indices(state.pile)
        if phase == Phase.ACT:
            return turn_actions(state.hands[state.turn_player()], state.used[state.turn_player()])
        if phase == Phase.KEEP:
            return keep_actions(state.offer)
        if phase == Phase.BUILD:
            player = 0 if state.builds[0] == 0 else 1
            return build_actions(state.collection(player))
        return []

    def chance_outcomes(self, state: CardCommonsState) -> list[tuple[int, float]]:
        if state.phase == Phase.COIN:
            return [(0, 0.5), (1, 0.5)]
        if state.phase in (Phase.DEAL, Phase.DRAW):
            cards = mask_indices(state.pile)
            return [(card, 1.0 / len(cards)) for card in cards]
        raise IllegalActionError(f"no chance outcomes: the match is at the {state.phase} phase")

    def chance_node(self, state: CardCommonsState) -> ChanceNode:
        """``coin:starter``; ``aside`` (one a round); ``deal`` (twelve a round, the starter's six
        first); ``draw`` (eight a round)."""
        if state.phase == Phase.COIN:
            return ChanceNode("coin:starter", 0)
        if state.phase == Phase.DEAL:
            if state.deal_count == 0:
                return ChanceNode("aside", state.round)
            return ChanceNode("deal", state.round * 2 * HAND_SIZE + state.deal_count - 1)
        if state.phase == Phase.DRAW:
            return ChanceNode("draw", state.round * TURNS + state.turn)
        raise IllegalActionError(f"no chance node: the match is at the {state.phase} phase")

    def returns(self, state: CardCommonsState) -> list[float]:
        outcome = state.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def result(self, state: CardCommonsState) -> Result | None:
        return None if state.outcome is None else result_of(state.outcome, state.scores, len(state.rounds))

    def observe(self, state: CardCommonsState, player: int | None) -> PlayerView:
        return observe(state, player, self.current_player(state))

    def action_to_string(self, state: CardCommonsState, action: int) -> str:
        phase = state.phase
        if phase == Phase.COIN:
            return f"coin: player {action} starts"
        if phase in (Phase.DEAL, Phase.DRAW):
            card = str(PACK_21[action]) if isinstance(action, int) and 0 <= action < PACK_21.size else f"<{action}>"
            if phase == Phase.DRAW:
                return f"draw {card}"
            return f"set aside {card}" if state.deal_count == 0 else f"deal {card}"
        try:
            return act.describe(action)
        except ValueError:
            return f"<action {action}>"

    def string_to_action(self, state: CardCommonsState, text: str) -> int:
        """Read an action written as :meth:`action_to_string` writes it, or its number.

        The coin: ``coin: player 0 starts`` (or ``0``); a chance card: ``set aside Ah``, ``deal Ah``,
        ``draw Ah`` (or ``Ah``); a player's action as :func:`.actions.parse` reads it. Legality is
        not checked here.
        """
        words = text.strip().split()
        if not words:
            raise InvalidNotationError("empty action: write e.g. 'reserve Ah', or the action's number")
        if len(words) == 1 and re.fullmatch(r"\d+", words[0]):
            return int(words[0])
        if state.phase == Phase.COIN:
            if len(words) == 4 and words[:2] == ["coin:", "player"] and words[2] in ("0", "1") \
                    and words[3] == "starts":
                return int(words[2])
            raise InvalidNotationError(f"cannot read {text!r}: the coin is 'coin: player 0 starts' or "
                                       "'coin: player 1 starts'")
        if state.phase in (Phase.DEAL, Phase.DRAW):
            verb = [w.lower() for w in words[:-1]]
            if verb in ([], ["set", "aside"], ["deal"], ["draw"]):
                cards = PACK_21.parse_mask(words[-1])
                if cards.bit_count() == 1:
                    return cards.bit_length() - 1
            raise InvalidNotationError(f"cannot read {text!r}: a chance card is written 'set aside Ah', "
                                       "'deal Ah' or 'draw Ah'")
        return act.parse(text)

    # -- transitions -----------------------------------------------------------------------
    def apply(self, state: CardCommonsState, action: int) -> CardCommonsState:
        phase = state.phase
        if phase == Phase.OVER:
            raise IllegalActionError("the match is over; nothing changed")
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"action {action!r} is not a number; nothing changed")
        if phase == Phase.COIN:
            self._check(action in (0, 1), state, action, "the coin is 0 or 1")
            return replace(state, phase=Phase.DEAL, starter=action)
        if phase in (Phase.DEAL, Phase.DRAW):
            self._check(0 <= action < PACK_21.size and bool(state.pile >> action & 1), state, action,
                        "that card is not in the pile")
            return _place(state, 1 << action)
        player = self.current_player(state)
        try:
            move = act.decode(action)
        except ValueError:
            raise IllegalActionError(f"{action!r} is not a Card Commons action; nothing changed") from None
        if phase == Phase.ACT:
            hand, used = state.hands[player], state.used[player]
            self._check(move.kind in act.TURN_KINDS and not used >> move.kind & 1 and move.cards & ~hand == 0,
                        state, action, "play one of your four actions, once each a round, with cards in your hand")
            return _turn(state, player, action, move)
        if phase == Phase.KEEP:
            self._check(action in keep_actions(state.offer), state, action, "keep one of the offered cards or sets")
            return _keep(state, player, move)
        self._check(move.kind == act.Kind.BUILD and move.cards & ~state.collection(player) == 0, state, action,
                    "build with three cards of your Collection")
        return _build(state, player, move.cards)

    def _check(self, ok: bool, state: CardCommonsState, action: int, why: str) -> None:
        if not ok:
            who = self.current_player(state)
            actor = "chance" if who == CHANCE else f"player {who}"
            raise IllegalActionError(f"action {action} ({self.action_to_string(state, action)}) is illegal for "
                                     f"{actor} at the {state.phase} phase: {why}; nothing changed")


# -- legal actions ---------------------------------------------------------------------------
class _CachedActions:
    """A legal-action function whose results are cached (as tuples, a bounded number of them,
    so a long run of the lab does not grow without end) and handed out as new lists, so a caller
    may change its list; ``cache_clear`` empties the cache."""

    def __init__(self, make: Callable[..., tuple[int, ...]]) -> None:
        self._make = lru_cache(maxsize=1 << 16)(make)
        update_wrapper(self, make)

    def __call__(self, *masks: int) -> list[int]:
        return list(self._make(*masks))

    def cache_clear(self) -> None:
        self._make.cache_clear()


@_CachedActions
def turn_actions(hand: int, used: int) -> tuple[int, ...]:
    """Every legal turn action for a hand (mask) and the action kinds already used (bits), in
    increasing order."""
    cards = [1 << c for c in mask_indices(hand)]
    out: list[int] = []
    if not used >> act.Kind.RESERVE & 1:
        out += [act.reserve(c) for c in cards]
    if not used >> act.Kind.DISCARD & 1:
        out += [act.discard(a | b) for a, b in combinations(cards, 2)]
    if not used >> act.Kind.OFFER_THREE & 1:
        out += [act.offer_three(a | b | c) for a, b, c in combinations(cards, 3)]
    if not used >> act.Kind.OFFER_SETS & 1:
        for a, b, c, d in combinations(cards, 4):
            out += [act.offer_sets(a | b, c | d), act.offer_sets(a | c, b | d), act.offer_sets(a | d, b | c)]
    return tuple(sorted(out))


def keep_actions(offer: int) -> list[int]:
    """The replies to a pending offer: keep one of its three cards, or one of its two sets."""
    move = act.decode(offer)
    if move.kind == act.Kind.OFFER_THREE:
        return [act.keep_card(1 << c) for c in mask_indices(move.cards)]
    assert move.sets is not None
    return sorted(act.keep_set(s) for s in move.sets)


@_CachedActions
def build_actions(collection: int) -> tuple[int, ...]:
    """The 56 builds of an eight-card Collection (each names its 3-card hand), in increasing
    order."""
    cards = [1 << c for c in mask_indices(collection)]
    return tuple(sorted(act.build(a | b | c) for a, b, c in combinations(cards, 3)))


# -- transitions -------------------------------------------------------------------------------
def _set(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _place(state: CardCommonsState, card: int) -> CardCommonsState:
    placed = state.placed | card
    if state.phase == Phase.DRAW:
        player = state.turn_player()
        return replace(state, phase=Phase.ACT, placed=placed, drawn=card,
                       hands=_set(state.hands, player, state.hands[player] | card))
    count = state.deal_count + 1
    if count == 1:
        return replace(state, aside=card, placed=placed, deal_count=count)
    seat = state.starter if count <= 1 + HAND_SIZE else 1 - state.starter
    hands = _set(state.hands, seat, state.hands[seat] | card)
    phase = Phase.DRAW if count == DEALT_PER_ROUND else Phase.DEAL
    return replace(state, phase=phase, hands=hands, placed=placed, deal_count=count)


def _turn(state: CardCommonsState, player: int, action: int, move: act.Move) -> CardCommonsState:
    hands = _set(state.hands, player, state.hands[player] & ~move.cards)
    used = _set(state.used, player, state.used[player] | 1 << move.kind)
    log = (*state.log, TurnEvent(state.round, player, action))
    state = replace(state, hands=hands, used=used, log=log, drawn=0)
    if move.kind == act.Kind.RESERVE:
        return _end_turn(replace(state, reserved=_set(state.reserved, player, move.cards)))
    if move.kind == act.Kind.DISCARD:
        return _end_turn(replace(state, discards=_set(state.discards, player, state.discards[player] | move.cards)))
    return replace(state, phase=Phase.KEEP, offer=action)


def _keep(state: CardCommonsState, keeper: int, move: act.Move) -> CardCommonsState:
    offerer = 1 - keeper
    offered = act.decode(state.offer).cards
    face_up = _set(state.face_up, keeper, state.face_up[keeper] | move.cards)
    face_up = _set(face_up, offerer, face_up[offerer] | (offered & ~move.cards))
    log = (*state.log, KeepEvent(state.round, keeper, act.keep_card(move.cards) if move.kind == act.Kind.KEEP_CARD
                                 else act.keep_set(move.cards)))
    return _end_turn(replace(state, face_up=face_up, offer=-1, log=log))


def _end_turn(state: CardCommonsState) -> CardCommonsState:
    turn = state.turn + 1
    return replace(state, turn=turn, phase=Phase.BUILD if turn == TURNS else Phase.DRAW)


def _build(state: CardCommonsState, player: int, three: int) -> CardCommonsState:
    builds = _set(state.builds, player, three)
    state = replace(state, builds=builds, log=(*state.log, BuildEvent(state.round, player, three)))
    if builds[0] == 0 or builds[1] == 0:
        return state
    return _score(state)


def _score(state: CardCommonsState) -> CardCommonsState:
    collections = (state.collection(0), state.collection(1))
    threes = state.builds
    five, three = compare_round(collections, threes)
    points = points_of(five, three)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    played = RoundResult(state.round, state.starter, collections, threes, five, three, points, scores, state.extra)
    state = replace(state, scores=scores, rounds=(*state.rounds, played))
    opts = state.options
    decider = played.decider
    decided_by = "the 5-card hands" if five is not None else "the 3-card hands"
    if state.extra:
        if decider is not None:
            return _over(state, decider, f"extra round {state.extra_rounds}: {decided_by} decided")
        return _extra_or_draw(state)
    reached = [score >= opts.target for score in scores]
    if all(reached):
        if decider is not None:
            return _over(state, decider, f"both reached {opts.target}: {decided_by} decided")
        return _extra_or_draw(state)
    if any(reached):
        winner = 0 if reached[0] else 1
        return _over(state, winner, f"first to {opts.target}")
    return _next_round(state, extra=False)


def _over(state: CardCommonsState, winner: int | None, reason: str) -> CardCommonsState:
    return replace(state, phase=Phase.OVER, outcome=Outcome(winner, reason))


def _extra_or_draw(state: CardCommonsState) -> CardCommonsState:
    if state.extra_rounds >= state.options.max_extra_rounds:
        return _over(state, None, f"still level after {state.extra_rounds} extra rounds, the cap")
    return _next_round(state, extra=True)


def _next_round(state: CardCommonsState, *, extra: bool) -> CardCommonsState:
    scores = state.scores
    if state.options.next_starter == "leader" and scores[0] != scores[1]:
        starter = 0 if scores[0] > scores[1] else 1
    else:
        starter = 1 - state.starter
    return replace(state, phase=Phase.DEAL, round=state.round + 1, starter=starter, hands=(0, 0), reserved=(0, 0),
                   face_up=(0, 0), discards=(0, 0), used=(0, 0), aside=0, placed=0, deal_count=0, turn=0,
                   offer=-1, drawn=0, builds=(0, 0), extra=extra, extra_rounds=state.extra_rounds + (1 if extra else 0))


__all__ = [
    "ALL_CARDS",
    "INFO",
    "CardCommonsRules",
    "build_actions",
    "compare_round",
    "keep_actions",
    "points_of",
    "turn_actions",
]

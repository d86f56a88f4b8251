"""Exact Divided Ranks scenarios for tests: states built from a fixed deal.

A state made here never uses a seed: every chance event (the coin flips, then the 21 deal
actions) is applied explicitly, so a test knows every card's place. The deal convention
(rules' Setup and the engine's action numbering): the first card dealt is the reserve, the
next twenty are the stock from the top, and the splitter of round ``r`` (0-based) takes stock
cards ``4r .. 4r+3``.

:func:`deal_for` and :func:`draft` make the draft deterministic: each round's four cards are a
pair meant for player 0 and a pair meant for player 1, and the splitter divides them so that
the chooser's choice lands each pair where it is meant to go. So a test names the ten cards
each player drafts and the reserve, and the game reaches the reserve with exactly those hands.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from divided import games
from divided.cards import PACK_21, Card
from divided.games import CHANCE, Game, State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import Phase
from divided.hands.arrange import split_of

ROUNDS = 5
DealtState = State[Any, Any]

# A plain draft used by many tests: player 0 drafts spades and hearts, player 1 diamonds and
# clubs, the Joker is the reserve.
PLAIN_DRAFT_0 = "Ts Th Js Jh Qs Qh Ks Kh As Ah"
PLAIN_DRAFT_1 = "Td Tc Jd Jc Qd Qc Kd Kc Ad Ac"
PLAIN_RESERVE = "Jk"


def card(text: str) -> int:
    """The pack index of one card written in the project's notation (``"Qh"``, ``"Jk"``)."""
    return PACK_21.index(Card.parse(text))


def cards(text: str) -> list[int]:
    """Pack indices of cards written in notation, in the order written."""
    return [card(token) for token in text.split()]


def mask(text: str) -> int:
    """Bit mask of cards written in notation."""
    return PACK_21.parse_mask(text)


def mask_of(indices: Sequence[int]) -> int:
    out = 0
    for index in indices:
        out |= 1 << index
    return out


def load(**options: object) -> Game[Any, Any]:
    """``games.load("divided-ranks", ...)`` with the given rule options."""
    return games.load("divided-ranks", **options)


def deal_for(draft0: Sequence[int], draft1: Sequence[int], reserve: int) -> list[int]:
    """The 21 deal actions that give round ``r`` the pairs ``draft0[2r:2r+2]`` and
    ``draft1[2r:2r+2]`` (in that order), with ``reserve`` dealt first."""
    if len(draft0) != 10 or len(draft1) != 10:
        raise ValueError("each player drafts ten cards")
    deal = [reserve]
    for r in range(ROUNDS):
        deal += [*draft0[2 * r : 2 * r + 2], *draft1[2 * r : 2 * r + 2]]
    if sorted(deal) != list(range(21)):
        raise ValueError(f"not a deal of the 21-card pack: {deal}")
    return deal


def dealt_state(deal: Sequence[int], *, coins: Sequence[int] = (), **options: object) -> DealtState:
    """A fresh unseeded game with the coin outcomes ``coins`` and then ``deal`` applied.

    Returns the state at the first split.
    """
    state = load(**options).new_initial_state()
    for outcome in (*coins, *deal):
        assert state.current_player() == CHANCE, f"expected a chance node, got {state.core.phase}"
        state.apply_action(outcome)
    assert state.core.phase == Phase.SPLIT
    return state


def draft(state: DealtState, draft0: Sequence[int], draft1: Sequence[int],
          face_down_rounds: Container[int] = ()) -> None:
    """Play the five split rounds so that each player drafts the cards :func:`deal_for` meant.

    In a round listed in ``face_down_rounds`` (0-based) the splitter shows their own pair and
    the chooser takes the face-down pair; otherwise the splitter shows the chooser's pair and
    the chooser takes it face up.
    """
    drafts = (list(draft0), list(draft1))
    for r in range(ROUNDS):
        core = state.core
        assert core.phase == Phase.SPLIT and core.round == r
        splitter = core.splitter()
        chooser = 1 - splitter
        chooser_pair = drafts[chooser][2 * r : 2 * r + 2]
        splitter_pair = drafts[splitter][2 * r : 2 * r + 2]
        if r in face_down_rounds:
            state.apply_action(act.split_action(*splitter_pair), player=splitter)
            state.apply_action(act.TAKE_FACE_DOWN, player=chooser)
        else:
            state.apply_action(act.split_action(*chooser_pair), player=splitter)
            state.apply_action(act.TAKE_FACE_UP, player=chooser)
    assert state.core.phase == Phase.RESERVE


def build_hand(state: DealtState, player: int, hand: int) -> None:
    """Commit the build of ``player`` that has ``hand`` (five of their cards) as one hand."""
    holding = state.core.hands[player]
    state.apply_action(act.build_action(split_of(holding, hand)), player=player)


def at_reserve(draft0: str, draft1: str, reserve: str, *, coins: Sequence[int] = (),
               face_down_rounds: Container[int] = (), **options: object) -> DealtState:
    """The state at the reserve after drafting exactly ``draft0`` and ``draft1``."""
    d0, d1 = cards(draft0), cards(draft1)
    state = dealt_state(deal_for(d0, d1, card(reserve)), coins=coins, **options)
    draft(state, d0, d1, face_down_rounds)
    return state


def play_out(draft0: str, draft1: str, reserve: str, builds: tuple[str, str], *,
             reserve_actions: Sequence[int] = (act.KEEP, act.KEEP), coins: Sequence[int] = (),
             face_down_rounds: Container[int] = (), **options: object) -> DealtState:
    """A whole game: draft exactly the given cards, decide the reserve with ``reserve_actions``
    (in reserve order), then build: ``builds[p]`` is one of player ``p``'s two hands (the other
    is the rest of their final ten cards)."""
    state = at_reserve(draft0, draft1, reserve, coins=coins, face_down_rounds=face_down_rounds,
                       **options)
    for action in reserve_actions:
        state.apply_action(action)
    assert state.core.phase == Phase.BUILD
    for player in (0, 1):
        build_hand(state, player, mask(builds[player]))
    assert state.is_terminal()
    return state

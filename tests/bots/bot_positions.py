"""Helpers for the bot tests: exact positions from fixed deals, playing games, and scrambling
the cards a player has not seen.

Fixed deals use the engine's convention (rules' Setup and the action numbering): without a
seed every chance event is an explicit action; the first card dealt is the reserve, the next
twenty the stock from the top, and the splitter of round ``r`` (0-based) takes stock cards
``4r .. 4r+3``.

Which cards a player has seen is tracked here straight from the rules' text (the splitter
sees four cards, both players see the face-up pair, the chooser who takes the face-down pair
sees it, a swap shows its cards to the swapper and, face up, to both, the showdown shows both
holdings), not from the view code.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterator, Mapping, Sequence
from typing import Any

from divided import games
from divided.bots import make_bot
from divided.bots.base import Bot
from divided.cards import PACK_21, Card
from divided.games import CHANCE, State
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.state import (
    ChoiceEvent,
    DividedRanksState,
    Phase,
    ReserveEvent,
    SplitEvent,
)
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import split_masks, split_of

GameState = State[Any, Any]
ROUNDS = 5

# -- cards -------------------------------------------------------------------------------------


def card(text: str) -> int:
    """The pack index of one card in the project's notation (``"Qh"``, ``"Jk"``)."""
    return PACK_21.index(Card.parse(text))


def cards(text: str) -> list[int]:
    """Pack indices of cards written in notation, in the order written."""
    return [card(token) for token in text.split()]


def mask(text: str) -> int:
    """Bit mask of cards written in notation."""
    out = 0
    for index in cards(text):
        out |= 1 << index
    return out


def ranks(hand: int) -> list[str]:
    """The rank letters of a set of cards, highest first (``"X"`` for the Joker)."""
    order = "TJQKA"
    letters = [("X" if PACK_21[i].is_joker else str(PACK_21[i])[0]) for i in range(21) if hand >> i & 1]
    return sorted(letters, key=lambda r: -order.index(r) if r in order else 1)


# -- fixed deals -------------------------------------------------------------------------------


def deal_for(draft0: Sequence[int], draft1: Sequence[int], reserve: int) -> list[int]:
    """The 21 deal actions giving round ``r`` the pairs ``draft0[2r:2r+2]`` and
    ``draft1[2r:2r+2]``, with ``reserve`` dealt first."""
    assert len(draft0) == 10 and len(draft1) == 10
    deal = [reserve]
    for r in range(ROUNDS):
        deal += [*draft0[2 * r : 2 * r + 2], *draft1[2 * r : 2 * r + 2]]
    assert sorted(deal) == list(range(21)), f"not a deal of the 21-card pack: {deal}"
    return deal


def dealt_state(deal: Sequence[int], options: Mapping[str, object], coins: Sequence[int] = ()) -> GameState:
    """An unseeded game with the coin outcomes and the deal applied: the first split."""
    state = games.load("divided-ranks", **options).new_initial_state()
    for outcome in (*coins, *deal):
        assert state.current_player() == CHANCE
        state.apply_action(outcome)
    assert state.core.phase == Phase.SPLIT
    return state


def play_round(state: GameState, chooser_pair: Sequence[int], splitter_pair: Sequence[int],
               face_down: bool) -> None:
    """One split round: the chooser ends with ``chooser_pair``. With ``face_down`` the splitter
    shows its own pair and the chooser takes the hidden one; else the chooser's pair is shown
    and taken face up."""
    assert state.core.phase == Phase.SPLIT
    shown = splitter_pair if face_down else chooser_pair
    state.apply_action(act.split_action(*shown))
    state.apply_action(act.TAKE_FACE_DOWN if face_down else act.TAKE_FACE_UP)


def draft(state: GameState, draft0: Sequence[int], draft1: Sequence[int],
          face_down_rounds: Container[int] = (), rounds: int = ROUNDS) -> None:
    """Play the first ``rounds`` split rounds so that each player drafts what :func:`deal_for`
    meant for them."""
    drafts = (list(draft0), list(draft1))
    for r in range(rounds):
        splitter = state.core.splitter()
        chooser = 1 - splitter
        play_round(state, drafts[chooser][2 * r : 2 * r + 2], drafts[splitter][2 * r : 2 * r + 2],
                   r in face_down_rounds)


def at_reserve(draft0: str, draft1: str, reserve: str, *, face_down_rounds: Container[int] = (),
               **options: object) -> GameState:
    """The state at the reserve after drafting exactly ``draft0`` and ``draft1``."""
    d0, d1 = cards(draft0), cards(draft1)
    state = dealt_state(deal_for(d0, d1, card(reserve)), options)
    draft(state, d0, d1, face_down_rounds)
    assert state.core.phase == Phase.RESERVE
    return state


# -- playing -----------------------------------------------------------------------------------

def decide(bot: Bot, position: GameState, rng: random.Random) -> int:
    """Ask ``bot`` for a move at ``position``: it gets the mover's view and the legal actions
    only (``position`` stays a local here, where only a cheat could reach it)."""
    player = position.current_player()
    view: PlayerView = position.observation(player)
    legal = tuple(position.legal_actions())
    return bot.choose(view, legal, rng)


def play_game(specs: tuple[str, str], seed: int, options: Mapping[str, object],
              rng_seeds: tuple[int, int] | None = None) -> GameState:
    """A complete seeded game between two bots (each with its own seeded rng)."""
    bots = [make_bot("divided-ranks", specs[0]), make_bot("divided-ranks", specs[1])]
    seeds = rng_seeds if rng_seeds is not None else (seed * 2 + 1, seed * 2 + 2)
    rngs = [random.Random(seeds[0]), random.Random(seeds[1])]
    state = games.load("divided-ranks", **options).new_initial_state(seed=seed)
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(decide(bots[player], state, rngs[player]))
    return state


def prefixes(finished: GameState) -> Iterator[GameState]:
    """Every decision position (not chance, not over) of a finished game, rebuilt unseeded."""
    current = finished.game.new_initial_state()
    for action in finished.history():
        if not current.is_chance_node():
            yield current.clone()
        current.apply_action(action)


# -- what a player has seen, and scrambling the rest ---------------------------------------------


def seen_by(core: DividedRanksState, player: int) -> int:
    """Cards ``player`` has seen, from the rules' text (independent of the view code)."""
    seen = core.hands[player]
    for event in core.log:
        if isinstance(event, SplitEvent):
            seen |= event.face_up
            if event.splitter == player:
                seen |= event.drawn
        elif isinstance(event, ChoiceEvent):
            if event.chooser == player and not event.took_face_up:
                seen |= event.face_down
        elif isinstance(event, ReserveEvent) and event.swapped and (
            event.player == player or core.options.face_up_swap
        ):
            seen |= (1 << event.gave) | (1 << event.took)
    if core.phase in (Phase.SPLIT, Phase.CHOOSE) and core.splitter() == player:
        seen |= core.drawn()
    if core.phase == Phase.CHOOSE:
        seen |= core.face_up
    if core.phase == Phase.OVER:  # the showdown shows both players' builds
        seen |= core.hands[0] | core.hands[1]
    return seen


def _mapped(cards_mask: int, mapping: Mapping[int, int]) -> int:
    return sum(1 << mapping.get(c, c) for c in range(21) if cards_mask >> c & 1)


def remap(position: GameState, mapping: Mapping[int, int],
          gifts: Mapping[int, int] | None = None) -> GameState | None:
    """The position replayed with the cards exchanged by ``mapping`` (a permutation of card
    indices): the same deal with cards renamed, and every action that names a card renamed
    too. ``gifts`` replaces reserve gifts (move number -> card given). ``None`` if the new
    history is illegal."""
    history = position.history()
    original = position.game.new_initial_state()
    state = position.game.new_initial_state()
    for number, action in enumerate(history):
        phase = state.core.phase
        if phase == Phase.DEAL:
            new = mapping.get(action, action)
        elif phase == Phase.SPLIT:
            a, b = act.PAIRS[action - act.SPLIT]
            new = act.split_action(mapping.get(a, a), mapping.get(b, b))
        elif phase == Phase.RESERVE and act.is_give(action):
            given = action - act.GIVE
            new = act.give_action((gifts or {}).get(number, mapping.get(given, given)))
        elif phase == Phase.BUILD:
            holding = original.core.hands[original.current_player()]
            first, _ = split_masks(holding, action - act.BUILD)
            mapped, holding_now = _mapped(first, mapping), state.core.hands[state.current_player()]
            # a varied gift can change the holding; then any build will do (builds are secret)
            new = act.build_action(split_of(holding_now, mapped)) if mapped & ~holding_now == 0 else action
        else:
            new = action
        legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())
        if new not in legal:
            return None
        state.apply_action(new)
        original.apply_action(action)
    return state


def scramble(position: GameState, player: int, rng: random.Random) -> GameState:
    """``position`` with the cards ``player`` has not seen permuted at random."""
    seen = seen_by(position.core, player)
    unseen = [c for c in range(21) if not seen >> c & 1]
    shuffled = unseen[:]
    rng.shuffle(shuffled)
    other = remap(position, dict(zip(unseen, shuffled, strict=True)))
    assert other is not None, "a permutation of unseen cards must keep the history legal"
    return other


def hidden_part(core: DividedRanksState, player: int) -> tuple[int, int, tuple[int, ...], int]:
    """What ``player`` is not meant to know: the opponent's hand, the reserve, the stock
    and the face-down pair on the table."""
    return core.hands[1 - player], core.reserve, core.deal[1:], core.face_down

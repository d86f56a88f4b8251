"""The rules of Divided Ranks as pure functions over :class:`DividedRanksState`.

``apply`` checks legality and returns a new state; nothing is ever mutated.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from functools import lru_cache
from math import comb

from divided.cards import PACK_21, mask_indices
from divided.errors import IllegalActionError, InvalidNotationError
from divided.games.base import (
    CHANCE,
    TERMINAL,
    ChanceNode,
    GameInfo,
    OptionValue,
    Result,
    Rules,
    evolve,
    pick_outcome,
    seeded_fraction,
)
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.options import OPTIONS, Options
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import (
    ALL_CARDS,
    ROUNDS,
    SPLIT_SIZE,
    BuildEvent,
    ChoiceEvent,
    DividedRanksState,
    Outcome,
    Phase,
    ReserveEvent,
    SplitEvent,
    result_of,
)
from divided.games.divided_ranks.view import PlayerView, observe
from divided.hands.arrange import SPLIT_COUNT, arrange, arrangement, split_masks, split_of

INFO = GameInfo(
    short_name="divided-ranks",
    long_name="Divided Ranks",
    num_players=2,
    min_players=2,
    max_players=2,
    num_distinct_actions=act.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=act.MAX_CHANCE_OUTCOMES,
    max_game_length=2 + 21 + 2 * ROUNDS + 2 + 2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    options=OPTIONS,
)

_LEGACY_DEAL_STEP = 2
"""The move number the lab dealt from before chance nodes had names (after the most coin flips
any rule option makes)."""


_PHASE_HELP = {
    Phase.SPLIT: "split: choose the face-up pair of the four cards",
    Phase.CHOOSE: "choose: take the face-up or the face-down pair",
    Phase.RESERVE: "reserve: keep, or give a card of the hand",
    Phase.BUILD: "build: choose one of the 126 splits",
}


_ACTION_WORDS = {"face-up", "face-down", "up", "down", "player"}


def _card(index: int) -> str:
    return str(PACK_21[index])


class DividedRanksRules(Rules[DividedRanksState, PlayerView]):
    """Divided Ranks: rules, rulings R1-R7 and the face-up swap variant."""

    info = INFO

    def game_info(self, options: Mapping[str, OptionValue]) -> GameInfo:
        """:data:`INFO` with the longest game under ``options``: each coin flip the options make,
        the 21 cards dealt, a split and a choice per round played, two reserve decisions and
        (unless builds are automatic) two builds.

        >>> DividedRanksRules().game_info({**{o.name: o.default for o in OPTIONS}, "first_splitter": 0}).max_game_length
        35
        """
        opts = Options.from_mapping(dict(options))
        coins = (opts.first_splitter == "coin") + (opts.reserve_order == "coin")
        builds = 0 if opts.auto_build else 2
        return evolve(INFO, max_game_length=coins + len(PACK_21) + 2 * opts.rounds + 2 + builds)

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, OptionValue]) -> DividedRanksState:
        opts = Options.from_mapping(dict(options))
        first = opts.first_splitter if isinstance(opts.first_splitter, int) else -1
        state = DividedRanksState(
            options=opts, phase=Phase.DEAL, first_splitter=first, reserve_first=-1, deal=(),
            round=0, face_up=0, face_down=0, hands=(0, 0), reserve=-1, reserve_turns=0,
            builds=(-1, -1), log=(), outcome=None,
        )
        return _next_setup_phase(state)

    # -- queries ---------------------------------------------------------------------------
    def current_player(self, state: DividedRanksState) -> int:
        phase = state.phase
        if phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN, Phase.DEAL):
            return CHANCE
        if phase == Phase.SPLIT:
            return state.splitter()
        if phase == Phase.CHOOSE:
            return 1 - state.splitter()
        if phase == Phase.RESERVE:
            return state.reserve_player()
        if phase == Phase.BUILD:
            return 0 if state.builds[0] < 0 else 1
        return TERMINAL

    def legal_actions(self, state: DividedRanksState) -> list[int]:
        phase = state.phase
        if phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
            return [0, 1]
        if phase == Phase.DEAL:
            return _deal_outcomes(state)
        if phase == Phase.SPLIT:
            cards = mask_indices(state.drawn())
            return sorted(act.split_action(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])
        if phase == Phase.CHOOSE:
            return [act.TAKE_FACE_UP, act.TAKE_FACE_DOWN]
        if phase == Phase.RESERVE:
            hand = state.hands[state.reserve_player()]
            return [act.KEEP] + [act.give_action(c) for c in mask_indices(hand)]
        if phase == Phase.BUILD:
            return list(range(act.BUILD, act.BUILD + SPLIT_COUNT))
        return []

    def chance_outcomes(self, state: DividedRanksState) -> list[tuple[int, float]]:
        if state.phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
            return [(0, 0.5), (1, 0.5)]
        if state.phase == Phase.DEAL:
            return _deal_chances(state)
        raise IllegalActionError(f"no chance outcomes: the game is at the {state.phase} phase")

    def resolve_chance(self, state: DividedRanksState, seed: int, step: int) -> tuple[DividedRanksState, list[int]]:
        """As the base definition, but the deal is made in one transition (it is most of the
        work of a seeded game). Equality with the base definition is tested."""
        actions: list[int] = []
        while state.phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
            coin = pick_outcome(self.chance_outcomes(state), seeded_fraction(seed, step + len(actions)))
            state = self.apply(state, coin)
            actions.append(coin)
        if state.phase != Phase.DEAL:
            return state, actions
        deal = list(state.deal)
        if state.options.rounds == ROUNDS:  # the full game: every undealt card equally likely
            undealt = _undealt(state)
            while undealt:
                share = 1.0 / len(undealt)
                card = pick_outcome([(c, share) for c in undealt], seeded_fraction(seed, step + len(actions)))
                undealt.remove(card)
                deal.append(card)
                actions.append(card)
        while len(deal) < PACK_21.size:  # a study (see _deal_chances)
            outcomes = _deal_chances(evolve(state, deal=tuple(deal)))
            card = pick_outcome(outcomes, seeded_fraction(seed, step + len(actions)))
            deal.append(card)
            actions.append(card)
        return after_deal(evolve(state, deal=tuple(deal))), actions

    def returns(self, state: DividedRanksState) -> list[float]:
        outcome = state.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def observe(self, state: DividedRanksState, player: int | None) -> PlayerView:
        return observe(state, player, self.current_player(state))

    def chance_node(self, state: DividedRanksState) -> ChanceNode:
        """``coin:first-splitter``, ``coin:reserve-order``, or ``deal`` with the index of the card
        (0 is the reserve, then the stock from the top)."""
        if state.phase == Phase.FIRST_SPLITTER_COIN:
            return ChanceNode("coin:first-splitter", 0)
        if state.phase == Phase.RESERVE_ORDER_COIN:
            return ChanceNode("coin:reserve-order", 0)
        if state.phase == Phase.DEAL:
            return ChanceNode("deal", len(state.deal))
        raise IllegalActionError(f"no chance node: the game is at the {state.phase} phase")

    def chance_fraction(self, seed: int, node: ChanceNode) -> float:
        """The lab's stream from before chance nodes had names, kept so that seeded runs give
        the same records as before: a coin from SHA-256 of ("coin", seed, the coin's phase), the
        deal's card ``k`` from ``seeded_fraction(seed, 2 + k)``."""
        if node.name == "deal":
            return seeded_fraction(seed, _LEGACY_DEAL_STEP + node.index)
        phase = {"coin:first-splitter": Phase.FIRST_SPLITTER_COIN,
                 "coin:reserve-order": Phase.RESERVE_ORDER_COIN}.get(node.name)
        if phase is None:
            return super().chance_fraction(seed, node)
        text = "\x1f".join(("coin", str(seed), str(phase)))
        return (int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1) / float(1 << 63)

    def result(self, state: DividedRanksState) -> Result | None:
        """The result, with the deciding scoring step in ``detail`` (``step``: 1-4, or ``None`` for
        a draw; ``step_name`` in words)."""
        outcome = state.outcome
        if outcome is None:
            return None
        return result_of(outcome)

    # -- transitions -----------------------------------------------------------------------
    def apply(self, state: DividedRanksState, action: int) -> DividedRanksState:
        if not self.is_legal(state, action):
            raise self._illegal(state, action)
        phase = state.phase
        if phase == Phase.FIRST_SPLITTER_COIN:
            return _next_setup_phase(evolve(state, first_splitter=action))
        if phase == Phase.RESERVE_ORDER_COIN:
            return _next_setup_phase(evolve(state, reserve_first=action))
        if phase == Phase.DEAL:
            deal = (*state.deal, action)
            if len(deal) < PACK_21.size:
                return evolve(state, deal=deal)
            return after_deal(evolve(state, deal=deal))
        if phase == Phase.SPLIT:
            return _split(state, action)
        if phase == Phase.CHOOSE:
            return _choose(state, action == act.TAKE_FACE_UP)
        if phase == Phase.RESERVE:
            return _reserve(state, action)
        return _build(state, action - act.BUILD)

    def is_legal(self, state: DividedRanksState, action: int) -> bool:
        """Whether ``action`` is legal now (cheaper than searching :meth:`legal_actions`)."""
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = state.phase
        if phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN):
            return action in (0, 1)
        if phase == Phase.DEAL:
            if state.options.rounds < ROUNDS:
                return action in _deal_outcomes(state)
            return 0 <= action < PACK_21.size and action not in state.deal
        if phase == Phase.SPLIT:
            if not act.is_split(action):
                return False
            a, b = act.PAIRS[action - act.SPLIT]
            drawn = state.drawn()
            return bool(drawn >> a & 1 and drawn >> b & 1)
        if phase == Phase.CHOOSE:
            return action in (act.TAKE_FACE_UP, act.TAKE_FACE_DOWN)
        if phase == Phase.RESERVE:
            if action == act.KEEP:
                return True
            return act.is_give(action) and bool(
                state.hands[state.reserve_player()] >> (action - act.GIVE) & 1)
        if phase == Phase.BUILD:
            return act.is_build(action)
        return False

    def _illegal(self, state: DividedRanksState, action: int) -> IllegalActionError:
        player = self.current_player(state)
        who = {CHANCE: "chance", TERMINAL: "nobody"}.get(player, f"player {player}")
        try:
            name = repr(self.action_to_string(state, action)) if isinstance(action, int) else ""
        except (IllegalActionError, IndexError, KeyError):
            name = ""
        if player == TERMINAL:
            reason = "the game is over"
        else:
            legal = self.legal_actions(state)
            shown = ", ".join(f"{a} ({self.action_to_string(state, a)})" for a in legal[:8])
            more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
            reason = f"{_PHASE_HELP.get(state.phase, str(state.phase))}; legal: {shown}{more}"
        return IllegalActionError(
            f"action {action!r} {name} is illegal for {who} at the {state.phase} phase "
            f"(round {min(state.round, ROUNDS - 1) + 1}): {reason}. Nothing changed."
        )

    # -- notation --------------------------------------------------------------------------
    def action_to_string(self, state: DividedRanksState, action: int) -> str:
        phase = state.phase
        if phase in (Phase.FIRST_SPLITTER_COIN, Phase.RESERVE_ORDER_COIN) and action in (0, 1):
            what = "splits first" if phase == Phase.FIRST_SPLITTER_COIN else "goes first at the reserve"
            return f"coin: player {action} {what}"
        if phase == Phase.DEAL and 0 <= action < PACK_21.size:
            return f"deal {_card(action)}"
        if act.is_split(action):
            a, b = act.PAIRS[action - act.SPLIT]
            return f"split {_card(a)} {_card(b)}"
        if action == act.TAKE_FACE_UP:
            return "take face-up"
        if action == act.TAKE_FACE_DOWN:
            return "take face-down"
        if action == act.KEEP:
            return "keep"
        if act.is_give(action):
            return f"give {_card(action - act.GIVE)}"
        if act.is_build(action):
            split = action - act.BUILD
            if phase == Phase.BUILD:
                first, second = split_masks(state.hands[self.current_player(state)], split)
                return f"build {PACK_21.format_mask(first)} | {PACK_21.format_mask(second)}"
            return f"build #{split}"
        return f"<action {action}>"

    def string_to_action(self, state: DividedRanksState, text: str) -> int:
        """Read an action written as :meth:`action_to_string` does (or its number).

        Accepted: ``split Ts Jh``; ``take face-up`` / ``up``, ``take face-down`` / ``down``;
        ``keep``; ``give As``; ``build Ts Js Qs Ks As`` (one of the two hands) or
        ``build #17``; a bare number. Legality is not checked here.
        """
        words = text.strip().replace("|", " ").split()
        if not words:
            raise InvalidNotationError("empty action")
        verb = words[0].lower()
        rest = [word.lower() if word.lower() in _ACTION_WORDS else word for word in words[1:]]
        try:
            if len(words) == 1 and re.fullmatch(r"-?\d+", verb):
                return int(verb)
            if verb == "coin:" and len(rest) >= 2 and rest[0] == "player" and rest[1] in ("0", "1"):
                return int(rest[1])
            if verb == "deal" and len(rest) == 1:
                return PACK_21.index(PACK_21.cards_of(PACK_21.parse_mask(rest[0]))[0])
            if verb == "split" and len(rest) == 2:
                a, b = (PACK_21.index(PACK_21.cards_of(PACK_21.parse_mask(" ".join(rest)))[i])
                        for i in range(2))
                return act.split_action(a, b)
            if verb in ("up", "face-up") or (verb == "take" and rest in (["face-up"], ["up"])):
                return act.TAKE_FACE_UP
            if verb in ("down", "face-down") or (verb == "take" and rest in (["face-down"], ["down"])):
                return act.TAKE_FACE_DOWN
            if verb == "keep" and not rest:
                return act.KEEP
            if verb == "give" and len(rest) == 1:
                return act.give_action(PACK_21.index(PACK_21.cards_of(PACK_21.parse_mask(rest[0]))[0]))
            if verb == "build" and len(rest) == 1 and rest[0].startswith("#"):
                return act.build_action(int(rest[0][1:]))
            if verb == "build" and state.phase == Phase.BUILD and len(rest) in (5, 10):
                holding = state.hands[self.current_player(state)]
                hand = PACK_21.parse_mask(" ".join(rest[:5]), size=5)
                return act.build_action(split_of(holding, hand))
        except ValueError as error:
            raise InvalidNotationError(f"cannot read action {text!r}: {error}") from None
        raise InvalidNotationError(
            f"cannot read action {text!r}: write e.g. 'split Ts Jh', 'take face-up', "
            "'take face-down', 'keep', 'give As', 'build Ts Js Qs Ks As' or an action number"
        )


# -- transitions (legality already checked) ------------------------------------------------


def _undealt(state: DividedRanksState) -> list[int]:
    dealt = 0
    for card in state.deal:
        dealt |= 1 << card
    return mask_indices(ALL_CARDS ^ dealt)


@lru_cache(maxsize=64)
def opening_cards(opening_seed: int, rounds: int) -> tuple[int, ...]:
    """The cards of the public opening of a game of ``rounds`` rounds (none for 5), in the
    order they are dealt: four per opening round, each four in pack order.

    The opening is the start of a shuffle of the pack fixed by ``opening_seed`` (Fisher-Yates
    driven by :func:`seeded_fraction`), so it is the same in every game of that study.

    >>> from divided.cards import PACK_21
    >>> len(opening_cards(0, 1)), opening_cards(0, 5)
    (16, ())
    >>> len(set(opening_cards(7, 2))) == 12 and opening_cards(7, 2) == opening_cards(7, 2)
    True
    """
    cards = list(range(PACK_21.size))
    for k in range(len(cards) - 1, 0, -1):
        j = int(seeded_fraction(opening_seed, k) * (k + 1))
        cards[k], cards[j] = cards[j], cards[k]
    opening: list[int] = []
    for r in range(ROUNDS - rounds):
        opening.extend(sorted(cards[SPLIT_SIZE * r : SPLIT_SIZE * (r + 1)]))
    return tuple(opening)


def _deal_outcomes(state: DividedRanksState) -> list[int]:
    """The cards that may be dealt next (see :func:`_deal_chances`)."""
    return [card for card, _ in _deal_chances(state)]


def _deal_chances(state: DividedRanksState) -> list[tuple[int, float]]:
    """The cards that may be dealt next, with their chances.

    The full game deals the shuffled pack one card at a time, every undealt card equally
    likely. A shortened game (a study, meant to be solved exactly) deals the reserve first
    (never an opening card), then the opening in its fixed order, then each remaining round's
    four cards in pack order: a round's cards are only ever used together, so dealing each set
    once instead of in its 24 orders keeps every set exactly as likely and the game tree 24
    times smaller per round. The next card of a round whose highest card so far is ``a`` is
    ``c > a`` with chance C(n(c), k-1) / C(n(a), k), where ``k`` cards of the round are still
    to come and ``n(x)`` counts the undealt cards above ``x``.
    """
    options = state.options
    if options.rounds == ROUNDS:
        cards = _undealt(state)
        return [(c, 1.0 / len(cards)) for c in cards]
    opening = opening_cards(options.opening_seed, options.rounds)
    position = len(state.deal)
    if 1 <= position <= len(opening):
        return [(opening[position - 1], 1.0)]
    free = [card for card in _undealt(state) if card not in opening]
    if position == 0:
        return [(c, 1.0 / len(free)) for c in free]
    slot = (position - 1) % SPLIT_SIZE
    floor = state.deal[-1] if slot else -1
    above = [card for card in free if card > floor]
    to_come = SPLIT_SIZE - slot
    total = comb(len(above), to_come)
    out = []
    for i, card in enumerate(above):
        ways = comb(len(above) - i - 1, to_come - 1)
        if ways:
            out.append((card, ways / total))
    return out


def after_deal(state: DividedRanksState) -> DividedRanksState:
    """The state once all 21 cards are dealt: the reserve set aside and, in a shortened
    game, the public opening rounds played (the face-up pair is the lower two cards of the four
    in pack order; every chooser takes the face-down pair, so both players see every card)."""
    state = evolve(state, reserve=state.deal[0], phase=Phase.SPLIT)
    for _ in range(state.options.opening_rounds):
        low = mask_indices(state.drawn())[:2]
        state = _choose(_split(state, act.split_action(low[0], low[1])), took_face_up=False)
    return state


def _next_setup_phase(state: DividedRanksState) -> DividedRanksState:
    """After a setup step: the next coin flip still owed, or the deal."""
    if state.first_splitter < 0:
        return evolve(state, phase=Phase.FIRST_SPLITTER_COIN)
    order = state.options.reserve_order
    if state.reserve_first < 0:
        if order == "coin":
            return evolve(state, phase=Phase.RESERVE_ORDER_COIN)
        first = state.first_splitter if order == "splitter-first" else 1 - state.first_splitter
        state = evolve(state, reserve_first=first)
    return evolve(state, phase=Phase.DEAL)


def _split(state: DividedRanksState, action: int) -> DividedRanksState:
    a, b = act.PAIRS[action - act.SPLIT]
    face_up = (1 << a) | (1 << b)
    drawn = state.drawn()
    event = SplitEvent(state.round, state.splitter(), drawn, face_up)
    return evolve(state, phase=Phase.CHOOSE, face_up=face_up, face_down=drawn ^ face_up,
                   log=(*state.log, event))


def _choose(state: DividedRanksState, took_face_up: bool) -> DividedRanksState:
    splitter = state.splitter()
    chooser = 1 - splitter
    taken, kept = (state.face_up, state.face_down) if took_face_up else (state.face_down, state.face_up)
    hands = list(state.hands)
    hands[chooser] |= taken
    hands[splitter] |= kept
    event = ChoiceEvent(state.round, chooser, took_face_up, state.face_down)
    next_round = state.round + 1
    return evolve(
        state, phase=Phase.SPLIT if next_round < ROUNDS else Phase.RESERVE, round=next_round,
        face_up=0, face_down=0, hands=(hands[0], hands[1]), log=(*state.log, event),
    )


def _reserve(state: DividedRanksState, action: int) -> DividedRanksState:
    player = state.reserve_player()
    turns = state.reserve_turns + 1
    phase = Phase.RESERVE if turns < 2 else Phase.BUILD
    hands, reserve = state.hands, state.reserve
    if action == act.KEEP:
        event = ReserveEvent(player, -1, -1)
    else:
        gave = action - act.GIVE
        changed = hands[player] ^ (1 << gave) | (1 << reserve)
        hands = (changed, hands[1]) if player == 0 else (hands[0], changed)
        event = ReserveEvent(player, gave, reserve)
        reserve = gave
    log = (*state.log, event)
    if phase == Phase.BUILD and state.options.auto_build:
        # both players build at once, player 0 first (as two build moves would)
        builds, outcome = _auto_build(hands, state.options.scoring)
        return evolve(state, hands=hands, reserve=reserve, reserve_turns=turns, phase=Phase.OVER, builds=builds,
                       outcome=outcome, log=(*log, BuildEvent(0, builds[0]), BuildEvent(1, builds[1])))
    return evolve(state, hands=hands, reserve=reserve, reserve_turns=turns, phase=phase, log=log)


@lru_cache(maxsize=1 << 14)
def _auto_build(hands: tuple[int, int], scoring: Scoring) -> tuple[tuple[int, int], Outcome]:
    """Both holdings auto-arranged (ruling R5) and scored. Cached: a study's tree search reaches
    the same final holdings again and again (the results are immutable; the one-round study's
    CFR run met 990 distinct pairs 210,000 times; the cache holds at most about 10 MB)."""
    builds = (arrange(hands[0], scoring).split, arrange(hands[1], scoring).split)
    return builds, score(hands, builds, scoring)


def _build(state: DividedRanksState, split: int) -> DividedRanksState:
    player = 0 if state.builds[0] < 0 else 1
    builds = (split, state.builds[1]) if player == 0 else (state.builds[0], split)
    log = (*state.log, BuildEvent(player, split))
    if builds[1] < 0:
        return evolve(state, builds=builds, log=log)
    outcome = score(state.hands, builds, state.options.scoring)
    return evolve(state, builds=builds, log=log, phase=Phase.OVER, outcome=outcome)


def score(hands: tuple[int, int], builds: tuple[int, int],
          scoring: Scoring = Scoring.CATEGORIES_FIRST) -> Outcome:
    """Compare two built holdings by the scoring steps, in the order the option sets."""
    arranged = [arrangement(hands[p], builds[p]) for p in (0, 1)]
    keys = (arranged[0].key_for(scoring), arranged[1].key_for(scoring))
    winner: int | None = None
    step: int | None = None
    for index, (mine, theirs) in enumerate(zip(keys[0], keys[1], strict=True)):
        if mine != theirs:
            winner, step = (0 if mine > theirs else 1), index + 1
            break
    return Outcome(
        winner, step, keys,
        ((arranged[0].weaker.mask, arranged[0].stronger.mask),
         (arranged[1].weaker.mask, arranged[1].stronger.mask)),
        scoring,
    )

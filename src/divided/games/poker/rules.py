"""One rules class for every poker variant: :class:`PokerRules` interprets a
:class:`~divided.games.poker.variant.Variant`.

Chance nodes: ``button`` (T1: the first dealer, unless the option ``first_dealer`` fixes it) and
``deal`` (the ``k``-th card dealt, uniform over the stock). Forced bets are posted before the
first step: every seat antes (T3, as far as its stack goes, T7), then the blinds when the option
is on. Returns are chips: each seat's final stack minus its starting stack (zero-sum).
"""

from __future__ import annotations

from collections.abc import Mapping

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
from divided.games.poker import actions as act
from divided.games.poker import betting, engine, match, steps
from divided.games.poker.cards import deck_mask, deck_size, mask_indices
from divided.games.poker.events import Event
from divided.games.poker.options import Config, configure, options_of
from divided.games.poker.state import Phase, PokerState, evolve_state
from divided.games.poker.steps.bet import blind_seats
from divided.games.poker.variant import Variant
from divided.games.poker.view import PokerView, observe


def _max_length(config: Config) -> int:
    """A bound on the moves of a deal: the first dealer, every card dealt, every draw, commit
    and betting action (a round has at most one raise per chip of the deepest stack, each
    answered by every other seat)."""
    players = config.players
    moves = 1
    for step in config.steps:
        if isinstance(step, steps.Deal):
            moves += len(step.pattern) * players
        elif isinstance(step, steps.Draw):  # a decision, its replacements (a bonus draw, a shown card's extra)
            moves += (1 + max(step.most, step.bonus_most) + (1 if step.show_rank else 0)) * players
        elif isinstance(step, steps.Assign | steps.TakeBack):
            moves += players
        elif isinstance(step, steps.Partition):
            variant = config.variant
            sizes = [variant.slots[variant.slot_index(name)].size for name in step.into]
            moves += players * (1 + (sum(s - 1 for s in sizes) if step.ordered else 0))
        elif isinstance(step, steps.Bet):  # a round nobody opens may be played again (J-Lo's switch)
            moves += (max(config.stacks) + 2) * players * (2 if step.otherwise else 1)
        else:  # a kind that reports its own bound (issue 30's kinds)
            bound = getattr(steps.kind_of(step), "max_moves", None)
            if bound is not None:
                moves += bound(step, config)
    if config.variant.match is not None:  # T18: a match is up to max_deals deals
        moves *= match.max_deals(config)
    return moves


def bet_round_moves(config: Config) -> int:
    """The bound on one betting round's moves that :func:`_max_length` counts (for kinds that
    add betting rounds of their own)."""
    return (max(config.stacks) + 2) * config.players


class PokerRules(Rules[PokerState, PokerView]):
    """The rules of one poker variant (see the module text)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.options = options_of(variant)
        self._configs: dict[tuple[tuple[str, OptionValue], ...], Config] = {}
        self.info = self.game_info({option.name: option.default for option in self.options})

    def game_info(self, options: Mapping[str, OptionValue]) -> GameInfo:
        config = configure(self.variant, options)
        return GameInfo(
            short_name=self.variant.id, long_name=self.variant.name, num_players=config.players,
            min_players=self.variant.players[0], max_players=self.variant.players[1],
            num_distinct_actions=act.num_distinct_actions(config.limits.structure, config.total_chips),
            max_chance_outcomes=max(deck_size(config.deck), config.players), max_game_length=_max_length(config),
            min_utility=-float(max(config.stacks)), max_utility=float(config.total_chips - min(config.stacks)),
            utility_sum=0.0, options=self.options,
        )

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, OptionValue]) -> PokerState:
        key = tuple(sorted(options.items()))
        config = self._configs.get(key)
        if config is None:
            config = self._configs[key] = configure(self.variant, options)
        players = config.players
        zero = (0,) * players
        empty = tuple(() for _ in self.variant.slots)
        state = PokerState(
            config=config, button=-1, step=0, phase=Phase(), slots=(empty,) * players, up=0, stock=deck_mask(config.deck),
            discarded=zero, mucked=zero, owed=(), table=betting.new_table(config.stacks),
            draws=(), dealt=0, folded_at=(-1,) * players, match=match.first(config),
        )
        return state if config.first_dealer is None else _start(state, config.first_dealer)

    # -- queries ---------------------------------------------------------------------------
    def current_player(self, state: PokerState) -> int:
        if state.over:
            return TERMINAL
        if state.button < 0 or state.owed:
            return CHANCE
        step = state.config.steps[state.step]
        return steps.kind_of(step).actor(step, state)

    def legal_actions(self, state: PokerState) -> list[int]:
        player = self.current_player(state)
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes(state)]
        step = state.config.steps[state.step]
        return steps.kind_of(step).legal(step, state)

    def chance_outcomes(self, state: PokerState) -> list[tuple[int, float]]:
        if state.over or not (state.button < 0 or state.owed):
            raise IllegalActionError("no chance outcomes: it is not a chance node")
        if state.button < 0:
            return [(seat, 1.0 / state.players) for seat in range(state.players)]
        cards = mask_indices(state.stock)
        share = 1.0 / len(cards)
        return [(card, share) for card in cards]

    def chance_node(self, state: PokerState) -> ChanceNode:
        """``button`` (the first dealer) or ``deal`` with the index of the card dealt."""
        if self.current_player(state) != CHANCE:
            raise IllegalActionError("no chance node: it is not a chance node")
        return ChanceNode("button", 0) if state.button < 0 else ChanceNode("deal", state.dealt)

    def apply(self, state: PokerState, action: int) -> PokerState:
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action is an integer, got {action!r} (nothing changed)")
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalActionError(f"the deal is over (action {action} refused)")
        if player == CHANCE:
            if state.button < 0:
                if not 0 <= action < state.players:
                    raise IllegalActionError(f"the first dealer is a seat 0..{state.players - 1}, not {action}")
                return _start(state, action)
            return engine.deal(state, action)
        step = state.config.steps[state.step]
        kind = steps.kind_of(step)
        allows = getattr(kind, "allows", None)  # a kind's quicker test of one action, where it has one
        if allows is not None and allows(step, state, action):
            return kind.apply(step, state, action)
        legal = kind.legal(step, state)
        if action not in legal:
            raise IllegalActionError(
                f"action {action} is not legal for player {player} at the {step.kind} step "
                f"(nothing changed); legal: {_summary(legal)}")
        return kind.apply(step, state, action)

    def resolve_chance(self, state: PokerState, seed: int, step: int) -> tuple[PokerState, list[int]]:
        """As the base class defines it (the outcome at move ``k`` picked by
        ``seeded_fraction(seed, k)``), the cards owed dealt in one batch
        (:func:`~divided.games.poker.engine.deal_seeded`)."""
        actions: list[int] = []
        while not state.over:
            if state.button < 0:
                seat = pick_outcome(self.chance_outcomes(state), seeded_fraction(seed, step + len(actions)))
                state = _start(state, seat)
                actions.append(seat)
            elif state.owed:
                state = engine.deal_seeded(state, seed, step + len(actions), actions)
            else:
                break
        return state, actions

    def returns(self, state: PokerState) -> list[float]:
        if not state.over:
            return [0.0] * state.players
        return [float(final - start) for final, start in zip(engine.final_stacks(state), state.config.stacks, strict=True)]

    def result(self, state: PokerState) -> Result | None:
        if not state.over:
            return None
        returns = self.returns(state)
        best = max(returns)
        won = [seat for seat, r in enumerate(returns) if r == best]
        how = "uncontested" if state.settled and state.settled[0].awards[0][0] == "uncontested" else "at the showdown"
        who = " and ".join(f"Player {seat}" for seat in won)
        verb = "wins" if len(won) == 1 else "each win"
        chips = f"{int(best)} chip" + ("s" if best != 1 else "")
        headline = f"{who} {verb} {chips} {how}" if best > 0 else "Nobody wins a chip"
        awards = {f"pot {i} {title}": " ".join(str(s) for s in seats) for i, pot in enumerate(state.settled)
                  for title, seats in pot.awards}
        return Result.from_returns(returns, headline, {"showdown": state.shown, **awards})

    def observe(self, state: PokerState, player: int | None) -> PokerView:
        return observe(state, player, self.current_player(state), self.result(state))

    def action_to_string(self, state: PokerState, action: int) -> str:
        player = self.current_player(state)
        if player == CHANCE:
            return f"deal card {action}" if state.button >= 0 else f"first dealer: player {action}"
        return describe(self.observe(state, player), action)[1]

    def string_to_action(self, state: PokerState, text: str) -> int:
        wanted = " ".join(text.split()).lower()
        for action in self.legal_actions(state):
            if self.action_to_string(state, action).lower() == wanted:
                return action
        if wanted.lstrip("-").isdigit() and int(wanted) in self.legal_actions(state):
            return int(wanted)
        raise InvalidNotationError(f"{text!r} names no legal action now")


def describe(view: PokerView, action: int) -> tuple[str, str, tuple[int, ...]]:
    """``(kind, text, cards)`` of an action of the seat to act, from its own view: the text
    names only cards that seat can see."""
    if view.over or view.player is None or view.current_player != view.player:
        raise IllegalActionError(f"cannot describe action {action}: it is not this view's player's turn")
    step = view.config.steps[view.step]
    kind = steps.kind_of(step)
    if action not in kind.legal(step, view):
        raise IllegalActionError(f"action {action} is not legal for player {view.player} now")
    return kind.describe(step, view, action)


def _summary(legal: list[int]) -> str:
    if len(legal) <= 12:
        return ", ".join(str(a) for a in legal)
    return f"{legal[0]}..{legal[-1]} ({len(legal)} actions)"


def _start(state: PokerState, button: int) -> PokerState:
    """The button is placed: antes, blinds, then the first step."""
    config = state.config
    table = state.table
    events: list[Event] = []

    def forced(seat: int, amount: int, kind: str, as_bet: bool) -> None:
        nonlocal table
        before = table.stacks[seat]
        table = betting.post(table, seat, amount, as_bet=as_bet)
        paid = before - table.stacks[seat]
        events.append(Event(state.step, seat, kind, paid, all_in=paid > 0 and table.stacks[seat] == 0))

    if config.ante:
        for seat in engine.from_left(button, state.players):
            forced(seat, config.ante, "ante", False)
    if config.blinds:
        small, big = blind_seats(button, state.players)
        forced(small, max(1, config.small_bet // 2), "blind", True)
        forced(big, config.small_bet, "blind", True)
    return engine.enter(evolve_state(state, button=button, table=table, events=state.events + tuple(events)))

"""Full-game differential test driver: our poker engine (:class:`PokerRules`) against pokerkit 0.7.

One hand: a seeded shuffle, random stacks (1 chip to deep, set on our state before the button
is placed; the game option gives every seat the same stack), a random ante, blinds on or off,
odd-chip rule and bet sizes. The button is the last seat, so our seats and pokerkit's player
indices are the same (pokerkit's 0 is the first seat left of the button). Our engine asks for
every card (its ``deal`` chance node); the driver gives the next card of the shuffle and queues
it for that seat on pokerkit's side, which must deal it to the same seat (so both hands hold the
same cards, replacements included). Draw decisions are random discards applied to both;
the two-hand games' own decisions (assign, partition, order) are played on our side only, and
pokerkit stands pat at its stand-pat streets.

After every step we compare the seat to act, the legal actions (fold, check / call and the
amount, bring-in, smallest and largest raise-to), stacks and bets; at the showdown the pots and
who may win each; at the end of the full games every seat's chips and, pot by pot, who won each
award. The betting policy (biased toward raises and all-ins), the random stacks, the options
comparison with its known differences D2 and D8 and the chip comparison are
:mod:`pokerkit_betting`'s, imported; its corrections for D1, D5, D6 and D7 are applied the same
way here, on our whole game rather than on a bare betting table. Known
differences this driver meets besides (hand-worked tests: D3 in ``test_poker_games_pokerkit``,
D4 in ``test_poker_betting_pokerkit``):

- D3 (T10, T11): we divide each pot layer on its own and give tied winners' odd chips one at a
  time in T11's order (by the deciding card, or by seat with ``odd_chip=seat``); pokerkit merges
  neighbouring layers whose contenders are the same once the hands that win nothing are mucked,
  gives a pot's odd chip between high and low to the high, and every odd chip of a share to its
  first winner. A payoff that differs is counted only after checking that our pots pay their
  awards' winners alone and that pokerkit's division applied to OUR winners gives exactly
  pokerkit's stacks.
- D4 (T3): under pot and no limit a completion of the bring-in is exactly the small bet; pokerkit
  lets it go up to the stack. The policy plays our options, which pokerkit also allows.

D6 before a street that deals cards (Buck Thirty-Five, in ``pokerkit_draw_games``): pokerkit
moves on to deal while ours still gives a seat that may only check its turn; pokerkit waits for
our cards until that check is played.

pokerkit finds its last street by identity (``street is streets[-1]``), so every street here is
its own object: two equal draw streets given as one object end pokerkit's hand after the first.

Run the long version with ``python tests/games/poker/pokerkit_games.py --hands 20000``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pokerkit import (
    BettingStructure,
    Card,
    Deck,
    Mode,
    Opening,
    RegularLowHand,
    StandardHighHand,
    State,
    Street,
)
from pokerkit_betting import (
    AUTOMATIONS,
    Hand,
    Mismatch,
    Tally,
    _apply_to_pokerkit,
    _as_dict,
    _choose,
    random_stacks,
)

from divided.games.base import CHANCE, TERMINAL
from divided.games.poker import actions as act
from divided.games.poker import betting
from divided.games.poker.betting import Act, Limits, Options, Structure, Table
from divided.games.poker.cards import name
from divided.games.poker.engine import final_stacks
from divided.games.poker.rules import PokerRules
from divided.games.poker.state import TRASH, PokerState
from divided.games.poker.variants import rules_of

_PK_CARDS: tuple[Card, ...] = tuple(next(iter(Card.parse(name(card)))) for card in range(52))


@dataclass(frozen=True)
class GameConfig:
    """One of our games under one structure, and pokerkit's streets for it."""

    game: str
    structure: str
    streets: Callable[[int, int], tuple[Street, ...]]
    """(small bet, big bet) -> pokerkit's streets."""
    hand_types: tuple[type[Any], ...]
    payoffs: bool
    """Compare the payoffs (the full games); else stop at the showdown (the two-hand games)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Our rule options this configuration fixes (a match game's deal cap, say)."""
    stand_pat: bool | None = None
    """pokerkit stands pat at its draw streets while ours plays other steps (the two-hand games);
    ``None``: when the payoffs are not compared."""

    @property
    def pokerkit_stands_pat(self) -> bool:
        return not self.payoffs if self.stand_pat is None else self.stand_pat

    @property
    def name(self) -> str:
        return f"{self.game} {self.structure}"


def _cap(structure: str) -> int | None:
    return 4 if structure == "fixed" else None


def _draw_streets(draws: int, structure: str) -> Callable[[int, int], tuple[Street, ...]]:
    def streets(small: int, big: int) -> tuple[Street, ...]:
        first = Street(False, (False,) * 5, 0, False, Opening.POSITION, small, _cap(structure))
        # one object per street: pokerkit finds the last street by identity
        return (first, *(Street(False, (), 0, True, Opening.POSITION, big, _cap(structure)) for _ in range(draws)))
    return streets


def _stud_streets(structure: str, stand_pat: bool) -> Callable[[int, int], tuple[Street, ...]]:
    def streets(small: int, big: int) -> tuple[Street, ...]:
        cap = _cap(structure)
        out = [Street(False, (False, False, True), 0, False, Opening.LOW_CARD, small, cap),
               Street(False, (True,), 0, False, Opening.HIGH_HAND, small, cap),
               *(Street(False, (True,), 0, False, Opening.HIGH_HAND, big, cap) for _ in range(2)),
               Street(False, (False,), 0, False, Opening.HIGH_HAND, big, cap)]
        if stand_pat:  # Cowpie's split, then a betting round opened by the best up cards
            out.append(Street(False, (), 0, True, Opening.HIGH_HAND, big, cap))
        return tuple(out)
    return streets


def _henway_streets(structure: str) -> Callable[[int, int], tuple[Street, ...]]:
    def streets(small: int, big: int) -> tuple[Street, ...]:
        cap = _cap(structure)
        return (Street(False, (False,) * 10, 0, False, Opening.POSITION, small, cap),
                Street(False, (), 0, True, Opening.POSITION, small, cap),
                *(Street(False, (), 0, True, Opening.POSITION, big, cap) for _ in range(2)))
    return streets


def _regrets_streets(structure: str) -> Callable[[int, int], tuple[Street, ...]]:
    def streets(small: int, big: int) -> tuple[Street, ...]:
        cap = _cap(structure)
        return tuple(Street(False, (False, False), 0, False, Opening.POSITION, size, cap)
                     for size in (small, small, big, big, big))
    return streets


HIGH = (StandardHighHand,)
STRUCTURES = ("fixed", "pot", "no")
CONFIGS = (
    *(GameConfig("five-card-draw", s, _draw_streets(1, s), HIGH, True) for s in STRUCTURES),
    *(GameConfig("seven-card-stud", s, _stud_streets(s, False), HIGH, True) for s in STRUCTURES),
    *(GameConfig("double-draw-high-low", s, _draw_streets(2, s), (StandardHighHand, RegularLowHand), True)
      for s in STRUCTURES),
    *(GameConfig("open-draw", s, _draw_streets(1, s), HIGH, True) for s in STRUCTURES),
    *(GameConfig("henway", s, _henway_streets(s), HIGH, False) for s in STRUCTURES),
    *(GameConfig("ten-card-regrets", s, _regrets_streets(s), HIGH, False) for s in STRUCTURES),
    *(GameConfig("cowpie", s, _stud_streets(s, True), HIGH, False) for s in STRUCTURES),
)

_BETTING = {"fixed": BettingStructure.FIXED_LIMIT, "pot": BettingStructure.POT_LIMIT, "no": BettingStructure.NO_LIMIT}


class GameHand(Hand):
    """One hand of a whole game played on both engines (see the module text). The betting
    comparison (:meth:`Hand.compare_turn`, :meth:`Hand.compare_chips`) is the betting driver's,
    read from our state's table."""

    def __init__(self, config: GameConfig, seed: int, tally: Tally, players: int | None = None,
                 stacks: tuple[int, ...] | None = None) -> None:
        self.game_config = config
        self.rng = rng = random.Random(seed)
        self.tally = tally
        self.rules: PokerRules = rules_of(config.game)
        low, high = self.rules.variant.players
        players = players or rng.randint(low, high)
        stacks = stacks or random_stacks(rng, players)
        ante = rng.choice((0, 0, 1, 2))
        paid = sorted(min(ante, stack) for stack in stacks)
        if paid[-1] > paid[-2]:
            ante = 0  # D7: pokerkit would hand back the unmatched part of an ante
            tally.known["D7 ante that pokerkit would trim left out"] += 1
        small = rng.choice((2, 2, 4))
        big = 2 * small
        options: dict[str, Any] = {
            "players": players, "structure": config.structure, "ante": ante, "small_bet": small, "big_bet": big,
            "odd_chip": rng.choice(("cards", "seat")), "stack": max(stacks), **dict(config.options),
        }
        bring_in = 0
        blinds: tuple[int, ...] = ()
        if self.rules.variant.bring_in:
            bring_in = options["bring_in"] = rng.randint(1, small - 1)
        if self.rules.variant.blinds and rng.random() < 0.5:
            options["blinds"] = "on"
            blinds = (max(1, small // 2), small)
        if ante == 0 and not blinds and not bring_in:
            options["ante"] = ante = 1  # something to play for
            if sorted(min(1, stack) for stack in stacks)[-2] == 0:
                options["ante"] = ante = 0
        self.limits = Limits(structure=Structure(config.structure))
        self.deck = list(range(52))
        rng.shuffle(self.deck)
        self.options = {**{option.name: option.default for option in self.rules.options}, **options}
        core = self.rules.initial_state({**self.options, "first_dealer": "random"})
        assert core.button < 0
        core = replace(core, table=betting.new_table(stacks))
        self.core: PokerState = self.rules.apply(core, players - 1)
        self.actions: list[int] = []
        """Every action and chance outcome applied to our state after the button (a replay)."""
        self.pokerkit_arguments = (ante, blinds, bring_in, stacks, players)
        self.state = self.pokerkit_state(config.streets(small, big))
        self.queued: list[deque[int]] = [deque() for _ in range(players)]
        self.street_seen: int | None = None
        self.pots_at_showdown: tuple[tuple[int, tuple[int, ...]], ...] | None = None
        self.showdown = False
        self.label = (f"{config.name} seed {seed}: stacks {stacks}, ante {ante}, blinds {blinds}, bring-in {bring_in},"
                      f" bets {small}/{big}, odd chip {options['odd_chip']}")

    def pokerkit_state(self, streets: tuple[Street, ...]) -> State:
        """pokerkit's hand over these streets, with this hand's antes, blinds and stacks."""
        ante, blinds, bring_in, stacks, players = self.pokerkit_arguments
        return State(AUTOMATIONS, Deck.STANDARD, self.game_config.hand_types, streets,
                     _BETTING[self.game_config.structure], True, ante, blinds, bring_in, stacks, players,
                     mode=Mode.TOURNAMENT)

    @property  # type: ignore[override]
    def table(self) -> Table:
        return self.core.table

    def fail(self, what: str) -> Mismatch:
        return Mismatch(f"{self.label}: {what}\nours: {self.core.table}\n"
                        f"pokerkit stacks {self.state.stacks} bets {self.state.bets} actor {self.state.actor_index}")

    # -- the loop ------------------------------------------------------------------------------
    def play(self) -> None:
        while True:
            self.deal_ours()
            pokerkit_on = self.advance_pokerkit()
            player = self.rules.current_player(self.core)
            if player == TERMINAL:
                break
            kind = self.core.config.steps[self.core.step].kind
            if not pokerkit_on and (self.game_config.payoffs or kind == "bet"):
                raise self.fail(f"pokerkit's hand is over or at its showdown, ours has seat {player} at a {kind}")
            if kind == "bet":
                self.betting_step(player)
            elif kind == "draw":
                self.draw_step(player)
            else:  # assign, partition, order: ours alone
                self.core = self.apply_ours(self.rng.choice(self.rules.legal_actions(self.core)))
                self.tally.steps += 1
        self.finish()
        self.tally.hands += 1

    def apply_ours(self, action: int) -> PokerState:
        self.actions.append(action)
        return self.rules.apply(self.core, action)

    def deal_ours(self) -> None:
        while self.rules.current_player(self.core) == CHANCE:
            seat = self.core.owed[0][0]
            card = next(card for card in self.deck if self.core.stock >> card & 1)
            if seat != TRASH:  # 3-2-1's trash is no seat's hand: pokerkit never deals it
                self.queued[seat].append(card)
            self.core = self.apply_ours(card)

    def advance_pokerkit(self) -> bool:
        """Deal pokerkit the cards ours dealt, show hands at the showdown, and stand pat at the
        two-hand games' stand-pat streets; False once pokerkit's hand is over or at its showdown
        (two-hand games)."""
        state = self.state
        while state.status:
            if state.can_deal_hole():
                seat = state.hole_dealee_index
                if not self.queued[seat]:
                    if self.rules.current_player(self.core) >= 0 and self.core.config.steps[self.core.step].kind == "bet":
                        return True  # D6: ours still has a seat that may only check (skip_forced_checks)
                    raise self.fail(f"pokerkit deals seat {seat} a card ours did not")
                state.deal_hole(_PK_CARDS[self.queued[seat].popleft()])
            elif state.can_stand_pat_or_discard() and self.game_config.pokerkit_stands_pat:
                state.stand_pat_or_discard()
            elif state.can_show_or_muck_hole_cards():
                if self.pots_at_showdown is None:
                    self.pots_at_showdown = tuple((pot.amount, tuple(pot.player_indices)) for pot in state.pots)
                if not self.game_config.payoffs:
                    return False
                state.show_or_muck_hole_cards(True)
            else:
                return True
        return False

    # -- betting ------------------------------------------------------------------------------
    def betting_step(self, player: int) -> None:
        state = self.state
        self.skip_forced_checks()
        if self.rules.current_player(self.core) != player or self.core.config.steps[self.core.step].kind != "bet":
            return
        if state.actor_index is None:
            raise self.fail(f"ours has seat {player} to bet, pokerkit has no one to act")
        if state.street_index != self.street_seen:
            self.street_seen = state.street_index
            if state.street_index == 0 and self.table.capped and self.table.raises == 1:
                state.completion_betting_or_raising_count = 1
                self.tally.known["D5 big blind counted toward the cap"] += 1
        ours = self.compare_legal()
        move, amount = _choose(self.rng, ours)
        if move is Act.RAISE and self.limits.structure is Structure.FIXED:
            assert ours.raise_to is not None
            amount = ours.raise_to[1]
        action = {Act.FOLD: act.FOLD, Act.CHECK: act.CALL, Act.CALL: act.CALL, Act.BRING_IN: act.BRING_IN}.get(move)
        if action is None:
            assert amount is not None
            action = act.RAISE if self.limits.structure is Structure.FIXED else act.RAISE_TO + amount
        raises_before = self.table.raises
        self.core = self.apply_ours(action)
        _apply_to_pokerkit(state, move, amount)
        self.tally.steps += 1
        if move is Act.RAISE and self.table.capped and self.table.raises == raises_before:
            state.completion_betting_or_raising_count -= 1
            self.tally.known["D1 short all-in not counted toward the cap"] += 1
        self.deal_ours()
        self.advance_pokerkit()
        self.skip_forced_checks()
        if self.rules.current_player(self.core) >= 0 and self.table.to_act != -1:
            self.compare_chips(during_round=True)

    def skip_forced_checks(self) -> None:
        """D6 (see :meth:`Hand.skip_forced_checks`), on our whole game."""
        while (self.rules.current_player(self.core) >= 0 and self.core.config.steps[self.core.step].kind == "bet"
               and self.table.to_act != self.state.actor_index):
            ours = betting.options(self.table, self.limits)
            if not (ours.check and not ours.fold and ours.raise_to is None and ours.bring_in is None):
                return
            self.core = self.apply_ours(act.CALL)
            self.tally.known["D6 pokerkit passes by a seat that may only check"] += 1
            self.deal_ours()
            self.advance_pokerkit()

    def compare_legal(self) -> Options:
        """Our options after comparing them with pokerkit's (and with our legal actions)."""
        ours = betting.options(self.table, self.limits)
        legal = self.rules.legal_actions(self.core)
        if (act.FOLD in legal) != ours.fold or (act.CALL in legal) != (ours.check or ours.call > 0):
            raise self.fail(f"legal actions {legal} do not match the table's options {ours}")
        if self.limits.structure is not Structure.FIXED and ours.raise_to is not None:
            raises = [a - act.RAISE_TO for a in legal if a >= act.RAISE_TO]
            if (min(raises), max(raises)) != ours.raise_to:
                raise self.fail(f"raise-to actions {raises[0]}..{raises[-1]} but options {ours}")
        theirs = self.theirs()
        if (
            self.table.completing and self.limits.structure is not Structure.FIXED and ours.raise_to is not None
            and theirs.raise_to is not None and ours.raise_to[0] == ours.raise_to[1] == theirs.raise_to[0]
            and theirs.raise_to[1] > ours.raise_to[1] and ours == replace_raise(theirs, ours.raise_to)
        ):
            self.tally.known["D4 completion under pot/no limit is the small bet"] += 1
            return ours
        if not self.compare_turn():
            return Options(**{**_as_dict(ours), "raise_to": None})
        return ours

    def theirs(self) -> Options:
        from pokerkit_betting import _pokerkit_options
        return _pokerkit_options(self.state)

    # -- draws ----------------------------------------------------------------------------------
    def draw_step(self, player: int) -> None:
        state = self.state
        if not state.can_stand_pat_or_discard() or state.stand_patter_or_discarder_index != player:
            raise self.fail(f"ours has seat {player} to draw, pokerkit {state.stand_patter_or_discarder_index}")
        legal = self.rules.legal_actions(self.core)
        count = self.rng.choice((0, 0, 1, 2, 3, 3, 4, 5))
        held = sorted(self.core.slots[player][0])
        chosen = self.rng.sample(range(len(held)), min(count, len(held)))
        mask = sum(1 << i for i in chosen)
        if act.DISCARD + mask not in legal:
            raise self.fail(f"discarding mask {mask} refused: legal {legal}")
        self.core = self.apply_ours(act.DISCARD + mask)
        state.stand_pat_or_discard(tuple(_PK_CARDS[held[i]] for i in sorted(chosen)))
        self.tally.steps += 1

    # -- the end --------------------------------------------------------------------------------
    def finish(self) -> None:
        core, state = self.core, self.state
        if not core.over:
            raise self.fail(f"pokerkit's hand ended (status {state.status}), ours is at step {core.step}")
        live = [seat for seat, at in enumerate(core.folded_at) if at < 0]
        if len(live) == 1:
            self.tally.uncontested += 1
        else:
            self.tally.showdowns += 1
            ours_pots = tuple((pot.amount, pot.eligible) for pot in core.settled)
            if ours_pots != self.pots_at_showdown:
                raise self.fail(f"pots differ: ours {ours_pots}, pokerkit {self.pots_at_showdown}")
        if not self.game_config.payoffs:
            if len(live) == 1 and state.status:
                raise self.fail("ours ended uncontested, pokerkit did not")
            if len(live) > 1 and tuple(state.stacks) != core.table.stacks:
                raise self.fail(f"stacks at the showdown differ: pokerkit {state.stacks}")
            return
        if state.status:
            raise self.fail("ours is over, pokerkit is not")
        ours = final_stacks(core)
        if ours != tuple(state.stacks):
            self.explain_payoffs(ours)

    def explain_payoffs(self, ours: tuple[int, ...]) -> None:
        """D3: the chips differ only in where odd chips go. Our pots must pay only their awards'
        winners; and pokerkit's way of dividing, applied to OUR winners, must give exactly
        pokerkit's stacks: it merges neighbouring layers whose contenders are the same once the
        hands that win nothing are mucked, splits a pot among its awards with the odd chips to
        the first, and an award among its winners with the odd chips to the first seat."""
        settled = self.core.settled
        for index, pot in enumerate(settled):
            winners = {seat for _, seats in pot.awards for seat in seats}
            if sum(pot.chips) != pot.amount or any(chips and seat not in winners for seat, chips in enumerate(pot.chips)):
                raise self.fail(f"pot {index} {pot} pays someone who won none of its awards")
        winning = {seat for pot in settled for _, seats in pot.awards for seat in seats}
        merged: list[tuple[int, tuple[int, ...], Any]] = []
        for pot in settled:
            contenders = tuple(seat for seat in pot.eligible if seat in winning)
            if merged and merged[-1][1] == contenders:
                merged[-1] = (merged[-1][0] + pot.amount, contenders, merged[-1][2])
            else:
                merged.append((pot.amount, contenders, pot.awards))
        expected = list(self.core.table.stacks)
        for amount, _, awards in merged:
            each, odd = divmod(amount, len(awards))
            for place, (_, seats) in enumerate(awards):
                share, left = divmod(each + (odd if place == 0 else 0), len(seats))
                for rank, seat in enumerate(sorted(seats)):
                    expected[seat] += share + (left if rank == 0 else 0)
        if tuple(expected) != tuple(self.state.stacks):
            raise self.fail(f"payoffs differ: ours {ours}, pokerkit {tuple(self.state.stacks)}; pokerkit's "
                            f"division of our winners would give {tuple(expected)}; ours {settled}")
        self.tally.known["D3 odd chips (T11): pokerkit's to its first winner, over merged layers"] += 1


def replace_raise(options: Options, raise_to: tuple[int, int] | None) -> Options:
    return Options(**{**_as_dict(options), "raise_to": raise_to})


def run(config: GameConfig, hands: int, seed: int = 0) -> Tally:
    """Play ``hands`` hands of ``config``; raises :class:`Mismatch` at the first disagreement."""
    tally = Tally()
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning)  # pokerkit's reshuffle (T16)
    salt = zlib.crc32(config.name.encode())
    for number in range(hands):
        GameHand(config, (seed * 1_000_003 + number) ^ salt, tally).play()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="play only the configurations whose name contains this")
    arguments = parser.parse_args(argv)
    for config in CONFIGS:
        if arguments.only not in config.name:
            continue
        started = time.perf_counter()
        tally = run(config, arguments.hands, arguments.seed)
        elapsed = time.perf_counter() - started
        known = ", ".join(f"{name}: {count}" for name, count in sorted(tally.known.items())) or "none"
        print(f"{config.name}: {tally.hands} hands, {tally.steps} decisions, {tally.showdowns} showdowns,"
              f" {tally.uncontested} uncontested, in {elapsed:.1f} s; known differences met: {known}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The issue-30 draw games' skeletons against pokerkit 0.7 (the driver of :mod:`pokerkit_games`).

pokerkit has no wild cards, no trash, no buck and no dealer's call, so each game is played on
both engines as the skeleton pokerkit can deal: the same cards to the same seats (replacements
included), the same betting, the same draws. pokerkit's streets are read from OUR steps
(:func:`streets_of`): the cards dealt to the seats and a draw, each closed by a betting round of
the small or big bet. Compared, as in :mod:`pokerkit_games`, after every step: the seat to act,
fold / check / call and the amount, the smallest and largest raise-to, stacks and bets; the seat
to draw; at the showdown the pots and who may win each, and the stacks. Payoffs are compared
only where both engines read the same hands (Mississippi, with its two-card ranking written
here as pokerkit hand types); elsewhere (wild cards, the buck, the trash) the comparison ends at
the showdown. What pokerkit cannot check (it allows any discard, has no trash and no call) is
checked against the rules page instead: the discards each draw offers
(:func:`allowed_discards`), 3-2-1's trash and Low-Die's call (LD2, T4); those counts are in the
tally's ``checked``, apart from the known differences.

Per game:

- 3-2-1: the changes with exactly their counts (the driver never folds at a change: pokerkit
  cannot); the trash is dealt from our deck and never to pokerkit; the discard to the trash is
  compared as a stand-pat street (pokerkit's actor against ours; the card leaves our hand, the
  trash is filled), whose betting round, which 3-2-1 does not have, pokerkit checks through (no
  chips move; compared). One deal (``max_deals`` 1: the capped deal owes no forfeit).
- Buck Thirty-Five: cards 1, 3, 5, then card 2, then the buck, each followed by betting; pokerkit
  holds the buck among its hole cards, the exchange never discards it.
- Mississippi: one down and one up; three exchanges of 0-2 cards. Payoffs compared: MG1-MG2's
  two-card high and low as pokerkit hand types (:class:`MississippiHigh`, :class:`MississippiLow`).
- Low-Die / High-Die: the dealer's call is a random legal call made before pokerkit's hand is
  built (the call is then fixed, and pokerkit's streets are the called draws), each draw 0 to
  its size.
- Freak of Nature, Uncle Bob's Left Nut, Crazy 4 of Spades: five-card draw again (Crazy 4: up to
  three, or four keeping an ace; ``two_to_win`` off, one deal).

Run the long version with ``python tests/games/poker/pokerkit_draw_games.py --hands 20000``.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
import zlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pokerkit import Card, Opening, StandardHighHand, Street
from pokerkit.hands import Hand as PokerkitHand
from pokerkit.lookups import Entry, Label
from pokerkit_betting import Tally
from pokerkit_games import _PK_CARDS, GameConfig, GameHand, _cap

from divided.games.base import TERMINAL
from divided.games.poker import actions as act
from divided.games.poker.state import TRASH
from divided.games.poker.steps import Bet, Deal, Draw
from divided.games.poker.variant import Step
from divided.games.poker.variants import rules_of

# -- pokerkit's streets from our steps --------------------------------------------------------


def streets_of(steps: Sequence[Step], structure: str, small: int, big: int) -> tuple[Street, ...]:
    """pokerkit's streets for our steps: the cards dealt to the seats (trash deals left out) and
    a draw, each street closed by our next betting round; a draw after the last betting round
    (3-2-1's discard to the trash) is a last street whose betting round the driver checks
    through. One object per street (pokerkit finds its last street by identity)."""
    streets: list[Street] = []
    dealt: list[bool] = []
    draw = False
    for step in steps:
        if isinstance(step, Deal) and step.slot != "trash":
            dealt.extend(face == "up" for face in step.pattern)
        elif isinstance(step, Draw):
            if draw:
                raise ValueError("two draws without a betting round between them")
            draw = True
        elif isinstance(step, Bet):
            size = small if step.size == "small" else big
            streets.append(Street(False, tuple(dealt), 0, draw, Opening.POSITION, size, _cap(structure)))
            dealt, draw = [], False
    if dealt:
        raise ValueError("cards dealt after the last betting round")
    if draw:
        streets.append(Street(False, (), 0, True, Opening.POSITION, big, _cap(structure)))
    return tuple(streets)


def _streets_of_game(game: str, structure: str) -> Callable[[int, int], tuple[Street, ...]]:
    def streets(small: int, big: int) -> tuple[Street, ...]:
        steps = rules_of(game).variant.steps
        if any(step.kind == "call-draws" for step in steps):  # built again after the call
            return (Street(False, (False,) * 5, 0, False, Opening.POSITION, small, _cap(structure)),)
        return streets_of(steps, structure, small, big)
    return streets


# -- Mississippi's two-card hands (MG1, MG2) as pokerkit hand types ----------------------------

_RANKS = "23456789TJQKA"


def _ranks(cards: Sequence[Card]) -> tuple[int, int]:
    high, low = sorted((_RANKS.index(card.rank.value) + 2 for card in cards), reverse=True)
    return high, low


class _TwoCardHand(PokerkitHand):
    """Two cards, ranked by :meth:`strength` (greater is stronger; ``low`` stays False so
    pokerkit orders by it directly)."""

    low: ClassVar[bool] = False

    def __init__(self, cards: Any) -> None:
        self._two = tuple(Card.clean(cards))
        if len(self._two) != 2:
            raise ValueError(f"a Mississippi hand is two cards, not {self._two}")

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> PokerkitHand:
        return cls((*Card.clean(hole_cards), *Card.clean(board_cards)))

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._two

    @property
    def entry(self) -> Entry:
        return Entry(self.strength(*_ranks(self._two)), Label.HIGH_CARD)

    @staticmethod
    def strength(high: int, low: int) -> int:
        raise NotImplementedError


class MississippiHigh(_TwoCardHand):
    """MG1 high: a pair beats no pair, then the higher card, then the lower, aces high; MG2: a
    pair of sevens beats everything."""

    @staticmethod
    def strength(high: int, low: int) -> int:
        if high == low == 7:
            return 1000
        return 500 + high if high == low else high * 15 + low


class MississippiLow(_TwoCardHand):
    """MG1 low, the exact reverse: no pair beats a pair; the lower top card, then the lower
    second card (3-2 best, A-A worst); MG2: a pair of sevens beats everything."""

    @staticmethod
    def strength(high: int, low: int) -> int:
        if high == low == 7:
            return 1000
        return 100 - high if high == low else 500 - (high * 15 + low)


# -- the hands ---------------------------------------------------------------------------------


class DrawGameHand(GameHand):
    """One hand of a draw game's skeleton on both engines (see the module text)."""

    def __init__(self, config: GameConfig, seed: int, tally: Tally) -> None:
        super().__init__(config, seed, tally)
        self.trashed: dict[int, int] = {}
        """3-2-1: the card each seat put in the trash."""
        kind = self.core.config.steps[self.core.step].kind
        if kind == "call-draws":  # Low-Die: a random call, then pokerkit's streets follow it
            self.core = self.apply_ours(self.rng.choice(self.rules.legal_actions(self.core)))
            small, big = self.options["small_bet"], self.options["big_bet"]
            self.state = self.pokerkit_state(streets_of(self.core.config.steps, config.structure, small, big))
            self.label += f", call {self.core.config.steps}"
            self.check_call()

    def check_call(self) -> None:
        """LD2 and T4, which pokerkit cannot check: at most three draws of 1-5 cards, totalling
        per player at most the cards left after the deal divided by the players; a betting round
        after the deal and after each draw, the first half (rounded down) of the small bet, the
        rest of the big (no draw: one round of the big bet)."""
        steps = self.core.config.steps
        draws = [step.most for step in steps if isinstance(step, Draw)]
        sizes = [step.size for step in steps if isinstance(step, Bet)]
        players = self.core.players
        rounds = len(draws) + 1
        if (len(draws) > 3 or any(not 1 <= size <= 5 for size in draws) or sum(draws) > (52 - 5 * players) // players
                or sizes != ["small"] * (rounds // 2) + ["big"] * (rounds - rounds // 2)):
            raise self.fail(f"the call's draws {draws} and rounds {sizes} break LD2 or T4")
        self.tally.checked["Low-Die's call against LD2 and T4"] += 1

    def draw_step(self, player: int) -> None:
        state = self.state
        if not state.can_stand_pat_or_discard() or state.stand_patter_or_discarder_index != player:
            raise self.fail(f"ours has seat {player} to draw, pokerkit {state.stand_patter_or_discarder_index}")
        step = self.core.config.steps[self.core.step]
        assert isinstance(step, Draw)
        legal = self.rules.legal_actions(self.core)
        masks = [action - act.DISCARD for action in legal if act.DISCARD <= action < act.DISCARD + act.DISCARD_MASKS]
        if not masks:
            raise self.fail(f"no discard offered at a draw: legal {legal}")
        self.check_draw_choices(player, step, legal, masks)
        by_count: dict[int, list[int]] = {}
        for mask in masks:
            by_count.setdefault(mask.bit_count(), []).append(mask)
        mask = self.rng.choice(by_count[self.rng.choice(sorted(by_count))])
        slot = self.rules.variant.slot_index(step.slot)
        held = sorted(card for card in self.core.slots[player][slot] if card is not None)
        chosen = [card for i, card in enumerate(held) if mask >> i & 1]
        self.core = self.apply_ours(act.DISCARD + mask)
        if step.replace == "never":  # the discard to the trash: pokerkit stands pat
            self.trashed[player] = chosen[0]
            state.stand_pat_or_discard()
            self.tally.checked["3-2-1's discard to the trash: pokerkit stands pat"] += 1
        else:
            state.stand_pat_or_discard(tuple(_PK_CARDS[card] for card in chosen))
        self.tally.steps += 1

    def check_draw_choices(self, player: int, step: Draw, legal: list[int], masks: list[int]) -> None:
        """pokerkit lets any cards be discarded, so the draws our rules allow are checked against
        the rules page instead (:func:`allowed_discards`), the fold offered only at 3-2-1's
        changes (TR1)."""
        held = sorted(card for card in self.core.slots[player][self.rules.variant.slot_index(step.slot)]
                      if card is not None)
        number = sum(1 for index in range(self.core.step) if isinstance(self.core.config.steps[index], Draw))
        expected, fold = allowed_discards(self.game_config.game, number, held, self.core.config.steps)
        if set(masks) != expected or (act.FOLD in legal) != fold:
            raise self.fail(f"draw {number} of seat {player} holding {held}: ours offers masks {sorted(masks)}"
                            f" (fold {act.FOLD in legal}), the rules {sorted(expected)} (fold {fold})")
        self.tally.checked["draws checked against the rules page (pokerkit allows any)"] += 1

    def finish(self) -> None:
        """pokerkit's betting round after 3-2-1's discard to the trash, which ours does not have,
        is checked through (nothing to call, so no chip moves), then the hands are compared."""
        state = self.state
        while state.status and state.actor_index is not None and self.rules.current_player(self.core) == TERMINAL:
            if self.game_config.payoffs or state.checking_or_calling_amount:
                raise self.fail(f"pokerkit has seat {state.actor_index} to act after ours ended")
            state.check_or_call()
            self.tally.checked["pokerkit's betting after 3-2-1's trash discard checked through"] += 1
            self.advance_pokerkit()
        if self.trashed:
            self.check_trash()
        super().finish()

    def check_trash(self) -> None:
        """3-2-1 (steps 1 and 5), which pokerkit cannot check: the trash starts with 5 - players
        cards from the deal, then takes the card of each player still in, in order from the
        button's left, and is filled to five from the stock."""
        core = self.core
        first = max(0, 5 - core.players)
        live = [seat for seat in (*range(core.button + 1, core.players), *range(core.button + 1))
                if core.folded_at[seat] < 0]
        expected_from = (TRASH,) * first + tuple(live) + (TRASH,) * max(0, 5 - first - len(live))
        if (len(core.trash) != max(5, first + len(live)) or tuple(core.trash_from) != expected_from
                or [core.trash[first + i] for i in range(len(live))] != [self.trashed[seat] for seat in live]):
            raise self.fail(f"the trash {core.trash} from {core.trash_from}: expected from {expected_from}, "
                            f"the players' cards {self.trashed}")
        self.tally.checked["3-2-1's trash against the rules page"] += 1


def allowed_discards(game: str, number: int, held: Sequence[int], steps: Sequence[Step]) -> tuple[set[int], bool]:
    """The discard masks (bit i: the i-th held card in card order) the rules page allows at the
    ``number``-th draw of ``game`` (0 the first), and whether folding is offered there."""
    size = len(held)

    def upto(most: int, least: int = 0) -> set[int]:
        return {mask for mask in range(1 << size) if least <= mask.bit_count() <= most}

    if game == "three-two-one":  # changes of exactly 3, 2, 1 or fold (TR1); then one card to the trash
        count = (3, 2, 1, 1)[number]
        return upto(count, count), number < 3
    if game == "crazy-four-of-spades":  # 0-3, or 4 keeping (and showing) an ace (CF2)
        return upto(3) | {mask for mask in upto(4, 4)
                          if any(card // 4 + 2 == 14 for i, card in enumerate(held) if not mask >> i & 1)}, False
    if game == "buck-thirty-five":  # 0-3 of the four in hand, never the buck (held apart)
        return upto(3), False
    if game == "low-high-die":  # 0 up to the called draw's size (LD2)
        draws = [step for step in steps if isinstance(step, Draw)]
        return upto(draws[number].most), False
    return upto(size), False  # Freak, Uncle Bob's (0-5 of five), Mississippi (keep, either card, or both)


# -- the configurations ------------------------------------------------------------------------

HIGH = (StandardHighHand,)
STRUCTURES = ("fixed", "pot", "no")
ONE_DEAL = (("max_deals", 1),)


def _config(game: str, structure: str, options: tuple[tuple[str, Any], ...] = (),
            hand_types: tuple[type[Any], ...] = HIGH, payoffs: bool = False) -> GameConfig:
    return GameConfig(game, structure, _streets_of_game(game, structure), hand_types, payoffs,
                      options=options, stand_pat=False)


FULL = 20_000
"""Hands per configuration of the games the issue asks at full count."""
SAMPLED = 1_000
"""Hands per configuration of the games whose skeleton is five-card draw again."""

GAMES: tuple[tuple[str, tuple[tuple[str, Any], ...], tuple[type[Any], ...], bool, int], ...] = (
    ("three-two-one", ONE_DEAL, HIGH, False, FULL),
    ("buck-thirty-five", (), HIGH, False, FULL),
    ("mississippi", (), (MississippiHigh, MississippiLow), True, FULL),
    ("low-high-die", (("die", "low"),), HIGH, False, FULL),
    ("freak-of-nature", (), HIGH, False, SAMPLED),
    ("uncle-bobs-left-nut", (), HIGH, False, SAMPLED),
    ("crazy-four-of-spades", (*ONE_DEAL, ("two_to_win", "off")), HIGH, False, SAMPLED),
)


def _registered() -> set[str]:
    from divided.games.poker.variants import VARIANTS
    return set(VARIANTS)


def configs() -> tuple[tuple[GameConfig, int], ...]:
    """Every configuration of the games registered in this engine, with its hand count."""
    registered = _registered()
    return tuple((_config(game, structure, options, hand_types, payoffs), count)
                 for game, options, hand_types, payoffs, count in GAMES if game in registered
                 for structure in STRUCTURES)


def run(config: GameConfig, hands: int, seed: int = 0) -> Tally:
    """Play ``hands`` hands of ``config``; raises at the first disagreement."""
    tally = Tally()
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning)  # pokerkit's reshuffle (T16)
    salt = zlib.crc32(config.name.encode())
    for number in range(hands):
        DrawGameHand(config, (seed * 1_000_003 + number) ^ salt, tally).play()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=0, help="hands per configuration (default: the issue's count)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="play only the configurations whose name contains this")
    arguments = parser.parse_args(argv)
    for config, count in configs():
        if arguments.only not in config.name:
            continue
        started = time.process_time()
        tally = run(config, arguments.hands or count, arguments.seed)
        elapsed = time.process_time() - started
        known = ", ".join(f"{name}: {count}" for name, count in sorted(tally.known.items())) or "none"
        print(f"{config.name}: {tally.hands} hands, {tally.steps} decisions, {tally.showdowns} showdowns,"
              f" {tally.uncontested} uncontested, {elapsed:.1f} s CPU; known differences met: {known}; checked or"
              f" played in pokerkit's terms: {dict(tally.checked)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hand-made Card Commons rounds for tests: a round written as the two Collections it must end
with, and the script of deal, draws and actions (from the rules, not from the engine) that gets
there.

Each player plays the same four turns: Reserve 1 (card ``r``), Offer 3 (``a b c``: the opponent
keeps ``a``), Offer 2 Sets (``d e | f g``: the opponent keeps ``f g``), Discard 2 (``h i``). The
player is dealt ``r a b c d e`` and draws ``f g h i``, so every card is in hand when it is used.
A Collection is written in the order ``r b c d e x y z``: the reserved card, the four kept from
the player's own offers, then the three kept from the opponent's offers (which are the
opponent's ``a``, ``f`` and ``g``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from divided import games
from divided.cards import PACK_21
from divided.games import CHANCE, State

CCState = State[Any, Any]


def card(text: str) -> int:
    """The pack index of one card (``"Qh"``)."""
    cards = PACK_21.parse_mask(text)
    assert cards.bit_count() == 1, text
    return cards.bit_length() - 1


def mask(text: str) -> int:
    return PACK_21.parse_mask(text)


@dataclass(frozen=True)
class Round:
    """A round by its outcome: each seat's Collection (``r b c d e x y z``), 3-card hand and
    discards, and the card set aside."""

    collections: tuple[str, str]
    threes: tuple[str, str]
    discards: tuple[str, str]
    aside: str

    def mirrored(self) -> Round:
        """The same round with the seats' cards exchanged."""
        (c0, c1), (t0, t1), (d0, d1) = self.collections, self.threes, self.discards
        return Round((c1, c0), (t1, t0), (d1, d0), self.aside)

    def cards_of(self, seat: int) -> list[str]:
        """The ten cards ``seat`` is dealt (six) and draws (four), in that order."""
        own = self.collections[seat].split()
        theirs = self.collections[1 - seat].split()
        r, b, c, d, e = own[:5]
        h, i = self.discards[seat].split()
        return [r, theirs[5], b, c, d, e, theirs[6], theirs[7], h, i]

    def chance(self, starter: int) -> list[int]:
        """The aside card, the starter's six, the other's six, then the eight draws in turn order."""
        first, second = self.cards_of(starter), self.cards_of(1 - starter)
        order = [self.aside, *first[:6], *second[:6]]
        for k in range(6, 10):
            order += [first[k], second[k]]
        return [card(c) for c in order]

    def turns(self, starter: int) -> list[tuple[int, str]]:
        """Every player decision of the draft, in order: (seat, the move in the project's notation)."""
        out: list[tuple[int, str]] = []
        for step in range(4):
            for seat in (starter, 1 - starter):
                r, a, b, c, d, e, f, g, h, i = self.cards_of(seat)
                if step == 0:
                    out.append((seat, f"reserve {r}"))
                elif step == 1:
                    out += [(seat, f"offer {a} {b} {c}"), (1 - seat, f"keep {a}")]
                elif step == 2:
                    out += [(seat, f"offer {d} {e} | {f} {g}"), (1 - seat, f"keep {f} {g}")]
                else:
                    out.append((seat, f"discard {h} {i}"))
        return out


Step = Callable[[CCState], None]


def play_round(state: CCState, starter: int, plan: Round, *, each: Step | None = None,
               build: bool = True) -> None:
    """Play ``plan`` on ``state`` (a match waiting for this round's first chance node, chance given
    by hand): ``starter`` is who the test expects to start. ``each`` is called before every
    move (chance included)."""
    assert state.observation(None).starter == starter, "the round's starter is not the expected one"
    chance = iter(plan.chance(starter))
    moves = iter(plan.turns(starter))
    while True:
        if each is not None:
            each(state)
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(next(chance))
            continue
        if state.core.phase != "act" and state.core.phase != "keep":
            break
        seat, text = next(moves)
        assert player == seat, (player, text)
        state.apply_action(state.string_to_action(text), player=seat)
    assert next(moves, None) is None and next(chance, None) is None
    if build:
        builds(state, plan)


def builds(state: CCState, plan: Round, *, each: Step | None = None) -> None:
    """Both builds of ``plan``: seat 0, then seat 1."""
    for seat in (0, 1):
        if each is not None:
            each(state)
        assert state.current_player() == seat
        state.apply_action(state.string_to_action(f"build {plan.threes[seat]}"), player=seat)


def new_match(**options: object) -> CCState:
    """A match with chance left to the test (no seed)."""
    return games.load("card-commons", **options).new_initial_state()


# Rounds with a known score, from the hand rankings (seat 0's points, seat 1's points).
SWEEP = Round(("As Ks Qs Js Ts Ah Kh Qh", "Th Jh Td Jd Tc Jc Qd Kd"), ("Ah Kh Qh", "Jc Qd Kd"),
              ("Ad Kc", "Qc Ac"), "Jk")
"""(3, 0): Royal Flush beats Full House (tens over jacks); Straight Flush Q-K-A beats Straight J-Q-K."""
SPLIT = Round(("As Ks Qs Js Ts Th Td Jc", "Ah Ad Ac Kh Kd Qh Qd Qc"), ("Th Td Jc", "Qh Qd Qc"),
              ("Jh Jd", "Kc Tc"), "Jk")
"""(2, 1): Royal Flush beats Full House (aces over kings); Three of a Kind beats a Pair."""
EQUAL = Round(("As Ks Qs Js Ts Ad Kd Qd", "Ah Kh Qh Jh Th Ac Kc Qc"), ("Ad Kd Qd", "Ac Kc Qc"),
              ("Jd Td", "Jc Tc"), "Jk")
"""(3, 3): two Royal Flushes and two Straight Flushes Q-K-A (suits never rank): equal, both score."""
THREE_DECIDES = Round(("As Ks Qs Js Ts Ad Kd Qd", "Ah Kh Qh Jh Th Ac Kc Jc"), ("Ad Kd Qd", "Ac Kc Jc"),
                      ("Jd Td", "Qc Tc"), "Jk")
"""(3, 2): equal Royal Flushes; Straight Flush beats Flush."""
FIVE_DECIDES = Round(("As Ks Qs Js Ts Ad Kd Qd", "Th Td Tc Jh Jd Ac Kc Qc"), ("Ad Kd Qd", "Ac Kc Qc"),
                     ("Ah Kh", "Qh Jc"), "Jk")
"""(3, 1): Royal Flush beats Full House; equal Straight Flushes Q-K-A."""
JOKER_FIVE = Round(("Js Qs Ks As Jk Ad Kd Qd", "Th Jh Qh Kh Ah Ac Kc Qc"), ("Ad Kd Qd", "Ac Kc Qc"),
                   ("Jd Td", "Jc Tc"), "Ts")
"""(1, 3): the Joker makes a Royal Flush (as Ts, a card set aside), but the one without the Joker
beats it; equal Straight Flushes."""
JOKER_THREE = Round(("Ts Js Qs Ks As Jk Kd Qd", "Th Jh Qh Kh Ah Jc Qc Kc"), ("Jk Kd Qd", "Jc Qc Kc"),
                    ("Jd Td", "Tc Ac"), "Ad")
"""(3, 2): equal Royal Flushes; the Joker takes its strongest identity (Ad, a card set aside):
Straight Flush Q-K-A beats J-Q-K."""
JOKER_THREE_LOSES = Round(("Ts Js Qs Ks As Jk Kd Qd", "Th Jh Qh Kh Ah Ac Kc Qc"), ("Jk Kd Qd", "Ac Kc Qc"),
                          ("Jd Td", "Tc Jc"), "Ad")
"""(2, 3): equal Royal Flushes; Q-K-A with the Joker loses to Q-K-A without it."""
JOKER_NO_PAIR = Round(("Ks Kh Qs Qh Js As Jk Ad", "Kd Kc Qd Qc Jd Ah Ac Ts"), ("As Jk Ad", "Ah Ac Ts"),
                      ("Th Td", "Tc Jh"), "Jc")
"""(2, 3): equal Two Pairs (kings and queens, jack kicker) score 2 each; the Joker makes no Three
of a Kind and counts below a 10, so a pair of aces with a ten beats a pair of aces with the Joker."""

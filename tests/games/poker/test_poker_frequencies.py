"""Hand frequencies on the engine's own deals (seeded chance, ``new_initial_state(seed=...)``)
against the exact counts, by a chi-square test at 0.1%:

- seven-card stud played to the showdown with nobody folding: the category of the first seat's
  best five of seven follows the counts of the 133,784,560 seven-card hands;
- five-card draw, a first hand with exactly one pair that keeps the pair and draws three:
  it ends two pair, trips, a full house or quads 2,592 / 1,854 / 165 / 45 times in 16,215
  (C(47, 3)), and stays one pair otherwise.

One hand per deal (the first seat's), so the hands counted are independent. The categories are
found here by counting ranks and suits, not by the ranking library. The sampled versions run
in the suite; the sweeps (``make sweeps``, 200,000 deals each, fixed seeds) are recorded in
BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence

import pytest
from scipy.stats import chisquare

from divided import games
from divided.games.poker import actions as act

SEVEN_CARD_COUNTS = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three of a kind": 6_461_620, "two pair": 31_433_400, "one pair": 58_627_800,
    "high card": 23_294_460,
}
SEVEN_CARD_HANDS = 133_784_560
DRAW_THREE_COUNTS = {"two pair": 2_592, "three of a kind": 1_854, "full house": 165, "four of a kind": 45,
                     "one pair": 16_215 - 2_592 - 1_854 - 165 - 45}
LEVEL = 0.001


def category(cards: Sequence[int]) -> str:
    """The best five-card category among ``cards`` (engine card ints: rank = card // 4, suit =
    card % 4), by counting."""
    ranks = Counter(card // 4 for card in cards)
    suits: dict[int, set[int]] = {}
    for card in cards:
        suits.setdefault(card % 4, set()).add(card // 4)
    if any(len(held) >= 5 and _has_straight(held) for held in suits.values()):
        return "straight flush"
    counts = sorted(ranks.values(), reverse=True)
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3 and counts[1] >= 2:
        return "full house"
    if any(len(held) >= 5 for held in suits.values()):
        return "flush"
    if _has_straight(set(ranks)):
        return "straight"
    if counts[0] == 3:
        return "three of a kind"
    if counts[0] == 2 and counts[1] == 2:
        return "two pair"
    return "one pair" if counts[0] == 2 else "high card"


def _has_straight(ranks: set[int]) -> bool:
    present = ranks | ({-1} if 12 in ranks else set())  # the ace also plays low (rank index 12)
    return any(all(r in present for r in range(low, low + 5)) for low in range(-1, 9))


def stud_categories(deals: int, seed: int, first: int = 0) -> Counter[str]:
    """The first seat's category in ``deals`` heads-up seven-card stud deals, everyone checking
    or calling (the bring-in brings in) to the showdown."""
    game = games.load("seven-card-stud", players=2, first_dealer=1)
    out: Counter[str] = Counter()
    for k in range(first, first + deals):
        state = game.new_initial_state(seed=seed * 10_000_019 + k)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(act.CALL if act.CALL in legal else act.BRING_IN)
        (hand,) = state.core.slots[0]
        out[category(hand)] += 1
    return out


def draw_three_categories(draws: int, seed: int, report: int = 0) -> tuple[Counter[str], int]:
    """The first seat's category after holding its pair and drawing three, over ``draws``
    five-card draw deals whose first hand holds exactly one pair; and the deals it took."""
    game = games.load("five-card-draw", players=2, first_dealer=1)
    out: Counter[str] = Counter()
    k = 0
    while sum(out.values()) < draws:
        state = game.new_initial_state(seed=seed * 10_000_019 + k)
        k += 1
        while state.core.config.steps[state.core.step].kind != "draw":
            state.apply_action(act.CALL)  # deals resolve themselves; both check
        (held,) = state.core.slots[0]
        if category(held) != "one pair":
            continue
        ordered = sorted(held)
        ranks = Counter(card // 4 for card in ordered)
        mask = sum(1 << i for i, card in enumerate(ordered) if ranks[card // 4] == 1)
        assert state.current_player() == 0
        state.apply_action(act.DISCARD + mask)
        (after,) = state.core.slots[0]  # the seeded state dealt the three replacements
        assert len(after) == 5 and all(card in after for card in ordered if ranks[card // 4] == 2)
        out[category(after)] += 1
        if report and sum(out.values()) % report == 0:
            print(f"five-card draw, hold a pair and draw three, {sum(out.values()):,} draws ({k:,} deals):"
                  f" {dict(out)}; p = {chi_square(out, DRAW_THREE_COUNTS):.4f}", flush=True)
    return out, k


def chi_square(observed: Counter[str], exact: dict[str, int], merge: Sequence[str] = ()) -> float:
    """The p-value of ``observed`` against the exact counts (``merge``: categories pooled into one
    bin so that every expected count is large enough)."""
    total = sum(exact.values())
    bins: dict[str, tuple[int, float]] = {}
    n = sum(observed.values())
    for name, count in exact.items():
        key = "pooled" if name in merge else name
        seen, expected = bins.get(key, (0, 0.0))
        bins[key] = (seen + observed[name], expected + n * count / total)
    assert all(expected >= 5 for _, expected in bins.values()), bins
    seen = [value[0] for value in bins.values()]
    expected = [value[1] for value in bins.values()]
    return float(chisquare(seen, expected).pvalue)


def test_category_counts_seven_and_five_cards_by_hand() -> None:
    # The classifier itself, on hand-made hands (engine cards: 2s = 0, 2h = 1, ..., Ac = 51).
    from divided.games.poker.cards import parse
    cases = {
        "As Ks Qs Js Ts 2h 2d": "straight flush", "5h 4h 3h 2h Ah Kd Kc": "straight flush",
        "9s 9h 9d 9c 2h 3h 4h": "four of a kind", "9s 9h 9d 2c 2h 3h 3d": "full house",
        "9s 9h 9d 2c 2h 2s 4h": "full house", "Ah 9h 7h 5h 3h Kd Kc": "flush",
        "Ad 2c 3h 4s 5d Kd Kc": "straight", "Qd Kc Ah Js Td 2c 2h": "straight", "Kd Ac 2h 3s 4d 9c 8h": "high card",
        "9s 9h 9d 2c 4h 5h 7d": "three of a kind", "9s 9h 2d 2c 4h 4s Kd": "two pair",
        "9s 9h 2d 3c 5h 7s Kd": "one pair", "9s 9h 2d 3c 5h": "one pair", "9s 9h 9d 3c 3h": "full house",
    }
    for text, expected in cases.items():
        assert category(parse(text)) == expected, text


def test_exact_counts_add_up() -> None:
    assert sum(SEVEN_CARD_COUNTS.values()) == SEVEN_CARD_HANDS
    assert sum(DRAW_THREE_COUNTS.values()) == 16_215 == 47 * 46 * 45 // 6


def test_seven_card_stud_categories_sampled() -> None:
    observed = stud_categories(2_500, seed=1)
    assert sum(observed.values()) == 2_500
    assert chi_square(observed, SEVEN_CARD_COUNTS, merge=("straight flush", "four of a kind", "full house")) > LEVEL


def test_hold_a_pair_draw_three_sampled() -> None:
    observed, _ = draw_three_categories(4_000, seed=1)
    assert chi_square(observed, DRAW_THREE_COUNTS, merge=("full house", "four of a kind")) > LEVEL


@pytest.mark.sweep
def test_seven_card_stud_categories_sweep() -> None:
    observed = stud_categories(200_000, seed=2)
    assert chi_square(observed, SEVEN_CARD_COUNTS) > LEVEL


@pytest.mark.sweep
def test_hold_a_pair_draw_three_sweep() -> None:
    observed, _ = draw_three_categories(200_000, seed=2)
    assert chi_square(observed, DRAW_THREE_COUNTS) > LEVEL


def main(argv: list[str] | None = None) -> int:
    """The sweeps with their counts, in chunks of deals with the running p-value:
    ``python tests/games/poker/test_poker_frequencies.py [--only stud|draw] [--deals N]``."""
    parser = argparse.ArgumentParser(description="the frequency sweeps")
    parser.add_argument("--only", choices=("stud", "draw"))
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--chunk", type=int, default=20_000)
    arguments = parser.parse_args(argv)
    started = time.process_time()
    if arguments.only != "draw":
        observed: Counter[str] = Counter()
        for chunk in range(0, arguments.deals, arguments.chunk):  # seeds 2 * 10,000,019 + k, k < deals
            observed += stud_categories(min(arguments.chunk, arguments.deals - chunk), seed=2, first=chunk)
            print(f"seven-card stud, {sum(observed.values()):,} deals: {dict(observed)};"
                  f" p = {chi_square(observed, SEVEN_CARD_COUNTS):.4f}; {time.process_time() - started:.0f} s CPU",
                  flush=True)
    if arguments.only != "stud":
        draw_three_categories(arguments.deals, seed=2, report=arguments.chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main())

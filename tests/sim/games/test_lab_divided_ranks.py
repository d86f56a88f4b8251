"""Divided Ranks' facts as the lab stores them, checked against the slow, independent paths of the
hand evaluator."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from divided import games
from divided.cards import PACK_21
from divided.games.divided_ranks.scoring import Scoring
from divided.hands.arrange import all_holdings, arrangement, ranked_splits, split_masks
from divided.sim import Arm, SerialExecutor, make_plan, run
from divided.sim.games.divided_ranks import best_split_classes, split_signatures
from divided.sim.play import play_game


def rank_classes_by_brute_force(holding: int, scoring: Scoring) -> int:
    """Best splits of a holding (all 126 ranked), grouped by the ranks of both hands."""
    splits = ranked_splits(holding, scoring)
    best = splits[0].key_for(scoring)

    classes = {rank_multisets(s.weaker.mask, s.stronger.mask) for s in splits if s.key_for(scoring) == best}
    return len(classes)


@pytest.mark.parametrize("scoring", list(Scoring))
def test_best_split_classes_match_brute_force(scoring: Scoring) -> None:
    rng = np.random.default_rng(3)
    holdings = [int(h) for h in rng.choice(all_holdings(), size=60, replace=False)]
    holdings.append(PACK_21.parse_mask("Ts Th Td Js Jh Jd Qs Qh Ks Kh"))  # many ties by suit
    assert best_split_classes(holdings, scoring) == [rank_classes_by_brute_force(h, scoring) for h in holdings]


def rank_multisets(first: int, second: int) -> frozenset[tuple[tuple[str, int], ...]]:
    def ranks(mask: int) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(Counter(str(card.rank) for card in PACK_21.cards_of(mask)).items()))

    return frozenset((ranks(first), ranks(second)))


def test_split_signatures_are_equal_exactly_when_the_rank_multisets_are() -> None:
    holdings = [PACK_21.parse_mask("Ts Th Td Js Jh Jd Qs Qh Ks Kh"), PACK_21.parse_mask("Ts Js Qs Ks As Th Jh Qh Kh Jk")]
    _, signatures = split_signatures(holdings)
    for row, holding in enumerate(holdings):
        multisets = [rank_multisets(*split_masks(holding, n)) for n in range(126)]
        for i in range(126):
            for j in range(126):
                assert (signatures[row, i] == signatures[row, j]) == (multisets[i] == multisets[j])
        assert len(set(multisets)) > 1


def test_a_holding_with_several_best_splits_that_differ_by_suits_counts_one() -> None:
    holding = PACK_21.parse_mask("Ts Th Td Tc Jc Qh Qd Ks Ah Ac")  # 16 best splits
    splits = ranked_splits(holding)
    assert len([s for s in splits if s.key == splits[0].key]) == 16
    assert best_split_classes([holding]) == [1]


@pytest.mark.slow
@pytest.mark.parametrize("scoring", list(Scoring))
def test_every_holding_has_a_unique_best_split_up_to_suits(scoring: Scoring) -> None:
    """Backs the report's note that the best-split-unique metric is 100% by construction."""
    holdings = [int(h) for h in all_holdings()]
    for start in range(0, len(holdings), 20_000):
        assert set(best_split_classes(holdings[start : start + 20_000], scoring)) == {1}


@pytest.mark.parametrize("options", [{}, {"swap": "face-up", "reserve_order": "coin"}, {"scoring": "weaker-first"}])
def test_reserve_facts_match_the_replayed_game(options: dict[str, str]) -> None:
    plan = make_plan("simulate", "divided-ranks", [Arm("run", options, ("random",))], 12, seed=8)
    result = run(plan, SerialExecutor(), keep_lines=True)
    scoring = Scoring(plan.arms[0].options["scoring"])
    swaps = 0
    for index, line in enumerate(result.lines["run"]):
        facts = line["facts"]
        _, state = play_game(games.load("divided-ranks", **options), plan.setup(plan.arms[0], index))
        core = state.core
        assert facts["holdings"] == list(core.hands)
        outcome = core.outcome
        assert facts["winner"] == outcome.winner and facts["step"] == outcome.step
        assert facts["steps"] == (2 if scoring == Scoring.WEAKER_FIRST else 4)
        for decision in facts["reserve"]:
            if not decision["swapped"]:
                continue
            swaps += 1
            after = core.hands[decision["player"]]
            before = after - (1 << decision["took"]) + (1 << decision["gave"])
            assert before.bit_count() == 10 and before != after
            best_before, best_after = ranked_splits(before, scoring)[0], ranked_splits(after, scoring)[0]
            assert decision["before"] == list(best_before.key_for(scoring))
            assert decision["after"] == list(best_after.key_for(scoring))
            assert decision["weaker_before"] == best_before.weaker.value.strength
            assert decision["weaker_after"] == best_after.weaker.value.strength
        for seat in (0, 1):
            built = arrangement(core.hands[seat], core.builds[seat])
            assert facts["weaker_category"][seat] == int(built.weaker.value.category)
            assert facts["stronger_category"][seat] == int(built.stronger.value.category)
            assert facts["weaker_strength"][seat] == built.weaker.value.strength
        assert [c["round"] for c in facts["choices"]] == [1, 2, 3, 4, 5]
        assert all(c["chooser"] == 1 - s.splitter for c, s in zip(
            facts["choices"], [e for e in core.log if type(e).__name__ == "SplitEvent"], strict=True))
    assert swaps > 0

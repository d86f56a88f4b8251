"""The lab room of Divided Ranks: its metrics, roles, headline sentences and plots.

The facts of one game are knowledge of the game (:mod:`divided.games.divided_ranks.facts`);
this module adds the lab's batch figure over a chunk of games (how many best splits each final
holding has, with numpy) and turns the facts into metrics, declared once in :meth:`metrics`.

Roles: the *first splitter* (splits in three rounds) and the player *first at the reserve*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from divided.games.base import OptionValue, State
from divided.games.divided_ranks.facts import facts as game_facts
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import STEPS_BY_SCORING
from divided.hands.arrange import SPLIT_POSITIONS, encode_keys
from divided.hands.batch import strength_array
from divided.hands.category import Category
from divided.hands.five import JOKER_INDEX
from divided.sim.games import MetricDef, PlainLabRoom, RoleDef, Totals
from divided.sim.plan import LabError

if TYPE_CHECKING:
    from divided.sim.lab import Analysis, ArmResult
    from divided.sim.plan import Plan

UNIQUE_SPLIT_NOTE = (
    "100% by construction: ruling R5b says ties for the best split differ only by suits, and an "
    "exhaustive check of all 352,716 holdings (tests/sim/games/test_lab_divided_ranks.py) confirms it for "
    "every scoring order, so this only guards the implementation"
)
IMPROVE_NOTE = ("compares the best split of the holding before and after the swap under "
                "the run's scoring order: the weaker hand's strength, and the whole result key")
VALUE_NOTE = "observational: how the games went after each choice, not what the other choice would have given"
ROUNDS = range(1, 6)


def score(winner: int | None, seat: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


class DividedRanksLab(PlainLabRoom):
    """What the lab measures in Divided Ranks (see the module text)."""

    sections = ("Scoring", "Hands", "Reserve", "Choices")
    role_defs = (
        RoleDef("first-splitter", "first splitter (splits 3 rounds)", "the first splitter",
                "the first splitter (three splits)", "first splitter"),
        RoleDef("first-at-reserve", "first at the reserve", "going first at the reserve",
                "the player first at the reserve", "first at reserve"),
    )

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        scoring = Scoring(str(options.get("scoring", Scoring.CATEGORIES_FIRST.value)))
        defs = [
            MetricDef("edge.first-at-reserve.also-first-splitter",
                      "edge of going first at the reserve, in games where that player also split first",
                      "Seat roles", "games", "edge"),
            MetricDef("edge.first-at-reserve.second-splitter",
                      "edge of going first at the reserve, in games where that player split second",
                      "Seat roles", "games", "edge"),
        ]
        defs += [MetricDef(f"step.{step}", f"settled at scoring step {step}", "Scoring", "games", "rate")
                 for step in range(1, len(STEPS_BY_SCORING[scoring]) + 1)]
        defs.append(MetricDef("draw", "drawn (every scoring comparison equal)", "Scoring", "games", "rate"))
        defs += [MetricDef(f"weakest.{c.slug}", f"weakest hand at the table is a {c.label}", "Hands", "games",
                           "rate", "the lower of the two weaker hands (as built)" if c == Category.PAIR else "")
                 for c in Category]
        defs.append(MetricDef("weaker-same-category", "both weaker hands are of the same category", "Hands",
                              "games", "rate"))
        defs.append(MetricDef("best-split-unique", "final holdings whose best split is unique (splits that differ "
                              "only by suits counted as one)", "Hands", "holdings", "rate", UNIQUE_SPLIT_NOTE))
        for role, title in (("first", "first at the reserve"), ("second", "second at the reserve")):
            defs += [
                MetricDef(f"swap.{role}.rate", f"{title}: swaps", "Reserve", "games", "rate"),
                MetricDef(f"swap.{role}.improves-weaker", f"{title}: a swap improves the weaker hand", "Reserve",
                          "swaps", "rate", IMPROVE_NOTE if role == "first" else ""),
                MetricDef(f"swap.{role}.worsens-weaker", f"{title}: a swap worsens the weaker hand", "Reserve",
                          "swaps", "rate"),
                MetricDef(f"swap.{role}.improves-result", f"{title}: a swap improves the whole result", "Reserve",
                          "swaps", "rate"),
                MetricDef(f"swap.{role}.worsens-result", f"{title}: a swap worsens the whole result", "Reserve",
                          "swaps", "rate"),
                MetricDef(f"swap.{role}.score-after-swap", f"{title}: the swapper's score in games with a swap",
                          "Reserve", "swaps", "score"),
            ]
        for prefix, title in [("choice", "all rounds")] + [(f"choice.round-{r}", f"round {r}") for r in ROUNDS]:
            defs += [
                MetricDef(f"{prefix}.face-up", f"{title}: the chooser takes the face-up pair", "Choices", "choices",
                          "rate"),
                MetricDef(f"{prefix}.face-up.score", f"{title}: chooser's score after taking the face-up pair",
                          "Choices", "choices", "score"),
                MetricDef(f"{prefix}.face-down.score", f"{title}: chooser's score after taking the face-down pair",
                          "Choices", "choices", "score"),
                MetricDef(f"{prefix}.value", f"{title}: score after face-up minus after face-down", "Choices",
                          "choices", "edge", VALUE_NOTE if prefix == "choice" else "",
                          contrast=(f"{prefix}.face-up.score", f"{prefix}.face-down.score")),
            ]
        return defs

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        return dict(game_facts(state.core))

    def complete(self, lines: Sequence[Mapping[str, Any]]) -> None:
        if not lines:
            return
        scoring = Scoring(str(lines[0]["options"]["scoring"]))
        holdings = [h for line in lines for h in line["facts"]["holdings"]]
        classes = best_split_classes(holdings, scoring)
        for number, line in enumerate(lines):
            line["facts"]["best_split_classes"] = classes[2 * number : 2 * number + 2]

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        return {"first-splitter": int(facts["first_splitter"]), "first-at-reserve": int(facts["reserve_first"])}

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        facts = line["facts"]
        winner = facts["winner"]
        first, reserve_first = int(facts["first_splitter"]), int(facts["reserve_first"])
        reserve_edge = score(winner, reserve_first) - score(winner, 1 - reserve_first)
        stratum = "also-first-splitter" if reserve_first == first else "second-splitter"
        yield f"edge.first-at-reserve.{stratum}", reserve_edge, 1.0

        step = facts["step"]
        for number in range(1, int(facts["steps"]) + 1):
            yield f"step.{number}", float(step == number), 1.0

        weaker_strength = facts["weaker_strength"]
        weakest_seat = 0 if weaker_strength[0] <= weaker_strength[1] else 1
        weakest = Category(int(facts["weaker_category"][weakest_seat]))
        for category in Category:
            yield f"weakest.{category.slug}", float(category == weakest), 1.0
        yield "weaker-same-category", float(facts["weaker_category"][0] == facts["weaker_category"][1]), 1.0
        for classes in facts["best_split_classes"]:
            yield "best-split-unique", float(int(classes) == 1), 1.0

        for decision in facts["reserve"]:
            role = "first" if int(decision["player"]) == reserve_first else "second"
            yield f"swap.{role}.rate", float(bool(decision["swapped"])), 1.0
            if decision["swapped"]:
                before, after = list(decision["before"]), list(decision["after"])
                weaker_before, weaker_after = int(decision["weaker_before"]), int(decision["weaker_after"])
                yield f"swap.{role}.improves-weaker", float(weaker_after > weaker_before), 1.0
                yield f"swap.{role}.worsens-weaker", float(weaker_after < weaker_before), 1.0
                yield f"swap.{role}.improves-result", float(after > before), 1.0
                yield f"swap.{role}.worsens-result", float(after < before), 1.0
                yield f"swap.{role}.score-after-swap", score(winner, int(decision["player"])), 1.0

        for choice in facts["choices"]:
            chooser_score = score(winner, int(choice["chooser"]))
            pair = "face-up" if choice["took_face_up"] else "face-down"
            for prefix in ("choice", f"choice.round-{int(choice['round'])}"):
                yield f"{prefix}.face-up", float(bool(choice["took_face_up"])), 1.0
                yield f"{prefix}.{pair}.score", chooser_score, 1.0

    def relabel(self, defs: Sequence[MetricDef], totals: Totals) -> Sequence[MetricDef]:
        """Name the scoring steps that settled a game; say when the reserve role coincided with
        a splitter role in every game of the arm."""
        same = totals.get("edge.first-at-reserve.also-first-splitter", (0.0, 0.0))[1]
        different = totals.get("edge.first-at-reserve.second-splitter", (0.0, 0.0))[1]
        if same == 0 and different > 0:
            reserve_note = ("in every game of this run the first at the reserve was the two-round "
                            "splitter, so these are also that role's figures")
        elif different == 0 and same > 0:
            reserve_note = ("in every game of this run the first at the reserve was the first "
                            "(three-round) splitter")
        else:
            reserve_note = ""
        names = self._step_names(defs)
        out = []
        for d in defs:
            if d.key in ("role.first-at-reserve.win", "edge.first-at-reserve"):
                d = replace(d, note=reserve_note)
            elif d.key.startswith("step.") and totals.get(d.key, (0.0, 0.0))[0] > 0:
                step = int(d.key.split(".")[1])
                d = replace(d, label=f"{d.label} ({names[step - 1]})")
            out.append(d)
        return out

    @staticmethod
    def _step_names(defs: Sequence[MetricDef]) -> tuple[str, ...]:
        steps = sum(d.key.startswith("step.") for d in defs)
        for names in STEPS_BY_SCORING.values():
            if len(names) == steps:
                return names
        raise LabError(f"Divided Ranks has no scoring order with {steps} steps")

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        from divided.sim.report import interval_text, number

        out = []
        get = arm.metric
        weakest = [(get(f"weakest.{c.slug}"), c) for c in Category]
        shown = [(m.interval, c) for m, c in weakest if m is not None and m.interval.value is not None]
        if shown:
            top, category = max(shown, key=lambda item: item[0].value or 0.0)
            out.append(f"The weakest hand at the table was most often a {category.label} "
                       f"({number(top.value, 'rate')}, {interval_text(top, 'rate')}).")
        step1, draw_metric = get("step.1"), get("draw")
        if step1 is not None and draw_metric is not None and step1.interval.value is not None:
            out.append(f"{number(step1.interval.value, 'rate')} of games were settled at the first scoring "
                       f"step; {number(draw_metric.interval.value, 'rate')} were drawn.")
        swap, better, worse = get("swap.first.rate"), get("swap.first.improves-result"), get("swap.first.worsens-result")
        if swap is not None and better is not None and worse is not None and swap.interval.value is not None:
            if better.interval.value is None or worse.interval.value is None:
                out.append(f"The first at the reserve swapped in {number(swap.interval.value, 'rate')} of games.")
            else:
                out.append(f"The first at the reserve swapped in {number(swap.interval.value, 'rate')} of games; a "
                           f"swap improved the swapper's best result {number(better.interval.value, 'rate')} of the "
                           f"time and worsened it {number(worse.interval.value, 'rate')}.")
        return out

    def plots(self, analysis: Analysis) -> dict[str, bytes]:
        from divided.sim import plots
        from divided.sim.report import series

        arms = analysis.arms
        files: dict[str, bytes] = {}
        categories = list(Category)
        files["weakest-category.png"] = plots.bars(
            "Category of the weakest hand at the table", [c.label for c in categories],
            series(arms, [f"weakest.{c.slug}" for c in categories]), percent=True, ylabel="% of games")
        steps = sorted({m.key for arm in arms for m in arm.metrics if m.key.startswith("step.")})
        files["scoring-steps.png"] = plots.bars(
            "Where games were settled", [f"step {k.split('.')[1]}" for k in steps] + ["draw"],
            series(arms, [*steps, "draw"]), percent=True, ylabel="% of games")
        rounds = [f"round {r}" for r in ROUNDS]
        files["choices.png"] = plots.points(
            "Chooser takes the face-up pair", rounds, series(arms, [f"choice.round-{r}.face-up" for r in ROUNDS]),
            percent=True, ylabel="% of choices", reference=0.5)
        files["choice-value.png"] = plots.points(
            "Chooser's score after face-up minus after face-down", rounds,
            series(arms, [f"choice.round-{r}.value" for r in ROUNDS]), percent=False,
            ylabel="score difference", reference=0.0)
        return files


LAB_ROOM = DividedRanksLab()
"""Divided Ranks' lab room (registered in :mod:`divided.sim.games`)."""


# Rank weights of the 21 cards for rank-multiset signatures: 10, J, Q, K, A count in base 8,
# the Joker as a rank of its own (suits are ignored).
_RANK_WEIGHT = np.array([8 ** (i // 4) for i in range(JOKER_INDEX)] + [8**5], dtype=np.int64)


def split_signatures(holdings: Sequence[int], scoring: Scoring = Scoring.CATEGORIES_FIRST) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """For every split of every ten-card holding: its packed result key and its rank signature.

    Both arrays have shape (holdings, 126). Two splits have the same signature exactly when
    their two hands have the same rank multisets (the Joker counted as a rank of its own), that
    is, when they differ only by suits.
    """
    block = np.asarray(holdings, dtype=np.int64)
    bits = np.left_shift(1, np.arange(21, dtype=np.int64))
    flat = np.nonzero((block[:, None] & bits[None, :]) != 0)[1]
    if flat.size != 10 * len(block) or ((block >> 21) != 0).any():
        raise LabError("every holding must be ten cards of the 21-card pack")
    indices = flat.reshape(len(block), 10)
    positions = np.array(SPLIT_POSITIONS, dtype=np.int64)
    first = np.left_shift(1, indices)[:, positions].sum(axis=2)
    second = block[:, None] - first
    strengths = strength_array().astype(np.int64)
    sa, sb = strengths[first], strengths[second]
    first_weaker = sa <= sb
    keys = encode_keys(np.where(first_weaker, sa, sb), np.where(first_weaker, sb, sa), scoring).astype(np.int64)
    weights = _RANK_WEIGHT[indices]
    sig_first = weights[:, positions].sum(axis=2)
    sig_second = weights.sum(axis=1, keepdims=True) - sig_first
    low, high = np.minimum(sig_first, sig_second), np.maximum(sig_first, sig_second)
    signatures: npt.NDArray[np.int64] = low * (8**6) + high
    return keys, signatures


def best_split_classes(holdings: Sequence[int], scoring: Scoring = Scoring.CATEGORIES_FIRST) -> list[int]:
    """For each ten-card holding: how many different best splits it has, counting splits that
    differ only by suits (same :func:`split_signatures`) as one."""
    if not holdings:
        return []
    keys, signatures = split_signatures(holdings, scoring)
    is_best = keys == keys.max(axis=1, keepdims=True)
    return [len(set(signatures[row][is_best[row]].tolist())) for row in range(len(keys))]

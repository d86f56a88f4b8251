"""The lab room of Card Commons: its metrics, its role, headline sentences and plots.

The facts of one match are knowledge of the game (:mod:`divided.games.card_commons.facts`);
this module turns them into metrics, declared once in :meth:`CardCommonsLab.metrics`:

* **the starter**: each round's starter's share of that round's points, by round (1, 2, ...,
  and the extra rounds pooled), over all rounds, and in rounds begun level, ahead or behind
  on points; the match role *round-1 starter* (the coin's
  pick, ruling C1) gets the generic results and edge;
* **the match**: how many rounds it lasted, extra rounds (ruling C6) and their number;
* **actions**: how often each of the four actions is used on a player's turn 1, 2, 3 and 4 of a
  round, and the match score of the players who used it there (*observational*: how their
  matches went, not what another action would have given);
* **comparisons**: how often the 5-card and the 3-card hands tie, and how often the two points
  are split between the players;
* **endings**: how matches end (first to the target, both reaching it in the same round, an
  extra round, a draw at the cap), which comparison decides when both reach the target, how
  often the winner ends on fewer points, and comebacks (matches won after trailing by 2 or more
  at the start of a round).

>>> defs = LAB_ROOM.metrics({"target": 5})
>>> [d.key for d in defs if d.key.startswith("starter.share.round-")]  # a match of 5 points lasts 3 rounds at most
['starter.share.round-1', 'starter.share.round-2', 'starter.share.round-3']
>>> sum(d.key.startswith("action.turn-1.") for d in defs)  # four actions: how often, and the users' score
8
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import ceil
from typing import TYPE_CHECKING, Any

from divided.games.base import OptionValue, State
from divided.games.card_commons.actions import TURN_KINDS
from divided.games.card_commons.facts import ACTION_SLUGS
from divided.games.card_commons.facts import facts as game_facts
from divided.games.card_commons.options import Options
from divided.games.card_commons.rules import longest_regular_match
from divided.sim.games import MetricDef, PlainLabRoom, RoleDef

if TYPE_CHECKING:
    from divided.sim.lab import Analysis, ArmResult
    from divided.sim.plan import Plan

ROLE = "round-1-starter"
TURNS = range(1, 5)
"""A player's own turns in a round."""
ACTION_WORDS = dict(zip(ACTION_SLUGS, (kind.words for kind in TURN_KINDS), strict=True))
ENDINGS = ("first-to-target", "both-reached", "extra-round")
OBSERVATIONAL = ("observational: how the matches of the players who used it there went, not what "
                 "another action would have given")
SHARE_NOTE = "0.5 is even; the points of both players count, so a round of equal hands gives 0.5"


def score(winner: int | None, seat: int) -> float:
    """A seat's match score: 1 for a win, 0.5 for a draw, 0 for a loss."""
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


def regular_rounds(target: int) -> range:
    """The numbers of rounds a match can last without extra rounds (3 points a round at most
    to one player): for the target 5, two or three.

    >>> list(regular_rounds(5)), list(regular_rounds(10))
    ([2, 3], [4, 5, 6, 7])
    """
    return range(ceil(target / 3), longest_regular_match(target) + 1)


class CardCommonsLab(PlainLabRoom):
    """What the lab measures in Card Commons (see the module text)."""

    sections: tuple[str, ...] = ("Starter", "Match", "Actions", "Comparisons", "Endings")
    role_defs: tuple[RoleDef, ...] = (RoleDef(ROLE, "round-1 starter", "the round-1 starter",
                         "the round-1 starter", "round-1 starter"),)

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        target = Options.from_mapping(dict(options)).target
        lengths = regular_rounds(target)
        defs = [MetricDef("starter.share", "each round's starter: share of the round's points (all rounds)",
                          "Starter", "points", "score", SHARE_NOTE)]
        defs += [MetricDef(f"starter.share.round-{r}", f"round {r}: the starter's share of the round's points",
                           "Starter", "points", "score") for r in range(1, lengths.stop)]
        defs += [
            MetricDef("starter.share.extra", "extra rounds: the starter's share of the round's points", "Starter",
                      "points", "score"),
            MetricDef("starter.share.level", "rounds begun level on points: the starter's share", "Starter", "points",
                      "score", "round 1 and every round begun level: who starts is then the coin or the turn order"),
            MetricDef("starter.share.ahead", "rounds begun with the starter ahead: the starter's share", "Starter",
                      "points", "score", "under the rules' starter rule the player ahead starts, so this mixes "
                      "starting with leading; the next_starter=alternate variant separates them"),
            MetricDef("starter.share.behind", "rounds begun with the starter behind: the starter's share", "Starter",
                      "points", "score", "only under next_starter=alternate"),
            MetricDef("starter.more", "each round's starter scored more points than the other player", "Starter",
                      "rounds", "rate"),
            MetricDef("starter.fewer", "each round's starter scored fewer points than the other player", "Starter",
                      "rounds", "rate"),
            MetricDef("rounds", "match length (rounds, extra rounds included)", "Match", "matches", "mean"),
        ]
        defs += [MetricDef(f"rounds.{n}", f"matches over after {n} rounds (no extra round)", "Match", "matches",
                           "rate") for n in lengths]
        defs += [
            MetricDef("extra", f"matches with extra rounds (both reached {target} with equal hands, ruling C6)",
                      "Match", "matches", "rate"),
            MetricDef("extra.rounds", "extra rounds per match", "Match", "matches", "mean"),
        ]
        for turn in TURNS:
            for slug in ACTION_SLUGS:
                defs.append(MetricDef(f"action.turn-{turn}.{slug}", f"turn {turn}: {ACTION_WORDS[slug]} used",
                                      "Actions", "player-rounds", "rate"))
        for turn in TURNS:
            for slug in ACTION_SLUGS:
                defs.append(MetricDef(
                    f"action.turn-{turn}.{slug}.score",
                    f"turn {turn}, {ACTION_WORDS[slug]}: match score of the players who used it (observational)",
                    "Actions", "player-rounds", "score", OBSERVATIONAL if turn == 1 and slug == ACTION_SLUGS[0] else ""))
        defs += [MetricDef(f"action.{slug}.turn", f"{ACTION_WORDS[slug]}: the turn (1-4) it is used on, mean",
                           "Actions", "player-rounds", "mean") for slug in ACTION_SLUGS]
        defs += [
            MetricDef("tie.five", "rounds whose 5-card hands were equal (2 points each)", "Comparisons", "rounds",
                      "rate"),
            MetricDef("tie.three", "rounds whose 3-card hands were equal (1 point each)", "Comparisons", "rounds",
                      "rate"),
            MetricDef("tie.both", "rounds with both comparisons equal", "Comparisons", "rounds", "rate"),
            MetricDef("split", "rounds where each player won one comparison", "Comparisons", "rounds", "rate"),
            MetricDef("ending.first-to-target", f"matches won by the only player to reach {target}", "Endings",
                      "matches", "rate"),
            MetricDef("ending.both-reached", f"matches decided by the both-reach rule (both reached {target} in "
                      "the same round), extra rounds aside", "Endings", "matches", "rate"),
            MetricDef("ending.extra-round", "matches decided in an extra round", "Endings", "matches", "rate"),
            MetricDef("draw", "drawn: still level after the cap on extra rounds", "Endings", "matches", "rate"),
            MetricDef("both-rule", f"matches decided by the both-reach rule (both reached {target}; extra rounds "
                      "included)", "Endings", "matches", "rate"),
            MetricDef("both-rule.five", "matches decided by the both-reach rule: the 5-card hands decided", "Endings",
                      "matches", "rate", "the rest were decided by the 3-card hands (the 5-card hands equal)"),
            MetricDef("both-rule.fewer", "matches decided by the both-reach rule: won by the player on fewer points",
                      "Endings", "matches", "rate"),
            MetricDef("fewer", "matches won by the player on fewer points", "Endings", "matches", "rate"),
            MetricDef("comeback", "comebacks: matches won after trailing by 2 or more at the start of a round",
                      "Endings", "matches", "rate"),
            MetricDef("comeback.any", "matches won after trailing at the start of a round", "Endings", "matches",
                      "rate"),
            MetricDef("deficit", "the largest deficit the winner came back from (points; 0 if never behind)",
                      "Endings", "matches", "mean"),
        ]
        return defs

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        return dict(game_facts(state.core))

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        return {ROLE: int(facts["first_starter"])}

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        facts = line["facts"]
        winner = facts["winner"]
        before = (0, 0)
        for played in facts["per_round"]:
            starter, points = int(played["starter"]), played["points"]
            total = float(points[0] + points[1])
            mine, theirs = float(points[starter]), float(points[1 - starter])
            which = "extra" if played["extra"] else f"round-{int(played['round'])}"
            lead = before[starter] - before[1 - starter]
            yield "starter.share", mine, total
            yield f"starter.share.{which}", mine, total
            yield f"starter.share.{'level' if lead == 0 else 'ahead' if lead > 0 else 'behind'}", mine, total
            before = (int(played["scores"][0]), int(played["scores"][1]))
            yield "starter.more", float(mine > theirs), 1.0
            yield "starter.fewer", float(mine < theirs), 1.0
            five, three = played["five"], played["three"]
            yield "tie.five", float(five is None), 1.0
            yield "tie.three", float(three is None), 1.0
            yield "tie.both", float(five is None and three is None), 1.0
            yield "split", float(five is not None and three is not None and five != three), 1.0
            for seat, order in enumerate(played["orders"]):
                mine_score = score(winner, seat)
                for turn, used in enumerate(order, 1):
                    yield f"action.{used}.turn", float(turn), 1.0
                    for slug in ACTION_SLUGS:
                        yield f"action.turn-{turn}.{slug}", float(used == slug), 1.0
                    yield f"action.turn-{turn}.{used}.score", mine_score, 1.0

        extra = int(facts["extra_rounds"])
        yield "rounds", float(facts["rounds"]), 1.0
        regular = int(facts["rounds"]) - extra
        for n in regular_rounds(int(facts["target"])):
            yield f"rounds.{n}", float(extra == 0 and regular == n), 1.0
        yield "extra", float(extra > 0), 1.0
        yield "extra.rounds", float(extra), 1.0

        ending = facts["ending"]
        for name in ENDINGS:
            yield f"ending.{name}", float(ending == name), 1.0
        both = ending in ("both-reached", "extra-round")
        yield "both-rule", float(both), 1.0
        if both:
            yield "both-rule.five", float(facts["decided_by"] == "five"), 1.0
            yield "both-rule.fewer", float(bool(facts["winner_fewer_points"])), 1.0
        yield "fewer", float(bool(facts["winner_fewer_points"])), 1.0
        deficit = int(facts["largest_deficit"])
        yield "comeback", float(deficit >= 2), 1.0
        yield "comeback.any", float(deficit >= 1), 1.0
        yield "deficit", float(deficit), 1.0

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        from divided.sim.report import interval_text, number

        out: list[str] = []
        get = arm.metric

        def shown(key: str) -> tuple[float, str] | None:
            metric = get(key)
            if metric is None or metric.interval.value is None:
                return None
            return metric.interval.value, interval_text(metric.interval, "rate" if metric.kind != "mean" else "mean")

        def pct(value: float) -> str:
            return number(value, "rate")

        share = shown("starter.share")
        if share is not None:
            rounds = []
            for r in range(1, 20):
                each = shown(f"starter.share.round-{r}")
                if get(f"starter.share.round-{r}") is None:
                    break
                if each is not None:
                    rounds.append(f"round {r} {pct(each[0])}")
            by_round = f" (by round: {', '.join(rounds)})" if rounds else ""
            out.append(f"Each round's starter took {pct(share[0])} of that round's points ({share[1]}){by_round}.")
        level = shown("starter.share.level")
        if level is not None:
            out.append(f"In rounds begun level on points (round 1 among them) the starter took {pct(level[0])} "
                       f"({level[1]}).")
        length, extra = shown("rounds"), shown("extra")
        if length is not None and extra is not None:
            out.append(f"Matches lasted {length[0]:.2f} rounds on average; {pct(extra[0])} went to extra rounds "
                       f"({extra[1]}).")
        both, fewer = shown("both-rule"), shown("both-rule.fewer")
        if both is not None:
            tail = (f"; in {pct(fewer[0])} of those the winner ended on fewer points" if fewer is not None else "")
            out.append(f"The both-reach rule decided {pct(both[0])} of matches ({both[1]}){tail}.")
        comeback = shown("comeback")
        if comeback is not None:
            out.append(f"{pct(comeback[0])} of matches were comebacks, won after trailing by 2 or more "
                       f"({comeback[1]}).")
        five, three = shown("tie.five"), shown("tie.three")
        if five is not None and three is not None:
            out.append(f"The 5-card hands tied in {pct(five[0])} of rounds and the 3-card hands in {pct(three[0])}.")
        favourites = []
        for turn in TURNS:
            used = [(value[0], slug) for slug in ACTION_SLUGS if (value := shown(f"action.turn-{turn}.{slug}"))]
            if used:
                rate, slug = max(used)
                favourites.append(f"turn {turn} {ACTION_WORDS[slug]} ({pct(rate)})")
        if favourites:
            out.append(f"The action used most on each of a player's turns: {', '.join(favourites)}.")
        return out

    def plots(self, analysis: Analysis) -> dict[str, bytes]:
        from divided.sim import plots
        from divided.sim.report import series

        arms = analysis.arms
        files: dict[str, bytes] = {}
        share_keys = sorted({m.key for arm in arms for m in arm.metrics if m.key.startswith("starter.share.round-")},
                            key=lambda key: int(key.rsplit("-", 1)[1]))
        share_keys += ["starter.share.extra", "starter.share.level", "starter.share.ahead", "starter.share.behind"]
        share_keys = [key for key in share_keys if all(  # a point for no rounds would show as 0%
            (metric := arm.metric(key)) is not None and metric.interval.value is not None for arm in arms)]
        files["starter-share.png"] = plots.points(
            "Each round's starter: share of the round's points",
            [f"round {k.rsplit('-', 1)[1]}" if "round-" in k else k.rsplit(".", 1)[1] for k in share_keys],
            series(arms, share_keys), percent=True, ylabel="% of the round's points", reference=0.5)
        turns = [f"turn {t}" for t in TURNS]
        use, value = [], []
        for slug in ACTION_SLUGS:
            for label, intervals in series(arms, [f"action.turn-{t}.{slug}" for t in TURNS]):
                use.append((ACTION_WORDS[slug] + (f" ({label})" if len(arms) > 1 else ""), intervals))
            for label, intervals in series(arms, [f"action.turn-{t}.{slug}.score" for t in TURNS]):
                value.append((ACTION_WORDS[slug] + (f" ({label})" if len(arms) > 1 else ""), intervals))
        files["actions.png"] = plots.bars("Which action players used on each of their turns", turns, use,
                                          percent=True, ylabel="% of player-rounds", reference=0.25)
        files["action-score.png"] = plots.bars(
            "Match score of the players who used each action there (observational)", turns, value, percent=False,
            ylabel="match score (win 1, loss 0)", reference=0.5)
        lengths = sorted({m.key for arm in arms for m in arm.metrics if m.key.startswith("rounds.")},
                         key=lambda key: int(key.split(".")[1]))
        files["match-length.png"] = plots.bars(
            "How long matches lasted", [f"{k.split('.')[1]} rounds" for k in lengths] + ["extra rounds"],
            series(arms, [*lengths, "extra"]), percent=True, ylabel="% of matches")
        ending_keys = [f"ending.{name}" for name in ENDINGS] + ["draw", "comeback", "fewer"]
        files["endings.png"] = plots.bars(
            "How matches ended", ["only one reached the target", "both reached it", "an extra round",
                                  "draw at the cap", "comeback (trailed by 2+)", "winner on fewer points"],
            series(arms, ending_keys), percent=True, ylabel="% of matches")
        return files


LAB_ROOM = CardCommonsLab()
"""Card Commons' lab room (registered in :mod:`divided.sim.games`)."""

"""The lab room of DIVIDE: its metrics, roles, headline sentences and plots.

The facts of one game are knowledge of the game (:mod:`divided.games.divide.facts`); this
module turns them into metrics, declared once in :meth:`DivideLab.metrics`. Seats are counted
from the first dealer: *position* ``k`` is the seat ``k`` places to the dealer's left (position 1
leads Trick 1 of the first round; the deal passes left, so with four rounds at four players every
seat deals once). The measurable definitions:

* **seats**: each position's share of the win (a win shared by ``k`` players counts ``1/k``; even
  is ``1/players``), its mean total and its mean place by total alone (1 = the most points, tied
  seats share the better place); each round, the points of the seat ``k`` places left of *that
  round's* dealer (even is ``23/players``); the roles *first dealer* and *first leader* (left of
  the first dealer) get the generic results and edge;
* **the draft**: how often the 1st, 2nd and 3rd finishers take Points, Trump and Lead (the 3rd
  takes what is left, choosing only a Trump Rank); 2nd's choice given 1st's; 1st's choice by the
  value of the token at stake (1, 3 or 5);
* **the value of a reward**: the mean token value claimed when Points goes to each place, and the
  mean points each place claims a trick; for Tricks 1-8, how often the player who took a reward
  finishes 1st in the next trick of the round, by reward and by place, and the points that player
  claims in that next trick (a seat at random finishes 1st ``1/players`` of the time; the Points
  taker is the control: *observational*, the takers differ, not what another pick would have
  given); how often a trick's leader finishes 1st in it (Trick 1's leader is the player left of
  the dealer, whose commit sets the lead suit; a later trick's leader took Lead);
* **Trump**: declarations of No Trump, declarations that change the active Trump Rank, the cards of
  the declared rank the declarer still held (Tricks 1-8), tricks played under a Trump Rank, rounds
  after the first that begin under one (never under ``trump=resets``);
* **scores**: the winner's margin over the runner-up (highest total minus the second highest, 0
  when tied), the spread of the totals (their population standard deviation within a game), the
  top total, the rounds played;
* **endings**: games stopped by the end score, stopped before the last round, in which a total
  reached 50 after some round (under ``end_score=off`` how often the rules' end would have fired),
  which step of ruling D9 decided (score, fives, tricks led, shared), and how often the player
  alone on top after round ``r`` went on to win.

Every label is the same under every rule option (so ``--compare`` pairs every metric) except
those naming positions the table does not have.

>>> defs = LAB_ROOM.metrics({"players": 6})
>>> [d.key for d in defs if d.key.endswith(".win-share")]
['position.0.win-share', 'position.1.win-share', 'position.2.win-share', 'position.3.win-share', \
'position.4.win-share', 'position.5.win-share']
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from divided.games.base import OptionValue, State
from divided.games.divide.facts import DECIDERS, REWARDS
from divided.games.divide.facts import facts as game_facts
from divided.games.divide.options import Options
from divided.games.divide.state import TOKENS, TRICKS
from divided.sim.games import MetricDef, PlainLabRoom, RoleDef

if TYPE_CHECKING:
    from divided.sim.lab import Analysis, ArmResult
    from divided.sim.plan import Plan

FIRST_DEALER, FIRST_LEADER = "first-dealer", "first-leader"
PLACES = (1, 2, 3)
PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd"}
REWARD_WORDS = {"points": "Points", "trump": "Trump", "lead": "Lead"}
TOKEN_VALUES = tuple(sorted(set(TOKENS)))
ROUND_POINTS = sum(TOKENS)
REACH = 50
"""The rules' end score: ``reach.50`` counts games in which a total reached it, whatever the option."""
OBSERVATIONAL = ("observational: the players who take each reward differ (1st often takes Points); "
                 "not what another pick would have given")


def position_words(k: int) -> str:
    """Position ``k`` (seats to the first dealer's left) in words.

    >>> position_words(0), position_words(1), position_words(3)
    ('the first dealer', 'left of the first dealer (leads Trick 1)', '3 seats left of the first dealer')
    """
    if k == 0:
        return "the first dealer"
    if k == 1:
        return "left of the first dealer (leads Trick 1)"
    return f"{k} seats left of the first dealer"


def dealer_words(k: int) -> str:
    """The seat ``k`` places left of a round's dealer, in words."""
    if k == 0:
        return "the round's dealer"
    if k == 1:
        return "left of the round's dealer (leads its Trick 1)"
    return f"{k} seats left of the round's dealer"


def margin(scores: Sequence[int]) -> int:
    """The highest total minus the second highest (0 when two share the top).

    >>> margin([30, 12, 25, 20]), margin([30, 30, 2, 1])
    (5, 0)
    """
    top, second = sorted(scores, reverse=True)[:2]
    return top - second


class DivideLab(PlainLabRoom):
    """What the lab measures in DIVIDE (see the module text)."""

    sections: tuple[str, ...] = ("Seats", "The draft", "Reward value", "Trump", "Scores", "Endings")
    role_defs: tuple[RoleDef, ...] = (
        RoleDef(FIRST_DEALER, "first dealer", "the first dealer", "the first dealer", "first dealer"),
        RoleDef(FIRST_LEADER, "first leader (left of the first dealer)", "the first leader",
                "the first leader (left of the first dealer, leads Trick 1)", "first leader"),
    )

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        opts = Options.from_mapping(dict(options))
        n = opts.players
        even = f"1/{n} is even"
        defs: list[MetricDef] = []
        for k in range(n):
            defs.append(MetricDef(f"position.{k}.win-share", f"{position_words(k)}: share of the win (shared wins "
                                  "split)", "Seats", "games", "score", even if k == 0 else ""))
        defs += [MetricDef(f"position.{k}.points", f"{position_words(k)}: total points", "Seats", "games", "mean")
                 for k in range(n)]
        defs += [MetricDef(f"position.{k}.place", f"{position_words(k)}: place by total (1 = most points)", "Seats",
                           "games", "mean", "ties share the better place" if k == 0 else "") for k in range(n)]
        defs += [MetricDef(f"dealer.{k}.points", f"each round, {dealer_words(k)}: points that round", "Seats",
                           "rounds", "mean", f"{ROUND_POINTS}/{n} = {ROUND_POINTS / n:.2f} is even" if k == 0 else "")
                 for k in range(n)]

        for place in PLACES:
            for reward in REWARDS:
                note = "the 3rd finisher takes what is left (choosing only a Trump Rank)" if (
                    place == 3 and reward == REWARDS[0]) else ""
                defs.append(MetricDef(f"pick.{place}.{reward}", f"{PLACE_WORDS[place]} finisher takes "
                                      f"{REWARD_WORDS[reward]}", "The draft", "tricks", "rate", note))
        for first in REWARDS:
            for second in REWARDS:
                if second != first:
                    defs.append(MetricDef(f"pick.2.{second}.after.{first}", f"2nd takes {REWARD_WORDS[second]} "
                                          f"when 1st took {REWARD_WORDS[first]}", "The draft", "tricks", "rate"))
        for value in TOKEN_VALUES:
            for reward in REWARDS:
                defs.append(MetricDef(f"pick.1.{reward}.token-{value}", f"with a {value} at stake, 1st takes "
                                      f"{REWARD_WORDS[reward]}", "The draft", "tricks", "rate"))

        defs += [MetricDef(f"token.{place}", f"token value claimed when {PLACE_WORDS[place]} takes Points",
                           "Reward value", "Points picks", "mean") for place in PLACES]
        defs += [MetricDef(f"claimed.{place}", f"points the {PLACE_WORDS[place]} finisher claims a trick",
                           "Reward value", "tricks", "mean", "23/9 = 2.56 a trick in all" if place == 1 else "")
                 for place in PLACES]
        for reward in REWARDS:
            defs.append(MetricDef(f"next-first.{reward}", f"took {REWARD_WORDS[reward]} (Tricks 1-8): finishes 1st "
                                  "in the next trick", "Reward value", "picks", "rate",
                                  f"{even} for a seat at random; {OBSERVATIONAL}" if reward == "points" else ""))
            defs += [MetricDef(f"next-first.{reward}.{place}", f"took {REWARD_WORDS[reward]} as "
                               f"{PLACE_WORDS[place]}: finishes 1st in the next trick", "Reward value", "picks",
                               "rate") for place in PLACES]
            defs.append(MetricDef(f"next-points.{reward}", f"took {REWARD_WORDS[reward]} (Tricks 1-8): points "
                                  "claimed in the next trick", "Reward value", "picks", "mean"))
        defs += [
            MetricDef("leader.first.trick-1", "Trick 1: its leader (left of the dealer, whose commit sets the lead "
                      "suit) finishes 1st", "Reward value", "tricks", "rate", f"{even} for a seat at random"),
            MetricDef("leader.first", "Tricks 2-9: the leader (who took Lead) finishes 1st", "Reward value", "tricks",
                      "rate"),
        ]
        defs += [MetricDef(f"next-first.{reward}-vs-points", f"finishes 1st in the next trick: {REWARD_WORDS[reward]}"
                           " taker minus Points taker", "Reward value", "picks", "edge", OBSERVATIONAL,
                           contrast=(f"next-first.{reward}", "next-first.points")) for reward in ("trump", "lead")]

        defs += [
            MetricDef("trump.no-trump", "Trump picks that declare No Trump", "Trump", "Trump picks", "rate"),
            MetricDef("trump.change", "Trump picks that change the active Trump Rank", "Trump", "Trump picks", "rate",
                      "re-declaring the current one is allowed (ruling D7)"),
            MetricDef("trump.held", "cards of the declared rank the declarer still held (Tricks 1-8)", "Trump",
                      "rank declarations", "mean"),
            MetricDef("trump.under", "tricks played under a Trump Rank (not No Trump)", "Trump", "tricks", "rate"),
            MetricDef("trump.round-start", "rounds after the first that begin under a Trump Rank", "Trump", "rounds",
                      "rate", "never under trump=resets"),
            MetricDef("spread.margin", "winner's margin: highest total minus the second highest", "Scores", "games",
                      "mean", "0 when two share the top total"),
            MetricDef("spread.stdev", "spread of the totals within a game (population standard deviation)", "Scores",
                      "games", "mean"),
            MetricDef("spread.top", "the highest total", "Scores", "games", "mean"),
            MetricDef("rounds", "rounds played", "Scores", "games", "mean"),
        ]
        defs += [MetricDef(f"rounds.{r}", f"games over after {r} round{'s' if r > 1 else ''}", "Scores", "games",
                           "rate") for r in range(1, opts.rounds + 1)]
        defs += [
            MetricDef("end.score", "games stopped by the end score (a total reached it after a round)", "Endings",
                      "games", "rate", "never under end_score=off"),
            MetricDef("end.early", "games stopped before their last round", "Endings", "games", "rate"),
            MetricDef(f"reach.{REACH}", f"games in which a total reached {REACH} after some round", "Endings",
                      "games", "rate", "under end_score=off: how often the rules' end would have fired"),
        ]
        defs += [MetricDef(f"decided.{step}", words, "Endings", "games", "rate") for step, words in zip(
            DECIDERS, ("decided on total points alone", "decided by the tiebreaker on 5-value tokens",
                       "decided by the tiebreaker on tricks led", "a shared win (tied after both tiebreakers)"),
            strict=True)]
        defs += [MetricDef(f"front.round-{r}", f"the player alone on top after round {r} wins", "Endings", "games",
                           "rate", "games that went on after that round" if r == 1 else "")
                 for r in range(1, opts.rounds)]
        return defs

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        return dict(game_facts(state.core))

    def roles(self, facts: Mapping[str, Any]) -> Mapping[str, int]:
        dealer = int(facts["first_dealer"])
        return {FIRST_DEALER: dealer, FIRST_LEADER: (dealer + 1) % int(facts["players"])}

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        facts = line["facts"]
        n, first = int(facts["players"]), int(facts["first_dealer"])
        returns = [float(r) for r in line["returns"]]
        scores = [int(s) for s in facts["scores"]]
        winners = {int(w) for w in facts["winners"]}
        for seat in range(n):
            k = (seat - first) % n
            yield f"position.{k}.win-share", returns[seat], 1.0
            yield f"position.{k}.points", float(scores[seat]), 1.0
            yield f"position.{k}.place", float(facts["places_by_total"][seat]), 1.0

        rounds = facts["per_round"]
        for played in rounds:
            dealer = int(played["dealer"])
            for seat, points in enumerate(played["points"]):
                yield f"dealer.{(seat - dealer) % n}.points", float(points), 1.0
            if int(played["round"]) > 1:
                yield "trump.round-start", float(played["trump_at_start"] is not None), 1.0
            yield from self._tricks(played["tricks"])

        yield "spread.margin", float(margin(scores)), 1.0
        yield "spread.stdev", statistics.pstdev(scores), 1.0
        yield "spread.top", float(max(scores)), 1.0
        count = int(facts["rounds_played"])
        yield "rounds", float(count), 1.0
        for r in range(1, int(facts["rounds"]) + 1):
            yield f"rounds.{r}", float(count == r), 1.0
        yield "end.score", float(facts["ended"] == "score"), 1.0
        yield "end.early", float(count < int(facts["rounds"])), 1.0
        yield f"reach.{REACH}", float(any(max(played["scores"]) >= REACH for played in rounds)), 1.0
        for step in DECIDERS:
            yield f"decided.{step}", float(facts["decided_by"] == step), 1.0
        for played in rounds[:-1]:
            totals = played["scores"]
            top = max(totals)
            leaders = [seat for seat, total in enumerate(totals) if total == top]
            if len(leaders) == 1:
                yield f"front.round-{int(played['round'])}", float(leaders[0] in winners), 1.0

    def _tricks(self, tricks: Sequence[Mapping[str, Any]]) -> Iterable[tuple[str, float, float]]:
        """The draft, the rewards' value and Trump of one round's tricks."""
        for number, trick in enumerate(tricks):
            order, picks, token = trick["order"], trick["picks"], int(trick["token"])
            yield "trump.under", float(trick["trump"] is not None), 1.0
            won = float(int(order[0]) == int(trick["leader"]))
            yield ("leader.first.trick-1" if int(trick["trick"]) == 1 else "leader.first"), won, 1.0
            for place, reward in zip(PLACES, picks, strict=True):
                for each in REWARDS:
                    yield f"pick.{place}.{each}", float(reward == each), 1.0
                claimed = float(token) if reward == "points" else 0.0
                yield f"claimed.{place}", claimed, 1.0
                if reward == "points":
                    yield f"token.{place}", claimed, 1.0
            for each in REWARDS:
                if each != picks[0]:
                    yield f"pick.2.{each}.after.{picks[0]}", float(picks[1] == each), 1.0
                yield f"pick.1.{each}.token-{token}", float(picks[0] == each), 1.0
            active = trick["trump"]
            declared = trick["declared"]
            yield "trump.no-trump", float(declared is None), 1.0
            yield "trump.change", float(declared != active), 1.0
            if declared is not None and int(trick["trick"]) < TRICKS:
                yield "trump.held", float(trick["held"]), 1.0
            if number + 1 < len(tricks):
                after = tricks[number + 1]
                winner = int(after["order"][0])
                next_points = {int(after["order"][p - 1]): int(after["token"])
                               for p, r in zip(PLACES, after["picks"], strict=True) if r == "points"}
                for place, reward in zip(PLACES, picks, strict=True):
                    seat = int(order[place - 1])
                    won = float(seat == winner)
                    yield f"next-first.{reward}", won, 1.0
                    yield f"next-first.{reward}.{place}", won, 1.0
                    yield f"next-points.{reward}", float(next_points.get(seat, 0)), 1.0

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        from divided.sim.report import interval_text, number

        get = arm.metric
        n = Options.from_mapping(dict(arm.arm.options)).players
        out: list[str] = []

        def shown(key: str) -> tuple[float, str, str] | None:
            metric = get(key)
            if metric is None or metric.interval.value is None:
                return None
            kind = metric.kind
            return metric.interval.value, number(metric.interval.value, kind), interval_text(metric.interval, kind)

        shares = [(k, shown(f"position.{k}.win-share")) for k in range(n)]
        if all(s is not None for _, s in shares):
            text = "; ".join(f"{position_words(k)} {s[1]} ({s[2]})" for k, s in shares if s is not None)
            out.append(f"Share of the win by seat from the first dealer (1/{n} = {1 / n:.3f} is even): {text}.")
        dealer = [(k, shown(f"dealer.{k}.points")) for k in range(n)]
        if all(s is not None for _, s in dealer):
            text = "; ".join(f"{dealer_words(k)} {s[0]:.2f} ({s[2]})" for k, s in dealer if s is not None)
            out.append(f"Points a round by seat from that round's dealer ({ROUND_POINTS}/{n} = "
                       f"{ROUND_POINTS / n:.2f} is even): {text}.")
        firsts = [(r, shown(f"pick.1.{r}")) for r in REWARDS]
        if all(s is not None for _, s in firsts):
            text = ", ".join(f"{REWARD_WORDS[r]} {s[1]} ({s[2]})" for r, s in firsts if s is not None)
            five = shown(f"pick.1.points.token-{TOKEN_VALUES[-1]}")
            tail = f"; with a {TOKEN_VALUES[-1]} at stake it took Points {five[1]} ({five[2]})" if five else ""
            out.append(f"The 1st finisher took {text}{tail}.")
        tokens = [(p, shown(f"token.{p}")) for p in PLACES]
        known = [(p, s) for p, s in tokens if s is not None]
        if known:
            text = ", ".join(f"{PLACE_WORDS[p]} {s[0]:.2f} ({s[2]})" for p, s in known)
            out.append(f"Mean token value claimed with Points, by the place that took it: {text}.")
        value = [(r, shown(f"next-first.{r}")) for r in REWARDS]
        if all(s is not None for _, s in value):
            text = ", ".join(f"{REWARD_WORDS[r]} {s[1]} ({s[2]})" for r, s in value if s is not None)
            out.append(f"The taker of each reward finished 1st in the next trick (Tricks 1-8; 1/{n} = "
                       f"{100 / n:.1f}% for a seat at random): {text}.")
        end, reach = shown("end.score"), shown(f"reach.{REACH}")
        if end is not None and reach is not None:
            out.append(f"Games stopped by the end score: {end[1]} ({end[2]}); a total reached {REACH} in "
                       f"{reach[1]} ({reach[2]}).")
        steps = [(words, shown(f"decided.{step}")) for step, words in zip(
            DECIDERS[1:], ("the 5-value tokens", "tricks led", "a shared win"), strict=True)]
        if all(s is not None for _, s in steps):
            text = ", ".join(f"{words} {s[1]} ({s[2]})" for words, s in steps if s is not None)
            out.append(f"A tie on the top total was settled by {text}.")
        gap, spread = shown("spread.margin"), shown("spread.stdev")
        if gap is not None and spread is not None:
            out.append(f"The winner's margin over the runner-up was {gap[0]:.2f} points ({gap[2]}); the totals' "
                       f"standard deviation within a game {spread[0]:.2f} ({spread[2]}).")
        return out

    def plots(self, analysis: Analysis) -> dict[str, bytes]:
        from divided.sim import plots
        from divided.sim.report import series

        arms = analysis.arms
        n = max(Options.from_mapping(dict(arm.arm.options)).players for arm in arms)

        def tagged(label: str, arm_label: str) -> str:
            return label + (f" ({arm_label})" if len(arms) > 1 else "")

        files: dict[str, bytes] = {}
        files["seats.png"] = plots.points(
            "Share of the win by seat from the first dealer", ["first dealer"] + [f"{k} left" for k in range(1, n)],
            series(arms, [f"position.{k}.win-share" for k in range(n)]), percent=True, ylabel="% of the win",
            reference=1 / n)
        files["dealer-points.png"] = plots.points(
            "Points a round by seat from that round's dealer (1 left leads Trick 1)",
            ["dealer"] + [f"{k} left" for k in range(1, n)], series(arms, [f"dealer.{k}.points" for k in range(n)]),
            percent=False, ylabel="points a round", reference=ROUND_POINTS / n)
        picks = []
        for reward in REWARDS:
            for label, intervals in series(arms, [f"pick.{p}.{reward}" for p in PLACES]):
                picks.append((tagged(REWARD_WORDS[reward], label), intervals))
        files["draft.png"] = plots.bars("Which reward each finisher takes", [f"{PLACE_WORDS[p]} finisher"
                                        for p in PLACES], picks, percent=True, ylabel="% of tricks")
        values = [(tagged("token value with Points", label), intervals)
                  for label, intervals in series(arms, [f"token.{p}" for p in PLACES])]
        values += [(tagged("points claimed a trick", label), intervals)
                   for label, intervals in series(arms, [f"claimed.{p}" for p in PLACES])]
        files["points-by-place.png"] = plots.bars("Points by finishing place", [f"{PLACE_WORDS[p]} finisher"
                                                  for p in PLACES], values, percent=False, ylabel="points")
        nexts = []
        for reward in REWARDS:
            for label, intervals in series(arms, [f"next-first.{reward}.{p}" for p in PLACES]):
                nexts.append((tagged(f"took {REWARD_WORDS[reward]}", label), intervals))
        files["next-trick.png"] = plots.bars(
            "After taking a reward: finishes 1st in the next trick (observational)",
            [f"taken as {PLACE_WORDS[p]}" for p in PLACES], nexts, percent=True, ylabel="% of picks",
            reference=1 / n)
        endings = ["end.score", "end.early", f"reach.{REACH}", *(f"decided.{s}" for s in DECIDERS)]
        files["endings.png"] = plots.bars(
            "How games ended", ["stopped by the end score", "before the last round", f"a total reached {REACH}",
                                "on total points", "on 5-value tokens", "on tricks led", "shared win"],
            series(arms, endings), percent=True, ylabel="% of games")
        return files


LAB_ROOM = DivideLab()
"""DIVIDE's lab room (registered in :mod:`divided.sim.games`)."""

"""The lab room of every poker game (one module for the family, one room per game id).

Poker's returns are chips, so the headline is chips, not places. Every figure has a 95% interval
over the run's units: in the duplicate format (the default) a *deal* is played once per seat
rotation with chance resolved by name from one seed, so the same cards go to the same seats and
every bot sits at every seat. The measurable definitions (a *hand* is one deal played once):

* **chips by bot**: each bot's mean result per hand in chips and in big bets per 100 hands
  (``big_bet`` of the rule options, whatever the structure), and its mean squared result, from
  which the report gives the SD per hand (``sqrt(mean square - mean**2)``);
* **chips by seat**, counted from the *anchor*: the button, or in a game opened by a bring-in
  (seven-card stud, Cowpie) the seat that brought it in (the first seat to act). Position ``k`` is
  ``k`` seats left of it; per position the result, its SD and the share of each pot it collected;
* **awards** (by the game's awards, e.g. high and low): each award's share of the chips won at
  showdowns (the T11 split of every pot layer recomputed here from who won each award, and checked
  against the engine's chips), how often nobody won it (a low that does not qualify) or tied
  winners split it (in the main pot); the *scoop* rate (one player alone won every award of the
  main pot) and how often one player won a share of every award;
* **the hand**: showdown frequency, folds per hand at each betting step, the pot (mean, in chips
  and big bets; how often it exceeds each number of big bets, from which the report gives the 90th
  percentile to the nearest big bet, with an interval);
* **the comparison of the games** (:mod:`divided.sim.games.poker.designer`): how often the best
  starting hand finished ahead, deals per match (a match game's hand is its whole match, its pot
  every chip put in over its deals), folds in betting rounds a step kind added during the deal;
* **the draw games' questions** (:mod:`divided.sim.games.poker.questions`: six bought, Freak's wild
  rank, J-Lo's switch, the hog, price per lot, carries, Fives' replays, what the trash beats);
* **designer questions** (headline facts): Henway, how often one player wins both halves; Cowpie,
  the two-card hand's share of the chips; 10 Card Regrets, hidden against face-up assignments,
  a ``--compare regrets-exposure=face-up`` of the same deals (every metric paired deal by deal).

Labels never depend on option values, so a comparison of rule options pairs every metric.

>>> room = LAB_ROOMS["henway"]
>>> [d.key for d in room.metrics({**room.defaults(), "players": 2})][:3]
['position.0.chips', 'position.0.bb100', 'position.0.square']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from divided import games
from divided.games.base import OptionValue, State
from divided.games.poker.events import Event
from divided.games.poker.facts import facts as game_facts
from divided.games.poker.options import Config, configure
from divided.games.poker.state import PokerState
from divided.games.poker.variants import VARIANTS
from divided.sim.games import MetricDef, PlainLabRoom, Totals
from divided.sim.games.poker.questions import QUESTIONS, align, best_start, match_money, replay
from divided.sim.plan import LabError

if TYPE_CHECKING:
    from divided.sim.lab import ArmResult
    from divided.sim.metrics import Metric
    from divided.sim.plan import Plan

POT_STEPS = 40
"""Pot sizes are counted against 1, 2, ... up to this many big bets (the 90th percentile's grid)."""
GROWING = ("discard-rounds", "call-draws")
"""Step kinds that splice steps into the deal under way (their betting rounds count as added)."""
CHIPS, SEATS, AWARDS, HAND, QUESTION = "Chips by bot", "Chips by seat", "Awards", "The hand", "Designer question"


def split_awards(amount: int, winners: Sequence[Sequence[int]], shares: Sequence[int],
                 seats: int) -> list[list[int]]:
    """One pot layer divided among its awards as T11 says: each award that has winners takes its
    share of the layer rounded down, the first such award the chips left over; tied winners split
    an award, odd chips one at a time in their order. Returns each award's chips by seat.

    >>> split_awards(30, [(1,), (0, 2)], [1, 1], 3)
    [[0, 15, 0], [8, 0, 7]]
    >>> split_awards(21, [(1,), ()], [1, 1], 3)
    [[0, 21, 0], [0, 0, 0]]
    """
    won = [k for k, seats_ in enumerate(winners) if seats_]
    weight = sum(shares[k] for k in won)
    by_award = [0] * len(winners)
    for k in won:
        by_award[k] = amount * shares[k] // weight
    if won:
        by_award[won[0]] += amount - sum(by_award)
    out = [[0] * seats for _ in winners]
    for k in won:
        each, odd = divmod(by_award[k], len(winners[k]))
        for place, seat in enumerate(winners[k]):
            out[k][seat] += each + (1 if place < odd else 0)
    return out


def awarded(events: Sequence[Event], layer: int, titles: Sequence[str], seats: int) -> list[list[int]]:
    """Each award's chips by seat in pot layer ``layer``, read from the deal's ``award`` events:
    for award kinds that divide a layer their own way (places, the hog...). An event whose title
    is no award's (a kind's own words) counts for the first award."""
    out = [[0] * seats for _ in titles]
    for event in events:
        if event.seat is None and event.kind == "award" and event.pot == layer:
            k = titles.index(event.title) if event.title in titles else 0
            for seat, chips in zip(event.winners, event.chips, strict=True):
                out[k][seat] += chips
    return out


class PokerLab(PlainLabRoom):
    """What the lab measures in one poker game (see the module text)."""

    sections: tuple[str, ...] = (CHIPS, SEATS, AWARDS, HAND, QUESTION)

    def __init__(self, game: str) -> None:
        self.game = game
        self.variant = VARIANTS[game]
        self.question = QUESTIONS.get(game)

    def defaults(self) -> dict[str, OptionValue]:
        """The game's rule options at their defaults."""
        return dict(games.load(self.game).options)

    def _config(self, options: Mapping[str, OptionValue]) -> Config:
        return configure(self.variant, {**self.defaults(), **options})

    @property
    def anchor_words(self) -> str:
        return "the bring-in" if self.variant.bring_in else "the button"

    def position_words(self, k: int) -> str:
        """Position ``k`` in words (``k`` seats left of the button or of the bring-in)."""
        if k == 0:
            return self.anchor_words
        return f"{k} seat{'s' if k > 1 else ''} left of {self.anchor_words}"

    def bot_metrics(self, options: Mapping[str, OptionValue], bots: Sequence[str]) -> Sequence[MetricDef]:
        defs: list[MetricDef] = []
        for bot in bots:
            defs += [
                MetricDef(f"bot.{bot}.chips", f"{bot}: chips won per hand", CHIPS, "hands", "signed",
                          "0 is even; the interval comes from the variance between deals"),
                MetricDef(f"bot.{bot}.bb100", f"{bot}: big bets won per 100 hands", CHIPS, "hands", "signed"),
                MetricDef(f"bot.{bot}.square", f"{bot}: mean squared result per hand (chips squared)", CHIPS,
                          "hands", "mean", "SD per hand = sqrt(this - mean**2)"),
            ]
        return defs

    def metrics(self, options: Mapping[str, OptionValue]) -> Sequence[MetricDef]:
        config = self._config(options)
        n = config.players
        defs: list[MetricDef] = []
        for k in range(n):
            where = self.position_words(k)
            defs += [
                MetricDef(f"position.{k}.chips", f"{where}: chips won per hand", SEATS, "hands", "signed"),
                MetricDef(f"position.{k}.bb100", f"{where}: big bets won per 100 hands", SEATS, "hands", "signed"),
                MetricDef(f"position.{k}.square", f"{where}: mean squared result per hand (chips squared)", SEATS,
                          "hands", "mean"),
                MetricDef(f"position.{k}.pot-share", f"{where}: share of the pot collected", SEATS, "hands",
                          "score", f"1/{n} is even" if k == 0 else ""),
            ]
        titles = [award.title for award in config.awards]
        for title in titles:
            defs.append(MetricDef(f"award.{title}.share", f"share of the chips won at showdowns that went to "
                                  f"{title}", AWARDS, "chips", "score",
                                  "pots taken uncontested are not counted" if title == titles[0] else ""))
        if len(titles) > 1:
            for title in titles:
                defs += [
                    MetricDef(f"award.{title}.none", f"showdowns where nobody won {title} (main pot)", AWARDS,
                              "showdowns", "rate", "an award nobody qualifies for (an eight-or-better low) passes its share on"),
                    MetricDef(f"award.{title}.split", f"showdowns where tied winners split {title} (main pot)",
                              AWARDS, "showdowns", "rate"),
                ]
            defs += [
                MetricDef("scoop", "showdowns where one player alone won every award of the main pot (a scoop)",
                          AWARDS, "showdowns", "rate", "an award nobody won does not count"),
                MetricDef("every-award", "showdowns where one player won a share of every award of the main pot",
                          AWARDS, "showdowns", "rate", "ties included"),
            ]
            defs += [MetricDef(f"award.{title}.apart", f"share of the chips won at showdowns that {title} gave to "
                               f"players who did not win {titles[0]}", AWARDS, "chips", "score",
                               "how much the award moved away from the first award's winners")
                     for title in titles[1:]]
        defs += [
            MetricDef("showdown", "hands that reached a showdown", HAND, "hands", "rate"),
            MetricDef("pot.chips", "pot (chips put in by every player)", HAND, "hands", "mean"),
            MetricDef("pot.big-bets", "pot in big bets", HAND, "hands", "mean"),
        ]
        round_ = 0
        for index, step in enumerate(config.steps):
            if step.kind == "bet":
                round_ += 1
                defs.append(MetricDef(f"fold.{index}", f"folds per hand in betting round {round_} (step {index})",
                                      HAND, "hands", "mean"))
        if any(step.kind in GROWING for step in config.steps):
            defs.append(MetricDef("fold.added", "folds per hand in the betting rounds added during the deal", HAND,
                                  "hands", "mean", "rounds a step puts in as play goes (between discard rounds)"))
        top = min(POT_STEPS, config.total_chips // config.big_bet)
        defs += [MetricDef(f"pot.over.{m}", f"pots over {m} big bet{'s' if m > 1 else ''}", HAND, "hands", "rate")
                 for m in range(1, top + 1)]
        defs.append(MetricDef("best-start", "hands the best starting hand won (finished ahead)", HAND, "hands",
                              "score", "cards at the first decision, ranked by the first award without wild cards; "
                              "tied best hands share"))
        if self.variant.match is not None:
            defs.append(MetricDef("deals", "deals per match", HAND, "matches", "mean",
                                  "a match game's hand is its whole match: pot and results over every deal"))
        if self.question is not None:
            defs += self.question.metrics(config.big_bet)
        if self.game == "henway":
            defs.append(MetricDef("henway.both-halves", "hands in which one player won both halves of the main "
                                  "pot alone", QUESTION, "hands", "rate", "uncontested hands count as not"))
        if self.game == "cowpie":
            defs.append(MetricDef("cowpie.two-share", "the two-card hand's share of every chip won (pots taken "
                                  "uncontested count as neither hand's)", QUESTION, "chips", "score"))
        return defs

    def facts(self, state: State[Any, Any]) -> dict[str, Any]:
        core = state.core
        assert isinstance(core, PokerState)
        out: dict[str, Any] = dict(game_facts(core))
        config = core.config
        replayed = replay(state)
        out["anchor"] = replayed.first_actor if self.variant.bring_in else core.button
        best = best_start(core, replayed.start)
        out["best_start"] = best
        out["deals"] = len(replayed.logs)
        if self.variant.match is not None:  # the match's money over every deal, from the public logs
            out["pot"], out["collected"], _ = match_money(replayed.logs, core.players)
        if self.question is not None:
            out["question"] = self.question.facts(core, replayed.logs)
        out["big_bet"] = config.big_bet
        # folds by the step of the deal as it began; steps a kind spliced in (the sequential open draw's
        # rounds, the dealer's call) count as "added"
        where = align(replayed.steps, config.steps)
        folds: dict[str, list[int]] = {}
        for key, seats in out["folds"].items():
            index, kind = key.split(" ", 1)
            base = where[int(index)] if int(index) < len(where) else None
            folds.setdefault(f"{base} {kind}" if base is not None else f"added {kind}", []).extend(seats)
        out["folds"] = folds
        out["bet_steps"] = [index for index, step in enumerate(replayed.steps) if step.kind == "bet"]
        out["grows"] = any(step.kind in GROWING for step in replayed.steps)
        out["total_chips"] = config.total_chips
        titles = [award.title for award in config.awards]
        shares = [award.share for award in config.awards]
        by_award = [0] * len(titles)
        apart = [0] * len(titles)
        main: dict[str, list[int]] = {}
        plain = all(award.kind == "best" for award in config.awards)
        if core.shown:
            for number, pot in enumerate(core.settled):
                winners = [dict(pot.awards).get(title, ()) for title in titles]
                if plain:
                    chips = split_awards(pot.amount, winners, shares, core.players)
                else:
                    chips = awarded(core.events, number, titles, core.players)
                seats = tuple(sum(column) for column in zip(*chips, strict=True))
                if seats != tuple(pot.chips):
                    raise LabError(f"pot {number}: the awards' split {seats} differs from the engine's {pot.chips}")
                by_award = [total + sum(award) for total, award in zip(by_award, chips, strict=True)]
                apart = [total + sum(c for seat, c in enumerate(award) if seat not in winners[0])
                         for total, award in zip(apart, chips, strict=True)]
                if number == 0:
                    main = {title: list(w) for title, w in zip(titles, winners, strict=True)}
        out["award_chips"] = dict(zip(titles, by_award, strict=True))
        out["award_apart"] = dict(zip(titles, apart, strict=True))
        out["main_awards"] = main
        if self.variant.match is None:
            out["collected"] = [sum(pot.chips[seat] for pot in core.settled) for seat in range(core.players)]
        return out

    def observe(self, line: Mapping[str, Any]) -> Iterable[tuple[str, float, float]]:
        facts = line["facts"]
        n, anchor, big = int(facts["players"]), int(facts["anchor"]), int(facts["big_bet"])
        returns = [float(r) for r in line["returns"]]
        pot = int(facts["pot"])
        for seat, bot in enumerate(line["seats"]):
            result = returns[seat]
            k = (seat - anchor) % n
            for who in (f"bot.{bot}", f"position.{k}"):
                yield f"{who}.chips", result, 1.0
                yield f"{who}.bb100", 100.0 * result / big, 1.0
                yield f"{who}.square", result * result, 1.0
            yield f"position.{k}.pot-share", float(facts["collected"][seat]) / pot if pot else 0.0, 1.0
        award_chips: dict[str, int] = facts["award_chips"]
        titles = list(award_chips)
        shown = bool(facts["showdown"])
        scoop = False
        if shown:
            total = sum(award_chips.values())
            for title in titles:
                yield f"award.{title}.share", float(award_chips[title]), float(total)
            for title in titles[1:]:
                yield f"award.{title}.apart", float(facts["award_apart"][title]), float(total)
            main: dict[str, list[int]] = facts["main_awards"]
            winner_sets = [set(main[title]) for title in titles if main[title]]  # an unwon low passes on
            scoop = len(set.union(*winner_sets)) == 1
            if len(titles) > 1:
                for title in titles:
                    yield f"award.{title}.none", float(not main[title]), 1.0
                    yield f"award.{title}.split", float(len(main[title]) > 1), 1.0
                yield "scoop", float(scoop), 1.0
                yield "every-award", float(bool(set.intersection(*winner_sets))), 1.0
        best = facts.get("best_start", [])
        if best:
            yield "best-start", sum(returns[seat] > 0 for seat in best) / len(best), 1.0
        if self.variant.match is not None:
            yield "deals", float(facts["deals"]), 1.0
        if self.question is not None:
            yield from self.question.observe(facts["question"], big)
        if self.game == "henway":
            yield "henway.both-halves", float(shown and scoop), 1.0
        if self.game == "cowpie":
            yield "cowpie.two-share", float(award_chips.get("two", 0)) if shown else 0.0, float(pot)
        yield "showdown", float(shown), 1.0
        yield "pot.chips", float(pot), 1.0
        yield "pot.big-bets", pot / big, 1.0
        folds: dict[int, int] = {}
        added = 0
        for key, seats in facts["folds"].items():
            where, kind = key.split(" ", 1)
            if where == "added":
                added += len(seats) if kind == "bet" else 0
                continue
            folds[int(where)] = folds.get(int(where), 0) + len(seats)
        for index in facts["bet_steps"]:
            yield f"fold.{index}", float(folds.get(int(index), 0)), 1.0
        if facts.get("grows"):
            yield "fold.added", float(added), 1.0
        top = min(POT_STEPS, int(facts["total_chips"]) // big)
        for m in range(1, top + 1):
            yield f"pot.over.{m}", float(pot > m * big), 1.0

    def relabel(self, defs: Sequence[MetricDef], totals: Totals) -> Sequence[MetricDef]:
        return defs

    def headline(self, plan: Plan, arm: ArmResult) -> list[str]:
        from divided.sim.report import interval_text, number

        config = self._config(arm.arm.options)
        get = arm.metric
        out: list[str] = []
        bots = list(dict.fromkeys(arm.arm.bots))
        parts = []
        for bot in bots:
            chips, bb, square = get(f"bot.{bot}.chips"), get(f"bot.{bot}.bb100"), get(f"bot.{bot}.square")
            if chips is None or bb is None or square is None or chips.interval.value is None:
                continue
            verdict = _verdict(bb)
            parts.append(f"{bot} {number(chips.interval.value, 'signed')} chips a hand "
                         f"({interval_text(chips.interval, 'signed')}), {number(bb.interval.value, 'signed')} big "
                         f"bets per 100 hands ({interval_text(bb.interval, 'signed')}){verdict}, SD "
                         f"{sd_text(square, chips)} chips a hand")
        if parts and len(bots) > 1:
            out.append("Chips won: " + "; ".join(parts) + ".")
        elif parts:
            out.append(f"Self-play: {parts[0]} (zero-sum, so the mean is 0 by construction).")
        seats = []
        for k in range(config.players):
            bb, chips, square = get(f"position.{k}.bb100"), get(f"position.{k}.chips"), get(f"position.{k}.square")
            if bb is None or chips is None or square is None or bb.interval.value is None:
                continue
            seats.append(f"{self.position_words(k)} {number(bb.interval.value, 'signed')} "
                         f"({interval_text(bb.interval, 'signed')}), SD {sd_text(square, chips, config.big_bet)}")
        if seats:
            out.append("Big bets per 100 hands by seat (SD in big bets a hand): " + "; ".join(seats) + ".")
        titles = [award.title for award in config.awards]
        shares = [(t, get(f"award.{t}.share")) for t in titles]
        if len(titles) > 1 and all(m is not None and m.interval.value is not None for _, m in shares):
            text = ", ".join(f"{t} {number(m.interval.value, 'rate')} ({interval_text(m.interval, 'rate')})"
                             for t, m in shares if m is not None)
            scoop = get("scoop")
            tail = (f"; scoops {number(scoop.interval.value, 'rate')} ({interval_text(scoop.interval, 'rate')}) of "
                    "showdowns") if scoop is not None and scoop.interval.value is not None else ""
            out.append(f"Chips won at showdowns by award: {text}{tail}.")
        shown, pot = get("showdown"), get("pot.big-bets")
        if shown is not None and pot is not None and shown.interval.value is not None:
            out.append(f"Showdowns {number(shown.interval.value, 'rate')} ({interval_text(shown.interval, 'rate')}) "
                       f"of hands; mean pot {number(pot.interval.value, 'mean')} big bets "
                       f"({interval_text(pot.interval, 'mean')}); {percentile_text(arm.metrics)}.")
        best = get("best-start")
        if best is not None and best.interval.value is not None:
            out.append(f"The best starting hand finished ahead in {number(best.interval.value, 'rate')} of hands "
                       f"({interval_text(best.interval, 'rate')}).")
        if self.question is not None:
            sentence = self.question.headline(get)
            if sentence is not None:
                out.append(sentence)
        if self.game == "henway":
            both, every = get("henway.both-halves"), get("scoop")
            if both is not None and both.interval.value is not None and every is not None:
                out.append(f"Henway: one player won both halves of the main pot alone in "
                           f"{number(both.interval.value, 'rate')} of hands ({interval_text(both.interval, 'rate')})"
                           f", {number(every.interval.value, 'rate')} of showdowns "
                           f"({interval_text(every.interval, 'rate')}).")
        if self.game == "cowpie":
            two, at_showdown, apart = get("cowpie.two-share"), get("award.two.share"), get("award.two.apart")
            if two is not None and two.interval.value is not None and at_showdown is not None and apart is not None:
                out.append(f"Cowpie: the two-card hand won {number(at_showdown.interval.value, 'rate')} of the "
                           f"chips won at showdowns ({interval_text(at_showdown.interval, 'rate')}; half by the "
                           f"rules, C5), {number(two.interval.value, 'rate')} of every chip won "
                           f"({interval_text(two.interval, 'rate')}; the rest went to the five-card hand or "
                           f"uncontested); {number(apart.interval.value, 'rate')} of the showdown chips "
                           f"({interval_text(apart.interval, 'rate')}) went by the two-card hand to a player "
                           "who did not win the five.")
        return out


def _verdict(bb: Metric) -> str:
    interval = bb.interval
    if interval.low is not None and interval.low > 0:
        return ": it wins"
    if interval.high is not None and interval.high < 0:
        return ": it loses"
    return ""


def sd(square: Metric, mean: Metric) -> float:
    """The SD per hand from a mean squared result and the mean result."""
    s, m = square.interval.value, mean.interval.value
    if s is None or m is None:
        return math.nan
    return math.sqrt(max(s - m * m, 0.0))


def sd_text(square: Metric, mean: Metric, scale: float = 1.0) -> str:
    """The SD per hand (divided by ``scale``) with an approximate 95% interval: the square roots
    of the mean square's interval less the squared mean (the mean's own error is ignored, small
    beside the mean square's)."""
    value = sd(square, mean) / scale
    low, high, m = square.interval.low, square.interval.high, mean.interval.value
    if low is None or high is None or m is None:
        return f"{value:.1f}"
    bounds = [math.sqrt(max(bound - m * m, 0.0)) / scale for bound in (low, high)]
    return f"{value:.1f} (about {bounds[0]:.1f} to {bounds[1]:.1f})"


def percentile(metrics: Sequence[Metric], level: float = 0.9) -> tuple[int | None, int | None, int | None]:
    """The pot's ``level`` percentile in big bets (the smallest ``m`` with at most ``1 - level`` of
    pots over ``m`` big bets) and the range of ``m`` whose interval admits ``1 - level``: a
    percentile interval on the grid of whole big bets. ``None`` when beyond the grid."""
    over = sorted(((int(m.key.rsplit(".", 1)[1]), m.interval) for m in metrics if m.key.startswith("pot.over.")),
                  key=lambda pair: pair[0])
    tail = 1 - level
    point = next((m for m, i in over if i.value is not None and i.value <= tail), None)
    low = next((m for m, i in over if i.low is not None and i.low <= tail), None)
    high = next((m for m, i in over if i.high is not None and i.high <= tail), None)
    return point, low, high


def percentile_text(metrics: Sequence[Metric]) -> str:
    point, low, high = percentile(metrics)
    if point is None:
        return f"the 90th percentile pot is beyond the grid of {POT_STEPS} big bets"
    upper = f"{high}" if high is not None else f"over {POT_STEPS}"
    return f"90% of pots at most {point} big bets (95% interval {low} to {upper}, to the nearest big bet)"


LAB_ROOMS: dict[str, PokerLab] = {game: PokerLab(game) for game in VARIANTS}
"""One lab room per poker game (registered in :mod:`divided.sim.games`)."""

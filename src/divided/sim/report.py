"""The results of a finished run: ``report.md``, ``summary.json`` and PNG plots.

All files are written only when the run is complete, each atomically (a temporary file, then a
rename), so a folder either has a whole report or none. The report starts with a headline in
plain words, then the settings, then every metric with its 95% interval.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from divided.sim import plots
from divided.sim.games import lab_room
from divided.sim.lab import Analysis, ArmResult, LadderResult
from divided.sim.metrics import Difference, Metric, sections
from divided.sim.plan import Plan
from divided.sim.stats import Interval
from divided.sim.store import write_atomic

SUMMARY_FORMAT = 1

INTERVALS_TEXT = (
    "Every figure comes with a 95% interval: if the lab were run again with other seeds, "
    "intervals made this way would contain the true value 95 times in 100. Rates use Wilson "
    "intervals, widened when the items of one deal pair (or game) are correlated; scores, edges "
    "and differences use normal intervals from the variance between deal pairs (or games, "
    "without the duplicate format); ladder ratings use a bootstrap over deal pairs. With many "
    "metrics, about one in twenty intervals misses its true value by chance."
)


# -- formatting ------------------------------------------------------------------------------


def number(value: float | None, kind: str) -> str:
    """A metric's value as the report shows it (a dash when there is none)."""
    if value is None or math.isnan(value):
        return "-"
    if kind == "rate":
        return f"{100 * value:.1f}%"
    if kind == "edge":
        return f"{value:+.3f}"
    if kind == "mean":
        return f"{value:.2f}"
    if kind == "signed":
        return f"{value:+.2f}"
    return f"{value:.3f}"


def interval_text(interval: Interval, kind: str) -> str:
    """``low to high`` in the metric's units (or a dash when there is too little data)."""
    if interval.low is None or interval.high is None:
        return "-"
    return f"{number(interval.low, kind)} to {number(interval.high, kind)}"


def _change(value: float | None, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "rate":
        return f"{100 * value:+.1f} pts"
    return f"{value:+.3f}"


def _change_interval(interval: Interval, kind: str) -> str:
    if interval.low is None or interval.high is None:
        return "-"
    return f"{_change(interval.low, kind)} to {_change(interval.high, kind)}"


def _count(interval: Interval, unit: str) -> str:
    return f"{interval.count:,.0f} {unit}" if interval.count else f"0 {unit}"


def _options(options: dict[str, Any] | Any) -> str:
    return ", ".join(f"{key}={value}" for key, value in dict(options).items())


# -- headline --------------------------------------------------------------------------------


def _verdict(interval: Interval, null: float, above: str, below: str, neither: str) -> str:
    if interval.low is not None and interval.low > null:
        return above
    if interval.high is not None and interval.high < null:
        return below
    return neither


def _units_text(plan: Plan, games: int) -> str:
    """``N games (M deal pairs)``, or ``(M deals)`` with more than two players."""
    if not plan.duplicate:
        return f"{games:,} games"
    deals = "deal pairs" if plan.players == 2 else "deals"
    return f"{games:,} games ({games // plan.players:,} {deals})"


def arm_headline(plan: Plan, arm: ArmResult) -> list[str]:
    """A few sentences in plain words about one arm: the generic ones, then the game's."""
    out = []
    get = arm.metric
    units = _units_text(plan, arm.games)
    head = get("head-to-head")
    bots = list(dict.fromkeys(arm.arm.bots))
    if head is not None and len(bots) == 2:
        i = head.interval
        verdict = _verdict(i, 0.5, f"{bots[0]} is the stronger bot", f"{bots[1]} is the stronger bot",
                           "no clear difference between them (the interval includes 0.5)")
        out.append(f"Over {units}, {bots[0]} scored {number(i.value, 'score')} per game against {bots[1]} "
                   f"(95% interval {interval_text(i, 'score')}): {verdict}.")
    elif len(bots) == 1:
        out.append(f"{units} of {bots[0]} against itself.")
    else:
        field = [(bot, get(f"field.{bot}")) for bot in bots]
        scores = "; ".join(f"{bot} {number(m.interval.value, 'score')} ({interval_text(m.interval, 'score')})"
                           for bot, m in field if m is not None)
        out.append(f"Over {units}, each bot's score against the field (0.5 is even): {scores}.")
    room = lab_room(plan.game)
    for role in room.role_defs:
        win, draw, loss = (get(f"role.{role.key}.{o}") for o in ("win", "draw", "loss"))
        edge = get(f"edge.{role.key}")
        if win is None or draw is None or loss is None or edge is None or edge.interval.value is None:
            continue
        e = edge.interval
        verdict = _verdict(e, 0.0, "a clear advantage", "a clear disadvantage", "no clear advantage either way")
        note = f" ({edge.note})" if edge.note else ""
        out.append(f"For {role.headline}: won {number(win.interval.value, 'rate')}, drew "
                   f"{number(draw.interval.value, 'rate')}, lost {number(loss.interval.value, 'rate')}; "
                   f"edge {number(e.value, 'edge')} ({interval_text(e, 'edge')}): {verdict}{note}.")
    return out + room.headline(plan, arm)


def compare_headline(analysis: Analysis) -> list[str]:
    base, variant = analysis.arms
    changed = _arm_change(base, variant)
    same = analysis.same_deals or 0.0
    units = analysis.plan.units
    deal_note = ("every deal identical in both" if same == 1.0 else
                 f"the same seeds; {100 * same:.0f}% of the deals are identical in both, because the "
                 "options change how many coin flips come before the deal")
    deals = ("deal pairs" if analysis.plan.players == 2 else "deals") if analysis.plan.duplicate else "games"
    out = [f"Variant ({changed}) against baseline on {units:,} {deals} "
           f"({deal_note})."]
    moved = [d for d in analysis.differences if d.change.excludes_value(0.0)]
    tested = [d for d in analysis.differences if d.change.low is not None]
    if not moved:
        out.append(f"No metric changed beyond its 95% interval ({len(tested)} compared).")
        return out

    def strength(d: Difference) -> float:
        i = d.change
        assert i.value is not None and i.low is not None and i.high is not None
        half = (i.high - i.low) / 2
        return abs(i.value) / half if half > 0 else math.inf

    moved.sort(key=strength, reverse=True)
    out.append(f"{len(moved)} of {len(tested)} metrics changed beyond their 95% intervals "
               "(by chance alone about 1 in 20 would). The clearest:")
    for d in moved[:6]:
        k = d.metric.kind
        out.append(f"{d.metric.label}: {number(d.baseline.value, k)} -> {number(d.variant.value, k)} "
                   f"(change {_change(d.change.value, k)}, {_change_interval(d.change, k)}).")
    return out


def _arm_change(base: ArmResult, variant: ArmResult) -> str:
    parts = [f"{key} {base.arm.options.get(key)} -> {value}"
             for key, value in variant.arm.options.items() if base.arm.options.get(key) != value]
    if base.arm.bots != variant.arm.bots:
        parts.append(f"bots {', '.join(base.arm.bots)} -> {', '.join(variant.arm.bots)}")
    return "; ".join(parts) or "no change"


def ladder_headline(analysis: Analysis) -> list[str]:
    ladder = analysis.ladder
    assert ladder is not None
    ranking = ", ".join(f"{r.bot} {r.rating:.0f} ({r.low:.0f} to {r.high:.0f})" for r in ladder.ratings)
    per = f"{analysis.plan.games:,} games per pairing"
    return [f"Ratings (Elo-like, mean 1500, 95% bootstrap interval) from {per}: {ranking}."]


def headline(analysis: Analysis) -> list[str]:
    if analysis.plan.kind == "compare":
        return compare_headline(analysis)
    if analysis.plan.kind == "ladder":
        return ladder_headline(analysis)
    return arm_headline(analysis.plan, analysis.arms[0])


# -- summary.json ----------------------------------------------------------------------------


def _interval_json(interval: Interval) -> dict[str, Any]:
    return {"estimate": interval.value, "low": interval.low, "high": interval.high,
            "count": interval.count, "units": interval.units, "method": interval.method}


def _metric_json(metric: Metric) -> dict[str, Any]:
    return {"key": metric.key, "label": metric.label, "section": metric.section, "unit": metric.unit,
            "kind": metric.kind, **_interval_json(metric.interval), "note": metric.note}


def summary(analysis: Analysis, plot_files: Sequence[str]) -> dict[str, Any]:
    """The machine-readable summary (``summary.json``)."""
    plan = analysis.plan
    data: dict[str, Any] = {
        "format": SUMMARY_FORMAT, "status": "complete", "plan": plan.to_dict(),
        "headline": headline(analysis),
        "arms": [{"label": arm.arm.label, "options": dict(arm.arm.options), "bots": list(arm.arm.bots),
                  "games": arm.games, "metrics": [_metric_json(m) for m in arm.metrics]}
                 for arm in analysis.arms],
        "plots": list(plot_files),
    }
    if plan.kind == "compare":
        data["same_deals"] = analysis.same_deals
        data["differences"] = [{"key": d.metric.key, "label": d.metric.label, "kind": d.metric.kind,
                                "baseline": _interval_json(d.baseline), "variant": _interval_json(d.variant),
                                "change": _interval_json(d.change)} for d in analysis.differences]
    if analysis.ladder is not None:
        data["ladder"] = _ladder_json(analysis.ladder)
    return data


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _ladder_json(ladder: LadderResult) -> dict[str, Any]:
    return {
        "scale": "Elo-like: 1500 + 400 log10(Bradley-Terry strength), mean 1500",
        "bootstrap_samples": ladder.bootstrap, "prior_draws": ladder.prior_draws,
        "ratings": [{"bot": r.bot, "rating": r.rating, "low": _finite(r.low), "high": _finite(r.high), "score": r.score,
                     "games": r.games} for r in ladder.ratings],
        "matchups": [{"first": m.first, "second": m.second, **_interval_json(m.score)} for m in ladder.matchups],
    }


# -- report.md -------------------------------------------------------------------------------


def _settings(plan: Plan) -> list[str]:
    lines = ["| setting | value |", "|---|---|", f"| game | {plan.game} |"]
    seats = ", ".join(f"seat {seat}" for seat in range(plan.players))
    first = " in the first game of each pair" if plan.players == 2 else " in the first game of each deal"
    for arm in plan.arms:
        prefix = f"{arm.label}: " if len(plan.arms) > 1 else ""
        lines.append(f"| {prefix}rule options | {_options(arm.options)} |")
        lines.append(f"| {prefix}bots ({seats}{first if plan.duplicate else ''}) | {', '.join(arm.bots)} |")
    per = " per line-up" if len(plan.arms) > 1 else ""
    lines.append(f"| games{per} | {plan.games:,} |")
    lines.append(f"| seed | {plan.seed} |")
    if plan.duplicate and plan.players == 2:
        lines.append(f"| format | duplicate: each deal played twice with the seats swapped; error bars over "
                     f"{plan.units:,} deal pairs |")
    elif plan.duplicate:
        lines.append(f"| format | duplicate: each deal played {plan.players} times, once per seat rotation; "
                     f"error bars over {plan.units:,} deals |")
    else:
        lines.append("| format | one game per deal (no duplicate); error bars over games |")
    lines.append(f"| version | divided {plan.version} |")
    return lines


def _metric_table(metrics: Sequence[Metric]) -> list[str]:
    lines = ["| metric | estimate | 95% interval | n | note |", "|---|---|---|---|---|"]
    for m in metrics:
        i = m.interval
        note = m.note if i.value is not None else (m.note or "no cases in this run")
        lines.append(f"| {m.label} | {number(i.value, m.kind)} | {interval_text(i, m.kind)} | "
                     f"{_count(i, m.unit)} | {note} |")
    return lines


def _difference_table(differences: Sequence[Difference]) -> list[str]:
    lines = ["| metric | baseline | variant | change | 95% interval of the change | n |",
             "|---|---|---|---|---|---|"]
    for d in differences:
        k = d.metric.kind
        flag = " **" if d.change.excludes_value(0.0) else ""
        lines.append(f"| {d.metric.label} | {number(d.baseline.value, k)} | {number(d.variant.value, k)} | "
                     f"{flag.strip()}{_change(d.change.value, k)}{flag.strip()} | {_change_interval(d.change, k)} | "
                     f"{_count(d.change, d.metric.unit)} |")
    return lines


def markdown(analysis: Analysis, plot_files: Sequence[str]) -> str:
    """The whole report."""
    plan = analysis.plan
    title = {"simulate": "Lab report", "compare": "Lab comparison", "ladder": "Lab ladder"}[plan.kind]
    bots = ", ".join(dict.fromkeys(b for arm in plan.arms for b in arm.bots))
    total = plan.games * len(plan.arms)
    lines = [f"# {title}: {plan.game} ({bots})", "",
             f"Status: **complete**, {total:,} games.", "", "## Headline", ""]
    lines += [f"- {sentence}" for sentence in headline(analysis)]
    lines += ["", "## Settings", "", *_settings(plan), "", "## How to read the intervals", "", INTERVALS_TEXT, ""]
    if analysis.ladder is not None:
        lines += _ladder_markdown(analysis.ladder)
    elif plan.kind == "compare":
        lines += ["## Differences (variant minus baseline, paired on the same deals)", "",
                  "Rates change in percentage points; **bold** changes have intervals that exclude zero.", ""]
        for section in sections(lab_room(plan.game)):
            rows = [d for d in analysis.differences if d.metric.section == section]
            if rows:
                lines += [f"### {section}", "", *_difference_table(rows), ""]
        for arm in analysis.arms:
            lines += [f"## {arm.arm.label.capitalize()}: every metric", ""]
            lines += _sections(plan, arm.metrics, level="###")
    else:
        lines += _sections(plan, analysis.arms[0].metrics, level="##")
    if plot_files:
        lines += ["## Plots", ""]
        lines += [f"![{name}]({name})" for name in plot_files]
        lines.append("")
    return "\n".join(lines)


def _sections(plan: Plan, metrics: Sequence[Metric], level: str) -> list[str]:
    lines: list[str] = []
    for section in sections(lab_room(plan.game)):
        rows = [m for m in metrics if m.section == section]
        if rows:
            lines += [f"{level} {section}", "", *_metric_table(rows), ""]
    return lines


def _ladder_markdown(ladder: LadderResult) -> list[str]:
    lines = ["## Ratings", "",
             f"Bradley-Terry strengths fitted by the MM algorithm, on an Elo-like scale (1500 + 400 log10 "
             f"strength, mean 1500); {ladder.prior_draws:g} virtual drawn game(s) per pairing keep ratings "
             f"finite; intervals are 2.5th-97.5th percentiles of {ladder.bootstrap:,} bootstrap resamples of "
             "the deal pairs.", "",
             "| rank | bot | rating | 95% interval | score per game | games |", "|---|---|---|---|---|---|"]
    for rank, r in enumerate(ladder.ratings, 1):
        lines.append(f"| {rank} | {r.bot} | {r.rating:.0f} | {r.low:.0f} to {r.high:.0f} | {r.score:.3f} | {r.games:,} |")
    lines += ["", "## Matches", "", "| match | first bot's score per game | 95% interval | games |",
              "|---|---|---|---|"]
    for m in ladder.matchups:
        lines.append(f"| {m.first} vs {m.second} | {number(m.score.value, 'score')} | "
                     f"{interval_text(m.score, 'score')} | {m.score.count:,.0f} |")
    lines.append("")
    return lines


# -- plots -----------------------------------------------------------------------------------


def series(arms: Sequence[ArmResult], keys: Sequence[str]) -> list[plots.Series]:
    """One plot series per arm: the intervals of metrics ``keys`` (empty where an arm lacks one)."""
    out: list[plots.Series] = []
    for arm in arms:
        intervals = []
        for key in keys:
            metric = arm.metric(key)
            intervals.append(metric.interval if metric is not None else Interval(None, None, None, 0, 0, "none"))
        out.append((arm.arm.label, intervals))
    return out


def make_plots(analysis: Analysis) -> dict[str, bytes]:
    """PNG files by name: the results by role and by bot, then the game's own plots."""
    if analysis.ladder is not None:
        ladder = analysis.ladder
        return {"ratings.png": plots.ratings(
            "Ladder ratings (95% bootstrap intervals)", [r.bot for r in ladder.ratings],
            [r.rating for r in ladder.ratings], [(r.low, r.high) for r in ladder.ratings])}
    arms = analysis.arms
    room = lab_room(analysis.plan.game)
    roles = [(role.short, f"role.{role.key}") for role in room.role_defs]
    for bot in dict.fromkeys(b for arm in arms for b in arm.arm.bots):
        if any(arm.metric(f"bot.{bot}.win") is not None for arm in arms):
            roles.append((bot, f"bot.{bot}"))
    files: dict[str, bytes] = {}
    if roles:
        role_series = []
        for outcome in ("win", "draw", "loss"):
            for label, intervals in series(arms, [f"{key}.{outcome}" for _, key in roles]):
                role_series.append((f"{outcome}" + (f" ({label})" if len(arms) > 1 else ""), intervals))
        files["roles.png"] = plots.bars("Results by role and by bot", [label for label, _ in roles], role_series,
                                        percent=True, ylabel="% of games")
    own = room.plots(analysis)
    clash = sorted(set(own) & set(files))
    if clash:
        raise ValueError(f"the game's lab room draws plots the lab draws itself: {', '.join(clash)}")
    return {**files, **own}


def write_results(folder: Path, analysis: Analysis) -> list[str]:
    """Write plots, ``summary.json`` and ``report.md`` (last) into ``folder``; returns the file names."""
    pngs = make_plots(analysis)
    for name, data in pngs.items():
        write_atomic(folder / name, data)
    names = list(pngs)
    write_atomic(folder / "summary.json", json.dumps(summary(analysis, names), indent=2, allow_nan=False) + "\n")
    write_atomic(folder / "report.md", markdown(analysis, names))
    return ["report.md", "summary.json", "games.jsonl", *names]

"""The poker bots as registered specs, one tuple for every poker game (the bots registry
finds it by game id, see :mod:`divided.bots.base`)."""

from __future__ import annotations

from typing import Any

from divided.bots.base import Bot, BotSpec, non_negative, positive_int
from divided.bots.poker.equity import EquityBot
from divided.bots.poker.probes import ProbeBot
from divided.bots.poker.range import RangeBot
from divided.games.poker.variants import VARIANTS

GAMES = frozenset(VARIANTS)


def _equity(worlds: str | int = EquityBot.worlds, margin: str | float = EquityBot.margin,
            jitter: str | float = EquityBot.jitter, game: str = "") -> Bot[Any]:
    return EquityBot(game, worlds=positive_int(worlds, "worlds"), margin=non_negative(margin, "margin"),
                     jitter=non_negative(jitter, "jitter"))


def _specs(game: str) -> tuple[BotSpec, ...]:
    def equity(worlds: str | int = EquityBot.worlds, margin: str | float = EquityBot.margin,
               jitter: str | float = EquityBot.jitter) -> Bot[Any]:
        return _equity(worlds, margin, jitter, game)

    def probe(style: str) -> BotSpec:
        def factory() -> Bot[Any]:
            return ProbeBot(game, style)
        summaries = {"calling-station": "always checks or calls, never folds or raises",
                     "maniac": "bets or raises whenever it may, else calls",
                     "rock": "bets and raises its strong hands only, folds the rest to a bet"}
        return BotSpec(style, factory, frozenset({game}), None, summaries[style] + " (a probe)")

    def ranged(worlds: str | int = RangeBot.worlds) -> Bot[Any]:
        return RangeBot(game, worlds=positive_int(worlds, "worlds"))

    return (BotSpec("equity", equity, frozenset({game}), 1,
                    "expected chips over sampled deals, everyone calling down: the hints' player (worlds, margin, jitter)"),
            BotSpec("equity+range", ranged, frozenset({game}), None,
                    "equity over deals weighted by how likely the opponents' bets were with their cards (worlds)"),
            probe("calling-station"), probe("maniac"), probe("rock"))


BOTS: tuple[BotSpec, ...] = tuple(spec for game in sorted(GAMES) for spec in _specs(game))
"""Every poker game's own bots (a spec per game, so each bot knows its game)."""

"""What a run has finished: which games, the metric tallies, and a fingerprint of each deal.

The ledger keeps per-unit sums (:class:`~divided.sim.metrics.Tally`), not the games, so memory
grows with the number of deals only (about 1 KB each); the games themselves stay
in ``games.jsonl``. ``keep_lines`` also keeps each game's line, for callers that want them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from divided.sim.games import lab_room
from divided.sim.metrics import Tally
from divided.sim.plan import Plan


def slim(line: Any) -> dict[str, Any]:
    """A game line without its game record and options (what callers usually need in memory)."""
    return {key: value for key, value in line.items() if key not in ("record", "options")}


def deal_key(line: Any) -> int:
    """A fingerprint of a game's deal, to count identical deals across arms: the game's
    ``facts["deal"]`` (its chance outcomes) when its lab room records one, else the seed (chance
    resolved by name gives the same deal for the same seed under every rule option)."""
    deal = line["facts"].get("deal")
    return hash(tuple(deal) if deal is not None else (int(line["seed"]),))  # ints hash the same in every process


class Ledger:
    """The finished games of a plan, counted once each."""

    def __init__(self, plan: Plan, keep_lines: bool = False) -> None:
        self.plan = plan
        units = range(plan.units)
        self.finished: dict[str, npt.NDArray[np.bool_]] = {
            arm.label: np.zeros(plan.games, dtype=np.bool_) for arm in plan.arms}
        room = lab_room(plan.game)
        self.tallies = {arm.label: Tally(units, list(dict.fromkeys(arm.bots)), room=room, options=arm.options,
                                         players=len(arm.bots)) for arm in plan.arms}
        self.deals: dict[str, npt.NDArray[np.int64]] = {
            arm.label: np.zeros(plan.games, dtype=np.int64) for arm in plan.arms}
        self.kept: dict[str, list[dict[str, Any]]] | None = (
            {arm.label: [] for arm in plan.arms} if keep_lines else None)
        self.count = 0

    @property
    def total(self) -> int:
        return self.plan.games * len(self.plan.arms)

    def todo(self, arm: str) -> list[int]:
        """Game numbers of ``arm`` not finished yet."""
        return [int(i) for i in np.flatnonzero(~self.finished[arm])]

    def take(self, line: Any) -> bool:
        """Count a finished game (a line already checked against the plan); False if it was counted."""
        arm, index = str(line["arm"]), int(line["index"])
        if self.finished[arm][index]:
            return False
        self.finished[arm][index] = True
        self.count += 1
        self.tallies[arm].add(line)
        self.deals[arm][index] = deal_key(line)
        if self.kept is not None:
            self.kept[arm].append(slim(line))
        return True

    def lines(self) -> dict[str, list[dict[str, Any]]]:
        """The kept lines per arm, in game order (only with ``keep_lines``)."""
        if self.kept is None:
            raise ValueError("this run did not keep its lines in memory (keep_lines=False)")
        return {arm: sorted(lines, key=lambda line: int(line["index"])) for arm, lines in self.kept.items()}

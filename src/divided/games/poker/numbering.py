"""The poker games' action numberings, as stored records know them (:mod:`divided.games.records`).

- Version 1 (until commit 3bff8aa): pot and no limit's raise-to was ``440 + amount``; the
  numbers below 440 were as today. Only the seven first games existed: five-card draw,
  seven-card stud, Henway, 10 Card Regrets, Cowpie, double-draw high-low and open draw.
- Version 2 (now, :mod:`divided.games.poker.actions`): 440-1023 are the draw games' decision
  kinds (pass, stop, bid, ...) and raise-to is ``1024 + amount``.

In the seven first games every number from 440 up is a raise-to (their chance outcomes are
seats and cards, below 52, and they have none of the new kinds), so version 1 maps to version 2
number by number: ``n`` from 440 up becomes ``n + 584``.

A record stored before versions were kept is read by evidence, never by its age: one of a game
added since (or with no number from 440 up: fixed limit, or no raise) reads the same in both; in
one of the seven first games with such numbers, a number in 440-1023 is a raise-to of version 1
(version 2 offers nothing there in these games), but one from 1024 up may be either (a
raise-to of 584 chips or more then), so the record is replayed under each numbering and must
replay, every action legal, under exactly one (ending if the stored game had ended); where
both replay (an all-in of 1,000 chips then reads as a raise-to of 416 now), the one whose end
agrees with the result the store kept wins, and a record still undecided is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from divided.errors import DividedError, RecordVersionError
from divided.games.base import Game, GameRecord, State
from divided.games.poker.actions import RAISE_TO
from divided.games.poker.variants import RULES, VARIANTS
from divided.games.records import Agrees

OLD_RAISE_TO = 440
"""Where raise-to began in version 1."""

FIRST_GAMES = frozenset({"five-card-draw", "seven-card-stud", "henway", "ten-card-regrets", "cowpie",
                         "double-draw-high-low", "open-draw"})
"""The poker games of version 1 (every other one was added with version 2)."""

CURRENT = 2


def old_to_current(action: int) -> int:
    """A version-1 action (or chance outcome) of the seven first games as numbered now."""
    return action + RAISE_TO - OLD_RAISE_TO if action >= OLD_RAISE_TO else action


class PokerNumbering:
    """One poker game's numberings (:class:`divided.games.records.Numbering`)."""

    current = CURRENT

    def __init__(self, game: str) -> None:
        self.game = game

    def action_map(self, version: int) -> Callable[[int], int]:
        if version != 1 or self.game not in FIRST_GAMES:
            raise RecordVersionError(f"no {self.game} record was ever written with action numbering "
                                     f"version {version} (the game came with version {CURRENT})")
        return old_to_current

    def version_of(self, record: GameRecord, over: bool | None, agrees: Agrees | None) -> int:
        if self.game not in FIRST_GAMES or all(action < OLD_RAISE_TO for action in record.actions):
            return CURRENT
        old = GameRecord(record.game, record.options, record.seed,
                         tuple(old_to_current(action) for action in record.actions))
        ends = {version: end for version, read in ((1, old), (CURRENT, record))
                if (end := _replayed(read, over)) is not None}
        fits = list(ends)
        if len(fits) > 1 and agrees is not None:
            fits = [version for version in fits if agrees(ends[version])]
        if len(fits) == 1:
            return fits[0]
        which = "no numbering" if not fits else "both numberings (raise-to at 440 and at 1024)"
        raise RecordVersionError(f"this {self.game} game was stored before action numbers were versioned, "
                                 f"and its actions replay under {which}: it cannot be read safely")


def _replayed(record: GameRecord, over: bool | None) -> State[Any, Any] | None:
    """``record`` replayed, every action legal and ending where the stored game ended (else ``None``)."""
    try:
        state = Game(RULES[record.game](), dict(record.options)).replay(record)
    except DividedError:
        return None
    return state if over is None or state.is_terminal() == over else None


NUMBERINGS: dict[str, PokerNumbering] = {game: PokerNumbering(game) for game in VARIANTS}
"""Every poker game's numberings by id (what the records registry names)."""

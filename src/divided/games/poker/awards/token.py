"""The match rule ``token`` (Crazy 4 of Spades' two-to-win, CF3-CF4).

With the option ``two_to_win`` on, the winner of a deal (of its lowest layer) takes the token
instead of that layer, which carries to the next deal (all ante again); higher layers are paid
at once. When the seat already holding the token wins, it collects: the token returns to the
middle and the match ends. A tied lowest layer is won by nobody: the token stays where it is
and the layer carries (CF4). An uncontested win counts as a win (T12). At the capped deal the
winner collects (the match's last deal never carries). A token holder with no chips sits out
and the token returns to the middle (:func:`divided.games.poker.match.end_deal`). With
``two_to_win`` off, every deal is settled at once, so the match is one deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from divided.games.base import RuleOption
from divided.games.poker.match import Passed, is_carried, register_match_rule
from divided.games.poker.state import PokerState

TWO_TO_WIN = RuleOption("two_to_win", ("on", "off"), "on: a deal's winner takes the token and the pot stays "
                        "for the next deal; winning again while holding the token collects it all (CF3)")
"""The option ``two_to_win`` a game with the ``token`` match rule offers."""


def _on(state: PokerState) -> bool:
    return dict(state.config.values).get(TWO_TO_WIN.name, "on") == "on"


class TokenRule:
    """``token``: see the module text."""

    def carries(self, state: PokerState, index: int, winners: Sequence[tuple[int, ...]]) -> bool:
        if index != 0 or not _on(state):
            return not any(winners)
        first = winners[0] if winners else ()
        assert state.match is not None
        return len(first) != 1 or first[0] != state.match.token

    def passed(self, state: PokerState) -> Passed:
        assert state.match is not None
        lowest = state.settled[0]
        if not _on(state) or not is_carried(lowest):
            return Passed(token=-1)  # collected (or never played for): back to the middle
        won = lowest.awards[0][1]
        return Passed(token=won[0] if len(won) == 1 else state.match.token)


register_match_rule("token", TokenRule())

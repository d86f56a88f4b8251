"""Divided Ranks in the terminal: the words ``divided play`` prints for it.

The books before each move (your hand with the cards your opponent knows marked ``*``, what
you know of theirs, the cards unaccounted for, the reserve odds), what the bot did as the log
tells it, a question per phase, the five best splits at the build with auto-arrange on an
empty line, and both players' hands at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.resources import files
from typing import Any

from divided.cards import PACK_21
from divided.cli.games.base import Menu, Terminal
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenReserve
from divided.games.room import GameRoom
from divided.hands.arrange import arrange, ranked_splits
from divided.hands.five import evaluate_mask


def rules_text() -> str:
    """The rules of Divided Ranks, in the project's own words (Markdown)."""
    return files("divided").joinpath("rules_text", "divided-ranks.md").read_text(encoding="utf-8")


def _hand(mask: int) -> str:
    return f"{PACK_21.format_mask(mask)} ({evaluate_mask(mask).category.label})"


class DividedRanksTerminal(Terminal):
    """Divided Ranks' terminal part (:data:`TERMINAL`)."""

    default_bot = "skilled"

    def news(self, view: PlayerView, seat: int, cursor: int) -> tuple[list[str], int]:
        lines = []
        for event in view.log[cursor:]:
            if isinstance(event, SeenChoice) and event.chooser != seat:
                what = "the face-up pair" if event.took_face_up else "the face-down pair"
                lines.append(f"The bot took {what}.")
            elif isinstance(event, SeenReserve) and event.player != seat:
                if not event.swapped:
                    lines.append("The bot kept its hand at the reserve.")
                elif event.gave is not None:
                    lines.append(f"The bot gave {PACK_21[event.gave]} and took {PACK_21[event.took or 0]}.")
                else:
                    lines.append("The bot swapped a card with the reserve (blind).")
        return lines, len(view.log)

    def bot_moved(self, player: int, bot: str) -> list[str]:
        return []  # the log tells it (news)

    def before_move(self, view: PlayerView, room: GameRoom[Any, PlayerView] | None) -> list[str]:
        return ["", (room.books(view) if room is not None else knowledge(view)).describe()]

    def menu(self, view: PlayerView, legal: Sequence[int], label: Callable[[int], str]) -> Menu:
        if view.phase == Phase.SPLIT:
            return Menu((f"You split: {PACK_21.format_mask(view.drawn)}. Which pair goes face up?",), tuple(legal))
        if view.phase == Phase.CHOOSE:
            return Menu((f"On offer: face up {PACK_21.format_mask(view.offer)}, and a face-down pair.",),
                        tuple(legal))
        if view.phase == Phase.RESERVE:
            return Menu(("The reserve: keep your hand, or give a card and take the reserve unseen.",), tuple(legal))
        best = ranked_splits(view.hand)[:5]
        return Menu(("Build your two hands. Best splits (Enter = auto-arrange, the first):",),
                    tuple(act.build_action(a.split) for a in best), act.build_action(arrange(view.hand).split))

    def ending(self, view: PlayerView, seat: int) -> list[str]:
        outcome = view.outcome
        assert outcome is not None
        lines = [""]
        for p in (0, 1):
            weaker, stronger = outcome.hands[p]
            who = "You" if p == seat else "Bot"
            lines.append(f"{who:>3}: weaker {_hand(weaker)} | stronger {_hand(stronger)}")
        lines.append(outcome.describe().replace(f"Player {seat} wins", "You win").replace(
            f"Player {1 - seat} wins", "The bot wins"))
        return lines


TERMINAL = DividedRanksTerminal()

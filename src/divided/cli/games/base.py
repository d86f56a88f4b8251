"""What ``divided play`` asks of a game's terminal part, and the plain part every game gets.

The generic loop (:mod:`divided.cli.play`) seats the human and the bots, reads moves and
checks them; a :class:`Terminal` only turns a view into words. Every method works from the
human's view (or a bot's public name), never from hidden state. A game without a terminal part
of its own plays with :class:`Terminal` itself: the books' ``describe()`` (or the view's
``repr``), the legal actions as the room labels them, and the result's headline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from divided.errors import DividedError
from divided.games.base import Game
from divided.games.room import GameRoom


@dataclass(frozen=True, slots=True)
class Menu:
    """The numbered choices offered at one move: ``lines`` are said first, ``options`` are the
    actions numbered from 1, ``default`` is what an empty line plays (``None``: no default)."""

    lines: tuple[str, ...]
    options: tuple[int, ...]
    default: int | None = None


def _seat_name(player: int, seat: int) -> str:
    return "you" if player == seat else f"player {player}"


class Terminal:
    """A game's words in the terminal; this base class is the plain rendering of any game."""

    default_bot = "random"
    """The bot ``divided play`` seats when ``--bot`` is not given."""

    def opening(self, game: Game[Any, Any], seat: int, bots: Sequence[tuple[int, str]]) -> list[str]:
        """The first lines: the game, the opponents by seat (``bots``: seat and bot name), the options."""
        if len(bots) == 1:
            against = f"the {bots[0][1]} bot"
        else:
            against = "the bots " + ", ".join(f"{name} (player {player})" for player, name in bots)
        lines = [f"{game.info.long_name} against {against}. You are player {seat}. (q quits)"]
        if game.options:
            lines.append(", ".join(f"{name}={value}" for name, value in game.options.items()))
        return lines

    def news(self, view: Any, seat: int, cursor: int) -> tuple[list[str], int]:
        """What the others did since ``cursor`` as the view tells it, and the new cursor (the
        plain part tells nothing here: it says each bot's move with :meth:`bot_moved`)."""
        return [], cursor

    def bot_moved(self, player: int, bot: str) -> list[str]:
        """Said after a bot moves (the plain part names the seat, never the move: the move may
        be hidden from the human)."""
        return [f"Player {player} ({bot}) moved."]

    def before_move(self, view: Any, room: GameRoom[Any, Any] | None) -> list[str]:
        """Said before the human's move: whose turn, and what they know."""
        known = room.books(view).describe() if room is not None else repr(view)
        return ["", f"Your turn (player {view.player}).", known]

    def menu(self, view: Any, legal: Sequence[int], label: Callable[[int], str]) -> Menu:
        """The choices offered (the plain part: every legal action, in order)."""
        return Menu(("Your move:",), tuple(legal))

    def unreadable(self, text: str, error: Exception) -> str:
        """The answer to a line that is neither a number from the list nor a move."""
        if isinstance(error, DividedError):
            return f"  {error}"
        return f"  {text!r} is not a move here; type a number from the list, or the move as it is written there."

    def illegal(self, view: Any, action: int, legal: Sequence[int]) -> str:
        """The answer to a move that reads but is not legal now (the plain part: a general word)."""
        return "  That is not a legal move now; type a number from the list."

    def ending(self, view: Any, seat: int) -> list[str]:
        """The last lines, from the human's view of the finished game."""
        result = view.result
        if result is None:
            return ["The game is over."]
        returns = ", ".join(f"{_seat_name(player, seat)} {value:+g}" for player, value in enumerate(result.returns))
        return ["", f"{result.headline}. (You are player {seat}.)", f"Returns: {returns}."]

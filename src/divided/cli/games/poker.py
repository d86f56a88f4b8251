"""The poker games in the terminal: the words ``divided play`` prints for them, and their rules
texts (each game's page, then the table rules every poker game shares).

Before each move: the pot and every seat's stack, bet and visible cards (yours in full, up
cards marked ``*``), then the books. What the others did comes from the deal's public log
(:mod:`divided.games.poker.events`), so it never names a card you cannot see. Under pot and no
limit the menu offers the smallest raise, about half the pot, the pot and all-in; any other
amount is typed as it reads (``raise to 37``, ``bet 12``).

>>> text = RULES_TEXTS["henway"]()
>>> text.splitlines()[0], "## How every poker game here is run" in text
('# Henway', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from importlib.resources import files
from typing import Any

from divided.cli.games.base import Menu, Terminal
from divided.games.poker import actions as act
from divided.games.poker.cards import name
from divided.games.poker.events import describe
from divided.games.poker.steps.auction import BIDDER, BIDDING, HIGH, LADDER, PRICE, STAGE, VOICE, Auction
from divided.games.poker.variants import VARIANTS
from divided.games.poker.view import PokerView
from divided.games.room import GameRoom

PICK_MENU = 12
"""A menu longer than this lists the choices naming no card first, then the card choices by
their number of cards (a seven-card draw has 128)."""

PRESETS = 4
"""Raise amounts the menu offers under pot and no limit (the smallest, about half the pot, the
pot, all-in); others are typed."""


def _page(name: str) -> str:
    return files("divided").joinpath("rules_text", "poker", f"{name}.md").read_text(encoding="utf-8")


def rules_text(game: str) -> str:
    """The rules of the poker game ``game`` in the project's own words (Markdown): its own page,
    then the table rules (poker-table.md's rulings as a player reads them)."""
    return _page(game).rstrip() + "\n\n" + _page("table")


RULES_TEXTS: dict[str, Callable[[], str]] = {game: partial(rules_text, game) for game in VARIANTS}
"""Every poker game's rules text by id (what :data:`divided.cli.rules.TEXTS` names)."""


def _pick_order(action: int) -> tuple[int, int]:
    for low, high in ((act.DISCARD, act.ASSIGN), (act.KEEP, act.SHOW), (act.SHOW, act.TAKE_BACK),
                      (act.TAKE_BACK, act.CALL_DRAWS)):
        if low <= action < high:
            return (1, (action - low).bit_count())
    return (0, 0)


def _cards(view: PokerView, cards: Sequence[int | None]) -> str:
    if not cards:
        return "-"
    return " ".join("?" if card is None else name(card) + ("*" if view.up >> card & 1 else "") for card in cards)


def table_facts(view: PokerView) -> list[str]:
    """The draw games' public facts in words: cards set aside (yours by name), the trash (your own
    cards in it by name), the dealer's call, the lot on sale with its highest bid or refusal price."""
    me = view.player
    lines: list[str] = []
    for seat, cards in enumerate(view.aside):
        if cards:
            who = "You" if seat == me else f"Player {seat}"
            held = " ".join(name(c) for c in cards if c is not None) if seat == me else "face down"
            lines.append(f"  {who} set aside {len(cards)} card{'s' if len(cards) != 1 else ''} ({held}).")
    if view.trash:
        up = [name(c) for c in view.trash if c is not None and view.up >> c & 1]
        yours = [name(c) for c, source in zip(view.trash, view.trash_from, strict=True)
                 if c is not None and source == me and not view.up >> c & 1]
        down = len(view.trash) - len(up)
        lines.append(f"  Trash: {down} face down{' (yours: ' + ' '.join(yours) + ')' if yours else ''}"
                     f"{'; face up: ' + ' '.join(up) if up else ''}.")
    called = [event for event in view.events if event.kind == "call-draws"]
    if called:
        draws = called[-1].counts
        lines.append("  The dealer called " + ("no draw" if not draws else
                                                ", then ".join(f"a draw of {d}" for d in draws)) + ".")
    step = None if view.over or view.step >= len(view.config.steps) else view.config.steps[view.step]
    if isinstance(step, Auction) and view.phase.marks and view.phase.marks[STAGE] in (BIDDING, LADDER):
        marks = view.phase.marks
        voice = marks[VOICE]
        lot = " ".join(name(c) for c in view.slots[voice][view.config.variant.slot_index(step.lot_slot)] if c is not None)
        bid = (f"highest bid {marks[HIGH]} (player {marks[BIDDER]})" if marks[BIDDER] >= 0 else "no bid yet") \
            if marks[STAGE] == BIDDING else f"nobody bid: refusing it costs {marks[PRICE]}"
        lines.append(f"  Lot on sale: {lot}; {bid}.")
    return lines


DEAL_CURSOR = 1_000_000
"""A match's news cursor counts deals in steps of this (more than any deal's events)."""


class PokerTerminal(Terminal):
    """The poker games' terminal part (one for the whole family)."""

    default_bot = "equity"

    def news(self, view: PokerView, seat: int, cursor: int) -> tuple[list[str], int]:
        """The events since ``cursor``; in a match (T18) the cursor also counts the deal
        (``deal * DEAL_CURSOR + index``), so the end of a deal is told before the next one."""
        events, start = view.events, cursor
        if view.match is not None:
            deal, start = divmod(cursor, DEAL_CURSOR)
            if deal and deal < view.match.deal:  # a deal ended since: its last events, then the new deal's
                events = (*(view.match.previous[start:] if deal == view.match.deal - 1 else ()), *events)
                start = 0
        lines = [describe(event, seat) for event in events[start:] if event.seat != seat or event.seat is None]
        if view.match is not None:
            return lines, view.match.deal * DEAL_CURSOR + len(view.events)
        return lines, len(view.events)

    def bot_moved(self, player: int, bot: str) -> list[str]:
        return []  # the public log tells it (news)

    def before_move(self, view: PokerView, room: GameRoom[Any, PokerView] | None) -> list[str]:
        table = view.table
        slots = view.config.variant.slots
        lines = ["", f"The button is player {view.button}."]
        for seat in range(view.num_players):
            who = "You" if seat == view.player else f"Player {seat}"
            status = "" if table.live[seat] else " (folded)"
            if table.live[seat] and table.stacks[seat] == 0:
                status = " (all in)"
            hands = "; ".join(f"{slot.name} {_cards(view, view.slots[seat][index])}"
                              for index, slot in enumerate(slots) if view.slots[seat][index] or len(slots) == 1)
            bet = f", bet {table.bets[seat]}" if table.bets[seat] else ""
            lines.append(f"  {who}{status}: stack {table.stacks[seat]}{bet}. {hands}")
        lines += table_facts(view)
        if room is not None:
            lines.append(room.books(view).describe())
        return lines

    def menu(self, view: PokerView, legal: Sequence[int], label: Callable[[int], str]) -> Menu:
        raises = [action for action in legal if action >= act.RAISE_TO]
        if len(raises) <= PRESETS:
            if len(legal) > PICK_MENU:  # many card choices: the others first, then by how many cards
                return Menu(("Your move (or type one out as it reads):",), tuple(sorted(legal, key=_pick_order)))
            return Menu(("Your move:",), tuple(legal))
        table = view.table
        pot = sum(table.contributed)
        amounts = [action - act.RAISE_TO for action in raises]
        wanted = (amounts[0], table.current + pot // 2, table.current + pot, amounts[-1])
        offered: list[int] = []
        for amount in wanted:
            nearest = min(amounts, key=lambda a: (abs(a - amount), a))
            if act.raise_to_action(nearest) not in offered:
                offered.append(act.raise_to_action(nearest))
        others = [action for action in legal if action < act.RAISE_TO]
        return Menu((f"Your move (any amount from {amounts[0]} to {amounts[-1]} can be typed, "
                     f"e.g. '{label(raises[len(raises) // 2])}'):",), (*others, *offered))

    def ending(self, view: PokerView, seat: int) -> list[str]:
        lines = [""] + [describe(event, seat) for event in view.events if event.kind in ("show", "award")]
        result = view.result
        if result is not None:
            mine = result.returns[seat]
            lines.append(f"{result.headline}. You {'won' if mine > 0 else 'lost' if mine < 0 else 'broke even'}"
                         + (f" {abs(mine):g} chips." if mine else "."))
        return lines


TERMINAL = PokerTerminal()
"""The terminal part of every poker game (registered once per game id)."""

TERMINALS: dict[str, Terminal] = dict.fromkeys(VARIANTS, TERMINAL)
"""Every poker game's terminal part by id (what :data:`divided.cli.games.TERMINALS` names)."""

"""No hidden card in the poker web responses: the checker shared by the suite's sampled test
(``test_poker_web_no_leak.py``) and the long run (``python tests/web/games/poker_web_no_leak.py``).

It plays random deals as ``tests/games/poker/no_leak.py`` does (its :class:`Sight` works out
from the deal's history, by the rules, which cards each seat may see; its engine-level view
and event checks run too) and at every position builds, for every seat, what the server sends
that seat, by the server's own functions and without HTTP: the API's state object
(``GameService.state_json`` for a stored row with the human in that seat; a replay's steps are
these same objects at prefixes of the history), the history's summary of a finished hand and
its "decided" words, a paced room's step table (poker is not paced), and at one early decision
of a few deals a game the hint (:func:`divided.web.jobs.hint_of`, the advisor at the review's
budget). Every string in them (keys included) is searched for card names ("As", "Td": the only
notation the poker web layer writes; suit symbols and a "10" rank are searched too), and every
card named must be one the seat may see. The books' list of unseen cards is the one place a
hidden card is named: it must be exactly the cards the seat's view does not show now, so it
says nothing of where they are.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "poker"))

from no_leak import GAMES, Sight, check_events, check_view, deals, random_options

from divided import games
from divided.games import State
from divided.games.poker import actions as act
from divided.games.poker.cards import CARD_SPAN, FULL_DECK, deck_mask, mask_indices, name
from divided.review.base import DEFAULT_BUDGET
from divided.web import games as web_games
from divided.web.after import decided_words
from divided.web.api import GameService
from divided.web.api import _progress as progress_of
from divided.web.games.base import PacedRoom
from divided.web.jobs import hint_of
from divided.web.store import GameRow

AnyState = State[Any, Any]
JSON = dict[str, Any]
_BY_NAME = {name(card): card for card in range(CARD_SPAN)}
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA]|Jk)([cdhs♠♥♦♣12])('?)(?![A-Za-z0-9])")
UNSEEN = ".knowledge.unseen"
LOG = ".log["
_NO_SERVICE: Any = None
"""``GameService.state_json``'s ``self``: it reads the service only for a state not given."""


def named_cards(text: str) -> set[int]:
    """The cards a text names: "As", "Td", "10d", "A♠", a second copy "As'", a joker "Jk1"."""
    return {_BY_NAME[("T" if rank == "10" else rank) + _SUITS.get(suit, suit) + prime]
            for rank, suit, prime in CARD_TEXT.findall(text) if (rank == "Jk") == suit.isdigit()}


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string inside a JSON value (keys included), with where it was found."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield f"{path}.{key}", str(key)
            yield from strings(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from strings(item, f"{path}[{i}]")


def check_response(body: Any, visible: set[int], where: str, shown: set[int] | None = None,
                   deck: int = FULL_DECK, lots: frozenset[int] = frozenset(),
                   told: frozenset[int] = frozenset()) -> None:
    """Every card a response names is one of ``visible`` (the cards the seat saw and may still
    see); its books' unseen list (if any) is exactly the cards outside ``shown`` (the cards its
    view shows now: a card the seat saw that a reshuffle put back in the stock is unseen again).
    The log may also name ``lots``: the cards of the auction's lots, turned up for everyone when
    the lot was dealt (AF3 hides only which of them the buyer kept); and ``told``: the cards of a
    match's last deal's public events (T18: how that deal ended is told at the start of the next,
    whose deck holds those cards again)."""
    json.dumps(body)  # what the server sends: it must be JSON as it stands
    for path, text in strings(body):
        if path.startswith(UNSEEN):
            continue
        leaked = named_cards(text) - visible - (lots | told if path.startswith(LOG) else frozenset())
        assert not leaked, f"{where}: {sorted(name(c) for c in leaked)} hidden but shown at {path}: {text!r}"
    knowledge = body.get("knowledge") if isinstance(body, Mapping) else None
    if isinstance(knowledge, Mapping) and "unseen" in knowledge:
        unseen = {_BY_NAME[card] for card in knowledge["unseen"]}
        assert unseen == set(mask_indices(deck)) - (visible if shown is None else shown), \
            f"{where}: the unseen list is not the cards not seen"


def told_before(core: Any) -> frozenset[int]:
    """The cards of the public events of a match's last deal (the full state's record of them;
    none before a match's second deal): shown hands, up cards, turned-up discards."""
    match = getattr(core, "match", None)
    if match is None:
        return frozenset()
    found: set[int] = set()
    for event in match.previous:
        found.update(event.cards)
        for cards in event.hands:
            found.update(cards)
    return frozenset(found)


def lot_cards_dealt(core: Any) -> frozenset[int]:
    """The cards of every lot turned up in this deal (the public event ``lot``)."""
    return frozenset(card for event in core.events if event.kind == "lot" for card in event.cards)


def visible_to(sight: Sight, seat: int) -> set[int]:
    """The cards ``seat`` may see now, by :class:`Sight` (the rules, from the history)."""
    return {card for card in sight.knowers if sight.may_see(seat, card)}


def row_for(state: AnyState, seat: int, game: str, options: Mapping[str, object], moves: int) -> GameRow:
    """A stored game's row for ``seat`` at this position: the human in ``seat``, random bots in
    the others, hints on, a hand of a table (the poker web plays sessions of many hands)."""
    now = datetime.now(UTC)
    bots = tuple(None if s == seat else "random" for s in range(state.core.players))
    return GameRow(id=f"g{moves}", session_id="s", created=now, updated=now, game=game,
                   options=dict(options), seed=0, human_seat=seat, bots=bots,  # type: ignore[arg-type]
                   actions=tuple(state.history()), move_number=moves, phase="", over=state.is_terminal(),
                   result=None, bot_error=None, hints=True, table_id="t")


def web_bodies(state: AnyState, seat: int, game: str, options: Mapping[str, object], moves: int) -> dict[str, Any]:
    """What the server sends ``seat`` at this position, by the server's own functions: the
    state object (``GameService.state_json``, which uses its service only to load a state it is
    not given), once the hand is over the summary the history keeps (the stored progress) and
    its "decided" words, and a paced room's step table (poker is not paced: none)."""
    row = row_for(state, seat, game, options, moves)
    bodies: dict[str, Any] = {"state": GameService.state_json(_NO_SERVICE, row, state)}
    web = web_games.room(game)
    if isinstance(web, PacedRoom):
        view = state.observation(seat)
        bodies["step"] = {"log": len(web.log(view)), "phase": web.phase(view), "table": web.step_table(view)}
    summary = progress_of(web, state, seat, None).summary
    if summary is not None:
        bodies["summary"] = {"summary": summary, "decided": decided_words(game, summary)}
    return bodies


@dataclass
class WebTally:
    games: int = 0
    positions: int = 0
    responses: int = 0
    summaries: int = 0
    hints: int = 0
    by_size: Counter[int] = field(default_factory=Counter)


def play_web_checked(game: str, seed: int, tally: WebTally, options: dict[str, object] | None = None, *,
                     hints: int = 0, hint_budget: int = DEFAULT_BUDGET) -> None:
    """Play one random deal of ``game`` (random options unless given, random actions, folds
    rare), checking at every position every seat's web responses (and the engine-level views
    and events); the hint of the acting seat at ``hints`` positions chosen at random."""
    rng = random.Random(seed)
    options = random_options(game, rng) if options is None else options
    state = games.load(game, **options).new_initial_state()
    sight = Sight(state.core.config.players)
    logged = moves = 0
    decisions: list[int] = []
    hint_at: set[int] = set()
    if hints:
        hint_at = set(rng.sample(range(8), hints))  # decision numbers (a deal may end before one)
    while True:
        core = state.core
        for seat in range(core.players):
            shown = check_view(state, sight, seat)
            visible = visible_to(sight, seat)
            assert shown <= visible, (seat, shown - visible)
            for what, body in web_bodies(state, seat, game, options, moves).items():
                check_response(body, visible, f"{game} seed {seed} move {moves} seat {seat} {what}", shown,
                               deck_mask(core.config.deck), lot_cards_dealt(core), told_before(core))
                tally.responses += 1
                tally.summaries += what == "summary"
        check_events(state, sight, logged)
        logged = len(core.events)
        tally.positions += 1
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        if chance:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            mover = state.current_player()
            if len(decisions) in hint_at:
                hint = hint_of(state, mover, hint_budget, seed)
                check_response(hint, visible_to(sight, mover), f"{game} seed {seed} move {moves} hint",
                               deck=deck_mask(core.config.deck))
                tally.hints += 1
            decisions.append(mover)
            legal = state.legal_actions()
            action = act.FOLD if act.FOLD in legal and rng.random() < 0.08 else rng.choice(
                [a for a in legal if a != act.FOLD] or legal)
        state.apply_action(action)
        moves += 1
        sight.advance(core, action, state.core, chance=chance)
    tally.games += 1
    tally.by_size[core.players] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random deals per game")
    parser.add_argument("--hints", type=int, default=20, help="deals per game with one hint checked")
    parser.add_argument("--only", default="", help="check only the games whose id contains this")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args(argv)
    for game in GAMES:
        if arguments.only not in game:
            continue
        tally = WebTally()
        started = time.process_time()
        for index, seed in enumerate(deals(game, arguments.games, arguments.seed)):
            play_web_checked(game, seed, tally, hints=1 if index < arguments.hints else 0)
            if (index + 1) % 100 == 0 and index + 1 < arguments.games:
                print(f"{game}: {index + 1} deals, {tally.responses} responses, no leak so far", flush=True)
        sizes = ", ".join(f"{size}: {count}" for size, count in sorted(tally.by_size.items()))
        print(f"{game}: {tally.games} deals (players {sizes}), {tally.positions} positions, {tally.responses} "
              f"responses checked (every seat; {tally.summaries} finished-hand summaries), {tally.hints} hints, "
              f"no leak; {time.process_time() - started:.0f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The state object of the web API (docs/web-api.md), built from the human's view alone.

:func:`state_object` takes the human player's :class:`PlayerView` (``state.observation(seat)``),
the books :func:`knowledge` derives from it, and public game metadata (id, move number, the
bot's name, the rule options, a bot failure). It never sees the core state, so it cannot show
the opponent's hidden cards, the stock order or the reserve before the rules reveal them.
Legal actions and their labels are derived from the view too (they are the human's own
choices: the four cards drawn, the offer, the human's hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from divided.cards import PACK_21, mask_indices
from divided.games.base import TERMINAL, OptionValue
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import Knowledge, Place, knowledge
from divided.games.divided_ranks.state import Outcome, Phase
from divided.games.divided_ranks.view import (
    PlayerView,
    SeenBuild,
    SeenChoice,
    SeenReserve,
    SeenSplit,
)
from divided.hands.arrange import SPLIT_COUNT, arrange, split_masks
from divided.hands.five import evaluate_mask

PHASES: dict[Phase, str] = {
    Phase.SPLIT: "split",
    Phase.CHOOSE: "choose",
    Phase.RESERVE: "reserve",
    Phase.BUILD: "build",
    Phase.OVER: "over",
}
"""Engine phases as the API names them (the setup phases are resolved by the seed at once)."""

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameMeta:
    """Public facts about a stored game that are not part of the player's view."""

    id: str
    move_number: int
    seat: int
    bot: str
    options: Mapping[str, OptionValue]
    bot_error: str | None = None


PACK_ORDER = {str(c): i for i, c in enumerate(PACK_21)}


def cards(mask: int) -> list[str]:
    """The cards of a mask in the project's notation, pack order."""
    return [str(PACK_21[i]) for i in mask_indices(mask)]


def card(index: int) -> str:
    return str(PACK_21[index])


def _words(mask: int) -> str:
    return " ".join(cards(mask))


def hand_object(mask: int) -> JSON:
    """A five-card hand: its cards and its category."""
    return {"cards": cards(mask), "category": evaluate_mask(mask).category.label}


def api_phase(phase: Phase) -> str:
    return PHASES.get(phase, str(phase))


def to_move(view: PlayerView) -> str | None:
    """``"you"``, ``"bot"`` or ``None`` (the game is over)."""
    if view.current_player == TERMINAL:
        return None
    return "you" if view.current_player == view.player else "bot"


def result_word(outcome: Outcome | None, seat: int) -> str | None:
    """The result from the human's side: ``win``, ``loss``, ``draw`` (``None`` while playing)."""
    if outcome is None:
        return None
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == seat else "loss"


def state_object(view: PlayerView, meta: GameMeta, books: Knowledge | None = None) -> JSON:
    """The API's state object for the player whose view this is."""
    if books is None:
        books = knowledge(view)
    mover = to_move(view)
    mine = mover == "you"
    them = view.opponent
    return {
        "id": meta.id,
        "move_number": meta.move_number,
        "seat": view.player,
        "bot": meta.bot,
        "options": dict(meta.options),
        "phase": api_phase(view.phase),
        "to_move": mover,
        "prompt": prompt(view, meta, books),
        "hand": cards(view.hand),
        "hand_known_to_bot": cards(books.marked & view.hand),
        "opponent": opponent_object(books, view.hand_sizes[them]),
        "stock_size": view.stock_size,
        "reserve": {"known": None if books.reserve is None else card(books.reserve),
                    "worked_out": books.reserve is not None and bool(books.worked_out >> books.reserve & 1)},
        "table": table(view),
        "knowledge": books_object(books),
        "legal": legal_actions(view) if mine else [],
        "build": {"auto": auto_build(view)} if mine and view.phase == Phase.BUILD else None,
        "log": log(view),
        "outcome": outcome_object(view.outcome, view.seat),
        "bot_error": meta.bot_error,
    }


def opponent_object(books: Knowledge, size: int) -> JSON:
    """The opponent's hand as the player knows it.

    ``known``: the cards certainly there, of which ``seen`` were seen going there and
    ``worked_out`` are certain by deduction only. ``watched``: every card the player saw go
    there that may still be there, with the chance it is (1 when certain). ``unknown``: how
    many of its cards the player cannot name; ``unseen``: how many it holds at least that the
    player never saw go there (the cards not accounted for by ``known`` and ``watched``).
    """
    certain = books.opponent_known
    maybe = [(c, float(books.unaccounted[c].get(Place.OPPONENT_HAND, Fraction(0))))
             for c in mask_indices(books.watched & ~certain) if c in books.unaccounted]
    watched = [{"card": card(c), "p": 1.0} for c in mask_indices(books.watched & certain)]
    watched += [{"card": card(c), "p": p} for c, p in maybe if p > 0]
    watched.sort(key=lambda item: PACK_ORDER[str(item["card"])])
    return {
        "known": cards(certain),
        "seen": cards(certain & ~books.worked_out),
        "worked_out": cards(certain & books.worked_out),
        "watched": watched,
        "unknown": books.opponent_unknown,
        "unseen": max(0, size - certain.bit_count() - sum(1 for _, p in maybe if p > 0)),
        "size": size,
    }


def table(view: PlayerView) -> JSON:
    """What lies on the table: the four cards you are splitting (or split, while the bot
    chooses), the face-up pair on offer and how many cards lie face down."""
    drawn: list[str] | None = None
    if view.phase == Phase.SPLIT and view.drawn:
        drawn = cards(view.drawn)
    elif view.phase == Phase.CHOOSE and view.offer_face_down:
        drawn = cards(view.offer | view.offer_face_down)
    choosing = view.phase == Phase.CHOOSE
    return {
        "drawn": drawn,
        "face_up": cards(view.offer) if choosing else [],
        "face_down": 2 if choosing else 0,
    }


def books_object(books: Knowledge) -> JSON:
    """The books with fractions as floats."""
    return {
        "unaccounted": [
            {"card": card(c), "places": {str(place): float(p) for place, p in places.items()}}
            for c, places in sorted(books.unaccounted.items())
        ],
        "reserve_odds": [{"card": card(c), "p": float(p)} for c, p in sorted(books.reserve_odds.items())],
        "swap_odds": [
            {"give": None if odds.give is None else card(odds.give), "better": float(odds.better),
             "same": float(odds.same), "worse": float(odds.worse)}
            for odds in books.swap_odds
        ],
    }


def legal_actions(view: PlayerView) -> list[JSON]:
    """The viewer's legal actions (only meaningful when the viewer is to move), in action order,
    labelled as the engine's notation writes them."""
    phase = view.phase
    out: list[JSON] = []
    if phase == Phase.SPLIT:
        drawn = mask_indices(view.drawn)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1 :]:
                pair = [card(a), card(b)]
                out.append({"action": act.split_action(a, b), "label": f"split {pair[0]} {pair[1]}",
                            "kind": "split", "cards": pair})
        out.sort(key=lambda item: int(item["action"]))
    elif phase == Phase.CHOOSE:
        out.append({"action": act.TAKE_FACE_UP, "label": "take face-up", "kind": "take-up",
                    "cards": cards(view.offer)})
        out.append({"action": act.TAKE_FACE_DOWN, "label": "take face-down", "kind": "take-down",
                    "cards": []})
    elif phase == Phase.RESERVE:
        out.append({"action": act.KEEP, "label": "keep", "kind": "keep", "cards": []})
        for c in mask_indices(view.hand):
            out.append({"action": act.give_action(c), "label": f"give {card(c)}", "kind": "give",
                        "cards": [card(c)]})
    elif phase == Phase.BUILD:
        for split in range(SPLIT_COUNT):
            first, second = split_masks(view.hand, split)
            out.append({"action": act.build_action(split), "label": f"build {_words(first)} | {_words(second)}",
                        "kind": "build", "cards": cards(first)})
    return out


def auto_build(view: PlayerView) -> JSON:
    """Auto-arrange's choice for the viewer's ten cards."""
    best = arrange(view.hand, view.options.scoring)
    return {"action": act.build_action(best.split), "weaker": hand_object(best.weaker.mask),
            "stronger": hand_object(best.stronger.mask)}


def prompt(view: PlayerView, meta: GameMeta, books: Knowledge) -> str:
    """One sentence: what to do now."""
    if view.outcome is not None:
        return outcome_sentence(view.outcome, view.seat)
    if view.current_player != view.player:
        if meta.bot_error:
            return "The bot could not make its move. Your game is saved: ask the bot to try again."
        return "Waiting for the bot."
    phase = view.phase
    if phase == Phase.SPLIT:
        return "Choose which two of your four cards go face up."
    if phase == Phase.CHOOSE:
        return (f"Take the face-up pair ({_words(view.offer)}), "
                "or take the face-down pair without seeing it.")
    if phase == Phase.RESERVE:
        if books.reserve is not None:
            text = (f"Keep your hand, or give one card and take the reserve: your books show it is "
                    f"{card(books.reserve)}.")
        else:
            text = "Keep your hand, or give one card and take the reserve without seeing it."
        if view.options.face_up_swap:
            text += " Swaps are face up: both of you see the cards given and taken."
        return text
    if phase == Phase.BUILD:
        return ("Divide your ten cards into two five-card hands. "
                "Auto-arrange picks the best split.")
    return "Waiting."


def log(view: PlayerView) -> list[str]:
    """What happened so far, in plain words, from the viewer's side."""
    me = view.seat
    lines: list[str] = []
    opener = "You split" if view.first_splitter == me else "The bot splits"
    how = "A coin flip decided: " if view.options.first_splitter == "coin" else ""
    if view.first_splitter in (0, 1):
        lines.append(f"{how}{opener.lower() if how else opener} first (rounds 1, 3 and 5).")
    order = view.options.reserve_order
    if order != "literal" and view.reserve_first in (0, 1):  # as written needs no saying
        who = "you go" if view.reserve_first == me else "the bot goes"
        why = "a coin toss decided" if order == "coin" else "the three-time splitter"
        lines.append(f"At the reserve, {who} first ({why}).")
    splits: dict[int, SeenSplit] = {}
    for event in view.log:
        if isinstance(event, SeenSplit):
            splits[event.round] = event
            number = event.round + 1
            if event.splitter == me:
                hidden = (event.drawn or 0) & ~event.face_up
                lines.append(f"Round {number}: you split {_words(event.face_up)} face up, "
                             f"{_words(hidden)} face down.")
            else:
                lines.append(f"Round {number}: the bot split {_words(event.face_up)} face up "
                             "and two cards face down.")
        elif isinstance(event, SeenChoice):
            split = splits.get(event.round)
            up = _words(split.face_up) if split is not None else "the face-up pair"
            down = _words(event.face_down) if event.face_down is not None else ""
            if event.chooser == me:
                if event.took_face_up:
                    lines.append(f"You took the face-up pair: {up}. The bot keeps the face-down pair.")
                else:
                    lines.append(f"You took the face-down pair: {down}. The bot keeps {up}.")
            elif event.took_face_up:
                lines.append(f"The bot took the face-up pair: {up}. You keep the face-down pair: {down}.")
            else:
                lines.append(f"The bot took the face-down pair: {down}. You keep the face-up pair: {up}.")
        elif isinstance(event, SeenReserve):
            lines.append(_reserve_line(event, me))
        elif isinstance(event, SeenBuild):
            if event.player == me and event.split is not None:
                one, other = split_masks(view.hand, event.split)
                lines.append(f"You built {_words(one)} | {_words(other)}.")
            elif event.player != me:
                lines.append("The bot built its two hands (they show at the end).")
    if view.outcome is not None:
        bot_weaker, bot_stronger = view.outcome.hands[view.opponent]
        lines.append(f"The bot shows {_words(bot_weaker)} | {_words(bot_stronger)}.")
        lines.append(outcome_sentence(view.outcome, me))
    return lines


def _reserve_line(event: SeenReserve, me: int) -> str:
    if event.player == me:
        if not event.swapped:
            return "You kept your hand at the reserve."
        if event.gave is not None and event.took is not None:
            return f"You gave {card(event.gave)} to the reserve and took {card(event.took)}."
        return "You swapped a card with the reserve."
    if not event.swapped:
        return "The bot kept its hand at the reserve."
    if event.gave is not None and event.took is not None:
        return f"The bot gave {card(event.gave)} to the reserve and took {card(event.took)}."
    return "The bot swapped one of its cards with the reserve (you did not see which)."


def outcome_sentence(outcome: Outcome, seat: int) -> str:
    """The result in plain words, from the viewer's side."""
    if outcome.winner is None or outcome.step_name is None:
        return "Draw: every scoring comparison is equal."
    who = "You win" if outcome.winner == seat else "The bot wins"
    which = 0 if "weaker" in outcome.step_name else 1
    hand = "weaker" if which == 0 else "stronger"
    mine, theirs = outcome.hands[seat][which], outcome.hands[1 - seat][which]
    return (f"{who}, decided by {outcome.step_name}: your {hand} hand {_words(mine)} is "
            f"{_article(evaluate_mask(mine).category.label)}; the bot's {_words(theirs)} is "
            f"{_article(evaluate_mask(theirs).category.label)}.")


def _article(label: str) -> str:
    if label in ("Two Pair",):
        return label
    return ("an " if label[0] in "AEIOU" else "a ") + label


def outcome_object(outcome: Outcome | None, seat: int) -> JSON | None:
    """The end of the game: who won, which scoring step decided, both built holdings."""
    if outcome is None:
        return None
    winner = None if outcome.winner is None else ("you" if outcome.winner == seat else "bot")
    mine, theirs = outcome.hands[seat], outcome.hands[1 - seat]
    return {
        "winner": winner,
        "step": outcome.step,
        "step_name": outcome.step_name,
        "description": outcome_sentence(outcome, seat),
        "you": {"weaker": hand_object(mine[0]), "stronger": hand_object(mine[1])},
        "bot": {"weaker": hand_object(theirs[0]), "stronger": hand_object(theirs[1])},
    }

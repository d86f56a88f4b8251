"""Divided Ranks in the web app: its lobby options, table, prompt, log, refusals and hints.

Everything here is built from the human player's :class:`PlayerView` (and the books derived
from it), never from the core state, so nothing the rules keep hidden can reach a response.
The browser draws the ``table`` with ``static/games/divided-ranks.js``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from divided.bots.divided_ranks.heuristics import value_table
from divided.cards import PACK_21, mask_indices
from divided.games.base import Result, RuleOption
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import Knowledge, Place, knowledge
from divided.games.divided_ranks.options import OPTIONS
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import Outcome, Phase, result_of
from divided.games.divided_ranks.view import PlayerView, SeenBuild, SeenChoice, SeenReserve, SeenSplit
from divided.games.room import ActionLabel
from divided.hands.arrange import SPLIT_COUNT, arrange, packed_key_table, scoring_key, split_masks
from divided.hands.five import evaluate_mask
from divided.web.games.base import JSON, BotChoice, GameRoom, LobbyOption, LogEntry
from divided.web.statistics import WIN_RATE

GAME = "divided-ranks"
HUMAN_SEAT = 0
PHASES: dict[Phase, str] = {
    Phase.SPLIT: "split",
    Phase.CHOOSE: "choose",
    Phase.RESERVE: "reserve",
    Phase.BUILD: "build",
    Phase.OVER: "over",
}
"""Engine phases as the API names them (the setup phases are resolved by the seed at once)."""

NAMES: tuple[str, ...] = tuple(str(c) for c in PACK_21)
"""Each card of the pack in the project's notation, by index."""
PACK_ORDER = {name: i for i, name in enumerate(NAMES)}
_RULES: dict[str, RuleOption] = {option.name: option for option in OPTIONS}


def cards(mask: int) -> list[str]:
    """The cards of a mask in the project's notation, pack order."""
    return [NAMES[i] for i in mask_indices(mask)]


def card(index: int) -> str:
    return NAMES[index]


def _words(mask: int) -> str:
    return " ".join(cards(mask))


def hand_object(mask: int) -> JSON:
    """A five-card hand: its cards and its category."""
    return {"cards": cards(mask), "category": evaluate_mask(mask).category.label}


# -- the table ------------------------------------------------------------------------------


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


def auto_build(view: PlayerView) -> JSON:
    """Auto-arrange's choice for the viewer's ten cards."""
    best = arrange(view.hand, view.options.scoring)
    return {"action": act.build_action(best.split), "weaker": hand_object(best.weaker.mask),
            "stronger": hand_object(best.stronger.mask)}


def build_options(view: PlayerView) -> list[JSON]:
    """Every way to divide the viewer's ten cards, in action order: the two hands as the split
    lists them (``first`` holds the lowest card), their categories, which one is the weaker
    (``weaker``: 0 or 1; on equal strength the first) and whether the division scores as well as
    auto-arrange's (``best``). The page shows these instead of ranking hands itself."""
    scoring = view.options.scoring
    top = arrange(view.hand, scoring).key_for(scoring)
    out: list[JSON] = []
    for split in range(SPLIT_COUNT):
        first, second = split_masks(view.hand, split)
        one, other = evaluate_mask(first), evaluate_mask(second)
        out.append({"action": act.build_action(split),
                    "first": {"cards": cards(first), "category": one.category.label},
                    "second": {"cards": cards(second), "category": other.category.label},
                    "weaker": 0 if one.strength <= other.strength else 1,
                    "best": scoring_key(one.strength, other.strength, scoring) >= top})
    return out


def showdown_object(outcome: Outcome | None, seat: int) -> JSON | None:
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


def table(view: PlayerView, books: Knowledge, mine: bool) -> JSON:
    """The Divided Ranks part of the state object: your hand (and which of its cards the bot
    can count on), the bot's hand as your books know it, the stock, the reserve, the cards
    being split or offered, the build's choices when you build, and the showdown at the end."""
    drawn: list[str] | None = None
    if view.phase == Phase.SPLIT and view.drawn:
        drawn = cards(view.drawn)
    elif view.phase == Phase.CHOOSE and view.offer_face_down:
        drawn = cards(view.offer | view.offer_face_down)
    choosing = view.phase == Phase.CHOOSE
    building = mine and view.phase == Phase.BUILD
    return {
        "hand": cards(view.hand),
        "hand_known_to_bot": cards(books.marked & view.hand),
        "opponent": opponent_object(books, view.hand_sizes[view.opponent]),
        "stock_size": view.stock_size,
        "reserve": {"known": None if books.reserve is None else card(books.reserve),
                    "worked_out": books.reserve is not None and bool(books.worked_out >> books.reserve & 1)},
        "drawn": drawn,
        "face_up": cards(view.offer) if choosing else [],
        "face_down": 2 if choosing else 0,
        "build": {"auto": auto_build(view), "options": build_options(view)} if building else None,
        "showdown": showdown_object(view.outcome, view.seat),
    }


def legal_actions(view: PlayerView) -> list[ActionLabel]:
    """The viewer's legal actions (only meaningful when the viewer is to move), in action order,
    labelled as the engine's notation writes them."""
    phase = view.phase
    out: list[ActionLabel] = []
    if phase == Phase.SPLIT:
        drawn = mask_indices(view.drawn)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1 :]:
                out.append(ActionLabel(act.split_action(a, b), "split", f"split {card(a)} {card(b)}",
                                       (card(a), card(b))))
        out.sort(key=lambda item: item.action)
    elif phase == Phase.CHOOSE:
        out.append(ActionLabel(act.TAKE_FACE_UP, "take-up", "take face-up", tuple(cards(view.offer))))
        out.append(ActionLabel(act.TAKE_FACE_DOWN, "take-down", "take face-down"))
    elif phase == Phase.RESERVE:
        out.append(ActionLabel(act.KEEP, "keep", "keep"))
        for c in mask_indices(view.hand):
            out.append(ActionLabel(act.give_action(c), "give", f"give {card(c)}", (card(c),)))
    elif phase == Phase.BUILD:
        for split in range(SPLIT_COUNT):
            first, second = split_masks(view.hand, split)
            out.append(ActionLabel(act.build_action(split), "build", f"build {_words(first)} | {_words(second)}",
                                   tuple(cards(first))))
    return out


# -- words ----------------------------------------------------------------------------------


def prompt(view: PlayerView, books: Knowledge, bot_error: str | None) -> str:
    """One sentence: what to do now."""
    if view.outcome is not None:
        return outcome_sentence(view.outcome, view.seat)
    if view.current_player != view.player:
        if bot_error:
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


def log(view: PlayerView) -> list[LogEntry]:
    """What happened so far, in plain words, from the viewer's side; each entry names the seat
    that acted (the bot showing its hands at the end included; ``None`` for the coins and the
    result)."""
    me = view.seat
    bot = view.opponent
    lines: list[LogEntry] = []
    opener = "You split" if view.first_splitter == me else "The bot splits"
    how = "A coin flip decided: " if view.options.first_splitter == "coin" else ""
    if view.first_splitter in (0, 1):
        lines.append(LogEntry(None, f"{how}{opener.lower() if how else opener} first (rounds 1, 3 and 5)."))
    order = view.options.reserve_order
    if order != "literal" and view.reserve_first in (0, 1):  # as written needs no saying
        who = "you go" if view.reserve_first == me else "the bot goes"
        why = "a coin toss decided" if order == "coin" else "the three-time splitter"
        lines.append(LogEntry(None, f"At the reserve, {who} first ({why})."))
    splits: dict[int, SeenSplit] = {}
    for event in view.log:
        if isinstance(event, SeenSplit):
            splits[event.round] = event
            number = event.round + 1
            if event.splitter == me:
                hidden = (event.drawn or 0) & ~event.face_up
                lines.append(LogEntry(me, f"Round {number}: you split {_words(event.face_up)} face up, "
                                          f"{_words(hidden)} face down."))
            else:
                lines.append(LogEntry(event.splitter, f"Round {number}: the bot split {_words(event.face_up)} "
                                                      "face up and two cards face down."))
        elif isinstance(event, SeenChoice):
            split = splits.get(event.round)
            up = _words(split.face_up) if split is not None else "the face-up pair"
            down = _words(event.face_down) if event.face_down is not None else ""
            if event.chooser == me:
                if event.took_face_up:
                    text = f"You took the face-up pair: {up}. The bot keeps the face-down pair."
                else:
                    text = f"You took the face-down pair: {down}. The bot keeps {up}."
            elif event.took_face_up:
                text = f"The bot took the face-up pair: {up}. You keep the face-down pair: {down}."
            else:
                text = f"The bot took the face-down pair: {down}. You keep the face-up pair: {up}."
            lines.append(LogEntry(event.chooser, text))
        elif isinstance(event, SeenReserve):
            lines.append(LogEntry(event.player, _reserve_line(event, me)))
        elif isinstance(event, SeenBuild):
            if event.player == me and event.split is not None:
                one, other = split_masks(view.hand, event.split)
                lines.append(LogEntry(me, f"You built {_words(one)} | {_words(other)}."))
            elif event.player != me:
                lines.append(LogEntry(event.player, "The bot built its two hands (they show at the end)."))
    if view.outcome is not None:
        bot_weaker, bot_stronger = view.outcome.hands[bot]
        lines.append(LogEntry(bot, f"The bot shows {_words(bot_weaker)} | {_words(bot_stronger)}."))
        lines.append(LogEntry(None, outcome_sentence(view.outcome, me)))
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


_KINDS = (
    (act.SPLIT, act.TAKE_FACE_UP, "a split", Phase.SPLIT),
    (act.TAKE_FACE_UP, act.KEEP, "a choice of pair", Phase.CHOOSE),
    (act.KEEP, act.BUILD, "a reserve move", Phase.RESERVE),
    (act.BUILD, act.NUM_DISTINCT_ACTIONS, "a build", Phase.BUILD),
)
_PHASE_TASK = {
    Phase.SPLIT: "split: choose which two of your four cards go face up",
    Phase.CHOOSE: "choice: take the face-up or the face-down pair",
    Phase.RESERVE: "reserve: keep, or give one of your cards",
    Phase.BUILD: "build: divide your ten cards into two hands",
}


def refusal(view: PlayerView, action: int) -> str:
    """Why the human's ``action`` is refused, in words (only the human's own cards appear)."""
    phase = view.phase
    task = _PHASE_TASK.get(phase, "game")
    for low, high, kind, kind_phase in _KINDS:
        if low <= action < high:
            if kind_phase != phase:
                return f"action {action} is {kind}, but this is the {task}. Nothing changed."
            break
    else:
        return (f"there is no action {action}: actions are numbers 0-{act.NUM_DISTINCT_ACTIONS - 1} "
                "(see the state's 'legal' list). Nothing changed.")
    if phase == Phase.SPLIT:
        a, b = act.PAIRS[action - act.SPLIT]
        return (f"you cannot put {card(a)} {card(b)} face up: you drew {_words(view.drawn)}. Nothing changed.")
    if phase == Phase.RESERVE:
        return f"you cannot give {card(action - act.GIVE)}: it is not in your hand. Nothing changed."
    return f"action {action} is not legal now. Nothing changed."


# -- the room -------------------------------------------------------------------------------

LOBBY_OPTIONS = (
    LobbyOption.of(_RULES["swap"], "Swap at the reserve", {
        "blind": ("Blind", "the standard rule: swaps are hidden"),
        "face-up": ("Face up", "a variant: both players see every swap"),
    }),
    LobbyOption.of(_RULES["first_splitter"], "Who splits first",
                   {HUMAN_SEAT: "You", 1 - HUMAN_SEAT: "The bot", "coin": "Toss a coin"},
                   keys={HUMAN_SEAT: "you", 1 - HUMAN_SEAT: "bot"}),
    LobbyOption.of(_RULES["reserve_order"], "Who goes first at the reserve", {
        "literal": ("As written", "the player who split twice"),
        "splitter-first": ("The three-time splitter", "the player who split first"),
        "coin": ("Toss a coin", "tossed before the deal, so both players know"),
    }),
)
"""The options the lobby shows, in words for players (the API takes the other rule options too)."""

BOTS = (
    BotChoice("random", "Random", "plays at random, then builds its best hands: good for learning"),
    BotChoice("skilled", "Skilled", "quick rules of thumb and the exact odds"),
    BotChoice("expert", "Expert", "thinks ahead about the cards it cannot see"),
)


def _result(view: PlayerView) -> Result | None:
    return None if view.outcome is None else result_of(view.outcome)


def _headline(view: PlayerView) -> str | None:
    return None if view.outcome is None else outcome_sentence(view.outcome, view.seat)


def _decided(summary: Mapping[str, Any]) -> str:
    """The history's "Decided by": the step of the showdown that decided it."""
    step = summary.get("step")
    return f"step {step}: {summary.get('step_name')}" if step else "every comparison equal"


def _warm_up() -> None:
    from divided.bots.divided_ranks.draft_values import warm_up as playouts_warm_up
    from divided.bots.divided_ranks.endgame.policy import warm_up as solver_warm_up

    packed_key_table(Scoring.CATEGORIES_FIRST)
    value_table()
    solver_warm_up()  # the expert's endgame solver: seconds to load once, not on a player's move
    playouts_warm_up()  # the expert's draft playouts: the same


def _forget_caches() -> None:
    from divided.bots.divided_ranks.endgame.policy import clear

    clear()  # the expert's solved subgames (its own, the hints', the pondered ones)


ROOM = GameRoom(
    game=GAME, title="Divided Ranks", rules_resource="rules_text/divided-ranks.md",
    script="games/divided-ranks.js", statistics=WIN_RATE, offered_bots=BOTS, lobby_bot="skilled",
    lobby_options=LOBBY_OPTIONS, rule_options=OPTIONS, books=knowledge, knowledge=books_object,
    phase=lambda view: PHASES.get(view.phase, str(view.phase)), table=table, prompt=prompt,
    legal=legal_actions, log=log, result=_result, headline=_headline, decided=_decided, refusal=refusal,
    warm_up=_warm_up, forget_caches=_forget_caches,
)
"""The :class:`~divided.web.games.base.WebRoom` of Divided Ranks."""

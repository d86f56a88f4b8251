"""Card Commons in the web app: its lobby options, table, prompt, log, refusals and build values.

Everything here is built from the human player's :class:`PlayerView` (and the books the game's
room derives from it), never from the core state, so nothing the rules keep hidden can reach a
response: the opponent's hand, reserved card and discards, the card set aside and the draw pile
appear nowhere (the view does not hold them). The browser draws the ``table`` with
``static/games/card-commons.js``.

Legal actions are labelled with these kinds (the ``cards`` of each label in brackets):
``reserve`` (the card), ``discard`` (the two cards), ``offer-three`` (the three cards),
``offer-sets`` (four cards: the first set's two, then the second set's two), ``keep-card`` (the
card), ``keep-set`` (the two cards) and ``build`` (the three cards of the 3-card hand; the rest
of the Collection is the 5-card hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from divided import games
from divided.bots.card_commons.build import BuildAnalysis, analyse_build
from divided.cards import PACK_21, mask_indices
from divided.games.base import RuleOption
from divided.games.card_commons import actions as act
from divided.games.card_commons.history import Turn, read_history
from divided.games.card_commons.options import OPTIONS
from divided.games.card_commons.room import KINDS, legal_in_view
from divided.games.card_commons.rules import build_actions
from divided.games.card_commons.state import Phase, RoundResult
from divided.games.card_commons.view import PlayerView
from divided.games.room import ActionLabel
from divided.hands.five import evaluate_mask
from divided.hands.three import evaluate3_mask
from divided.web.games.base import JSON, BotChoice, GameRoom, LobbyOption, LogEntry
from divided.web.statistics import WIN_RATE

GAME = "card-commons"
HUMAN_SEAT = 0
PHASES: dict[Phase, str] = {
    Phase.COIN: "deal",
    Phase.DEAL: "deal",
    Phase.DRAW: "draw",
    Phase.ACT: "turn",
    Phase.KEEP: "keep",
    Phase.BUILD: "build",
    Phase.OVER: "over",
}
"""Engine phases as the API names them (the chance phases pass at once unless a bot is stuck)."""

NAMES: tuple[str, ...] = tuple(str(c) for c in PACK_21)
"""Each card of the pack in the project's notation, by index."""
_RULES: dict[str, RuleOption] = {option.name: option for option in OPTIONS}
KIND_NAMES = KINDS
"""Action kinds as the API's ``legal`` items and the table name them."""


def cards(mask: int) -> list[str]:
    """The cards of a mask in the project's notation, pack order."""
    return [NAMES[i] for i in mask_indices(mask)]


def _words(mask: int) -> str:
    return " ".join(cards(mask))


def five_object(mask: int) -> JSON:
    """A 5-card hand: its cards and its category."""
    return {"cards": cards(mask), "category": evaluate_mask(mask).category.label}


def three_object(mask: int) -> JSON:
    """A 3-card hand: its cards and its category."""
    return {"cards": cards(mask), "category": evaluate3_mask(mask).category.label}


def _seat_word(seat: int | None, me: int) -> str | None:
    return None if seat is None else ("you" if seat == me else "bot")


def _me(view: PlayerView) -> int:
    """The seat the table is drawn for (a spectator sees it from seat 0's side, with no hand)."""
    return HUMAN_SEAT if view.player is None else view.player


# -- labels -----------------------------------------------------------------------------------


def legal_actions(view: PlayerView) -> list[ActionLabel]:
    """The viewer's legal actions (when the viewer is to move), labelled by the game's room, in
    action order: they follow from the view (the hand, the actions used, the pending offer, the
    Collection), which holds everything a player needs to know what they may do."""
    if view.player is None or view.current_player != view.player:
        return []
    room = games.room(GAME)
    return [room.label(view, a) for a in sorted(legal_in_view(view))]


# -- the table ------------------------------------------------------------------------------


def actions_object(used: int) -> list[JSON]:
    """The four action markers of a player: each action's kind, name and whether it is used."""
    return [{"kind": KIND_NAMES[kind], "name": kind.words, "cards": act.CARDS_USED[kind],
             "used": bool(used >> kind & 1)} for kind in act.TURN_KINDS]


def offer_object(view: PlayerView) -> JSON | None:
    """The offer waiting for its keep decision: who made it and its cards (or sets)."""
    if view.offer < 0:
        return None
    move = act.decode(view.offer)
    offerer = view.turn_player
    return {"by": _seat_word(offerer, _me(view)), "kind": KIND_NAMES[move.kind], "cards": cards(move.cards),
            "sets": None if move.sets is None else [cards(move.sets[0]), cards(move.sets[1])]}


def round_object(played: RoundResult, me: int) -> JSON:
    """A finished round as both players saw it at its showdown."""
    bot = 1 - me

    def side(seat: int) -> JSON:
        three = played.threes[seat]
        return {"five": five_object(played.collections[seat] ^ three), "three": three_object(three),
                "points": played.points[seat], "score": played.scores[seat]}

    return {"round": played.round + 1, "starter": _seat_word(played.starter, me), "extra": played.extra,
            "five": _seat_word(played.five, me), "three": _seat_word(played.three, me),
            "you": side(me), "bot": side(bot), "scores": {"you": played.scores[me], "bot": played.scores[bot]},
            "description": round_sentence(played, me)}


def table(view: PlayerView, books: Any, mine: bool) -> JSON:
    """The Card Commons part of the state object (see docs/web-api.md)."""
    me = _me(view)
    bot = 1 - me
    building = mine and view.phase == Phase.BUILD
    return {
        "round": view.round + 1,
        "extra": view.extra,
        "target": view.options.target,
        "starter": _seat_word(view.starter, me) if view.starter in (0, 1) else None,
        "turn": view.turn,
        "scores": {"you": view.scores[me], "bot": view.scores[bot]},
        "hand": cards(view.hand),
        "drawn": cards(view.drawn)[0] if view.drawn else None,
        "pile_size": view.pile_size,
        "you": {
            "actions": actions_object(view.used[me]),
            "face_up": cards(view.face_up[me]),
            "reserved": cards(view.reserved)[0] if view.reserved else None,
            "discards": cards(view.discards),
            "hand_size": view.hand_sizes[me],
            "built": view.built[me],
        },
        "bot": {
            "actions": actions_object(view.used[bot]),
            "face_up": cards(view.face_up[bot]),
            "reserved": view.has_reserved[bot],
            "discarded": 2 if view.used[bot] >> act.Kind.DISCARD & 1 else 0,
            "hand_size": view.hand_sizes[bot],
            "built": view.built[bot],
        },
        "offer": offer_object(view),
        "build": build_object(view) if building else None,
        "rounds": [round_object(r, me) for r in view.rounds],
        "showdown": round_object(view.rounds[-1], me) if view.outcome is not None and view.rounds else None,
    }


@lru_cache(maxsize=64)
def _analysis(view: PlayerView) -> BuildAnalysis:
    """The build values of a view (kept: the page asks again for the same view on a reload)."""
    return analyse_build(view)


def build_object(view: PlayerView) -> JSON:
    """The viewer's build: every split of the Collection in action order, with its two hands'
    categories and its value from :func:`~divided.bots.card_commons.build.analyse_build` (this
    round's expected points for and against, the chances of winning each comparison, and the
    chance of winning the match, the aim), auto-arrange's choice (the best split) and the aim in
    words. The page ranks and values nothing itself."""
    collection = view.collection
    analysis = _analysis(view)
    values = {split.action: split for split in analysis.splits}
    options: list[JSON] = []
    for action in build_actions(collection):
        three = act.decode(action).cards
        value = values[action]
        options.append({"action": action, "three": three_object(three), "five": five_object(collection ^ three),
                        "points_for": value.points_for, "points_against": value.points_against,
                        "win": value.match_win, "five_win": value.five_win, "five_tie": value.five_tie,
                        "three_win": value.three_win, "three_tie": value.three_tie,
                        "best": action == analysis.best.action})
    return {"auto": analysis.best.action, "aim": analysis.reason, "options": options}


# -- words ----------------------------------------------------------------------------------


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def prompt(view: PlayerView, books: Any, bot_error: str | None) -> str:
    """One sentence: what to do now."""
    if view.outcome is not None:
        return headline(view) or ""
    if view.player is None or view.current_player != view.player:
        if bot_error:
            return "The bot could not make its move. Your game is saved: ask the bot to try again."
        return "Waiting for the bot."
    me = view.player
    if view.phase == Phase.ACT:
        left = [kind.words for kind in act.TURN_KINDS if not view.used[me] >> kind & 1]
        turn = 4 - len(left) + 1
        drew = f"you drew {_words(view.drawn)}" if view.drawn else "you drew a card"
        return f"Your turn {turn} of 4 in round {view.round + 1}: {drew}; use one of your actions left."
    if view.phase == Phase.KEEP:
        move = act.decode(view.offer)
        if move.sets is not None:
            return (f"The bot offers two sets, {_words(move.sets[0])} and {_words(move.sets[1])}: keep one; "
                    "the bot keeps the other.")
        return f"The bot offers {_words(move.cards)}: keep one card; the bot keeps the other two."
    if view.phase == Phase.BUILD:
        return "Split your eight cards into a 5-card hand and a 3-card hand."
    return "Waiting."


def _turn_line(turn: Turn, me: int) -> str:
    """A turn's action in words from the viewer's side (the other player's Reserve and Discard
    without their cards: the viewer did not see them)."""
    who = "You" if turn.player == me else "The bot"
    if turn.kind == act.Kind.RESERVE:
        if turn.cards is not None:
            return f"You reserved {_words(turn.cards)} face down (the bot has not seen it)."
        return f"{who} reserved a card face down."
    if turn.kind == act.Kind.DISCARD:
        if turn.cards is not None:
            return f"You discarded {_words(turn.cards)} face down."
        return f"{who} discarded two cards face down."
    if turn.sets is not None:
        return f"{who} offered two sets: {_words(turn.sets[0])} | {_words(turn.sets[1])}."
    return f"{who} offered {_words(turn.cards or 0)}."


def _keep_line(turn: Turn, me: int) -> str:
    kept, left = turn.kept or 0, turn.left or 0
    if turn.keeper == me:
        return f"You kept {_words(kept)}; the bot keeps {_words(left)}."
    return f"The bot kept {_words(kept)}; you keep {_words(left)}."


def round_sentence(played: RoundResult, me: int) -> str:
    """A round's showdown in words, from the viewer's side."""
    bot = 1 - me
    fives = played.fives

    def compare(winner: int | None, points: int, size: str, mine: JSON, theirs: JSON) -> str:
        hands = f"your {mine['category']} against the bot's {theirs['category']}"
        if winner is None:
            return f"the {size} hands are equal ({hands}): {points} each"
        whose, to = ("your", "you") if winner == me else ("the bot's", "the bot")
        return f"{whose} {size} hand wins ({hands}): {_count(points, 'point')} to {to}"

    five = compare(played.five, 2, "5-card", five_object(fives[me]), five_object(fives[bot]))
    three = compare(played.three, 1, "3-card", three_object(played.threes[me]), three_object(played.threes[bot]))
    extra = " (an extra round)" if played.extra else ""
    return (f"Round {played.round + 1}{extra}: {five}; {three}. "
            f"Score: you {played.scores[me]}, the bot {played.scores[bot]}.")


def log(view: PlayerView) -> list[LogEntry]:
    """What happened so far, in plain words, from the viewer's side (read from the game's one
    reader of the past, :func:`~divided.games.card_commons.history.read_history`); each entry
    names the seat that acted (``None`` for the table: round starts, showdowns, the result)."""
    me = _me(view)
    lines: list[LogEntry] = []
    for played in read_history(view).rounds:
        how = "A coin flip decided: " if played.number == 0 and view.options.first_starter == "coin" else ""
        who = "you start" if played.starter == me else "the bot starts"
        extra = " (an extra round)" if played.extra else ""
        lines.append(LogEntry(None, f"Round {played.number + 1}{extra}: {how}{who}."))
        for turn in played.turns:
            lines.append(LogEntry(turn.player, _turn_line(turn, me)))
            if turn.kept is not None:
                lines.append(LogEntry(turn.keeper, _keep_line(turn, me)))
        for seat in (0, 1):  # builds are committed in seat order
            if not played.built[seat]:
                continue
            three = played.builds[seat]
            if seat == me and three is not None:
                lines.append(LogEntry(me, f"You built {_words(three)} as your 3-card hand."))
            elif seat != me:
                lines.append(LogEntry(seat, "The bot built its two hands (they show at the showdown)."))
        if played.result is not None:
            lines.append(LogEntry(None, round_sentence(played.result, me)))
    if view.outcome is not None:
        lines.append(LogEntry(None, headline(view) or ""))
    return lines


def headline(view: PlayerView) -> str | None:
    """The result in words from the viewer's side (``None`` while playing)."""
    outcome = view.outcome
    if outcome is None:
        return None
    me = _me(view)
    mine, theirs = view.scores[me], view.scores[1 - me]
    if outcome.winner is None:
        return f"A draw: you {mine}, the bot {theirs} ({outcome.reason})."
    who = "You win" if outcome.winner == me else "The bot wins"
    return f"{who} the match: you {mine}, the bot {theirs} ({outcome.reason})."


_PHASE_TASK = {
    Phase.ACT: "your turn: use one of your four actions",
    Phase.KEEP: "your keep decision: keep one of the offered cards or sets",
    Phase.BUILD: "your build: split your Collection into a 5-card and a 3-card hand",
}


def refusal(view: PlayerView, action: int) -> str:
    """Why the human's ``action`` is refused, in words (only the human's own cards appear)."""
    try:
        move = act.decode(action)
    except ValueError:
        return (f"there is no action {action}: actions are numbers 0-{act.NUM_DISTINCT_ACTIONS - 1} "
                "(see the state's 'legal' list). Nothing changed.")
    task = _PHASE_TASK.get(view.phase, "game")
    me = _me(view)
    wanted = {Phase.ACT: act.TURN_KINDS, Phase.KEEP: (act.Kind.KEEP_CARD, act.Kind.KEEP_SET),
              Phase.BUILD: (act.Kind.BUILD,)}.get(view.phase, ())
    if move.kind not in wanted:
        return f"action {action} is {move.kind.words}, but this is {task}. Nothing changed."
    if view.phase == Phase.ACT:
        if view.used[me] >> move.kind & 1:
            return f"you have used {move.kind.words} this round: each action is used once a round. Nothing changed."
        missing = move.cards & ~view.hand
        return (f"you cannot {move.kind.words.lower()} with {_words(missing)}: it is not in your hand. "
                "Nothing changed.")
    if view.phase == Phase.KEEP:
        return "keep one of the cards or sets offered to you. Nothing changed."
    return "build with three cards of your Collection as the 3-card hand. Nothing changed."


# -- the room -------------------------------------------------------------------------------

LOBBY_OPTIONS = (
    LobbyOption.of(_RULES["first_starter"], "Who starts round 1",
                   {HUMAN_SEAT: "You", 1 - HUMAN_SEAT: "The bot", "coin": "Toss a coin"},
                   keys={HUMAN_SEAT: "you", 1 - HUMAN_SEAT: "bot"}),
    LobbyOption.of(_RULES["target"], "Points to win", {
        5: ("5", "the standard rule"), 3: ("3", "a short match"), 4: "4", 6: "6", 7: "7", 8: "8",
        10: ("10", "a long match"),
    }),
    LobbyOption.of(_RULES["next_starter"], "Who starts the next round", {
        "leader": ("The leader", "the rules: more points, or when level the player who did not start"),
        "alternate": ("Take turns", "a variant: the players alternate"),
    }),
)
"""The options the lobby shows, in words for players (the API takes every value of the rules)."""

BOTS = (
    BotChoice("random", "Random", "plays every move at random, its build too: good for learning"),
    BotChoice("skilled", "Skilled", "rules of thumb for each action and the exact build values"),
    BotChoice("expert", "Expert", "plays the round out in the worlds your cards allow"),
)


def _decided(summary: Mapping[str, Any]) -> str:
    """The history's "Decided by": the match's end and its scores."""
    reason = summary.get("reason")
    return f"{reason} ({summary.get('scores')})" if reason else str(summary.get("headline", ""))


def _warm_up() -> None:
    evaluate3_mask(0b111)
    evaluate_mask(0b11111)


ROOM = GameRoom(
    game=GAME, title="Card Commons",
    lede=("Draft a Collection of eight cards against the bot with four actions (Reserve, Discard, "
          "Offer 3, Offer 2 Sets), split it into a 5-card and a 3-card hand, and be first to 5 points."),
    rules_resource="rules_text/card-commons.md", script="games/card-commons.js", statistics=WIN_RATE,
    offered_bots=BOTS, lobby_bot="skilled", lobby_options=LOBBY_OPTIONS, rule_options=OPTIONS,
    books=lambda view: games.room(GAME).books(view), knowledge=lambda books: dict(books.to_json()),
    phase=lambda view: PHASES.get(view.phase, str(view.phase)), table=table, prompt=prompt,
    legal=legal_actions, log=log, headline=headline, decided=_decided, refusal=refusal, warm_up=_warm_up,
    # its bots keep tables of card sets' values, shared by every game: no caches to forget
)
"""The :class:`~divided.web.games.base.WebRoom` of Card Commons."""

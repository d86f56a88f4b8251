"""DIVIDE in the web app: the human at seat 0 against three or five bots.

Everything here is built from the human player's :class:`PlayerView` (and the books the game's
room derives from it), never from the core state, so nothing the rules keep hidden can reach a
response: the other hands, the undealt cards, a committed card before Trick 1 is flipped and a
pass the viewer neither gave nor received appear nowhere (the view does not hold them). The
browser draws the ``table`` with ``static/games/divide.js``.

Seats are numbered clockwise from the human (seat 0): "left" is seat 1, "right" the last seat.
Legal actions are labelled with these kinds (their ``cards`` in brackets): ``commit`` (the card),
``pass`` (the card to the left, then the card to the right), ``play`` (the card), ``points``,
``lead`` and ``trump`` (none; ``table.draft.trump`` lists the fourteen declarations with their
actions). The log is appended to only (a line once written never changes), so the shell can pace
the bots' new lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from divided import games
from divided.bots import specs
from divided.cards import STANDARD_54, mask_indices
from divided.games.base import TERMINAL, RuleOption
from divided.games.divide import actions as act
from divided.games.divide.knowledge import Knowledge, knowledge
from divided.games.divide.options import OPTIONS
from divided.games.divide.room import legal_in_view
from divided.games.divide.rules import decide
from divided.games.divide.state import REVEAL_ORDER, TOKENS, PickEvent, RevealEvent, RoundEvent, TrickEvent
from divided.games.divide.tricks import SUIT_NAMES, lead_suit, playable, rank_name, rank_of, suit_of
from divided.games.divide.view import PlayerView, SeenPass, result_of
from divided.games.room import ActionLabel
from divided.web.games.base import JSON, BotChoice, LobbyOption, LogEntry, PacedGameRoom
from divided.web.statistics import Places

GAME = "divide"
HUMAN_SEAT = 0
PHASES: dict[str, str] = {
    "dealer": "deal", "deal": "deal", "commit": "commit", "pass": "pass", "tokens": "tokens",
    "play": "play", "draft": "draft", "over": "over",
}
"""Engine phases as the API names them (the chance phases pass at once unless a bot is stuck)."""
NAMES: tuple[str, ...] = tuple(str(card) for card in STANDARD_54)
"""Each card of the 54-card deck in the project's notation, by index."""
_RULES: dict[str, RuleOption] = {option.name: option for option in OPTIONS}
PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")
REWARD_WORDS = {act.Reward.POINTS: "Points", act.Reward.TRUMP: "Trump", act.Reward.LEAD: "Lead"}
RANK_WORDS = {2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes", 7: "Sevens", 8: "Eights", 9: "Nines",
              10: "Tens", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}
"""A Trump Rank in words ("Queens"; never "7s", which reads as a card): the log and the rank picker."""


def card_name(card: int) -> str:
    return NAMES[card]


def _words(cards: list[int]) -> str:
    return " ".join(NAMES[c] for c in cards)


def trump_words(rank: int | None) -> str:
    """``"Queens"``, or ``"No Trump"``."""
    return "No Trump" if rank is None else RANK_WORDS[rank]


def sorted_hand(mask: int) -> list[int]:
    """A hand by suit (spades, hearts, diamonds, clubs, then the Jokers), high to low in a suit."""
    return sorted(mask_indices(mask), key=lambda c: (suit_of(c) if c < 52 else 4, -rank_of(c), c))


def _me(view: PlayerView) -> int:
    """The seat the table is drawn for (a spectator sees it from seat 0's side, with no hand)."""
    return HUMAN_SEAT if view.player is None else view.player


def seat_name(seat: int, me: int, n: int) -> str:
    """``"you"`` or ``"Bot 2"`` (a bot is named by its seat; seat 1 sits on the human's left)."""
    return "you" if seat == me else f"Bot {(seat - me) % n}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def where(seat: int, me: int, n: int) -> str:
    """Where a seat sits from the viewer's chair: ``you``, ``left``, ``right`` or ``across``."""
    offset = (seat - me) % n
    return "you" if offset == 0 else "left" if offset == 1 else "right" if offset == n - 1 else "across"


# -- labels -----------------------------------------------------------------------------------


def legal_actions(view: PlayerView) -> list[ActionLabel]:
    """The viewer's legal actions (when the viewer is to move), labelled by the game's room, in
    action order: they follow from the view (the hand, the trick so far, the rewards drafted)."""
    room = games.room(GAME)
    return [room.label(view, a) for a in sorted(legal_in_view(view))]


_PLAYER = re.compile(r"\bplayer (\d+)")


def knowledge_object(books: Knowledge, view: PlayerView) -> JSON:
    """The room's books (:meth:`Knowledge.to_json`) with every seat named as the table names it
    ("Bot 2's hand", "your hand") instead of by number."""
    me, n = _me(view), view.num_players

    def named(text: str) -> str:
        text = _PLAYER.sub(lambda m: seat_name(int(m.group(1)), me, n), text)
        return text.replace("you's", "your")

    out: dict[str, Any] = dict(books.to_json())
    out["places"] = {named(place): size for place, size in out["places"].items()}
    out["unseen"] = [{"card": item["card"], "places": {named(p): x for p, x in item["places"].items()}}
                     for item in out["unseen"]]
    return out


# -- the table ------------------------------------------------------------------------------


def _dealer_of(view: PlayerView, round_: int) -> int:
    return (view.dealer - view.round + round_) % view.num_players


def seats_object(view: PlayerView, bots: tuple[str | None, ...] | None = None) -> list[JSON]:
    """Every seat around the table, from the viewer clockwise (the viewer first)."""
    me, n = _me(view), view.num_players
    playing = view.phase in ("play", "draft")
    out = []
    for offset in range(n):
        seat = (me + offset) % n
        out.append({
            "seat": seat, "name": _cap(seat_name(seat, me, n)), "where": where(seat, me, n),
            "hand_size": view.hand_sizes[seat],
            "committed": view.committed[seat], "passed": view.passed[seat],
            "round_points": view.round_points[seat], "score": view.scores[seat],
            "fives": view.fives[seat], "led": view.led[seat],
            "dealer": view.dealer == seat,
            "leads": playing and view.leader == seat,
            "lead_control": view.next_leader == seat and view.phase not in ("commit", "pass"),
            "to_move": view.current_player == seat,
        })
    return out


def _round_picks(view: PlayerView, round_: int, trick: int) -> list[PickEvent]:
    return [e for e in view.events if isinstance(e, PickEvent) and e.round == round_ and e.trick == trick]


def pick_object(pick: PickEvent, me: int, n: int) -> JSON:
    """One reward taken in a Divide, in words."""
    reward = act.reward_of(pick.action)
    return {"seat": pick.player, "name": _cap(seat_name(pick.player, me, n)), "place": pick.place,
            "reward": reward.value, "token": pick.token if reward == act.Reward.POINTS else None,
            "trump": trump_words(act.declared_rank(pick.action)) if reward == act.Reward.TRUMP else None,
            "text": pick_words(pick, me, n)}


def pick_words(pick: PickEvent, me: int, n: int) -> str:
    who = _cap(seat_name(pick.player, me, n))
    place = PLACES[pick.place - 1]
    reward = act.reward_of(pick.action)
    if reward == act.Reward.POINTS:
        what = f"took Points: a {pick.token}-token"
    elif reward == act.Reward.LEAD:
        what = "took Lead"
    else:
        rank = act.declared_rank(pick.action)
        what = "took Trump and declared No Trump" if rank is None else f"took Trump and declared {trump_words(rank)}"
    return f"{who} ({place}) {what}."


def trick_object(event: TrickEvent, view: PlayerView) -> JSON:
    """A finished trick: the cards in playing order, the finishing order, the rewards drafted."""
    me, n = _me(view), view.num_players
    place = {seat: i + 1 for i, seat in enumerate(event.order)}
    return {"round": event.round + 1, "number": event.trick, "leader": event.leader,
            "trump": trump_words(event.trump),
            "plays": [{"seat": seat, "name": _cap(seat_name(seat, me, n)), "card": card_name(card),
                       "place": place[seat]} for seat, card in event.plays],
            "order": [{"seat": seat, "name": _cap(seat_name(seat, me, n)), "place": i + 1}
                      for i, seat in enumerate(event.order)],
            "picks": [pick_object(p, me, n) for p in _round_picks(view, event.round, event.trick)]}


def tokens_object(view: PlayerView) -> JSON:
    """The token line: each position's value once face up (``None`` face down), the token the
    current trick's Points claims, who claimed each token, and the values still face down."""
    me, n = _me(view), view.num_players
    claimed = {e.trick - 1: e.player for e in view.round_events()
               if isinstance(e, PickEvent) and act.reward_of(e.action) == act.Reward.POINTS}
    current = view.trick - 1 if 1 <= view.trick <= len(TOKENS) and view.phase in ("play", "draft") else None
    if view.phase in ("commit", "pass", "tokens") and view.trick == 0:
        current = 0
    left: dict[str, int] = {}
    for value in TOKENS:
        left[str(value)] = left.get(str(value), 0) + 1
    for value in view.line:
        if value:
            left[str(value)] -= 1
    face_up = set(REVEAL_ORDER[:view.revealed])
    return {
        "line": [{"position": i + 1, "value": view.line[i] if i in face_up else None,
                  "current": i == current,
                  "claimed_by": None if i not in claimed else _cap(seat_name(claimed[i], me, n))}
                 for i in range(len(TOKENS))],
        "current": None if current is None else view.line[current] or None,
        "face_down": {value: count for value, count in left.items() if count},
    }


def draft_object(view: PlayerView, mine: bool) -> JSON | None:
    """The Divide in progress: the top three finishers, the rewards taken and what is left, and
    (for the viewer's pick) the fourteen Trump declarations with their actions."""
    if view.phase != "draft":
        return None
    me, n = _me(view), view.num_players
    picks = _round_picks(view, view.round, view.trick)
    left = [r.value for r in (act.Reward.POINTS, act.Reward.TRUMP, act.Reward.LEAD)
            if r not in {act.reward_of(p) for p in view.picks}]
    trump = None
    if mine and act.Reward.TRUMP.value in left:
        trump = [{"action": act.trump_action(rank), "rank": rank_name(rank), "words": trump_words(rank),
                  "current": rank == view.trump} for rank in [*range(2, 15), None]]
    return {"finishers": [{"seat": seat, "name": _cap(seat_name(seat, me, n)), "place": i + 1}
                          for i, seat in enumerate(view.finishers)],
            "picks": [pick_object(p, me, n) for p in picks], "left": left,
            "picking": len(view.picks) + 1, "token": view.current_token or None, "trump": trump}


def _finished_tricks(view: PlayerView) -> list[TrickEvent]:
    return [e for e in view.events if isinstance(e, TrickEvent)]


def table(view: PlayerView, books: Any, mine: bool) -> JSON:
    """The DIVIDE part of the state object (see docs/web-api.md)."""
    me, n = _me(view), view.num_players
    hand = sorted_hand(view.hand)
    suits = [{"suit": SUIT_NAMES[s], "cards": [card_name(c) for c in hand if suit_of(c) == s]} for s in range(4)]
    jokers = [card_name(c) for c in hand if c >= 52]
    if jokers:
        suits.append({"suit": "jokers", "cards": jokers})
    tricks = _finished_tricks(view)
    this_round = [t for t in tricks if t.round == view.round]
    current: JSON | None = None
    if view.phase == "play":
        plays = [{"seat": seat, "name": _cap(seat_name(seat, me, n)), "card": card_name(card), "place": None}
                 for seat, card in view.plays]
        suit = lead_suit([card for _, card in view.plays])
        current = {"round": view.round + 1, "number": view.trick, "leader": view.leader,
                   "trump": trump_words(view.trump), "plays": plays, "order": None, "picks": [],
                   "lead_suit": None if suit is None else SUIT_NAMES[suit]}
    elif view.phase == "draft" and tricks:
        current = trick_object(tricks[-1], view)
    last_done = tricks[-1] if tricks and view.phase != "draft" else tricks[-2] if len(tricks) > 1 else None
    my_pass = None
    if view.my_pass >= 0:
        left, right = act.pass_cards(view.my_pass)
        my_pass = {"left": card_name(left), "right": card_name(right)}
    received = _received(view)
    rounds = [{"round": e.round + 1, "dealer": _cap(seat_name(e.dealer, me, n)), "points": list(e.points),
               "scores": list(e.scores)} for e in view.events if isinstance(e, RoundEvent)]
    return {
        "players": n,
        "round": view.round + 1,
        "rounds_total": view.options.rounds,
        "end_score": view.options.end_score or None,
        "trump_persists": view.options.trump == "persists",
        "trick": view.trick,
        "dealer": view.dealer,
        "first_leader": view.first_leader if view.dealer >= 0 else None,
        "trump": {"rank": None if view.trump is None else rank_name(view.trump), "words": trump_words(view.trump)},
        "seats": seats_object(view),
        "hand": [card_name(c) for c in hand],
        "suits": suits,
        "commit": None if view.commit < 0 else card_name(view.commit),
        "pass": my_pass,
        "received": received,
        "tokens": tokens_object(view),
        "current_trick": current,
        "last_trick": None if last_done is None else trick_object(last_done, view),
        "tricks": [trick_object(t, view) for t in this_round],
        "draft": draft_object(view, mine),
        "rounds": rounds,
        "showdown": showdown_object(view),
    }


def _received(view: PlayerView) -> JSON | None:
    """The cards the viewer was passed this round (once the cards have changed hands)."""
    me, n = _me(view), view.num_players
    if view.player is None:
        return None
    got: JSON = {}
    for e in view.round_events():
        if isinstance(e, SeenPass) and e.player != me:
            if e.left is not None and (e.player + 1) % n == me:
                got["from_right"] = {"card": card_name(e.left), "name": _cap(seat_name(e.player, me, n))}
            if e.right is not None and (e.player - 1) % n == me:
                got["from_left"] = {"card": card_name(e.right), "name": _cap(seat_name(e.player, me, n))}
    return got or None


def showdown_object(view: PlayerView) -> JSON | None:
    """The end of the game: every seat's total, 5-tokens and tricks led, and the winners."""
    outcome = view.outcome
    if outcome is None:
        return None
    me, n = _me(view), view.num_players
    result = view.result
    assert result is not None
    return {"winners": [_cap(seat_name(w, me, n)) for w in outcome.winners], "decided_by": outcome.decided_by,
            "reason": outcome.reason,
            "seats": [{"seat": seat, "name": _cap(seat_name(seat, me, n)), "score": view.scores[seat],
                       "fives": view.fives[seat], "led": view.led[seat], "place": result.places[seat],
                       "winner": seat in outcome.winners} for seat in ((me + k) % n for k in range(n))]}


# -- words ----------------------------------------------------------------------------------


def prompt(view: PlayerView, books: Any, bot_error: str | None) -> str:
    """One sentence: what to do now."""
    if view.outcome is not None:
        return headline(view) or ""
    if view.player is None or view.current_player != view.player:
        if bot_error:
            return "A bot could not make its move. Your game is saved: ask the bot to try again."
        return "Waiting for the bots."
    me, n = view.player, view.num_players
    trump = f"Trump: {trump_words(view.trump)}."
    if view.phase == "commit":
        return (f"Round {view.round + 1}: commit one card face down for Trick 1 (it is flipped with the others "
                f"after the pass; it need not follow suit). {trump}")
    if view.phase == "pass":
        return (f"Pass one card to {seat_name((me + 1) % n, me, n)} on your left and one to "
                f"{seat_name((me - 1) % n, me, n)} on your right.")
    if view.phase == "play":
        token = f" (Points is a {view.current_token}-token)" if view.current_token else ""
        if not view.plays:
            return f"Trick {view.trick}: you lead{token}. {trump}"
        suit = lead_suit([card for _, card in view.plays])
        if suit is None:
            return f"Trick {view.trick}: only a Joker is down: play any card{token}. {trump}"
        must = view.hand & playable(view.hand, [c for _, c in view.plays])
        follow = "follow suit" if any(suit_of(c) == suit for c in mask_indices(must)) else "you cannot follow: play any card"
        return f"Trick {view.trick}: {SUIT_NAMES[suit]} led; {follow}{token}. {trump}"
    if view.phase == "draft":
        place = PLACES[len(view.picks)]
        left = [REWARD_WORDS[r] for r in (act.Reward.POINTS, act.Reward.TRUMP, act.Reward.LEAD)
                if r not in {act.reward_of(p) for p in view.picks}]
        token = f" (Points: a {view.current_token}-token)" if view.current_token else ""
        return f"Trick {view.trick}'s Divide: you finished {place}; take {' or '.join(left)}{token}."
    return "Waiting."


def _pass_line(me: int, n: int, seat: int, left: int | None, right: int | None) -> str:
    if seat == me and left is not None and right is not None:
        return (f"You passed {card_name(left)} to {seat_name((me + 1) % n, me, n)} (left) and "
                f"{card_name(right)} to {seat_name((me - 1) % n, me, n)} (right).")
    return f"{_cap(seat_name(seat, me, n))} passed two cards."


def _exchange_line(view: PlayerView, passes: list[SeenPass]) -> str:
    me, n = _me(view), view.num_players
    got = []
    for e in passes:
        if e.player == me:
            continue
        if e.left is not None and (e.player + 1) % n == me:
            got.append(f"{card_name(e.left)} from {seat_name(e.player, me, n)}")
        if e.right is not None and (e.player - 1) % n == me:
            got.append(f"{card_name(e.right)} from {seat_name(e.player, me, n)}")
    if view.player is None or not got:
        return "The passed cards changed hands."
    return f"The passed cards changed hands: you received {' and '.join(got)}."


def _trick_line(e: TrickEvent, me: int, n: int) -> str:
    order = ", ".join(f"{PLACES[i]} {seat_name(seat, me, n)}" for i, seat in enumerate(e.order))
    cards = dict(e.plays)
    winner = e.order[0]
    wins = "You win" if winner == me else f"{_cap(seat_name(winner, me, n))} wins"
    flip = ""
    if e.trick == 1:
        flip = "Trick 1 is flipped: " + ", ".join(f"{seat_name(s, me, n)} {card_name(c)}" for s, c in e.plays) + ". "
        return f"{flip}Finishing order: {order} ({wins} with {card_name(cards[winner])})."
    return f"Trick {e.trick}: {order} ({wins} with {card_name(cards[winner])})."


def log(view: PlayerView) -> list[LogEntry]:
    """What happened so far, from the viewer's side; each entry names the seat that acted
    (``None`` for the table: round starts, flips, trick results, tokens, the round's end)."""
    me, n = _me(view), view.num_players
    lines: list[LogEntry] = []
    if view.dealer < 0:
        return lines
    for round_ in range(view.round + 1):
        events = [e for e in view.events if e.round == round_]
        dealer = _dealer_of(view, round_)
        first = (dealer + 1) % n
        lines.append(LogEntry(None, f"Round {round_ + 1}: {_cap(seat_name(dealer, me, n))} deal"
                              f"{'' if dealer == me else 's'}; {seat_name(first, me, n)} lead"
                              f"{'' if first == me else 's'} Trick 1."))
        current = round_ == view.round
        order = [(first + k) % n for k in range(n)]
        tricks = [e for e in events if isinstance(e, TrickEvent)]
        first_trick = tricks[0] if tricks else None
        for seat in order:
            if current and not view.committed[seat]:
                break
            if seat == me and view.player is not None:
                card = view.commit if current and view.commit >= 0 else \
                    next(c for s, c in first_trick.plays if s == me) if first_trick is not None else -1
                lines.append(LogEntry(seat, f"You committed {card_name(card)} face down for Trick 1."))
            else:
                lines.append(LogEntry(seat, f"{_cap(seat_name(seat, me, n))} committed a card face down."))
        passes = [e for e in events if isinstance(e, SeenPass)]
        by_seat = {p.player: p for p in passes}
        for seat in order:
            if seat in by_seat:
                seen = by_seat[seat]
                lines.append(LogEntry(seat, _pass_line(me, n, seat, seen.left, seen.right)))
            elif current and view.passed[seat]:
                if seat == me and view.my_pass >= 0:
                    left, right = act.pass_cards(view.my_pass)
                    lines.append(LogEntry(seat, _pass_line(me, n, seat, left, right)))
                else:
                    lines.append(LogEntry(seat, _pass_line(me, n, seat, None, None)))
            else:
                break
        if passes:
            lines.append(LogEntry(None, _exchange_line(view, passes)))
        for e in events:
            if isinstance(e, RevealEvent):
                lines.append(LogEntry(None, f"Token {e.position + 1} of the line turns face up: {e.value}."))
            elif isinstance(e, TrickEvent):
                if e.trick > 1:
                    lines.extend(LogEntry(seat, f"{_cap(seat_name(seat, me, n))} played {card_name(card)}.")
                                 for seat, card in e.plays)
                lines.append(LogEntry(None, _trick_line(e, me, n)))
            elif isinstance(e, PickEvent):
                lines.append(LogEntry(e.player, pick_words(e, me, n)))
            elif isinstance(e, RoundEvent):
                points = ", ".join(f"{seat_name(s, me, n)} {e.points[s]}" for s in ((me + k) % n for k in range(n)))
                totals = ", ".join(f"{seat_name(s, me, n)} {e.scores[s]}" for s in ((me + k) % n for k in range(n)))
                lines.append(LogEntry(None, f"Round {e.round + 1} is over. Points: {points}. Totals: {totals}."))
        if current and view.phase == "play":
            lines.extend(LogEntry(seat, f"{_cap(seat_name(seat, me, n))} played {card_name(card)}.")
                         for seat, card in view.plays)
    if view.outcome is not None:
        lines.append(LogEntry(None, headline(view) or ""))
    return lines


def headline(view: PlayerView) -> str | None:
    """The result in words from the viewer's side (``None`` while playing)."""
    outcome = view.outcome
    if outcome is None:
        return None
    me, n = _me(view), view.num_players
    how = {"score": "", "fives": ", on 5-value tokens", "led": ", on tricks led", "shared": ""}[outcome.decided_by]
    best = view.scores[outcome.winners[0]]
    if len(outcome.winners) == 1:
        winner = outcome.winners[0]
        if winner == me:
            return f"You win with {best} points{how} ({outcome.reason})."
        return (f"{_cap(seat_name(winner, me, n))} wins with {best} points{how}; you have {view.scores[me]} "
                f"({outcome.reason}).")
    names = [seat_name(w, me, n) for w in outcome.winners]
    if me in outcome.winners:
        others = [name for w, name in zip(outcome.winners, names, strict=True) if w != me]
        return f"You share the win with {' and '.join(others)} on {best} points ({outcome.reason})."
    return (f"{' and '.join(_cap(x) for x in names)} share the win on {best} points; you have "
            f"{view.scores[me]} ({outcome.reason}).")


_TASK = {"commit": "your commit for Trick 1", "pass": "your pass", "play": "your card to the trick",
         "draft": "your pick of a reward"}


def refusal(view: PlayerView, action: int) -> str:
    """Why the human's ``action`` is refused, in words (only the human's own cards appear)."""
    if not 0 <= action < act.NUM_DISTINCT_ACTIONS:
        return (f"there is no action {action}: actions are numbers 0-{act.NUM_DISTINCT_ACTIONS - 1} "
                "(see the state's 'legal' list). Nothing changed.")
    task = _TASK.get(str(view.phase), "not a decision of yours")
    hand = view.hand
    if view.phase in ("commit", "play"):
        if not act.is_card(action):
            return f"this is {task}: send one card of your hand. Nothing changed."
        if not hand >> action & 1:
            return f"{card_name(action)} is not in your hand. Nothing changed."
        suit = lead_suit([card for _, card in view.plays])
        return (f"you hold {SUIT_NAMES[suit] if suit is not None else 'the lead suit'}, the lead suit: "
                "follow suit. Nothing changed.")
    if view.phase == "pass":
        if not act.PASS_BASE <= action < act.POINTS:
            return f"this is {task}: one action names the card to the left and the card to the right. Nothing changed."
        left, right = divmod(action - act.PASS_BASE, act.DECK_SIZE)
        if left == right:
            return "pass two different cards, one to the left and one to the right. Nothing changed."
        missing = [c for c in (left, right) if not hand >> c & 1]
        return f"{_words(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand. Nothing changed."
    if view.phase == "draft":
        if not act.is_reward(action):
            return f"this is {task}: Points, Lead or Trump with a rank. Nothing changed."
        return f"{REWARD_WORDS[act.reward_of(action)]} has been taken already in this Divide. Nothing changed."
    return "it is not your decision now. Nothing changed."


# -- the room -------------------------------------------------------------------------------

LOBBY_OPTIONS = (
    LobbyOption.of(_RULES["players"], "Players", {
        4: ("4 players", "you and 3 bots, a 52-card deck"),
        6: ("6 players", "you and 5 bots, 54 cards with two Jokers"),
    }),
    LobbyOption.of(_RULES["trump"], "The Trump Rank between rounds", {
        "persists": ("Carries on", "the rules: a Trump Rank lasts until someone changes it"),
        "resets": ("Starts again", "a variant: every round starts with No Trump"),
    }),
    LobbyOption.of(_RULES["end_score"], "The game ends early", {
        50: ("At 50 points", "the rules: checked after each round"),
        "off": ("Never", "a variant: always play every round"),
    }),
    LobbyOption.of(_RULES["rounds"], "Rounds", {
        4: ("4", "the rules"), 2: ("2", "a short game"), 1: ("1", "a single round"),
    }),
    LobbyOption.of(_RULES["first_dealer"], "Who deals first", {
        "random": ("Drawn at random", "the rules"), HUMAN_SEAT: ("You", "the bot on your left leads Trick 1"),
    }, keys={HUMAN_SEAT: "you"}),
)
"""The options the lobby shows, in words for players (the API takes every value of the rules)."""

_BOT_WORDS = {
    "random": BotChoice("random", "Random", "plays every move at random: good for learning the flow"),
    "skilled": BotChoice("skilled", "Skilled", "sound trick play and reward choices by rules of thumb"),
    "expert": BotChoice("expert", "Expert", "plays out the deals your cards allow"),
}


def _bots() -> tuple[BotChoice, ...]:
    """The bots registered for DIVIDE that the lobby offers, weakest first."""
    registered = {spec.name for spec in specs(GAME)}
    return tuple(choice for name, choice in _BOT_WORDS.items() if name in registered)


def _counts(summary: Mapping[str, Any], name: str) -> tuple[int, ...] | None:
    """A stored summary's counts by seat ("20-30-10-5"), or ``None`` if it has none."""
    text = summary.get(name)
    if not isinstance(text, str) or not re.fullmatch(r"\d+(-\d+)*", text):
        return None
    return tuple(int(n) for n in text.split("-"))


def points_of(summary: Mapping[str, Any], seat: int) -> float | None:
    """A seat's final score, from a finished game's stored summary."""
    scores = _counts(summary, "scores")
    return None if scores is None or seat >= len(scores) else float(scores[seat])


def place_of(summary: Mapping[str, Any], seat: int) -> int | None:
    """A seat's place worked out from the stored scores, 5-tokens and tricks led (ruling D9),
    for a game stored before summaries kept the places."""
    scores, fives, led = (_counts(summary, name) for name in ("scores", "fives", "led"))
    if scores is None or fives is None or led is None or not seat < len(scores) == len(fives) == len(led):
        return None
    return result_of(decide(scores, fives, led, ""), scores, fives, led).places[seat]


STATISTICS = Places("players", points=points_of, place=place_of)
"""DIVIDE's history: places and points a game, a 4-player table apart from a 6-player one."""


def _decided(summary: Mapping[str, Any]) -> str:
    """The history's "Decided by": the count that decided the places, with the scores."""
    how = {"score": "points", "fives": "5-value tokens (tied on points)",
           "led": "tricks led (tied on points and 5-tokens)", "shared": "a shared win (tied on every count)"}
    by = how.get(str(summary.get("decided_by")), "")
    if not by:
        return str(summary.get("headline", ""))
    return f"{by}: {summary.get('scores')} ({summary.get('reason')})"


def _warm_up() -> None:
    games.load(GAME)


ROOM = PacedGameRoom(
    game=GAME, title="DIVIDE",
    lede=("A trick-taking game for you and 3 or 5 bots: commit a card for Trick 1, pass left and right, "
          "then after every trick the top three draft Points, Trump and Lead. Four rounds or 50 points."),
    rules_resource="rules_text/divide.md", script="games/divide.js", statistics=STATISTICS,
    offered_bots=_bots, lobby_bot="skilled", lobby_options=LOBBY_OPTIONS, rule_options=OPTIONS,
    bot_seats=lambda options: int(options.get("players", 4)) - 1,
    books=lambda view: (knowledge(view), view), knowledge=lambda books: knowledge_object(*books),
    phase=lambda view: "over" if view.current_player == TERMINAL else PHASES.get(str(view.phase), str(view.phase)),
    table=table, step_table=lambda view: table(view, None, False), prompt=prompt, legal=legal_actions,
    log=log, headline=headline, decided=_decided, refusal=refusal, warm_up=_warm_up,
    # its bots cache nothing: no caches to forget
)
"""The :class:`~divided.web.games.base.WebRoom` of DIVIDE: its table follows the paced bots' moves."""

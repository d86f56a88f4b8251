"""DIVIDE in the terminal: the words ``divided play --game divide`` prints for it.

Before each of your moves: the table (every seat's total, this round's points, 5-point tokens,
tricks led and cards in hand; the Trump Rank; the token line with ``?`` for a face-down token,
``*`` for a token taken and the current trick's token in brackets; the trick so far or, during
a Divide, its finishing order and the picks made), then your hand by suit, then the game's books
where its room is installed. What the others did is told from your view only: the tricks with
their finishing order, every reward pick, the tokens as they turn face up, the cards passed to
you (never a card passed between two others, nor a commit before the flip). The menu numbers the
few choices (a commit, a card to play, a reward); a pass is typed (``pass Qh 2c``, the left card
first), and any move can be typed as the rules write it (``Qh``, ``points``, ``lead``,
``trump 7``, ``trump none``). A readable move that is not legal is answered with the reason
(not in your hand, the suit you must follow, a reward already taken) and changes nothing.

>>> from divided import games
>>> from divided.cli.games.divide import TERMINAL
>>> state = games.load("divide", first_dealer=3).new_initial_state(seed=7)
>>> print("\\n".join(TERMINAL.table(state.observation(0))))
Round 1 of 4; player 3 deals. Trump: No Trump. The game ends at 50 points or after 4 rounds.
            total  round  fives  led  cards
  you           0      0      0    0      9
  player 1      0      0      0    0      9
  player 2      0      0      0    0      9
  player 3      0      0      0    0      9  (dealer)
Token line: ? ? ? ? ? ? ? ? ?  (tokens of Tricks 1-9)
The commit for Trick 1: nobody has committed yet.
Your hand (9): spades T 7 4 | hearts - | diamonds A Q T 8 | clubs J 7
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.resources import files
from typing import Any

from divided.bots import names as bot_names
from divided.cards import STANDARD_54, mask_indices
from divided.cli.games.base import Menu, Terminal
from divided.games.divide import actions as act
from divided.games.divide.history import read_history
from divided.games.divide.state import TOKENS, TRICKS, Phase, PickEvent, RevealEvent, RoundEvent, TrickEvent
from divided.games.divide.tricks import SUIT_MASKS, SUIT_NAMES, lead_suit, playable, rank_name
from divided.games.divide.view import PlayerView, SeenPass
from divided.games.room import GameRoom

GAME = "divide"
PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")
_REWARD_WORDS = {act.Reward.POINTS: "Points", act.Reward.TRUMP: "Trump", act.Reward.LEAD: "Lead"}


def rules_text() -> str:
    """The rules of DIVIDE and its rulings D1-D10, in the project's own words (Markdown)."""
    return files("divided").joinpath("rules_text", "divide.md").read_text(encoding="utf-8")


def card(index: int) -> str:
    """A card of the 54-card deck in the project's notation (``Qh``, ``Jk1``)."""
    return str(STANDARD_54[index])


def cards(mask: int) -> str:
    """The cards of a mask, low to high (``-`` for none)."""
    return " ".join(card(c) for c in mask_indices(mask)) or "-"


def hand_by_suit(hand: int) -> str:
    """A hand grouped by suit, high cards first, Jokers last.

    >>> hand_by_suit(STANDARD_54.parse_mask("Ah 2s Tc Jk2 Kh"))
    'spades 2 | hearts A K | diamonds - | clubs T | Jk2'
    """
    parts = []
    for suit, name in enumerate(SUIT_NAMES):
        ranks = [rank_name(c // 4 + 2) for c in reversed(mask_indices(hand & SUIT_MASKS[suit]))]
        parts.append(f"{name} {' '.join(ranks) or '-'}")
    jokers = [card(c) for c in (52, 53) if hand >> c & 1]
    return " | ".join(parts + jokers)


def who(seat: int, me: int | None, *, capital: bool = False) -> str:
    """``you`` for the viewer, else ``player 2`` (capitalised at the start of a sentence)."""
    if seat == me:
        return "You" if capital else "you"
    return f"Player {seat}" if capital else f"player {seat}"


def _verb(seat: int, me: int | None, verb: str) -> str:
    """``verb`` agreeing with ``who(seat, me)`` (``take`` / ``takes``)."""
    return verb if seat == me else verb + ("es" if verb.endswith("ss") else "s")


def reward_words(action: int) -> str:
    """A reward pick in words: ``Points``, ``Lead``, ``Trump: 7`` or ``Trump: No Trump``."""
    reward = act.reward_of(action)
    if reward == act.Reward.TRUMP:
        return f"Trump: {rank_name(act.declared_rank(action))}"
    return _REWARD_WORDS[reward]


def _taken_tokens(view: PlayerView) -> set[int]:
    """Positions of the tokens already claimed this round (one per trick's Points)."""
    return {e.trick - 1 for e in view.round_events()
            if isinstance(e, PickEvent) and act.reward_of(e.action) == act.Reward.POINTS}


def token_line(view: PlayerView) -> str:
    """The token line: a face-up token's value, ``?`` face down, ``*`` after a taken token, the
    current trick's token in brackets."""
    taken = _taken_tokens(view)
    current = view.trick - 1 if view.phase in (Phase.PLAY, Phase.DRAFT) else -1
    out = []
    for position, value in enumerate(view.line):
        text = str(value) if value else "?"
        if position in taken:
            text += "*"
        if position == current:
            text = f"[{text}]"
        out.append(text)
    legend = "  (tokens of Tricks 1-9"
    if taken:
        legend += "; * taken"
    if current >= 0:
        legend += f"; [ ] Trick {view.trick}'s"
    return f"Token line: {' '.join(out)}{legend})"


def _plays(plays: Sequence[tuple[int, int]], me: int | None) -> str:
    return ", ".join(f"{who(seat, me)} {card(c)}" for seat, c in plays)


def _order(order: Sequence[int], plays: Sequence[tuple[int, int]], me: int | None) -> str:
    played = dict(plays)
    return ", ".join(f"{PLACES[place]} {who(seat, me)} ({card(played[seat])})" for place, seat in enumerate(order))


class DivideTerminal(Terminal):
    """DIVIDE's terminal part (:data:`TERMINAL`)."""

    @property
    def default_bot(self) -> str:  # type: ignore[override]
        """The skilled bot, where the game's own bots are installed (else the generic random one)."""
        return "skilled" if "skilled" in bot_names(GAME) else "random"

    # -- the table ---------------------------------------------------------------------------
    def table(self, view: PlayerView) -> list[str]:
        """The table as ``view.player`` sees it (a spectator too), and the viewer's hand."""
        me = view.player
        n = view.num_players
        opts = view.options
        end = f"at {opts.end_score} points or " if opts.end_score else ""
        rounds = f"{opts.rounds} round" + ("s" if opts.rounds != 1 else "")
        lines = [f"Round {view.round + 1} of {opts.rounds}; {who(view.dealer, me)} "
                 f"{_verb(view.dealer, me, 'deal')}. Trump: {rank_name(view.trump)}. "
                 f"The game ends {end}after {rounds}."]
        names = [who(seat, me) for seat in range(n)]
        width = max(len(name) for name in names) + 2
        lines.append(" " * (width + 2) + "total  round  fives  led  cards")
        for seat in range(n):
            mark = "  (dealer)" if seat == view.dealer else ""
            lines.append(f"  {names[seat]:<{width}}{view.scores[seat]:>5}  {view.round_points[seat]:>5}"
                         f"  {view.fives[seat]:>5}  {view.led[seat]:>3}  {view.hand_sizes[seat]:>5}{mark}")
        lines.append(token_line(view))
        lines += self._trick_lines(view)
        if me is not None:
            if view.commit >= 0 and view.phase in (Phase.COMMIT, Phase.PASS):
                lines.append(f"Your committed card: {card(view.commit)} (face down until Trick 1).")
            if view.my_pass >= 0 and view.phase == Phase.PASS:
                left, right = act.pass_cards(view.my_pass)
                lines.append(f"Your pass: {card(left)} to the left, {card(right)} to the right (handed over "
                             "when everyone has passed).")
            lines.append(f"Your hand ({view.hand.bit_count()}): {hand_by_suit(view.hand)}")
        return lines

    def _trick_lines(self, view: PlayerView) -> list[str]:
        me = view.player
        if view.phase in (Phase.COMMIT, Phase.PASS):
            commit = view.phase == Phase.COMMIT
            done = view.committed if commit else view.passed
            what, verb = ("commit for Trick 1", "committed") if commit else ("pass", "passed")
            seats = [who(seat, me) for seat in range(view.num_players) if done[seat]]
            return [f"The {what}: {', '.join(seats)} {'has' if len(seats) == 1 and seats[0] != 'you' else 'have'} "
                    f"{verb} (face down)." if seats else f"The {what}: nobody has {verb} yet."]
        if view.phase == Phase.PLAY:
            if not view.plays:
                return [f"Trick {view.trick}: {who(view.leader, me)} {_verb(view.leader, me, 'lead')}."]
            return [f"Trick {view.trick}, led by {who(view.leader, me)}: {_plays(view.plays, me)}."]
        if view.phase == Phase.DRAFT:
            trick = next((e for e in reversed(view.events) if isinstance(e, TrickEvent)), None)
            lines = []
            if trick is not None:
                lines.append(f"Trick {trick.trick} is over: {_order(trick.order, trick.plays, me)}.")
            picks = [f"{who(view.finishers[place], me)} took {reward_words(pick)}" for place, pick in enumerate(view.picks)]
            lines.append("The Divide: " + ("; ".join(picks) + "." if picks else "nobody has picked yet."))
            return lines
        return []

    # -- what the others did -------------------------------------------------------------------
    def news(self, view: PlayerView, seat: int, cursor: int) -> tuple[list[str], int]:
        lines: list[str] = []
        reveals: list[RevealEvent] = []

        def flush() -> None:
            if reveals:
                said = ", ".join(f"Trick {e.position + 1}'s is a {e.value}" for e in reveals)
                lines.append(f"Tokens turned face up: {said}.")
                reveals.clear()

        for event in view.events[cursor:]:
            if isinstance(event, RevealEvent):
                reveals.append(event)
                continue
            flush()
            if isinstance(event, SeenPass):
                lines += self._pass_news(event, seat, view.num_players)
            elif isinstance(event, TrickEvent):
                commits = " (the committed cards)" if event.trick == 1 else ""
                under = "No Trump" if event.trump is None else f"Trump {rank_name(event.trump)}"
                lines.append(f"Trick {event.trick}{commits} under {under}, led by "
                             f"{who(event.leader, seat)}: {_plays(event.plays, seat)}.")
                lines.append(f"  Order: {_order(event.order, event.plays, seat)}.")
            elif isinstance(event, PickEvent):
                token = f" (a {event.token})" if event.token else ""
                lines.append(f"  {who(event.player, seat, capital=True)} ({PLACES[event.place - 1]}) "
                             f"{_verb(event.player, seat, 'take')} {reward_words(event.action)}{token}.")
            elif isinstance(event, RoundEvent):
                lines += self._round_news(event, seat, view)
        flush()
        return lines, len(view.events)

    def _pass_news(self, event: SeenPass, seat: int, n: int) -> list[str]:
        if event.player == seat:
            assert event.left is not None and event.right is not None
            return [f"You passed {card(event.left)} to {who((seat + 1) % n, seat)} (left) and "
                    f"{card(event.right)} to {who((seat - 1) % n, seat)} (right)."]
        lines = []
        if event.left is not None:
            lines.append(f"Player {event.player} passed you {card(event.left)}.")
        if event.right is not None:
            lines.append(f"Player {event.player} passed you {card(event.right)}.")
        return lines

    def _round_news(self, event: RoundEvent, seat: int, view: PlayerView) -> list[str]:
        n = view.num_players
        points = ", ".join(f"{who(p, seat)} {event.points[p]}" for p in range(n))
        totals = ", ".join(f"{who(p, seat)} {event.scores[p]}" for p in range(n))
        lines = ["", f"Round {event.round + 1} is over. Points this round: {points}.", f"Totals: {totals}."]
        if event.round + 1 < view.options.rounds and view.outcome is None:
            dealer = (event.dealer + 1) % n
            leader = (dealer + 1) % n
            lines.append(f"Round {event.round + 2}: {who(dealer, seat)} {_verb(dealer, seat, 'deal')}; "
                         f"{who(leader, seat)} {_verb(leader, seat, 'lead')} Trick 1.")
        return lines

    def bot_moved(self, player: int, bot: str) -> list[str]:
        return []  # the view tells it (news and the table)

    # -- the human's move ----------------------------------------------------------------------
    def before_move(self, view: PlayerView, room: GameRoom[Any, PlayerView] | None) -> list[str]:
        # the room's books list every unseen card's odds at every place (the web panel shows them);
        # the terminal says what a card player counts from the same history, in a few lines
        return ["", *self.table(view), *known_lines(view)]

    def menu(self, view: PlayerView, legal: Sequence[int], label: Callable[[int], str]) -> Menu:
        me = view.player
        if view.phase == Phase.COMMIT:
            first = view.first_leader
            leads = "you lead it" if first == me else f"{who(first, me)} leads it, so its card sets the suit"
            return Menu((f"Commit a card for Trick 1, face down ({leads}; the commit need not follow suit):",),
                        tuple(legal))
        if view.phase == Phase.PASS:
            n = view.num_players
            assert me is not None
            return Menu((f"Pass one card to {who((me + 1) % n, me)} (left) and one to {who((me - 1) % n, me)} "
                         "(right): type pass and the two cards, the left one first (e.g. "
                         f"'{_example_pass(view.hand)}').",), ())
        if view.phase == Phase.PLAY:
            suit = lead_suit([c for _, c in view.plays])
            if not view.plays:
                text = f"Trick {view.trick}: lead any card."
            elif suit is None:
                text = f"Trick {view.trick}: a Joker was led; play any card (the first suited card sets the suit)."
            elif view.hand & SUIT_MASKS[suit]:
                text = f"Trick {view.trick}: follow {SUIT_NAMES[suit]}."
            else:
                text = f"Trick {view.trick}: you have no {SUIT_NAMES[suit]}; play any card."
            return Menu((text,), tuple(legal))
        place = PLACES[len(view.picks)]
        token = view.current_token
        lead = (f"Lead leads Trick {view.trick + 1}" if view.trick < TRICKS else
                "Lead has no effect after Trick 9 (the next round's Trick 1 is led left of the dealer)")
        return Menu((f"Your pick as {place} finisher: Points is a {token}, Trump names the Trump Rank (now "
                     f"{rank_name(view.trump)}), {lead}. Type e.g. 'points', 'lead' or 'trump 7':",), tuple(legal))

    def illegal(self, view: PlayerView, action: int, legal: Sequence[int]) -> str:
        """Why a readable move is not legal now, in the game's words (nothing changed)."""
        hand = view.hand
        if view.phase in (Phase.COMMIT, Phase.PLAY):
            if not act.is_card(action):
                what = "commit" if view.phase == Phase.COMMIT else "play"
                return f"  Now you {what} a card: type one of your cards (e.g. {card(mask_indices(hand)[0])})."
            if not hand >> action & 1:
                return f"  {card(action)} is not in your hand ({cards(hand)})."
            suit = lead_suit([c for _, c in view.plays])
            allowed = playable(hand, [c for _, c in view.plays])
            if suit is not None:
                return (f"  You hold {SUIT_NAMES[suit]}, so you must follow suit: play "
                        f"{cards(allowed)} (a Joker or a Trump-Rank card of another suit does not follow).")
        elif view.phase == Phase.PASS:
            if not act.is_pass(action):
                return f"  Now you pass two cards: type pass and two cards of your hand, e.g. '{_example_pass(hand)}'."
            missing = [c for c in act.pass_cards(action) if not hand >> c & 1]
            if missing:
                return f"  {' and '.join(card(c) for c in missing)} not in your hand ({cards(hand)})."
        elif view.phase == Phase.DRAFT:
            if not act.is_reward(action):
                return "  Now you pick a reward: type 'points', 'lead' or 'trump' and a rank (or 'trump none')."
            taken = [pick for pick in view.picks if act.reward_of(pick) == act.reward_of(action)]
            if taken:
                left = sorted({_REWARD_WORDS[act.reward_of(a)] for a in legal})
                return (f"  {_REWARD_WORDS[act.reward_of(action)]} is already taken in this Divide; "
                        f"left: {' and '.join(left)}.")
        return super().illegal(view, action, legal)

    def ending(self, view: PlayerView, seat: int) -> list[str]:
        result = view.result
        outcome = view.outcome
        assert result is not None and outcome is not None
        headline = result.headline
        if outcome.winners == (seat,):
            headline = headline.replace(f"Player {seat} wins", "You win")
        n = view.num_players
        rounds = [e for e in view.events if isinstance(e, RoundEvent)]
        lines = ["", f"{headline}. (You are player {seat}.)"]
        for event in rounds:
            lines.append(f"  Round {event.round + 1}: " + ", ".join(f"{who(p, seat)} {event.points[p]}"
                                                                     for p in range(n)))
        lines.append("Totals (5-point tokens, tricks led): " + ", ".join(
            f"{who(p, seat)} {view.scores[p]} ({view.fives[p]}, {view.led[p]})" for p in range(n)) + ".")
        lines.append("Returns: " + ", ".join(f"{who(p, seat)} {value:+g}" for p, value in enumerate(result.returns))
                     + ".")
        return lines


def known_lines(view: PlayerView) -> list[str]:
    """What the viewer knows beyond the table, from the round's history: the cards still out by
    suit (not in the viewer's hand, not played this round), the suits each player showed they
    lack, the cards the viewer passed that are still in a hand, and the tokens still face down."""
    me = view.player
    history = read_history(view)
    past = history.current
    deck = (1 << 52) - 1 if view.num_players == 4 else (1 << 54) - 1
    commit = 1 << view.commit if view.commit >= 0 else 0
    out = deck & ~view.hand & ~past.played_cards & ~commit
    if view.phase in (Phase.DEALER, Phase.OVER):
        return []
    undealt = " (16 of them undealt)" if view.num_players == 4 else ""
    lines = [f"Still out{undealt}: {hand_by_suit(out)}"]
    for seat in range(view.num_players):
        if seat == me:
            continue
        facts = []
        voids = [SUIT_NAMES[s] for s in range(4) if past.voids[seat] >> s & 1]
        if voids:
            facts.append(f"no {', no '.join(voids)}")
        known = history.known_in_hand.get(seat, 0)
        if known:
            facts.append(f"holds {cards(known)} (you passed it)")
        if facts:
            lines.append(f"  {who(seat, me, capital=True)}: {'; '.join(facts)}.")
    face_down = list(TOKENS)
    for value in view.line:
        if value:
            face_down.remove(value)
    if face_down:
        counts = ", ".join(f"{face_down.count(v)} x {v}" for v in sorted(set(face_down)))
        lines.append(f"Tokens still face down: {counts}.")
    return lines


def _example_pass(hand: int) -> str:
    held = mask_indices(hand)
    if len(held) < 2:
        return "pass Qh 2c"
    return f"pass {card(held[-1])} {card(held[0])}"


TERMINAL = DivideTerminal()

__all__ = ["TERMINAL", "DivideTerminal", "card", "cards", "hand_by_suit", "known_lines", "rules_text", "token_line",
           "who"]

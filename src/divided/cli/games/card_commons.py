"""Card Commons in the terminal: the words ``divided play --game card-commons`` prints for it.

Before each of your moves: the round and the scores, the actions each player has used, the
pile and hand sizes, then the cards: the game's books where its room is installed (your hand,
both Collections, what you know of the hidden cards), or else your hand and both Collections
(your reserved card marked ``*``, the other's as a back ``##``).
What the bot did is told from your view: the kind of its Reserve or Discard (never the cards),
its offers and what it kept. After each round the showdown: both Collections, both builds and
the points. The menu numbers the moves that are few (reserves, discards, keeps, the best
builds: by their value against the bot's sound build where the build valuation is installed,
Enter taking the best, else the strongest 5-card hands); any move can also be typed as the rules
write it (``offer Ah Kh | Qh Jh``).

>>> from divided import games
>>> from divided.cli.games.card_commons import TERMINAL
>>> state = games.load("card-commons", first_starter=0).new_initial_state(seed=3)
>>> print("\\n".join(TERMINAL.table(state.observation(0))[:2]))
Round 1. Score: you 0, the bot 0 (first to 5 wins). You start this round.
Your hand (7): Tc Js Jd Kd Kc Ah Ad
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.resources import files
from typing import Any

from divided.bots import names as bot_names
from divided.cards import PACK_21
from divided.cli.games.base import Menu, Terminal
from divided.games.card_commons import actions as act
from divided.games.card_commons.state import Phase, RoundResult
from divided.games.card_commons.view import PlayerView, SeenBuild, SeenKeep, SeenTurn
from divided.games.room import GameRoom
from divided.hands.five import evaluate_mask, strength_of_mask
from divided.hands.three import evaluate3_mask, strength3_of_mask

GAME = "card-commons"
BACK = "##"
"""How a face-down card the viewer may not see is written."""
MAX_LISTED = 40
"""Above this many legal moves the menu numbers only the kinds with the fewest choices."""
LISTED_BUILDS = 8


def rules_text() -> str:
    """The rules of Card Commons, in the project's own words (Markdown)."""
    return files("divided").joinpath("rules_text", "card-commons.md").read_text(encoding="utf-8")


def _cards(mask: int) -> str:
    return PACK_21.format_mask(mask) if mask else "-"


def _who(seat: int, me: int | None, *, capital: bool = False) -> str:
    if me is None:
        return f"Player {seat}" if capital else f"player {seat}"
    if seat == me:
        return "You" if capital else "you"
    return "The bot" if capital else "the bot"


def _five(mask: int) -> str:
    return f"{PACK_21.format_mask(mask)} ({evaluate_mask(mask).category.label})"


def _three(mask: int) -> str:
    return f"{PACK_21.format_mask(mask)} ({evaluate3_mask(mask).category.label})"


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _used(bits: int) -> str:
    names = [kind.words for kind in act.TURN_KINDS if bits >> kind & 1]
    return ", ".join(names) if names else "none yet"


def showdown(result: RoundResult, me: int | None) -> list[str]:
    """A finished round in words: each side's two hands, who won each comparison, the points."""
    extra = " (an extra round)" if result.extra else ""
    lines = [f"Round {result.round + 1}{extra}, the showdown:"]
    seats = (0, 1) if me is None else (me, 1 - me)
    for seat in seats:
        name = _who(seat, me, capital=True)
        lines.append(f"  {name}: 5-card {_five(result.fives[seat])} | 3-card {_three(result.threes[seat])}")
    for what, winner, value in (("5-card", result.five, 2), ("3-card", result.three, 1)):
        won = "equal: both score" if winner is None else f"{_who(winner, me)} win" + ("" if winner == me else "s")
        lines.append(f"  The {what} hands: {won} {value}.")
    points = ", ".join(f"{_who(seat, me)} {result.points[seat]}" for seat in seats)
    scores = ", ".join(f"{_who(seat, me)} {result.scores[seat]}" for seat in seats)
    lines.append(f"  Points this round: {points}; the score: {scores}.")
    return lines


def valued_builds(view: PlayerView) -> tuple[list[Any], str] | None:
    """Every split of the viewer's Collection valued by the build valuation (ruling C7: expected
    points and the chance of winning the match against the opponent's sound build), best first,
    and the aim in words; ``None`` where the valuation is not installed."""
    try:
        from divided.bots.card_commons.build import analyse_build  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    analysis = analyse_build(view)
    return list(analysis.splits), str(analysis.reason)


class CardCommonsTerminal(Terminal):
    """Card Commons' terminal part (:data:`TERMINAL`)."""

    @property
    def default_bot(self) -> str:  # type: ignore[override]
        """The skilled bot, where the game's own bots are installed (else the generic random one)."""
        return "skilled" if "skilled" in bot_names(GAME) else "random"

    def table(self, view: PlayerView, *, cards: bool = True) -> list[str]:
        """The table as ``view.player`` sees it; without ``cards``, only the round, the scores, the
        actions used and the sizes (the game's books then tell the cards)."""
        me = view.player
        assert me is not None
        other = 1 - me
        target = view.options.target
        extra = " (an extra round: both reached the target level)" if view.extra else ""
        lines = [f"Round {view.round + 1}{extra}. Score: you {view.scores[me]}, the bot {view.scores[other]} "
                 f"(first to {target} wins). {_who(view.starter, me, capital=True)} "
                 f"{'start' if view.starter == me else 'starts'} this round."]
        if cards:
            lines += self._cards(view, me, other)
        lines.append(f"Actions used: you {_used(view.used[me])}; the bot {_used(view.used[other])}.")
        if view.phase != Phase.BUILD:
            lines.append(f"Draw pile: {_count(view.pile_size)}. The bot's hand: {_count(view.hand_sizes[other])}.")
        return lines

    def _cards(self, view: PlayerView, me: int, other: int) -> list[str]:
        lines = []
        if view.phase in (Phase.ACT, Phase.KEEP, Phase.DRAW):
            lines.append(f"Your hand ({view.hand.bit_count()}): {_cards(view.hand)}")
        mine = [f"{PACK_21.format_mask(view.reserved)}*"] if view.reserved else []
        mine += [str(c) for c in PACK_21.cards_of(view.face_up[me])]
        lines.append(f"Your Collection ({len(mine)}): {' '.join(mine) or '-'}"
                     + ("   (* your reserved card: the bot cannot see it)" if view.reserved else ""))
        theirs = [BACK] if view.has_reserved[other] else []
        theirs += [str(c) for c in PACK_21.cards_of(view.face_up[other])]
        lines.append(f"The bot's Collection ({len(theirs)}): {' '.join(theirs) or '-'}"
                     + (f"   ({BACK}: its reserved card, face down)" if view.has_reserved[other] else ""))
        if view.discards:
            lines.append(f"Your discards (nobody else sees them): {_cards(view.discards)}")
        return lines

    def news(self, view: PlayerView, seat: int, cursor: int) -> tuple[list[str], int]:
        lines: list[str] = []
        for event in view.events[cursor:]:
            if isinstance(event, SeenTurn) and event.player != seat:
                if event.kind == act.Kind.RESERVE:
                    lines.append("The bot reserved a card (face down).")
                elif event.kind == act.Kind.DISCARD:
                    lines.append("The bot discarded two cards (face down).")
                else:
                    assert event.action is not None
                    lines.append(f"The bot offers {act.describe(event.action)[len('offer '):]}.")
            elif isinstance(event, SeenKeep) and event.player != seat:
                lines.append(f"The bot kept {_cards(act.decode(event.action).cards)}; you keep the rest.")
            elif isinstance(event, SeenBuild):
                if event.player != seat:
                    lines.append("The bot has built its hands.")
                if event.player == 1 and event.round < len(view.rounds):  # seat 1 builds last
                    lines += ["", *showdown(view.rounds[event.round], seat)]
                    if view.outcome is None:
                        who = _who(view.starter, seat, capital=True)
                        extra = " (an extra round)" if view.extra else ""
                        lines.append(f"Round {view.round + 1}{extra}: {who} {'start' if view.starter == seat else 'starts'}.")
        return lines, len(view.events)

    def bot_moved(self, player: int, bot: str) -> list[str]:
        return []  # the view tells it (news)

    def before_move(self, view: PlayerView, room: GameRoom[Any, PlayerView] | None) -> list[str]:
        if room is None:
            return ["", *self.table(view)]
        return ["", *self.table(view, cards=False), room.books(view).describe()]

    def menu(self, view: PlayerView, legal: Sequence[int], label: Callable[[int], str]) -> Menu:
        if view.phase == Phase.KEEP:
            offer = act.decode(view.offer)
            if offer.kind == act.Kind.OFFER_THREE:
                return Menu((f"The bot offers {_cards(offer.cards)}: keep one card (it keeps the other two).",),
                            tuple(legal))
            assert offer.sets is not None
            return Menu((f"The bot offers two sets, {_cards(offer.sets[0])} and {_cards(offer.sets[1])}: "
                         "keep one set (it keeps the other).",), tuple(legal))
        if view.phase == Phase.BUILD:
            return self._build_menu(view, legal)
        return self._turn_menu(view, legal)

    def _turn_menu(self, view: PlayerView, legal: Sequence[int]) -> Menu:
        me = view.player
        assert me is not None
        left = [kind for kind in act.TURN_KINDS if not view.used[me] >> kind & 1]
        examples = {act.kind_of(a): act.describe(a) for a in reversed(legal)}  # the first of each kind
        lines = [f"Your turn: use one of {', '.join(f'{k.words} (e.g. {examples[k]})' for k in left)}."]
        if len(legal) <= MAX_LISTED:
            return Menu((*lines, "Your move:"), tuple(legal))
        listed: list[int] = []
        for kind in left:  # the kinds with the fewest choices come first in TURN_KINDS
            of_kind = [a for a in legal if act.kind_of(a) == kind]
            if not listed or len(listed) + len(of_kind) <= MAX_LISTED:
                listed += of_kind
        lines.append(f"{len(legal)} moves are legal; type any of them as shown above, or a number:")
        return Menu(tuple(lines), tuple(listed))

    def _build_menu(self, view: PlayerView, legal: Sequence[int]) -> Menu:
        valued = valued_builds(view)
        if valued is not None:
            splits, reason = valued
            lines = ["Build: split your Collection into a 5-card and a 3-card hand (type 'build' and the three "
                     "cards of the 3-card hand).", reason,
                     "The best splits, valued against the bot's possible Collections and sound builds "
                     "(Enter takes the first):"]
            shown = [split for split in splits if split.action in legal][:LISTED_BUILDS]
            for number, split in enumerate(shown, 1):
                lines.append(f"  [{number}] 5-card {_five(split.five)} | 3-card {_three(split.three)}: "
                             f"match won {split.match_win:.0%}, points {split.points_for:.2f} for, "
                             f"{split.points_against:.2f} against")
            return Menu(tuple(lines), tuple(split.action for split in shown), shown[0].action)
        collection = view.collection

        def strength(action: int) -> tuple[int, int]:
            three = act.decode(action).cards
            return strength_of_mask(collection ^ three), strength3_of_mask(three)

        ranked = sorted(legal, key=strength, reverse=True)[:LISTED_BUILDS]
        lines = ["Build: split your Collection into a 5-card and a 3-card hand (type 'build' and the three cards "
                 "of the 3-card hand). Each comparison scores on its own, so the strongest 5-card hand is not "
                 "always the best split. Strongest 5-card hands first:"]
        for number, action in enumerate(ranked, 1):
            three = act.decode(action).cards
            lines.append(f"  [{number}] 5-card {_five(collection ^ three)} | 3-card {_three(three)}")
        return Menu(tuple(lines), tuple(ranked))

    def ending(self, view: PlayerView, seat: int) -> list[str]:
        result = view.result
        assert result is not None and view.outcome is not None
        winner = view.outcome.winner
        headline = result.headline
        if winner is not None:
            headline = headline.replace(f"Player {winner} wins", "You win" if winner == seat else "The bot wins")
        scores = ", ".join(f"{r.scores[seat]}-{r.scores[1 - seat]}" for r in view.rounds)
        return ["", f"{headline}.", f"Scores after each round (you first): {scores}."]


TERMINAL = CardCommonsTerminal()

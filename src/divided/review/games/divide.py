"""DIVIDE's words for the review: why a commit, a pass, a card played or a reward drafted was
worth what the advisor says, from computed facts of the player's view only and the values.

The facts are the game's own: where a card finishes in the trick (final when the player is the
last to play it, "so far" otherwise), which pick of the Divide that place gives, the token at
stake, the Trump Rank a card belongs to or a pick names (and how many cards of that rank the
player holds), what a pass gives to each neighbour (a card of the Trump Rank, a Joker, a suit
left void), and which rewards a pick leaves to the finishers after it (the Trump given away).

>>> from divided import games
>>> state = games.load("divide", first_dealer=3).new_initial_state(seed=7)
>>> view = state.observation(0)
>>> legal = state.legal_actions()
>>> EXPLAINER.phase(view)
'commit'
>>> EXPLAINER.reason(view, legal, legal[0], legal[0], {a: 0.25 for a in legal}, {})
'commit 4s was as good as any move: 25% to win the game; 4s (8 higher spades out) leads Trick 1; No Trump is in force.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from divided.bots.base import TIE
from divided.cards import STANDARD_54
from divided.games.divide import actions as act
from divided.games.divide.history import read_history
from divided.games.divide.state import TRICKS, Phase
from divided.games.divide.tricks import (
    JOKER_MASK,
    RANK_MASKS,
    SUIT_MASKS,
    SUIT_NAMES,
    finishing_seats,
    is_joker,
    rank_of,
)
from divided.games.divide.view import PlayerView

_TIE = TIE
PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")
_PHASES = {Phase.COMMIT: "commit", Phase.PASS: "pass", Phase.PLAY: "play", Phase.DRAFT: "divide"}
_REWARDS = {act.Reward.POINTS: "Points", act.Reward.TRUMP: "Trump", act.Reward.LEAD: "Lead"}


def _pct(value: float) -> str:
    return f"{value:.0%}"


def _card(index: int) -> str:
    return str(STANDARD_54[index])


RANK_WORDS = {2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes", 7: "Sevens", 8: "Eights", 9: "Nines",
              10: "Tens", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}
"""A Trump Rank in the table's words ("Tens", never "T", which reads as half a card)."""


def _trump_words(rank: int | None) -> str:
    """``"Tens"``, or ``"No Trump"``."""
    return "No Trump" if rank is None else RANK_WORDS[rank]


def _who(view: PlayerView, seat: int) -> str:
    """A seat as the table names it: ``you``, or ``Bot 2`` (bots by their place clockwise from
    the viewer: Bot 1 sits on the viewer's left)."""
    me = view.player if view.player is not None else 0
    return "you" if seat == me else f"Bot {(seat - me) % view.num_players}"


def _words(view: PlayerView, action: int) -> str:
    """The action as the review names it (``commit Qh``, ``pass Qh left, 2c right``, ``Qh``,
    ``take Trump and declare Sevens``)."""
    if view.phase == Phase.DRAFT and act.reward_of(action) == act.Reward.TRUMP:
        return f"take Trump and declare {_trump_words(act.declared_rank(action))}"
    text = act.describe(action)
    return f"commit {text}" if view.phase == Phase.COMMIT else text


class DivideExplainer:
    """The review's reasons for DIVIDE's four kinds of decision."""

    def phase(self, view: PlayerView) -> str:
        return _PHASES.get(view.phase, str(view.phase))

    def reason(self, view: PlayerView, legal: Sequence[int], played: int, best: int,
               values: Mapping[int, float], labels: Mapping[int, str],
               policy: Mapping[int, float] | None = None) -> str:
        facts = {Phase.COMMIT: _commit_facts, Phase.PASS: _pass_facts, Phase.PLAY: _play_facts,
                 Phase.DRAFT: _draft_facts}.get(view.phase)
        if facts is None:
            raise ValueError(f"no decision to explain at the {view.phase} phase")
        if played == best or values[best] - values[played] <= _TIE:
            return (f"{_words(view, played)} was as good as any move: {_pct(values[played])} to win the game; "
                    f"{facts(view, played)}.")
        return (f"you played {_words(view, played)} ({_pct(values[played])} to win the game); "
                f"{_words(view, best)} gives {_pct(values[best])}. Here {facts(view, best)}, while "
                f"{facts(view, played)}.")


EXPLAINER = DivideExplainer()


# -- facts -----------------------------------------------------------------------------------------

def _trump_card(view: PlayerView, card: int) -> str:
    """`` (a card of the Trump Rank)``, `` (a Joker)`` or nothing."""
    if is_joker(card):
        return " (a Joker: it beats every card but the Trump Rank's)" if view.trump is not None else \
            " (a Joker: with No Trump it beats every other card)"
    if view.trump is not None and rank_of(card) == view.trump:
        return " (a card of the Trump Rank)"
    return ""


def _standing(view: PlayerView, card: int) -> str:
    """How many higher cards of ``card``'s suit are still out (not in the viewer's hand, not
    played this round): `` (the top spade still out)`` or `` (3 higher spades out)``."""
    if is_joker(card) or (view.trump is not None and rank_of(card) == view.trump):
        return ""
    seen = view.hand | read_history(view).current.played_cards | (1 << view.commit if view.commit >= 0 else 0)
    suit = card % 4
    higher = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1) & ~seen
    if view.trump is not None:
        higher &= ~RANK_MASKS[view.trump]
    singular = SUIT_NAMES[suit][:-1]
    count = higher.bit_count()
    if not count:
        return f" (the top {singular} still out)"
    return f" ({count} higher {SUIT_NAMES[suit] if count > 1 else singular} out)"


def _commit_facts(view: PlayerView, card: int) -> str:
    trump = f"the Trump Rank is {_trump_words(view.trump)}" if view.trump is not None else "No Trump is in force"
    if view.player == view.first_leader:
        role = ("leads Trick 1 (the first suited card after it sets the suit)" if is_joker(card)
                else "leads Trick 1")
    else:
        role = f"is played blind to {_who(view, view.first_leader)}'s lead in Trick 1"
    return f"{_card(card)}{_trump_card(view, card)}{_standing(view, card)} {role}; {trump}"


def _pass_facts(view: PlayerView, action: int) -> str:
    me = view.player if view.player is not None else 0
    n = view.num_players
    left, right = act.pass_cards(action)
    parts = [f"{_card(left)}{_trump_card(view, left)} goes to {_who(view, (me + 1) % n)} and "
             f"{_card(right)}{_trump_card(view, right)} to {_who(view, (me - 1) % n)}"]
    kept = view.hand & ~(1 << left | 1 << right)
    void = [SUIT_NAMES[s] for s in range(4) if view.hand & SUIT_MASKS[s] and not kept & SUIT_MASKS[s]]
    if void:
        parts.append(f"it leaves you void in {' and '.join(void)} (until the cards passed to you arrive)")
    if view.trump is not None:
        held = (kept & RANK_MASKS[view.trump]).bit_count()
        parts.append(f"you keep {held} of the Trump Rank ({_trump_words(view.trump)})")
    jokers = (kept & JOKER_MASK).bit_count()
    if jokers:
        parts.append(f"you keep {jokers} Joker" + ("s" if jokers > 1 else ""))
    return "; ".join(parts)


def _play_facts(view: PlayerView, card: int) -> str:
    me = view.player if view.player is not None else 0
    n = view.num_players
    plays = (*view.plays, (me, card))
    order = finishing_seats(plays, view.trump)
    place = order.index(me)
    final = len(plays) == n
    if len(plays) == 1:
        where = f"leads Trick {view.trick}" + ("" if is_joker(card) else f", so {SUIT_NAMES[card % 4]} must be followed")
    elif final:
        gets = f"the {PLACES[place]} pick of the Divide" if place < 3 else "no pick of the Divide"
        where = f"finishes {PLACES[place]} as the last card of the trick, which gives {gets}"
    else:
        to_play = n - len(plays)
        where = (f"would be {PLACES[place]} so far, with {to_play} player{'s' if to_play > 1 else ''} still "
                 "to play")
        if place > 0:
            where += f" (behind {_card(dict(plays)[order[0]])})"
    token = view.current_token
    stake = f"; the token at stake is a {token}" if token else ""
    return f"{_card(card)}{_trump_card(view, card)}{_standing(view, card)} {where}{stake}"


def _draft_facts(view: PlayerView, action: int) -> str:
    reward = act.reward_of(action)
    if reward == act.Reward.POINTS:
        what = f"Points claims the {view.current_token}" if view.current_token else "Points claims this trick's token"
    elif reward == act.Reward.LEAD:
        what = ("Lead has no effect after Trick 9 (the next round's Trick 1 is led left of the dealer)"
                if view.trick == TRICKS else f"Lead lets you lead Trick {view.trick + 1}")
    else:
        rank = act.declared_rank(action)
        if rank is None:
            jokers = (view.hand & JOKER_MASK).bit_count()
            what = "declaring No Trump leaves no Trump Rank"
            if jokers:
                what += f" (your {jokers} Joker{'s' if jokers > 1 else ''} then beat every other card)"
        else:
            held = (view.hand & RANK_MASKS[rank]).bit_count()
            same = " (the rank already in force)" if rank == view.trump else ""
            what = (f"declaring {_trump_words(rank)} makes every card of that rank a trump{same}; "
                    f"you hold {held} of them")
    taken = {act.reward_of(p) for p in (*view.picks, action)}
    left = [r for r in (act.Reward.POINTS, act.Reward.TRUMP, act.Reward.LEAD) if r not in taken]
    after = view.finishers[len(view.picks) + 1:]
    if left and after:
        names = " and ".join(_REWARDS[r] + (f" (a {view.current_token})" if r == act.Reward.POINTS and
                                            view.current_token else "") for r in left)
        finishers = " then ".join(f"{_who(view, seat)} ({PLACES[len(view.picks) + 1 + k]})"
                                  for k, seat in enumerate(after))
        what += f"; it leaves {names} to {finishers}"
        if act.Reward.TRUMP in left:
            what += ", so another player names the Trump Rank"
    return what


__all__ = ["EXPLAINER", "DivideExplainer"]

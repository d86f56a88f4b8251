"""DIVIDE's skilled bot: card-play and draft rules a player would use, from the view alone.

Everything is decided from a :class:`Seat`: my hand, the cards I cannot place (``unseen``: the
other hands and, at four players, the undealt cards), the Trump Rank, the token line as far as it
is face up, the trick so far and who is known to be void in which suit. The same functions serve
the bot (a :class:`Seat` read from its view, :func:`seat_of_view`) and the fast playouts of
:mod:`divided.bots.divide.rollouts` (a :class:`Seat` kept up to date as the round is played).

In a player's words:

* **My winners.** A card of the Trump Rank wins whenever I lead it (it is then the lead suit's
  trump, the top card) and whenever I am void in the lead suit; a Joker wins when led under No
  Trump; a card is "boss" when no unseen card of its suit (not of the Trump Rank) is higher, and
  it wins when its suit is led, unless a void player trumps it. I count them:
  :func:`winners` (a boss counts 3/4, a Joker under a Trump Rank 1/2).
* **Which tricks to win.** The nine tokens are known as a multiset, only their order is hidden,
  so I know how many tokens still to come are worth more than this trick's. I spend a winner on
  this trick only when I hold more winners than there are better tokens to come (a 5 always gets
  one; a 1 only from a hand full of winners). A trick I can win with a card that is not a winner
  (the lowest card that beats the table when I play last, or a boss nobody can trump) I take
  anyway: it costs nothing.
* **Following.** To win I play the cheapest card that wins and will hold (nobody after me can
  beat it with a card I cannot place); when I play last, the lowest card that wins. Otherwise I
  duck with my lowest card of the lead suit.
* **Void in the lead suit.** To win, the lowest card of the Trump Rank that takes the lead (a
  Joker when that holds). Otherwise I discard the lowest card of my shortest plain suit, to make
  another void; never a card of the Trump Rank, a Joker or a boss while anything else will do.
* **Leading.** When this trick is worth a winner: a card of the Trump Rank (sure), else a Joker
  under No Trump (sure), else my best boss. Otherwise the lowest card of my shortest plain suit
  (a singleton led is a void made).
* **The draft.** Points is worth the token, and it counts most: a token I leave goes to the next
  finisher. Lead is worth a fifth of the next token when I hold a card that wins once I lead it
  (a Trump-Rank card, a Joker under No Trump, a boss), nothing otherwise, and less than anything
  after Trick 9 (it does not carry over; Trump does). Trump is worth what the best rank adds to
  my hand against the current one (:func:`trump_strength`: my cards of that rank, less half of
  what the others can be expected to hold) times the average token to come, at a weight of
  :data:`TRUMP_FACTOR`: so I declare a rank I hold long, or break a rank the others hold, when
  the token on offer is small. I take the most valuable (a 5 on offer always goes to Points);
  left with Trump as third finisher, I declare my strongest rank. (The weights come from matches
  of one changed seat against three skilled ones: valuing Lead or Trump higher lost.)
* **The commit** (Trick 1, before the tokens show; the player left of the dealer sets the lead
  suit): I weigh each card's chance of taking Trick 1 (leading it, or matching an unknown suit)
  against what it is worth later (:func:`keep_value`).
* **The pass**: the two cards that help me least later (the lowest :func:`keep_value`, ranks I
  hold several of kept for a Trump declaration), which are also the ones that help a neighbour
  least; the lower card goes to the left, the player who plays after me. (Emptying a suit at the
  commit or the pass is not sought: a bonus for it lost games against the rules without it.)

All of it works on bit masks; a decision takes tens of microseconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from divided.bots.base import one_hot, view_random
from divided.cards import mask_indices
from divided.games.divide import actions as act
from divided.games.divide.rules import DECK_MASKS
from divided.games.divide.state import TOKENS, TRICKS, Phase, TrickEvent
from divided.games.divide.tricks import JOKER_MASK, RANK_MASKS, SUIT_MASKS, lead_suit, playable, trick_key
from divided.games.divide.view import PlayerView

BOSS_WEIGHT = 0.75
"""A boss card counts this much of a sure winner (a void player may trump it)."""
LEAD_WITH_WINNER = 0.2
"""Lead is worth this share of the next token when I hold a card that wins once I lead it."""
LEAD_WITHOUT = 0.0
"""... and this share without one."""
TRUMP_FACTOR = 0.25
"""Trump is worth this times (strength gained) x (average token to come)."""
OTHERS_WEIGHT = 0.5
"""How much the others' expected cards of a rank count against mine in :func:`trump_strength`."""
MEAN_TOKEN = sum(TOKENS) / len(TOKENS)


@dataclass(frozen=True, slots=True)
class Seat:
    """What the rules need to know at one decision (masks over the 54-card deck).

    ``unseen``: cards that may be in another hand (at four players the undealt cards too);
    ``line``: the token line, 0 for a face-down token; ``trick``: the trick being played or drafted
    (0 before Trick 1); ``leader``: who leads it (Trick 1: the player left of the dealer);
    ``plays``: (seat, card) of the current trick; ``voids``: per seat, a mask of the suits (bit s)
    it is known to be void in; ``hand_sizes``: every seat's hand."""

    players: int
    seat: int
    hand: int
    unseen: int
    trump: int | None
    line: tuple[int, ...]
    trick: int
    leader: int
    plays: tuple[tuple[int, int], ...]
    voids: tuple[int, ...]
    hand_sizes: tuple[int, ...]


# -- what a hand is worth ----------------------------------------------------------------------
def _plain(trump: int | None) -> int:
    """The ranked cards that are not of the Trump Rank."""
    return ((1 << 52) - 1) & ~(RANK_MASKS[trump] if trump is not None else 0)


def is_boss(card: int, unseen: int, trump: int | None) -> bool:
    """A plain card with no unseen plain card of its suit above it."""
    if card >= 52 or (trump is not None and card // 4 + 2 == trump):
        return False
    suit = card % 4
    above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1) & _plain(trump)
    return not unseen & above


def bosses(hand: int, unseen: int, trump: int | None) -> int:
    """My boss cards and the ones that become boss as the top ones go (a mask): in each suit,
    my run of cards from the top among my cards and the unseen ones."""
    plain = _plain(trump)
    out = 0
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit] & plain
        if not mine:
            continue
        live = (mine | unseen) & SUIT_MASKS[suit] & plain
        while live:
            top = live.bit_length() - 1
            if not mine >> top & 1:
                break
            out |= 1 << top
            live &= ~(1 << top)
    return out


def winners(hand: int, unseen: int, trump: int | None) -> float:
    """How many tricks my hand can count on (see the module text)."""
    count = 0.0
    if trump is not None:
        count += (hand & RANK_MASKS[trump]).bit_count()
    jokers = (hand & JOKER_MASK).bit_count()
    count += jokers * (1.0 if trump is None else 0.5)
    count += BOSS_WEIGHT * bosses(hand, unseen, trump).bit_count()
    return count


def future_tokens(line: tuple[int, ...], trick: int) -> list[int]:
    """The tokens of Tricks ``trick + 1`` .. 9, as a multiset (their order may be hidden): all
    nine less the ones of Tricks 1..``trick``, which are face up by then."""
    rest = list(TOKENS)
    for value in line[:trick]:
        rest.remove(value)
    return rest


def worth_a_winner(seat: Seat, count: float) -> bool:
    """Whether this trick's token is among the ``count`` best tokens left (counting this one)."""
    value = seat.line[seat.trick - 1] if seat.trick >= 1 else 0
    if value == 0:
        return count >= 1 + len(future_tokens(seat.line, seat.trick)) / 2
    rest = future_tokens(seat.line, seat.trick)
    better = sum(v > value for v in rest)
    equal = sum(v == value for v in rest)
    return count > better + equal / 2


def keep_value(card: int, hand: int, unseen: int, trump: int | None) -> float:
    """What a card is worth later in the round (commit and pass): a card of the Trump Rank 3, a
    Joker 2.5 under No Trump (1.5 otherwise), a boss 2, a king 1.2, a queen 0.6, a jack 0.3, lower
    cards a little by rank; plus 0.3 for every other card I hold of its rank (a Trump to declare)."""
    if card >= 52:
        return 2.5 if trump is None else 1.5
    rank = card // 4 + 2
    if trump is not None and rank == trump:
        return 3.0
    value = 2.0 if is_boss(card, unseen, trump) else {13: 1.2, 12: 0.6, 11: 0.3}.get(rank, rank / 50)
    return value + 0.3 * ((hand & RANK_MASKS[rank]).bit_count() - 1)


def trump_strength(seat: Seat, hand: int, rank: int | None) -> float:
    """How good Trump Rank ``rank`` is for ``hand``: my cards of the rank (at most one a trick
    left) less half the cards of it the others can be expected to hold (Jokers for No Trump)."""
    return _strength(hand, seat.unseen, TRICKS - seat.trick, _held(seat), rank)


def _held(seat: Seat) -> float:
    """The chance that an unseen card is in another player's hand (not undealt)."""
    unseen = seat.unseen.bit_count()
    others = sum(seat.hand_sizes) - seat.hand_sizes[seat.seat]
    return min(1.0, others / unseen) if unseen else 0.0


def _strength(hand: int, unseen: int, tricks_left: int, held: float, rank: int | None) -> float:
    pool = JOKER_MASK if rank is None else RANK_MASKS[rank]
    return min((hand & pool).bit_count(), tricks_left) - OTHERS_WEIGHT * (unseen & pool).bit_count() * held


# -- tricks ----------------------------------------------------------------------------------
def _key(card: int, position: int, lead: int | None, trump: int | None) -> tuple[int, int, int]:
    if lead is None and card < 52:
        lead = card % 4
    return trick_key(card, position, lead, trump)


def holds(seat: Seat, card: int) -> bool:
    """Whether ``card`` played now would stay on top: no unseen card a later player must or may
    play beats it (cards of the lead suit always count; a Trump-Rank card or Joker of another suit
    counts when a later player is known to be void in the lead suit, or the lead suit is unknown)."""
    played = [c for _, c in seat.plays]
    position = len(played)
    lead = lead_suit([*played, card])
    key = _key(card, position, lead, seat.trump)
    later = [(seat.seat + k) % seat.players for k in range(1, seat.players - position)]
    if not later:
        return True
    threats = seat.unseen & (SUIT_MASKS[lead] if lead is not None else 0)
    if lead is None or any(seat.voids[p] >> lead & 1 for p in later):
        threats |= seat.unseen & (JOKER_MASK | (RANK_MASKS[seat.trump] if seat.trump is not None else 0))
    later_position = position + 1
    return all(_key(u, later_position, lead, seat.trump) <= key for u in mask_indices(threats))


def _rank_order(card: int, hand: int, trump: int | None, unseen: int) -> tuple[int, int, int]:
    """Cheapest first: plain non-boss cards by rank, then bosses, then Jokers, then Trump-Rank
    cards (clubs first, spades last)."""
    if card >= 52:
        return (2, 0, card)
    rank = card // 4 + 2
    if trump is not None and rank == trump:
        return (3, 3 - card % 4, card)  # the lowest suit priority first
    if is_boss(card, unseen, trump):
        return (1, rank, card)
    return (0, rank, card)


def _discard(seat: Seat, cards: int) -> int:
    """The card to throw away: the lowest plain card of my shortest plain suit (no Trump-Rank
    card, Joker or boss while another card will do)."""
    hand, trump, unseen = seat.hand, seat.trump, seat.unseen
    plain = _plain(trump)

    def order(card: int) -> tuple[int, int, int, int]:
        kind, rank, _ = _rank_order(card, hand, trump, unseen)
        length = (hand & SUIT_MASKS[card % 4] & plain).bit_count() if card < 52 else 99
        return (kind, length, rank, card)

    return min(mask_indices(cards), key=order)


def play_choice(seat: Seat) -> int:
    """The skilled card to play (see the module text)."""
    played = [c for _, c in seat.plays]
    legal = playable(seat.hand, played)
    cards = mask_indices(legal)
    if len(cards) == 1:
        return cards[0]
    count = winners(seat.hand, seat.unseen, seat.trump)
    if not played:
        return _lead_choice(seat, legal, count)
    position = len(played)
    lead = lead_suit(played)
    top = max(_key(c, i, lead, seat.trump) for i, c in enumerate(played))
    winning = [c for c in cards if _key(c, position, lead, seat.trump) > top]
    last = position == seat.players - 1
    safe = [c for c in winning if last or holds(seat, c)]
    order = {c: _rank_order(c, seat.hand, seat.trump, seat.unseen) for c in cards}
    if safe:
        cheapest = min(safe, key=lambda c: order[c])
        if order[cheapest][0] == 0 or worth_a_winner(seat, count):
            return cheapest
    following = lead is not None and bool(legal & SUIT_MASKS[lead])
    if following:
        return min(cards, key=lambda c: order[c])
    return _discard(seat, legal)


def _lead_choice(seat: Seat, legal: int, count: float) -> int:
    hand, trump, unseen = seat.hand, seat.trump, seat.unseen
    if worth_a_winner(seat, count):
        if trump is not None and hand & RANK_MASKS[trump]:
            trumps = mask_indices(hand & RANK_MASKS[trump])
            plain = _plain(trump)
            # lead the one whose suit I am shortest in (the others then cannot follow it either)
            return min(trumps, key=lambda c: ((hand & SUIT_MASKS[c % 4] & plain).bit_count(), c))
        if trump is None and hand & JOKER_MASK:
            return mask_indices(hand & JOKER_MASK)[0]
        boss = bosses(hand, unseen, trump)
        strong = [c for c in mask_indices(boss) if is_boss(c, unseen, trump)]
        if strong:
            return max(strong, key=lambda c: (holds(seat, c), c // 4, -c))
    return _discard(seat, legal)


# -- the draft -------------------------------------------------------------------------------
def _next_token(seat: Seat) -> float:
    if seat.trick >= TRICKS:
        return 0.0
    value = seat.line[seat.trick]
    if value:
        return float(value)
    hidden = list(TOKENS)
    for v in seat.line:
        if v:
            hidden.remove(v)
    return sum(hidden) / len(hidden) if hidden else 0.0


def best_trump(seat: Seat) -> tuple[int | None, float]:
    """The strongest Trump Rank for my hand (ties: the current one, then No Trump, then the
    highest rank) and its :func:`trump_strength`."""
    hand, unseen, left, held = seat.hand, seat.unseen, TRICKS - seat.trick, _held(seat)
    best, best_value = seat.trump, _strength(hand, unseen, left, held, seat.trump)
    for rank in _TRUMP_OPTIONS:
        value = _strength(hand, unseen, left, held, rank)
        if value > best_value + 1e-9:
            best, best_value = rank, value
    return best, best_value


_TRUMP_OPTIONS: tuple[int | None, ...] = (None, *range(14, 1, -1))


def draft_values(seat: Seat, offered: Sequence[int]) -> dict[int, float]:
    """The value of each reward still offered (Points; Lead; Trump at the best rank)."""
    values: dict[int, float] = {}
    token = seat.line[seat.trick - 1] if seat.trick >= 1 else 0
    rest = future_tokens(seat.line, seat.trick)
    average = sum(rest) / len(rest) if rest else 0.0
    for action in offered:
        if action == act.POINTS:
            values[action] = float(token)
        elif action == act.LEAD:
            if seat.trick >= TRICKS:
                values[action] = -1.0  # no effect now; Trump at least carries into the next round
            else:
                share = LEAD_WITH_WINNER if _lead_winner(seat) else LEAD_WITHOUT
                values[action] = _next_token(seat) * share
    if any(act.TRUMP_BASE <= a <= act.NO_TRUMP for a in offered):
        rank, strength = best_trump(seat)
        gain = strength - trump_strength(seat, seat.hand, seat.trump)
        values[act.trump_action(rank)] = TRUMP_FACTOR * gain * average * min(1.0, len(rest) / 4)
    return values


def _lead_winner(seat: Seat) -> bool:
    hand, trump = seat.hand, seat.trump
    if trump is not None and hand & RANK_MASKS[trump]:
        return True
    if trump is None and hand & JOKER_MASK:
        return True
    return bool(bosses(hand, seat.unseen, trump))


def draft_choice(seat: Seat, offered: Sequence[int]) -> int:
    """The skilled reward (see the module text): the most valuable, ties to Points, then Lead."""
    if not any(act.reward_of(a) != act.Reward.TRUMP for a in offered):  # only Trump left: declare
        return act.trump_action(best_trump(seat)[0])
    if act.POINTS in offered and seat.trick >= 1 and seat.line[seat.trick - 1] == max(TOKENS):
        return act.POINTS  # a 5 is never left to the next finisher
    values = draft_values(seat, offered)
    preference = {act.POINTS: 0, act.LEAD: 1}
    return max(values, key=lambda a: (round(values[a], 9), -preference.get(a, 2)))


# -- the commit and the pass -----------------------------------------------------------------
def _trick_one_chance(card: int, seat: Seat, leading: bool) -> float:
    """A rough chance that ``card`` takes Trick 1 (the others' cards are of a random suit)."""
    others = seat.players - 1
    trump = seat.trump
    if card >= 52:
        return 0.9 if trump is None else 0.3
    rank = card // 4 + 2
    if trump is not None and rank == trump:
        return 0.9
    trumping = (4 / 52) if trump is not None else 0.0
    beat_each = 0.25 * (14 - rank) / 12 + trumping
    if leading:
        return (1 - beat_each) ** others
    return 0.25 * (1 - beat_each) ** others


def commit_choice(seat: Seat) -> int:
    """The skilled commit (see the module text)."""
    hand, trump, unseen = seat.hand, seat.trump, seat.unseen
    leading = seat.seat == seat.leader

    def score(card: int) -> float:
        return _trick_one_chance(card, seat, leading) * MEAN_TOKEN - keep_value(card, hand, unseen, trump)

    return max(mask_indices(hand), key=lambda c: (score(c), -c))


def pass_choice(seat: Seat) -> int:
    """The skilled pass (see the module text)."""
    hand, trump, unseen = seat.hand, seat.trump, seat.unseen
    keep = sorted(mask_indices(hand), key=lambda c: (keep_value(c, hand, unseen, trump), c))
    return act.pass_action(keep[0], keep[1])


# -- from the view ---------------------------------------------------------------------------
def seat_of_view(view: PlayerView) -> Seat:
    """The :class:`Seat` a player's view gives: the cards played this round, the voids shown by
    failing to follow (Trick 1 is committed, so it shows none). The cards I passed count as
    unseen: they are in a neighbour's hand until played."""
    assert view.player is not None
    n = view.num_players
    played = 0
    voids = [0] * n
    for event in view.round_events():
        if isinstance(event, TrickEvent):
            cards = [c for _, c in event.plays]
            played |= sum(1 << c for c in cards)
            if event.trick > 1:
                _note_voids(event.plays, voids)
    played |= sum(1 << c for _, c in view.plays)
    if view.trick > 1:
        _note_voids(view.plays, voids)
    if view.commit >= 0 and view.phase in (Phase.COMMIT, Phase.PASS, Phase.TOKENS):
        played |= 1 << view.commit
    deck = DECK_MASKS[n]
    unseen = deck & ~view.hand & ~played
    leader = view.leader if view.trick >= 1 else view.first_leader
    return Seat(n, view.player, view.hand, unseen, view.trump, view.line, view.trick, leader, view.plays,
                tuple(voids), view.hand_sizes)


def _note_voids(plays: Sequence[tuple[int, int]], voids: list[int]) -> None:
    lead = lead_suit([c for _, c in plays])
    if lead is None:
        return
    for seat, card in plays:
        if card >= 52 or card % 4 != lead:
            voids[seat] |= 1 << lead


@dataclass
class SkilledBot:
    """Heuristic play from the view alone (see the module text)."""

    name: str = "skilled"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """The skilled action (``rng`` is not used: the rules are deterministic)."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        if view.player is None:
            raise ValueError("a spectator's view cannot choose")
        if len(legal) == 1:
            return legal[0]
        seat = seat_of_view(view)
        if view.phase == Phase.COMMIT:
            choice = commit_choice(seat)
        elif view.phase == Phase.PASS:
            choice = pass_choice(seat)
        elif view.phase == Phase.PLAY:
            choice = play_choice(seat)
        elif view.phase == Phase.DRAFT:
            choice = draft_choice(seat, legal)
        else:
            return legal[0]
        if choice not in legal:
            raise AssertionError(f"the skilled rules chose {choice}, which is not legal here")
        return choice

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """One-hot on :meth:`choose`."""
        return one_hot(self.choose(view, legal, view_random(view)), legal)

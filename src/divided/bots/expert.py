"""The expert bot: search under hidden information, from its own view only.

Each decision uses the cheapest exact method that exists for it:

* **Build**: exact. Auto-arrange (the table) is best against every opponent (ruling R5).
* **Reserve**: exact enumeration. For keep and each card it could give, average the final
  result over every reserve card consistent with the view (the game's books: each equally
  likely), the opponent's holding following from it. When the opponent still has to decide,
  their reply is the one that maximises their own chance to win over what they can know (the
  cards of ours they can count on, and whether our swap was seen): the same exact rule this
  bot uses when it decides second. (Measured against ISMCTS, this reply model beat modelling
  the opponent as keeping, as swapping at random, as the skilled rule, or as seeing the
  reserve: see the project's reports.)
* **Split and choose**: determinisation. Sample worlds (the unseen cards dealt into the unseen
  places), weight each world by how likely the opponent's observed choices were in it under a
  soft model of play (so a splitter cannot steer it by always hiding one kind of pair), play
  each candidate action out in every world with the fast skilled rules, score the final
  holdings exactly with the auto-arrange table, and take the best weighted average. The same
  worlds serve every candidate (common random numbers).

``budget`` is the number of sampled worlds per split or choose decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from divided.bots.heuristics import average_pair_gain, best_split, choose_face_up, value_table
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.state import ALL_CARDS, ROUNDS, Phase
from divided.games.divided_ranks.view import PlayerView, SeenChoice, SeenSplit
from divided.hands.arrange import Scoring, arrange, best_key, packed_key_table, scoring_key, split_masks
from divided.hands.five import strength_table


class _Scorer:
    """Final results from holdings, by table look-ups (packed keys compare like the rules)."""

    def __init__(self, scoring: Scoring) -> None:
        self.keys = packed_key_table(scoring)

    def key(self, holding: int) -> int:
        return self.keys[holding]

    def result(self, mine: int, theirs: int) -> float:
        """1 for a win of ``mine``, 0.5 for a draw, 0 for a loss."""
        a, b = self.key(mine), self.key(theirs)
        return 1.0 if a > b else 0.5 if a == b else 0.0


@dataclass(frozen=True, slots=True)
class _Round:
    splitter: int
    face_up: int
    face_down: int | None
    chooser_took_up: bool


@dataclass
class ExpertBot:
    """Determinised search with inference for the draft; exact reserve and build."""

    budget: int = 160
    epsilon: float = 0.3
    beta: float = 1.0
    name: str = "expert"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        phase = view.phase
        if phase == Phase.BUILD:
            return act.build_action(arrange(view.hand, view.options.scoring).split)
        if phase == Phase.RESERVE:
            return _first_best(legal, self._reserve_values(view, legal))
        if phase in (Phase.SPLIT, Phase.CHOOSE):
            totals, weight_sum = self._draft_totals(view, legal, rng)
            if weight_sum == 0.0:
                return legal[0]
            best = max(range(len(legal)), key=lambda i: (totals[i], -i))
            return legal[best]
        return legal[0]

    def evaluate(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> dict[int, float]:
        """The expert's estimated chance to win (a win 1, a draw 0.5) of every legal action,
        from the view alone; :meth:`choose` picks the best of exactly these numbers.

        * Reserve: exact, as :meth:`choose` computes it (every reserve card the books allow
          equally likely, the opponent's reply modelled as described above).
        * Split and choose: the weighted average over the ``budget`` sampled worlds (the same
          worlds, drawn from ``rng`` exactly as :meth:`choose` draws them).
        * Build: exact against the books. Each consistent world (each card the books allow as
          the reserve, equally likely) fixes the opponent's ten cards; the opponent
          auto-arranges (best against every split, ruling R5), and the value of a split is
          its average result against that. The auto-arranged split, which :meth:`choose`
          plays, has the highest value (its key is at least every other split's key).
        """
        phase = view.phase
        if phase == Phase.BUILD:
            return self._build_values(view, legal)
        if phase == Phase.RESERVE:
            return self._reserve_values(view, legal)
        if phase in (Phase.SPLIT, Phase.CHOOSE):
            totals, weight_sum = self._draft_totals(view, legal, rng)
            if weight_sum == 0.0:
                return {action: 0.5 for action in legal}
            return {action: totals[i] / weight_sum for i, action in enumerate(legal)}
        return {action: 0.5 for action in legal}

    # -- the build: exact against the books ------------------------------------------------
    @staticmethod
    def build_worlds(view: PlayerView) -> list[int]:
        """The opponent holdings consistent with the books at the build (one per card that
        can be the reserve, each equally likely)."""
        books = knowledge(view)
        candidates = [books.reserve] if books.reserve is not None else sorted(books.reserve_odds)
        return [ALL_CARDS ^ view.hand ^ (1 << card) for card in candidates]

    def _build_values(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        scoring = view.options.scoring
        strength = strength_table()
        theirs = [best_key(holding, scoring) for holding in self.build_worlds(view)]
        values: dict[int, float] = {}
        for action in legal:
            first, second = split_masks(view.hand, action - act.BUILD)
            mine = scoring_key(strength[first], strength[second], scoring)
            total = sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in theirs)
            values[action] = total / len(theirs)
        return values

    # -- the reserve: exact --------------------------------------------------------------
    def _reserve_values(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        books = knowledge(view)
        scorer = _Scorer(view.options.scoring)
        me = view.player
        hand = view.hand
        candidates = [books.reserve] if books.reserve is not None else sorted(books.reserve_odds)
        they_reply = view.reserve_first == me
        unmarked = hand & ~books.marked
        values: dict[int, float] = {}
        for action in legal:
            give = None if action == act.KEEP else action - act.GIVE
            total = 0.0
            for card in candidates:
                mine = hand if give is None else hand ^ (1 << give) | (1 << card)
                theirs = ALL_CARDS ^ hand ^ (1 << card)
                if they_reply:
                    reserve_now = card if give is None else give
                    theirs = self._their_reply(view, scorer, theirs, reserve_now, hand, unmarked, card, give)
                total += scorer.result(mine, theirs)
            values[action] = total / len(candidates)
        return values

    def _their_reply(self, view: PlayerView, scorer: _Scorer, theirs: int, reserve_now: int,
                     my_hand: int, my_unmarked: int, card: int, give: int | None) -> int:
        """The opponent's holding after their reserve decision, made as this bot makes its own
        second decision: the option with the best chance to win, over the cards that could be
        the reserve from their side (our cards they cannot count on and the reserve; after our
        blind swap, any card they do not hold; after a face-up swap, the card we gave)."""
        hidden_from_them = my_unmarked | (1 << card)
        if view.options.face_up_swap and give is not None:
            their_candidates = 1 << give
        elif give is None:
            their_candidates = hidden_from_them
        elif hidden_from_them.bit_count() >= 2:
            their_candidates = my_hand | (1 << card)
        else:
            their_candidates = my_hand
        return self._their_best_reply(scorer, theirs, reserve_now, mask_indices(their_candidates))

    @staticmethod
    def _their_best_reply(scorer: _Scorer, theirs: int, reserve_now: int, candidates: list[int]) -> int:
        """The opponent's reply that maximises their chance to win, each card they cannot
        place equally likely to be the reserve (and our holding the rest)."""
        others = ALL_CARDS ^ theirs
        best_give, best_value = None, -1.0
        for give in [None, *mask_indices(theirs)]:
            value = 0.0
            for card in candidates:
                if not others >> card & 1:
                    continue
                ours = others ^ (1 << card)
                final = theirs if give is None else theirs ^ (1 << give) | (1 << card)
                value += 1.0 - scorer.result(ours, final)
            if value > best_value + 1e-12:
                best_give, best_value = give, value
        if best_give is None:
            return theirs
        return theirs ^ (1 << best_give) | (1 << reserve_now)

    # -- the draft: determinisation with inference -----------------------------------------
    def _draft_totals(self, view: PlayerView, legal: Sequence[int],
                      rng: random.Random) -> tuple[list[float], float]:
        """Each legal action's weighted total over the sampled worlds, and the total weight."""
        me, them = view.player, view.opponent
        books = knowledge(view)
        scorer = _Scorer(view.options.scoring)
        values = value_table()
        unseen = mask_indices(sum(1 << c for c in books.unaccounted))
        unseen_mask = sum(1 << c for c in unseen)
        rounds = _rounds(view)
        hidden_rounds = [i for i, r in enumerate(rounds) if r.face_down is None]
        choosing = view.phase == Phase.CHOOSE
        table_hidden = 2 if choosing and view.offer_face_down == 0 else 0
        stock_size = view.stock_size
        reserve_hidden = books.reserve is None  # the books place the reserve once 20 cards are seen
        slots = 2 * len(hidden_rounds) + table_hidden + stock_size + reserve_hidden
        if slots != len(unseen):
            raise AssertionError(f"{len(unseen)} unseen cards for {slots} hidden places")
        estimate = average_pair_gain(books.opponent_known, unseen_mask)
        first = view.first_splitter
        totals = [0.0] * len(legal)
        weight_sum = 0.0
        for _ in range(self.budget):
            cards = unseen[:]
            rng.shuffle(cards)
            position = 0
            faces_down: dict[int, int] = {}
            for index in hidden_rounds:
                faces_down[index] = (1 << cards[position]) | (1 << cards[position + 1])
                position += 2
            table_down = 0
            if table_hidden:
                table_down = (1 << cards[position]) | (1 << cards[position + 1])
                position += 2
            stock = cards[position : position + stock_size]
            weight, hands = self._replay_weight(view, rounds, faces_down, values, estimate)
            if choosing:  # the current split is the opponent's: weigh their offer too
                down = view.offer_face_down or table_down
                weight *= self._split_likelihood(hands[them], hands[me], view.offer | down, view.offer, estimate)
            if weight <= 0.0:
                continue
            weight_sum += weight
            for index, action in enumerate(legal):
                h = [hands[0], hands[1]]
                if choosing:
                    took_up = action == act.TAKE_FACE_UP
                    h[me] |= view.offer if took_up else down
                    h[them] |= down if took_up else view.offer
                else:
                    a, b = act.PAIRS[action - act.SPLIT]
                    up = (1 << a) | (1 << b)
                    down_pair = view.drawn ^ up
                    if choose_face_up(h[them], up, estimate):
                        h[them] |= up
                        h[me] |= down_pair
                    else:
                        h[them] |= down_pair
                        h[me] |= up
                _play_rounds(h, view.round + 1, first, stock, estimate)
                totals[index] += weight * scorer.result(h[me], h[them])
        return totals, weight_sum

    def _replay_weight(self, view: PlayerView, rounds: list[_Round], faces_down: dict[int, int],
                       values: object, estimate: float) -> tuple[float, list[int]]:
        """Replay the finished rounds in a world: both hands now, and the likelihood of the
        opponent's observed choices there."""
        me, them = view.player, view.opponent
        hands = [0, 0]
        weight = 1.0
        for index, played in enumerate(rounds):
            down = played.face_down if played.face_down is not None else faces_down[index]
            splitter = played.splitter
            chooser = 1 - splitter
            if splitter == them:
                weight *= self._split_likelihood(hands[them], hands[me], played.face_up | down,
                                                 played.face_up, estimate)
            else:
                weight *= self._choice_likelihood(hands[them], played.face_up, played.chooser_took_up, estimate)
            taken, kept = (played.face_up, down) if played.chooser_took_up else (down, played.face_up)
            hands[chooser] |= taken
            hands[splitter] |= kept
        return weight, hands

    def _split_likelihood(self, own: int, other: int, drawn: int, shown: int, estimate: float) -> float:
        table = value_table()
        cards = mask_indices(drawn)
        scores: list[float] = []
        shown_index = -1
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                up = (1 << a) | (1 << b)
                down = drawn ^ up
                if table[other | up] - table[other] >= estimate:
                    mine, theirs = down, up
                else:
                    mine, theirs = up, down
                if up == shown:
                    shown_index = len(scores)
                scores.append((table[own | mine] - table[own]) - (table[other | theirs] - table[other]))
        top = max(scores)
        exps = [math.exp(self.beta * (s - top)) for s in scores]
        model = exps[shown_index] / sum(exps)
        return self.epsilon / len(scores) + (1.0 - self.epsilon) * model

    def _choice_likelihood(self, hand: int, face_up: int, took_up: bool, estimate: float) -> float:
        table = value_table()
        margin = table[hand | face_up] - table[hand] - estimate
        p_up = 1.0 / (1.0 + math.exp(-self.beta * margin))
        model = p_up if took_up else 1.0 - p_up
        return self.epsilon / 2 + (1.0 - self.epsilon) * model


def _first_best(legal: Sequence[int], values: dict[int, float]) -> int:
    """The first action (in ``legal`` order, from keep) whose value beats every earlier one by
    more than 1e-12: the reserve's tie-break."""
    best_action, best_value = act.KEEP, -1.0
    for action in legal:
        if values[action] > best_value + 1e-12:
            best_action, best_value = action, values[action]
    return best_action


def _rounds(view: PlayerView) -> list[_Round]:
    """The finished split rounds as the viewer saw them."""
    splits: dict[int, SeenSplit] = {}
    out: list[_Round] = []
    for event in view.log:
        if isinstance(event, SeenSplit):
            splits[event.round] = event
        elif isinstance(event, SeenChoice):
            split = splits[event.round]
            face_down = event.face_down
            if face_down is None and split.drawn is not None:
                face_down = split.drawn ^ split.face_up
            out.append(_Round(split.splitter, split.face_up, face_down, event.took_face_up))
    return out


def _play_rounds(hands: list[int], next_round: int, first_splitter: int, stock: list[int],
                 estimate: float) -> None:
    """Play the remaining split rounds with the skilled rules (in place)."""
    position = 0
    for number in range(next_round, ROUNDS):
        splitter = first_splitter if number % 2 == 0 else 1 - first_splitter
        chooser = 1 - splitter
        drawn = 0
        for card in stock[position : position + 4]:
            drawn |= 1 << card
        position += 4
        up = best_split(hands[splitter], hands[chooser], drawn, estimate)
        down = drawn ^ up
        if choose_face_up(hands[chooser], up, estimate):
            hands[chooser] |= up
            hands[splitter] |= down
        else:
            hands[chooser] |= down
            hands[splitter] |= up

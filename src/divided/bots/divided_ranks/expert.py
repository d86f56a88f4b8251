"""The expert bot: search under hidden information, from its own view only.

Each decision uses the cheapest sound method that exists for it:

* **The last round** (round 5: split, choose, both reserve turns): solved as the
  imperfect-information game it is (:mod:`divided.bots.divided_ranks.endgame`): once per game,
  at its first round-5 decision, the expert solves the subgame from the start of round 5 over
  every deal of the cards neither player can place (both players' hidden cards, the draw, the
  reserve), to NashConv at most ``endgame.target``, and plays the solved mixed strategy: its
  :meth:`ExpertBot.action_probabilities` is that mix and :meth:`ExpertBot.choose` samples it
  with the caller's random numbers. Its values are each action's exact chance to win when
  both sides follow the solved strategy afterwards. ``endgame=None`` (the registry's
  ``expert-classic``) plays the last round like the first four, as the expert did before.

Before the last round (and in the last round without the solve):

* **Build**: exact. Auto-arrange (the table) is best against every opponent (ruling R5).
* **Reserve**: exact enumeration. For keep and each card it could give, average the final
  result over every reserve card consistent with the view (the game's books: each equally
  likely), the opponent's holding following from it. When the opponent still has to decide,
  their reply is the one that maximises their own chance to win over what they can know (the
  cards of ours they can count on, and whether our swap was seen): the same exact rule this
  bot uses when it decides second. (Measured against ISMCTS, this reply model beat modelling
  the opponent as keeping, as swapping at random, as the skilled rule, or as seeing the
  reserve: see the project's reports.)
* **Split and choose**: determinisation with inference, played out through the reserve and
  the build (:mod:`divided.bots.divided_ranks.draft_values`): worlds weighted by how likely the opponent's
  observed choices were in them, every action played out in every world (the same worlds for
  every action), exact when the worlds are few, else sampled until every action's standard
  error is at most 0.005 (half a point of win chance; the review promises at most one point)
  or ``budget`` worlds are used.

One choice function
-------------------
The expert is Divided Ranks' :class:`~divided.bots.base.Advisor`: :meth:`ExpertBot.evaluate`
gives every legal action's value (the chance to win, a win 1 and a draw 0.5) and its standard
error, and :meth:`ExpertBot.pick` chooses by one tie rule (:func:`choose_best`). The bot's
:meth:`ExpertBot.choose`, the web app's hint and the review (through
:func:`divided.bots.advisor`) all decide this way; :func:`expert_decision` is both together.
Its random numbers come from the view itself and a ``salt`` (:func:`view_rng`), never from the
game's seed or the caller's generator, so the same view always gets the same values and the
same choice, whoever asks and in whatever order. In the solved last round the strategy mixes
where the equilibrium mixes: :meth:`ExpertBot.pick` (the hint's and the review's single
answer) is the action the mix plays most, and the bot's move is drawn from the mix with the
``rng`` the caller gives (the lab's seeded generator), so a seeded game is reproducible.

``budget`` caps the worlds sampled at a split or choose decision: the lab's ``expert`` plays
with 160 (the default, fast), the hint and the review with :data:`REVIEW_BUDGET` (enough
that the standard-error target, not the cap, ends the sampling).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from divided.bots.base import TIE, Evaluation, one_hot
from divided.bots.divided_ranks.draft_values import CLOSER_BATCH, DraftValues, draft_values
from divided.bots.divided_ranks.endgame.policy import Endgame, EndgameSettings, is_endgame, solve_endgame
from divided.bots.divided_ranks.endgame.roots import LAST_ROUND, in_endgame
from divided.bots.divided_ranks.endgame.solver import OFF_PATH
from divided.cards import mask_indices
from divided.games.divided_ranks import actions as act
from divided.games.divided_ranks.knowledge import knowledge
from divided.games.divided_ranks.scoring import Scoring
from divided.games.divided_ranks.state import ALL_CARDS, Phase
from divided.games.divided_ranks.view import PlayerView
from divided.hands.arrange import arrange, best_key, packed_key_table, scoring_key, split_masks
from divided.hands.five import strength_table

SOLVE = EndgameSettings()
"""How the expert solves its last round unless told otherwise."""
REVIEW_BUDGET = 65_536
"""The cap on sampled worlds for the hint and the review (the standard-error target ends
sampling long before it in practice)."""


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
class ExpertDecision:
    """The expert's answer at one decision.

    ``values``: every legal action's chance to win; ``errors``: each value's standard error
    (0 where the value is exact); ``choice``: the action the expert plays; ``loss_errors``:
    for every action, the standard error of ``values[choice] - values[action]`` (paired over
    the same worlds, so usually well below the single errors; 0 where exact); ``worlds``: how
    many worlds were played out (0 at the reserve and the build, which are exact);
    ``exact``: whether every value is exact.
    """

    values: dict[int, float]
    errors: dict[int, float]
    choice: int
    loss_errors: dict[int, float]
    worlds: int
    exact: bool


def _evaluation(found: DraftValues) -> Evaluation:
    return Evaluation(found.values, found.errors, found.worlds, found.exact, found.difference_error)


def view_rng(view: PlayerView, salt: int = 0, purpose: str = "decide") -> np.random.Generator:
    """The random numbers of a decision: a function of the view (everything the player knows,
    as :func:`repr` spells it), ``salt`` and ``purpose`` only."""
    digest = hashlib.blake2b(f"divided-expert:{purpose}:{salt}:{view!r}".encode(), digest_size=16).digest()
    return np.random.default_rng(int.from_bytes(digest, "big"))


def choose_best(view: PlayerView, legal: Sequence[int], values: Mapping[int, float]) -> int:
    """The one tie rule: the first action in ``legal`` order whose value is within :data:`TIE`
    of the highest; at the build, the auto-arranged split (always among the highest, R5)."""
    top = max(values[action] for action in legal)
    if view.phase == Phase.BUILD:
        auto = act.build_action(arrange(view.hand, view.options.scoring).split)
        if auto in values and values[auto] >= top - TIE:
            return auto
    return next(action for action in legal if values[action] >= top - TIE)


def sample(policy: Mapping[int, float], legal: Sequence[int], rng: random.Random) -> int:
    """An action of ``legal`` drawn with ``policy``'s probabilities (one draw of ``rng``).

    >>> random.Random(1).random()  # below 0.25: the first action
    0.13436424411240122
    >>> sample({5: 0.25, 7: 0.75}, [5, 7], random.Random(1)), sample({5: 0.25, 7: 0.75}, [5, 7], random.Random(2))
    (5, 7)
    """
    draw = rng.random() * sum(policy[action] for action in legal)
    for action in legal:
        draw -= policy[action]
        if draw < 0:
            return action
    return max(legal, key=lambda action: policy[action])


def expert_decision(view: PlayerView, legal: Sequence[int], *, salt: int = 0, budget: int = REVIEW_BUDGET,
                    epsilon: float = 0.3, beta: float = 1.0,
                    endgame: EndgameSettings | None = SOLVE) -> ExpertDecision:
    """The expert's values, standard errors and choice at ``view`` (see the module text): its
    :meth:`ExpertBot.evaluate` then its one tie-break, :meth:`ExpertBot.pick`."""
    bot = ExpertBot(budget=budget, epsilon=epsilon, beta=beta, salt=salt, endgame=endgame)
    found = bot.evaluate(view, legal)
    choice = bot.pick(view, legal, found.values)
    loss_errors = {action: found.difference_error(choice, action) for action in legal}
    return ExpertDecision(found.values, found.errors, choice, loss_errors, found.worlds, found.exact)


def advisor(budget: int | None = None) -> ExpertBot:
    """Divided Ranks' advisor (for the hints and the review): the expert with ``budget`` worlds
    at most per draft decision (``None``: :data:`REVIEW_BUDGET`)."""
    return ExpertBot(budget=REVIEW_BUDGET if budget is None else budget)


@dataclass
class ExpertBot:
    """The solved endgame in the last round; determinised search with inference for the rest of
    the draft; exact reserve and build otherwise. An :class:`~divided.bots.base.Advisor`: its
    move, the hint and the review's best all come from :meth:`evaluate` and :meth:`pick`."""

    budget: int = 160
    epsilon: float = 0.3
    beta: float = 1.0
    salt: int = 0
    name: str = "expert"
    endgame: EndgameSettings | None = SOLVE

    def solved(self, view: PlayerView) -> Endgame | None:
        """The solved last round for ``view`` (``None`` outside it, or without the solve)."""
        if self.endgame is None or not is_endgame(view):
            return None
        return solve_endgame(view, self.endgame)

    def ponder(self, view: PlayerView) -> bool:
        """On the opponent's time: solve the last round of ``view`` (cached) once its start is
        known, so the decision that needs it answers at once; what the bot then plays is the
        same as without pondering. From round 4's split on, the positions ahead are worth
        pondering (the last round's start is at most two decisions away)."""
        if self.endgame is None or view.player is None:
            return False
        if in_endgame(view) and view.phase in (Phase.SPLIT, Phase.CHOOSE, Phase.RESERVE):
            solve_endgame(view, self.endgame)
            return view.phase != Phase.RESERVE
        return view.phase in (Phase.SPLIT, Phase.CHOOSE) and view.round == LAST_ROUND - 1

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        """In the solved last round, an action drawn from the mix with ``rng``; elsewhere the
        choice of :func:`expert_decision` (``rng`` is not used: see the module text)."""
        if view.phase == Phase.BUILD:  # what pick chooses, without valuing all 126 splits
            return act.build_action(arrange(view.hand, view.options.scoring).split)
        solved = self.solved(view)
        if solved is not None:
            return sample(self._policy(solved, view, legal), legal, rng)
        return self.pick(view, legal, self.evaluate(view, legal).values)

    def action_probabilities(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """The solved mix in the last round; elsewhere one-hot on :meth:`choose` (its random
        numbers come from the view)."""
        solved = self.solved(view)
        if solved is not None:
            return self._policy(solved, view, legal)
        return one_hot(self.choose(view, legal, random.Random(0)), legal)

    @staticmethod
    def _policy(solved: Endgame, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        policy = solved.policy(view)
        if set(policy) != set(legal):
            raise ValueError("the legal actions do not match the solved decision")
        return {action: policy[action] for action in legal}

    def decide(self, view: PlayerView, legal: Sequence[int]) -> ExpertDecision:
        """:func:`expert_decision` with this bot's settings."""
        return expert_decision(view, legal, salt=self.salt, budget=self.budget, epsilon=self.epsilon,
                               beta=self.beta, endgame=self.endgame)

    def evaluate(self, view: PlayerView, legal: Sequence[int], *, salt: int | None = None) -> Evaluation:
        """Every legal action's chance to win and its standard error (``salt``: the sampling
        salt, ``None`` for this bot's own)."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        salt = self.salt if salt is None else salt
        phase = view.phase
        solved = self.solved(view)
        if solved is not None:
            chances = solved.win_chances(view)
            return Evaluation({action: chances[action] for action in legal}, {action: 0.0 for action in legal},
                              policy=self._policy(solved, view, legal),
                              opponent_off_path=solved.reaches(view)[1] < OFF_PATH)
        if phase in (Phase.SPLIT, Phase.CHOOSE):
            found = draft_values(view, legal, view_rng(view, salt), budget=self.budget, epsilon=self.epsilon,
                                 beta=self.beta)
            return _evaluation(found)
        if phase == Phase.BUILD:
            values = self._build_values(view, legal)
        elif phase == Phase.RESERVE:
            values = self._reserve_values(view, legal)
        else:
            values = {action: 0.5 for action in legal}
        return Evaluation(values, {action: 0.0 for action in legal})

    def pick(self, view: PlayerView, legal: Sequence[int], values: Mapping[int, float]) -> int:
        """The one tie rule (:func:`choose_best`); in the solved last round, the action the mix
        plays most (the first in ``legal`` order among equals)."""
        solved = self.solved(view)
        if solved is not None:
            policy = self._policy(solved, view, legal)
            top = max(policy.values())
            return next(action for action in legal if policy[action] >= top - TIE)
        return choose_best(view, legal, values)

    def refine(self, view: PlayerView, actions: tuple[int, int], *, salt: int, target: float,
               budget: int, enough: Callable[[Evaluation], bool] | None = None) -> Evaluation:
        """Two draft actions compared again over fresh worlds (the review's sharper look), until
        the standard error of their difference is at most ``target``, ``budget`` worlds are used,
        or ``enough`` (asked after every batch of worlds) says so. The worlds are a function of
        the view, ``salt`` and ``target`` only."""
        if view.phase not in (Phase.SPLIT, Phase.CHOOSE) or self.solved(view) is not None:
            return self.evaluate(view, actions, salt=salt)

        def stop(found: DraftValues) -> bool:
            assert enough is not None
            return enough(_evaluation(found))

        found = draft_values(view, actions, view_rng(view, salt, f"refine:{target}"), budget=budget,
                             epsilon=self.epsilon, beta=self.beta, target=target, difference=True,
                             stop=None if enough is None else stop, batch=CLOSER_BATCH)
        return _evaluation(found)

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

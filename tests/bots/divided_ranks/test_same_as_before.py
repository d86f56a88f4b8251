"""The move to the game-keyed registry and the Advisor changes no Divided Ranks move.

The data files were recorded by running the code of commit 5ef849e (before issue 11's bot
changes) and committed, with the recording scripts, in the first commit of that work
(``tests/bots/data/record_bot_games.py`` and ``record_expert_and_reviews.py``, removed right
after): they are the old code's outputs, not this code's.

* ``bot_games.json``: 27 seeded games between every built-in bot (random with and without
  auto-arrange, skilled, expert with parameters, ismcts, both hiders) under five option sets;
  replayed with the same bot names, rngs and seeds, every action and the returns must match.
  Random and ISMCTS are now the generic bots playing from Divided Ranks' room.
* ``ismcts_skilled_games.json``: 3 seeded games of ISMCTS with skilled rollouts against random,
  recorded later the same way with the source of commit 5ef849e (``IsmctsBot(iterations=20,
  rollout="skilled")``, which that version's registry could not name).
* ``expert_decisions.json``: 200 decisions of seeded games; at each, the lab expert's move and
  the values, errors and choice the hint and the review computed then (salt, budget 48). Now
  the lab bot's ``choose``, the advisor's ``evaluate`` + ``pick`` (the hint's path) and the
  review's ``best`` must all give exactly those.

Issue 15 made ``expert`` the bot with the solved last round; the expert these files recorded
lives on as ``expert-classic`` (``ExpertBot(endgame=None)``), and it is what they pin.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from divided import bots, games
from divided.bots import make_bot
from divided.games import GameRecord
from divided.review.base import Decision, expert_choice, review_decision

HERE = Path(__file__).resolve().parent
GAMES = [*json.loads((HERE.parent / "data" / "bot_games.json").read_text())["games"],
         *json.loads((HERE.parent / "data" / "ismcts_skilled_games.json").read_text())["games"]]
DECISIONS = json.loads((HERE / "data" / "expert_decisions.json").read_text())


def classic(name: str) -> str:
    """The recorded expert's name today (``expert:budget=12`` is ``expert-classic:budget=12``)."""
    return "expert-classic" + name[len("expert"):] if name.split(":")[0] == "expert" else name


def _play(names: list[str], record: GameRecord) -> tuple[tuple[int, ...], list[float]]:
    seed = record.seed
    assert seed is not None
    players = [make_bot("divided-ranks", classic(name)) for name in names]
    rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
    state = games.load(record.game, **record.options).new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(players[p].choose(state.observation(p), tuple(state.legal_actions()), rngs[p]))
    return state.record().actions, list(state.returns())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{'-'.join(g['bots'])}-{g['record']['seed']}")
def test_every_bot_plays_the_recorded_game(game: dict[str, Any]) -> None:
    record = GameRecord.from_dict(game["record"])
    actions, returns = _play(game["bots"], record)
    assert actions == record.actions
    assert returns == game["returns"]


def _decisions() -> list[tuple[dict[str, Any], Any, tuple[int, ...], int]]:
    """(recorded entry, view, legal, played) of each recorded decision."""
    out = []
    by_record: dict[int, list[dict[str, Any]]] = {}
    for entry in DECISIONS["decisions"]:
        by_record.setdefault(entry["record"], []).append(entry)
    for number, entries in by_record.items():
        record = GameRecord.from_dict(DECISIONS["records"][number])
        state = games.load(record.game, **record.options).new_initial_state()
        wanted = {entry["index"]: entry for entry in entries}
        for index, action in enumerate(record.actions):
            if index in wanted:
                player = state.current_player()
                out.append((wanted[index], state.observation(player), tuple(state.legal_actions()), action))
            state.apply_action(action)
    return out


def test_the_expert_the_hint_and_the_review_agree_with_the_recorded_choices() -> None:
    found = _decisions()
    assert len(found) == 200
    from divided.bots.divided_ranks.expert import ExpertBot

    lab = make_bot("divided-ranks", "expert-classic")
    for entry, view, legal, played in found:
        advisor = ExpertBot(budget=entry["budget"], endgame=None)
        values = {int(a): v for a, v in entry["values"].items()}
        errors = {int(a): v for a, v in entry["errors"].items()}
        assert lab.choose(view, legal, random.Random(0)) == entry["lab_choice"]
        evaluation = advisor.evaluate(view, legal, salt=entry["salt"])  # the hint's path
        assert evaluation.values == values and evaluation.errors == errors
        assert advisor.pick(view, legal, evaluation.values) == entry["choice"]
        # the hint: the recorded pick, or the better of its top two on a closer look
        hint = expert_choice(advisor, view, legal, entry["salt"])
        if hint.sharper is None:
            assert hint.action == entry["choice"]
        else:
            assert entry["choice"] in hint.pair and hint.action in hint.pair
        review = review_decision(advisor, Decision("divided-ranks", 0, view, legal, played), entry["salt"])
        # the review names the hint the expert's choice, unless its own sharper look of the played
        # move and its rival finds the rival clearly better (then it names the rival)
        assert review.best == hint.action or (review.best == review.rival
                                              and review.loss_worlds > hint.found.worlds)


def test_the_advisor_is_the_expert_with_the_review_budget() -> None:
    from divided.bots.divided_ranks.expert import REVIEW_BUDGET, ExpertBot
    from divided.review.base import DEFAULT_BUDGET

    advisor = bots.advisor("divided-ranks")
    assert isinstance(advisor, ExpertBot) and advisor.budget == REVIEW_BUDGET == DEFAULT_BUDGET
    assert bots.advisor("divided-ranks", budget=7).budget == 7

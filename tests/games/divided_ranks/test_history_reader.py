"""The one log reader (:func:`read_history`) against the full state, by the rules' text.

Independent expectation: for random games of both swap variants, each round's pairs and choice
are taken from the full state's events and shown to a player exactly when the rules say that
player sees them (the splitter sees all four cards; the chooser sees the face-down pair only by
taking it); the draft hand is the player's hand recorded when the draft ended.
"""

from __future__ import annotations

import pytest
from test_hidden_information import prefixes, random_game

from divided.games.divided_ranks.history import Round, read_history
from divided.games.divided_ranks.state import ChoiceEvent, DividedRanksState, Phase, ReserveEvent, SplitEvent

VARIANTS = ["blind", "face-up"]


def expected_rounds(core: DividedRanksState, player: int | None) -> tuple[Round, ...]:
    splits = {e.round: e for e in core.log if isinstance(e, SplitEvent)}
    choices = {e.round: e for e in core.log if isinstance(e, ChoiceEvent)}
    out = []
    for number, split in sorted(splits.items()):
        choice = choices.get(number)
        took_up = None if choice is None else choice.took_face_up
        down = split.drawn ^ split.face_up
        sees_down = split.splitter == player or (
            choice is not None and not choice.took_face_up and (player is None or choice.chooser == player))
        out.append(Round(number, split.splitter, split.face_up, down if sees_down else None, took_up))
    return tuple(out)


@pytest.mark.parametrize("swap", VARIANTS)
def test_history_reads_what_each_player_saw(swap: str) -> None:
    checked = 0
    for seed in range(30):
        finished = random_game(seed, swap)
        draft_hands: tuple[int, int] | None = None
        for position in [*prefixes(finished), finished]:
            core = position.core
            if draft_hands is None and core.phase != Phase.SPLIT and core.phase != Phase.CHOOSE \
                    and core.round > 0:
                draft_hands = core.hands  # the first position after the draft (before any swap)
            for player in (0, 1, None):
                past = read_history(position.observation(player))
                assert past.rounds == expected_rounds(core, player)
                assert past.finished_rounds == tuple(r for r in past.rounds if r.took_face_up is not None)
                reserve = [e for e in core.log if isinstance(e, ReserveEvent)]
                assert [(e.player, e.swapped) for e in past.reserve] == [(e.player, e.swapped) for e in reserve]
                assert len(past.builds) == sum(b >= 0 for b in core.builds)
                if player is None:
                    assert past.draft_hand == 0
                elif draft_hands is not None:
                    assert past.draft_hand == draft_hands[player]
                else:
                    assert past.draft_hand == core.hands[player]
                checked += 1
    assert checked > 1200


def test_a_round_knows_its_chooser_and_what_was_seen() -> None:
    played = Round(2, 1, 0b11, 0b1100, False)
    assert (played.chooser, played.is_finished, played.seen) == (0, True, 0b1111)
    pending = Round(3, 0, 0b110000, None, None)
    assert (pending.chooser, pending.is_finished, pending.seen) == (1, False, 0b110000)

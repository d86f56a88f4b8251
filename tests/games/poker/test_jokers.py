"""Jokers at the showdown and in the batch showdown (Assassin AS5: each acts exactly as a 2):
a hand holding one ranks as its best with the joker a 2 of a suit the hand does not hold."""

from __future__ import annotations

from divided.games.poker.batch import slot_strengths
from divided.games.poker.cards import parse
from divided.games.poker.showdown import jokers_as_twos, strength_of

HIGH = strength_of("high")


def test_a_joker_ranks_as_a_two_of_the_suit_that_plays_best() -> None:
    ranked = jokers_as_twos(HIGH)
    assert ranked(parse("Jk1 5h 4h 3h Ah")) == HIGH(parse("2h 5h 4h 3h Ah"))  # a steel wheel in hearts
    assert ranked(parse("Jk1 2h 9c 9d Kh")) == HIGH(parse("2s 2h 9c 9d Kh"))  # two pair: never the held 2h
    assert ranked(parse("Jk1 Jk2 2s 2h Ks")) == HIGH(parse("2d 2c 2s 2h Ks"))  # four twos
    assert ranked(parse("9s 9h 8d 7c 3s")) == HIGH(parse("9s 9h 8d 7c 3s"))  # no joker: unchanged


def test_the_batch_showdown_ranks_a_joker_as_a_two_of_a_free_suit() -> None:
    hands = [list(parse("Jk1 Jk2 2s 2h Ks")), list(parse("9s 9h 8d 7c 3s")), list(parse("Jk2 9c 9d Kh Qh"))]
    found = list(slot_strengths("high", hands))
    assert found == [HIGH(parse("2d 2c 2s 2h Ks")), HIGH(parse("9s 9h 8d 7c 3s")), HIGH(parse("2s 9c 9d Kh Qh"))]

"""The step kinds of a deal, each in its own module and registered by name
(:mod:`divided.games.poker.steps.base`): deal, bet, draw, assign, partition, flip, showdown;
for the draw games of issue 30: exchange turns, discard rounds, the dealer's call, the auction, the take-back."""

from divided.games.poker.steps.assign import Assign
from divided.games.poker.steps.auction import Auction
from divided.games.poker.steps.base import StepKind, kind_of, kinds, register
from divided.games.poker.steps.bet import Bet
from divided.games.poker.steps.deal import Deal
from divided.games.poker.steps.dealer_call import CallDraws, CalledRounds
from divided.games.poker.steps.discard_rounds import DiscardRounds
from divided.games.poker.steps.draw import Draw
from divided.games.poker.steps.exchange_turns import ExchangeTurns
from divided.games.poker.steps.flip import Flip
from divided.games.poker.steps.partition import Partition
from divided.games.poker.steps.showdown import Showdown
from divided.games.poker.steps.take_back import TakeBack

__all__ = ["Assign", "Auction", "Bet", "CallDraws", "CalledRounds", "Deal", "DiscardRounds", "Draw", "ExchangeTurns",
           "Flip", "Partition", "Showdown", "StepKind", "TakeBack", "kind_of", "kinds", "register"]

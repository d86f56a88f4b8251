"""Standard-deck poker rankings: high, the three lowball systems, wild cards, incomplete and
six-card hands, suit orders and a split-pot showdown.

Every system is a :class:`~divided.hands.value.RankingSystem`; :func:`system` builds one by
rule name and options (see :mod:`divided.hands.poker.rules`). Tables are built on first use.

>>> from divided.cards import parse_cards
>>> high = system("high")
>>> str(high.rank(parse_cards("Qs Qh Qd 3c 3s"))) , high.rank(parse_cards("Qs Qh Qd 3c 3s")) > high.rank(parse_cards("Ts Th Td Ac As"))
('Full House, queens over threes', True)
>>> low = system("a5", qualifier=8)
>>> str(low.rank(parse_cards("6s 4h 3d 2c Ah"))), low.rank(parse_cards("9s 4h 3d 2c Ah")).category.label
('Six-high low: 6-4-3-2-A', 'No Low')
"""

from divided.hands.poker.keys import PokerCategory
from divided.hands.poker.rules import QUALIFIERS, RULE_TITLES, RULES, WILD_NAMES, system
from divided.hands.poker.showdown import Entry, ShowdownError, ShowdownResult, Side, showdown
from divided.hands.poker.suits import ENGLISH, SUIT_ORDERS, SuitOrder, suit_order

__all__ = [
    "ENGLISH",
    "QUALIFIERS",
    "RULES",
    "RULE_TITLES",
    "SUIT_ORDERS",
    "WILD_NAMES",
    "Entry",
    "PokerCategory",
    "ShowdownError",
    "ShowdownResult",
    "Side",
    "SuitOrder",
    "showdown",
    "suit_order",
    "system",
]

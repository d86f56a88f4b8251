"""Standard-deck poker rankings: high, the three lowball systems, wild cards, incomplete and
six-card hands, suit orders and a split-pot showdown.

Every system is a :class:`~divided.hands.value.RankingSystem`; :func:`system` builds one by
rule name and options (see :mod:`divided.hands.poker.rules`).
"""

from divided.hands.poker.rules import QUALIFIERS, RULE_TITLES, RULES, WILD_NAMES, system

__all__ = ["QUALIFIERS", "RULES", "RULE_TITLES", "WILD_NAMES", "system"]

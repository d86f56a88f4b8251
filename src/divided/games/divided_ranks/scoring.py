"""The ``scoring`` rule option of Divided Ranks, mapped onto the evaluator's neutral split order.

>>> Scoring("weaker-first").split_order
<SplitOrder.WEAKER_FIRST: 'weaker-first'>
"""

from __future__ import annotations

from enum import StrEnum

from divided.hands.arrange import SplitOrder


class Scoring(StrEnum):
    """The order in which scoring compares two built holdings (a rule option).

    ``categories-first`` (the rules): weaker categories, stronger categories, weaker hands in
    full, stronger hands in full. ``weaker-first`` (a designer's variant): weaker hands in full,
    then stronger hands in full. The values are stored in records and options; never rename them.
    """

    CATEGORIES_FIRST = "categories-first"
    WEAKER_FIRST = "weaker-first"

    split_order: SplitOrder
    """The evaluator's :class:`~divided.hands.arrange.SplitOrder` this option stands for (a
    plain attribute, set below: the evaluator reads it on every call)."""


Scoring.CATEGORIES_FIRST.split_order = SplitOrder.CATEGORIES_FIRST
Scoring.WEAKER_FIRST.split_order = SplitOrder.WEAKER_FIRST

"""Poker on the platform: one engine that plays any variant given as data (issue 29).

A variant (:mod:`divided.games.poker.variant`) is frozen data: the player range, the hands each
player makes (slots), the steps of a deal and its awards, with option-dependent values written
:class:`~divided.games.poker.variant.ByOption`. One rules class
(:class:`~divided.games.poker.rules.PokerRules`) interprets any variant; each game is a short
definition in :mod:`divided.games.poker.variants`. Step kinds
(:mod:`divided.games.poker.steps`) and award kinds (:mod:`divided.games.poker.showdown`) are
registered by name, so the draw games' new steps are new modules, not interpreter changes.
The chips are :mod:`~divided.games.poker.betting` and :mod:`~divided.games.poker.pots`. What
happened, in words, is the public log of :mod:`~divided.games.poker.events` on every state and view.

Where this departs from the design note (shared/design/poker-engine.md, 3.1-3.5), and why:

* **One "held" slot instead of a pending zone.** Cards dealt before they are assigned or split
  (10 Card Regrets' pair, Henway's ten, Cowpie's seven) sit in an ordinary named slot, so deal,
  assign and partition all move cards between slots and the views, zones and sampler need no
  special case.
* **One face-up mark per card** (a 52-bit mask) rather than a flag per held card: every card is
  in one place, so one bit says whether everyone can see it, wherever it lies.
* **The reshuffle (T16) is not a separate chance node.** The stock is an unordered set and
  every deal is a chance node uniform over it, which is exactly a shuffle; the reshuffle only
  decides *which* cards form the new stock, and that is fixed by the rule.
* **A partition chooses the cards of its last hand** among all subsets of that size (Cowpie's
  two: at most 21 choices, the legal ones only; Henway's second five: 252). Henway's choice is
  not made canonical (126: "the first hand holds the lowest card") although the two hands are
  symmetric under the default ``henway_sides``: that rule would tell opponents where a hidden
  card is not. Each Henway hand's order is then chosen card by card (four choices each, the
  last card goes in by itself), so no decision exceeds 252 actions besides no-limit raise-to
  amounts (at most one per chip of the deepest stack).
* **Cards moved into hands keep the order they were dealt in** (an assigned or split hand is
  not sorted), so the place of a hidden card in a hand tells nothing about its rank.
* **Option names use underscores** (``small_bet``, ``odd_chip``...) like every other game's
  options; the command line writes them with hyphens, as the rulings do.
"""

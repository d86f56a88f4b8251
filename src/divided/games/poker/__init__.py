"""Poker on the platform: one engine that plays any variant given as data (issue 29).

A variant (:mod:`divided.games.poker.variant`) is frozen data: the deck, forced bets, the
betting structure, the hands each player makes and how they rank, the steps of a deal and its
awards. One rules class interprets any variant; each game is a short definition in
:mod:`divided.games.poker.variants`.
"""

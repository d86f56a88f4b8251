"""The last round of Divided Ranks solved as the imperfect-information game it is.

:mod:`~.tree` builds the round-5 subgame (split, choose, both reserve turns, the exact build) as
arrays; :mod:`~.solver` runs CFR+ over it, vectorised by layer; :mod:`~.roots` reads a player's
view into the subgame's root histories and its decision's place; :mod:`~.policy` solves once
per round-5 start (cached) and answers the Expert's, the hints' and the review's questions.
"""

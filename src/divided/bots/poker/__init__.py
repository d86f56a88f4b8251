"""The bots of the poker games (issue 29), one family for every poker variant.

* :mod:`~divided.bots.poker.probes`: ``calling-station``, ``maniac``, ``rock``;
* :mod:`~divided.bots.poker.advisor`: the advisor of every poker game (hints, review), whose
  values (:mod:`~divided.bots.poker.values`: expected chips in pots, everyone calling down over
  sampled deals) and pick ``equity`` plays;
* :mod:`~divided.bots.poker.equity`: ``equity``, the advisor's choice over its own worlds;
* :mod:`~divided.bots.poker.range`: ``equity+range``, ``equity`` over worlds weighted by how
  likely each opponent's public actions were with that world's cards (one model per event kind);
* :mod:`~divided.bots.poker.heuristics`: the draw, assignment, split and flip-order rules the
  probes play and ``equity`` assumes for everyone;
* :mod:`~divided.bots.poker.playout` completes a sampled deal by them, and
  :mod:`~divided.bots.poker.shares` values its showdown in numpy batches;
* :mod:`~divided.bots.poker.rollouts`: the rollout policies of the generic PIMC and ISMCTS;
* :mod:`~divided.bots.poker.builtin` registers the bots for every poker game.
"""

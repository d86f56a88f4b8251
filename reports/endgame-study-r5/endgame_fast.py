"""Faster CFR+ over the same subgame: simultaneous updates of both players from one traversal,
precomputed index arrays, and the last layer's opponent-reach folded in. Same tree as endgame.Subgame."""
import time
import numpy as np
from endgame import Subgame

class FastSubgame(Subgame):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        for L in self.layers:
            L.flat = (L.info[:, None] * L.nact + np.arange(L.nact)).reshape(-1)
        self.rep = [len(L.info) // len(self.chance) for L in self.layers]
        self.chance_at = [np.repeat(self.chance, r) for r in self.rep]

    def iterate_both(self, t):
        strats = [L.strategy() for L in self.layers]
        sig = [strats[i][L.info] for i, L in enumerate(self.layers)]
        # forward reaches
        r = [np.ones(len(self.chance)), np.ones(len(self.chance))]
        reach = []
        for i, L in enumerate(self.layers):
            reach.append(r)
            if i < 3:
                r = [np.repeat(x, L.nact) for x in r]
                r[L.player] = r[L.player] * sig[i].reshape(-1)
        # backward values and regrets
        v = self.u
        for i in range(3, -1, -1):
            L = self.layers[i]
            vc = v.reshape(-1, L.nact)
            vn = np.einsum("ij,ij->i", sig[i], vc)
            p = L.player
            w = self.chance_at[i] * reach[i][1 - p] * (1.0 if p == 0 else -1.0)
            inst = (vc - vn[:, None]) * w[:, None]
            rg = np.bincount(L.flat, weights=inst.reshape(-1), minlength=L.ninfo * L.nact).reshape(L.ninfo, L.nact)
            a = np.bincount(L.flat, weights=(reach[i][p][:, None] * sig[i]).reshape(-1),
                            minlength=L.ninfo * L.nact).reshape(L.ninfo, L.nact)
            L.regret = np.maximum(L.regret + rg, 0)
            L.avg += t * a
            v = vn

    def solve_fast(self, iterations, target=None, check_every=10, seconds=None):
        curve = []
        t0 = time.perf_counter()
        for t in range(1, iterations + 1):
            self.iterate_both(t)
            if target is not None and t % check_every == 0:
                nc = self.nash_conv()
                curve.append((t, nc, time.perf_counter() - t0))
                if nc <= target:
                    break
            if seconds is not None and time.perf_counter() - t0 > seconds:
                break
        return curve

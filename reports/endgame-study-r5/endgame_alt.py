"""Alternating CFR+ with precomputed indices (one value pass + one reach pass per player-update);
anytime: record NashConv against wall time."""
import time
import numpy as np
from endgame import Subgame

class AltSubgame(Subgame):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        for L in self.layers:
            L.flat = (L.info[:, None] * L.nact + np.arange(L.nact)).reshape(-1)
            L.size = L.ninfo * L.nact
        self.chance_at = [np.repeat(self.chance, len(L.info) // len(self.chance)) for L in self.layers]

    def update(self, t, player):
        sig = [L.strategy()[L.info] for L in self.layers]
        # opponent reach (times chance) at each layer, own reach only where needed
        opp = self.chance.copy(); own = np.ones(len(self.chance)); oppr, ownr = [], []
        for i, L in enumerate(self.layers):
            oppr.append(opp); ownr.append(own)
            if i < 3:
                if L.player == player:
                    own = (own[:, None] * sig[i]).reshape(-1); opp = np.repeat(opp, L.nact)
                else:
                    opp = (opp[:, None] * sig[i]).reshape(-1); own = np.repeat(own, L.nact)
        v = self.u if player == 0 else -self.u
        for i in range(3, -1, -1):
            L = self.layers[i]
            vc = v.reshape(-1, L.nact)
            vn = np.einsum("ij,ij->i", sig[i], vc)
            if L.player == player:
                inst = (vc - vn[:, None]) * oppr[i][:, None]
                L.regret = np.maximum(L.regret + np.bincount(L.flat, inst.reshape(-1), L.size).reshape(L.ninfo, L.nact), 0)
                L.avg += t * np.bincount(L.flat, (ownr[i][:, None] * sig[i]).reshape(-1), L.size).reshape(L.ninfo, L.nact)
            v = vn

    def anytime(self, seconds, marks=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0), target=None):
        out = []; spent = 0.0; t = 0; mi = 0
        while spent < seconds:
            t += 1
            t0 = time.perf_counter(); self.update(t, 0); self.update(t, 1); spent += time.perf_counter() - t0
            while mi < len(marks) and spent >= marks[mi]:
                out.append((marks[mi], t, self.nash_conv())); mi += 1
            if target is not None and t % 5 == 0:
                nc = self.nash_conv()
                if nc <= target:
                    out.append(("target", t, nc, spent)); break
        return out

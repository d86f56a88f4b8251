"""A vectorised CFR+ over the Divided Ranks round-5 subgame (split, choose, two reserve turns,
auto build as exact leaves). Prototype for issue 15. Root = start of round 5 before the draw.

roots: arrays hand0, hand1 (8-card masks at round-5 start), draw (4-card mask), res (card index),
weight (belief / chance, need not be normalised). S = round-5 splitter, R1 = first at the reserve.
"""
import time
from itertools import combinations
import numpy as np
from divided.hands.arrange import packed_key_table

KEY = np.frombuffer(packed_key_table(), dtype=np.int32)
BITS = np.int64(1) << np.arange(21, dtype=np.int64)

def popcount(x):
    x = np.asarray(x, dtype=np.int64)
    return ((x[..., None] >> np.arange(21)) & 1).sum(-1)

def nth_bits(masks, k):
    """For each mask, its set bits (ascending) as an (N, k) int array of card indices."""
    m = np.asarray(masks, dtype=np.int64)
    bits = ((m[:, None] >> np.arange(21)) & 1).astype(bool)
    idx = np.nonzero(bits)
    out = idx[1].reshape(len(m), k)
    return out

def pair_code(mask):
    b = nth_bits(mask, 2)
    return b[:, 0] * 21 + b[:, 1]

class Layer:
    def __init__(self, player, info, nact):
        self.player = player
        uniq, inv = np.unique(info, return_inverse=True)
        self.info = inv.astype(np.int64)
        self.keys = uniq
        self.ninfo = len(uniq)
        self.nact = nact
        self.regret = np.zeros((self.ninfo, nact))
        self.avg = np.zeros((self.ninfo, nact))

    def strategy(self, regret=None):
        r = np.maximum(self.regret if regret is None else regret, 0)
        s = r.sum(1, keepdims=True)
        return np.where(s > 0, r / np.where(s > 0, s, 1), 1.0 / self.nact)

    def average(self):
        s = self.avg.sum(1, keepdims=True)
        return np.where(s > 0, self.avg / np.where(s > 0, s, 1), 1.0 / self.nact)


class Subgame:
    def __init__(self, hand0, hand1, draw, res, weight, splitter, reserve_first, face_up_swap):
        t0 = time.perf_counter()
        hands = [np.asarray(hand0, np.int64), np.asarray(hand1, np.int64)]
        draw = np.asarray(draw, np.int64); res = np.asarray(res, np.int64)
        w = np.asarray(weight, float); self.chance = w / w.sum()
        S, C = splitter, 1 - splitter
        R1, R2 = reserve_first, 1 - reserve_first
        n0 = len(draw)
        # layer 1: split (6 face-up pairs of the draw)
        dc = nth_bits(draw, 4)
        pairs = list(combinations(range(4), 2))
        fu = np.stack([BITS[dc[:, i]] | BITS[dc[:, j]] for i, j in pairs], 1)  # (n0, 6)
        info1 = hands[S] * (1 << 21) + draw
        # layer 2: choose; node = (root, split)
        FU = fu.reshape(-1); FD = np.repeat(draw, 6) ^ FU
        rootH = [np.repeat(h, 6) for h in hands]
        info2 = rootH[C] * 512 + pair_code(FU)
        # after choice: node = (root, split, choice) choice 0 = face-up, 1 = face-down
        FU2 = np.repeat(FU, 2); FD2 = np.repeat(FD, 2); ch = np.tile([0, 1], len(FU))
        root2 = [np.repeat(h, 2) for h in rootH]
        draw2 = np.repeat(draw, 12)
        res2 = np.repeat(res, 12)
        took = np.where(ch == 0, FU2, FD2)
        final = [None, None]
        final[C] = root2[C] | took
        final[S] = root2[S] | (draw2 ^ took)
        seen = [None, None]
        seen[S] = draw2
        seen[C] = np.where(ch == 0, FU2, draw2)
        pc = pair_code(FU2)
        base = [((root2[p] * (1 << 21) + seen[p]) * 512 + pc) * 2 + ch for p in range(2)]
        info3 = base[R1]
        # layer 3: R1 keep or give i-th card of its 10
        n2 = len(ch)
        cards1 = nth_bits(final[R1], 10)                      # (n2, 10)
        give1 = np.concatenate([np.full((n2, 1), -1), cards1], 1).reshape(-1)  # (n2*11,)
        r1h = np.repeat(final[R1], 11); r2h = np.repeat(final[R2], 11)
        res3 = np.repeat(res2, 11)
        swapped1 = give1 >= 0
        r1new = np.where(swapped1, (r1h & ~BITS[np.maximum(give1, 0)]) | BITS[res3], r1h)
        reserve3 = np.where(swapped1, give1, res3)
        if face_up_swap:
            obs = np.where(swapped1, (give1 + 1) * 32 + res3, 0)
        else:
            obs = swapped1.astype(np.int64)
        info4 = np.repeat(base[R2], 11) * 1024 + obs
        # layer 4: R2 keep or give
        n3 = len(give1)
        cards2 = nth_bits(r2h, 10)
        give2 = np.concatenate([np.full((n3, 1), -1), cards2], 1).reshape(-1)
        r2t = np.repeat(r2h, 11); r1t = np.repeat(r1new, 11); rs4 = np.repeat(reserve3, 11)
        sw2 = give2 >= 0
        r2new = np.where(sw2, (r2t & ~BITS[np.maximum(give2, 0)]) | BITS[rs4], r2t)
        self.build_seconds = time.perf_counter() - t0
        t1 = time.perf_counter()
        fin = [None, None]; fin[R1] = r1t; fin[R2] = r2new
        k0 = KEY[fin[0]]; k1 = KEY[fin[1]]
        self.u = np.sign(k0 - k1).astype(float)   # payoff to player 0 at each terminal
        self.leaf_seconds = time.perf_counter() - t1
        self.layers = [Layer(S, info1, 6), Layer(C, info2, 2), Layer(R1, info3, 11), Layer(R2, info4, 11)]
        self.sizes = dict(roots=n0, terminals=len(self.u),
                          infosets={f"L{i+1}(p{l.player})": l.ninfo for i, l in enumerate(self.layers)})

    # -- one traversal: values of player 0 under strategies, per layer --------------------
    def _values(self, strats):
        vals = [None] * 5
        vals[4] = self.u
        for i in range(3, -1, -1):
            L = self.layers[i]
            sig = strats[i][L.info]                        # (n, A)
            vc = vals[i + 1].reshape(-1, L.nact)
            vals[i] = (sig * vc).sum(1)
        return vals

    def _reaches(self, strats):
        """reach[i] = (own reach of p0, own reach of p1) at layer-i decision nodes, chance folded in separately."""
        r = [np.ones(len(self.chance)), np.ones(len(self.chance))]
        out = []
        for i, L in enumerate(self.layers):
            out.append(r)
            sig = strats[i][L.info]
            r = [np.repeat(x, L.nact) for x in r]
            r[L.player] = r[L.player] * sig.reshape(-1)
        return out

    def iterate(self, t, player):
        strats = [L.strategy() for L in self.layers]
        vals = self._values(strats)
        reach = self._reaches(strats)
        sign = 1.0 if player == 0 else -1.0
        for i, L in enumerate(self.layers):
            if L.player != player:
                continue
            rep = len(reach[i][0]) // len(self.chance)
            ch = np.repeat(self.chance, rep)
            w = ch * reach[i][1 - player]
            vc = vals[i + 1].reshape(-1, L.nact)
            inst = sign * w[:, None] * (vc - vals[i][:, None])
            flat = (L.info[:, None] * L.nact + np.arange(L.nact)).reshape(-1)
            r = np.bincount(flat, weights=inst.reshape(-1), minlength=L.ninfo * L.nact).reshape(L.ninfo, L.nact)
            L.regret = np.maximum(L.regret + r, 0)
            own = reach[i][player]
            a = np.bincount(flat, weights=(own[:, None] * strats[i][L.info]).reshape(-1),
                            minlength=L.ninfo * L.nact).reshape(L.ninfo, L.nact)
            L.avg += t * a

    def solve(self, iterations, target=None, check_every=10):
        curve = []
        t0 = time.perf_counter()
        for t in range(1, iterations + 1):
            self.iterate(t, 0)
            self.iterate(t, 1)
            if target is not None and (t % check_every == 0):
                nc = self.nash_conv()
                curve.append((t, nc, time.perf_counter() - t0))
                if nc <= target:
                    break
        return curve

    def best_response_value(self, strats, p):
        """Value to player p of a best response against strats (for the other player)."""
        sign = 1.0 if p == 0 else -1.0
        reach = self._reaches(strats)
        v = sign * self.u
        for i in range(3, -1, -1):
            L = self.layers[i]
            vc = v.reshape(-1, L.nact)
            if L.player == p:
                rep = len(reach[i][0]) // len(self.chance)
                w = np.repeat(self.chance, rep) * reach[i][1 - p]
                flat = (L.info[:, None] * L.nact + np.arange(L.nact)).reshape(-1)
                q = np.bincount(flat, weights=(w[:, None] * vc).reshape(-1),
                                minlength=L.ninfo * L.nact).reshape(L.ninfo, L.nact)
                best = q.argmax(1)[L.info]
                v = vc[np.arange(len(vc)), best]
            else:
                v = (strats[i][L.info] * vc).sum(1)
        return float((self.chance * v).sum())

    def value(self, strats=None):
        strats = strats or [L.average() for L in self.layers]
        return float((self.chance * self._values(strats)[0]).sum())

    def nash_conv(self, strats=None):
        strats = strats or [L.average() for L in self.layers]
        return self.best_response_value(strats, 0) + self.best_response_value(strats, 1)

"""Round-5 (and round-4) start positions from seeded expert-vs-skilled games, and the subgame roots
from one player's view (one-sided) or from the public state (two-sided)."""
from itertools import combinations
import numpy as np
from common import play_to, books, seen_by
from divided.games.divided_ranks.state import ALL_CARDS

def bits(m):
    return [c for c in range(21) if m >> c & 1]

def one_sided_roots(core, p):
    """Histories consistent with player p's view: opponent's hidden cards x draw x reserve (uniform)."""
    opp_seen, own = seen_by(core, p)
    unseen, a = books(core, p)
    U = bits(unseen)
    rows = []
    for H in combinations(U, a):
        rest = [c for c in U if c not in H]
        hm = sum(1 << c for c in H)
        for r in rest:
            d = sum(1 << c for c in rest if c != r)
            h = [0, 0]; h[p] = own; h[1 - p] = opp_seen | hm
            rows.append((h[0], h[1], d, r))
    arr = np.array(rows, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3], np.ones(len(arr))

def two_sided_roots(core):
    """Histories consistent with the public state (both players' hidden cards vary)."""
    seen0, own0 = seen_by(core, 0)   # cards of hand1 seen by 0
    seen1, own1 = seen_by(core, 1)   # cards of hand0 seen by 1
    b0 = bin(own0).count("1") - bin(seen1).count("1")   # hidden cards in hand0
    b1 = bin(own1).count("1") - bin(seen0).count("1")
    U = bits(ALL_CARDS & ~seen0 & ~seen1)
    rows = []
    for H0 in combinations(U, b0):
        r0 = [c for c in U if c not in H0]
        m0 = seen1 | sum(1 << c for c in H0)
        for H1 in combinations(r0, b1):
            rest = [c for c in r0 if c not in H1]
            m1 = seen0 | sum(1 << c for c in H1)
            for r in rest:
                rows.append((m0, m1, sum(1 << c for c in rest if c != r), r))
    arr = np.array(rows, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3], np.ones(len(arr))

def positions(n, stop_round=4, options=None):
    out = []
    for i in range(n):
        seats = ("expert", "skilled") if i % 2 == 0 else ("skilled", "expert")
        out.append((i, seats, play_to(1000 + i, seats, stop_round, options, index=i)))
    return out

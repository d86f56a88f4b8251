"""Risk check: the one-sided subgame (the opponent is assumed to know my hidden cards) versus the
two-sided public subgame (each player's hidden cards vary). For a position and a player 'me':
solve the public subgame (value v*); solve the one-sided subgame for every hand I could hold (as the
Expert would, holding it); play those strategies in the public subgame and let the opponent best-respond."""
import sys, time, json
from itertools import combinations
import numpy as np
from common import books, seen_by
from positions import positions, two_sided_roots, bits
from endgame import Subgame
from divided.games.divided_ranks.state import ALL_CARDS

def roots_for(me, own, opp_seen, U, a):
    rows = []
    for H in combinations(U, a):
        rest = [c for c in U if c not in H]
        hm = sum(1 << c for c in H)
        for r in rest:
            h = [0, 0]; h[me] = own; h[1 - me] = opp_seen | hm
            rows.append((h[0], h[1], sum(1 << c for c in rest if c != r), r))
    arr = np.array(rows, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3], np.ones(len(arr))

def run(core, me, swap, tol=0.005):
    kw = dict(splitter=core.splitter(), reserve_first=core.reserve_first, face_up_swap=swap)
    t = time.perf_counter()
    G = Subgame(*two_sided_roots(core), **kw)
    G.solve(4000, target=tol, check_every=10)
    vstar = G.value() * (1 if me == 0 else -1)
    t_pub = time.perf_counter() - t
    seen_me, own_me = seen_by(core, me)          # cards of opp seen by me
    seen_op, own_op = seen_by(core, 1 - me)      # cards of mine seen by opp
    U = bits(ALL_CARDS & ~seen_me & ~seen_op)
    b = bin(own_me).count("1") - bin(seen_op).count("1")
    a = bin(own_op).count("1") - bin(seen_me).count("1")
    table = {}
    t = time.perf_counter()
    for H in combinations(U, b):
        own = seen_op | sum(1 << c for c in H)
        g = Subgame(*roots_for(me, own, seen_me, [c for c in U if c not in H], a), **kw)
        g.solve(4000, target=tol, check_every=10)
        # my average strategy per (layer, infoset key)
        for li, L in enumerate(g.layers):
            if L.player == me:
                avg = L.average()
                for k, s in zip(L.keys, avg):
                    table[(li, int(k))] = s
    t_one = time.perf_counter() - t
    strats = []
    for li, L in enumerate(G.layers):
        avg = L.average()
        if L.player == me:
            avg = np.array([table[(li, int(k))] for k in L.keys])
        strats.append(avg)
    guaranteed = -G.best_response_value(strats, 1 - me)
    return dict(own_hidden=b, opp_hidden=a, public_roots=len(G.chance), swap="face-up" if swap else "blind",
                v_star=round(vstar, 4), one_sided_guaranteed=round(guaranteed, 4), loss=round(vstar - guaranteed, 4),
                public_solve_s=round(t_pub, 2), one_sided_solves_s=round(t_one, 2), my_hands=len(list(combinations(U, b))))

if __name__ == "__main__":
    N = int(sys.argv[1]); want = tuple(int(x) for x in sys.argv[2].split(",")); limit = int(sys.argv[3])
    done = 0
    for i, seats, core in positions(N, stop_round=4):
        for me in (0, 1):
            _, a = books(core, me); _, b = books(core, 1 - me)
            if (b, a) != want or done >= limit:
                continue
            for swap in (False, True):
                r = run(core, me, swap); r.update(game=i, me=me, splitter=core.splitter() == me)
                print(json.dumps(r), flush=True)
            done += 1

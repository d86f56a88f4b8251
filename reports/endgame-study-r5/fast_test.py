import sys, time, json
from common import books
from positions import positions, one_sided_roots
from endgame import Subgame
from endgame_fast import FastSubgame
N = int(sys.argv[1]); swap = sys.argv[2] == "face-up"; only = sys.argv[3] if len(sys.argv) > 3 else None
out = []
for i, seats, core in positions(N, stop_round=4):
    for p in (0, 1):
        unseen, a = books(core, p)
        if only is not None and a != int(only):
            continue
        g = FastSubgame(*one_sided_roots(core, p), splitter=core.splitter(), reserve_first=core.reserve_first, face_up_swap=swap)
        t1 = time.perf_counter(); g.iterate_both(1); per = time.perf_counter() - t1
        for L in g.layers: L.regret[:] = 0; L.avg[:] = 0
        curve = g.solve_fast(3000, target=0.02, check_every=5)
        it, nc, s = curve[-1]
        # time without the NashConv checks
        for L in g.layers: L.regret[:] = 0; L.avg[:] = 0
        t2 = time.perf_counter(); g.solve_fast(it); pure = time.perf_counter() - t2
        row = dict(game=i, player=p, opp_hidden=a, splitter=core.splitter() == p, terminals=g.sizes["terminals"],
                   iter_s=round(per, 4), iters=it, nash_conv=round(nc, 4), solve_s_no_checks=round(pure, 3),
                   value_p=round(g.value() * (1 if p == 0 else -1), 4))
        out.append(row); print(json.dumps(row), flush=True)
json.dump(out, open(f"fast_{sys.argv[2]}_{only}_{N}.json", "w"), indent=1)

"""Q2/Q3: CFR+ to NashConv <= 0.02 on real round-5 one-sided subgames; time per solve, one core."""
import json, sys, time
import numpy as np
from common import books
from positions import positions, one_sided_roots
from endgame import Subgame

N = int(sys.argv[1]); swap = sys.argv[2] == "face-up"; only = sys.argv[3] if len(sys.argv) > 3 else None
rows = []
for i, seats, core in positions(N, stop_round=4):
    for p in (0, 1):
        unseen, a = books(core, p)
        if only is not None and a != int(only):
            continue
        t0 = time.perf_counter()
        g = Subgame(*one_sided_roots(core, p), splitter=core.splitter(), reserve_first=core.reserve_first, face_up_swap=swap)
        tb = time.perf_counter() - t0
        t1 = time.perf_counter()
        g.iterate(1, 0); g.iterate(1, 1)
        per_iter = time.perf_counter() - t1
        for L in g.layers:
            L.regret[:] = 0; L.avg[:] = 0
        t1 = time.perf_counter()
        curve = g.solve(3000, target=0.02, check_every=5)
        ts = time.perf_counter() - t1
        it, nc, _ = curve[-1]
        t2 = time.perf_counter(); g.nash_conv(); tnc = time.perf_counter() - t2
        row = dict(game=i, player=p, opp_hidden=a, splitter=core.splitter() == p, terminals=g.sizes["terminals"],
                   infosets=sum(g.sizes["infosets"].values()), build_s=tb, iter_s=per_iter, iters=it, nash_conv=nc,
                   solve_s=ts, nashconv_eval_s=tnc, value_p=g.value() * (1 if p == 0 else -1))
        rows.append(row)
        print(json.dumps({k: (round(v, 4) if isinstance(v, float) else v) for k, v in row.items()}), flush=True)
json.dump(rows, open(f"solve_time_{sys.argv[2]}_{only}.json", "w"), indent=1)

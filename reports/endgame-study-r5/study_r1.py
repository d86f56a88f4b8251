"""Compare the vectorised CFR+ with OpenSpiel CFR on the rounds=1 study (opening 0, first splitter 0)."""
import sys, time
from itertools import combinations
import numpy as np
from divided import games
from divided.games.divided_ranks.state import ALL_CARDS
from endgame import Subgame, BITS

def study_roots(seed, swap="blind", order="literal"):
    g = games.load("divided-ranks", rounds=1, opening_seed=seed, first_splitter=0, build="auto", swap=swap, reserve_order=order)
    st = g.new_initial_state(0, chance_by_name=True).core
    h0, h1 = st.hands
    unseen = [c for c in range(21) if not (ALL_CARDS & ~(h0 | h1)) >> c & 0 or ((h0 | h1) >> c) & 1 == 0]
    unseen = [c for c in range(21) if not ((h0 | h1) >> c) & 1]
    rows = []
    for r in unseen:
        d = sum(1 << c for c in unseen if c != r)
        rows.append((h0, h1, d, r, 1.0))
    a = np.array(rows, dtype=object).T
    return st, [np.array(list(x), dtype=np.int64 if i < 4 else float) for i, x in enumerate(a)]

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    for swap in ("blind", "face-up"):
        st, (h0, h1, d, r, w) = study_roots(seed, swap)
        g = Subgame(h0, h1, d, r, w, splitter=st.splitter(), reserve_first=st.reserve_first, face_up_swap=(swap == "face-up"))
        t = time.perf_counter()
        curve = g.solve(2000, target=0.001, check_every=5)
        print(swap, "splitter", st.splitter(), "reserve_first", st.reserve_first, g.sizes,
              "iters", curve[-1][0], "nashconv %.5f" % curve[-1][1], "value p0 %+.4f" % g.value(),
              "secs %.3f" % (time.perf_counter() - t))
        for it, nc, s in curve:
            if it in (5, 10, 20, 50, 100, 200, 500):
                print("   iter", it, "nashconv %.4f" % nc, "t %.3f" % s)

"""Q1: size of the real endgame at the start of round 5 (and 4) in 50 seeded expert-vs-skilled games."""
import json, sys, time
from collections import Counter
import numpy as np
from common import books, multinomial, seen_by
from positions import positions, one_sided_roots
from endgame import Subgame

N = int(sys.argv[1]) if len(sys.argv) > 1 else 50
res = {"r5": [], "r4": []}
for rnd, key in ((4, "r5"), (3, "r4")):
    t = time.perf_counter()
    pos = positions(N, stop_round=rnd)
    print(key, "played to start in %.1fs" % (time.perf_counter() - t), flush=True)
    for i, seats, core in pos:
        for p in (0, 1):
            unseen, a = books(core, p)
            u = bin(unseen).count("1")
            stock = 4 * (5 - rnd)
            groups = [4] * (5 - rnd)
            deals = multinomial(a, *groups, 1)
            row = dict(game=i, player=p, unseen=u, opp_hidden=a, deals=deals)
            if key == "r5":
                row["splitter"] = core.splitter() == p
                # the other player's hidden cards (what p holds that the opponent never saw)
                unseen_o, b = books(core, 1 - p)
                row["own_hidden"] = b
                row["public_roots"] = multinomial(a, b, 4, 1)
                for swap in (False, True):
                    t0 = time.perf_counter()
                    g = Subgame(*one_sided_roots(core, p), splitter=core.splitter(),
                                reserve_first=core.reserve_first, face_up_swap=swap)
                    tag = "faceup" if swap else "blind"
                    row[f"{tag}_terminals"] = g.sizes["terminals"]
                    row[f"{tag}_infosets"] = g.sizes["infosets"]
                    row[f"{tag}_build_s"] = round(g.build_seconds, 4)
                    row[f"{tag}_leaf_s"] = round(g.leaf_seconds, 4)
            res[key].append(row)
json.dump(res, open("sizes.json", "w"), indent=1)

def summary(rows, field):
    v = np.array([r[field] for r in rows])
    return f"{field}: median {np.median(v):g} mean {v.mean():.1f} p95 {np.percentile(v,95):g} max {v.max()}"
for key in res:
    rows = res[key]
    print("==", key, len(rows), "player-views")
    print("  opp_hidden distribution", sorted(Counter(r["opp_hidden"] for r in rows).items()))
    for f in ("unseen", "deals"):
        print("  ", summary(rows, f))
    if key == "r5":
        print("   (own_hidden, opp_hidden) pairs", sorted(Counter((r["own_hidden"], r["opp_hidden"]) for r in rows).items()))
        for f in ("public_roots", "blind_terminals", "faceup_terminals", "blind_build_s", "blind_leaf_s", "faceup_build_s"):
            print("  ", summary(rows, f))
        for tag in ("blind", "faceup"):
            tot = np.array([sum(r[f"{tag}_infosets"].values()) for r in rows])
            print(f"   {tag} infosets total: median {np.median(tot):g} p95 {np.percentile(tot,95):g} max {tot.max()}")
            for lay in rows[0][f"{tag}_infosets"]:
                pass
            per = {}
            for r in rows:
                for k, v in r[f"{tag}_infosets"].items():
                    per.setdefault(k[:2], []).append(v)
            print("     per layer max:", {k: max(v) for k, v in per.items()}, "median:", {k: float(np.median(v)) for k, v in per.items()})

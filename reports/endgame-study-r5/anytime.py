"""NashConv reached within a wall-time budget (solver time only, NashConv checks excluded)."""
import sys, json, time
from common import books
from positions import positions, one_sided_roots
from endgame_alt import AltSubgame
N = int(sys.argv[1]); swap = sys.argv[2] == "face-up"; only = int(sys.argv[3])
for i, seats, core in positions(N, stop_round=4):
    for p in (0, 1):
        if books(core, p)[1] != only: continue
        g = AltSubgame(*one_sided_roots(core, p), splitter=core.splitter(), reserve_first=core.reserve_first, face_up_swap=swap)
        res = g.anytime(8.0, target=0.02)
        print(json.dumps(dict(game=i, player=p, opp_hidden=only, terminals=g.sizes["terminals"],
              curve=[[round(x, 4) if isinstance(x, float) else x for x in r] for r in res])), flush=True)

"""OpenSpiel CFR+ value of a rounds=1 study (cross-check of study_r1.py)."""
import sys, time
import pyspiel
from open_spiel.python.algorithms import expected_game_score
from divided.adapters.studies.cfr import solve
from divided.adapters.studies.divided_ranks import study_game_string
import divided.adapters.openspiel  # registers the game
seed, swap, iters = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
gs = study_game_string(rounds=1, opening_seed=seed, first_splitter=0, swap=swap)
t = time.perf_counter()
sol = solve(gs, iters, [iters], "cfr+")
game = pyspiel.load_game(gs)
v = expected_game_score.policy_value(game.new_initial_state(), [sol.average_policy] * 2)[0]
print(gs, "iters", iters, "nashconv %.4f" % sol.curve[-1][1], "infostates", sol.info_states, "value p0 %+.4f" % v, "secs %.0f" % (time.perf_counter() - t))

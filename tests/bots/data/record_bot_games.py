"""Run at commit 5ef849e: Record complete seeded games between every built-in bot with the code of commit 5ef849e."""
import json, random, sys
from divided import games
from divided.bots import make_bot

OPTION_SETS = [{}, {"swap": "face-up"}, {"scoring": "weaker-first", "reserve_order": "coin"},
               {"first_splitter": 1, "build": "auto"}, {"reserve_order": "splitter-first", "rounds": 3}]
PAIRS = [("random", "skilled"), ("expert", "random"), ("skilled", "expert"), ("ismcts:iterations=40", "random"),
         ("skilled", "ismcts:iterations=25"), ("hide-weaker", "expert"), ("hide-stronger", "random"),
         ("random:auto_arrange=no", "random"), ("expert:budget=40,epsilon=0.2,beta=2", "skilled")]
out = []
for n, pair in enumerate(PAIRS):
    for k in range(3):
        seed = 1000 + 10 * n + k
        options = OPTION_SETS[(n + k) % len(OPTION_SETS)]
        bots = [make_bot(pair[0]), make_bot(pair[1])]
        rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
        state = games.load("divided-ranks", **options).new_initial_state(seed=seed)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(bots[p].choose(state.observation(p), tuple(state.legal_actions()), rngs[p]))
        out.append({"bots": list(pair), "record": state.record().to_dict(), "returns": list(state.returns())})
json.dump({"source": "divided at commit 5ef849e (before the bot registry keyed by game)", "games": out},
          open(sys.argv[1], "w"), separators=(",", ":"))
print(len(out))

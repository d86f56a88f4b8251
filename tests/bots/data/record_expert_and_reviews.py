"""Run at commit 5ef849e: Record the expert's choices and full reviews with the code of commit 5ef849e (before issue 11's bot
changes), as data for the equality tests."""
import json, random, sys, time
from divided import games
from divided.bots import make_bot
from divided.bots.expert import ExpertBot, expert_decision
from divided.review import review_game

OPTION_SETS = [{}, {"swap": "face-up"}, {"scoring": "weaker-first", "reserve_order": "coin"},
               {"first_splitter": 1, "build": "auto"}, {"reserve_order": "splitter-first", "rounds": 3}]
PAIRS = [("skilled", "random"), ("random", "skilled"), ("hide-weaker", "skilled"), ("random", "random")]

def play(pair, seed, options):
    bots = [make_bot(pair[0]), make_bot(pair[1])]
    rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
    state = games.load("divided-ranks", **options).new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(bots[p].choose(state.observation(p), tuple(state.legal_actions()), rngs[p]))
    return state.record()

lab = ExpertBot()
records, decisions = [], []
seed = 100
while len(decisions) < 200:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    pair = PAIRS[seed % len(PAIRS)]
    record = play(pair, seed, options)
    records.append(record.to_dict())
    state = games.load(record.game, **record.options).new_initial_state()
    for index, action in enumerate(record.actions):
        if not state.is_chance_node():
            p = state.current_player()
            view = state.observation(p)
            legal = tuple(state.legal_actions())
            hint = expert_decision(view, legal, salt=seed, budget=48)
            decisions.append({"record": len(records) - 1, "index": index,
                              "lab_choice": lab.choose(view, legal, random.Random(0)),
                              "choice": hint.choice, "values": {str(a): v for a, v in hint.values.items()},
                              "errors": {str(a): v for a, v in hint.errors.items()}, "salt": seed, "budget": 48})
        state.apply_action(action)
    seed += 1
json.dump({"source": "divided at commit 5ef849e (before the bot registry keyed by game)",
           "records": records, "decisions": decisions[:200]},
          open(sys.argv[1], "w"), indent=None, separators=(",", ":"))
print(len(records), "records", len(decisions), "decisions")

reviews = []
for n, (pair, s, opts) in enumerate([(("skilled", "random"), 7, {}), (("random", "skilled"), 8, {"swap": "face-up"}),
                                     (("hide-stronger", "skilled"), 9, {"scoring": "weaker-first"}),
                                     (("random", "random"), 10, {"first_splitter": 0, "reserve_order": "coin"})]):
    record = play(pair, s, opts)
    for seat in (0, 1):
        t = time.time()
        review = review_game(record, seat, budget=48, seed=n)
        reviews.append({"record": record.to_dict(), "seat": seat, "budget": 48, "seed": n,
                        "total": review.total, "error": review.error,
                        "moves": [{"move_number": m.move_number, "phase": m.phase, "played": m.played,
                                   "played_label": m.played_label, "best": m.best, "best_label": m.best_label,
                                   "values": {str(a): v for a, v in m.values.items()}, "loss": m.loss,
                                   "grade": m.grade, "reason": m.reason,
                                   "errors": {str(a): v for a, v in m.errors.items()}, "loss_error": m.loss_error}
                                  for m in review.moves]})
        print("review", n, seat, time.time() - t, review.counts())
json.dump({"source": "divided at commit 5ef849e (before the review was made game-generic)", "reviews": reviews},
          open(sys.argv[2], "w"), indent=None, separators=(",", ":"))

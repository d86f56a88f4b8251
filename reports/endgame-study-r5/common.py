"""Shared helpers for the issue-15 feasibility study (scratch code, run from the repository root)."""
import random
from math import comb, factorial
from divided import games
from divided.bots import make_bot
from divided.cards import mask_indices
from divided.games.divided_ranks.state import Phase, SplitEvent, ChoiceEvent, ALL_CARDS

GAME = "divided-ranks"

def play_to(seed, seats, stop_round, options=None, index=0):
    """Play a seeded game between bots until the start of split round stop_round (0-based); return the core state."""
    game = games.load(GAME, **(options or {}))
    bots = [make_bot(GAME, s) for s in seats]
    rngs = [random.Random(seed * 7919 + 31 * p + index) for p in range(2)]
    state = game.new_initial_state(seed, chance_by_name=True)
    while not state.is_terminal():
        core = state.core
        if core.phase == Phase.SPLIT and core.round == stop_round:
            return core
        p = state.current_player()
        a = bots[p].choose(state.observation(p), state.legal_actions(), rngs[p])
        state.apply_action(a)
    raise RuntimeError("game ended early")

def seen_by(core, p):
    """Cards of the opponent's hand that player p has seen (mask), and p's own hand."""
    seen = 0
    splits = {e.round: e for e in core.log if isinstance(e, SplitEvent)}
    for e in core.log:
        if isinstance(e, ChoiceEvent):
            s = splits[e.round]
            if s.splitter == p:
                seen |= s.drawn
            else:  # p chose
                seen |= s.face_up
                if not e.took_face_up:
                    seen |= e.face_down
    opp = core.hands[1 - p]
    return seen & opp, core.hands[p]

def books(core, p):
    """(unseen cards mask, number of opponent cards p has not seen)."""
    opp_seen, own = seen_by(core, p)
    unseen = ALL_CARDS & ~own & ~opp_seen
    hidden = bin(core.hands[1 - p]).count("1") - bin(opp_seen).count("1")
    return unseen, hidden

def multinomial(*ks):
    n = sum(ks); out = factorial(n)
    for k in ks: out //= factorial(k)
    return out

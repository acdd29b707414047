"""Self-play: whole games between two legal decks with a random legal-action player (one process, one core).

``python -m engine.selfplay --games N --seed S [--deck1 NAME --deck2 NAME] [--verify-replay]`` ends with the line
``games=N wins1=A wins2=B draws=D actions=M passes=P seconds=S actions_per_s=R`` (M counts every applied action,
passes included; R = M / S). Every game ends: a turn cap (a draw) is the last resort, counted on the line before.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from engine.cards.pool import load_deck, starter_decks
from engine.game import Game


#: Probability that the random player ends recruitment while it could still recruit (else it would rarely field
#: a squad: "done" is one option among up to 15).
DONE_WEIGHT = 0.08


def random_action(rng: random.Random, legal: list[dict]) -> dict:
    """A uniformly random legal action (concession excluded), except that ending recruitment is taken with
    probability DONE_WEIGHT while recruiting is still possible."""
    acts = [a for a in legal if a["act"] != "concede"]
    done = [a for a in acts if a.get("option") == "done"]
    if done and len(acts) > 1:
        if rng.random() < DONE_WEIGHT:
            return done[0]
        acts = [a for a in acts if a.get("option") != "done"]
    return rng.choice(acts)


def play_game(seed: int, deck1: list[str], deck2: list[str], max_actions: int = 20000) -> Game:
    """Play one game from ``seed`` with random legal actions; returns the finished game."""
    g = Game.new(seed, deck1, deck2)
    rng = random.Random(seed ^ 0x5EED)
    n = 0
    while g.result is None:
        p = g.to_act()
        g.apply(p, random_action(rng, g.legal_actions(p)))
        n += 1
        if n >= max_actions:
            g.set_result("draw", "action_cap")
    return g


def main(argv: list[str] | None = None) -> int:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m engine.selfplay")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deck1", default=None, help="starter deck name (Russian or English); default: rotate")
    ap.add_argument("--deck2", default=None)
    ap.add_argument("--verify-replay", action="store_true", help="replay each game from seed + log and compare")
    args = ap.parse_args(argv)
    names = sorted({n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower())})
    wins = {1: 0, 2: 0, "draw": 0}
    actions = passes = capped = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        d1 = load_deck(args.deck1 or names[i % len(names)])
        d2 = load_deck(args.deck2 or names[(i + 1) % len(names)])
        g = play_game(seed, d1, d2)
        wins[g.result["winner"]] += 1
        capped += g.result["reason"] in ("turn_cap", "action_cap")
        actions += len(g.log)
        passes += sum(1 for _, a in g.log if a["act"] == "pass")
        if args.verify_replay:
            r = Game.replay(seed, d1, d2, g.log)
            if r.snapshot() != g.snapshot():
                print(f"replay mismatch for seed {seed}", file=sys.stderr)
                return 1
    secs = time.perf_counter() - t0
    print(f"turn_cap_draws={capped}")
    print(f"games={args.games} wins1={wins[1]} wins2={wins[2]} draws={wins['draw']} actions={actions} "
          f"passes={passes} seconds={secs:.2f} actions_per_s={actions / secs if secs else 0:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

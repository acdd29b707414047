"""The searching computer opponent's speed: expert decisions and search iterations per CPU second.

``python -m bench.search_speed [--positions N] [--iterations K] [--seed S]``: plays seeded random games
(engine/selfplay.py's random player, the starter decks rotating as in bench/engine_speed.py) and, at every
``stride``-th position where the expert level searches (a free decision with two or more candidates,
bots/search.py), lets ``expert_policy`` decide from the view of the player to act with no time budget and ``K``
iterations, until ``N`` positions are decided. The budget is iterations, not time, so both checkouts search the
same trees; what is timed is the decision's CPU time (``time.process_time``). Prints decisions per CPU second,
iterations per CPU second (iterations run, which a tree stops early when the position has nothing left to
search) and the median CPU milliseconds per decision.

``--before PATH [--rounds R]``: the same positions on another checkout too, alternating, each run in a fresh
subprocess of the same interpreter (``PYTHONPATH`` = the checkout), as bench/engine_speed.py does; prints the
after / before ratios of CPU time and whether both checkouts chose the same actions (a speed-up of the engine that
the search reads shows as the same choices in less time).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__" and sys.path and Path(sys.path[0]).resolve() == ROOT / "bench":
    del sys.path[0]        # run by path (--child): bench/bots.py must not hide the bots package


def positions(n: int, seed: int, stride: int = 7) -> list[tuple[int, int, int]]:
    """Where to decide: ``[(game seed, deck index, version)]`` for ``n`` positions, every ``stride``-th searched
    decision of random games from ``seed`` (one game after another, the starter decks rotating)."""
    import random

    from bots.search import candidates, free_decision
    from engine.cards.decks import load_deck
    from engine.game import Game
    from engine.selfplay import random_action

    from bench.engine_speed import deck_names
    names = deck_names()
    out: list[tuple[int, int, int]] = []
    game = 0
    while len(out) < n:
        s = seed + game
        g = Game.new(s, load_deck(names[game % len(names)]), load_deck(names[(game + 1) % len(names)]))
        rng = random.Random(s ^ 0x5EED)
        seen = 0
        while g.result is None and len(out) < n and g.version < 3000:
            p = g.to_act()
            view, legal = g.view(p), g.legal_actions(p)
            if free_decision(view) and len(candidates(view, legal, 8, wait=False)) >= 2:
                seen += 1
                if seen % stride == 0:
                    out.append((s, game, g.version))
            g.apply(p, random_action(rng, legal))
        game += 1
    return out


def decide(n: int, iterations: int, seed: int) -> dict:
    """Decide every position of :func:`positions` with the expert (no time budget, ``iterations``); per
    position: CPU seconds, iterations run and the chosen action. Returns ``{"engine": path, "decisions": [...],
    "digest": sha256 of the choices}``."""
    import random

    import bots.search as search
    import engine
    from engine.cards.decks import load_deck
    from engine.game import Game
    from engine.selfplay import random_action

    from bench.engine_speed import deck_names
    names = deck_names()
    runs: list[int] = []
    real_iterate = search._iterate

    def counted(*args, **kwargs):
        runs[-1] += 1
        return real_iterate(*args, **kwargs)

    search._iterate = counted
    out = []
    try:
        for s, game, version in positions(n, seed):
            g = Game.new(s, load_deck(names[game % len(names)]), load_deck(names[(game + 1) % len(names)]))
            rng = random.Random(s ^ 0x5EED)
            while g.version < version:
                p = g.to_act()
                g.apply(p, random_action(rng, g.legal_actions(p)))
            p = g.to_act()
            view, legal = g.view(p), g.legal_actions(p)
            runs.append(0)
            t = time.process_time()
            action = search.expert_policy(view, legal, random.Random(version), budget=None, iterations=iterations)
            out.append({"cpu_s": time.process_time() - t, "iterations": runs[-1], "action": action})
    finally:
        search._iterate = real_iterate
    digest = hashlib.sha256(json.dumps([d["action"] for d in out], sort_keys=True).encode()).hexdigest()
    return {"engine": str(Path(engine.__file__).resolve().parent), "decisions": out, "digest": digest}


def summary(run: dict) -> dict:
    """Totals of one :func:`decide` run: decisions, iterations, CPU seconds, decisions and iterations per CPU
    second, the median CPU ms per decision."""
    ds = run["decisions"]
    cpu = sum(d["cpu_s"] for d in ds)
    its = sum(d["iterations"] for d in ds)
    return {"decisions": len(ds), "iterations": its, "cpu_seconds": round(cpu, 2),
            "decisions_per_s": round(len(ds) / cpu, 2), "iterations_per_s": round(its / cpu),
            "median_ms": round(1e3 * statistics.median(d["cpu_s"] for d in ds), 1)}


def _line(d: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in d.items())


def child(checkout: Path, n: int, iterations: int, seed: int) -> dict:
    """:func:`decide` in a fresh interpreter whose ``engine`` is the one of ``checkout``
    (bench/engine_speed.py ``run_in``)."""
    from bench.engine_speed import run_in      # here, not at the top: a child's ``bench`` is the other checkout's
    return run_in(checkout, Path(__file__).resolve(),
                  ["--positions", str(n), "--iterations", str(iterations), "--seed", str(seed)])


def compare(before: Path, n: int, iterations: int, seed: int, rounds: int) -> int:
    """Alternate ``rounds`` runs of the same positions on ``before`` and on this checkout; print each run, the CPU
    ratios and whether the choices were the same. Returns 0."""
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores; "
          f"Python {sys.version.split()[0]}")
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for r in range(rounds):
        for name, path in (("before", before), ("after", ROOT)):
            run = child(path, n, iterations, seed)
            runs[name].append(run)
            print(f"round={r + 1} {name:6} {_line(summary(run))}")
    for r in range(rounds):
        b, a = summary(runs["before"][r]), summary(runs["after"][r])
        print(f"round={r + 1} speed-up (CPU before / after)={b['cpu_seconds'] / a['cpu_seconds']:.2f}x "
              f"decisions/s {b['decisions_per_s']} -> {a['decisions_per_s']}")
    same = runs["before"][0]["digest"] == runs["after"][0]["digest"]
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"same choices in both checkouts: {'yes' if same else 'no (their engines or bots play differently)'}")
    return 0


def main(argv=None) -> int:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench.search_speed")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=100, help="expert iterations per decision (no time budget)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", type=Path, default=None, help="another checkout to decide the same positions on")
    ap.add_argument("--rounds", type=int, default=2, help="with --before: alternations")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(decide(args.positions, args.iterations, args.seed)))
        return 0
    if args.before is not None:
        return compare(args.before.resolve(), args.positions, args.iterations, args.seed, args.rounds)
    print(_line(summary(decide(args.positions, args.iterations, args.seed))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

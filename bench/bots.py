"""Strength of the computer opponents: a round robin of the levels, engine-level games (no server).

``python -m bench.bots [--games N] [--pairs A:B,...] [--jobs J] [--seed S]``: for each pair of levels (default: the
four levels of bots/levels.py in a round robin, plus beginner against random), N games in twins: twin j (j = S,
S + 1, ...) is two games of the same game seed j and the same deck pair (decks j and j + 1 of
``engine.preconstructed_decks()``, rotating, seat 1 holding deck j), A in seat 1 in the first and in seat 2 in the
second, so that each side plays both decks from both seats and neither deck's strength nor the seat counts for A. Prints per pair: games, A's wins, draws, A's score (a draw counts half) with its
95 % Wilson interval; per level: decision times (median and p95, ms) over every decision and over the decisions at
which a searching level searches (a free decision with two or more candidates, bots/search.py). The last lines say
the machine: cores, load average before and after, and whether the engine ran compiled (berserk_native) or pure.

Each policy runs with its defaults: the expert's budget is time (0.75 s, bots/search.py), so on a loaded machine it
thinks fewer iterations and plays weaker; the strong level's is samples (5 candidates on 2 samples, then 3 of them
on 4 more, bots/search.py) with a 0.25 s cap (it starts no sample it could not finish by then). ``--jobs`` plays
games in parallel processes (each game is timed on its own process). ``--iterations K`` takes the wall clock out of
the searching levels' play (the strong level's samples uncapped, the expert's K iterations and no time budget), so
that a result does not depend on the machine's load; their decision times are then those of that play, not of the
default budgets. ``--cpu-clock`` keeps the default budgets but counts them in each process's CPU time, so that a
searching level thinks as much as on a core of its own whatever the load (its wall-clock times then grow with the
load; the CPU columns are what one quiet core would take).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

#: The goals (A beats B in at least this share of games) and the timing goals (p95 seconds of a searched decision).
GOALS = {("expert", "casual"): 0.75, ("strong", "casual"): 0.65, ("casual", "beginner"): 0.75,
         ("beginner", "random"): 0.90}
TIME_GOALS = {"expert": 1.0, "strong": 0.3}
MAX_ACTIONS = 6000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``wins / n`` (wins may hold halves for draws)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(xs: list, q: float) -> float:
    """The q-quantile (0..1) of xs by nearest rank (0 for none)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _policies(iterations: int | None, cpu_clock: bool = False) -> dict:
    """The levels' policies: their defaults; with ``cpu_clock`` the searching levels' default budgets counted in
    this process's CPU time (``time.process_time``: the thinking one quiet core gives, whatever the load); with
    ``iterations`` the searching levels without a time budget (strong: its samples uncapped; expert:
    ``iterations`` iterations), so that their play does not depend on the machine's load."""
    from functools import partial

    from bots import POLICIES
    from bots.search import expert_policy, strong_policy
    if iterations is not None:
        return {**POLICIES, "strong": partial(strong_policy, budget=None),
                "expert": partial(expert_policy, budget=None, iterations=iterations)}
    if cpu_clock:
        return {**POLICIES, "strong": partial(strong_policy, clock=time.process_time),
                "expert": partial(expert_policy, clock=time.process_time)}
    return dict(POLICIES)


def play_one(a: str, b: str, game: int, iterations: int | None = None, cpu_clock: bool = False) -> dict:
    """Game ``game`` (twin ``game // 2``, A's seat by its parity): level ``a`` against ``b`` (``iterations``,
    ``cpu_clock``: see :func:`_policies`); returns ``{"score_a", "draw", "times": {level: [(s, cpu s, searched)]},
    "reason", "turn", "seed"}``."""
    POLICIES = _policies(iterations, cpu_clock)
    from bots.search import candidates, free_decision
    from engine import Game, load_deck, preconstructed_decks
    decks = [d["id"] for d in preconstructed_decks()]
    k = game // 2                           # two games per deck pair: the same seed, decks and seats, A's seat swapped
    d1, d2 = load_deck(decks[k % len(decks)]), load_deck(decks[(k + 1) % len(decks)])
    seat_a = 1 if game % 2 == 0 else 2
    levels = {seat_a: a, 3 - seat_a: b}
    rngs = {1: random.Random(k * 2 + 1), 2: random.Random(k * 2 + 2)}
    times: dict = {a: [], b: []} if a != b else {a: []}
    g = Game.new(k, d1, d2)
    while g.result is None:
        p = g.to_act()
        view, legal = g.view(p), g.legal_actions(p)
        searched = free_decision(view) and len(candidates(view, legal, 2)) >= 2
        t, c = time.perf_counter(), time.process_time()
        action = POLICIES[levels[p]](view, legal, rngs[p])
        times[levels[p]].append((time.perf_counter() - t, time.process_time() - c, searched))
        g.apply(p, action)
        if g.version >= MAX_ACTIONS:
            g.set_result("draw", "action_cap")
    w = g.result["winner"]
    return {"score_a": 0.5 if w == "draw" else float(w == seat_a), "draw": w == "draw", "times": times,
            "reason": g.result["reason"], "turn": g.turn, "seed": game}


def _pairs(spec: str | None) -> list[tuple[str, str]]:
    from bots import LEVELS
    if spec:
        return [tuple(x.split(":")) for x in spec.split(",")]          # type: ignore[misc]
    strong_first = list(reversed(LEVELS))
    return [(x, y) for x, y in combinations(strong_first, 2)] + [("beginner", "random")]


def run(pairs: list[tuple[str, str]], games: int, seed: int, jobs: int, iterations: int | None = None,
        cpu_clock: bool = False) -> dict:
    """Play every pair; returns {"pairs": {(a, b): {"games", "wins", "draws"}}, "times": {level: [(s, cpu s,
    searched)]}}."""
    out: dict = {"pairs": {}, "times": {}}
    tasks = [(a, b, 2 * seed + i, iterations, cpu_clock) for a, b in pairs for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(_noted(tasks, ex.map(play_one, *zip(*tasks))))
    else:
        results = list(_noted(tasks, (play_one(*t) for t in tasks)))
    for (a, b, _, _, _), r in zip(tasks, results):
        st = out["pairs"].setdefault((a, b), {"games": 0, "wins": 0.0, "draws": 0, "drawn": []})
        st["games"] += 1
        st["wins"] += r["score_a"]
        st["draws"] += r["draw"]
        if r["draw"]:
            st["drawn"].append(f"game {r['seed']}: {r['reason']} at turn {r['turn']}")
        for lv, ts in r["times"].items():
            out["times"].setdefault(lv, []).extend(ts)
    return out


def _noted(tasks: list[tuple], results: Iterator[dict]) -> Iterator[dict]:
    """``results`` passed on, each game's outcome noted on stderr as it arrives (a long run shows its progress)."""
    for (a, b, game, _, _), r in zip(tasks, results):
        print(f"{a} vs {b} game {game}: {a} scores {r['score_a']:g} ({r['reason']}, turn {r['turn']})",
              file=sys.stderr, flush=True)
        yield r


def report(res: dict) -> list[str]:
    """The result as text lines: the pairs table, the timing table."""
    lines = ["| A vs B | games | A's score | 95 % interval | goal |", "|---|---|---|---|---|"]
    for (a, b), st in res["pairs"].items():
        lo, hi = wilson(st["wins"], st["games"])
        goal = GOALS.get((a, b))
        lines.append(f"| {a} vs {b} | {st['games']} | {st['wins']:g} ({st['wins'] / st['games']:.0%}"
                     f"{', ' + str(st['draws']) + ' draws' if st['draws'] else ''}) | {lo:.0%}-{hi:.0%} | "
                     f"{'>= ' + format(goal, '.0%') if goal else '-'} |")
    drawn = [f"{a} vs {b}, {d}" for (a, b), st in res["pairs"].items() for d in st["drawn"]]
    if drawn:
        lines += ["", "Draws: " + "; ".join(drawn) + "."]
    lines += ["", "| level | decisions | median ms | p95 ms | searched | searched median ms | searched p95 ms | "
              "searched CPU median ms | searched CPU p95 ms | goal |", "|---|---|---|---|---|---|---|---|---|---|"]
    for lv, ts in sorted(res["times"].items()):
        all_t = [t for t, _, _ in ts]
        srch = [t for t, _, s in ts if s]
        cpu = [c for _, c, s in ts if s]
        goal = TIME_GOALS.get(lv)
        lines.append(f"| {lv} | {len(all_t)} | {statistics.median(all_t) * 1e3:.1f} | {pct(all_t, 0.95) * 1e3:.1f} | "
                     f"{len(srch)} | {statistics.median(srch) * 1e3 if srch else 0:.1f} | "
                     f"{pct(srch, 0.95) * 1e3:.1f} | {statistics.median(cpu) * 1e3 if cpu else 0:.1f} | "
                     f"{pct(cpu, 0.95) * 1e3:.1f} | {'p95 <= ' + format(goal * 1e3, '.0f') + ' ms' if goal else '-'} |")
    return lines


def main(argv=None) -> None:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4, help="games per pair (seats alternate)")
    ap.add_argument("--pairs", default=None, help="A:B,... (default: the round robin of the four levels + "
                                                  "beginner:random)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    ap.add_argument("--iterations", type=int, default=None,
                    help="searching levels without a time budget: strong uncapped, expert this many iterations")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="the searching levels' default budgets in this process's CPU time (one quiet core's worth)")
    args = ap.parse_args(argv)
    import berserk_native
    load0, t0 = os.getloadavg(), time.time()
    res = run(_pairs(args.pairs), args.games, args.seed, args.jobs, args.iterations, args.cpu_clock)
    for line in report(res):
        print(line)
    print(f"\nmachine: {os.cpu_count()} cores, load average {load0[0]:.1f} before, {os.getloadavg()[0]:.1f} after; "
          f"engine {'compiled' if berserk_native.compiled() else 'pure Python'}; {time.time() - t0:.0f} s; "
          f"games {args.games} per pair from twin {args.seed}, jobs {args.jobs}; "
          f"{'no clock: expert ' + str(args.iterations) + ' iterations' if args.iterations else 'default budgets'}"
          f"{' on the CPU clock' if args.cpu_clock and not args.iterations else ''}")


if __name__ == "__main__":
    main()

"""Engine speed: random self-play actions per second on one core (legal-action listing included).

``python -m bench.engine_speed [--games N] [--seed S]``: plays N random games (engine/selfplay.py, decks rotating
over the starter decks); for each game actions / CPU seconds, where every action costs one ``legal_actions``
listing plus one ``apply``. Prints the median, p10 and p90 over games, the total rate, the rate of non-pass
actions (every applied action but ``pass``, the one berserk_vibe's comparison counted), and the
mean CPU microseconds per action by the version it started at: ``fresh`` (< 60: the preliminary phase and the first
turns), ``mid`` (60-400, the mid-game of restored rooms) and ``late`` (> 400).

``--before PATH [--rounds R]``: the same games on another checkout too (e.g. ``git archive <base> | tar -x -C
/tmp/base``), alternating before / after R times in one run, each in a fresh subprocess of the same interpreter
(``PYTHONPATH`` = the checkout). Every game's action log, result and final snapshot are hashed: the run fails
(exit status 1) unless both checkouts played exactly the same games, so a speed-up never hides a change of
behaviour. Prints one line per run and the after / before ratios of CPU time.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pct(xs: list, q: float) -> float:
    """The q-quantile (0..1) of xs by nearest rank."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def deck_names() -> list[str]:
    """The starter decks by their Russian names, in the order the games rotate over them."""
    from engine.cards.decks import starter_decks
    return sorted({n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower())})


#: Versions below FRESH count as fresh (the preliminary phase, the first turns); MID = mid-game (as bench/all.py,
#: and rooms restored at actions 60-400).
FRESH, MID = 60, 400


def play_one(seed: int, deck1: list[str], deck2: list[str], max_actions: int = 20000):
    """``engine.selfplay.play_game`` step for step (same random player, same seed use, same action cap), timing
    each action (its ``legal_actions`` + ``apply``, ``time.process_time``) by the version it started at. Returns
    (game, CPU seconds per band ``{"fresh", "mid", "late"}``, actions per band)."""
    import random
    from engine.game import Game
    from engine.selfplay import random_action
    g = Game.new(seed, deck1, deck2)
    rng = random.Random(seed ^ 0x5EED)
    secs = {"fresh": 0.0, "mid": 0.0, "late": 0.0}
    counts = dict.fromkeys(secs, 0)
    n = 0
    clock = time.process_time
    while g.result is None:
        v = g.version
        t0 = clock()
        p = g.to_act()
        g.apply(p, random_action(rng, g.legal_actions(p)))
        dt = clock() - t0
        band = "fresh" if v < FRESH else "mid" if v <= MID else "late"
        secs[band] += dt
        counts[band] += 1
        n += 1
        if n >= max_actions:
            g.set_result("draw", "action_cap")
    return g, secs, counts


def comparable_snapshot(data: bytes) -> bytes:
    """A game's snapshot bytes without its board's cell order (``board_order``, which snapshots before it lack):
    the state two checkouts compare, byte for byte, whichever of them records that order."""
    d = json.loads(data)
    d.pop("board_order", None)
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def play(games: int, seed: int) -> dict:
    """Play ``games`` random games from ``seed`` in this process (:func:`play_one`); per game: CPU seconds of its
    actions, per version band too, actions, non-pass actions and a SHA-256 of the log, the result and the final
    snapshot. Returns ``{"engine": path of the engine package, "games": [...]}``."""
    import engine
    from engine.cards.decks import load_deck
    names = deck_names()
    out = []
    for i in range(games):
        d1, d2 = load_deck(names[i % len(names)]), load_deck(names[(i + 1) % len(names)])
        g, secs, counts = play_one(seed + i, d1, d2)
        h = hashlib.sha256(json.dumps([list(g.log), g.result], sort_keys=True, ensure_ascii=False).encode())
        h.update(comparable_snapshot(g.snapshot()))
        out.append({"seed": seed + i, "cpu_s": sum(secs.values()), "actions": len(g.log), "band_s": secs,
                    "band_n": counts, "nonpass": sum(1 for _, a in g.log if a["act"] != "pass"),
                    "digest": h.hexdigest()})
    return {"engine": str(Path(engine.__file__).resolve().parent), "games": out}


def summary(run: dict) -> dict:
    """Totals of one :func:`play` run: actions, non-pass actions, CPU seconds, rates (total, non-pass, median,
    p10 and p90 over games)."""
    gs = run["games"]
    total_a = sum(x["actions"] for x in gs)
    total_n = sum(x["nonpass"] for x in gs)
    total_s = sum(x["cpu_s"] for x in gs)
    rates = [x["actions"] / x["cpu_s"] for x in gs]
    out = {"games": len(gs), "actions": total_a, "nonpass_actions": total_n, "cpu_seconds": round(total_s, 2),
           "actions_per_s_total": round(total_a / total_s), "nonpass_per_s": round(total_n / total_s),
           "median": round(statistics.median(rates)), "p10": round(pct(rates, 0.1)), "p90": round(pct(rates, 0.9))}
    for band in ("fresh", "mid", "late"):
        n = sum(x["band_n"][band] for x in gs)
        s = sum(x["band_s"][band] for x in gs)
        out[f"{band}_us"] = round(s / n * 1e6, 1) if n else None
    return out


def _line(d: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in d.items())


def run_in(checkout: Path, script: Path, args: list[str]) -> dict:
    """``script --child ARGS`` (a bench of this checkout, run by path) in a fresh interpreter of the same Python
    whose ``engine`` is the one of ``checkout`` (``PYTHONPATH``); the JSON object it prints, whose ``"engine"``
    names the engine package it imported. Raises RuntimeError when that is not ``checkout``'s, and
    CalledProcessError when the child fails."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    r = subprocess.run([sys.executable, str(script), "--child", *args], env=env, cwd=str(checkout),
                       capture_output=True, text=True, check=True)
    run = json.loads(r.stdout)
    want = (checkout / "engine").resolve()
    if Path(run["engine"]) != want:
        raise RuntimeError(f"the child imported the engine at {run['engine']}, not {want}")
    return run


def child(checkout: Path, games: int, seed: int) -> dict:
    """:func:`play` in a fresh interpreter whose ``engine`` is the one of ``checkout`` (:func:`run_in`)."""
    return run_in(checkout, Path(__file__).resolve(), ["--games", str(games), "--seed", str(seed)])


def compare(before: Path, games: int, seed: int, rounds: int) -> int:
    """Alternate ``rounds`` runs of the same games on ``before`` and on this checkout; print each run, the CPU
    time ratios and whether every game was identical. Returns the exit status (1 on any difference)."""
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores; "
          f"Python {sys.version.split()[0]}")
    runs = {"before": [], "after": []}
    for r in range(rounds):
        for name, path in (("before", before), ("after", ROOT)):
            run = child(path, games, seed)
            runs[name].append(run)
            print(f"round={r + 1} {name:6} {_line(summary(run))}")
    ref = [x["digest"] for x in runs["before"][0]["games"]]
    same = all([x["digest"] for x in run["games"]] == ref for rs in runs.values() for run in rs)
    for r in range(rounds):
        b, a = summary(runs["before"][r]), summary(runs["after"][r])
        print(f"round={r + 1} speed-up (CPU before / after)={b['cpu_seconds'] / a['cpu_seconds']:.2f}x "
              f"non-pass actions/s {b['nonpass_per_s']} -> {a['nonpass_per_s']}")
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"identical games (log, result, final snapshot) in every run: {'yes' if same else 'NO'} "
          f"({games} games, seeds {seed}-{seed + games - 1})")
    return 0 if same else 1


def main(argv=None) -> dict | int:
    """CLI entry point (see the module docstring). Without ``--before`` returns the :func:`summary` dict."""
    ap = argparse.ArgumentParser(prog="python -m bench.engine_speed")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", type=Path, default=None, help="another checkout to run the same games on")
    ap.add_argument("--rounds", type=int, default=2, help="with --before: alternations")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(play(args.games, args.seed)))
        return 0
    if args.before is not None:
        return compare(args.before.resolve(), args.games, args.seed, args.rounds)
    out = summary(play(args.games, args.seed))
    print(_line(out))
    return out


if __name__ == "__main__":
    r = main()
    sys.exit(r if isinstance(r, int) else 0)

"""The engine's floor: our random self-play against danmerus/berserk_vibe's, in the same run.

``python -m bench.vibe_floor --vibe /tmp/berserk_vibe [--games N] [--ours-games M] [--rounds R] [--seed S]``

berserk_vibe is not a package of this project and is never committed: ``--vibe`` names a local checkout (a
directory with their ``simulate.py`` and ``src/``; docs/performance.md says how the one used here was made). Its
games run in a subprocess, with the checkout's own interpreter (``<checkout>/.venv/bin/python`` when it exists,
else this one), through ``bench/vibe_driver.py`` (our driver: their ``simulate.py`` loop, random vs random, with
counts). Ours run in this process as ``bench.engine_speed`` plays them (engine/selfplay.py ``play_game``, the
starter decks rotating, the same seeds). The two sides alternate, R rounds of N/R games of theirs then M/R of ours,
all timed in CPU seconds (``time.process_time``, inside the measured process).

Non-pass actions: ours, the applied actions whose ``act`` is not ``"pass"`` (``end_turn`` counts); theirs, the
commands that are not ``PASS_PRIORITY`` or ``SKIP`` (``END_TURN`` counts), given both as sent (what their
simulate.py counts as actions, rejected commands included), as accepted, and as accepted while their game still
moved (their random games get stuck within a few turns and then repeat a command until the 10,000 cap: see
bench/vibe_driver.py). The ratio ours/theirs is given on all three.

Without ``--vibe``, or when the path is not such a checkout, it prints that the floor is not available and exits
0 (nothing is measured, nothing guessed).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from engine.cards.decks import load_deck, starter_decks
from engine.selfplay import play_game

DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vibe_driver.py")


def unavailable(path: str | None) -> str | None:
    """Why ``path`` is not a usable berserk_vibe checkout (None when it is one)."""
    if not path:
        return "no --vibe PATH given"
    if not os.path.isdir(path):
        return f"{path} does not exist"
    for need in ("simulate.py", os.path.join("src", "match.py"), os.path.join("src", "ai", "random_ai.py")):
        if not os.path.exists(os.path.join(path, need)):
            return f"{path} has no {need}"
    return None


def vibe_python(path: str) -> str:
    """The checkout's interpreter: its .venv's python if it has one, else the running one."""
    venv = os.path.join(path, ".venv", "bin", "python")
    return venv if os.path.exists(venv) else sys.executable


def run_vibe(path: str, games: int, seed: int, timeout: float = 1800, stuck_after: int = 0) -> list[dict]:
    """``games`` random games of the checkout (seeds seed..seed+games-1), one dict per game (bench/vibe_driver.py).

    Raises RuntimeError with the driver's stderr if it fails."""
    cmd = [vibe_python(path), DRIVER, "--vibe", os.path.abspath(path), "--games", str(games), "--seed", str(seed),
           "--stuck-after", str(stuck_after)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=os.path.abspath(path),
                       env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")})
    if p.returncode != 0:
        raise RuntimeError(f"berserk_vibe driver failed ({p.returncode}): {p.stderr.strip()[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])["games"]


def deck_names() -> list[str]:
    """The starter decks by their Russian names, in the order bench/engine_speed.py rotates them."""
    return sorted({n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower())})


def run_ours(games: int, seed: int, first: int = 0) -> list[dict]:
    """``games`` of our random self-play games as bench.engine_speed plays them (game i: seed + i, decks i and
    i + 1 of the rotation, i from ``first``), one dict per game: actions, non-pass actions, CPU seconds."""
    names = deck_names()
    out = []
    for i in range(first, first + games):
        d1, d2 = load_deck(names[i % len(names)]), load_deck(names[(i + 1) % len(names)])
        t0 = time.process_time()
        g = play_game(seed + i, d1, d2)
        secs = time.process_time() - t0
        out.append({"seed": seed + i, "cpu_seconds": secs, "actions": len(g.log),
                    "nonpass": sum(1 for _, a in g.log if a["act"] != "pass")})
    return out


def rate(n: float, secs: float):
    """n / secs rounded, or None for no time."""
    return round(n / secs) if secs > 0 else None


def summary_vibe(rows: list[dict]) -> dict:
    """Totals over their games; rates per CPU second."""
    s = sum(r["cpu_seconds"] for r in rows)
    sent, acc, nonpass = (sum(r[k] for r in rows) for k in ("sent", "accepted", "nonpass"))
    sent_np = sum(r["sent_nonpass"] for r in rows)
    live_n, live_s = sum(r["live_nonpass"] for r in rows), sum(r["live_seconds"] for r in rows)
    by_type: dict[str, int] = {}
    for r in rows:
        for k, v in r["by_type"].items():
            by_type[k] = by_type.get(k, 0) + v
    return {"games": len(rows), "commands_sent": sent, "accepted": acc, "nonpass_sent": sent_np,
            "nonpass_accepted": nonpass, "cpu_seconds": round(s, 2), "capped_games": sum(r["capped"] for r in rows),
            "won_games": sum(1 for r in rows if r["winner"] in (1, 2)),
            "stuck_stops": sum(r.get("stuck_stop", False) for r in rows),
            "nonpass_sent_per_s": rate(sent_np, s), "nonpass_accepted_per_s": rate(nonpass, s),
            "live_nonpass": live_n, "live_cpu_seconds": round(live_s, 2), "live_nonpass_per_s": rate(live_n, live_s),
            "accepted_by_type": dict(sorted(by_type.items(), key=lambda kv: -kv[1]))}


def summary_ours(rows: list[dict]) -> dict:
    """Totals over our games; rates per CPU second."""
    s = sum(r["cpu_seconds"] for r in rows)
    a, np_ = sum(r["actions"] for r in rows), sum(r["nonpass"] for r in rows)
    return {"games": len(rows), "actions": a, "nonpass": np_, "cpu_seconds": round(s, 2),
            "actions_per_s": rate(a, s), "nonpass_per_s": rate(np_, s)}


def compare(path: str, games: int, ours_games: int, rounds: int, seed: int, stuck_after: int = 0) -> dict:
    """Alternate ``rounds`` rounds of theirs then ours; the two summaries and the ratios ours/theirs."""
    theirs, ours = [], []
    rounds = max(1, min(rounds, games, ours_games))
    for r in range(rounds):
        g_t = games // rounds + (r < games % rounds)
        g_o = ours_games // rounds + (r < ours_games % rounds)
        theirs += run_vibe(path, g_t, seed + len(theirs), stuck_after=stuck_after)
        ours += run_ours(g_o, seed, first=len(ours))
    t, o = summary_vibe(theirs), summary_ours(ours)

    def ratio(a, b):
        return round(a / b, 2) if a and b else None
    return {"available": True, "vibe": os.path.abspath(path), "rounds": rounds, "stuck_after": stuck_after,
            "theirs": t, "ours": o,
            "ratio_vs_sent": ratio(o["nonpass_per_s"], t["nonpass_sent_per_s"]),
            "ratio_vs_accepted": ratio(o["nonpass_per_s"], t["nonpass_accepted_per_s"]),
            "ratio_vs_live": ratio(o["nonpass_per_s"], t["live_nonpass_per_s"])}


def main(argv: list[str] | None = None) -> dict:
    """CLI (see the module docstring); returns what it printed as a dict."""
    ap = argparse.ArgumentParser(prog="python -m bench.vibe_floor")
    ap.add_argument("--vibe", default=None, help="a danmerus/berserk_vibe checkout (not part of this repository)")
    ap.add_argument("--games", type=int, default=6, help="berserk_vibe games (each up to 10,000 commands)")
    ap.add_argument("--ours-games", type=int, default=30, help="our games (as bench.engine_speed)")
    ap.add_argument("--rounds", type=int, default=3, help="alternations theirs/ours")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stuck-after", type=int, default=0,
                    help="end a berserk_vibe game after N commands that moved nothing (0: their 10,000 cap)")
    ap.add_argument("--json", default=None, help="also write the result to this file")
    args = ap.parse_args(argv)
    why = unavailable(args.vibe)
    if why:
        print(f"berserk_vibe floor not available: {why}; nothing measured (see docs/performance.md)")
        return {"available": False, "reason": why}
    load0 = os.getloadavg()
    res = compare(args.vibe, args.games, args.ours_games, args.rounds, args.seed, args.stuck_after)
    res["load_avg"] = {"start": [round(x, 2) for x in load0], "end": [round(x, 2) for x in os.getloadavg()]}
    t, o = res["theirs"], res["ours"]
    print("theirs " + " ".join(f"{k}={v}" for k, v in t.items() if k != "accepted_by_type"))
    print("theirs accepted by type " + json.dumps(t["accepted_by_type"]))
    print("ours " + " ".join(f"{k}={v}" for k, v in o.items()))
    print(f"ratio ours/theirs non-pass actions/s: {res['ratio_vs_sent']} (theirs sent) "
          f"{res['ratio_vs_accepted']} (theirs accepted) {res['ratio_vs_live']} (theirs while the game moved); rounds={res['rounds']} load_avg={res['load_avg']}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res, fh, indent=1)
    return res


if __name__ == "__main__":
    main()

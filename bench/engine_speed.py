"""Engine speed: random self-play actions per second on one core (legal-action listing included).

``python -m bench.engine_speed [--games N] [--seed S]``: plays N random games (engine/selfplay.py, decks rotating
over the starter decks); for each game actions / seconds, where every action costs one ``legal_actions`` listing
plus one ``apply``. Prints the median, p10 and p90 over games and the total rate.
"""
from __future__ import annotations

import argparse
import statistics
import time

from engine.cards.decks import load_deck, starter_decks
from engine.selfplay import play_game


def pct(xs: list, q: float) -> float:
    """The q-quantile (0..1) of xs by nearest rank."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(prog="python -m bench.engine_speed")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    names = sorted({n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower())})
    rates, total_a, total_s = [], 0, 0.0
    for i in range(args.games):
        d1, d2 = load_deck(names[i % len(names)]), load_deck(names[(i + 1) % len(names)])
        t0 = time.process_time()
        g = play_game(args.seed + i, d1, d2)
        s = time.process_time() - t0
        rates.append(len(g.log) / s)
        total_a += len(g.log)
        total_s += s
    out = {"games": args.games, "actions": total_a, "cpu_seconds": round(total_s, 2),
           "actions_per_s_total": round(total_a / total_s), "median": round(statistics.median(rates)),
           "p10": round(pct(rates, 0.1)), "p90": round(pct(rates, 0.9))}
    print(" ".join(f"{k}={v}" for k, v in out.items()))
    return out


if __name__ == "__main__":
    main()

"""A room's CPU per action, in process: ``Room.apply`` (engine apply + the journal) + the frames for its three
viewers (``RoomVersions.advance``: projection + diff), with the per-version view cache (server/room/views.py
``engine_view``) and without it, alternating in one run.

``python -m bench.room_cost [--games 4] [--rounds 2]``

Plays random games (the same seeds in both variants) through a real ``Room`` on the memory bus with viewers 1, 2
and None tracked, and reports CPU microseconds per action, fresh (v < 60) and mid-game (60-400). "Without" replaces
``Room.engine_view`` by a plain ``game.view`` call (what the room did before: the journal and each viewer's frame
projected the same view again).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.metrics import Metrics
from server.room import Room
from server.settings import Settings

from .all import FRESH_MAX, MID, deck_names


def play(games: int, seed: int) -> dict:
    names = deck_names()
    out = {"fresh": [], "mid": []}
    for i in range(games):
        opts = {"decks": [names[i % len(names)], names[(i + 1) % len(names)]], "clock": None, "spectators": True}
        room, _ = Room.create(f"b{i}", opts, ENGINE, memory_bus(), Settings(fixed_seed=seed + i), Metrics())
        room.seats.tokens[2] = "x"
        room.deal()
        for viewer in (1, 2, None):
            room.versions.sync(viewer)
        rng = random.Random(seed + i)
        g = room.game
        while g.result is None and g.version <= MID[1]:
            v = g.version
            t0 = time.process_time()
            p = g.to_act()
            room.apply(p, random_action(rng, g.legal_actions(p)))
            room.versions.advance()
            dt = time.process_time() - t0
            out["fresh" if v < FRESH_MAX else "mid"].append(dt)
    return {k: round(statistics.mean(xs) * 1e6, 1) if xs else None for k, xs in out.items()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.room_cost")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    cached = Room.engine_view
    for rnd in range(args.rounds):
        Room.engine_view = lambda self, viewer: self.game.view(viewer)
        before = play(args.games, args.seed)
        Room.engine_view = cached
        after = play(args.games, args.seed)
        print(f"round {rnd + 1}: without the view cache {before} us per action; with it {after} us per action; "
              f"ratio fresh {before['fresh'] / after['fresh']:.2f}x, mid {before['mid'] / after['mid']:.2f}x",
              flush=True)


if __name__ == "__main__":
    main()

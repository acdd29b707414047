"""Diff sizes and costs over random self-play (docs/protocol.md §8).

For several seeds and every pair of distinct starter decks, plays a random game (the policy of
tests/test_protocol_selfplay.py) through protocol.RoomVersions and records, per viewer (1, 2, spectator) and per
action: the encoded Diff frame size, the ops size alone, the full view (Sync frame) size, and the time to project,
diff and apply. With ``jsonpatch`` installed (the ``bench`` extra) it also times ``jsonpatch.make_patch`` on the
same view pairs, the generic alternative.

Run: ``python -m bench.protocol_sizes [games_per_pair] [max_actions]`` from the repository root.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import msgpack

from engine import Game, starter_decks
from protocol import Action, RoomVersions, apply, diff, encode

QUIET = {"pass", "end_turn", "concede"}


def pick(rng: random.Random, actions: list) -> dict:
    busy = [a for a in actions if a["act"] not in QUIET and a.get("option") != "done"]
    calm = [a for a in actions if a["act"] != "concede"]
    return rng.choice(busy if busy and rng.random() < 0.7 else calm or actions)


def pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(games_per_pair: int = 3, max_actions: int = 3000) -> None:
    try:
        import jsonpatch
    except ImportError:
        jsonpatch = None
    decks = starter_decks()
    names = sorted({tuple(ids): name for name, ids in decks.items()}.values())
    frame_sizes, ops_sizes, full_sizes, t_view, t_diff, t_apply, t_patch = [], [], [], [], [], [], []
    actions = games = 0
    for i, d1 in enumerate(names):
        for d2 in names[i + 1:]:
            for seed in range(games_per_pair):
                rng = random.Random(seed)
                room = RoomVersions(Game.new(seed=seed, deck1=decks[d1], deck2=decks[d2]))
                g = room.game
                for viewer in (1, 2, None):
                    room.sync(viewer)
                prev = {viewer: g.view(viewer) for viewer in (1, 2, None)}
                while g.result is None and g.version < max_actions:
                    seat = g.to_act()
                    out = room.submit(seat, Action(f"a{g.version}", g.version, pick(rng, g.legal_actions(seat))))
                    actions += 1
                    for viewer, frame in out.broadcast.items():
                        frame_sizes.append(len(encode(frame)))
                        ops_sizes.append(len(msgpack.packb(frame.ops)))
                        t0 = time.perf_counter()
                        new = g.view(viewer)
                        t1 = time.perf_counter()
                        ops = diff(prev[viewer], new)
                        t2 = time.perf_counter()
                        apply(prev[viewer], ops)
                        t3 = time.perf_counter()
                        t_view.append(t1 - t0), t_diff.append(t2 - t1), t_apply.append(t3 - t2)
                        if jsonpatch is not None and len(t_patch) < 3000:
                            t4 = time.perf_counter()
                            jsonpatch.make_patch(prev[viewer], new)
                            t_patch.append(time.perf_counter() - t4)
                        full_sizes.append(len(encode(room.sync(viewer))))
                        prev[viewer] = new
                games += 1
    us = lambda xs: f"median {statistics.median(xs) * 1e6:.0f} us, p99 {pct(xs, 0.99) * 1e6:.0f} us"
    print(f"{games} games, {actions} actions, {len(frame_sizes)} per-viewer frames")
    print(f"diff frame bytes: median {statistics.median(frame_sizes):.0f}, p90 {pct(frame_sizes, 0.9)}, "
          f"max {max(frame_sizes)}")
    print(f"ops only bytes:   median {statistics.median(ops_sizes):.0f}, p90 {pct(ops_sizes, 0.9)}, max {max(ops_sizes)}")
    print(f"sync frame bytes: median {statistics.median(full_sizes):.0f}, max {max(full_sizes)}")
    print(f"project (game.view): {us(t_view)}")
    print(f"diff:                {us(t_diff)}")
    print(f"apply (Python):      {us(t_apply)}")
    if t_patch:
        print(f"jsonpatch.make_patch on the same pairs ({len(t_patch)}): {us(t_patch)}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))

"""A client action's room CPU when the rooms take turns, as on a busy server, against one room after another.

``python -m bench.room_interleave [--rooms 400] [--actions 8] [--seed 1]``

Builds ``--rooms`` rooms on the memory bus (two seated connections and a spectator each, sinks that drop the frames;
no store), plays each to version 80 with random actions, and splits the rooms still playing into two halves. Then,
twice in turn: the first half plays ``--actions`` actions round-robin (one action per room, room after room: each
room's state has left the CPU caches when its turn comes again, as among a server's 500 rooms), the second half
``--actions`` actions per room in a row (its state stays cached). Prints the CPU microseconds per client action
(``time.process_time`` around ``Room._on_action``: versions, journal, frames, encode, ledger; as bench/action_cost.py
measures it) of each: ``round_robin`` over ``in_a_row`` is what the rooms' interleaving alone costs. The collector
is off during the rounds (a young collection with the survivors frozen between them).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import random
import time

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.bus import messages as m
from server.metrics import Metrics
from server.room import Room, hash_token
from server.settings import Settings

from .all import deck_names

START_V = 80          # the version every room is played to before the rounds (mid-game)


async def _room(i: int, seed: int) -> list:
    """``[room, rng, actions sent so far]`` of a dealt room with its three connections attached."""
    names = deck_names()
    opts = {"decks": [names[i % len(names)], names[(i + 1) % len(names)]], "clock": {"base": 7200, "increment": 0},
            "spectators": True}
    bus = memory_bus()
    room, one = Room.create(f"r{i}", opts, ENGINE, bus, Settings(fixed_seed=seed + i), Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    for conn, token in (("c1", one), ("c2", "two"), ("s", None)):
        bus.fanout.attach_conn(conn, lambda frame, close: None)
        await room.audience.attach(m.Attach(conn, token))
    return [room, random.Random(seed + i), 0]


async def _act(entry: list) -> float:
    """One random legal action of the seat to act, as the inbox message a reader queues; its CPU seconds."""
    room, rng = entry[0], entry[1]
    p = room.game.to_act()
    action = random_action(rng, room.versions.game.legal_actions(p))
    entry[2] += 1
    t0 = time.process_time()
    await room._on_action(m.Act(f"c{p}", f"a{entry[2]}", room.v, action, time.monotonic()))
    return time.process_time() - t0


async def measure(rooms: int, actions: int, seed: int) -> dict:
    """``{"rooms": per half, "round_robin": [us per action, twice], "in_a_row": [...]}``."""
    all_rooms = [await _room(i, seed) for i in range(rooms)]
    for entry in all_rooms:
        while entry[0].game.result is None and entry[0].v < START_V:
            await _act(entry)
    live = [e for e in all_rooms if e[0].game.result is None]
    half = len(live) // 2
    groups = {"round_robin": live[:half], "in_a_row": live[half:2 * half]}
    out: dict = {"rooms": half, "round_robin": [], "in_a_row": []}
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        for _ in range(2):
            for mode, group in groups.items():
                cpu, n = 0.0, 0
                order = ([e for _ in range(actions) for e in group] if mode == "round_robin"
                         else [e for e in group for _ in range(actions)])
                for entry in order:
                    if entry[0].game.result is None:
                        cpu += await _act(entry)
                        n += 1
                out[mode].append(round(1e6 * cpu / max(1, n), 1))
                gc.collect(0)
                gc.freeze()
    finally:
        gc.unfreeze()
        gc.enable()
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.room_interleave")
    ap.add_argument("--rooms", type=int, default=400)
    ap.add_argument("--actions", type=int, default=8, help="actions per room in each round")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    r = asyncio.run(measure(a.rooms, a.actions, a.seed))
    print(f"rooms per half={r['rooms']} actions per room={a.actions}: CPU us per mid-game client action "
          f"round_robin={r['round_robin']} in_a_row={r['in_a_row']}")


if __name__ == "__main__":
    main()

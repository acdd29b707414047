"""A client action's CPU on the room's side, in one process and without sockets: the engine's share
and the rest, for this checkout or another one, alternating in one run.

``python -m bench.action_cost [--other DIR] [--games 12 | --actions N] [--rounds 3] [--seed 1]``

Plays random games through a real ``Room`` on the memory bus (no store: nothing to commit) with two seated
connections and one spectator attached to the fan-out, every action as the inbox message a websocket reader would
queue (``Room._on_action``: versions, clocks, automatic passes, frames, encode, ledger, journal, lobby entry, the
hand-off to the connections' sinks). Reports the CPU microseconds per client action (``time.process_time``) in
mid-game (versions 60-400, as bench/all.py) and, of those, the engine's (the room's ``apply``, ``legal``,
``project`` and ``diff`` phases from its metrics). ``rest`` = total - engine: the room's own bookkeeping and the
protocol. A second line per run splits the same CPU by the room's phases (``apply``, ``legal``, ``project``,
``diff``, ``view``: the room's fields added to each view, ``encode``; ``other``: the remainder, e.g. the journal's
own work, the ledger, clocks, the frames' assembly, the lobby entry, the timers themselves). Games that end before
version 60 count for nothing.

The phase timers read the thread CPU clock here (``time.thread_time``), where a server's read
``time.perf_counter`` (server/metrics.py): the CPU clock is a system call (about 0.6 us against 0.07 us here, two
reads per timed block, a dozen blocks an action), which a server does not spend. ``clock_us`` = the reads counted
times the difference of the two clocks' cost, measured in the same process (the cheapest of several loops, before and
after the games); ``server_us`` = total - ``clock_us``: the action's CPU as a server spends it.

``--other DIR``: also run the same measurement in a subprocess from that checkout (``git archive <commit> | tar -x
-C DIR``; it needs no copy of this file), alternating with this one, each round. The driver reaches an older room
through the interface it has (tokens and the deal on the room itself, attach as ``Room._on_attach``). Where the
rules or the preconstructed decks differ between the two, the same seeds play different games: ``--actions N``
then measures exactly N mid-game actions on each side (as many games as it takes), and each line says how many
games that took, the frames and versions per action (an action and the automatic passes after it) and the CPU per
version. The sinks only count frames, so the websocket layer is not in these
figures (bench/one_process_ab.py measures the whole server).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time

MID = (60, 400)
ENGINE_PHASES = ("apply", "legal", "project", "diff")
#: The timers' clock reads so far (:func:`measure` counts them; only the measured actions' are charged).
_READS = [0]
SPLIT = ("apply", "legal", "project", "diff", "view", "encode")   # the split printed per round (server/metrics.py)


async def _game(i: int, seed: int, engine, m, Room, memory_bus, Metrics, Settings, hash_token,
                limit: int | None = None) -> tuple:
    names = sorted(engine.starter_decks())
    opts = {"decks": [names[i % len(names)], names[(i + 1) % len(names)]], "clock": {"base": 7200, "increment": 0},
            "spectators": True}
    bus = memory_bus()
    metrics = Metrics()
    room, one = Room.create(f"g{i}", opts, engine, bus, Settings(fixed_seed=seed + i), metrics)
    seats = getattr(room, "seats", room)                 # older rooms keep the tokens and the steps on the room
    seats.tokens[2] = hash_token("two")
    (room.deal if hasattr(room, "deal") else room._deal)()
    attach = room.audience.attach if hasattr(room, "audience") else room._on_attach
    frames = [0]

    def sink(frame, close):
        frames[0] += 1
    for conn, token in (("c1", one), ("c2", "two"), ("s", None)):
        bus.fanout.attach_conn(conn, sink)
        await attach(m.Attach(conn, token))
    rng = random.Random(seed + i)
    from engine.selfplay import random_action
    cpu = actions = reads = 0
    engine_s = 0.0
    split = dict.fromkeys(SPLIT, 0.0)
    n = 0
    measured_frames = versions = 0
    while room.game.result is None and room.v <= MID[1] and (limit is None or actions < limit):
        p = room.game.to_act()
        action = random_action(rng, room.versions.game.legal_actions(p))
        n += 1
        measured = room.v >= MID[0]
        before = {k: metrics.phases[k].sum for k in set(ENGINE_PHASES + SPLIT)} if measured else None
        f0, v0, r0 = frames[0], room.v, _READS[0]
        t0 = time.process_time()
        await room._on_action(m.Act(f"c{p}", f"a{n}", room.v, action, time.monotonic()))
        dt = time.process_time() - t0
        if measured:
            cpu += dt
            actions += 1
            reads += _READS[0] - r0
            measured_frames += frames[0] - f0
            versions += room.v - v0
            engine_s += sum(metrics.phases[k].sum - before[k] for k in ENGINE_PHASES)
            for k in SPLIT:
                split[k] += metrics.phases[k].sum - before[k]
    return cpu, engine_s, actions, split, measured_frames, versions, reads


def measure(games: int, seed: int, actions: int = 0) -> dict:
    """CPU per client action in mid-game, this interpreter's checkout (the one first on ``sys.path``): ``games``
    games from ``seed``, or with ``actions`` > 0 as many games as it takes to measure exactly that many actions."""
    import types

    import server.metrics
    def cpu_clock() -> float:
        _READS[0] += 1
        return time.thread_time()
    clock = server.metrics.time          # the module: a server's timers read time.perf_counter
    extra = _clock_cost(cpu_clock) - _clock_cost(time.perf_counter)
    server.metrics.time = types.SimpleNamespace(perf_counter=cpu_clock)    # phases in CPU time
    try:
        total, n, played, frames, versions, eng, split, reads = _play(games, seed, actions)
    finally:
        server.metrics.time = clock
    extra = min(extra, _clock_cost(cpu_clock) - _clock_cost(time.perf_counter))
    n = max(1, n)
    other = total - sum(split.values())
    timers = reads * max(0.0, extra)
    return {"actions": n, "games": played, "frames_per_action": round(frames / n, 3),
            "versions_per_action": round(versions / n, 3), "us_per_version": round(1e6 * total / max(1, versions), 1),
            "us_per_action": round(1e6 * total / n, 1), "engine_us": round(1e6 * eng / n, 1),
            "rest_us": round(1e6 * (total - eng) / n, 1), "clock_us": round(1e6 * timers / n, 1),
            "server_us": round(1e6 * (total - timers) / n, 1),
            "split_us": {**{k: round(1e6 * v / n) for k, v in split.items()}, "other": round(1e6 * other / n)}}


def _clock_cost(clock, n: int = 20000) -> float:
    """CPU seconds per call of ``clock``: the cheapest of 5 loops of ``n`` calls."""
    best = 1.0
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(n):
            clock()
        best = min(best, (time.process_time() - t0) / n)
    return best


def _play(games: int, seed: int, actions: int) -> tuple:
    """:func:`measure`'s games: ``(CPU s, mid-game actions, games, frames, versions, engine phases' s, {phase:
    s}, the timers' clock reads in those actions)``; timers read the clock set in server/metrics.py."""
    import engine
    from server.bus import memory_bus
    from server.bus import messages as m
    from server.metrics import Metrics
    from server.room import Room, hash_token
    from server.settings import Settings
    total = eng = 0.0
    n = frames = versions = i = reads = 0
    split = dict.fromkeys(SPLIT, 0.0)
    while (n < actions) if actions > 0 else (i < games):
        c, e, a, s, f, v, r = asyncio.run(_game(i, seed, engine, m, Room, memory_bus, Metrics, Settings, hash_token,
                                          actions - n if actions > 0 else None))
        total, eng, n, frames, versions, i = total + c, eng + e, n + a, frames + f, versions + v, i + 1
        reads += r
        for k in SPLIT:
            split[k] += s[k]
    return total, n, i, frames, versions, eng, split, reads


def _in(root: str, games: int, seed: int, actions: int) -> dict:
    code = (f"import sys, json; sys.path.insert(0, {root!r}); sys.path.insert(1, {os.path.dirname(__file__)!r}); "
            f"import action_cost; print(json.dumps(action_cost.measure({games}, {seed}, {actions})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.action_cost")
    ap.add_argument("--other", help="another checkout's directory, measured alternately")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--actions", type=int, default=0,
                    help="measure exactly this many mid-game actions per run (as many games as it takes) instead of "
                         "--games games: the same count on both sides when their rules or decks make the games differ")
    args = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for rnd in range(args.rounds):
        for name, root in ((("other", args.other),) if args.other else ()) + (("this", here),):
            r = _in(root, args.games, args.seed, args.actions)
            print(f"round {rnd + 1} {name:5} games={r['games']} mid-game actions={r['actions']} "
                  f"frames/action={r['frames_per_action']} versions/action={r['versions_per_action']} "
                  f"cpu_per_version={r['us_per_version']} us cpu_per_action={r['us_per_action']} us "
                  f"(engine {r['engine_us']}, rest {r['rest_us']}; timers' CPU clock {r['clock_us']}, as a server "
                  f"{r['server_us']} us) "
                  f"load={os.getloadavg()[0]:.2f}", flush=True)
            print("        split us: " + " ".join(f"{k}={v}" for k, v in r["split_us"].items()), flush=True)


if __name__ == "__main__":
    main()

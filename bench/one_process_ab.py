"""One process, two checkouts side by side: the action-to-broadcast latency and the commit phase of this checkout and
of another checkout, alternating in one run (e.g. the SQL store's group commit, docs/performance.md).

``python -m bench.one_process_ab DIR [--rooms 100] [--kind fresh|mid] [--rounds 2] [--seconds 8] [--think 1.0]
[--seed 7] [--only-this]``

``python -m bench.one_process_ab --synchronous full,normal [...]``: this checkout against itself, the first server
with ``--sqlite-synchronous full``, the second with ``normal`` (the commit on the loop, docs/performance.md).

``DIR``: another checkout (``git archive <commit> | tar -x -C DIR``). Each round starts one ``python -m server``
(default SQLite store in a fresh data dir) from DIR, then one from this checkout, with ``--rooms`` rooms of two random
bots and one spectator (fresh rooms, or mid-game rooms restored at versions 60-400 as in bench/all.py), and prints
p50/p99, the server's CPU in cores, and from its /metrics the mean of its ``commit`` phase since its start
(``commit_mean``: restores and joins included) and within the measurement window only (``commit_window``, with the
window's mean event-loop lag ``loop_lag``), and the server's CPU per client action acknowledged in the window
(``us_per_action``: CPU microseconds of the whole process; ``main_us``: of its event-loop thread; ``threads_us``: of
its other threads, the SQLite writer among them), from /proc, and its main thread's context switches per action
(``main_switches_per_action``: voluntary, involuntary) and write system calls per action (``writes_per_action``).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import tempfile

from .all import midgame_rooms, seed_sql
from .gc_threshold import scrape
from .server_latency import measure_rooms, ms
from .servers import ServerProcess, load_settings, raise_fd_limit


def main_switches(pid: int) -> tuple[int, int]:
    """Context switches of a process's main thread so far, ``(voluntary, involuntary)``, from
    /proc/PID/task/PID/status (an involuntary one: the thread was preempted while it could run, e.g. right after
    it woke another thread)."""
    got = {}
    with open(f"/proc/{pid}/task/{pid}/status") as fh:
        for line in fh:
            if "ctxt_switches:" in line:
                k, v = line.split(":")
                got[k.strip()] = int(v)
    return got.get("voluntary_ctxt_switches", 0), got.get("nonvoluntary_ctxt_switches", 0)


def write_calls(pid: int) -> int:
    """Write system calls a process has made so far (``syscw`` of /proc/PID/io: a socket write of uvloop's is one)."""
    with open(f"/proc/{pid}/io") as fh:
        for line in fh:
            if line.startswith("syscw:"):
                return int(line.split()[1])
    return 0


def thread_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) a process has used so far: ``(its main thread's, all its other threads')``,
    from /proc/PID/task; threads that ended are not counted."""
    main = rest = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as fh:
                f = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        cpu = (int(f[11]) + int(f[12])) / tick
        if tid == str(pid):
            main = cpu
        else:
            rest += cpu
    return main, rest


class MetricsWindow:
    """Async context manager for ``measure_rooms(window=...)``: scrapes the server's /metrics on enter and exit;
    ``result`` = the window's commit-phase mean and event-loop lag mean, in seconds (None without samples), and
    ``cpu`` = the CPU seconds of the server's main thread and of its other threads in the window (``pid``),
    ``switches`` = its main thread's context switches in the window ``(voluntary, involuntary)``, ``writes`` = the
    process's write system calls in the window."""

    def __init__(self, http: str, pid: int) -> None:
        self.http, self.pid = http, pid
        self.result: dict = {}

    async def __aenter__(self):
        self.before = await asyncio.to_thread(scrape, self.http)
        self.cpu0 = thread_cpu(self.pid)
        self.sw0 = main_switches(self.pid)
        self.w0 = write_calls(self.pid)
        return self

    async def __aexit__(self, *exc) -> None:
        cpu1 = thread_cpu(self.pid)
        sw1 = main_switches(self.pid)
        w1 = write_calls(self.pid)
        after = await asyncio.to_thread(scrape, self.http)

        def mean(name: str, labels: str = ""):
            count, total = f"{name}_count{labels}", f"{name}_sum{labels}"
            n = after.get(count, 0) - self.before.get(count, 0)
            return (after.get(total, 0) - self.before.get(total, 0)) / n if n else None
        self.result = {"commit": mean("berserk_room_phase_seconds", '{phase="commit"}'),
                       "loop_lag": mean("berserk_event_loop_lag_seconds"),
                       "cpu": tuple(b - a for a, b in zip(self.cpu0, cpu1)),
                       "switches": tuple(b - a for a, b in zip(self.sw0, sw1)), "writes": w1 - self.w0}


async def one(root: str | None, n: int, kind: str, seconds: float, think: float, seed: int = 7,
              **settings) -> dict:
    """One server from ``root`` (None = this checkout) under ``n`` rooms, with server ``settings`` (e.g.
    ``sqlite_synchronous="normal"``); latency, CPU and the commit phase."""
    rooms = midgame_rooms(n, seed) if kind == "mid" else None
    tmp = tempfile.mkdtemp(prefix="bench-ab-")
    try:
        if rooms:
            await seed_sql(tmp, rooms)
        where = dict(settings, root=root) if root else dict(settings)
        with ServerProcess(data_dir=tmp, **load_settings(n), **where) as s:
            r = await measure_rooms([s], n, seconds, think, premade=rooms, window=lambda: MetricsWindow(s.http, s.proc.pid))
            v = scrape(s.http)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c = v.get('berserk_room_phase_seconds_count{phase="commit"}', 0)
    commit = v.get('berserk_room_phase_seconds_sum{phase="commit"}', 0) / c if c else None
    actions = max(1, r["window"]["actions"])
    main, rest = r["window"]["cpu"]
    return {"p50": r["p50"], "p99": r["p99"], "samples": r["samples"], "cpu": r["cpu"]["servers"][0],
            "actions": r["window"]["actions"], "us_per_action": round(1e6 * (main + rest) / actions),
            "main_us": round(1e6 * main / actions), "threads_us": round(1e6 * rest / actions),
            "switches": tuple(round(x / actions, 2) for x in r["window"]["switches"]),
            "writes": round(r["window"]["writes"] / actions, 2),
            "generator_cpu": r["cpu"]["generator"], "commit_mean": commit, "commit_window": r["window"]["commit"],
            "loop_lag": r["window"]["loop_lag"], "failures": r["failures"]}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.one_process_ab")
    ap.add_argument("other", nargs="?", help="the other checkout's directory")
    ap.add_argument("--synchronous", help="A,B: this checkout twice, with --sqlite-synchronous A, then B")
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--kind", choices=("fresh", "mid"), default="fresh")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=7, help="seed of the mid-game rooms")
    ap.add_argument("--only-this", action="store_true", help="measure only this checkout")
    args = ap.parse_args(argv)
    if args.synchronous:
        runs = [(None, level, {"sqlite_synchronous": level}) for level in args.synchronous.split(",")]
    elif args.other:
        runs = [(args.other, "other", {}), (None, "this", {})][1 if args.only_this else 0:]
    else:
        ap.error("name the other checkout, or --synchronous A,B")
    raise_fd_limit()
    for rnd in range(args.rounds):
        for root, name, settings in runs:
            r = asyncio.run(one(root, args.rooms, args.kind, args.seconds, args.think, args.seed, **settings))
            print(f"round {rnd + 1} {name:5} rooms={args.rooms} {args.kind} p50={ms(r['p50'])} ms "
                  f"p99={ms(r['p99'])} ms samples={r['samples']} server_cpu={r['cpu']} "
                  f"generator_cpu={r['generator_cpu']} commit_mean={ms(r['commit_mean'])} ms "
                  f"commit_window={ms(r['commit_window'])} ms loop_lag={ms(r['loop_lag'])} ms "
                  f"actions={r['actions']} cpu_per_action={r['us_per_action']} us (main {r['main_us']}, "
                  f"other threads {r['threads_us']}) main_switches_per_action={r['switches']} writes_per_action={r['writes']} load={os.getloadavg()[0]:.2f} failures={r['failures']}",
                  flush=True)


if __name__ == "__main__":
    main()

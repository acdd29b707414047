"""GC policies side by side: the server's tail with the collector on a timer (the default) and with CPython's
allocation-count triggers at a given generation-0 threshold.

``python -m bench.gc_threshold [--rooms 200] [--seconds 15] [--rounds 2] [--policies timed,timed:0.05,10000,0]``

For each round and each policy (``timed``: the server's default, young collections every ``gc_young_interval``
with their survivors frozen and a full one every ``gc_full_interval``, server/probes.py ``Collector``;
``timed:S``: the same with young collections every S seconds; a number:
``gc_young_interval=0`` and that ``gc_threshold0``, 0 = CPython's 700; the start-up heap is frozen in every case)
a fresh ``python -m server`` gets ``--rooms`` rooms of two random bots and one spectator
(bench/server_latency.py ``measure_rooms``); after the window the server's own ``/metrics`` is read: GC pauses by
generation, event-loop lag and the room phases (docs/performance.md "Instrumentation"). Alternating the settings
in one run keeps the machine's load comparable between them.
"""
from __future__ import annotations

import argparse
import asyncio
import urllib.request

from server.metrics import PHASES          # every room phase the server times (/metrics)

from .server_latency import measure_rooms, ms
from .servers import ServerProcess, load_settings, raise_fd_limit


def scrape(http: str) -> dict[str, float]:
    """The server's /metrics samples: ``name{labels}`` -> value."""
    with urllib.request.urlopen(http + "/metrics") as r:
        text = r.read().decode()
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
            for line in text.splitlines() if line and not line.startswith("#")}


def summary(v: dict[str, float]) -> list[str]:
    """Readable lines: GC count/total/mean per generation, loop-lag wake-ups over 50 ms, phase means."""
    out = []
    for g in (0, 1, 2):
        c, s = v[f'berserk_gc_pause_seconds_count{{generation="{g}"}}'], v[f'berserk_gc_pause_seconds_sum{{generation="{g}"}}']
        top = max((float(k.split('le="')[1].rstrip('"}')) for k, n in v.items()
                   if k.startswith(f'berserk_gc_pause_seconds_bucket{{generation="{g}",le="') and "+Inf" not in k
                   and n < c), default=None)
        out.append(f"  gc gen{g}: {int(c)} collections, {s * 1000:.1f} ms total, mean {s / c * 1000 if c else 0:.2f} ms"
                   + (f", longest above {top * 1000:g} ms" if top is not None else ""))
    lc = v["berserk_event_loop_lag_seconds_count"]
    late = lc - v['berserk_event_loop_lag_seconds_bucket{le="0.05"}']
    out.append(f"  loop lag: {int(lc)} wake-ups, mean {v['berserk_event_loop_lag_seconds_sum'] / lc * 1000:.2f} ms, "
               f"{int(late)} later than 50 ms")
    for ph in PHASES:
        c, s = v[f'berserk_room_phase_seconds_count{{phase="{ph}"}}'], v[f'berserk_room_phase_seconds_sum{{phase="{ph}"}}']
        out.append(f"  {ph}: {int(c)} calls, mean {s / c * 1e6 if c else 0:.0f} us")
    return out


def policy_settings(policy: str) -> dict:
    """The server settings of one ``--policies`` item: ``timed`` -> none (the defaults), ``timed:S`` -> young
    collections every S seconds, a number -> CPython's triggers at that generation-0 threshold. Raises ValueError
    for anything else."""
    if policy == "timed":
        return {}
    if policy.startswith("timed:"):
        return {"gc_young_interval": float(policy.split(":", 1)[1])}
    return {"gc_young_interval": 0, "gc_threshold0": int(policy)}


async def amain(args) -> None:
    raise_fd_limit()
    n = args.rooms
    settings = load_settings(n)
    for rnd in range(1, args.rounds + 1):
        for policy in args.policies.split(","):
            gc_settings = policy_settings(policy)
            with ServerProcess(**gc_settings, **settings) as s:
                r = await measure_rooms([s], n, args.seconds, args.think)
                v = scrape(s.http)
            print(f"round {rnd} gc={policy} rooms={n} cpu={r['cpu']['servers'][0]} p50={ms(r['p50'])} ms p99={ms(r['p99'])} ms "
                  f"max={ms(r['max'])} ms samples={r['samples']} failures={r['failures'] or 0}")
            print("\n".join(summary(v)), flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.gc_threshold")
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=15.0, help="measurement window per server")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds a bot waits before acting")
    ap.add_argument("--policies", default="timed,10000,0",
                    help="comma-separated: 'timed' (the default collector), 'timed:S' (young collections every S "
                         "seconds) or a gc_threshold0 (CPython's triggers)")
    asyncio.run(amain(ap.parse_args(argv)))


if __name__ == "__main__":
    main()

"""Every figure of docs/performance.md's "bench.all" section from one command.

``python -m bench.all`` (a few minutes) or, for the long run,
``python -m bench.all --games 30 --rooms 100,500,1000 --seconds 20 --think 2.0``; ``--placement split,room``
measures the several-process levels in both placements, ``--until-p99 50`` stops a setup at higher room counts once
its p99 passed 50 ms.

Levels, each paired with its floor measured in the same run, reported as ratios:

| level | what | floor |
|---|---|---|
| engine | random self-play: one ``legal_actions`` + one ``apply`` per action, CPU time, split by version: fresh (v < 60) and mid-game (60 <= v <= 400) | with ``--vibe PATH`` (a local danmerus/berserk_vibe checkout, never committed): its random self-play in the same run, non-pass actions per CPU second, alternating with ours (bench/vibe_floor.py); without it the floor is stated as not available, not guessed |
| protocol | per viewer and action: projection + diff + msgpack of the diff frame (what the server does), bytes of the diff frame | projection + msgpack of the full view (no diff: the Sync frame), bytes of the full view |
| one process | action-to-broadcast latency of rooms of two random bots + one spectator on one ``python -m server`` (SQLite store), fresh rooms and mid-game rooms restored at actions 60-400 | a bare websocket echo round trip on the same stack (bench/echo_app.py), and the same rooms on a bare fan-out with no game (bench/fanout_floor.py) |
| two over Redis | the same load on two processes sharing one redis-server, by ``--placement``: ``split`` (seat 2 on the process that does not own the room, relayed over Redis; the worst case) or ``room`` (a room's three connections on its owner, as an invite link of ``python -m server.cluster`` places them) | the one-process figure of the same level and kind in this run, and a Redis PING round trip |

Mid-game rooms: before a server starts, ``--rooms`` rooms are played in this process (random legal actions through
the engine) to a version drawn uniformly in 60-400, snapshotted like a live room (server.room ``Room.snapshot``,
fresh seat tokens) and written to the store the server restores at start-up (the SQLite file of its data dir, or
Redis); the bench's clients then join them with those tokens.

Each run records the machine (CPU, cores, load average, Python, package versions) and the exact command, writes
the results as JSON (``--json``, default /tmp/bench-all.json), replaces the generated section of
docs/performance.md (between ``<!-- bench.all:begin -->`` and ``<!-- bench.all:end -->``; ``--no-doc`` leaves it)
and draws the latency plot as a hand-written SVG (``--plot``, default docs/bench-all.svg: matplotlib is only in
the optional ``bench`` extra, so the plot needs nothing beyond the standard library).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata

import msgpack
import redis

import engine as ENGINE
from engine import Game, starter_decks
from engine.selfplay import random_action
from protocol import diff
from server.bus.redis import keys as K
from server.cluster import Cluster
from server.journal import Journal
from server.metrics import Metrics
from server.room.status import status_from_view
from server.room import Room, hash_token
from server.settings import Settings
from server.store import open_store

from .gc_threshold import PHASES, scrape
from .redis_cost import CommandStats, per_action
from . import vibe_floor
from .fanout_floor import fanout_floor
from .server_latency import echo_floor, measure_rooms, redis_floor, run_generator
from .servers import (ROOT, RedisProcess, ServerProcess, load_settings, raise_fd_limit, redis_bus_available,
                      server_args)

FRESH_MAX = 60                 # versions below this count as "fresh" (the preliminary phase and the first turns)
MID = (60, 400)                # mid-game versions (rooms restored at actions 60-400)
BEGIN, END = "<!-- bench.all:begin -->", "<!-- bench.all:end -->"


def deck_names() -> list[str]:
    """The starter decks by their Russian names (as bench/engine_speed.py rotates them)."""
    return sorted({n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower())})


# -- engine and protocol ---------------------------------------------------------------------------------------
def engine_level(games: int, seed: int) -> dict:
    """Random self-play, timing each action (one listing + one apply, CPU time) by the version it started at."""
    names = deck_names()
    fresh, mid, total_s, total_a = [], [], 0.0, 0
    for i in range(games):
        g = Game.new(seed + i, ENGINE.load_deck(names[i % len(names)]), ENGINE.load_deck(names[(i + 1) % len(names)]))
        rng = random.Random(seed + i)
        while g.result is None and g.version < 3000:
            v = g.version
            t0 = time.process_time()
            p = g.to_act()
            g.apply(p, random_action(rng, g.legal_actions(p)))
            dt = time.process_time() - t0
            total_s += dt
            total_a += 1
            if v < FRESH_MAX:
                fresh.append(dt)
            elif v <= MID[1]:
                mid.append(dt)
    return {"games": games, "actions": total_a, "actions_per_s": round(total_a / total_s) if total_s else None,
            "fresh_us": round(statistics.mean(fresh) * 1e6, 1) if fresh else None,
            "mid_us": round(statistics.mean(mid) * 1e6, 1) if mid else None,
            "mid_over_fresh": round(statistics.mean(mid) / statistics.mean(fresh), 2) if fresh and mid else None}


def protocol_level(games: int, seed: int) -> dict:
    """Per viewer and action: the server's work (project + diff + encode the Diff frame) against the floor (project
    + encode the full view, i.e. a Sync frame), in time and bytes, fresh and mid-game."""
    names = deck_names()
    rows = {"fresh": [], "mid": []}
    for i in range(games):
        rng = random.Random(seed + i)
        g = Game.new(seed + i, ENGINE.load_deck(names[i % len(names)]), ENGINE.load_deck(names[(i + 1) % len(names)]))
        prev = {viewer: g.view(viewer) for viewer in (1, 2, None)}
        while g.result is None and g.version <= MID[1]:
            p = g.to_act()
            g.apply(p, random_action(rng, g.legal_actions(p)))
            kind = "fresh" if g.version < FRESH_MAX else "mid"
            for viewer in (1, 2, None):
                t0 = time.perf_counter()
                new = g.view(viewer)
                t1 = time.perf_counter()
                ops = diff(prev[viewer], new)
                frame = msgpack.packb({"t": "diff", "v": g.version, "ops": ops})
                t2 = time.perf_counter()
                full = msgpack.packb({"t": "sync", "v": g.version, "view": new})
                t3 = time.perf_counter()
                rows[kind].append((t2 - t0, (t1 - t0) + (t3 - t2), len(frame), len(full)))
                prev[viewer] = new
    out = {"games": games}
    for kind, xs in rows.items():
        if not xs:
            continue
        work, floor = statistics.mean(x[0] for x in xs), statistics.mean(x[1] for x in xs)
        out[kind] = {"samples": len(xs), "server_us": round(work * 1e6, 1), "floor_us": round(floor * 1e6, 1),
                     "time_ratio": round(work / floor, 2),
                     "diff_bytes_median": statistics.median(x[2] for x in xs),
                     "full_bytes_median": statistics.median(x[3] for x in xs),
                     "bytes_ratio": round(statistics.median(x[2] / x[3] for x in xs), 3)}
    return out


# -- mid-game rooms ----------------------------------------------------------------------------------------------
_MIDGAME: dict[tuple[int, int], list[dict]] = {}


def midgame_rooms(n: int, seed: int) -> list[dict]:
    """``n`` rooms played to a version drawn in ``MID``: ``[{"room", "token", "token2", "v", "blob"}]`` (built
    once per run and reused by every setup, so one process and Redis get the same rooms). Each snapshot carries
    the room's journal, as a snapshot a server wrote in mid-game does (server.room ``Room.snapshot``), so a
    restore need not replay the game for it (docs/performance.md "Start-up with many stored rooms")."""
    if (n, seed) not in _MIDGAME:
        _MIDGAME[(n, seed)] = _play_midgame(n, seed)
    return _MIDGAME[(n, seed)]


def _play_midgame(n: int, seed: int) -> list[dict]:
    names = deck_names()
    rng = random.Random(seed)
    out, attempt = [], 0
    while len(out) < n:
        attempt += 1
        target = rng.randint(*MID)
        d1, d2 = names[attempt % len(names)], names[(attempt + 1) % len(names)]
        opts = {"decks": [d1, d2], "clock": {"base": 7200, "increment": 10}, "spectators": True}
        settings = Settings(fixed_seed=seed * 100003 + attempt)
        room, t1 = Room.create(f"mid{seed}x{attempt}", opts, ENGINE, None, settings, Metrics())
        t2 = secrets.token_urlsafe(32)
        room.seats.tokens[2] = hash_token(t2)
        room.deal()
        g, play = room.game, random.Random(attempt)
        journal = Journal()                        # recorded as a serving room records it (only what it reads)
        journal.record(g, None, g.log_view)
        while g.result is None and g.version < target:
            p = g.to_act()
            g.apply(p, random_action(play, g.legal_actions(p)))
            journal.record(g, p, g.log_view)
        if g.result is not None:
            continue                               # the game ended before the target: draw another one
        room.journals.journal = journal
        room.status = status_from_view(room)
        out.append({"room": room.id, "token": t1, "token2": t2, "v": g.version, "blob": room.snapshot()})
    return out


async def seed_sql(data_dir: str, rooms: list[dict]) -> None:
    """Write the rooms' snapshots to the SQLite store of ``data_dir`` (migrated first), as a server would."""
    store = open_store(Settings(data_dir=data_dir))
    await store.start()
    try:
        for r in rooms:
            await store.save_room(r["room"], r["blob"])
    finally:
        await store.close()


def seed_redis(url: str, rooms: list[dict]) -> None:
    """Write the rooms' snapshots to Redis (``bz:{R}:snap`` and the room set), as an owner would."""
    c = redis.Redis.from_url(url)
    pipe = c.pipeline(transaction=False)
    for r in rooms:
        pipe.set(K.snap(r["room"]), r["blob"])
        pipe.sadd(K.ROOMS, r["room"])
    pipe.execute()
    c.close()


# -- server levels ---------------------------------------------------------------------------------------------
def phase_means(before: dict, after: dict) -> dict:
    """Mean seconds per call of each room phase between two scrapes of a server's /metrics, in us (None: no call)."""
    out = {}
    for ph in PHASES:
        c = after.get(f'berserk_room_phase_seconds_count{{phase="{ph}"}}', 0) - before.get(
            f'berserk_room_phase_seconds_count{{phase="{ph}"}}', 0)
        s = after.get(f'berserk_room_phase_seconds_sum{{phase="{ph}"}}', 0) - before.get(
            f'berserk_room_phase_seconds_sum{{phase="{ph}"}}', 0)
        out[ph] = round(s / c * 1e6, 1) if c else None
    return out


class PhaseWindow:
    """Async context manager for ``measure_rooms``'s window: the room phases of the server at ``http`` within the
    window only (``result["phases_us"]``), so the joins' full Sync frames and the start-up restore, which come
    before the window, do not weigh in the means; ``inner``: another window run inside it (its result is kept)."""

    def __init__(self, http: str, inner=None) -> None:
        self.http, self.inner, self.result = http, inner, {}

    async def __aenter__(self):
        if self.inner is not None:
            await self.inner.__aenter__()
        self.before = scrape(self.http)
        return self

    async def __aexit__(self, *exc) -> None:
        after = scrape(self.http)
        if self.inner is not None:
            await self.inner.__aexit__(*exc)
            self.result = dict(self.inner.result)
        self.result["phases_us"] = phase_means(self.before, after)


def row_of(r: dict) -> dict:
    keep = ("rooms", "samples", "p50", "p99", "max", "kb_per_room", "cpu", "joined", "connections", "rooms_acting",
            "rooms_relayed", "actions", "failures", "error_frames", "server_errors", "phases_us")
    return {k: r.get(k) for k in keep}


def cpu_us_per_action(r: dict, seconds: float) -> float | None:
    """The servers' CPU per client action acknowledged in the window, in us (None: no action or no count)."""
    if not r.get("actions"):
        return None
    return round(sum(r["cpu"]["servers"]) * seconds / r["actions"] * 1e6)


def process_ids(url: str) -> set[str]:
    """Ids of the server processes on the Redis at ``url``: each subscribes to its own channel ``bz:proc:{P}``."""
    c = redis.Redis.from_url(url)
    try:
        return {ch.decode()[len("bz:proc:{"):-1] for ch in c.execute_command("PUBSUB", "SHARDCHANNELS", "bz:proc:*")}
    finally:
        c.close()


def leases(url: str, rooms: list[dict], timeout: float = 180.0) -> list[str]:
    """The leases (``bz:{R}:lease`` = ``"<process id>:<epoch>"``) of ``rooms`` (``[{"room", ...}]``) on the Redis at
    ``url``, once every room has one (a server restores stored rooms after it answers /healthz); RuntimeError after
    ``timeout`` seconds."""
    c = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout
    try:
        while True:
            got = c.mget([K.lease(r["room"]) for r in rooms])
            if all(got):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"{sum(1 for x in got if not x)} of {len(rooms)} rooms have no owner")
            time.sleep(0.5)
    finally:
        c.close()
    return [x.decode() for x in got]


def owners(url: str, rooms: list[dict], pids: list[str]) -> list[dict]:
    """Copies of ``rooms`` (``[{"room", ...}]``) with ``"owner"``: the index in ``pids`` (process ids in the order of
    the bench's servers) of the process whose lease holds the room (:func:`leases`, which waits for them);
    RuntimeError for a lease of an unknown process."""
    out = []
    for r, lease in zip(rooms, leases(url, rooms)):
        pid = lease.rsplit(":", 1)[0]
        if pid not in pids:
            raise RuntimeError(f"room {r['room']}: owner {pid} is none of the bench's processes {pids}")
        out.append(dict(r, owner=pids.index(pid)))
    return out


async def server_level(setup: str, n: int, kind: str, args, settings: dict, placement: str = "split") -> dict:
    """One measurement: ``setup`` "one", "redis" or "cluster" (``python -m server.cluster --processes
    args.cluster``: its own Redis with an append-only file and PostgreSQL), ``kind`` "fresh" or "mid" (rooms restored
    mid-game), ``placement`` of the connections on several processes (bench/server_latency.py ``measure_rooms``):
    "split" (seat 2 on the process that does not own the room) or "room" (all three on the owner). With several
    processes a restored room's owner is read from its lease in Redis before the clients connect (once every room
    has one), and the result's ``owned`` counts them per process. Mid-game rooms are stored in equal parts before
    each process starts, each part once the previous process has leased its own, and each process restores its
    part (the orphan sweep is put off to 600 s)."""
    premade = midgame_rooms(n, args.seed + n) if kind == "mid" else None
    pids: list[str] = []                  # process ids in the order of the servers (for the leases' owners)
    if premade and setup != "one":
        # each process restores the rooms stored before it started; the orphan sweep (which adopts rooms whose
        # owner is gone: none here) is put off, else the first process's sweep adopts the rooms stored for the next
        # one while that one starts, and one process owns (nearly) every room
        settings = dict(settings, orphan_sweep=600)
    tmp = tempfile.mkdtemp(prefix="bench-all-")
    try:
        if setup == "one":
            if premade:
                await seed_sql(tmp, premade)
            with ServerProcess(data_dir=tmp, **settings) as s:
                r = await measure_rooms([s], n, args.seconds, args.think, premade=premade, settle=args.settle,
                                        window=lambda: PhaseWindow(s.http))
                r["phases_us"], r["actions"] = r["window"]["phases_us"], r.pop("window")["actions"]
        elif setup == "cluster":
            os.chmod(tmp, 0o755)             # as root PostgreSQL runs as its own user, who must reach the directory
            parts = args.cluster
            seen: list[set[str]] = []         # process ids on Redis before each server starts

            def before(i, url):
                seen.append(process_ids(url))
                if premade:
                    if i:
                        leases(url, premade[i - 1::parts])     # the previous process has restored its part
                    seed_redis(url, premade[i::parts])
            flags = server_args(0, **settings)[5:]
            with Cluster(parts, tmp, port=0, extra=flags, before_each=before) as c:
                procs = [ServerProcess.attached(*s) for s in c.servers]
                seen.append(process_ids(c.redis_url))
                pids = [next(iter(b - a)) for a, b in zip(seen, seen[1:])]
                if premade:
                    premade = owners(c.redis_url, premade, pids)
                r = await measure_rooms(procs, n, args.seconds, args.think, premade=premade, placement=placement,
                                        settle=args.settle,
                                        window=lambda: PhaseWindow(procs[0].http))
                r["phases_us"], r["actions"] = r["window"]["phases_us"], r.pop("window")["actions"]
        else:
            with RedisProcess() as rp, contextlib.ExitStack() as stack:
                # mid-game: half the rooms stored before each process starts, so each adopts its half at start-up
                # (one process started on all of them would own every room, and the other would idle)
                half = len(premade) // 2 if premade else 0
                if premade:
                    seed_redis(rp.url, premade[:half])
                a = stack.enter_context(ServerProcess(redis=rp.url, **settings))
                pids.append(next(iter(process_ids(rp.url))))
                if premade:
                    leases(rp.url, premade[:half])           # its restore (after /healthz) leased them all
                    seed_redis(rp.url, premade[half:])
                b = stack.enter_context(ServerProcess(redis=rp.url, **settings))
                pids.append(next(iter(process_ids(rp.url) - set(pids))))
                if premade:
                    premade = owners(rp.url, premade, pids)
                r = await measure_rooms([a, b], n, args.seconds, args.think, premade=premade, placement=placement,
                                        settle=args.settle,
                                        window=lambda: PhaseWindow(a.http, CommandStats(rp.url, [a.http, b.http])))
                r["phases_us"], r["actions"] = r["window"]["phases_us"], r["window"]["actions"]
                r["redis_per_action"] = per_action(r.pop("window"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if premade:
        r["restored_v"] = [min(p["v"] for p in premade), max(p["v"] for p in premade)]
    out = row_of(r)
    out.update(setup=setup, kind=kind, restored_v=r.get("restored_v"), redis_per_action=r.get("redis_per_action"),
               processes={"one": 1, "redis": 2}.get(setup, args.cluster),
               placement=None if setup == "one" else placement,
               cpu_us_per_action=cpu_us_per_action(r, args.seconds))
    if premade and setup != "one":
        out["owned"] = [sum(1 for p in premade if p["owner"] == i) for i in range(len(r["cpu"]["servers"]))]
    ok = out["joined"] == out["connections"] and not out["failures"]
    print(f"{setup:5} {kind:5} {out['placement'] or '':5} rooms={n} p50={_ms(out['p50'])} p99={_ms(out['p99'])} "
          f"samples={out['samples']} cpu={out['cpu']} cpu_per_action={out['cpu_us_per_action']} us "
          f"actions={out['actions']} relayed={out['rooms_relayed']} owned={out.get('owned')} "
          f"joined={out['joined']}/{out['connections']} acting={out['rooms_acting']}/{n}"
          f"{'' if ok else ' FAILURES ' + str(out['failures'])}", flush=True)
    return out


def _ms(x) -> str:
    return "n/a" if x is None else f"{x * 1000:.2f} ms"


def _us(x) -> str:
    return "n/a" if x is None else f"{x} us"


def _relayed(xs) -> str:
    return "n/a" if not xs or all(x is None for x in xs) else ", ".join("n/a" if x is None else str(x) for x in xs)


def setup_name(r: dict) -> str:
    """A result row's setup as the tables and the plot name it: "one process", "two over Redis" or "cluster of N",
    followed by its placement when it has one ("two over Redis (room)")."""
    name = {"one": "one process", "redis": "two over Redis"}.get(r["setup"], f"cluster of {r.get('processes')}")
    return name + (f" ({r['placement']})" if r.get("placement") else "")


# -- machine, document, plot -----------------------------------------------------------------------------------
def machine() -> dict:
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next(ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    versions = {}
    for dist in ("uvicorn", "starlette", "websockets", "msgpack", "redis"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    redis_v = None
    exe = shutil.which("redis-server")
    if exe:
        redis_v = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    import berserk_native       # which engine this run measures: compiled (mypyc) or the pure Python
    return {"cpu": cpu, "cores": os.cpu_count(), "load_avg_at_start": [round(x, 2) for x in os.getloadavg()],
            "python": platform.python_version(), "platform": platform.platform(), "packages": versions,
            "redis_server": redis_v, "when_utc": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "engine_build": berserk_native.check()[1]}


def ratio(a, b, digits: int = 1):
    return None if a is None or b is None or b == 0 else round(a / b, digits)


def vibe_line(fl: dict | None) -> str:
    """The engine's floor sentence: ours against danmerus/berserk_vibe in non-pass actions per CPU second."""
    if not fl or not fl.get("available"):
        why = (fl or {}).get("reason", "not measured")
        return (f"Floor (danmerus/berserk_vibe random self-play): not available ({why}); `python -m bench.all "
                f"--vibe PATH` measures it against a local checkout (docs/performance.md, berserk_vibe section).")
    t, o = fl["theirs"], fl["ours"]
    return (f"Floor, same run, alternating ({fl['rounds']} rounds): danmerus/berserk_vibe random self-play "
            f"{t['games']} games, {t['nonpass_sent_per_s']} non-pass commands sent/s ({t['nonpass_accepted_per_s']} "
            f"accepted/s, {t['live_nonpass_per_s']}/s while their game still moved, {t['capped_games']} of "
            f"{t['games']} games at their 10,000-command cap); ours {o['games']} games, {o['nonpass_per_s']} "
            f"non-pass actions/s ({o['actions_per_s']} actions/s). Ours / theirs: **{fl['ratio_vs_sent']}x** "
            f"(vs sent), {fl['ratio_vs_accepted']}x (vs accepted), {fl['ratio_vs_live']}x (vs moving).")


def markdown(res: dict) -> str:
    m, e, p, f = res["machine"], res["engine"], res["protocol"], res["floors"]
    lines = [BEGIN, "",
             f"Generated by `{res['command']}` on {m['when_utc']} ({m['cpu']}, {m['cores']} cores, load average "
             f"{m['load_avg_at_start']} at the start, Python {m['python']}, "
             + ", ".join(f"{k} {v}" for k, v in m["packages"].items()) + f", {m['redis_server'] or 'no redis-server'}; "
             f"engine {m.get('engine_build', 'unknown')}). "
             f"Load generator and servers share the cores. Results also in `{res['json']}`; plot `{res['plot']}`.",
             "", "**Engine** (random self-play, one listing + one apply per action, CPU time):", "",
             "| games | actions | actions/s | us per action, fresh (v < 60) | mid-game (60-400) | mid / fresh |",
             "|---|---|---|---|---|---|",
             f"| {e['games']} | {e['actions']} | {e['actions_per_s']} | {e['fresh_us']} | {e['mid_us']} | "
             f"{e['mid_over_fresh']} |", "", vibe_line(res.get("engine_floor")), "",
             "**Protocol** (per viewer and action; server = project + diff + encode the diff frame; floor = project + "
             "encode the full view):", "",
             "| phase | samples | server us | floor us | time ratio | diff bytes (median) | full view bytes | bytes ratio |",
             "|---|---|---|---|---|---|---|---|"]
    for kind in ("fresh", "mid"):
        if kind in p:
            q = p[kind]
            lines.append(f"| {kind} | {q['samples']} | {q['server_us']} | {q['floor_us']} | {q['time_ratio']} | "
                         f"{q['diff_bytes_median']} | {q['full_bytes_median']} | {q['bytes_ratio']} |")
    lines += ["", f"**Servers** (rooms of two random bots + one spectator, a bot acts {res['args']['think']} s on "
              f"average after it is asked, a {res['args']['seconds']} s window; latency = action sent -> the diff "
              f"it produced at the opponent and the spectator). Floors in the same run: websocket echo RTT p50 "
              f"{_ms(f['ws_echo']['p50'])}, p99 {_ms(f['ws_echo']['p99'])}; Redis PING p50 "
              f"{_ms(f['redis_ping']['p50'])}, p99 {_ms(f['redis_ping']['p99'])}. CPU in cores during the window "
              f"(servers, then the generator); CPU per action = the servers' CPU over the client actions "
              f"acknowledged in the window. Placement of several processes: split = seat 2 on the process that "
              f"does not own the room (relayed), room = a room's three connections on its owner; relayed rooms = "
              f"each server's `berserk_rooms_relayed` at the end of the window.", ""]
    fan = {r["rooms"]: r for r in f.get("fanout", ())}
    if fan:
        lines += ["The level's own floor, also in the same run (bench/fanout_floor.py): the same rooms, connections, "
                  "frame size (200 bytes) and think time on a bare Starlette + uvicorn fan-out with no game, each "
                  "frame sent to the room's three connections; its CPU per action is the app's.", "",
                  "| rooms | fan-out p50 | fan-out p99 | its CPU per action |", "|---|---|---|---|"]
        lines += [f"| {n} | {_ms(r['p50'])} | {_ms(r['p99'])} | {r['us_per_action']} us |"
                  for n, r in sorted(fan.items())]
        lines.append("")
    lines += [
              "| setup | rooms | kind | p50 | p99 | p50 / echo | p99 / echo | p99 / fan-out floor | vs one process (p50 diff, p99 ratio) | CPU servers | CPU generator | CPU per action | relayed rooms | ok |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    one = {(r["rooms"], r["kind"]): r for r in res["servers"] if r["setup"] == "one"}
    for r in res["servers"]:
        vs = ""
        base = one.get((r["rooms"], r["kind"]))
        if r["setup"] != "one" and base and r["p50"] is not None and base["p50"] is not None:
            vs = f"{(r['p50'] - base['p50']) * 1000:+.2f} ms, {ratio(r['p99'], base['p99'])}x"
        kind = r["kind"] + (f" (v {r['restored_v'][0]}-{r['restored_v'][1]})" if r.get("restored_v") else "")
        idle = 0 if r.get("rooms_acting") is None else r["rooms"] - r["rooms_acting"]   # (older results: unknown)
        ok = "yes" if r["joined"] == r["connections"] and not r["failures"] and not r["server_errors"] \
            and idle <= r["rooms"] // 20 else \
            f"no: {r['failures']} {r['error_frames']} log errors {r['server_errors']}, {idle} rooms never acted"
        name = setup_name(r)
        lines.append(f"| {name} | {r['rooms']} | {kind} | "
                     f"{_ms(r['p50'])} | {_ms(r['p99'])} | {ratio(r['p50'], f['ws_echo']['p50'])}x | "
                     f"{ratio(r['p99'], f['ws_echo']['p99'])}x | "
                     f"{str(ratio(r['p99'], fan[r['rooms']]['p99'])) + 'x' if r['rooms'] in fan else 'n/a'} | "
                     f"{vs} | {r['cpu']['servers']} | "
                     f"{r['cpu']['generator']} | {_us(r.get('cpu_us_per_action'))} | "
                     f"{_relayed(r.get('rooms_relayed'))} | {ok} |")
    redis_rows = [r for r in res["servers"] if r.get("redis_per_action")]
    if redis_rows:
        lines += ["", "Redis per client action acknowledged in the window (`INFO commandstats` after `CONFIG "
                  "RESETSTAT`; all commands include those run inside Lua scripts; round trips = the commands the "
                  "servers sent, bench/redis_cost.py):", "",
                  "| setup | rooms | kind | actions | commands | round trips | bytes into Redis | Redis's own us |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in redis_rows:
            q = r["redis_per_action"]
            lines.append(f"| {setup_name(r)} | {r['rooms']} | {r['kind']} | {q['actions']} | {q['commands']} | "
                         f"{q['top_level']} | "
                         f"{q['bytes_in']} | {q.get('redis_us', 'n/a')} |")
    lines += ["", "Room phases, mean us per call from the first server's /metrics within the measurement window "
              "(the joins' Sync frames and the start-up restore left out):", "",
              "| setup | rooms | kind | " + " | ".join(PHASES) + " |", "|---|---|---|" + "---|" * len(PHASES)]
    for r in res["servers"]:
        ph = r.get("phases_us") or {}
        lines.append(f"| {setup_name(r)} | {r['rooms']} | {r['kind']} | " + " | ".join(str(ph.get(x)) for x in PHASES)
                     + " |")
    lines += ["", END]
    return "\n".join(lines)


def write_doc(path: str, section: str) -> None:
    """Replace the generated section of ``path`` (appending it, with a heading, the first time)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n## All levels in one run: `python -m bench.all`\n\n" + section + "\n"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def svg_plot(res: dict, path: str) -> None:
    """p50 and p99 (log scale) of every server setup and kind against rooms, plus the echo floor; plain SVG."""
    series: dict[str, list] = {}
    for r in res["servers"]:
        if r["p50"] is None:
            continue
        name = f"{setup_name(r)}, {r['kind']}"
        series.setdefault(name, []).append(r)
    levels = sorted({r["rooms"] for r in res["servers"]})
    if not levels:
        return
    W, H, L, R, T, B = 760, 420, 70, 230, 30, 50
    vals = [r[q] * 1000 for rs in series.values() for r in rs for q in ("p50", "p99") if r[q]]
    echo = res["floors"]["ws_echo"]
    vals += [echo["p50"] * 1000, echo["p99"] * 1000]
    lo, hi = math.floor(math.log10(max(min(vals), 1e-3))), math.ceil(math.log10(max(vals)))
    hi = max(hi, lo + 1)

    def x(rooms):
        i = levels.index(rooms)
        return L + (W - L - R) * (0.5 if len(levels) == 1 else i / (len(levels) - 1))

    def y(v):
        return T + (H - T - B) * (hi - math.log10(max(v, 10 ** lo))) / (hi - lo)

    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" '
           f'font-size="12"><rect width="100%" height="100%" fill="white"/>']
    for e in range(lo, hi + 1):
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(10 ** e):.1f}" y2="{y(10 ** e):.1f}" stroke="#ddd"/>'
                   f'<text x="{L - 6}" y="{y(10 ** e) + 4:.1f}" text-anchor="end">{10 ** e:g} ms</text>')
    out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(50):.1f}" y2="{y(50):.1f}" stroke="#999" stroke-dasharray="2,3"/>'
               f'<text x="{W - R - 4}" y="{y(50) - 4:.1f}" text-anchor="end" fill="#777">50 ms</text>')
    for rooms in levels:
        out.append(f'<text x="{x(rooms):.1f}" y="{H - B + 18}" text-anchor="middle">{rooms}</text>')
    out.append(f'<text x="{(L + W - R) / 2}" y="{H - 10}" text-anchor="middle">concurrent rooms (2 players + 1 '
               f'spectator each)</text><text x="14" y="{T - 10}">latency, log scale</text>')
    legend_y = T
    for i, (name, rs) in enumerate(list(series.items()) + [("websocket echo floor", None)]):
        c = colors[i % len(colors)]
        for q, dash in (("p50", ""), ("p99", ' stroke-dasharray="6,3"')):
            if rs is None:
                pts = [(x(n), y(echo[q] * 1000)) for n in levels]
            else:
                pts = [(x(r["rooms"]), y(r[q] * 1000)) for r in sorted(rs, key=lambda r: r["rooms"]) if r[q]]
            if len(pts) > 1:
                out.append(f'<polyline fill="none" stroke="{c}" stroke-width="2"{dash} points="'
                           + " ".join(f"{a:.1f},{b:.1f}" for a, b in pts) + '"/>')
            for a, b in pts:
                out.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="3.5" fill="{c if q == "p50" else "white"}" '
                           f'stroke="{c}" stroke-width="1.5"/>')
            out.append(f'<line x1="{W - R + 15}" x2="{W - R + 40}" y1="{legend_y}" y2="{legend_y}" stroke="{c}" '
                       f'stroke-width="2"{dash}/><text x="{W - R + 45}" y="{legend_y + 4}">{name} {q}</text>')
            legend_y += 18
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")


async def amain(args) -> dict:
    levels = [int(x) for x in args.rooms.split(",")]
    kinds = [k for k in args.kinds.split(",") if k]
    res = {"command": "python -m bench.all" + (" " + " ".join(args.argv) if args.argv else ""),
           "machine": machine(), "args": {"games": args.games, "rooms": levels, "seconds": args.seconds,
                                          "think": args.think, "kinds": kinds, "seed": args.seed,
                                          "placement": args.placement, "until_p99": args.until_p99,
                                          "settle": args.settle},
           "json": args.json, "plot": os.path.relpath(args.plot, ROOT) if args.plot else None}
    print(f"machine {res['machine']}", flush=True)
    raise_fd_limit()
    t0 = time.monotonic()
    res["engine"] = engine_level(args.games, args.seed)
    print(f"engine {res['engine']}", flush=True)
    why = vibe_floor.unavailable(args.vibe)
    res["engine_floor"] = ({"available": False, "reason": why} if why else
                           vibe_floor.compare(args.vibe, args.vibe_games, 5 * args.games, 3, args.seed))
    print(f"engine_floor {res['engine_floor']}", flush=True)
    res["protocol"] = protocol_level(max(1, args.games // 3), args.seed)
    print(f"protocol {res['protocol']}", flush=True)
    res["floors"] = {"ws_echo": await echo_floor(), "redis_ping": await redis_floor(),
                     "fanout": [await fanout_floor(n, args.seconds, args.think) for n in levels]}
    print(f"floors {res['floors']}", flush=True)
    settings = load_settings(max(levels))
    res["servers"] = []
    setups = ["one"] + (["redis"] if redis_bus_available() and not args.no_redis else []) + (
        ["cluster"] if args.cluster else [])
    placements = [x for x in args.placement.split(",") if x]
    saturated: set[tuple] = set()          # (setup, kind, placement) whose p99 passed --until-p99
    for n in levels:
        for kind in kinds:
            runs = [("one", "split")] + [(x, p) for x in setups if x != "one" for p in placements]
            for setup, placement in runs:
                if (setup, kind, placement) in saturated:
                    continue
                row = await server_level(setup, n, kind, args, settings, placement)
                res["servers"].append(row)
                if args.until_p99 and (row["p99"] is None or row["p99"] * 1000 > args.until_p99):
                    saturated.add((setup, kind, placement))
    res["seconds"] = round(time.monotonic() - t0)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res, fh, indent=1)
    if args.plot:
        svg_plot(res, args.plot)
        print(f"plot {args.plot}")
    if not args.no_doc:
        write_doc(os.path.join(ROOT, "docs", "performance.md"), markdown(res))
        print("docs/performance.md: bench.all section replaced")
    print(f"done in {res['seconds']} s")
    return res


def main(argv=None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m bench.all")
    ap.add_argument("--games", type=int, default=6, help="engine self-play games (protocol: a third of them)")
    ap.add_argument("--rooms", default="100", help="comma-separated room counts of the server levels")
    ap.add_argument("--kinds", default="fresh,mid", help="fresh rooms, mid-game rooms restored at v 60-400, or both")
    ap.add_argument("--seconds", type=float, default=8.0, help="measurement window per server level")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits before acting")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vibe", default=None, help="a danmerus/berserk_vibe checkout: the engine level's floor")
    ap.add_argument("--vibe-games", type=int, default=6, help="berserk_vibe games for the engine floor")
    ap.add_argument("--no-redis", action="store_true", help="skip the two-processes-over-Redis levels")
    ap.add_argument("--placement", default="split",
                    help="comma-separated placements of the several-process levels: split (seat 2 on the process "
                         "that does not own the room, relayed), room (a room's three connections on its owner)")
    ap.add_argument("--settle", type=float, default=2.0,
                    help="seconds between the last join and the measurement window")
    ap.add_argument("--until-p99", type=float, default=None, metavar="MS",
                    help="stop measuring a setup, kind and placement at higher room counts once its p99 passed MS")
    ap.add_argument("--cluster", type=int, default=0, metavar="N",
                    help="also measure `python -m server.cluster --processes N` (its own Redis and PostgreSQL)")
    ap.add_argument("--json", default="/tmp/bench-all.json")
    ap.add_argument("--plot", default=None,
                    help="where to draw the plot (default docs/bench-all.svg, and none with --no-doc)")
    ap.add_argument("--no-doc", action="store_true",
                    help="do not rewrite docs/performance.md nor, unless --plot names a file, docs/bench-all.svg")
    args = ap.parse_args(argv)
    if any(x not in ("split", "room") for x in args.placement.split(",") if x):
        ap.error(f"--placement {args.placement}: expected split, room or split,room")
    if args.plot is None and not args.no_doc:
        args.plot = os.path.join(ROOT, "docs", "bench-all.svg")
    args.argv = argv
    run_generator(amain(args))


if __name__ == "__main__":
    main()

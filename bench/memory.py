"""Memory per room and per spectator, in process, independent of the machine's load.

``python -m bench.memory [--rooms 20] [--spectators 4] [--kinds fresh,mid] [--seed 1] [--json PATH]``

Builds ``--rooms`` real server rooms (server/room/, each its own task on one memory bus, as a server holds them)
with two players and 1 (then 1 + S) spectators, every one a real :class:`server.ws.Connection` run by
``server.ws.endpoint`` over a stand-in websocket that discards what is sent (so the per-connection outbox, guard
and tasks count; uvicorn's and Starlette's own objects per socket - transport, protocol, scope, WebSocket - do
not), and plays each room with random actions sent through the room's own message handling
(``Room._handle(Act)``: journal, frames, ledger, clocks, lobby entry) to a version drawn in ``fresh`` (10-59) or
``mid`` (60-400, as bench/all.py restores them). Then, after a full collection:

* bytes per room = tracemalloc's traced bytes with the rooms built minus before, / rooms, with two players and
  one spectator (the benchmark's rooms; the first spectator also makes the room keep the shared spectator view);
* bytes per further spectator = (the same with 1 + S spectators - with 1) / (rooms * S), same seeds, so the same
  games;
* where a room's bytes are: every object allocated while the rooms were built is attributed to the first holder
  (in the order of the table) that reaches it (``gc.get_referents``), counted by ``sys.getsizeof``; objects that
  existed before (modules, the card catalogue) count nowhere;
* RSS delta of this process for reference (the first build, without tracemalloc; allocator slack included).

Before any measure, every pool card's definition is loaded into the engine's per-process cache (engine/model/state.py
``_POOL_DEFS``: one read-only dict per card for the whole process, about 1.4 MB for the 223 pool cards, whatever the
number of rooms), so that cards first met in a measured room are not counted as that room's bytes.

Deterministic for a seed: the figures are bytes, not times, so the machine's load does not move them.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import secrets
import sys
import tracemalloc
import types

import engine as ENGINE
from engine.selfplay import random_action
from protocol.codec import encode
from protocol.messages import PROTOCOL_VERSION, Join
from server import ws as WS
from server.auth_throttle import AuthThrottle
from server.bus import memory_bus
from server.bus import messages as m
from server.metrics import Metrics
from server.room import Room, hash_token
from server.settings import Settings
from server.ws_limits import WsLimits

from .all import deck_names

KINDS = {"fresh": (10, 59), "mid": (60, 400)}


class FakeSocket:
    """Enough of a Starlette WebSocket for ``server.ws.endpoint``: it joins ``room`` with ``token`` and then waits
    forever; what the server sends is discarded (its size is counted in ``sent``)."""

    def __init__(self, hub, room: str, token: str | None) -> None:
        self.app = hub.app                      # one per process, like the ASGI app
        self.scope = {"type": "websocket"}      # no uvicorn send in it: server/ws_close.py's generic path
        self.headers: dict[str, str] = {}       # no Origin: a non-browser client (server/web_security.py)
        self.client = None                      # no address: the per-address limits do not apply
        self._join = encode(Join(room, token, None, PROTOCOL_VERSION))
        self._forever: asyncio.Future | None = None
        self.sent = 0

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict:
        if self._join is not None:
            data, self._join = self._join, None
            return {"type": "websocket.receive", "bytes": data}
        self._forever = asyncio.get_running_loop().create_future()
        await self._forever
        return {"type": "websocket.disconnect"}

    async def send_bytes(self, data: bytes) -> None:
        self.sent += len(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        if self._forever is not None and not self._forever.done():
            self._forever.set_result(None)


def make_hub(settings: Settings):
    """The process-wide state the websocket endpoint reads (server/app.py ``Hub``, without the HTTP parts)."""
    hub = types.SimpleNamespace(settings=settings, bus=memory_bus(), metrics=Metrics(), connections=0,
                                process_id="bench", auth_throttle=AuthThrottle(),
                                ws_limits=WsLimits(settings.max_connections, settings.max_connections_per_address,
                                                   settings.exempt_addresses()))
    hub.app = types.SimpleNamespace(state=types.SimpleNamespace(hub=hub))
    return hub


def load_pool_defs() -> int:
    """Fill the engine's per-process cache of pool card definitions (what the rooms of a long-running server have
    loaded after a while); returns the number of cards."""
    from engine.cards.pool import all_cards, card_def
    from engine.model import state
    for key in (c["id"] for c in all_cards()):
        if key not in state._POOL_DEFS:
            state._POOL_DEFS[key] = state._with_implicit(card_def(key))
    return len(state._POOL_DEFS)


def _target(kind: str, seed: int, attempt: int) -> int:
    lo, hi = KINDS[kind]
    return random.Random(seed * 7919 + attempt).randint(lo, hi)


async def build_room(hub, i: int, kind: str, spectators: int, seed: int) -> tuple[Room, list]:
    """One room played to a version of ``kind`` with two players and ``spectators`` spectators connected.
    Returns the room and the tasks of its connections (endpoint tasks). Retries another game until one reaches
    its target before it ends."""
    names = deck_names()
    attempt = 0
    while True:
        attempt += 1
        k = i * 101 + attempt
        opts = {"decks": [names[k % len(names)], names[(k + 1) % len(names)]],
                "clock": {"base": 7200, "increment": 10}, "spectators": True}
        settings = hub.settings.replace(fixed_seed=seed * 100003 + k)
        room, t1 = Room.create(f"m{i}", opts, ENGINE, hub.bus, settings, hub.metrics)
        t2 = secrets.token_urlsafe(32)
        room.seats.tokens[2] = hash_token(t2)
        room.deal()
        target = _target(kind, seed, k)
        task = asyncio.create_task(room.run())
        conns = [asyncio.create_task(WS.endpoint(FakeSocket(hub, room.id, tok)))
                 for tok in [t1, t2] + [None] * spectators]
        while len(room.audience.conns) < 2 + spectators:
            await asyncio.sleep(0)
        seat_conn = {s: c for c, s in room.audience.conns.items() if s is not None}
        rng, g, n = random.Random(k), room.game, 0
        while g.result is None and g.version < target:
            p = g.to_act()
            n += 1
            await room.handle(m.Act(seat_conn[p], f"a{n}", g.version, random_action(rng, g.legal_actions(p))))
        await drained(hub)
        if g.result is None:
            return room, [task] + conns
        await dispose([(room, [task] + conns)])


async def drained(hub) -> None:
    """Wait until every connection's writer has emptied its outbound queue (a real socket drains between
    actions; frames still queued are not what a room holds)."""
    conns = [getattr(sink, "__self__", None) for sink in hub.bus.fanout._sinks.values()]
    while any(c is not None and not c.queue.empty() for c in conns):
        await asyncio.sleep(0)


async def dispose(built: list) -> None:
    """Close the rooms and end their tasks (the connections' endpoints end on the close frames)."""
    for room, _ in built:
        await room.close(1000)
    tasks = [t for _, ts in built for t in ts]
    await asyncio.wait(tasks, timeout=5)
    for t in tasks:
        t.cancel()
    await asyncio.wait(tasks, timeout=5)


def _sizeof_from(roots: list, seen: set, fresh) -> tuple[int, int]:
    """Bytes and objects reachable from ``roots`` not yet in ``seen`` and allocated during the build (``fresh``)."""
    total = count = 0
    stack = list(roots)
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if not fresh(o) or isinstance(o, (type, types.ModuleType, types.FunctionType)):
            continue
        total += sys.getsizeof(o)
        count += 1
        stack.extend(gc.get_referents(o))
    return total, count


def holders(room: Room, conn_objs: list) -> list[tuple[str, list]]:
    """The holders of a room's bytes, in attribution order (an object shared by two counts for the first)."""
    game = room.game
    log = game.log if game is not None else []
    return [
        ("action log (game.log)", [log]),
        ("engine game state", [game]),
        ("journal (per viewer)", [room.journals.journal]),
        ("last views for diffs (RoomVersions._views)", [room.versions._views]),
        ("view cache (Room.engine_view)", [room.cache]),
        ("idempotency ledger (frames per action id)", [room.versions._ledger]),
        ("connections (ws.Connection, queue, guard, tasks)", conn_objs),
        ("room rest (clocks, chat, options, conns...)", [room]),
    ]


async def measure(rooms: int, spectators: int, kind: str, seed: int, breakdown: bool) -> dict:
    """Build ``rooms`` rooms (tracemalloc already running) and report traced bytes per room and the breakdown."""
    settings = Settings(rate_per_sec=1e6, rate_burst=10**6, outbound_queue=10**6, fixed_seed=0)
    hub = make_hub(settings)
    warm = await build_room(hub, 10**6, kind, 0, seed + 999)      # warm-up: lazy imports, caches, interned strings
    gc.collect()
    old = {id(o) for o in gc.get_objects()} if breakdown else set()
    before = tracemalloc.get_traced_memory()[0]
    built = [await build_room(hub, i, kind, spectators, seed) for i in range(rooms)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    out = {"kind": kind, "rooms": rooms, "spectators": spectators,
           "versions": sorted(r.v for r, _ in built), "bytes_per_room": (after - before) / rooms}
    if breakdown:
        parts: dict[str, int] = {}
        fresh = lambda o: (tracemalloc.get_object_traceback(o) is not None   # noqa: E731 (allocated while tracing;
                           or (gc.is_tracked(o) and id(o) not in old))        # 3.11 misses managed-dict objects)
        seen = {id(x) for x in (hub, hub.app, hub.app.state, hub.bus, hub.metrics, hub.settings, ENGINE)}
        seen |= {id(x) for r, _ in built for x in (r.settings, r.bus, r.metrics, r.engine)}
        for room, tasks in built:
            conns = [c for c in gc.get_objects() if isinstance(c, WS.Connection) and c.room == room.id]
            for name, roots in holders(room, conns + tasks[1:]):
                parts[name] = parts.get(name, 0) + _sizeof_from(roots, seen, fresh)[0]
        out["breakdown"] = {k: v / rooms for k, v in parts.items()}
    await dispose(built + [warm])
    return out


def rss_kb() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4


def run(rooms: int, spectators: int, kind: str, seed: int) -> dict:
    """The RSS delta first (no tracemalloc), then per room (1 spectator) with the breakdown, then with 1 + S."""
    async def rss_build() -> int:
        hub = make_hub(Settings(rate_per_sec=1e6, rate_burst=10**6, outbound_queue=10**6))
        warm = await build_room(hub, 10**6, kind, 0, seed + 999)
        gc.collect()
        r0 = rss_kb()
        built = [await build_room(hub, i, kind, 1, seed) for i in range(rooms)]
        gc.collect()
        d = rss_kb() - r0
        await dispose(built + [warm])
        return d
    load_pool_defs()
    rss = asyncio.run(rss_build())
    tracemalloc.start(1)
    base = asyncio.run(measure(rooms, 1, kind, seed, True))
    with_s = asyncio.run(measure(rooms, 1 + spectators, kind, seed, False)) if spectators else None
    tracemalloc.stop()
    gc.collect()
    res = {"kind": kind, "rooms": rooms, "versions": base["versions"],
           "kb_per_room": round(base["bytes_per_room"] / 1024, 1),
           "breakdown_kb": {k: round(v / 1024, 1) for k, v in base["breakdown"].items()}}
    if with_s is not None:
        res["spectators"] = spectators
        res["kb_per_spectator"] = round((with_s["bytes_per_room"] - base["bytes_per_room"]) / spectators / 1024, 2)
        res["kb_per_room_with_spectators"] = round(with_s["bytes_per_room"] / 1024, 1)

    res["rss_kb_per_room_1_spectator"] = round(rss / rooms, 1)
    return res


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.memory", description=__doc__.split("\n")[0])
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--spectators", type=int, default=4, help="further spectators per room beyond the first")
    ap.add_argument("--kinds", default="fresh,mid")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)
    results = []
    for kind in args.kinds.split(","):
        res = run(args.rooms, args.spectators, kind, args.seed)
        results.append(res)
        vs = res["versions"]
        print(f"{kind}: {args.rooms} rooms at v {vs[0]}-{vs[-1]} (median {vs[len(vs) // 2]}): "
              f"{res['kb_per_room']} KB per room (2 players + 1 spectator), {res.get('kb_per_spectator')} KB per "
              f"further spectator, "
              f"RSS {res['rss_kb_per_room_1_spectator']} KB per room with 1 spectator", flush=True)
        for name, kb in res["breakdown_kb"].items():
            print(f"    {kb:8.1f} KB  {name}")
        print(f"    {res['kb_per_room'] - sum(res['breakdown_kb'].values()):8.1f} KB  not attributed "
              f"(bus, lobby entry, allocator-level)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()

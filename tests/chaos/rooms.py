"""Rooms of the chaos suite: many rooms owned by one process, each with one player there and one relayed through
another process, played by :class:`tests.chaos.probe.Prober` clients."""
from __future__ import annotations

import asyncio
import time

import httpx

from tests.chaos.probe import Prober
from tests.server.multiproc import ServerProc

DECKS = None      # the server's default starter decks


async def open_rooms(owner: ServerProc, relay: ServerProc, n: int, pace: float = 1.0,
                     spectators: int = 0) -> list[dict]:
    """``n`` rooms created on ``owner``; seat 1 plays there, seat 2 through ``relay`` (its second URL is the
    owner, for takeovers), ``spectators`` rooms also get a spectator on ``relay``. Returns
    ``[{"room", "a", "b", "spec"}]`` with started probers."""
    rooms = []
    async with httpx.AsyncClient(timeout=20) as c:
        for i in range(n):
            r = (await c.post(owner.http + "/api/rooms", json={})).json()
            j = (await c.post(f"{relay.http}/api/rooms/{r['room']}/join", json={})).json()
            rooms.append({"room": r["room"], "t1": r["token"], "t2": j["token"]})
    for i, room in enumerate(rooms):
        room["a"] = await Prober([owner.ws, relay.ws], room["room"], room["t1"], seed=2 * i, pace=pace).start()
        room["b"] = await Prober([relay.ws, owner.ws], room["room"], room["t2"], seed=2 * i + 1, pace=pace).start()
        room["spec"] = (await Prober([relay.ws, owner.ws], room["room"], None).start()) if i < spectators else None
    return rooms


def probers(rooms: list[dict]) -> list[Prober]:
    return [p for room in rooms for p in (room["a"], room["b"], room["spec"]) if p is not None]


async def stop_all(rooms: list[dict]) -> None:
    await asyncio.gather(*(p.stop() for p in probers(rooms)))


def unrequested_syncs(p: Prober) -> int:
    """The syncs ``p`` got that answered neither its join, a reconnect nor a resync it asked for (a version gap):
    those a relay or a takeover sent it."""
    return p.syncs - 1 - p.reconnects - p.resyncs_asked


def totals(rooms: list[dict]) -> dict:
    """Sums over every client: actions sent / lost, error codes, unrequested syncs (relay resyncs, takeovers);
    ``owner_side_resyncs``: those of the players connected to their room's owner (seat 1, ``open_rooms``)."""
    ps = probers(rooms)
    codes: dict[str, int] = {}
    for p in ps:
        for k, v in p.codes.items():
            codes[k] = codes.get(k, 0) + v
    extra = [unrequested_syncs(p) for p in ps]
    return {"sent": sum(p.sent for p in ps), "lost": sum(p.lost for p in ps), "codes": codes,
            "crashed": [p.crash for p in ps if p.crash],
            "resyncs": sum(extra), "max_resyncs_per_conn": max(extra, default=0),
            "owner_side_resyncs": sum(unrequested_syncs(room["a"]) for room in rooms),
            "several": [(p.room, "player" if p.token else "spectator", n) for p, n in zip(ps, extra) if n > 1]}


def moved_on(rooms: list[dict], t0: float, v0: dict[str, int]) -> float | None:
    """Seconds from ``t0`` until the relayed player of every unfinished room saw a newer version than
    ``v0[room]`` (random play ends some games early: a finished room has nothing to move on to)."""
    worst = 0.0
    for room in rooms:
        if room["b"].result is not None and room["b"].v == v0[room["room"]]:
            continue
        d = room["b"].first_version_after(t0, v0[room["room"]])
        if d is None:
            return None
        worst = max(worst, d)
    return round(worst, 2)


async def wait_moved_on(rooms: list[dict], t0: float, v0: dict[str, int], timeout: float) -> float | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = moved_on(rooms, t0, v0)
        if m is not None:
            return m
        await asyncio.sleep(0.05)
    return None


async def wait_played(ps: list[Prober], versions: int = 1, timeout: float = 20.0) -> None:
    """Wait until every client in ``ps`` whose game goes on has seen ``versions`` more versions than now (the
    rooms are live and their traffic flows through the relays); fails after ``timeout`` s."""
    start = {id(p): p.v or 0 for p in ps}
    end = time.monotonic() + timeout
    while any(p.result is None and (p.v or 0) < start[id(p)] + versions for p in ps):
        assert time.monotonic() < end, f"the rooms did not play {versions} version(s) in {timeout} s"
        await asyncio.sleep(0.02)


async def wait_metric(proc: ServerProc, name: str, above: float, timeout: float) -> float | None:
    """Seconds until ``proc``'s metric ``name`` exceeds ``above`` (None after ``timeout``)."""
    t0 = time.monotonic()
    async with httpx.AsyncClient(timeout=2) as c:
        while time.monotonic() - t0 < timeout:
            try:
                text = (await c.get(proc.http + "/metrics")).text
                value = next(float(line.split()[1]) for line in text.splitlines() if line.startswith(name + " "))
                if value > above:
                    return round(time.monotonic() - t0, 3)
            except (httpx.HTTPError, StopIteration):
                pass
            await asyncio.sleep(0.02)
    return None


def assert_acknowledged_kept(rooms: list[dict], redis_client) -> int:
    """Every action acknowledged to a player (a diff carrying its id) is in its room's stored log (snapshot + change log) at its version,
    as that player's; returns how many were checked."""
    from tests.server.multiproc import stored_log
    checked = 0
    for room in rooms:
        log = stored_log(redis_client, room["room"])
        for seat, p in ((1, room["a"]), (2, room["b"])):
            for v, action in p.acked:
                assert log[v - 1] == [seat, action], (room["room"], v, action, log[v - 1])
                checked += 1
    return checked


async def wait_takeovers(proc: ServerProc, n: int, timeout: float) -> float | None:
    """Seconds until ``proc`` has taken ``n`` rooms over (``berserk_redis_takeovers_total``)."""
    return await wait_metric(proc, "berserk_redis_takeovers_total", n - 0.5, timeout)

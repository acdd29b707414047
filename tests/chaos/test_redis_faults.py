"""Chaos: Redis faults under 50 live rooms over two processes.

Every room is owned by process 1 with its seat 2 relayed through process 2, both players acting once a second.
Each test injects one fault, lets the rooms play on, and checks: no action lost (every action got an answer), never
``rate_limited`` (an unreachable owner is ``unavailable``), and unrequested syncs (a ``sync`` the client did not ask
for) only where a frame was really lost:

- none for the players connected to their room's owner: their frames never cross Redis, and a seat going away or
  coming back is told as a ``clocks`` frame, never a whole sync (server/room/away.py);
- at most one per relayed connection and fault. Pub/sub is at-most-once: a frame Redis counted as delivered while
  the relay's subscription died (or Redis went down) with it in flight never arrives. The relay's probe after its
  reconnect gets the owner's checkpoint behind every frame sent, and only a connection behind it is resynced, once
  (server/bus/redis/fanout.py ``check_relays``); frames that were merely late (retried by the owner's outbox) cost
  nothing. On a quiet machine that is 0 of 100 connections (docs/reliability.md).

Figures are printed (tests/chaos/conftest.py) and recorded in docs/reliability.md.
"""
from __future__ import annotations

import asyncio
import os
import signal
import time

from tests.chaos.probe import record
from tests.chaos.rooms import open_rooms, probers, stop_all, totals, wait_metric, wait_moved_on, wait_played

ROOMS = 50


async def wait_healthy(proc, timeout: float) -> None:
    """Wait (without blocking the clients' event loop) until ``proc``'s /healthz answers 200."""
    end = time.monotonic() + timeout
    while await asyncio.to_thread(proc.health) != 200:
        assert time.monotonic() < end, f"healthz of {proc.http} did not recover in {timeout} s"
        await asyncio.sleep(0.05)


def _versions(rooms):
    return {r["room"]: r["b"].v for r in rooms}


async def test_a_killed_pubsub_connection_is_resubscribed_at_once_and_loses_nothing(pair):
    redis_server, p1, p2 = pair
    rooms = await open_rooms(p1, p2, ROOMS)
    await wait_played([r["b"] for r in rooms])          # every room plays through its relay
    v0, t0 = _versions(rooms), time.monotonic()
    redis_server.client().client_kill_filter(_type="pubsub")      # both processes lose their subscriptions
    heal = await asyncio.gather(*(wait_metric(p, "berserk_redis_reconnects_total", 0, 10) for p in (p1, p2)))
    moved = await wait_moved_on(rooms, t0, v0, 15)
    gap = max(p.metric("berserk_redis_resubscribe_seconds") for p in (p1, p2))
    await wait_played(probers(rooms))                   # and plays on after the heal
    await stop_all(rooms)
    t = totals(rooms)
    record("killed pub/sub client, 50 rooms", subscription_lost_s=gap, all_rooms_moved_on_s=moved,
           actions=t["sent"], lost=t["lost"], resyncs=t["resyncs"], codes=t["codes"])
    assert None not in heal and moved is not None, _stuck(rooms, t0, v0)
    assert t["lost"] == 0 and t["codes"].get("rate_limited", 0) == 0 and not t["crashed"], t
    assert t["owner_side_resyncs"] == 0 and t["max_resyncs_per_conn"] <= 1, t
    # every resync answers a frame its relay found lost (the owner's checkpoint was ahead of the connection)
    assert t["resyncs"] <= sum(p.metric("berserk_redis_relay_resyncs_total") for p in (p1, p2)), t


def _stuck(rooms, t0, v0):
    """The rooms whose relayed player saw nothing new since ``t0`` (for the failure message)."""
    return "; ".join(f"{r['room']} v0={v0[r['room']]} a.v={r['a'].v} b.v={r['b'].v} a.crash={r['a'].crash} "
                     f"b.crash={r['b'].crash} a.pending={bool(r['a'].pending)} b.pending={bool(r['b'].pending)} "
                     f"a.legal={bool(r['a'].legal)} b.legal={bool(r['b'].legal)} result={r['b'].result}"
                     for r in rooms if r["b"].first_version_after(t0, v0[r["room"]]) is None)


async def test_a_frozen_redis_keeps_the_sockets_and_the_rooms_resume(pair):
    redis_server, p1, p2 = pair
    rooms = await open_rooms(p1, p2, 10)
    await wait_played([r["b"] for r in rooms])
    os.kill(redis_server.proc.pid, signal.SIGSTOP)
    await asyncio.sleep(2.0)                       # shorter than the lease: nobody takes a room over
    os.kill(redis_server.proc.pid, signal.SIGCONT)
    v0, t0 = _versions(rooms), time.monotonic()
    moved = await wait_moved_on(rooms, t0, v0, 20)
    await wait_played(probers(rooms))                   # and plays on after the heal
    await stop_all(rooms)
    t = totals(rooms)
    closes = sum(len(p["a"].close_codes) + len(p["b"].close_codes) for p in rooms)
    record("Redis frozen 2 s (SIGSTOP), 10 rooms", all_rooms_moved_on_s=moved, actions=t["sent"], lost=t["lost"],
           resyncs=t["resyncs"], socket_closes=closes, codes=t["codes"])
    assert moved is not None and t["lost"] == 0 and closes == 0
    assert t["codes"].get("rate_limited", 0) == 0
    assert t["owner_side_resyncs"] == 0 and t["max_resyncs_per_conn"] <= 1, t


async def test_redis_closing_idle_connections_is_not_an_outage(pair):
    redis_server, p1, p2 = pair
    rooms = await open_rooms(p1, p2, 3, pace=3.0)     # slower than Redis's idle timeout: pooled connections idle out
    r = redis_server.client()
    before = [p.metric("berserk_redis_errors_total") for p in (p1, p2)]
    r.config_set("timeout", 1)
    try:
        await asyncio.sleep(7)
        errors = [p.metric("berserk_redis_errors_total") - e for p, e in zip((p1, p2), before)]
        healthy = [p.health() for p in (p1, p2)]
    finally:
        r.config_set("timeout", 0)
    await stop_all(rooms)
    t = totals(rooms)
    record("Redis idle timeout 1 s, 3 rooms acting every 4 s", actions=t["sent"], lost=t["lost"],
           redis_errors=errors, codes=t["codes"])
    assert t["sent"] > 0 and t["lost"] == 0 and healthy == [200, 200]
    assert t["codes"].get("unavailable", 0) == 0


async def test_a_redis_restart_heals_every_room_and_loses_no_action(pair):
    redis_server, p1, p2 = pair
    rooms = await open_rooms(p1, p2, ROOMS)
    await wait_played([r["b"] for r in rooms])          # every room plays through its relay
    redis_server.stop()
    await asyncio.sleep(1.0)                       # actions meanwhile are answered "unavailable"
    redis_server.start()                           # same port, empty (no persistence): owners store everything again
    v0, t0 = _versions(rooms), time.monotonic()
    heal = await asyncio.gather(*(wait_metric(p, "berserk_redis_reconnects_total", 0, 10) for p in (p1, p2)))
    moved = await wait_moved_on(rooms, t0, v0, 20)
    assert moved is not None, _stuck(rooms, t0, v0)
    for p in (p1, p2):
        await wait_healthy(p, 10)
    gap = max(p.metric("berserk_redis_resubscribe_seconds") for p in (p1, p2))
    await wait_played(probers(rooms))                   # and plays on after the heal
    await stop_all(rooms)
    t = totals(rooms)
    record("Redis restart (1 s down, data lost), 50 rooms", subscription_lost_s=gap, all_rooms_moved_on_s=moved,
           actions=t["sent"], lost=t["lost"], resyncs=t["resyncs"], codes=t["codes"])
    assert None not in heal and moved is not None
    assert t["lost"] == 0 and t["codes"].get("rate_limited", 0) == 0 and not t["crashed"], t
    # storing the rooms anew after the data loss moves no version: nobody is resynced for it
    assert t["owner_side_resyncs"] == 0 and t["max_resyncs_per_conn"] <= 1, t

"""Chaos: the owner process of live rooms fails, at the default lease (5 s, renewed every
second). Rooms are owned by process 1, seat 1 plays there (falling back to process 2), seat 2 through process 2.
Checked: every action answered, every acknowledged action in the stored log at its version, the figures recorded.
"""
from __future__ import annotations

import time

from tests.chaos.probe import record
from tests.chaos.rooms import (assert_acknowledged_kept, open_rooms, stop_all, totals, wait_moved_on,
                               wait_played, wait_takeovers)

ROOMS = 5


def _versions(rooms):
    return {r["room"]: r["b"].v for r in rooms}


async def _fail_owner(cluster, redis_server, how: str, scenario: str, **settings):
    p1, p2 = cluster(2, **settings)
    rooms = await open_rooms(p1, p2, ROOMS, pace=0.3)
    await wait_played([r["b"] for r in rooms], 2)       # every room plays through its relay
    v0, t0 = _versions(rooms), time.monotonic()
    if how == "kill":
        p1.kill()
    elif how == "term":
        p1.proc.terminate()
    else:
        p1.pause()
    takeover = await wait_takeovers(p2, ROOMS, 30)
    if how == "stop":
        p1.resume()      # the old owner wakes up: fenced, it writes nothing and drops its clients (1012); seat 1,
                         # stuck on it meanwhile, reconnects to process 2
    moved = await wait_moved_on(rooms, t0, v0, 30)
    if moved is not None:
        await wait_played([r[k] for r in rooms for k in ("a", "b")], 2)     # both seats play on with the new owner
    await stop_all(rooms)
    t = totals(rooms)
    kept = assert_acknowledged_kept(rooms, redis_server.client())
    record(scenario, takeover_s=takeover, all_rooms_moved_on_s=moved, actions=t["sent"], lost=t["lost"],
           acknowledged_kept=kept, resyncs=t["resyncs"], codes=t["codes"])
    assert takeover is not None and moved is not None
    assert t["lost"] == 0 and t["codes"].get("rate_limited", 0) == 0 and not t["crashed"], t["crashed"]
    return p1, p2, rooms


async def test_kill_9_of_the_owner_is_taken_over_without_waiting_for_the_lease(cluster, redis_server):
    await _fail_owner(cluster, redis_server, "kill", f"kill -9 of the owner, {ROOMS} rooms, lease 5 s")


async def test_sigterm_of_the_owner_hands_its_rooms_over(cluster, redis_server):
    p1, _, rooms = await _fail_owner(cluster, redis_server, "term", f"SIGTERM of the owner, {ROOMS} rooms")
    assert all(1012 in r["a"].close_codes for r in rooms)


async def test_an_owner_stalled_past_its_lease_is_fenced_when_it_wakes(cluster, redis_server):
    p1, p2, rooms = await _fail_owner(cluster, redis_server, "stop",
                                      f"owner stalled (SIGSTOP) past its 5 s lease, {ROOMS} rooms")
    assert p1.metric("berserk_redis_fenced_total") >= ROOMS

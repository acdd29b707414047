"""The Redis bus under many rooms, in one process against a real redis-server (docs/scaling.md "Under load").

Timing goals live in bench/server_latency.py; these tests assert only the behaviours that broke at 500 rooms: more
concurrent commands than the connection pool holds are not an outage, and one watchdog renewal renews every owned
lease not confirmed within the renewal interval (and fences exactly the rooms whose lease another process holds).
A lease a write confirmed within the interval is left to the next round."""
from __future__ import annotations

import asyncio

from server.bus.redis import keys as K
from server.bus.redis import POOL_SIZE


ROOMS = 150


def age_confirmations(bus, seconds: float) -> None:
    """Make every owned lease look last confirmed ``seconds`` earlier than it was."""
    for own in bus.mailbox.owned.values():
        own.confirmed -= seconds


async def test_more_concurrent_commands_than_the_pool_holds_wait_instead_of_reporting_an_outage(bus):
    n = 3 * POOL_SIZE + 100
    results = await asyncio.gather(*(bus.store.load(f"room{i}") for i in range(n)))
    assert results == [None] * n
    assert bus.fault() is None
    assert bus.link.stats["errors"] == 0


async def test_one_renewal_restores_the_full_ttl_of_every_owned_lease(bus, redis_server):
    rooms = [f"room{i}" for i in range(ROOMS)]
    for room in rooms:
        await bus.mailbox.open_inbox(room)
    r = redis_server.client()
    for room in rooms:
        r.pexpire(K.lease(room), 2000)
    age_confirmations(bus, bus.link.renew_s)
    await bus.mailbox.renew_all()
    ttls = [r.pttl(K.lease(room)) for room in rooms]
    assert min(ttls) > 20000
    assert [r.get(K.lease(room)).decode() for room in rooms] == [bus.mailbox.owned[room].token for room in rooms]
    assert bus.link.stats["fenced"] == 0


async def test_renewal_fences_only_the_rooms_whose_lease_another_process_holds(bus, redis_server):
    rooms = [f"room{i}" for i in range(ROOMS)]
    for room in rooms:
        await bus.mailbox.open_inbox(room)
    r = redis_server.client()
    r.set(K.lease(rooms[7]), "otherprocess:99", px=30000)
    age_confirmations(bus, bus.link.renew_s)
    await bus.mailbox.renew_all()
    assert [room for room in rooms if bus.mailbox.owned[room].fenced] == [rooms[7]]
    assert r.get(K.lease(rooms[7])) == b"otherprocess:99"


async def test_renewal_leaves_a_lease_confirmed_within_the_interval_to_the_next_round(bus, redis_server):
    rooms = ["fresh", "stale"]
    for room in rooms:
        await bus.mailbox.open_inbox(room)
    r = redis_server.client()
    for room in rooms:
        r.pexpire(K.lease(room), 2000)
    bus.mailbox.owned["stale"].confirmed -= bus.link.renew_s
    await bus.mailbox.renew_all()
    assert r.pttl(K.lease("fresh")) <= 2000
    assert r.pttl(K.lease("stale")) > 2000

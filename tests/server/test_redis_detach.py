"""A relayed connection's departure (``Detach``) reaches its room's owner over Redis even when Redis was
unreachable at the moment the connection closed (docs/scaling.md "Relays"): the relay keeps it and sends it again
once Redis answers, so the owner keeps no ghost connection (a seat that reads connected, never away)."""
from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

import pytest

from server.bus import BusError
from server.bus import messages as m
from server.bus.redis import RedisBus


async def _started(url: str) -> RedisBus:
    b = RedisBus(url, SimpleNamespace(lease_ttl=30.0, lease_renew=0.1, orphan_sweep=1000.0, redis_key_ttl=3600.0))
    await b.start()
    return b


@pytest.fixture
async def owner_and_relay(redis_server):
    """Two processes' buses: ``(owner, relay)``, the owner's watchdog and the relay's every 0.1 s."""
    owner, relay = await _started(redis_server.url), await _started(redis_server.url)
    yield owner, relay
    await relay.close()
    await owner.close()


async def _next(inbox, kind, timeout=15.0):
    """The next ``kind`` message of ``inbox`` (others skipped: the owner's own ``BackendBack``), None after
    ``timeout`` s without one."""
    while (msg := await inbox.get(timeout)) is not None:
        if isinstance(msg, kind):
            return msg
    return None


async def test_a_detach_sent_while_redis_is_down_reaches_the_owner_once_redis_is_back(owner_and_relay, redis_server):
    owner, relay = owner_and_relay
    inbox = await owner.mailbox.open_inbox("r1")
    conn = f"{relay.process_id}:1"
    await relay.mailbox.send("r1", m.Attach(conn, None))
    assert (await _next(inbox, m.Attach)).conn == conn
    redis_server.stop()
    with contextlib.suppress(BusError):       # as the websocket handler sends it (server/ws.py)
        await relay.mailbox.send("r1", m.Detach(conn))
    redis_server.start()                      # same port, empty: the owner stores its room again
    detach = await _next(inbox, m.Detach)
    assert detach is not None and detach.conn == conn


async def test_a_departure_from_a_room_nobody_holds_is_not_kept(owner_and_relay):
    """No lease, Redis answering all along: no process can hold the connection, so nothing is kept to send again."""
    _, relay = owner_and_relay
    await relay.mailbox.send("gone", m.Detach(f"{relay.process_id}:2"))
    assert relay.mailbox.detaches == {}


async def test_a_dead_relays_connection_is_detached_only_once_redis_has_recovered(owner_and_relay, redis_server):
    """The relay dies while Redis is down, and Redis comes back empty: every process re-subscribes then, so a missing
    subscriber proves nothing while Redis recovers (``RedisLink.recovering``). The owner detaches the relay's
    connection only afterwards (mailbox.py ``expire_dead_relays``)."""
    owner, relay = owner_and_relay
    inbox = await owner.mailbox.open_inbox("r1")
    conn = f"{relay.process_id}:1"
    await relay.mailbox.send("r1", m.Attach(conn, None))
    assert (await _next(inbox, m.Attach)).conn == conn
    rounds: list[tuple[bool, bool]] = []     # after each watchdog round: (Redis recovering, the connection kept)

    async def look() -> None:
        rounds.append((owner.link.recovering(), conn in owner.mailbox.relayed.get(relay.process_id, {})))
    owner.link.periodic.append(look)
    redis_server.stop()
    await relay.link.close()                 # the relay dies during the outage: it never re-subscribes
    redis_server.start()
    async with asyncio.timeout(40):          # the whole wait (_next waits anew after every other message)
        detach = await _next(inbox, m.Detach)
    assert detach is not None and detach.conn == conn
    assert any(recovering for recovering, _ in rounds)                  # the watchdog ran while Redis recovered,
    assert all(kept for recovering, kept in rounds if recovering)       # and detached nothing then
